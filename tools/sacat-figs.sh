#!/bin/sh
# The SACAT paper's experiments (docs/sacat.md), one `ccgpu compare` each,
# writing OUT/figN.csv, OUT/figN.svg (gnuplot) and OUT/figN.txt (the table).
#   tools/sacat-figs.sh [OUT] [fig11|fig12|fig13|fig14|fig15|table3|fgcb|pcdep|all]
# Size: SIZE (medium) and CAP (gpgpu_max_insn, thread instructions,
# 10000000; the paper caps SYRK and GESUMMV at 100 M), JOBS runs at a time
# (1), niced (the machine is shared).
set -eu
OUT=${1:-out/sacat}
WHAT=${2:-all}
SIZE=${SIZE:-medium}
CAP=${CAP:-10000000}
CCGPU=${CCGPU:-build/ccgpu}
JOBS=${JOBS:-1}
mkdir -p "$OUT"
COMMON="--config configs/sacat-gtx480.cfg --size $SIZE -o gpgpu_max_insn=$CAP --jobs $JOBS"
# the suite's classes (ccgpu list): conflict, hcs, mcs, ci; matmul is the paper's MM
CONFLICT="syrk gesummv atax mvt conv2d stencil3d matmul"
THRASH="kmeans bfs spmv invidx memc gc sssp mesh"
STREAM="vecadd blackscholes reduction histogram nw"
run() {
    name=$1
    shift
    echo "== $name: $CCGPU compare $* $COMMON" | tee "$OUT/$name.txt"
    nice -n 10 "$CCGPU" compare "$@" $COMMON --csv "$OUT/$name.csv" --plot "$OUT/$name.svg" \
        >>"$OUT/$name.txt" 2>&1 || echo "($name: some runs failed, see $OUT/$name.txt)"
}
case $WHAT in all|fig11|fig12)
    # Fig. 11 (each technique alone and SACAT) and Fig. 12 (L1 reservation
    # failures, by reason, of the same runs, with DWT-CS + PRIC)
    run fig11 $CONFLICT $THRASH $STREAM --sched gto,fgcb,fgcb-acc,dwt,pric,dwt+pric,sacat,sacat-acc \
        --stat l1d.res_fail --stat l1d.res_fail_line_alloc --stat l1d.res_fail_mshr_entry \
        --stat l1d.res_fail_mshr_merge --stat l1d.res_fail_miss_queue \
        --stat sched.dwt_last_limit --stat bypass.l1_bypass_decisions
esac
case $WHAT in all|fig13)
    # Fig. 13: the contention set (fully streaming excluded) against CCWS
    # (Table 4: K 8, 16-entry 8-way VTA per warp, base 100) and MRPB
    run fig13 $CONFLICT $THRASH --sched gto,ccws,mrpb,dwt,sacat,sacat-acc --stat l1d.res_fail
esac
case $WHAT in all|fig14)
    # Fig. 14: PRIC (4-way) against 16/32/64-way and fully associative
    # L1s of the same 16 KB, one-cycle hit latency for all
    run fig14 $CONFLICT \
        --sched gto,lat1,pric-lat1,16way-lat1,32way-lat1,64way-lat1,fa-lat1 \
        --stat l1d.res_fail_line_alloc
esac
case $WHAT in all|fig15)
    # Fig. 15: 16/32/48 KB L1, baseline and SACAT, normalised to 16 KB
    # (the contention benchmarks where SACAT changes the 16 KB result)
    run fig15 syrk gesummv atax mvt conv2d kmeans spmv memc gc \
        --sched gto,sacat,base-32k,sacat-32k,base-48k,sacat-48k
esac
case $WHAT in all|table3)
    # Table 3: warps per scheduler chosen by SWT (the best of the static
    # per-scheduler limits swl:N:sched, every point in the CSV), DWT-CS (its
    # last settled limit), and CCWS's loadable warps
    run table3 kmeans spmv bfs invidx syrk gesummv \
        --sched gto,swl:1:sched,swl:2:sched,swl:3:sched,swl:4:sched,swl:6:sched,swl:8:sched,swl:12:sched,swl:16:sched,dwt,ccws \
        --stat sched.dwt_last_limit --stat sched.dwt_limit_sum --stat sched.dwt_thrashing \
        --stat sched.ccws.loadable_warp_cycles --stat sched.ccws.live_cycles
    # CCWS's range: cycles with k warps allowed to load (sched.ccws.loadable_k,
    # per SM, summed over SMs) -> 10th, 50th, 90th percentile and mean of k
    echo "bench,ccws_p10,ccws_p50,ccws_p90,ccws_mean" >"$OUT/table3-ccws.csv"
    for b in kmeans spmv bfs invidx syrk gesummv; do
        nice -n 10 "$CCGPU" run "$b" --config configs/sacat-gtx480.cfg --size "$SIZE" \
            -o gpgpu_max_insn="$CAP" -o gpgpu_scheduler=ccws --quiet --json "$OUT/ccws-$b.json" \
            >/dev/null 2>&1 || true
        python3 - "$b" "$OUT/ccws-$b.json" >>"$OUT/table3-ccws.csv" <<'PY'
import json, re, sys
t = json.load(open(sys.argv[2]))["total"]
h = sorted((int(re.match(r"\d+", k[len("sched.ccws.loadable_"):]).group()), v)
           for k, v in t.items() if re.match(r"sched\.ccws\.loadable_\d", k))
tot, acc, pct = sum(v for _, v in h), 0, {}
for k, v in h:
    acc += v
    for q in (10, 50, 90):
        if q not in pct and tot and acc >= q / 100 * tot:
            pct[q] = k
mean = sum(k * v for k, v in h) / tot if tot else 0
print("%s,%s,%s,%s,%.1f" % (sys.argv[1], pct.get(10, ""), pct.get(50, ""), pct.get(90, ""), mean))
PY
    done
    # the same under PRIC (baseline and all variants with ccgpu_l1_index
    # ipoly), where the conflict-bound benchmarks become thrashing ones
    run table3-pric syrk gesummv atax mvt \
        --sched gto,swl:1:sched,swl:2:sched,swl:3:sched,swl:4:sched,swl:6:sched,swl:8:sched,swl:12:sched,swl:16:sched,dwt -o ccgpu_l1_index=ipoly \
        --stat sched.dwt_last_limit --stat sched.dwt_limit_sum --stat sched.dwt_thrashing
    cat "$OUT/table3-ccws.csv" >>"$OUT/table3.txt"
esac
case $WHAT in all|fgcb)
    # FG-CB on the fully streaming benchmarks (ccgpu characterize's class at
    # medium, capped at CAP), whole medium runs (no cap:
    # capped at CAP they last 10-25 K cycles), the paper's window (cycles)
    # and the per-base-address first-N reading (accesses), against bypassing
    # the whole L1; DRAM utilisation = dram.busy_cycles / (cycles x 6
    # channels x 933.333/700)
    COMMON="--config configs/sacat-gtx480.cfg --size $SIZE --jobs $JOBS"
    run fgcb-stream vecadd blackscholes reduction histogram hotspot nbody \
        --sched gto,fgcb,fgcb-acc,allbypass \
        --stat bypass.l1_bypass_decisions --stat bypass.l2_bypass_decisions \
        --stat bypass.l1_bypassed --stat l1d.res_fail --stat l2.res_fail \
        --stat dram.busy_cycles --stat dram.activates --stat dram.row_hits
    # the rest of the suite at the cap: where FG-CB decides to bypass
    COMMON="--config configs/sacat-gtx480.cfg --size $SIZE -o gpgpu_max_insn=$CAP --jobs $JOBS"
    run fgcb-rest gc nw matmul stencil3d conv2d bfs memc sssp invidx mesh kmeans \
        --sched gto,fgcb,fgcb-acc,allbypass \
        --stat bypass.l1_bypass_decisions --stat bypass.l1_cache_decisions \
        --stat bypass.l2_bypass_decisions --stat bypass.l2_cache_decisions \
        --stat l1d.res_fail --stat l2.res_fail --stat dram.reads
esac
case $WHAT in all|pcdep)
    # §4.3.3: per-PC against per-base-address bypassing; the miss rate of the
    # keys decided "cache", in their samples and after the decision
    run pcdep stencil3d conv2d nw mesh bfs gc spmv memc sssp invidx kmeans matmul \
        --sched gto,pcb-acc,fgcb-acc \
        --stat bypass.l1_bypass_decisions --stat bypass.l1_cache_decisions \
        --stat bypass.l1_cached_sample_accesses --stat bypass.l1_cached_sample_misses \
        --stat bypass.l1_cached_after_accesses --stat bypass.l1_cached_after_misses \
        --stat l1d.hits
esac
