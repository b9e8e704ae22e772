#!/usr/bin/env bash
# Runs every test binary in the given build directories, then every command-line
# test in tests/cli/ against each build's ccgpu (showing the lines "SKIP ..."
# with which a test says what it could not test here), and prints one summary
# line: "N passed, N failed". Exit status is non-zero when anything failed. A
# test that cannot run on this machine at all (RESULT ... skipped=1, from
# lib.sh's skip_all) is listed under "skipped:" with its reason, before that
# line.
#
# A build's tests run TEST_JOBS at a time (default: the number of cores), the
# longest-running first (the command-line tests from the highest number
# down, then the test binaries), and are reported in their usual order once
# the build's last test has finished. The builds run one after the other:
# the nvcc-built programs of tests/cli/960 and 961 are shared by the builds,
# and each test starts its own private Slurm, so no test runs beside another
# copy of itself. Tests make their files under mktemp directories.
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

jobs=${TEST_JOBS:-$(nproc 2>/dev/null || echo 2)}
case "$jobs" in ''|*[!0-9]*|0) echo "run.sh: TEST_JOBS must be a positive number, not '$jobs'" >&2; exit 2 ;; esac
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
run_one() { # $1 = index, $2 = build, $3 = test (binary, or cli script)
    local out="$tmp/$1.out"
    case "$3" in
    *.sh) CCGPU="$PWD/$2/ccgpu" timeout 300 bash "$3" >"$out" 2>&1 ;;
    *) timeout 300 "$3" >"$out" 2>&1 ;;
    esac
    echo $? >"$tmp/$1.rc"
}
for build in "$@"; do
    tests=()
    for t in "$build"/tests/*; do [ -x "$t" ] && tests+=("$t"); done
    for t in tests/cli/[0-9]*.sh; do [ -f "$t" ] && tests+=("$t"); done
    # start order: cli tests (the slowest: sweeps, Slurm, nvcc) from the
    # highest number down, then the binaries
    order=()
    for ((i = ${#tests[@]} - 1; i >= 0; i--)); do
        case "${tests[i]}" in *.sh) order+=("$i") ;; esac
    done
    for ((i = 0; i < ${#tests[@]}; i++)); do
        case "${tests[i]}" in *.sh) ;; *) order+=("$i") ;; esac
    done
    running=0
    for i in "${order[@]}"; do
        if [ "$running" -ge "$jobs" ]; then wait -n; running=$((running - 1)); fi
        run_one "$i" "$build" "${tests[i]}" &
        running=$((running + 1))
    done
    wait
    for ((i = 0; i < ${#tests[@]}; i++)); do
        t=${tests[i]}
        case "$t" in
        *.sh) name="$build/cli/$(basename "$t")" ;;
        *) name="$build/$(basename "$t")" ;;
        esac
        out="$tmp/$i.out"
        status=$(cat "$tmp/$i.rc" 2>/dev/null || echo 255)
        printf '%-50s %s\n' "$name" "$(grep -a '^RESULT' "$out" | tail -n1 || true)"
        case "$t" in *.sh) grep -a '^SKIP' "$out" | sed 's/^/    /' ;; esac # parts a test skipped, and why
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
