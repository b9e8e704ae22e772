#!/usr/bin/env bash
# Regression guard for speed work (issue 13): the statistics JSON of every
# benchmark on configs/ccws.cfg, with the config's scheduler (gto) and with
# ccws, swl and lrr, must stay byte-identical. The golden file holds one
# line per run, "SHA256  BENCH SCHED"; a model change that moves statistics
# re-records it (--record) in its own commit, which says what moved and why.
#   tools/stats-identical.sh BUILD SIZE GOLDEN [JOBS]           compare
#   tools/stats-identical.sh --record BUILD SIZE GOLDEN [JOBS]  add to GOLDEN
# Compare prints one line per differing or missing run and exits 1 if any;
# a run that GOLDEN lacks (a new benchmark) is reported and skipped. Record
# appends each run as it finishes and skips runs GOLDEN already has, so an
# interrupted recording resumes (delete GOLDEN to record afresh).
# SCHEDS="gto lrr" limits either to those schedulers.
# STATS_TIMES=FILE appends each run's CPU seconds and warp instructions to FILE.
# STATS_OPTIONS="k=v ..." passes each as -o k=v to every run (options that
# must not change a statistic, such as ccgpu_check_register_init=1).
set -euo pipefail
record=0
if [ "${1:-}" = --record ]; then record=1; shift; fi
[ $# -ge 3 ] || { echo "usage: $0 [--record] BUILD SIZE GOLDEN [JOBS]" >&2; exit 2; }
build=$1 size=$2 golden=$3 jobs=${4:-2}
cd "$(dirname "$0")/.."
ccgpu="$build/ccgpu"
[ -x "$ccgpu" ] || { echo "stats-identical: $ccgpu not built" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
scheds=${SCHEDS:-gto ccws swl:2 lrr}
benches=$("$ccgpu" list | awk '/^[a-z]/{print $1}')
[ $record = 0 ] || touch "$golden"
for s in $scheds; do
    for b in $benches; do
        if grep -q " $b $s\$" "$golden"; then
            [ $record = 1 ] || echo "$b $s"
        elif [ $record = 1 ]; then
            echo "$b $s"
        else
            echo "$b $s" >>"$tmp/unrecorded"
        fi
    done
done >"$tmp/runs"
# one run: the config's own scheduler is gto, so "gto" passes no option
run_one() {
    local b=$1 s=$2 opt=()
    [ "$s" = gto ] || opt=(-o "gpgpu_scheduler=$s")
    for o in ${STATS_OPTIONS:-}; do opt+=(-o "$o"); done
    if /usr/bin/time -f %U -o "$tmp/$b.$s.time" "$ccgpu" run "$b" --size "$size" \
        --config configs/ccws.cfg "${opt[@]}" --quiet --json "$tmp/$b.$s.json" \
        >/dev/null 2>"$tmp/$b.$s.err"; then
        echo "$(sha256sum <"$tmp/$b.$s.json" | cut -d' ' -f1)  $b $s"
        # STATS_TIMES=FILE: also log "BENCH SCHED CPU_S WARP_INSTS" (the total block is last)
        [ -z "${STATS_TIMES:-}" ] || echo "$b $s $(tail -n1 "$tmp/$b.$s.time") $(grep \
            '"warp_instructions"' "$tmp/$b.$s.json" | tail -n1 | tr -dc '0-9')" >>"$STATS_TIMES"
    else
        echo "FAILED($(head -c 200 "$tmp/$b.$s.err" | tr '\n' ' '))  $b $s"
    fi
}
export -f run_one
export ccgpu size tmp STATS_OPTIONS
if [ $record = 1 ]; then
    xargs -P "$jobs" -L 1 bash -c 'run_one "$0" "$1"' <"$tmp/runs" | while read -r line; do
        case "$line" in FAILED*) echo "$line" >&2 ;; *) echo "$line" >>"$golden" ;; esac
    done
    sort -k2,3 -o "$golden" "$golden"
    echo "stats-identical: $golden holds $(wc -l <"$golden") runs at $size"
    exit 0
fi
xargs -P "$jobs" -L 1 bash -c 'run_one "$0" "$1"' <"$tmp/runs" | sort -k2,3 >"$tmp/now"
bad=0
while read -r sum b s; do
    case " $scheds " in *" $s "*) ;; *) continue ;; esac
    got=$(awk -v b="$b" -v s="$s" '$2 == b && $3 == s {print $1}' "$tmp/now")
    if [ -z "$got" ]; then
        echo "MISSING $b $s (benchmark no longer listed)"; bad=$((bad + 1))
    elif [ "$got" != "$sum" ]; then
        echo "DIFFERS $b $s ($got, golden $sum)"; bad=$((bad + 1))
    fi
done <"$golden"
[ -s "$tmp/unrecorded" ] && echo "stats-identical: $(wc -l <"$tmp/unrecorded") runs not in $golden (not run)"
n=$(wc -l <"$tmp/now")
echo "stats-identical: $((n - bad)) of $n runs at $size byte-identical"
[ $bad = 0 ]
