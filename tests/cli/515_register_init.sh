# Registers are zeroed at a CTA's start and at a call only where the code may
# read them before writing (src/ptx/reg_live_in.c, issue 13). With
# ccgpu_check_register_init=1 every other register slot starts filled with a
# pattern instead: the statistics JSON of every benchmark at small (gto and
# ccws) must still match the golden checksums, so no kernel of the suite
# reads a slot the analysis left out. (tests/204 and 208 show the check
# fails when the analysis leaves out a register that is read first.)
. "$(dirname "$0")/lib.sh"
root=$(cd "$(dirname "$0")/../.." && pwd)
if STATS_OPTIONS="ccgpu_check_register_init=1" SCHEDS="gto ccws" \
        "$root/tools/stats-identical.sh" "$(dirname "$CCGPU")" small \
        "$root/tests/golden/stats-small.sha256" 2 >"$tmpdir/log" 2>&1; then
    passed=$((passed + 1))
else
    failed=$((failed + 1)); echo "FAIL register_fill_changes_nothing:"; head -40 "$tmpdir/log"
fi
expect_fail bad_value "ccgpu_check_register_init" \
    "$CCGPU" run vecadd --size small -o ccgpu_check_register_init=maybe
summary
