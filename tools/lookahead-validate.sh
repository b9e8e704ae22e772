#!/usr/bin/env bash
# The lookahead mode against the exact model (docs/parallel.md): every
# benchmark on configs/ccws.cfg with gto, lrr, ccws and swl:2, once as the
# config has it (the exact model) and once with KEY=VALUE (such as
# ccgpu_sim_lookahead=4; or, for the model's own sensitivity as a
# yardstick, mem_icnt_latency=9); prints a markdown table of the
# differences in cycles, IPC and the L1/L2/DRAM counters (the mean over the
# four schedulers and, in brackets, the largest, %) and in each policy's
# speed-up over gto (cycles_gto / cycles_policy, % of the exact speed-up),
# then a summary line (the figures of docs/parallel.md's table).
# THREADS=N runs the KEY=VALUE runs with --threads N; SCHEDS="gto ccws"
# limits the schedulers (the first is the speed-ups' base).
# BAND="mem_icnt_latency=7 mem_icnt_latency=9 ..." also runs the exact model
# with each of those settings (small changes of its own timing) and prints
# each run's band: the range of the exact model's own cycles and speed-ups
# under them, and whether the KEY=VALUE run lies within 3% (speed-ups 2%)
# or within that band; then a second summary line (band:).
# KEEP=DIR writes each run's statistics JSON there as it finishes
# (BENCH.SCHED.exact.json, BENCH.SCHED.KEY=VALUE.json) and reuses the runs
# DIR already holds: an interrupted validation resumes, and another
# KEY=VALUE or BAND runs only what it adds.
#   tools/lookahead-validate.sh BUILD SIZE KEY=VALUE [JOBS] [BENCH...]
set -euo pipefail
[ $# -ge 3 ] || { echo "usage: $0 BUILD SIZE KEY=VALUE [JOBS] [BENCH...]" >&2; exit 2; }
build=$1 size=$2 look=$3 jobs=${4:-2}
shift $(( $# >= 4 ? 4 : 3 ))
cd "$(dirname "$0")/.."
ccgpu="$build/ccgpu"
[ -x "$ccgpu" ] || { echo "lookahead-validate: $ccgpu not built" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
dir=$tmp
if [ -n "${KEEP:-}" ]; then mkdir -p "$KEEP" && dir=$(cd "$KEEP" && pwd); fi
benches=${*:-$("$ccgpu" list | awk '/^[a-z]/{print $1}')}
scheds=${SCHEDS:-gto lrr ccws swl:2}
band=(${BAND:-})
for b in $benches; do for s in $scheds; do for v in exact "$look" "${band[@]}"; do
    [ -s "$dir/$b.$s.$v.json" ] || echo "$b $s $v"; done; done; done | sort -u >"$tmp/runs"
# one run: the exact model as the config has it, or with one setting (the
# KEY=VALUE run on THREADS threads); its JSON written under a temporary
# name and renamed when complete
run_one() {
    local opt=() out="$dir/$1.$2.$3.json"
    [ "$3" = exact ] || opt=(-o "$3")
    [ "$3" != "$look" ] || opt+=(--threads "${THREADS:-1}")
    if "$ccgpu" run "$1" --size "$size" --config configs/ccws.cfg -o "gpgpu_scheduler=$2" \
        "${opt[@]}" --quiet --json "$out.part" >/dev/null 2>&1; then
        mv "$out.part" "$out"
    else
        rm -f "$out.part"
        echo "lookahead-validate: $1 $2 ${opt[*]} failed" >&2
    fi
}
export -f run_one
export ccgpu size dir look THREADS
xargs -r -P "$jobs" -L 1 bash -c 'run_one "$0" "$1" "$2"' <"$tmp/runs"
python3 - "$dir" "$scheds" "$look" "${BAND:-}" $benches <<'EOF'
import json, os, sys
tmp, scheds, look, band, benches = (sys.argv[1], sys.argv[2].split(), sys.argv[3],
                                   sys.argv[4].split(), sys.argv[5:])
nband = len(band)
keys = [("cycles", "cycles"), ("IPC", None), ("L1 misses", "l1d.misses"),
        ("L2 hits", "l2.hits"), ("L2 misses", "l2.misses"), ("DRAM reads", "dram.reads")]
def load(b, s, l):
    p = os.path.join(tmp, "%s.%s.%s.json" % (b, s, l))
    return json.load(open(p))["total"] if os.path.exists(p) else None
def rel(a, b):
    return 0.0 if a == b else (100.0 * (b - a) / a if a else float("inf"))
def speedup_diff(base, run, s):  # % of base's speed-up of s over the first scheduler
    se = base[scheds[0]]["cycles"] / base[s]["cycles"]
    return 100.0 * (run[scheds[0]]["cycles"] / run[s]["cycles"] - se) / se
print("| benchmark | " + " | ".join(k for k, _ in keys) + " | speed-ups " + " / ".join(scheds[1:]) + " |")
print("|---|" + "---|" * len(keys) + "---|")
worst = {k: 0.0 for k, _ in keys}
# the summary line: cycles' |mean over the schedulers| and largest per
# benchmark (their means over benchmarks) and the runs beyond 3%; the
# speed-ups' mean |difference| and those beyond 2%
cyc_mean, cyc_big, cyc_over, runs, sp_all = [], [], 0, 0, []
# The band: each run's difference against the exact model's own range
# under the BAND settings (0 included); a run is outside when it is beyond
# 3% (a speed-up beyond 2%) and outside that range.
band_rows, cyc_out, sp_out, band_runs, band_sp = [], 0, 0, 0, 0
for b in benches:
    ex = {s: load(b, s, "exact") for s in scheds}
    la = {s: load(b, s, look) for s in scheds}
    if any(v is None for v in list(ex.values()) + list(la.values())):
        print("| %s | (a run failed) |" % b)
        continue
    cells = []
    for name, k in keys:
        d = []
        for s in scheds:
            if k is None:  # IPC = warp instructions / cycle
                a = ex[s]["warp_instructions"] / ex[s]["cycles"]
                c = la[s]["warp_instructions"] / la[s]["cycles"]
            else:
                a, c = ex[s].get(k, 0), la[s].get(k, 0)
            d.append(rel(a, c))
        big = max(d, key=abs)
        worst[name] = max(worst[name], abs(big))
        if name == "cycles":
            cyc_d = d
            cyc_mean.append(abs(sum(d) / len(d)))
            cyc_big.append(abs(big))
            cyc_over += sum(abs(x) > 3 for x in d)
            runs += len(d)
        cells.append("%+.2f (%+.2f)" % (sum(d) / len(d), big))
    sp = [speedup_diff(ex, la, s) for s in scheds[1:]]
    sp_all += [abs(x) for x in sp]
    print("| %s | %s | %s |" % (b, " | ".join(cells), " / ".join("%+.2f" % x for x in sp)))
    pe = [{s: load(b, s, v) for s in scheds} for v in band]
    if not nband or any(v is None for p in pe for v in p.values()):
        continue
    for s, d in zip(scheds, cyc_d):
        bd = [0.0] + [rel(ex[s]["cycles"], p[s]["cycles"]) for p in pe]
        out = abs(d) > 3 and not min(bd) <= d <= max(bd)
        band_runs += 1
        cyc_out += out
        if abs(d) > 3:
            band_rows.append("%s %s: cycles %+.2f%%, band %+.2f%% .. %+.2f%%%s" %
                             (b, s, d, min(bd), max(bd), " OUTSIDE" if out else ""))
    for s, d in zip(scheds[1:], sp):
        bd = [0.0] + [speedup_diff(ex, p, s) for p in pe]
        out = abs(d) > 2 and not min(bd) <= d <= max(bd)
        band_sp += 1
        sp_out += out
        if abs(d) > 2:
            band_rows.append("%s %s over %s: speed-up %+.2f%%, band %+.2f%% .. %+.2f%%%s" %
                             (b, s, scheds[0], d, min(bd), max(bd), " OUTSIDE" if out else ""))
print("| largest difference | " + " | ".join("%.2f" % worst[k] for k, _ in keys) +
      " | %.2f |" % max(sp_all, default=0.0))
if band_rows:
    print("\nruns beyond 3% (speed-ups 2%) and the exact model's band:")
    for r in band_rows:
        print("  " + r)
if cyc_mean:
    print("\nsummary: cycles %.2f%% mean, %.2f%% mean largest, %d of %d runs beyond 3%%; "
          "speed-ups %.2f%% mean, %d of %d beyond 2%%; L2 misses %.2f%%, DRAM reads %.2f%% "
          "largest" % (sum(cyc_mean) / len(cyc_mean), sum(cyc_big) / len(cyc_big), cyc_over,
                       runs, sum(sp_all) / max(len(sp_all), 1), sum(x > 2 for x in sp_all),
                       len(sp_all), worst["L2 misses"], worst["DRAM reads"]))
if nband:
    print("band: %d of %d runs beyond 3%% of cycles and outside the exact model's band; "
          "%d of %d speed-ups beyond 2%% and outside it" % (cyc_out, band_runs, sp_out, band_sp))
EOF
