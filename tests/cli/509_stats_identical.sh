# Speed work never changes a result: the statistics JSON of every
# benchmark at small on configs/ccws.cfg with gto, ccws, swl:2 and lrr is
# byte-identical to the recorded checksums (tests/golden/stats-small.sha256;
# `make check-identical` does the same at medium). A difference is a failure unless it is a bug fix, which then
# re-records the golden file in its own commit (tools/stats-identical.sh --record).
# A failure names every run whose statistics changed.
. "$(dirname "$0")/lib.sh"
root=$(cd "$(dirname "$0")/../.." && pwd)
if "$root/tools/stats-identical.sh" "$(dirname "$CCGPU")" small \
        "$root/tests/golden/stats-small.sha256" 2 >"$tmpdir/log" 2>&1; then
    passed=$((passed + 1))
else
    # which runs changed, all of them, on one line (the runner shows a
    # failed test's last lines), then the script's summary
    failed=$((failed + 1))
    echo "FAIL stats_small_identical: $(grep -cE '^(DIFFERS|MISSING)' "$tmpdir/log") runs changed:" \
        "$(grep -E '^(DIFFERS|MISSING)' "$tmpdir/log" | awk '{ printf "%s%s %s", n++ ? ", " : "", $2, $3 }')"
    grep -vE '^(DIFFERS|MISSING)' "$tmpdir/log" | tail -n 5
fi
summary
