# Policies as plugins (docs/extending.md, include/ccgpu_policy.h):
#  - the built-in GTO, CCWS, two-level active, LRU + PRIC and round-robin
#    CTA dispatch, built
#    from their own sources in src/policy/ as plugins against the public
#    header alone, give statistics byte-identical to the compiled-in ones;
#  - a missing file, a missing descriptor, another API version, a plugin
#    without the asked kind are one-line errors naming the file;
#  - `ccgpu policy-check` passes the examples and names the rule a broken
#    plugin breaks (order() drops a warp; next_event() hides a change);
#  - in the gcc build's pass, the commands of docs/extending.md run as
#    written from a scratch home directory (install, out-of-tree build with
#    pkg-config, policy-check, compare, sweep).
. "$(dirname "$0")/lib.sh"
repo=$(cd "$(dirname "$0")/../.." && pwd)
cc=$(command -v cc || command -v gcc || command -v clang) || skip_all "no C compiler"
plug() { # plug NAME SOURCE...: builds $tmpdir/NAME.so against include/ only
    local name=$1; shift
    if "$cc" -shared -fPIC -fvisibility=hidden -std=c11 -Wall -Wextra -Werror \
        -D_POSIX_C_SOURCE=200809L -I"$repo/include" -o "$tmpdir/$name.so" "$@" 2>"$tmpdir/cc.err"; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1)); echo "FAIL build $name:"; head -5 "$tmpdir/cc.err"
    fi
}
for p in builtin_gto builtin_ccws builtin_two_level_active builtin_lru_ipoly builtin_rr broken_drop broken_clock \
    no_symbol wrong_version gto_order_only broken_first; do
    plug "$p" "$repo/tests/plugins/$p.c"
done
plug youngest_first "$repo/examples/policies/youngest_first.c"
plug lip "$repo/examples/policies/lip.c"

# same statistics as the compiled-in policy
same() { # same NAME BUILTIN-OPTIONS -- PLUGIN-OPTIONS
    local name=$1; shift
    local a=() b=()
    while [ "$1" != -- ]; do a+=(-o "$1"); shift; done
    shift
    while [ $# -gt 0 ]; do b+=(-o "$1"); shift; done
    if "$CCGPU" run kmeans --size small "${a[@]}" --json "$tmpdir/a.json" >/dev/null 2>&1 &&
        "$CCGPU" run kmeans --size small "${b[@]}" --json "$tmpdir/b.json" >/dev/null 2>&1 &&
        cmp -s "$tmpdir/a.json" "$tmpdir/b.json"; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1)); echo "FAIL $name: plugin and built-in statistics differ (or a run failed)"
    fi
}
t=$tmpdir
same gto_as_plugin gpgpu_scheduler=gto -- "gpgpu_scheduler=plugin:$t/builtin_gto.so"
same ccws_as_plugin gpgpu_scheduler=ccws:k=4 -- "gpgpu_scheduler=plugin:$t/builtin_ccws.so:k=4"
# (it asks the SM through ccgpu_warp_long_wait)
same two_level_active_as_plugin gpgpu_scheduler=two_level_active:6:0:1 -- \
    "gpgpu_scheduler=plugin:$t/builtin_two_level_active.so:6:0:1"
# a version-1 plugin (order written out at every walk) against gto's first hook
same gto_order_only gpgpu_scheduler=gto -- "gpgpu_scheduler=plugin:$t/gto_order_only.so"
# the same with sub-cores: each of two schedulers issues into its own share
# of the issue stages and units (docs/timing-model.md)
sc=(gpgpu_num_sched_per_core=2 gpgpu_num_sp_units=2 gpgpu_num_sfu_units=2
    gpgpu_pipeline_widths=2,0,0,2,2,2,0,0,2,2,2 gpgpu_operand_collector_num_units_mem=2
    gpgpu_sub_core_model=1)
same gto_as_plugin_sub_cores "${sc[@]}" gpgpu_scheduler=gto -- "${sc[@]}" \
    "gpgpu_scheduler=plugin:$t/builtin_gto.so"
same ccws_as_plugin_sub_cores "${sc[@]}" gpgpu_scheduler=ccws:k=4 -- "${sc[@]}" \
    "gpgpu_scheduler=plugin:$t/builtin_ccws.so:k=4"
same two_level_active_as_plugin_sub_cores "${sc[@]}" gpgpu_scheduler=two_level_active:6:0:1 -- \
    "${sc[@]}" "gpgpu_scheduler=plugin:$t/builtin_two_level_active.so:6:0:1"
same gto_order_only_sub_cores "${sc[@]}" gpgpu_scheduler=gto -- "${sc[@]}" \
    "gpgpu_scheduler=plugin:$t/gto_order_only.so"
same lru_ipoly_as_plugin ccgpu_l1_repl=lru ccgpu_l1_index=ipoly -- \
    "ccgpu_l1_repl=plugin:$t/builtin_lru_ipoly.so" "ccgpu_l1_index=plugin:$t/builtin_lru_ipoly.so"
same l2_lru_as_plugin ccgpu_l2_repl=lru -- "ccgpu_l2_repl=plugin:$t/builtin_lru_ipoly.so"
same rr_as_plugin ccgpu_cta_sched=rr -- "ccgpu_cta_sched=plugin:$t/builtin_rr.so"
# and a different policy really is different
"$CCGPU" run kmeans --size small -o "gpgpu_scheduler=plugin:$t/youngest_first.so" --json "$t/y.json" >/dev/null 2>&1
if cmp -s "$t/a.json" "$t/y.json"; then failed=$((failed + 1)); echo "FAIL youngest_differs: same statistics as rr/gto"
else passed=$((passed + 1)); fi

# loading errors
expect_fail missing_file "plugin $t/nope.so: cannot load" "$CCGPU" run vecadd -o "gpgpu_scheduler=plugin:$t/nope.so"
expect_fail no_descriptor "no symbol 'ccgpu_policy_plugin'" "$CCGPU" run vecadd -o "gpgpu_scheduler=plugin:$t/no_symbol.so"
expect_fail wrong_version 'built for policy API version 99, this ccgpu has version 2' \
    "$CCGPU" run vecadd -o "gpgpu_scheduler=plugin:$t/wrong_version.so"
expect_fail wrong_kind "lip.so: provides no warp scheduler" "$CCGPU" run vecadd -o "gpgpu_scheduler=plugin:$t/lip.so"
expect_fail plugin_args 'youngest_first takes no arguments' \
    "$CCGPU" run vecadd -o "gpgpu_scheduler=plugin:$t/youngest_first.so:7"

# the contract tool
expect_output check_youngest 'policy-check: all checks passed' "$CCGPU" policy-check "$t/youngest_first.so"
expect_output check_lip 'policy-check: all checks passed' "$CCGPU" policy-check "$t/lip.so"
expect_output check_builtin_ccws 'policy-check: all checks passed' "$CCGPU" policy-check ccws --no-run
expect_fail check_drops "FAILED: rule 'order\(\) lists each live warp once': drops_a_warp left out live slot" \
    "$CCGPU" policy-check "$t/broken_drop.so"
expect_fail check_clock "FAILED: rule 'next_event\(\) announces every change': hides_its_clock" \
    "$CCGPU" policy-check "$t/broken_clock.so"
expect_fail check_first "FAILED: rule 'first\(\) gives order\(\)'s first candidate': lowest_first returned slot" \
    "$CCGPU" policy-check "$t/broken_first.so"
expect_fail check_usage 'neither a plugin' "$CCGPU" policy-check no_such_policy

# docs/extending.md as written, once (gcc build's pass)
if [ "$(basename "$(dirname "$CCGPU")")" != build ]; then
    echo "SKIP docs/extending.md commands: run in the gcc build's pass only"
elif ! command -v pkg-config >/dev/null 2>&1; then
    echo "SKIP docs/extending.md commands: pkg-config not installed (apt-get install pkgconf)"
else
    awk '/^```sh$/ { on = 1; next } /^```$/ { on = 0 } on' "$repo/docs/extending.md" >"$t/doc.sh"
    mkdir -p "$t/home"
    if (cd "$repo" && unset MAKEFLAGS MAKELEVEL MFLAGS && HOME="$t/home" bash -e "$t/doc.sh") \
        >"$t/doc.out" 2>&1 && [ "$(grep -c 'policy-check: all checks passed' "$t/doc.out")" = 2 ] &&
        grep -q 'plugin:./youngest_first.so' "$t/doc.out" && [ -f "$t/home/my-policies/lip-vs-lru/results.csv" ]; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1)); echo "FAIL docs/extending.md commands:"; tail -15 "$t/doc.out"
    fi
fi
summary
