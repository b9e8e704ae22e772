# Access traces from the timing model (ccgpu_trace_l1/l2), ccgpu locality,
# ccgpu compare --belady: counts that must agree, OPT never above the
# timing model's LRU misses, and one-line errors.
. "$(dirname "$0")/lib.sh"

cfg="--config configs/ccws.cfg"

# the L1 trace holds one record per l1d access; the replay (LRU, the L1's
# geometry, emptied per launch) is within 0.1% of the timing model's misses
"$CCGPU" run kmeans $cfg --stats total -o ccgpu_trace_l1="$tmpdir/k.trace" >"$tmpdir/run.out" 2>&1
acc=$(awk '$1 == "l1d.accesses" { v = $2 } END { print v }' "$tmpdir/run.out")
mis=$(awk '$1 == "l1d.misses" { v = $2 } END { print v }' "$tmpdir/run.out")
expect_output trace_records "records, ${acc}? ?|${acc} records" "$CCGPU" cachesim "$tmpdir/k.trace" --size 32K --assoc 8
"$CCGPU" cachesim "$tmpdir/k.trace" --size 32K --assoc 8 >"$tmpdir/cs.out" 2>&1
rmis=$(awk '$1 == "misses" { print $2 }' "$tmpdir/cs.out")
if [ -n "$rmis" ] && [ -n "$mis" ] && awk -v a="$rmis" -v b="$mis" 'BEGIN { d = a - b; if (d < 0) d = -d; exit !(b > 0 && d <= 0.001 * b) }'; then
    passed=$((passed + 1))
else
    failed=$((failed + 1)); echo "FAIL replay_misses: trace LRU '$rmis' vs timing '$mis'"
fi

# locality: every access is a miss or one kind of hit, in both caches
expect_ok locality_runs "$CCGPU" locality bfs $cfg --sched lrr,gto --csv "$tmpdir/loc.csv"
if awk -F, 'NR > 1 { n++; if ($7 + $8 + $9 + $10 != $5 || $17 + $18 + $19 + $20 != $5) bad++ }
            END { exit !(n == 2 && bad == 0) }' "$tmpdir/loc.csv"; then passed=$((passed + 1))
else failed=$((failed + 1)); echo "FAIL locality_sums:"; cat "$tmpdir/loc.csv"; fi
expect_fail locality_unknown "unknown benchmark" "$CCGPU" locality nosuch
expect_fail locality_no_l1 "no L1D" "$CCGPU" locality bfs -o gpgpu_cache:dl1=none

# compare --belady: OPT on a scheduler's stream never misses more than the
# timing model's LRU L1 on it; with bypass never more than without
small_l1="gpgpu_cache:dl1=8:128:4,L:E:m:N,A:32:8,8"
"$CCGPU" compare kmeans $cfg -o $small_l1 --sched lrr,gto --belady >"$tmpdir/bel.out" 2>&1
"$CCGPU" compare kmeans $cfg -o $small_l1 --sched lrr,gto --belady-bypass >"$tmpdir/byp.out" 2>&1
if awk '$1 != "hmean" && NF >= 8 && $2 ~ /^(lrr|gto)$/ { n++; if ($8 > $7 || $8 <= 0) bad++ }
        END { exit !(n == 2 && bad == 0) }' "$tmpdir/bel.out"; then passed=$((passed + 1))
else failed=$((failed + 1)); echo "FAIL belady_le_lru:"; cat "$tmpdir/bel.out"; fi
if paste "$tmpdir/bel.out" "$tmpdir/byp.out" | awk '$2 ~ /^(lrr|gto)$/ && $1 != "hmean" { n++; if ($16 > $8) bad++ }
        END { exit !(n == 2 && bad == 0) }'; then passed=$((passed + 1))
else failed=$((failed + 1)); echo "FAIL bypass_le_opt:"; paste "$tmpdir/bel.out" "$tmpdir/byp.out"; fi
expect_output belady_hmean '^hmean +gto +1\.000 +[0-9.]+ +[0-9.]+$' cat "$tmpdir/bel.out"
expect_fail compare_belady_no_l1 "no L1D" "$CCGPU" compare bfs --belady -o gpgpu_cache:dl1=none

# a trace that cannot be written fails the run (issue #16: it exited 0)
expect_fail trace_disk_full 'ccgpu_trace_l1: /dev/full: write failed' \
    "$CCGPU" run vecadd --size small -o ccgpu_trace_l1=/dev/full
expect_fail trace_l2_disk_full 'ccgpu_trace_l2: /dev/full: write failed' \
    "$CCGPU" run vecadd --size small -o ccgpu_trace_l2=/dev/full
summary
