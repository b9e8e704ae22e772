#!/bin/sh
# The SACAT paper's experiments (docs/sacat.md), one `ccgpu compare` each,
# writing OUT/figN.csv, OUT/figN.svg (gnuplot) and OUT/figN.txt (the table).
#   tools/sacat-figs.sh [OUT] [fig11|fig12|fig13|fig14|fig15|table3|all]
# Size: SIZE (medium) and CAP (gpgpu_max_insn, thread instructions,
# 10000000; the paper caps SYRK and GESUMMV at 100 M). Runs one at a time,
# niced (the machine is shared).
set -eu
OUT=${1:-out/sacat}
WHAT=${2:-all}
SIZE=${SIZE:-medium}
CAP=${CAP:-10000000}
CCGPU=${CCGPU:-build/ccgpu}
mkdir -p "$OUT"
COMMON="--config configs/sacat-gtx480.cfg --size $SIZE -o gpgpu_max_insn=$CAP --jobs 1"
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
    run fig11 $CONFLICT $THRASH $STREAM --sched gto,fgcb,dwt,pric,dwt+pric,sacat \
        --stat l1d.res_fail --stat l1d.res_fail_line_alloc --stat l1d.res_fail_mshr_entry \
        --stat l1d.res_fail_mshr_merge --stat l1d.res_fail_miss_queue \
        --stat sched.dwt_last_limit --stat bypass.l1_bypass_decisions
esac
case $WHAT in all|fig13)
    # Fig. 13: the contention set (fully streaming excluded) against CCWS
    # (Table 4: K 8, 16-entry 8-way VTA per warp, base 100) and MRPB
    run fig13 $CONFLICT $THRASH --sched gto,ccws,mrpb,dwt,sacat --stat l1d.res_fail
esac
case $WHAT in all|fig14)
    # Fig. 14: PRIC (4-way) against 16/32/64-way and fully associative
    # L1s of the same 16 KB, one-cycle hit latency for all
    run fig14 syrk gesummv atax conv2d \
        --sched gto,lat1,pric-lat1,16way-lat1,32way-lat1,64way-lat1,fa-lat1 \
        --stat l1d.res_fail_line_alloc
esac
case $WHAT in all|fig15)
    # Fig. 15: 16/32/48 KB L1, baseline and SACAT, normalised to 16 KB
    run fig15 syrk kmeans --sched gto,sacat,base-32k,sacat-32k,base-48k,sacat-48k
esac
case $WHAT in all|table3)
    # Table 3: warps per scheduler chosen by SWT (best static per-scheduler
    # limit), DWT-CS (its last settled limit), and CCWS's loadable warps
    run table3 kmeans spmv syrk gesummv \
        --sched best-swt:1/2/4/8,dwt \
        --stat sched.dwt_last_limit --stat sched.dwt_limit_sum --stat sched.dwt_thrashing \
        --stat sched.ccws.loadable_warp_cycles --stat sched.ccws.live_cycles
esac
