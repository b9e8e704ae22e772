#!/usr/bin/env bash
# Accel-Sim's public sample trace (accel-sim-framework traces/my_app: one
# PyTorch pow kernel, 55 CTAs of 4 warps, NVBit tracer version 5; BSD-2,
# kept with its licence in ../shared/data/accelsim-sample, not in this
# repository) replays to completion: warp instructions and memory
# instructions equal to the trace's own counts, and the L1 stream (every
# line request, read or write, with its lanes) equal to what the trace's
# address lists expand to. Its header has `-binary version = 0` and
# `-nregs = 21955`: without --sass-arch it fails with one line naming the
# version; with it, the register count is warned about and replaced.
. "$(dirname "$0")/lib.sh"
root=$(cd "$(dirname "$0")/../.." && pwd)
sample=${CCGPU_SAMPLE_TRACE:-$root/../shared/data/accelsim-sample}
[ -f "$sample/kernelslist.g" ] ||
    skip_all "accelsim-sample: no sample trace at $sample (../shared/data/accelsim-sample; CCGPU_SAMPLE_TRACE names another)"
command -v python3 >/dev/null || skip_all "accelsim-sample: python3 not found"
cfg="$root/configs/ccws.cfg"

expect_fail sample_needs_arch "binary version = 0 has no opcode table" \
    "$CCGPU" trace-run "$sample/kernelslist.g" --config "$cfg" --quiet

for sched in gto lrr swl:2 ccws; do
    d="$tmpdir/${sched/:/_}"
    if ! "$CCGPU" trace-run "$sample/kernelslist.g" --config "$cfg" --sass-arch volta --sched "$sched" \
            -o "ccgpu_trace_l1=$d.l1" --json "$d.json" --quiet >/dev/null 2>"$d.err"; then
        failed=$((failed + 1)); echo "FAIL sample_runs $sched: $(head -1 "$d.err")"; continue
    fi
    if grep -q "nregs = 21955 is implausible" "$d.err"; then passed=$((passed + 1))
    else failed=$((failed + 1)); echo "FAIL sample_nregs_warning $sched: $(head -1 "$d.err")"; fi
    "$CCGPU" cachesim "$d.l1" --dump >"$d.dump" 2>&1
    # the trace's own counts and line requests against the run's
    if out=$(python3 - "$sample" "$d.json" "$d.dump" <<'PY'
import collections, hashlib, json, os, sys
sample, js, dump = sys.argv[1:4]
published = "1ebe3ec40647a0d3226ad1b8e7a0d2abef90a348b5bb65d8a044af4701589030"
sha = ""
insts = mem = 0
want = collections.Counter()
for name in open(os.path.join(sample, "kernelslist.g")).read().split():
    if not name.endswith(".traceg"):
        continue
    sha = hashlib.sha256(open(os.path.join(sample, name), "rb").read()).hexdigest()
    for line in open(os.path.join(sample, name)):
        f = line.split()
        if len(f) >= 2 and f[0] == "insts" and f[1] == "=":
            insts += int(f[2])
        if not f or f[0].startswith(("#", "-")) or "=" in line or len(f) < 5:
            continue
        # PC mask ndst dsts... opcode nsrc srcs... width [mode addresses...] imm
        i = 3 + int(f[2])
        op = f[i]
        i += 2 + int(f[i + 1])
        width = int(f[i])
        if width == 0:
            continue
        mem += 1
        mask, mode = int(f[1], 16), int(f[i + 1])
        if mode != 1:
            sys.exit(f"address mode {mode} not expected in the sample")
        base, stride = int(f[i + 2], 16), int(f[i + 3])
        lines = collections.defaultdict(int)
        for lane in range(32):
            if mask >> lane & 1:
                a = base + lane * stride
                for b in range(a // 128, (a + width - 1) // 128 + 1):
                    lines[b] |= 1 << lane
        rw = "w" if op.startswith("ST") else "r"
        for b, m in lines.items():
            want[(b, rw, m)] += 1
got = collections.Counter()
for line in open(dump):
    f = line.split()
    if f and not f[0].startswith("#"):
        got[(int(f[1], 16), f[2], int(f[3], 16))] += 1
t = json.load(open(js))["total"]
bad = []
if t.get("warp_instructions") != insts:
    bad.append(f"warp instructions {t.get('warp_instructions')} != trace {insts}")
if t.get("trace.mem_instructions") != mem:
    bad.append(f"memory instructions {t.get('trace.mem_instructions')} != trace {mem}")
if got != want:
    bad.append(f"L1 line requests: {sum((got - want).values())} not in the trace, "
               f"{sum((want - got).values())} of the trace's missing")
if sha != published:
    bad.append(f"the sample is not the published one (sha256 {sha[:16]}...)")
print("; ".join(bad))
sys.exit(1 if bad else 0)
PY
    ); then passed=$((passed + 1))
    else failed=$((failed + 1)); echo "FAIL sample_counts $sched: $out"; fi
done
summary
