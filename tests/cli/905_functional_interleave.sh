# The functional runner interleaves a CTA's warps round-robin,
# ccgpu_functional_warp_run instructions at a time (default 1). A race-free
# benchmark gives the same results and counts in any order: the suite at
# small with the default, with runs of 1, 3 and 4096 instructions (4096: one
# warp's whole batch before the next, the run-ahead order) passes with
# identical lines. gc is left out of the comparison: its mark phase races on
# purpose (which thread greys a child depends on the order), so its counts
# move with the order while its result stays right.
. "$(dirname "$0")/lib.sh"
for k in default 1 3 4096; do
    opt=()
    [ $k = default ] || opt=(-o "ccgpu_functional_warp_run=$k")
    expect_output "suite_passes_$k" ' 0 failed$' "$CCGPU" suite --functional --size small "${opt[@]}"
    grep -v '^gc ' "$tmpdir/out" >"$tmpdir/suite.$k"
done
for k in 1 3 4096; do
    expect_ok "same_as_default_$k" cmp "$tmpdir/suite.default" "$tmpdir/suite.$k"
done
expect_fail warp_run_zero 'ccgpu_functional_warp_run must be at least 1' \
    "$CCGPU" run vecadd --functional --size small -o ccgpu_functional_warp_run=0
summary
