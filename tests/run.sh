#!/usr/bin/env bash
# Runs every test binary in the given build directories, then every command-line
# test in tests/cli/ against each build's ccgpu (showing the lines "SKIP ..."
# with which a test says what it could not test here), and prints one summary
# line: "N passed, N failed". Exit status is non-zero when anything failed. A
# test that cannot run on this machine at all (RESULT ... skipped=1, from
# lib.sh's skip_all) is listed under "skipped:" with its reason, before that
# line.
set -u
cd "$(dirname "$0")/.."
total_pass=0
total_fail=0
failed_names=()
skipped_names=()

account() { # $1 = label, $2 = output file, $3 = exit status
    local line p f
    line=$(grep -a '^RESULT passed=' "$2" | tail -n 1)
    if [ -z "$line" ]; then
        # crashed or never reported: count it as one failure
        total_fail=$((total_fail + 1)); failed_names+=("$1 (no result, exit $3)")
        tail -n 20 "$2" | sed 's/^/    /'
        return
    fi
    p=${line#RESULT passed=}; p=${p%% *}
    f=${line##*failed=}
    case "$line" in *skipped=[1-9]*)
        skipped_names+=("$1: $(grep -a -m1 '^SKIP ' "$2" | cut -c6-)") ;;
    esac
    total_pass=$((total_pass + p)); total_fail=$((total_fail + f))
    if [ "$f" != 0 ] || [ "$3" != 0 ]; then
        [ "$f" = 0 ] && total_fail=$((total_fail + 1))
        failed_names+=("$1")
        grep -a -v '^RESULT' "$2" | tail -n 40 | sed 's/^/    /'
    fi
}

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for build in "$@"; do
    for t in "$build"/tests/*; do
        [ -x "$t" ] || continue
        name="$build/$(basename "$t")"
        out="$tmp/out"
        timeout 300 "$t" >"$out" 2>&1
        status=$?
        printf '%-50s %s\n' "$name" "$(grep -a '^RESULT' "$out" | tail -n1 || true)"
        account "$name" "$out" "$status"
    done
    for t in tests/cli/[0-9]*.sh; do
        [ -f "$t" ] || continue
        name="$build/cli/$(basename "$t")"
        out="$tmp/out"
        CCGPU="$PWD/$build/ccgpu" timeout 300 bash "$t" >"$out" 2>&1
        status=$?
        printf '%-50s %s\n' "$name" "$(grep -a '^RESULT' "$out" | tail -n1 || true)"
        grep -a '^SKIP' "$out" | sed 's/^/    /' # parts a test skipped, and why
        account "$name" "$out" "$status"
    done
done
if [ ${#skipped_names[@]} -gt 0 ]; then
    echo "skipped:"
    printf '  %s\n' "${skipped_names[@]}"
fi
if [ ${#failed_names[@]} -gt 0 ]; then
    echo "failed:"
    printf '  %s\n' "${failed_names[@]}"
fi
echo "$total_pass passed, $total_fail failed"
[ "$total_fail" = 0 ]
