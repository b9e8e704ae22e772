#!/usr/bin/env bash
# Simulator speed, tracked by `make bench-speed` (not a test: figures, not pass/fail).
# For each benchmark and mode it reports host instructions per simulated warp
# instruction (callgrind: stable on shared machines) and, from a plain run,
# simulated warp / thread instructions per second of CPU time (noisy).
#   tools/bench-speed.sh [BUILD_DIR] [SIZE]      defaults: build medium
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
size=${2:-medium}
ccgpu="$build/ccgpu"
[ -x "$ccgpu" ] || { echo "bench-speed: $ccgpu not built (run make)" >&2; exit 2; }
have_valgrind=1
command -v valgrind >/dev/null 2>&1 || have_valgrind=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf '%-8s %-10s %-7s %14s %16s %12s %14s %16s\n' bench mode size warp_insts thread_insts cpu_s warp_insts/s host_insn/warp
for bench in bfs kmeans; do
    for mode in functional timing; do
        args=(run "$bench" --size "$size" --quiet --json "$tmp/s.json")
        [ "$mode" = functional ] && args+=(--functional) || args+=(--config configs/ccws.cfg)
        # CPU seconds of the whole process (includes input generation and the CPU check)
        cpu=$( { /usr/bin/time -f '%U %S' "$ccgpu" "${args[@]}" >/dev/null; } 2>&1 | tail -n1 | awk '{print $1+$2}')
        # the "total" block comes last in the statistics JSON
        warp=$(grep '"warp_instructions"' "$tmp/s.json" | tail -n1 | tr -dc '0-9')
        thread=$(grep '"thread_instructions"' "$tmp/s.json" | tail -n1 | tr -dc '0-9')
        per=n/a
        if [ $have_valgrind = 1 ]; then
            # only the launches are counted: input generation and checks are excluded
            valgrind --tool=callgrind --callgrind-out-file="$tmp/cg" --toggle-collect=ccgpu_launch \
                "$ccgpu" "${args[@]}" >/dev/null 2>"$tmp/vg" || true
            total=$(grep -m1 'Collected' "$tmp/vg" | awk '{print $NF}')
            [ -n "$total" ] && per=$(awk -v t="$total" -v w="$warp" 'BEGIN{printf "%.0f", t/w}')
        fi
        rate=$(awk -v w="$warp" -v c="$cpu" 'BEGIN{ if (c>0) printf "%.2fM", w/c/1e6; else print "n/a"}')
        printf '%-8s %-10s %-7s %14s %16s %12s %14s %16s\n' "$bench" "$mode" "$size" "$warp" "$thread" "$cpu" "$rate" "$per"
    done
done
