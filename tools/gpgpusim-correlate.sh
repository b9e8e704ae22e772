#!/bin/bash
# Correlation of ccgpu with GPGPU-Sim 4.2 on the same PTX (issue 15, item 4;
# docs/validation.md), and of the effects of warp-scheduling policies (issue 31).
# Not part of `make check`: GPGPU-Sim is not installed on CI.
#
#   tools/gpgpusim-correlate.sh [options] STEP [BENCH...]
#
# STEP:
#   build   the benchmark suite as one CUDA program (the drivers of bench/*/*.c over
#           the CUDA runtime, kernels bench/*/*.cu, exactly as tests/cli/961 builds
#           bench_default) with `nvcc -cudart shared --no-compress`, into WORK/prog;
#           checks that its PTX is the committed bench/*/*.ptx (labels aside)
#   gsim    run each BENCH on GPGPU-Sim, once per configuration (and scheduler, -S),
#           in WORK/CFG/BENCH/ (WORK/CFG/SCHED/BENCH/ with -S; a directory per run:
#           GPGPU-Sim writes its PTX files to the working directory); log gsim.log
#   ccgpu   run the same program on ccgpu (`ccgpu exec --config` with the very
#           gpgpusim.config file GPGPU-Sim read), JSON ccgpu.json in the same directory
#   table   print the Markdown tables (per benchmark and configuration: cycles,
#           thread and warp instructions, L1D and L2 miss rates, ratios; MAPE;
#           speed) from what the runs left (with -S, once per scheduler)
#   ratios  print the Markdown tables of the policy effects (needs -S, with gto
#           among the schedulers): per configuration and benchmark each scheduler's
#           speed-up over gto (gto's over lrr for lrr) on both simulators, the
#           error ccgpu/GPGPU-Sim - 1, whether the direction agrees (an effect
#           under 3% is flat; flat against flat agrees, flat against 5% or more
#           does not, flat against 3-5% is "weak"), L1D and L2 miss rates per run;
#           per configuration the median and worst absolute error and the count of
#           disagreements where either simulator shows 5% or more. A run that
#           ended at a cap (-x '-gpgpu_max_cycle N') is compared by thread
#           instructions completed (GPGPU-Sim gpu_tot_sim_insn, ccgpu
#           thread_instructions_exec) instead of cycles, and marked. Missing
#           and failed runs are listed, not fatal
#   pair    gsim then ccgpu for each BENCH in turn (speed measured side by side)
#   ensemble  the ratios over an ensemble: WORK and the work directories of -E,
#           each holding the same runs made with one small change (-x), e.g. one
#           cycle more or less of L2 or DRAM latency; per simulator the geometric
#           mean speed-up over the members and the lowest and highest, the error
#           and the direction of the means, and whether the members' effects lie
#           on both sides of the flat band (then a single run could show either
#           direction). docs/policy-effects.md says why
# Options:
#   -g DIR   GPGPU-Sim install made by the recipe (default /work/gsim/install;
#            needs DIR/env.sh and DIR/gpgpu-sim/configs/tested-cfgs)
#   -w DIR   work directory (default /work/gsim-runs/correl), outside the repository
#   -s SIZE  benchmark input size (default small)
#   -c LIST  configurations, comma separated, from configs/tested-cfgs
#            (default SM2_GTX480,SM7_QV100)
#   -S LIST  warp schedulers, comma separated, in GPGPU-Sim's syntax (gto, lrr,
#            warp_limiting:2:N, two_level_active:N:0:1, ...): each run gets
#            `-gpgpu_scheduler S` appended to its gpgpusim.config, in WORK/CFG/SCHED/BENCH
#            (SCHED: S with ':' written '-', '=' written '+'). ccgpu refuses
#            rrr (not modelled); S=C runs GPGPU-Sim with S and ccgpu with
#            `-o gpgpu_scheduler=C` over the same file (a different policy,
#            said so in the ratios tables), e.g. rrr=lrr
#   -j N     concurrent simulator runs (default 1)
#   -f       rerun even where a finished result exists
#   -x LINE  append LINE to every gpgpusim.config (both simulators read the file);
#            may be repeated, e.g. -x '-gpgpu_perfect_inst_const_cache 1' -w DIR2 for
#            an experiment, or -x '-gpgpu_max_cycle 200000' to cap every run
#   -o FILE  ratios: also write the speed-up rows as CSV to FILE
#   -X FILE  copy FILE into every run directory (may be repeated), e.g. the
#            AccelWattch XML that -x '-accelwattch_xml_file NAME' names
#   -E LIST  ensemble: the other members' work directories, comma separated
#   -O K=V   ccgpu step: pass -o K=V to ccgpu only (may be repeated), e.g.
#            -O ccgpu_power_file=configs/power/qv100.power (a relative path is
#            taken from the repository)
# Both simulators run under `nice -n 10`. The default BENCH list is the whole suite.
set -u
repo=$(cd "$(dirname "$0")/.." && pwd)
gsim=/work/gsim/install
work=/work/gsim-runs/correl
size=small
cfgs=SM2_GTX480,SM7_QV100
scheds=
jobs=1
force=0
extra=()
copies=()
ccgpu_opts=()
csv=
members=
while getopts g:w:s:c:S:j:fx:X:O:o:E: o; do
    case $o in
    g) gsim=$OPTARG ;;
    w) work=$OPTARG ;;
    s) size=$OPTARG ;;
    c) cfgs=$OPTARG ;;
    j) jobs=$OPTARG ;;
    f) force=1 ;;
    S) scheds=$OPTARG ;;
    x) extra+=("$OPTARG") ;;
    O) v=${OPTARG#*=}
       case $OPTARG in ccgpu_power_file=*) [ "${v#/}" != "$v" ] || v=$repo/$v ;; esac
       ccgpu_opts+=(-o "${OPTARG%%=*}=$v") ;;
    X) [ -f "$OPTARG" ] || { echo "gpgpusim-correlate: -X $OPTARG: no such file" >&2; exit 2; }
       copies+=("$(cd "$(dirname "$OPTARG")" && pwd)/$(basename "$OPTARG")") ;;
    o) csv=$OPTARG ;;
    E) members=$OPTARG ;;
    *) sed -n '2,67s/^# \{0,1\}//p' "$0" >&2; exit 2 ;;
    esac
done
shift $((OPTIND - 1))
step=${1:-}
[ -n "$step" ] || { echo "usage: $0 [options] build|gsim|ccgpu|pair|table|ratios|ensemble [BENCH...]" >&2; exit 2; }
shift
ccgpu=$repo/build/ccgpu
benches=${*:-$("$ccgpu" list 2>/dev/null | awk '/^[a-z]/ {print $1}')}
prog=$work/prog/bench_prog
IFS=, read -r -a cfg_list <<<"$cfgs"
# the schedulers of -S; without it one entry, "", for the layout WORK/CFG/BENCH
sched_list=("")
[ -z "$scheds" ] || IFS=, read -r -a sched_list <<<"$scheds"

die() { echo "gpgpusim-correlate: $*" >&2; exit 1; }

# schedir SCHED: the directory name of a -S entry (the same rule as
# sched_dir in gpgpusim-correlate.py): ':' -> '-', '=' -> '+', and any other
# character but letters, digits, '.', '_', '-' and '+' -> '_'
schedir() { local s=${1//:/-}; s=${s//=/+}; printf '%s' "${s//[^A-Za-z0-9._+-]/_}"; }

do_build() {
    local nvcc cudainc cc out f
    nvcc=$(command -v nvcc || ls /usr/local/cuda/bin/nvcc 2>/dev/null | head -n 1)
    [ -n "$nvcc" ] || die "nvcc not found"
    cudainc=$(cd "$(dirname "$nvcc")/../include" && pwd)
    cc=$(command -v cc || command -v gcc)
    out=$work/prog
    mkdir -p "$out" && rm -f "$out"/*.o "$out/libbenchhost.a"
    for f in "$repo"/bench/*/*.c "$repo"/bench/common/*.c "$repo"/src/util/text_input.c \
        "$repo"/tests/cudart/bench/ccgpu_on_cudart.c "$repo"/tests/cudart/bench/bench_main.c; do
        "$cc" -std=c11 -O1 -D_POSIX_C_SOURCE=200809L -I"$repo/include" -I"$repo/bench" -I"$repo/src" -I"$cudainc" \
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

# rundir CFG SCHED BENCH: a fresh directory holding the configuration files,
# WORK/CFG/BENCH, or WORK/CFG/SCHED/BENCH for a scheduler of -S (its
# GPGPU-Sim part, before any '=', appended as -gpgpu_scheduler)
rundir() {
    local d=$work/$1/$3 src=$gsim/gpgpu-sim/configs/tested-cfgs/$1
    [ -z "$2" ] || d=$work/$1/$(schedir "$2")/$3
    [ -d "$src" ] || die "no configuration $src"
    mkdir -p "$d"
    cp "$src"/gpgpusim.config "$src"/*.icnt "$d"/
    [ ${#copies[@]} = 0 ] || cp "${copies[@]}" "$d"/
    # a file without a final newline (SM7_QV100's) would join the first
    # appended line to its last, a comment
    [ -z "$(tail -c 1 "$d/gpgpusim.config")" ] || echo >>"$d/gpgpusim.config"
    [ ${#extra[@]} = 0 ] || printf '%s\n' "${extra[@]}" >>"$d/gpgpusim.config"
    [ -z "$2" ] || printf -- '-gpgpu_scheduler %s\n' "${2%%=*}" >>"$d/gpgpusim.config"
    echo "$d"
}

# label CFG SCHED BENCH: how a run is named in the progress lines
label() { echo "$1${2:+ $2} $3"; }

run_gsim() { # CFG SCHED BENCH
    local d
    d=$(rundir "$1" "$2" "$3")
    # finished: the exit status is recorded (GPGPU-Sim prints its rate after
    # every kernel, so a killed run's log has it too)
    if [ $force = 0 ] && grep -q '^gpgpu_simulation_rate' "$d/gsim.log" 2>/dev/null &&
        grep -q '^rc ' "$d/gsim.time" 2>/dev/null; then return; fi
    (
        cd "$d" || exit 1
        set +u # setup_environment reads unset variables
        # shellcheck disable=SC1091
        . "$gsim/env.sh" >/dev/null || { echo "gpgpusim-correlate: $gsim/env.sh failed" >&2; exit 1; }
        echo "load_before $(cut -d' ' -f1-3 /proc/loadavg)" >"$d/gsim.time"
        t0=$(date +%s.%N)
        nice -n 10 "$prog" --size "$size" "$3" >"$d/gsim.log" 2>&1
        echo "rc $?" >>"$d/gsim.time"
        echo "wall $(echo "$(date +%s.%N) - $t0" | bc)" >>"$d/gsim.time"
        echo "load_after $(cut -d' ' -f1-3 /proc/loadavg)" >>"$d/gsim.time"
    )
    echo "gsim $(label "$@"): $(grep -c '^kernel_name' "$d/gsim.log") kernels, $(tail -n 1 "$d/gsim.log")"
}

run_ccgpu() { # CFG SCHED BENCH
    local d t0 over=()
    d=$(rundir "$1" "$2" "$3")
    [ -x "$ccgpu" ] || die "build ccgpu first (make)"
    case $2 in *=*) over=(-o "gpgpu_scheduler=${2#*=}") ;; esac
    rm -f "$d/ccgpu.json" # a failed run must not leave an earlier run's statistics
    echo "load_before $(cut -d' ' -f1-3 /proc/loadavg)" >"$d/ccgpu.time"
    t0=$(date +%s.%N)
    (cd "$d" && nice -n 10 "$ccgpu" exec --config "$d/gpgpusim.config" "${over[@]}" ${ccgpu_opts[@]+"${ccgpu_opts[@]}"} --quiet \
        --json "$d/ccgpu.json" -- "$prog" --size "$size" "$3" >"$d/ccgpu.log" 2>"$d/ccgpu.err")
    echo "rc $?" >>"$d/ccgpu.time"
    echo "wall $(echo "$(date +%s.%N) - $t0" | bc)" >>"$d/ccgpu.time"
    echo "load_after $(cut -d' ' -f1-3 /proc/loadavg)" >>"$d/ccgpu.time"
    if [ -s "$d/ccgpu.json" ]; then echo "ccgpu $(label "$@"): $(cat "$d/ccgpu.log")"
    else echo "ccgpu $(label "$@"): no statistics: $(head -n 1 "$d/ccgpu.err")"; fi
}

each() { # FUNCTION: over configurations x schedulers x benchmarks, $jobs at a time
    local fn=$1 c s b
    for b in $benches; do for c in "${cfg_list[@]}"; do for s in "${sched_list[@]}"; do
        printf '%s|%s|%s\n' "$c" "$s" "$b" # '|': an empty scheduler stays a field
    done; done; done |
        { while IFS='|' read -r c s b; do
            while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n; done
            "$fn" "$c" "$s" "$b" &
        done; wait; }
}

pair() { run_gsim "$@"; run_ccgpu "$@"; }

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
    if [ -z "$scheds" ]; then
        # shellcheck disable=SC2086
        python3 "$repo/tools/gpgpusim-correlate.py" table "$work" "$cfgs" $benches
    else
        for s in "${sched_list[@]}"; do
            # shellcheck disable=SC2086
            python3 "$repo/tools/gpgpusim-correlate.py" table --sched "$s" "$work" "$cfgs" $benches
        done
    fi ;;
ratios)
    [ -n "$scheds" ] || die "ratios needs the schedulers the runs used (-S, with gto among them)"
    # shellcheck disable=SC2086
    python3 "$repo/tools/gpgpusim-correlate.py" ratios ${csv:+--csv "$csv"} "$work" "$cfgs" "$scheds" $benches ;;
ensemble)
    [ -n "$scheds" ] || die "ensemble needs the schedulers the runs used (-S, with gto among them)"
    [ -n "$members" ] || die "ensemble needs the other members' work directories (-E)"
    # shellcheck disable=SC2086
    python3 "$repo/tools/gpgpusim-correlate.py" ensemble "$work,$members" "$cfgs" "$scheds" $benches ;;
*) die "unknown step '$step' (build, gsim, ccgpu, pair, table, ratios, ensemble)" ;;
esac
