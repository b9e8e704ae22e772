#!/usr/bin/env bash
# ccgpu_loop_counts 1: one line on stderr per launch with the exact loop's
# own work (loop cycles, memory-only cycles, SM visits and those with
# something to do, the DRAM schedulers' bank scans per command), the numbers
# `make bench-speed` reports for the memory-bound windows (docs/speed.md); the
# statistics are the same with it as without.
. "$(dirname "$0")/lib.sh"
root=$(cd "$(dirname "$0")/../.." && pwd)
cfg="$root/configs/ccws.cfg"
for b in bfs spmv; do
    "$CCGPU" run $b --config "$cfg" --quiet --json "$tmpdir/$b.0.json" >/dev/null 2>&1
    "$CCGPU" run $b --config "$cfg" -o ccgpu_loop_counts=1 --quiet --json "$tmpdir/$b.1.json" \
        >/dev/null 2>"$tmpdir/$b.err"
    expect_ok "loop_counts_same_statistics_$b" cmp "$tmpdir/$b.0.json" "$tmpdir/$b.1.json"
done
# one line per launch (bfs: 16), each with its six counts, no more visits
# with something to do than visits, at least one of each, and at most 1.1
# bank scans per DRAM command over the run
lines=$(grep -c '^ccgpu_loop_counts: kernel bfs_' "$tmpdir/bfs.err")
expect_ok loop_counts_one_line_per_launch test "$lines" -eq 16
check_lines() { # FILE: every line's numbers in order
    awk '/^ccgpu_loop_counts:/ {
        n = 0
        for (i = 1; i <= NF; i++) if ($i ~ /^[0-9]+$/) v[++n] = $i
        # v: cycles, memory-only, visits, useful, scans, commands
        if (n != 6 || v[3] < v[4] || v[4] < 1 || v[1] < 1) bad++
        s += v[5]; c += v[6]
    } END { exit !(bad == 0 && (c == 0 || s <= c + c / 10) ) }' "$1"
}
expect_ok loop_counts_consistent_bfs check_lines "$tmpdir/bfs.err"
expect_ok loop_counts_consistent_spmv check_lines "$tmpdir/spmv.err"
# spmv reads DRAM: commands counted, about one bank scan each
expect_ok loop_counts_dram_commands grep -qE 'DRAM: [1-9][0-9]* bank scans for [1-9][0-9]* commands' \
    "$tmpdir/spmv.err"
# the lookahead loop says what it does not count
expect_stderr loop_counts_lookahead "ccgpu_loop_counts: kernel spmv_csr_scalar: \(the lookahead loop counts no visits\); DRAM" \
    "$CCGPU" run spmv --config "$cfg" --config "$root/configs/lookahead.cfg" -o ccgpu_loop_counts=1 --quiet
expect_fail loop_counts_bad_value "ccgpu_loop_counts" \
    "$CCGPU" run spmv -o ccgpu_loop_counts=maybe --quiet
summary
