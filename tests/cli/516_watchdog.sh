# The progress watchdog (ccgpu_watchdog_cycles): a launch in which no warp
# instruction issues for that many cycles fails with a one-line error naming
# the option; the default lets every run end normally, and 0 turns it off.
# Neither it nor the runaway check changes a statistic.
# With a 20-cycle limit a vecadd on one SM trips it (its last stores drain
# for longer than that after the last instruction).
. "$(dirname "$0")/lib.sh"
# (a benchmark run reports its failure on its result line, and exits 1)
"$CCGPU" run vecadd --quiet -o gpgpu_n_clusters=1 -o ccgpu_watchdog_cycles=20 \
    >"$tmpdir/trip" 2>&1
status=$?
if [ $status -eq 1 ] && grep -qE 'FAIL .*no warp instruction issued for [0-9]+ cycles .*ccgpu_watchdog_cycles' "$tmpdir/trip"; then
    passed=$((passed + 1))
else failed=$((failed + 1)); echo "FAIL watchdog_trips: exit $status"; head -3 "$tmpdir/trip"; fi
# the functional mode has no cycles: the option changes nothing there
"$CCGPU" run vecadd --functional --quiet -o ccgpu_watchdog_cycles=20 >/dev/null 2>&1 &&
    passed=$((passed + 1)) || { failed=$((failed + 1)); echo "FAIL watchdog_functional: the functional mode has no cycles to watch"; }
expect_ok watchdog_default "$CCGPU" run vecadd --quiet -o gpgpu_n_clusters=1
expect_ok watchdog_off "$CCGPU" run vecadd --quiet -o gpgpu_n_clusters=1 -o ccgpu_watchdog_cycles=0
expect_fail watchdog_bad_value "ccgpu_watchdog_cycles" \
    "$CCGPU" run vecadd --quiet -o ccgpu_watchdog_cycles=soon
# the same statistics with the watchdog on (default) and off
"$CCGPU" run bfs --quiet --json "$tmpdir/on.json" >/dev/null 2>&1
"$CCGPU" run bfs --quiet --json "$tmpdir/off.json" -o ccgpu_watchdog_cycles=0 >/dev/null 2>&1
if cmp -s "$tmpdir/on.json" "$tmpdir/off.json"; then passed=$((passed + 1))
else failed=$((failed + 1)); echo "FAIL watchdog_changes_nothing: statistics differ"; fi
# the runaway check (ccgpu_runaway_cycles) and the wall-clock budget
# (ccgpu_launch_seconds) only read counters too
"$CCGPU" run bfs --quiet --json "$tmpdir/rw.json" -o ccgpu_runaway_cycles=0 -o ccgpu_launch_seconds=3600 \
    >/dev/null 2>&1
if cmp -s "$tmpdir/on.json" "$tmpdir/rw.json"; then passed=$((passed + 1))
else failed=$((failed + 1)); echo "FAIL runaway_changes_nothing: statistics differ"; fi
summary
