#!/usr/bin/env bash
# The lookahead mode's speed on more than one thread (docs/parallel.md),
# tracked by `make bench-threads` (figures, not pass/fail):
#   tools/bench-threads.sh [BUILD_DIR] [SIZE]      defaults: build medium
# For each of $BENCHES (default: spmv gesummv syrk) and $SCHEDS (default:
# gto lrr swl:2), on configs/ccws.cfg with configs/lookahead.cfg: the run on
# one thread, then on each of $THREADS (default: 2), $ROUNDS times (default
# 2) through the whole list, one run at a time. Prints a markdown table of
# wall seconds on one thread / on N and the ratio, one cell per round, and
# each multi-thread run's own account on stderr (ccgpu_sim_threads: quanta
# on several threads, fallbacks). Exits 1 if any run's statistics differ from
# the one-thread run's (they must not, for any thread count).
# $MAX_CYCLE=N stops every run at cycle N (a quick look).
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
size=${2:-medium}
benches=${BENCHES-spmv gesummv syrk}
scheds=${SCHEDS-gto lrr swl:2}
threads=${THREADS-2}
rounds=${ROUNDS-2}
ccgpu="$build/ccgpu"
[ -x "$ccgpu" ] || { echo "bench-threads: $ccgpu not built (run make)" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cap=()
[ -z "${MAX_CYCLE:-}" ] || cap=(-o "gpgpu_max_cycle=$MAX_CYCLE")

wall_of() { # bench sched threads json: wall seconds of the run
    local t0 t1
    t0=$(date +%s%N)
    "$ccgpu" run "$1" --size "$size" --config configs/ccws.cfg --config configs/lookahead.cfg \
        -o "gpgpu_scheduler=$2" --threads "$3" "${cap[@]}" --quiet --json "$4" \
        >/dev/null 2>"$tmp/err" || { cat "$tmp/err" >&2; exit 2; }
    t1=$(date +%s%N)
    awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f\n", (b - a) / 1e9 }'
}

differ=0
for r in $(seq "$rounds"); do
    for b in $benches; do
        for s in $scheds; do
            one=$(wall_of "$b" "$s" 1 "$tmp/1.json")
            for t in $threads; do
                w=$(wall_of "$b" "$s" "$t" "$tmp/$t.json")
                grep -h '^ccgpu_sim_threads' "$tmp/err" | sed "s/^/$b $s --threads $t: /" >&2 || true
                if ! cmp -s "$tmp/1.json" "$tmp/$t.json"; then
                    echo "bench-threads: $b $s: statistics differ between 1 and $t threads" >&2
                    differ=1
                fi
                printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$r" "$b" "$s" "$t" "$one" "$w" >>"$tmp/rows"
            done
        done
    done
done
for t in $threads; do
    echo
    echo "wall seconds, one thread / $t threads = ratio, round by round ($size):"
    echo
    printf '| run |'; for s in $scheds; do printf ' %s |' "$s"; done; echo
    printf '|---|'; for s in $scheds; do printf -- '---|'; done; echo
    for b in $benches; do
        printf '| %s |' "$b"
        for s in $scheds; do
            awk -F'\t' -v b="$b" -v s="$s" -v t="$t" '
                $2 == b && $3 == s && $4 == t {
                    c = c (c == "" ? "" : "; ") sprintf("%.1f / %.1f = %.2fx", $5, $6, $5 / $6) }
                END { printf " %s |", c }' "$tmp/rows"
        done
        echo
    done
done
exit "$differ"
