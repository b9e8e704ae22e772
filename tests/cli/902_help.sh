# Help and version: `ccgpu help` lists every command; `ccgpu CMD --help`
# and `ccgpu help CMD` print the command's usage on stdout with exit 0 for
# every command; `ccgpu --version` is `ccgpu version`; every option run's
# help names is one its parser takes (the help is printed from the tables
# the parser reads).
. "$(dirname "$0")/lib.sh"
d=$tmpdir
check() {
    local name=$1; shift
    if "$@"; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL $name"; fi
}
expect_output help_lists 'ccgpu help COMMAND' "$CCGPU" help
awk '/^commands:/ { on = 1; next } on && /^  [a-z]/ { print $1 } /^$/ && on > 0 && n++ { exit }' \
    "$tmpdir/out" >"$d/commands"
check help_lists_commands [ "$(wc -l <"$d/commands")" -ge 20 ]
check help_lists_run grep -qx run "$d/commands"
for c in $(cat "$d/commands"); do
    for form in "$c --help" "help $c" "$c -h"; do
        # shellcheck disable=SC2086
        if timeout 60 "$CCGPU" $form >"$d/h.out" 2>"$d/h.err" && grep -q "^usage: ccgpu $c" "$d/h.out" &&
            [ ! -s "$d/h.err" ]; then passed=$((passed + 1))
        else failed=$((failed + 1)); echo "FAIL help '$form':"; head -3 "$d/h.out" "$d/h.err"; fi
    done
done
expect_output dash_dash_help '^commands:' "$CCGPU" --help
expect_fail help_unknown "^ccgpu: unknown command 'frob' \(see ccgpu help\)$" "$CCGPU" help frob
expect_fail help_two 'one command at a time' "$CCGPU" help run compare
expect_output version_option '^ccgpu [0-9]+\.[0-9]+' "$CCGPU" --version
check version_same [ "$("$CCGPU" --version)" = "$("$CCGPU" version)" ]
expect_fail version_args 'ccgpu version: takes no arguments' "$CCGPU" version now
# the kernel-running commands end their help with the shared options
expect_output run_shared_options '^  --config FILE ' "$CCGPU" run --help
# every option run's help lists is taken by its parser (never "unknown
# option"); options with a value get a placeholder value
"$CCGPU" run --help | awk '/^  -/ { print $1, ($2 ~ /^[A-Z]|\|/ ? $2 : "") }' >"$d/run_opts"
check run_opts_listed [ "$(wc -l <"$d/run_opts")" -ge 12 ]
while read -r opt value; do
    [ "$opt" = --help ] && continue
    # shellcheck disable=SC2086
    "$CCGPU" run $opt $value >/dev/null 2>"$d/o.err"
    if grep -q 'unknown option' "$d/o.err"; then failed=$((failed + 1)); echo "FAIL run_option $opt: $(head -1 "$d/o.err")"
    else passed=$((passed + 1)); fi
done <"$d/run_opts"
summary
