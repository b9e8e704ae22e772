# ccgpu run in timing mode (the default) and ccgpu compare.
. "$(dirname "$0")/lib.sh"
small="-o gpgpu_n_clusters=2"
expect_output run_timing '^  warp_ipc ' "$CCGPU" run vecadd --config configs/ccws.cfg $small --stats all
expect_output run_functional 'PASS' "$CCGPU" run vecadd --functional
expect_output compare_table '^hmean +lrr +[0-9.]+' "$CCGPU" compare vecadd kmeans --sched lrr,gto,swl:2 --config configs/ccws.cfg $small
expect_output compare_base 'normalised to gto' "$CCGPU" compare vecadd --sched lrr,gto --config configs/ccws.cfg $small
# the table's columns and units: warp IPC, the speed-up in cycles, the work
# relative to the base, MPKI per 1,000 warp instructions; one ratio column
# per meaning (no IPC/base beside an equal speedup)
t=$tmpdir/out
if grep -qE '^benchmark +scheduler +cycles +warp IPC +speedup +insts/base +L1D MPKI$' "$t" &&
    grep -qE '^ +\(core\) +\(/cycle\) +\(x base\) +\(x base\) +\(/1k wi\)$' "$t" &&
    grep -q 'MPKI: L1D misses per 1,000 warp instructions' "$t" && ! grep -q 'IPC/base' "$t"; then
    passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL compare_columns:"; head -3 "$t"; fi
# speedup = gto's cycles / the row's; insts/base 1.000 (the same work)
if awk '$1 == "vecadd" { c[$2] = $3; s[$2] = $5; w[$2] = $6 }
    END { if (!("gto" in c) || !("lrr" in c)) exit 1
          d = c["gto"] / c["lrr"] - s["lrr"]; if (d > 0.0006 || d < -0.0006) exit 1
          if (s["gto"] != "1.000" || w["lrr"] != "1.000") exit 1 }' "$t"; then
    passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL compare_speedup_column:"; cat "$t"; fi
expect_fail compare_bad_sched "unknown warp scheduler 'nope'" "$CCGPU" compare vecadd --sched nope
expect_fail compare_bad_bench "unknown benchmark 'nope'" "$CCGPU" compare nope --sched gto
expect_fail bad_option "ccgpu_skip_idle" "$CCGPU" run vecadd -o ccgpu_skip_idle=maybe
expect_fail bad_latency "ptx_opcode_latency_int" "$CCGPU" run vecadd -o ptx_opcode_latency_int=1,2
expect_fail bad_warp_parts "gpgpu_shmem_warp_parts: 3 does not divide 32" "$CCGPU" run vecadd -o gpgpu_shmem_warp_parts=3
expect_fail bad_ccws_decay "decay must be at least 1" "$CCGPU" run vecadd -o gpgpu_scheduler=ccws:decay=0
expect_fail bad_ccws_choice "probe=all .expected miss or merge." "$CCGPU" run vecadd -o gpgpu_scheduler=ccws:probe=all
summary
