#!/usr/bin/env bash
# Simulator speed, tracked by `make bench-speed` (not a test: figures, not pass/fail).
#   tools/bench-speed.sh [BUILD_DIR] [SIZE]      defaults: build medium
# Three tables:
# 1. For each of $BENCHES (default: bfs kmeans spmv) and $MODES (default:
#    functional timing; timing uses configs/ccws.cfg) at SIZE: simulated warp
#    instructions, CPU seconds of a plain run and the rate in M warp
#    instructions per CPU second (noisy on a shared machine), and from
#    callgrind (counting only the launches: input generation and the CPU check
#    are excluded; stable) host instructions per warp instruction and, in
#    timing mode, per SM-cycle (sm_cycles = configured SMs x cycles);
#    callgrind counts gpu_timing_run in timing mode, ccgpu_launch_cluster
#    in functional mode.
#    CALLGRIND=0 skips callgrind (it runs ~50x slower than the plain run).
#    $SCHEDS (default: the config's, gto) are the warp schedulers of the
#    timing rows, one row each (e.g. SCHEDS="gto lrr swl:4 ccws", the
#    README's comparison: their costs differ, eighth session).
# 2. Wall rates of $LARGE (default: bfs; "" for none) at large, timing mode,
#    no callgrind.
# 2b. The memory-bound windows (issue 34's acceptance figures), unless
#    WINDOWS="": from callgrind with --toggle-collect=gpu_timing_run* (the
#    launch loop only), host instructions per warp instruction on
#    configs/ccws.cfg of spmv medium to cycle 1,000,000 and gesummv medium
#    to cycle 2,000,000, and the share of the loop's bookkeeping: the
#    instructions of the GPU loop itself (gpu_timing_run's own lines, the
#    SM wheel) and of the memory system's time keeping (memsys_advance's
#    and memsys_next_event's own lines, the next-event searches of the
#    crossbars, partitions and DRAM channels), over the total; and from the
#    ccgpu_loop_counts lines of a plain run of the same window, SM visits per
#    visit with something to do and DRAM bank scans per command.
# 3. cachesim: LRU and OPT accesses per CPU second and per wall second (the
#    default --threads 2: decoding ahead on a second thread, OPT's caches on
#    two) on the L1 trace of bfs at $CACHESIM_SIZE (default: large; "" for
#    none), one L1 per SM, 32 KB 8-way, and from callgrind host instructions
#    per access (the whole command, --threads 1).
#    CACHESIM_TRACE=FILE uses that trace instead of recording one.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
size=${2:-medium}
benches=${BENCHES-bfs kmeans spmv}
modes=${MODES-functional timing}
scheds=${SCHEDS-gto}
large=${LARGE-bfs}
cs_size=${CACHESIM_SIZE-large}
ccgpu="$build/ccgpu"
[ -x "$ccgpu" ] || { echo "bench-speed: $ccgpu not built (run make)" >&2; exit 2; }
have_valgrind=1
command -v valgrind >/dev/null 2>&1 || have_valgrind=0
[ "${CALLGRIND:-1}" = 0 ] && have_valgrind=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# the "total" block comes last in the statistics JSON
total_of() { { grep "\"$1\"" "$2" || true; } | tail -n1 | tr -dc "0-9"; }
cpu_of() { # CPU seconds (user + system) of a command
    { /usr/bin/time -f '%U %S' "$@" >/dev/null; } 2>&1 | tail -n1 | awk '{print $1+$2}'
}
cpu_wall_of() { # CPU and wall seconds of a command
    { /usr/bin/time -f '%U %S %e' "$@" >/dev/null; } 2>&1 | tail -n1 | awk '{print $1+$2, $3}'
}
row() { # bench mode size callgrind(0|1) [scheduler]
    local bench=$1 mode=$2 sz=$3 cg=$4 sched=${5:-} args cpu warp smc per=n/a persm=n/a total rate
    args=(run "$bench" --size "$sz" --quiet --json "$tmp/s.json")
    [ "$mode" = functional ] && args+=(--functional) || args+=(--config configs/ccws.cfg)
    if [ -n "$sched" ]; then
        args+=(-o "gpgpu_scheduler=$sched")
        mode="$mode:$sched"
    fi
    cpu=$(cpu_of "$ccgpu" "${args[@]}")
    warp=$(total_of warp_instructions "$tmp/s.json")
    smc=$(total_of sm_cycles "$tmp/s.json")
    if [ "$cg" = 1 ]; then
        # the launches: the GPU loop in timing mode, the launch call in
        # functional mode (ccgpu_launch itself is inlined into its callers)
        local launch=gpu_timing_run
        [ "$mode" = functional ] && launch=ccgpu_launch_cluster
        valgrind --tool=callgrind --callgrind-out-file="$tmp/cg" "--toggle-collect=$launch*" \
            "$ccgpu" "${args[@]}" >/dev/null 2>"$tmp/vg" || true
        total=$(grep -m1 'Collected' "$tmp/vg" | awk '{print $NF}')
        if [ -n "$total" ]; then
            per=$(awk -v t="$total" -v w="$warp" 'BEGIN{printf "%.0f", t/w}')
            [ -n "$smc" ] && [ "$smc" != 0 ] &&
                persm=$(awk -v t="$total" -v c="$smc" 'BEGIN{printf "%.0f", t/c}')
        fi
    fi
    rate=$(awk -v w="$warp" -v c="$cpu" 'BEGIN{ if (c>0) printf "%.2f", w/c/1e6; else print "n/a"}')
    printf '%-8s %-14s %-7s %12s %8s %11s %15s %13s\n' "$bench" "$mode" "$sz" "$warp" "$cpu" \
        "$rate" "$per" "$persm"
}

hdr() { printf '%-8s %-14s %-7s %12s %8s %11s %15s %13s\n' bench mode size warp_insts cpu_s \
            Mwarp/cpu_s host_insn/warp host_insn/smc; }
if [ -n "$benches" ]; then
    hdr
    for bench in $benches; do
        for mode in $modes; do
            if [ "$mode" = timing ]; then
                for sched in $scheds; do row "$bench" timing "$size" $have_valgrind "$sched"; done
            else
                row "$bench" "$mode" "$size" $have_valgrind
            fi
        done
    done
fi
if [ -n "$large" ]; then
    echo
    hdr
    for bench in $large; do row "$bench" timing large 0; done
fi
windows=${WINDOWS-spmv:1000000 gesummv:2000000}
if [ -n "$windows" ] && [ "$have_valgrind" = 1 ]; then
    echo
    printf '%-8s %-7s %10s %12s %16s %11s %13s %13s\n' bench size max_cycle warp_insts \
        host_insn/warp bookkeeping visits/useful scans/command
    for wnd in $windows; do
        bench=${wnd%%:*} cyc=${wnd#*:}
        args=(run "$bench" --size medium --config configs/ccws.cfg -o "gpgpu_max_cycle=$cyc" --quiet
              --json "$tmp/w.json")
        # (the loop's counts from a plain run: with them on, the loop is the
        # counting copy, which costs about 1% more)
        valgrind --tool=callgrind --callgrind-out-file="$tmp/cgw" "--toggle-collect=gpu_timing_run*" \
            "$ccgpu" "${args[@]}" >/dev/null 2>"$tmp/vg" || true
        "$ccgpu" "${args[@]}" -o ccgpu_loop_counts=1 >/dev/null 2>"$tmp/counts" || true
        total=$(grep -m1 'Collected' "$tmp/vg" | awk '{print $NF}')
        warp=$(total_of warp_instructions "$tmp/w.json")
        # self cost by function (callgrind_annotate: "N (P%)  file:function")
        book=$(callgrind_annotate --auto=no "$tmp/cgw" 2>/dev/null | grep -v "=>" | awk -v t="$total" '
            /:(gpu_timing_run|memsys_advance|memsys_next_event|next_event_fs|icnt_next|icnt_next_search|l2_next|l2_refresh|dram_next|dram_refresh|icnt_next_event|icnt_next_start|refresh_start|refresh_arrive|partition_dram_next|partition_l2_next_raw|dram_next_event|refresh_cmd_next|scan_banks|add_read_hits|sm_wake_take|sm_wake_next|sm_wake_next_far|sm_wake_promote|sm_wake_take_slot|sm_wake_unfile|sm_wake_far_min)([. ]|$)/ ||
            /sm_wake\.h:gpu_timing_run/ {
                n = $1; gsub(",", "", n); s += n }
            END { if (t > 0) printf "%.0f%%", 100 * s / t; else print "n/a" }')
        per=n/a
        [ -n "$total" ] && [ -n "$warp" ] && [ "$warp" != 0 ] &&
            per=$(awk -v t="$total" -v w="$warp" 'BEGIN{printf "%.0f", t/w}')
        # the loop's own counts (ccgpu_loop_counts): SM visits per visit with
        # something to do, DRAM bank scans per command, over the launches
        read -r vis scan < <(awk '/^ccgpu_loop_counts:/ {
                for (i = 1; i <= NF; i++) {
                    if ($(i+1) == "SM" && $(i+2) == "visits,") v += $i
                    if ($(i+1) == "with" && $(i+2) == "something") u += $i
                    if ($(i+1) == "bank" && $(i+2) == "scans") s += $i
                    if ($(i+1) == "commands") c += $i
                } }
            END { printf "%s %s\n", (u > 0 ? sprintf("%.3f", v / u) : "n/a"),
                                     (c > 0 ? sprintf("%.3f", s / c) : "n/a") }' "$tmp/counts")
        printf '%-8s %-7s %10s %12s %16s %11s %13s %13s\n' "$bench" medium "$cyc" "$warp" "$per" \
            "$book" "$vis" "$scan"
    done
fi
if [ -n "$cs_size" ]; then
    echo
    trace=${CACHESIM_TRACE:-}
    if [ -z "$trace" ]; then
        trace="$tmp/bfs.l1"
        "$ccgpu" run bfs --size "$cs_size" --config configs/ccws.cfg --quiet \
            -o "ccgpu_trace_l1=$trace" >/dev/null
    fi
    printf '%-10s %-7s %-6s %12s %8s %8s %10s %10s %16s\n' cachesim size policy accesses cpu_s \
        wall_s M/cpu_s M/wall_s host_insn/access
    for pol in lru opt; do
        read -r cpu wall < <(cpu_wall_of "$ccgpu" cachesim "$trace" --policy "$pol" \
            --json "$tmp/c.json")
        acc=$(grep -o '"accesses": [0-9]*' "$tmp/c.json" | head -n1 | tr -dc '0-9')
        rate=$(awk -v a="$acc" -v c="$cpu" 'BEGIN{ if (c>0) printf "%.1f", a/c/1e6; else print "n/a"}')
        wrate=$(awk -v a="$acc" -v c="$wall" 'BEGIN{ if (c>0) printf "%.1f", a/c/1e6; else print "n/a"}')
        per=n/a
        if [ "$have_valgrind" = 1 ]; then
            valgrind --tool=callgrind --callgrind-out-file="$tmp/cg" "$ccgpu" cachesim "$trace" \
                --policy "$pol" --threads 1 --json /dev/null >/dev/null 2>"$tmp/vg" || true
            total=$(grep -m1 'Collected' "$tmp/vg" | awk '{print $NF}')
            [ -n "$total" ] && per=$(awk -v t="$total" -v a="$acc" 'BEGIN{printf "%.0f", t/a}')
        fi
        printf '%-10s %-7s %-6s %12s %8s %8s %10s %10s %16s\n' bfs-L1 "$cs_size" "$pol" "$acc" \
            "$cpu" "$wall" "$rate" "$wrate" "$per"
    done
fi
