#!/bin/bash
# ccgpu's SASS-trace replay side by side with Accel-Sim's trace-driven
# simulator on the same traces and the same gpgpusim.config (issue 36, item 4;
# docs/accelsim.md). Not part of `make check`: Accel-Sim is not installed on CI.
#
#   tools/accelsim-correlate.sh [options] STEP [BENCH...]
#
# STEP:
#   traces  run each BENCH on ccgpu (PTX, timing mode, the Accel-Sim
#           install's SM7_QV100 gpgpusim.config) writing it as a trace with
#           -o ccgpu_sass_trace_out=WORK/BENCH/trace and
#           ccgpu_sass_trace_nvbit_regs=1 (at most one destination and four
#           sources a line, which Accel-Sim's parser requires); the PTX run's
#           statistics in WORK/BENCH/ptx.json
#   asim    run accel-sim.out on WORK/BENCH/trace with gpgpusim.config and
#           trace.config (in WORK/BENCH/asim/, log asim.log, asim.time)
#   ccgpu   run `ccgpu trace-run` on the same trace with the same
#           gpgpusim.config (ccgpu.json, ccgpu.time), and once more with
#           trace.config's latencies and initiation intervals given as
#           ptx_opcode_latency_*/ptx_opcode_initiation_* (ccgpu-lat.json)
#   table   print the Markdown table (cycles, warp instructions, L1D and L2
#           hit rates of both, ratios) from what the runs left
#   all     traces, asim, ccgpu, table
# Options:
#   -a DIR   Accel-Sim install made by ../shared/tools/accelsim/build.sh (default
#            /work/accelsim; needs DIR/accel-sim.out and DIR/configs/SM7_QV100)
#   -w DIR   work directory (default /work/accelsim-runs/correl), outside the repository
#   -s SIZE  benchmark input size (default small)
#   -j N     concurrent simulator runs (default 1)
#   -f       rerun even where a finished result exists
#   -c PATH  the ccgpu binary (default build/ccgpu)
#   -g DIR   table: also compare with GPGPU-Sim's runs of the same PTX, from a
#            tools/gpgpusim-correlate.sh work directory (DIR/SM7_QV100/BENCH/)
# Both simulators run under `nice -n 10`. The default BENCH list: bfs spmv
# matmul hotspot kmeans gc transpose nbody reduction blackscholes.
set -u
repo=$(cd "$(dirname "$0")/.." && pwd)
asim=/work/accelsim
work=/work/accelsim-runs/correl
size=small
jobs=1
force=0
ccgpu=$repo/build/ccgpu
gdir=
while getopts a:w:s:j:fc:g: o; do
    case $o in
    a) asim=$OPTARG ;;
    w) work=$OPTARG ;;
    s) size=$OPTARG ;;
    j) jobs=$OPTARG ;;
    f) force=1 ;;
    c) ccgpu=$OPTARG ;;
    g) gdir=$OPTARG ;;
    *) sed -n '2,38s/^# \{0,1\}//p' "$0" >&2; exit 2 ;;
    esac
done
shift $((OPTIND - 1))
step=${1:-}
[ -n "$step" ] || { echo "usage: $0 [options] traces|asim|ccgpu|table|all [BENCH...]" >&2; exit 2; }
shift
benches=${*:-bfs spmv matmul hotspot kmeans gc transpose nbody reduction blackscholes}
cfgdir=$asim/configs/SM7_QV100

die() { echo "accelsim-correlate: $*" >&2; exit 1; }

need_asim() {
    [ -x "$asim/accel-sim.out" ] && [ -f "$cfgdir/gpgpusim.config" ] && [ -f "$cfgdir/trace.config" ] ||
        die "no Accel-Sim at $asim (accel-sim.out, configs/SM7_QV100): build it with ../shared/tools/accelsim/build.sh or give -a DIR"
}
need_ccgpu() { [ -x "$ccgpu" ] || die "build ccgpu first (make)"; }

# timed LOGBASE CMD...: run CMD under nice, its status and wall time in LOGBASE.time
timed() {
    local base=$1 t0
    shift
    echo "load_before $(cut -d' ' -f1-3 /proc/loadavg)" >"$base.time"
    t0=$(date +%s.%N)
    nice -n 10 "$@"
    echo "rc $?" >>"$base.time"
    echo "wall $(echo "$(date +%s.%N) - $t0" | bc)" >>"$base.time"
}

# trace.config's "-trace_opcode_latency_initiation_CLASS L,I" as ccgpu -o options
lat_opts() {
    awk '$1 ~ /^-trace_opcode_latency_initiation_(int|sp|dp|sfu|tensor)$/ {
            split($2, v, ","); c = substr($1, 34); l = v[1]; i = v[2]
            if (c == "int") { printf "-o ptx_opcode_latency_int=%s,%s,%s,%s,%s,%s\n", l,l,l,l,l,l
                              printf "-o ptx_opcode_initiation_int=%s,%s,%s,%s,%s,%s\n", i,i,i,i,i,i }
            if (c == "sp")  { printf "-o ptx_opcode_latency_fp=%s,%s,%s,%s,%s\n", l,l,l,l,l
                              printf "-o ptx_opcode_initiation_fp=%s,%s,%s,%s,%s\n", i,i,i,i,i }
            if (c == "dp")  { printf "-o ptx_opcode_latency_dp=%s,%s,%s,%s,%s\n", l,l,l,l,l
                              printf "-o ptx_opcode_initiation_dp=%s,%s,%s,%s,%s\n", i,i,i,i,i }
            if (c == "sfu") { printf "-o ptx_opcode_latency_sfu=%s\n-o ptx_opcode_initiation_sfu=%s\n", l, i }
            if (c == "tensor") { printf "-o ptx_opcode_latency_tesnor=%s\n-o ptx_opcode_initiation_tensor=%s\n", l, i }
         }' "$cfgdir/trace.config"
}

run_traces() { # BENCH
    local d=$work/$1
    if [ $force = 0 ] && [ -s "$d/ptx.json" ] && [ -f "$d/trace/kernelslist.g" ]; then return; fi
    rm -rf "$d/trace" "$d/ptx.json"
    mkdir -p "$d"
    if ! nice -n 10 "$ccgpu" run "$1" --size "$size" --config "$work/cfg/gpgpusim.config" \
            -o "ccgpu_sass_trace_out=$d/trace" -o ccgpu_sass_trace_nvbit_regs=1 \
            --json "$d/ptx.json" --quiet >"$d/ptx.log" 2>&1; then
        echo "traces $1: failed: $(tail -n 1 "$d/ptx.log")"; return
    fi
    echo "traces $1: $(grep -c traceg "$d/trace/kernelslist.g") kernels, $(du -sh "$d/trace" | cut -f1)"
}

run_asim() { # BENCH
    local d=$work/$1/asim
    [ -f "$work/$1/trace/kernelslist.g" ] || { echo "asim $1: no trace (run the traces step)"; return; }
    if [ $force = 0 ] && grep -q '^rc 0' "$d/asim.time" 2>/dev/null; then return; fi
    mkdir -p "$d" && cp "$cfgdir"/* "$d/"
    (cd "$d" && timed "$d/asim" "$asim/accel-sim.out" -trace "$work/$1/trace/kernelslist.g" \
        -config gpgpusim.config -config trace.config >"$d/asim.log" 2>&1)
    echo "asim $1: $(grep '^rc' "$d/asim.time"), $(grep -c '^kernel_name' "$d/asim.log") kernels," \
        "$(grep '^gpu_tot_sim_cycle' "$d/asim.log" | tail -n 1)"
}

run_ccgpu() { # BENCH
    local d=$work/$1
    [ -f "$d/trace/kernelslist.g" ] || { echo "ccgpu $1: no trace (run the traces step)"; return; }
    if [ $force = 0 ] && [ -s "$d/ccgpu.json" ] && [ -s "$d/ccgpu-lat.json" ]; then return; fi
    rm -f "$d/ccgpu.json" "$d/ccgpu-lat.json"
    timed "$d/ccgpu" "$ccgpu" trace-run "$d/trace/kernelslist.g" --config "$work/cfg/gpgpusim.config" \
        --json "$d/ccgpu.json" --quiet >"$d/ccgpu.log" 2>&1
    # shellcheck disable=SC2046
    timed "$d/ccgpu-lat" "$ccgpu" trace-run "$d/trace/kernelslist.g" --config "$work/cfg/gpgpusim.config" \
        $(lat_opts) --json "$d/ccgpu-lat.json" --quiet >"$d/ccgpu-lat.log" 2>&1
    echo "ccgpu $1: $(python3 -c 'import json,sys; t=json.load(open(sys.argv[1]))["total"]; print(t["cycles"], "cycles,", t["warp_instructions"], "warp insts")' "$d/ccgpu.json" 2>/dev/null || echo "failed: $(tail -n 1 "$d/ccgpu.log")")"
}

each() { # FUNCTION: over the benchmarks, $jobs at a time
    local b
    for b in $benches; do
        while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n; done
        "$1" "$b" &
    done
    wait
}

setup_cfg() { mkdir -p "$work/cfg" && cp "$cfgdir"/* "$work/cfg/"; }

case $step in
traces) need_asim; need_ccgpu; setup_cfg; each run_traces ;;
asim) need_asim; each run_asim ;;
ccgpu) need_asim; need_ccgpu; setup_cfg; each run_ccgpu ;;
table)
    # shellcheck disable=SC2086
    python3 "$repo/tools/accelsim-correlate.py" ${gdir:+--ptx "$gdir"} "$work" $benches ;;
all)
    need_asim; need_ccgpu; setup_cfg
    each run_traces; each run_asim; each run_ccgpu
    # shellcheck disable=SC2086
    python3 "$repo/tools/accelsim-correlate.py" ${gdir:+--ptx "$gdir"} "$work" $benches ;;
*) die "unknown step '$step' (traces, asim, ccgpu, table, all)" ;;
esac
