#!/usr/bin/env bash
# The lookahead mode (ccgpu_sim_lookahead > 0, docs/parallel.md): its
# statistics are byte-identical on one, two and four threads for every
# benchmark at small on configs/ccws.cfg with gto, lrr, ccws and swl:2 (the
# memory system's own thread is used: the runs say how many quanta ran on
# several threads; on four the SMs of race-free kernels run in four
# groups), and match the recorded checksums of
# configs/lookahead.cfg's lookahead; spmv, gesummv and syrk at medium (to a
# cap) on 1, 2 and 4 threads; a cap and a failed launch too; the
# exact model (lookahead 0) is unchanged by --threads; bad values of the
# options fail with one line naming them.
. "$(dirname "$0")/lib.sh"
root=$(cd "$(dirname "$0")/../.." && pwd)
benches=$("$CCGPU" list | awk '/^[a-z]/{print $1}')
for s in gto lrr ccws swl:2; do for b in $benches; do echo "$b $s"; done; done >"$tmpdir/runs"
# one benchmark and scheduler on 1, 2 and 4 threads: "same" or what
# differs, with on four threads whether the SMs shared one and why
run_counts() {
    local b=$1 s=$2 d="$tmpdir/$1.$2" n
    for n in 1 2 4; do
        "$CCGPU" run "$b" --config "$root/configs/ccws.cfg" --config "$root/configs/lookahead.cfg" \
            -o "gpgpu_scheduler=$s" --threads $n --quiet --json "$d.$n.json" >/dev/null \
            2>"$d.$n.err" || { echo "FAILED $b $s --threads $n: $(head -c 200 "$d.$n.err")"; return; }
    done
    if cmp -s "$d.1.json" "$d.2.json" && cmp -s "$d.1.json" "$d.4.json"; then
        echo "same $b $s $(sed -n 's/.* quanta, \([0-9]*\) on several threads.*/\1/p' "$d.2.err")" \
            "$(grep -c 'its SMs share one thread' "$d.4.err")" \
            "$(sed -n 's/.*its SMs share one thread (\([a-z]*\).*/\1/p' "$d.4.err")"
        echo "$(sha256sum <"$d.1.json" | cut -d' ' -f1)  $b $s" >"$d.sum"
    else
        echo "DIFFERS $b $s"
    fi
}
export -f run_counts
export CCGPU root tmpdir
xargs -P 2 -L 1 bash -c 'run_counts "$0" "$1"' <"$tmpdir/runs" >"$tmpdir/log"
n=$(wc -l <"$tmpdir/runs")
if [ "$(grep -c '^same' "$tmpdir/log")" -eq "$n" ]; then
    passed=$((passed + 1))
else
    failed=$((failed + 1))
    echo "FAIL lookahead_threads_identical: $(grep -vc '^same' "$tmpdir/log") of $n runs:"
    grep -v '^same' "$tmpdir/log" | head -5
fi
# and the lookahead model's own golden checksums (a model change that moves
# them re-records tests/golden/stats-small-lookahead.sha256 with
# STATS_OPTIONS=ccgpu_sim_lookahead=L tools/stats-identical.sh --record)
if [ "$(cat "$tmpdir"/*.sum 2>/dev/null | sort | sha256sum)" = \
     "$(sort "$root/tests/golden/stats-small-lookahead.sha256" | sha256sum)" ]; then
    passed=$((passed + 1))
else
    failed=$((failed + 1))
    echo "FAIL lookahead_golden: runs differing from tests/golden/stats-small-lookahead.sha256:" \
        "$(cat "$tmpdir"/*.sum 2>/dev/null | sort | diff - <(sort "$root/tests/golden/stats-small-lookahead.sha256") |
           awk '/^[<>]/ { printf "%s %s, ", $3, $4 }' | head -c 300)"
fi
# the second thread ran quanta (else the comparison would prove nothing)
if awk '$1 == "same" && $4 > 0 { found = 1 } END { exit !found }' "$tmpdir/log"; then
    passed=$((passed + 1))
else
    failed=$((failed + 1))
    echo "FAIL lookahead_two_threads_used: no run put a quantum on the second thread"
fi
# on four threads the SMs of a race-free kernel run in four groups (no
# line says they share one thread) and a kernel with atomics says why not
if awk '$1 == "same" && $2 == "spmv" && $5 == 0 { s = 1 }
        $1 == "same" && $2 == "histogram" && $5 == 1 && $6 == "atomics" { h = 1 }
        $1 == "same" && $5 == 0 { n++ }
        END { exit !(s && h && n >= 40) }' "$tmpdir/log"; then
    passed=$((passed + 1))
else
    failed=$((failed + 1))
    echo "FAIL lookahead_sm_groups: spmv not split, histogram not refused, or fewer than 40 runs split:" \
        "$(awk '$1 == "same" && $5 == 0' "$tmpdir/log" | wc -l) split"
fi
# the memory-bound benchmarks at medium (the runs docs/parallel.md times),
# with gto and swl:2, the first 200,000 cycles: the same on 1, 2 and 4 threads
for b in spmv gesummv syrk; do for s in gto swl:2; do for n in 1 2 4; do
    echo "$b $s $n"
done; done; done >"$tmpdir/medium-runs"
medium_run() {
    "$CCGPU" run "$1" --size medium --config "$root/configs/ccws.cfg" \
        --config "$root/configs/lookahead.cfg" -o "gpgpu_scheduler=$2" -o gpgpu_max_cycle=200000 \
        --threads "$3" --quiet --json "$tmpdir/med.$1.$2.$3.json" >/dev/null \
        2>"$tmpdir/med.$1.$2.$3.err" || echo "FAILED $1 $2 --threads $3"
}
export -f medium_run
xargs -P 2 -L 1 bash -c 'medium_run "$0" "$1" "$2"' <"$tmpdir/medium-runs" >"$tmpdir/medium-log"
medium_bad=$(cat "$tmpdir/medium-log")
for b in spmv gesummv syrk; do for s in gto swl:2; do for n in 2 4; do
    cmp -s "$tmpdir/med.$b.$s.1.json" "$tmpdir/med.$b.$s.$n.json" ||
        medium_bad="$medium_bad $b $s: --threads $n differs from 1;"
done
    grep -q '"cycles": 200000,' "$tmpdir/med.$b.$s.1.json" ||
        medium_bad="$medium_bad $b $s: not stopped at the cap;"
    grep -q ' [1-9][0-9]* on several threads' "$tmpdir/med.$b.$s.2.err" ||
        medium_bad="$medium_bad $b $s: no quantum on the second thread;"
    ! grep -q 'share one thread' "$tmpdir/med.$b.$s.4.err" ||
        medium_bad="$medium_bad $b $s: SMs not split on 4 threads;"
done; done
if [ -z "$medium_bad" ]; then passed=$((passed + 1))
else failed=$((failed + 1)); echo "FAIL lookahead_threads_medium:$medium_bad" | head -c 400; echo; fi
# a gpgpu_max_cycle cap cuts a quantum short and stops at its cycle; a
# launch the watchdog fails drains the link: both the same on 1, 2 and 4
# threads
for n in 1 2 4; do
    "$CCGPU" run bfs --config "$root/configs/lookahead.cfg" -o gpgpu_max_cycle=3001 --threads $n \
        --quiet --json "$tmpdir/cap$n.json" >"$tmpdir/cap$n.out" 2>&1
    "$CCGPU" run vecadd --config "$root/configs/lookahead.cfg" -o gpgpu_n_clusters=1 \
        -o ccgpu_watchdog_cycles=20 --threads $n --quiet --json "$tmpdir/wd$n.json" \
        >"$tmpdir/wd$n.out" 2>&1
done
if grep -q 'STOP .*stopped at gpgpu_max_cycle 3001' "$tmpdir/cap1.out" &&
    grep -q '"cycles": 3001,' "$tmpdir/cap1.json" && cmp -s "$tmpdir/cap1.json" "$tmpdir/cap2.json" &&
    cmp -s "$tmpdir/cap1.json" "$tmpdir/cap4.json"; then
    passed=$((passed + 1))
else failed=$((failed + 1)); echo "FAIL lookahead_cap: $(head -c 300 "$tmpdir/cap1.out")"; fi
if grep -q 'FAIL .*ccgpu_watchdog_cycles' "$tmpdir/wd1.out" && cmp -s "$tmpdir/wd1.json" "$tmpdir/wd2.json" &&
    cmp -s "$tmpdir/wd1.json" "$tmpdir/wd4.json"
then passed=$((passed + 1))
else failed=$((failed + 1)); echo "FAIL lookahead_watchdog: $(head -c 300 "$tmpdir/wd1.out")"; fi
# lookahead 0 is the exact model whatever --threads says (and says so)
"$CCGPU" run spmv --config "$root/configs/ccws.cfg" --quiet --json "$tmpdir/exact1.json" \
    >/dev/null 2>&1
expect_stderr exact_threads_one_line "ccgpu_sim_threads 2: the exact model" \
    "$CCGPU" run spmv --config "$root/configs/ccws.cfg" --threads 2 --quiet \
    --json "$tmpdir/exact2.json"
expect_ok exact_threads_same cmp "$tmpdir/exact1.json" "$tmpdir/exact2.json"
expect_fail lookahead_too_long "ccgpu_sim_lookahead.*mem_icnt_latency" \
    "$CCGPU" run spmv -o ccgpu_sim_lookahead=8 --quiet
expect_fail lookahead_not_number "ccgpu_sim_lookahead" \
    "$CCGPU" run spmv -o ccgpu_sim_lookahead=x --quiet
expect_fail lookahead_perfect_mem "ccgpu_sim_lookahead.*gpgpu_perfect_mem" \
    "$CCGPU" run spmv -o ccgpu_sim_lookahead=2 -o gpgpu_perfect_mem=1 --quiet
expect_fail threads_zero "--threads 0" "$CCGPU" run spmv --threads 0 --quiet
expect_fail threads_word "--threads x" "$CCGPU" run spmv --threads x --quiet
expect_fail threads_option_zero "ccgpu_sim_threads" "$CCGPU" run spmv -o ccgpu_sim_threads=0 --quiet
summary
