# A test whose setup fails fails, it never passes having checked nothing
# (tests/check.h: SETUP, check_setup_failed): with a failure planted in
# every setup (CCGPU_TEST_FAIL_SETUP=1) the tests below that make what they
# check report failures, at least as many as they have setups; and the
# shared-data case of 910 is skipped, not passed, where the data folder is
# missing.
. "$(dirname "$0")/lib.sh"
bin=$(dirname "$CCGPU")/tests
for spec in "403_icnt 1" "404_dram 9" "603_sched_order 8" "910_bench_small 1"; do
    set -- $spec
    if [ ! -x "$bin/$1" ]; then
        failed=$((failed + 1)); echo "FAIL $1: $bin/$1 not built"; continue
    fi
    CCGPU_TEST_FAIL_SETUP=1 ASAN_OPTIONS=detect_leaks=0 timeout 300 "$bin/$1" >"$tmpdir/$1.out" 2>&1
    n=$(grep -c '^FAIL ' "$tmpdir/$1.out")
    if [ "$n" -ge "$2" ] && grep -q 'setup failed' "$tmpdir/$1.out"; then passed=$((passed + 1))
    else failed=$((failed + 1)); echo "FAIL $1: $n tests failed with every setup failing (expected $2 or more)"; fi
done
# no shared data folder: 910's case is skipped, with its reason
mkdir -p "$tmpdir/empty/repo" && cp -r configs "$tmpdir/empty/repo/" 2>/dev/null
if (cd "$tmpdir/empty/repo" && timeout 300 "$bin/910_bench_small" >"$tmpdir/skip.out" 2>&1) &&
    grep -q '^SKIP shared_data_inputs: no shared data folder' "$tmpdir/skip.out" &&
    grep -q '^RESULT passed=[0-9]* skipped=1 failed=0' "$tmpdir/skip.out"; then
    passed=$((passed + 1))
else failed=$((failed + 1)); echo "FAIL shared_data_skipped:"; tail -3 "$tmpdir/skip.out"; fi
summary
