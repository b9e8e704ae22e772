#!/bin/bash
# Correlation of ccgpu with GPGPU-Sim 4.2 on the same PTX (issue 15, item 4;
# docs/validation.md). Not part of `make check`: GPGPU-Sim is not installed on CI.
#
#   tools/gpgpusim-correlate.sh [options] STEP [BENCH...]
#
# STEP:
#   build   the benchmark suite as one CUDA program (the drivers of bench/*/*.c over
#           the CUDA runtime, kernels bench/*/*.cu, exactly as tests/cli/961 builds
#           bench_default) with `nvcc -cudart shared --no-compress`, into WORK/prog;
#           checks that its PTX is the committed bench/*/*.ptx (labels aside)
#   gsim    run each BENCH on GPGPU-Sim, once per configuration, in
#           WORK/CFG/BENCH/ (a directory per run: GPGPU-Sim writes its PTX files to
#           the working directory); log WORK/CFG/BENCH/gsim.log
#   ccgpu   run the same program on ccgpu (`ccgpu exec --config` with the very
#           gpgpusim.config file GPGPU-Sim read), JSON WORK/CFG/BENCH/ccgpu.json
#   table   print the Markdown tables (per benchmark and configuration: cycles,
#           thread and warp instructions, L1D and L2 miss rates, ratios; MAPE;
#           speed) from what the runs left
#   pair    gsim then ccgpu for each BENCH in turn (speed measured side by side)
# Options:
#   -g DIR   GPGPU-Sim install made by the recipe (default /work/gsim/install;
#            needs DIR/env.sh and DIR/gpgpu-sim/configs/tested-cfgs)
#   -w DIR   work directory (default /work/gsim-runs/correl), outside the repository
#   -s SIZE  benchmark input size (default small)
#   -c LIST  configurations, comma separated, from configs/tested-cfgs
#            (default SM2_GTX480,SM7_QV100)
#   -j N     concurrent simulator runs (default 1)
#   -f       rerun even where a finished result exists
#   -x LINE  append LINE to every gpgpusim.config (both simulators read the file),
#            e.g. -x '-gpgpu_perfect_inst_const_cache 1' -w DIR2 for an experiment
# Both simulators run under `nice -n 10`. The default BENCH list is the whole suite.
set -u
repo=$(cd "$(dirname "$0")/.." && pwd)
gsim=/work/gsim/install
work=/work/gsim-runs/correl
size=small
cfgs=SM2_GTX480,SM7_QV100
jobs=1
force=0
extra=
while getopts g:w:s:c:j:fx: o; do
    case $o in
    g) gsim=$OPTARG ;;
    w) work=$OPTARG ;;
    s) size=$OPTARG ;;
    c) cfgs=$OPTARG ;;
    j) jobs=$OPTARG ;;
    f) force=1 ;;
    x) extra=$OPTARG ;;
    *) sed -n '2,32s/^# \{0,1\}//p' "$0" >&2; exit 2 ;;
    esac
done
shift $((OPTIND - 1))
step=${1:-}
[ -n "$step" ] || { echo "usage: $0 [options] build|gsim|ccgpu|pair|table [BENCH...]" >&2; exit 2; }
shift
ccgpu=$repo/build/ccgpu
benches=${*:-$("$ccgpu" list 2>/dev/null | awk '/^[a-z]/ {print $1}')}
prog=$work/prog/bench_prog
IFS=, read -r -a cfg_list <<<"$cfgs"

die() { echo "gpgpusim-correlate: $*" >&2; exit 1; }

do_build() {
    local nvcc cudainc cc out f
    nvcc=$(command -v nvcc || ls /usr/local/cuda/bin/nvcc 2>/dev/null | head -n 1)
    [ -n "$nvcc" ] || die "nvcc not found"
    cudainc=$(cd "$(dirname "$nvcc")/../include" && pwd)
    cc=$(command -v cc || command -v gcc)
    out=$work/prog
    mkdir -p "$out" && rm -f "$out"/*.o "$out/libbenchhost.a"
    for f in "$repo"/bench/*/*.c "$repo"/bench/common/*.c "$repo"/tests/cudart/bench/ccgpu_on_cudart.c \
        "$repo"/tests/cudart/bench/bench_main.c; do
        "$cc" -std=c11 -O1 -D_POSIX_C_SOURCE=200809L -I"$repo/include" -I"$repo/bench" -I"$cudainc" \
            -c "$f" -o "$out/$(basename "$f" .c).o" || die "host build failed: $f"
    done
    ar rcs "$out/libbenchhost.a" "$out"/*.o
    sh "$repo/tests/cudart/bench/gen_kernels.sh" "$repo" >"$out/bench_kernels.cu"
    "$nvcc" -cudart shared --no-compress -o "$prog" "$out/bench_kernels.cu" "$out/libbenchhost.a" -lm ||
        die "nvcc failed"
    "$nvcc" -ptx -o "$out/bench_kernels.ptx" "$out/bench_kernels.cu" || die "nvcc -ptx failed"
    python3 "$repo/tools/gpgpusim-correlate.py" sameptx "$out/bench_kernels.ptx" "$repo"/bench/*/*.ptx ||
        die "the program's PTX is not the committed bench/*/*.ptx"
    echo "built $prog"
}

# rundir CFG BENCH: a fresh directory holding the configuration files
rundir() {
    local d=$work/$1/$2 src=$gsim/gpgpu-sim/configs/tested-cfgs/$1
    [ -d "$src" ] || die "no configuration $src"
    mkdir -p "$d"
    cp "$src"/gpgpusim.config "$src"/*.icnt "$d"/
    [ -z "$extra" ] || printf '%s\n' "$extra" >>"$d/gpgpusim.config"
    echo "$d"
}

run_gsim() { # CFG BENCH
    local d
    d=$(rundir "$1" "$2")
    if [ $force = 0 ] && grep -q '^gpgpu_simulation_rate' "$d/gsim.log" 2>/dev/null; then return; fi
    (
        cd "$d" || exit 1
        set +u # setup_environment reads unset variables
        # shellcheck disable=SC1091
        . "$gsim/env.sh" >/dev/null || { echo "gpgpusim-correlate: $gsim/env.sh failed" >&2; exit 1; }
        echo "load_before $(cut -d' ' -f1-3 /proc/loadavg)" >"$d/gsim.time"
        t0=$(date +%s.%N)
        nice -n 10 "$prog" --size "$size" "$2" >"$d/gsim.log" 2>&1
        echo "rc $?" >>"$d/gsim.time"
        echo "wall $(echo "$(date +%s.%N) - $t0" | bc)" >>"$d/gsim.time"
        echo "load_after $(cut -d' ' -f1-3 /proc/loadavg)" >>"$d/gsim.time"
    )
    echo "gsim $1 $2: $(grep -c '^kernel_name' "$d/gsim.log") kernels, $(tail -n 1 "$d/gsim.log")"
}

run_ccgpu() { # CFG BENCH
    local d t0
    d=$(rundir "$1" "$2")
    [ -x "$ccgpu" ] || die "build ccgpu first (make)"
    echo "load_before $(cut -d' ' -f1-3 /proc/loadavg)" >"$d/ccgpu.time"
    t0=$(date +%s.%N)
    (cd "$d" && nice -n 10 "$ccgpu" exec --config "$d/gpgpusim.config" --quiet --json "$d/ccgpu.json" \
        -- "$prog" --size "$size" "$2" >"$d/ccgpu.log" 2>"$d/ccgpu.err")
    echo "rc $?" >>"$d/ccgpu.time"
    echo "wall $(echo "$(date +%s.%N) - $t0" | bc)" >>"$d/ccgpu.time"
    echo "load_after $(cut -d' ' -f1-3 /proc/loadavg)" >>"$d/ccgpu.time"
    echo "ccgpu $1 $2: $(cat "$d/ccgpu.log")"
}

each() { # FUNCTION: over configurations x benchmarks, $jobs at a time
    local fn=$1 c b
    for b in $benches; do for c in "${cfg_list[@]}"; do echo "$c $b"; done; done |
        { while read -r c b; do
            while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n; done
            "$fn" "$c" "$b" &
        done; wait; }
}

pair() { run_gsim "$1" "$2"; run_ccgpu "$1" "$2"; }

need_gsim() {
    [ -f "$gsim/env.sh" ] && [ -d "$gsim/gpgpu-sim/configs/tested-cfgs" ] ||
        die "no GPGPU-Sim at $gsim (env.sh, gpgpu-sim/configs/tested-cfgs): build it (docs/validation.md) or give -g DIR"
}

case $step in
build) do_build ;;
gsim) need_gsim; [ -x "$prog" ] || die "run the build step first"; each run_gsim ;;
ccgpu) need_gsim; [ -x "$prog" ] || die "run the build step first"; each run_ccgpu ;;
pair) need_gsim; [ -x "$prog" ] || die "run the build step first"; each pair ;;
table)
    # shellcheck disable=SC2086
    python3 "$repo/tools/gpgpusim-correlate.py" table "$work" "$cfgs" $benches ;;
*) die "unknown step '$step' (build, gsim, ccgpu, pair, table)" ;;
esac
