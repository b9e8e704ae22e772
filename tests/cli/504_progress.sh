# The live progress line: an invalid mode is an error; with stderr not a
# terminal (auto) nothing but errors reaches stderr. The progress lines of
# the many-run commands (src/cli/progress_lines.h) when stderr is not a
# terminal: one per run with CCGPU_PROGRESS_SECONDS=0, none from a command
# shorter than the interval, none with "off".
. "$(dirname "$0")/lib.sh"
expect_fail progress_bad_value "option ccgpu_progress: invalid value 'maybe'" \
    "$CCGPU" run vecadd --quiet -o ccgpu_progress=maybe
expect_ok progress_off "$CCGPU" run vecadd --quiet -o ccgpu_progress=off
"$CCGPU" run vecadd --quiet 2>"$tmpdir/stderr" >/dev/null
if [ -s "$tmpdir/stderr" ]; then failed=$((failed + 1)); echo "FAIL progress_auto_not_a_tty: stderr not empty"; cat "$tmpdir/stderr"
else passed=$((passed + 1)); fi
cmp_args=(compare vecadd reduction --sched lrr,gto -o gpgpu_n_clusters=2)
for jobs in 1 2; do
    CCGPU_PROGRESS_SECONDS=0 "$CCGPU" "${cmp_args[@]}" --jobs $jobs >/dev/null 2>"$tmpdir/p.err"
    if [ "$(grep -cE '^ccgpu compare: [1-4] of 4 runs done, last (vecadd|reduction) with (lrr|gto), [0-9]+ s elapsed$' "$tmpdir/p.err")" -eq 4 ] &&
        grep -q '^ccgpu compare: 4 of 4 runs done' "$tmpdir/p.err"; then passed=$((passed + 1))
    else failed=$((failed + 1)); echo "FAIL progress_lines_jobs$jobs:"; cat "$tmpdir/p.err"; fi
done
"$CCGPU" "${cmp_args[@]}" >/dev/null 2>"$tmpdir/p.err"
if [ -s "$tmpdir/p.err" ]; then failed=$((failed + 1)); echo "FAIL progress_lines_interval: a short compare printed"; cat "$tmpdir/p.err"
else passed=$((passed + 1)); fi
CCGPU_PROGRESS_SECONDS=off "$CCGPU" "${cmp_args[@]}" >/dev/null 2>"$tmpdir/p.err"
if [ -s "$tmpdir/p.err" ]; then failed=$((failed + 1)); echo "FAIL progress_lines_off"; else passed=$((passed + 1)); fi
summary
