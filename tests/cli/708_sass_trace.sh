# SASS traces (docs/traces.md): ccgpu's own PTX runs written as Accel-Sim
# traces (ccgpu_sass_trace_out) and replayed with trace-run under gto, lrr,
# swl:2 and ccws give the PTX run's warp instructions, executing thread
# instructions, global/shared loads, stores and atomics, barriers and memory
# accesses (L1 requests, L1D accesses, shared, constant and bypass
# accesses); malformed command lists and traces fail with one line naming
# file and line; a trace with an implausible -nregs warns and runs; the .xz
# form reads through xz -dc, also with CTA policies that place CTAs out of
# file order; the per-line form of versions 1-2 is grouped.
. "$(dirname "$0")/lib.sh"
root=$(cd "$(dirname "$0")/../.." && pwd)
cfg="$root/configs/ccws.cfg"
keys="warp_instructions thread_instructions_exec warp_loads.global warp_stores.global
warp_atomics.global warp_loads.shared warp_stores.shared warp_atomics.shared barriers
ldst.l1_requests l1d.accesses ldst.smem_accesses ldst.const_accesses ldst.bypass_requests"
# same NAME A.json B.json: every key equal in the totals of both
same() {
    python3 - "$2" "$3" $keys <<'PY'
import json, sys
a = json.load(open(sys.argv[1]))["total"]; b = json.load(open(sys.argv[2]))["total"]
bad = [f"{k} {a.get(k)} != {b.get(k)}" for k in sys.argv[3:] if a.get(k) != b.get(k)]
if bad: print("; ".join(bad)); sys.exit(1)
PY
}
for bench in bfs spmv matmul hotspot gc; do
    for sched in gto lrr swl:2 ccws; do
        d="$tmpdir/$bench-${sched/:/_}"
        if ! "$CCGPU" run "$bench" --config "$cfg" -o "gpgpu_scheduler=$sched" \
                -o "ccgpu_sass_trace_out=$d" --json "$d.ptx.json" --quiet >/dev/null 2>"$d.err"; then
            failed=$((failed + 1)); echo "FAIL trace_write $bench $sched: $(head -1 "$d.err")"; continue
        fi
        if ! "$CCGPU" trace-run "$d/kernelslist.g" --config "$cfg" --sched "$sched" \
                --json "$d.trace.json" --quiet >/dev/null 2>"$d.err"; then
            failed=$((failed + 1)); echo "FAIL trace_run $bench $sched: $(head -1 "$d.err")"; continue
        fi
        if msg=$(same "$bench $sched" "$d.ptx.json" "$d.trace.json"); then
            passed=$((passed + 1))
        else
            failed=$((failed + 1)); echo "FAIL trace_counts $bench $sched: $msg"
        fi
    done
done

# the .xz form: the same statistics through xz -dc
if command -v xz >/dev/null; then
    d="$tmpdir/bfs-gto"
    mkdir -p "$tmpdir/xz"
    sed 's/\.traceg$/.traceg.xz/' "$d/kernelslist.g" >"$tmpdir/xz/kernelslist.g"
    for f in "$d"/kernel-*.traceg; do xz -c "$f" >"$tmpdir/xz/$(basename "$f").xz"; done
    expect_ok trace_xz "$CCGPU" trace-run "$tmpdir/xz/kernelslist.g" --config "$cfg" \
        --json "$tmpdir/xz.json" --quiet
    if msg=$(same xz "$tmpdir/xz.json" "$d.trace.json") && cmp -s "$tmpdir/xz.json" "$d.trace.json"; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1)); echo "FAIL trace_xz_same: $msg"
    fi
    # CTA policies see the trace's CTAs: out of file order, a plain trace is
    # read again from the CTA's offset, an .xz one holds the CTAs passed over
    for cs in random:7 cluster; do
        expect_ok "trace_cta_$cs" "$CCGPU" trace-run "$d/kernelslist.g" --config "$cfg" \
            -o "ccgpu_cta_sched=$cs" --json "$tmpdir/cs.json" --quiet
        expect_ok "trace_cta_${cs}_xz" "$CCGPU" trace-run "$tmpdir/xz/kernelslist.g" --config "$cfg" \
            -o "ccgpu_cta_sched=$cs" --json "$tmpdir/csxz.json" --quiet
        if cmp -s "$tmpdir/cs.json" "$tmpdir/csxz.json" && ! cmp -s "$tmpdir/cs.json" "$d.trace.json"; then
            passed=$((passed + 1))
        else
            failed=$((failed + 1)); echo "FAIL trace_cta_${cs}_same: plain and .xz differ, or the policy changed nothing"
        fi
    done
    printf 'not xz data' >"$tmpdir/xz/kernel-1.traceg.xz"
    expect_fail trace_xz_bad 'kernel-1.traceg.xz.*xz' \
        "$CCGPU" trace-run "$tmpdir/xz/kernelslist.g" --config "$cfg" --quiet
fi

# trace version 2: records prefixed with CTA and warp, interleaved across
# warps, grouped on reading: the same statistics as the grouped trace
d="$tmpdir/gc-gto"
mkdir -p "$tmpdir/v2"
python3 - "$d/kernel-1.traceg" "$tmpdir/v2/kernel-1.traceg" <<'PY'
import sys
hdr, recs, cta, warp = [], [], None, None
for l in open(sys.argv[1]).read().split("\n"):
    if l.startswith("-"): hdr.append(l.replace("tracer version = 5", "tracer version = 2"))
    elif l.startswith("thread block"): cta = l.split("=")[1].strip().replace(",", " ")
    elif l.startswith("warp ="): warp = l.split("=")[1].strip()
    elif l.strip() and not l.startswith(("insts", "#")): recs.append(f"{cta} {warp} {l}")
by = {}
for r in recs: by.setdefault(tuple(r.split()[:4]), []).append(r)
out, keys = [], list(by)
while keys:  # round-robin over warps, each in its own order
    for k in list(keys):
        out.append(by[k].pop(0))
        if not by[k]: keys.remove(k)
open(sys.argv[2], "w").write("\n".join(hdr) + "\n\n" + "\n".join(out) + "\n")
PY
printf 'kernel-1.traceg\n' >"$tmpdir/v2/kernelslist.g"
printf 'kernel-1.traceg\n' >"$d/one.g"
expect_ok trace_v2 "$CCGPU" trace-run "$tmpdir/v2/kernelslist.g" --config "$cfg" --json "$tmpdir/v2.json" --quiet
expect_ok trace_v2_ref "$CCGPU" trace-run "$d/one.g" --config "$cfg" --json "$tmpdir/v2ref.json" --quiet
if cmp -s "$tmpdir/v2.json" "$tmpdir/v2ref.json"; then passed=$((passed + 1))
else failed=$((failed + 1)); echo "FAIL trace_v2_same: the per-line form's statistics differ"; fi

# malformed input: one line naming the file and line
t="$tmpdir/bad"
mkdir -p "$t"
printf 'MemcpyHtoD,0x100,64\nkernel-1.traceg\n' >"$t/kernelslist.g"
hdr='-kernel name = k\n-grid dim = (1,1,1)\n-block dim = (32,1,1)\n-shmem = 0\n-nregs = 8\n-binary version = 70\n-accelsim tracer version = 5\n\n'
printf -- "$hdr#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = 2\n0000 ffffffff 1 R1 IADD3 0 0 0\n" >"$t/kernel-1.traceg"
expect_fail trace_size_refused 'trace-run: --size: not an option of trace-run' "$CCGPU" trace-run "$t/kernelslist.g" --size medium
expect_fail trace_truncated 'kernel-1.traceg:[0-9]+: truncated' "$CCGPU" trace-run "$t/kernelslist.g" --quiet
printf -- "$hdr#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = 3\n0000 ffffffff 1 R1 IADD3 0 0 0\n0010 ffffffff 0 EXIT 0 0 0\n#END_TB\n" >"$t/kernel-1.traceg"
expect_fail trace_bad_count 'kernel-1.traceg:[0-9]+: warp 0 has 2 instructions' "$CCGPU" trace-run "$t/kernelslist.g" --quiet
printf -- "$hdr#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = 1\n0000 0000000f 1 R1 LDG.E 1 R2 4 0 0x100 0x104\n#END_TB\n" >"$t/kernel-1.traceg"
expect_fail trace_bad_addresses 'kernel-1.traceg:[0-9]+: expected 4 hexadecimal addresses .* got 2' "$CCGPU" trace-run "$t/kernelslist.g" --quiet
printf -- "$hdr#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = 1\n0000 ffffffff 1 R1 LDG.E 1 R2 4 1 0xfffffffffffffff0 16 0\n#END_TB\n" >"$t/kernel-1.traceg"
expect_fail trace_address_overflow 'kernel-1.traceg:[0-9]+: base .* leaves the 64-bit address space' "$CCGPU" trace-run "$t/kernelslist.g" --quiet
printf -- "$hdr#BEGIN_TB\nthread block = 3,0,0\n" >"$t/kernel-1.traceg"
expect_fail trace_bad_cta 'outside the grid' "$CCGPU" trace-run "$t/kernelslist.g" --quiet
printf 'MemcpyHtoD,0x100\n' >"$t/kernelslist.g"
expect_fail trace_bad_list 'kernelslist.g:1: expected MemcpyHtoD' "$CCGPU" trace-run "$t/kernelslist.g" --quiet
printf 'launch foo\n' >"$t/kernelslist.g"
expect_fail trace_bad_command 'kernelslist.g:1: .* is neither' "$CCGPU" trace-run "$t/kernelslist.g" --quiet
expect_fail trace_no_list 'nosuch.g' "$CCGPU" trace-run "$t/nosuch.g" --quiet
printf 'kernel-1.traceg\n' >"$t/kernelslist.g"
printf -- '%b' "${hdr/binary version = 70/binary version = 61}" >"$t/kernel-1.traceg"
expect_fail trace_no_table 'binary version = 61 has no opcode table' "$CCGPU" trace-run "$t/kernelslist.g" --quiet
expect_fail trace_bad_arch "unknown SASS architecture 'pascal'" "$CCGPU" trace-run "$t/kernelslist.g" --sass-arch pascal --quiet

# NVBit-style lines of a Hopper trace: uniform-datapath and tensor opcodes,
# a 128-bit load with deltas, an LDGSTS, a TMA load (its own address list,
# not read), a generic load resolved to shared memory, the immediate field
printf 'kernel-1.traceg\n' >"$t/kernelslist.g"
printf -- "${hdr/binary version = 70/binary version = 90}" >"$t/kernel-1.traceg"
sed -i 's/shmem = 0/shmem base_addr = 0x00007efeb0000000\n-local mem base_addr = 0x00007efeb2000000/' "$t/kernel-1.traceg"
d16=$(printf ' 16%.0s' $(seq 31))
cat >>"$t/kernel-1.traceg" <<EOF
#BEGIN_TB

thread block = 0,0,0
cluster id = 0,0,0

warp = 0
insts = 9
0000 ffffffff 1 R1 IMAD.MOV.U32 2 R255 R255 0 0
0010 ffffffff 0 ULDC.64 0 0 0
0020 ffffffff 1 R24 LDG.E.128.CONSTANT.SYS 1 R44 16 2 0x7efe7b60c300$d16 0
0030 ffffffff 0 LDGSTS.E.BYPASS.128 2 R2 R3 16 1 0x7efe7b60d000 16 0
0040 00000001 0 UTMALDG.2D 2 R4 R5 128 0 2 0x7efe7b60e000 0x7efe7b60f000 0
0050 ffffffff 1 R6 LD.E 1 R2 4 1 0x7efeb0000100 4 0
0060 ffffffff 1 R8 HGMMA.64x64x16.F32 2 R6 R24 0 0
0070 ffffffff 0 BAR.SYNC.DEFER_BLOCKING 0 0 0
0080 ffffffff 0 EXIT 0 0 0

#END_TB
EOF
expect_ok trace_hopper "$CCGPU" trace-run "$t/kernelslist.g" --stats all
if grep -qE '^  warp_instructions +9$' "$tmpdir/out" && grep -qE '^  warp_loads.global +2$' "$tmpdir/out" &&
   grep -qE '^  warp_loads.shared +1$' "$tmpdir/out" && ! grep -q unknown_opcodes "$tmpdir/out" &&
   [ ! -s "$tmpdir/err" ]; then
    passed=$((passed + 1))
else
    failed=$((failed + 1)); echo "FAIL trace_hopper_counts:"; cat "$tmpdir/err"; grep -E 'warp_(inst|loads)' "$tmpdir/out"
fi

# implausible -nregs: a warning and the run completes; an unknown opcode is named
printf -- "${hdr/nregs = 8/nregs = 21955}#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = 3\n0000 ffffffff 1 R1 FOOBAR 0 0 0\n0010 ffffffff 1 R2 IADD3 1 R1 0 0\n0020 ffffffff 0 EXIT 0 0 0\n#END_TB\n" >"$t/kernel-1.traceg"
expect_ok trace_nregs "$CCGPU" trace-run "$t/kernelslist.g" --stats all
if grep -q 'nregs = 21955 is implausible' "$tmpdir/err" && grep -q 'FOOBAR (1)' "$tmpdir/err" &&
   grep -qE '^  trace.unknown_opcodes +1$' "$tmpdir/out" && grep -qE '^  warp_instructions +3$' "$tmpdir/out"; then
    passed=$((passed + 1))
else
    failed=$((failed + 1)); echo "FAIL trace_nregs_warning:"; cat "$tmpdir/err"
fi
summary
