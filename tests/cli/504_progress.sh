# The live progress line: an invalid mode is an error; with stderr not a
# terminal (auto) nothing but errors reaches stderr.
. "$(dirname "$0")/lib.sh"
expect_fail progress_bad_value "option ccgpu_progress: invalid value 'maybe'" \
    "$CCGPU" run vecadd --quiet -o ccgpu_progress=maybe
expect_ok progress_off "$CCGPU" run vecadd --quiet -o ccgpu_progress=off
"$CCGPU" run vecadd --quiet 2>"$tmpdir/stderr" >/dev/null
if [ -s "$tmpdir/stderr" ]; then failed=$((failed + 1)); echo "FAIL progress_auto_not_a_tty: stderr not empty"; cat "$tmpdir/stderr"
else passed=$((passed + 1)); fi
summary
