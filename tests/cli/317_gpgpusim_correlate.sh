# tools/gpgpusim-correlate.sh (docs/validation.md) without GPGPU-Sim: the
# correlation itself needs GPGPU-Sim and is not part of the test suite; this
# checks the script's refusals, its PTX comparison and its table arithmetic.
. "$(dirname "$0")/lib.sh"
repo=$(cd "$(dirname "$0")/../.." && pwd)
tool=$repo/tools/gpgpusim-correlate.sh
command -v python3 >/dev/null || skip_all "gpgpusim-correlate: python3 not found"

expect_fail no_gpgpusim 'no GPGPU-Sim at /nonexistent' bash "$tool" -g /nonexistent -w "$tmpdir/w" gsim vecadd
expect_fail unknown_step "unknown step 'frobnicate'" bash "$tool" -w "$tmpdir/w" frobnicate vecadd

# the committed PTX against itself, then against a copy with one instruction changed
py=$repo/tools/gpgpusim-correlate.py
expect_output same_ptx '^2 of 2 kernels identical' python3 "$py" sameptx "$repo/bench/mvt/mvt.ptx" "$repo/bench/mvt/mvt.ptx"
sed '0,/mul.wide.s32/s//mul.wide.u32/' "$repo/bench/mvt/mvt.ptx" >"$tmpdir/changed.ptx"
if python3 "$py" sameptx "$tmpdir/changed.ptx" "$repo/bench/mvt/mvt.ptx" >"$tmpdir/o" 2>&1; then
    failed=$((failed + 1)); echo "FAIL changed_ptx: accepted"
elif grep -q 'kernel mvt_kernel1 differs' "$tmpdir/o"; then passed=$((passed + 1))
else failed=$((failed + 1)); echo "FAIL changed_ptx:"; cat "$tmpdir/o"; fi

# table: a GPGPU-Sim log with the figures the script reads, and a real ccgpu run
d=$tmpdir/w/CFG/vecadd
mkdir -p "$d"
"$CCGPU" run vecadd --quiet --json "$d/ccgpu.json" >/dev/null 2>&1
cycles=$(python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['total']['cycles'])" "$d/ccgpu.json")
cat >"$d/gsim.log" <<'LOG'
gpu_sim_cycle = 2000
gpu_sim_insn = 344064
gpu_tot_sim_cycle = 2000
gpu_tot_sim_insn = 344064
	L1D_total_cache_accesses = 1000
	L1D_total_cache_misses = 250
gpgpu_n_tot_w_icount = 11264
	L2_cache_stats_breakdown[GLOBAL_ACC_R][HIT] = 300
	L2_cache_stats_breakdown[GLOBAL_ACC_R][MISS] = 100
	L2_cache_stats_breakdown[INST_ACC_R][MISS] = 999
gpgpu_simulation_time = 0 days, 0 hrs, 0 min, 3 sec (3 sec)
LOG
printf 'rc 0\nwall 3.0\n' >"$d/gsim.time"
ratio=$(python3 -c "print(f'{$cycles / 2000:.3f}')")
mape=$(python3 -c "print(f'{100 * abs($cycles - 2000) / 2000:.1f}')")
expect_output table_row "^\| vecadd \| 2000 \| $cycles \| $ratio \| 344064 \| 360448 / 344064 \| 1.0000 \| 11264 \| 11264 \| 0.250 \| [0-9.]+ \| 0.250 \| " \
    bash "$tool" -w "$tmpdir/w" -c CFG table vecadd
expect_output table_mape "MAPE of cycles \(CFG, 1 benchmarks\): $mape%" bash "$tool" -w "$tmpdir/w" -c CFG table vecadd
summary
