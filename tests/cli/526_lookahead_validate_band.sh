#!/usr/bin/env bash
# tools/lookahead-validate.sh with BAND (docs/parallel.md): the exact model
# is also run with each BAND setting, and a run counts as outside when it
# differs by more than 3% (a speed-up by more than 2%) and lies outside the
# range of the exact model's own results under those settings. Checked
# with a setting far from the exact model as KEY=VALUE (40 crossbar cycles
# instead of 8): outside a band of one cycle more, inside a band that holds
# the same setting.
. "$(dirname "$0")/lib.sh"
root=$(cd "$(dirname "$0")/../.." && pwd)
build=$(cd "$(dirname "$CCGPU")" && pwd)
validate() { # BAND
    BAND="$1" SCHEDS="gto lrr" "$root/tools/lookahead-validate.sh" "$build" small \
        mem_icnt_latency=40 2 vecadd
}
expect_output band_far_outside \
    '^band: [12] of 2 runs beyond 3% of cycles and outside the exact model.s band; [01] of 1 speed-ups' \
    validate "mem_icnt_latency=9"
cp "$tmpdir/out" "$tmpdir/far"
expect_ok band_names_the_run grep -qE '^  vecadd gto: cycles \+[0-9.]+%, band [-+][0-9.]+% \.\. \+[0-9.]+% OUTSIDE$' \
    "$tmpdir/far"
expect_output band_holds_setting \
    '^band: 0 of 2 runs beyond 3% of cycles and outside the exact model.s band; 0 of 1 speed-ups' \
    validate "mem_icnt_latency=9 mem_icnt_latency=40"
cp "$tmpdir/out" "$tmpdir/near"
expect_ok band_named_inside grep -qE '^  vecadd gto: cycles \+[0-9.]+%, band [-+][0-9.]+% \.\. \+[0-9.]+%$' "$tmpdir/near"
no_band() { SCHEDS="gto lrr" "$root/tools/lookahead-validate.sh" "$build" small mem_icnt_latency=40 2 vecadd; }
expect_output no_band_summary '^summary: ' no_band
cp "$tmpdir/out" "$tmpdir/none"
expect_ok no_band_line sh -c "! grep -q '^band:' '$tmpdir/none'"
summary
