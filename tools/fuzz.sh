#!/usr/bin/env bash
# Runs each libFuzzer harness (built by `make fuzz` into BUILD/fuzz/) for
# SECONDS, starting from its committed seeds (tests/fuzz/corpus/NAME, never
# written to: new inputs go to BUILD/fuzz-corpus/NAME) and its regression
# inputs. Prints one line per harness with executions and coverage; exits
# non-zero when a harness found a crash, a leak, a timeout or an
# out-of-memory (the input is kept in BUILD/fuzz-crashes/NAME/: move it to
# tests/fuzz/regress/NAME/ with the fix).
#   tools/fuzz.sh BUILD SECONDS [NAME...]
set -u
build=$1 seconds=$2
shift 2
names=("$@")
if [ ${#names[@]} -eq 0 ]; then
    for f in tests/fuzz/*.c; do names+=("$(basename "$f" .c)"); done
fi
status=0 total=0
for n in "${names[@]}"; do
    work=$build/fuzz-corpus/$n crashes=$build/fuzz-crashes/$n
    mkdir -p "$work" "$crashes"
    dirs=("$work" "tests/fuzz/corpus/$n")
    [ -d "tests/fuzz/regress/$n" ] && dirs+=("tests/fuzz/regress/$n")
    log=$build/fuzz-$n.log
    "$build/fuzz/$n" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=3072 \
        -malloc_limit_mb=1200 -max_len=65536 -print_final_stats=1 \
        -artifact_prefix="$crashes/" "${dirs[@]}" >"$log" 2>&1
    rc=$?
    runs=$(awk '/stat::number_of_executed_units:/ { print $2 }' "$log")
    cov=$(grep -aoE 'cov: [0-9]+ ft: [0-9]+' "$log" | tail -n 1)
    corpus=$(grep -aoE 'corp: [0-9]+/[0-9]+[a-zA-Z]*' "$log" | tail -n 1)
    total=$((total + ${runs:-0}))
    if [ $rc -eq 0 ]; then
        printf 'fuzz %-16s %10s executions in %ss, %s, %s\n' "$n" "${runs:-?}" "$seconds" "$cov" "$corpus"
    else
        status=1
        printf 'fuzz %-16s FAILED (exit %d) after %s executions; see %s and %s\n' "$n" "$rc" \
            "${runs:-?}" "$log" "$crashes"
        grep -aE '^(==[0-9]+==ERROR|SUMMARY|.*runtime error)' "$log" | head -n 5 | sed 's/^/    /'
    fi
done
echo "fuzz: $total executions in all"
exit $status
