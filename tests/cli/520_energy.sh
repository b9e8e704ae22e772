# The energy model from the command line (docs/energy.md): with a power file,
# `run` writes energy statistics to the JSON and its printed statistics, and `compare` gains
# its energy columns; without one, neither changes; a bad power file or
# option is one line naming the file and line, and a non-zero exit.
. "$(dirname "$0")/lib.sh"
root=$(cd "$(dirname "$0")/../.." && pwd)
power="$root/configs/power/qv100.power"
cd "$root" || exit 1

expect_ok run_with_power "$CCGPU" run vecadd --size small --config configs/ccws.cfg \
    -o "ccgpu_power_file=$power" --quiet --json "$tmpdir/e.json"
if grep -q '"energy.total_pj": [1-9]' "$tmpdir/e.json" && grep -q '"energy.avg_power_w"' "$tmpdir/e.json" &&
    grep -q '"energy.per_warp_inst_pj"' "$tmpdir/e.json" && grep -q '"energy.group.dram_pj"' "$tmpdir/e.json"; then
    passed=$((passed + 1))
else
    failed=$((failed + 1)); echo "FAIL json_has_energy"
fi
expect_output stats_print_energy 'energy\.group\.sm_pj +[0-9]+' \
    "$CCGPU" run vecadd --size small --config configs/ccws.cfg -o "ccgpu_power_file=$power"
expect_ok run_without_power "$CCGPU" run vecadd --size small --config configs/ccws.cfg --quiet \
    --json "$tmpdir/n.json"
if grep -q energy "$tmpdir/n.json"; then failed=$((failed + 1)); echo "FAIL no_energy_without_power"
else passed=$((passed + 1)); fi

expect_output compare_energy_columns ' energy +E/base$' "$CCGPU" compare vecadd --sched gto,lrr \
    --config configs/ccws.cfg -o "ccgpu_power_file=$power"
expect_output compare_energy_units ' \(uJ\) +\(x base\)$' "$CCGPU" compare vecadd --sched gto,lrr \
    --config configs/ccws.cfg -o "ccgpu_power_file=$power"
expect_output compare_energy_base_is_one '^vecadd +gto .* 1\.000 *$' "$CCGPU" compare vecadd --sched gto,lrr \
    --config configs/ccws.cfg -o "ccgpu_power_file=$power"
"$CCGPU" compare vecadd --sched gto,lrr --config configs/ccws.cfg >"$tmpdir/c.out" 2>&1
if grep -q 'E/base' "$tmpdir/c.out"; then failed=$((failed + 1)); echo "FAIL compare_no_energy_without_power"
else passed=$((passed + 1)); fi
expect_ok compare_csv "$CCGPU" compare vecadd --sched gto,lrr --config configs/ccws.cfg \
    -o "ccgpu_power_file=$power" --csv "$tmpdir/c.csv"
expect_output compare_csv_columns 'l1_mpki,energy_uj,energy_norm$' head -n 1 "$tmpdir/c.csv"

printf 'rf_read_pj 1\nrf_read_pj 2\n' >"$tmpdir/dup.power"
expect_fail bad_power_twice "dup.power:2: key given twice: 'rf_read_pj'" \
    "$CCGPU" run vecadd --size small -o "ccgpu_power_file=$tmpdir/dup.power"
printf 'rf_read_pj -1\n' >"$tmpdir/neg.power"
expect_fail bad_power_negative "neg.power:1: negative value: '-1'" \
    "$CCGPU" run vecadd --size small -o "ccgpu_power_file=$tmpdir/neg.power"
printf 'no_such_pj 1\n' >"$tmpdir/unk.power"
expect_fail bad_power_unknown "unk.power:1: unknown key 'no_such_pj'" \
    "$CCGPU" run vecadd --size small -o "ccgpu_power_file=$tmpdir/unk.power"
expect_fail bad_power_missing "missing.power: cannot open power file" \
    "$CCGPU" run vecadd --size small -o "ccgpu_power_file=$tmpdir/missing.power"
expect_fail bad_power_binary "power file" \
    "$CCGPU" run vecadd --size small -o "ccgpu_power_file=/dev/zero"
expect_fail bad_voltage "ccgpu_power_voltage" \
    "$CCGPU" run vecadd --size small -o "ccgpu_power_file=$power" -o ccgpu_power_voltage=-1
summary
