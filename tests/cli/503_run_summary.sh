# What `ccgpu run` prints: by default the result line, each kernel's
# occupancy and a short summary (at most 40 lines for bfs) whose figures are
# the statistics' own; --stats all|total|none, --per-kernel, --quiet.
. "$(dirname "$0")/lib.sh"
d=$tmpdir
check() {
    local name=$1; shift
    if "$@"; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL $name"; fi
}
# total NAME < --stats total output: the statistic's value
total() { awk -v n="$1" '$1 == n { print $2 }' "$d/total.out"; }

expect_output summary_warp_ipc '^  warp IPC +[0-9.]+ warp instructions per cycle' "$CCGPU" run bfs
cp "$tmpdir/out" "$d/summary.out"
check summary_short [ "$(wc -l <"$d/summary.out")" -le 40 ]
check summary_mpki_unit grep -q 'MPKI: misses per 1,000 warp instructions' "$d/summary.out"
check summary_stalls grep -qE '^    stalled: operands pending \(scoreboard\) +[0-9.]+ %$' "$d/summary.out"
check summary_not_full [ "$(grep -c '^kernel ' "$d/summary.out")" -eq 0 ]
expect_output stats_total '^total \(16 kernels\)' "$CCGPU" run bfs --stats total
cp "$tmpdir/out" "$d/total.out"
# the summary's figures are the statistics' (thousands separators aside)
num() { grep -E "^  $1 " "$d/summary.out" | awk '{ print $'"$2"' }' | tr -d ,; }
check summary_cycles [ "$(num time 2)" = "$(total cycles)" ]
check summary_warp_insts [ "$(num instructions 2)" = "$(total warp_instructions)" ]
check summary_dram_reads [ "$(num DRAM 2)" = "$(total dram.reads)" ]
check summary_l1_accesses [ "$(num L1D 2)" = "$(total l1d.accesses)" ]
check summary_l1_mpki [ "$(grep -E '^  L1D ' "$d/summary.out" | grep -oE '[0-9.]+ MPKI' | cut -d' ' -f1)" = \
    "$(printf '%.2f' "$(total l1d.mpki)")" ]
check total_no_kernels [ "$(grep -c '^kernel ' "$d/total.out")" -eq 0 ]
# energy: listed exactly when the run has energy statistics
energy_stats=$(grep -c '^  energy' "$d/total.out")
check summary_energy_iff_stats [ "$(grep -c '^    energy' "$d/summary.out")" -eq "$((energy_stats > 10 ? 10 : energy_stats))" ]

expect_output stats_all '^kernel 15: bfs_update' "$CCGPU" run bfs --stats all
check stats_all_warp_ipc grep -q '^  warp_ipc ' "$tmpdir/out"
# --per-kernel: one row per launch, their cycles adding up to the total's
expect_output per_kernel '^ +15 bfs_update ' "$CCGPU" run bfs --stats none --per-kernel
check per_kernel_rows [ "$(grep -cE '^ +[0-9]+ bfs_' "$tmpdir/out")" -eq 16 ]
check per_kernel_cycles_sum [ "$(awk '$2 ~ /^bfs_/ { s += $3 } END { print s }' "$tmpdir/out")" = "$(total cycles)" ]
expect_output quiet '^bfs +PASS' "$CCGPU" run bfs --quiet
check quiet_one_line [ "$(wc -l <"$tmpdir/out")" -eq 1 ]
expect_output stats_none '^bfs +PASS' "$CCGPU" run bfs --stats none
check stats_none_one_line [ "$(wc -l <"$tmpdir/out")" -eq 1 ]
expect_output functional_summary 'functional model' "$CCGPU" run vecadd --functional
expect_fail run_no_bench '^usage: ccgpu run BENCH \[options\] \(ccgpu run --help lists them\)$' "$CCGPU" run
check run_no_bench_one_line [ "$(wc -l <"$tmpdir/err")" -eq 1 ]
expect_fail stats_bad '^ccgpu run: --stats some: expected summary, all, total or none$' "$CCGPU" run bfs --stats some
expect_fail stats_no_value '^ccgpu run: option --stats needs a value$' "$CCGPU" run bfs --stats
# a register count the configuration sets is named as such, not as an estimate
expect_output regs_from_config '^occupancy vecadd: 32 registers/thread \(ccgpu_regs_per_thread\)' \
    "$CCGPU" run vecadd -o ccgpu_regs_per_thread=32
summary
