# Helpers for command-line tests. Each tests/cli/*.sh sources this, calls
# expect_* for each case, and ends with `summary`. $CCGPU is the binary.
passed=0
failed=0
tmpdir=$(mktemp -d)
trap 'rm -rf "$tmpdir"' EXIT

# expect_ok NAME CMD...: exits 0
expect_ok() {
    local name=$1; shift
    if "$@" >"$tmpdir/out" 2>"$tmpdir/err"; then passed=$((passed + 1))
    else failed=$((failed + 1)); echo "FAIL $name: exit $? from: $*"; head -5 "$tmpdir/err"; fi
}

# expect_fail NAME PATTERN CMD...: exits non-zero, one-line stderr matching PATTERN, no crash
expect_fail() {
    local name=$1 pattern=$2; shift 2
    "$@" >"$tmpdir/out" 2>"$tmpdir/err"
    local status=$?
    if [ $status -eq 0 ]; then failed=$((failed + 1)); echo "FAIL $name: expected failure"; return; fi
    if [ $status -ge 128 ]; then failed=$((failed + 1)); echo "FAIL $name: crashed (status $status)"; cat "$tmpdir/err"; return; fi
    if ! grep -qE -- "$pattern" "$tmpdir/err"; then
        failed=$((failed + 1)); echo "FAIL $name: stderr does not match '$pattern':"; cat "$tmpdir/err"; return
    fi
    passed=$((passed + 1))
}

# expect_stderr NAME PATTERN CMD...: stderr matches PATTERN (any exit status, no crash)
expect_stderr() {
    local name=$1 pattern=$2; shift 2
    "$@" >"$tmpdir/out" 2>"$tmpdir/err"
    local status=$?
    if [ $status -ge 128 ]; then failed=$((failed + 1)); echo "FAIL $name: crashed ($status)"; return; fi
    if grep -qE -- "$pattern" "$tmpdir/err"; then passed=$((passed + 1))
    else failed=$((failed + 1)); echo "FAIL $name: stderr does not match '$pattern':"; head -5 "$tmpdir/err"; fi
}

# expect_output NAME PATTERN CMD...: exits 0 and stdout matches PATTERN
expect_output() {
    local name=$1 pattern=$2; shift 2
    if ! "$@" >"$tmpdir/out" 2>"$tmpdir/err"; then
        failed=$((failed + 1)); echo "FAIL $name: exit non-zero"; head -5 "$tmpdir/err"; return
    fi
    if grep -qE -- "$pattern" "$tmpdir/out"; then passed=$((passed + 1))
    else failed=$((failed + 1)); echo "FAIL $name: stdout does not match '$pattern'"; head -20 "$tmpdir/out"; fi
}

summary() { echo "RESULT passed=$passed failed=$failed"; [ $failed -eq 0 ]; }

# skip_all REASON: the whole test cannot run here (a tool is missing, ...);
# counted as skipped, not failed, with the reason in the test summary.
skip_all() { echo "SKIP $1"; echo "RESULT passed=$passed skipped=1 failed=$failed"; exit 0; }
