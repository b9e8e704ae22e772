# Speed work never changes a result (issue 13): the statistics JSON of every
# benchmark at small on configs/ccws.cfg with gto, ccws, swl:2 and lrr is
# byte-identical to the checksums recorded from the code at 7046b68 (re-recorded
# when thread_instructions_exec was added; nothing else changed)
# (tests/golden/stats-small.sha256; `make check-identical` does the same at
# medium). A difference is a failure unless it is a bug fix, which then
# re-records the golden file in its own commit (tools/stats-identical.sh --record).
. "$(dirname "$0")/lib.sh"
root=$(cd "$(dirname "$0")/../.." && pwd)
if "$root/tools/stats-identical.sh" "$(dirname "$CCGPU")" small \
        "$root/tests/golden/stats-small.sha256" 2 >"$tmpdir/log" 2>&1; then
    passed=$((passed + 1))
else
    failed=$((failed + 1)); echo "FAIL stats_small_identical:"; head -40 "$tmpdir/log"
fi
summary
