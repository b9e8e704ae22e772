# tools/gpgpusim-correlate.sh (docs/validation.md) without GPGPU-Sim: the
# correlation itself needs GPGPU-Sim and is not part of the test suite; this
# checks the script's refusals, its PTX comparison, its table arithmetic and,
# on runs of a stand-in for the GPGPU-Sim program, the scheduler dimension
# (-S) and the policy-effect tables (ratios); and which of GPGPU-Sim's
# scheduler strings ccgpu accepts.
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

# GPGPU-Sim's scheduler strings in a gpgpusim.config: lrr, gto,
# warp_limiting:2:N and two_level_active:N:0:1 are accepted; the
# prioritisations GPGPU-Sim does not implement are refused, naming the option
gtx=$repo/tests/fixtures/gpgpusim-configs/accel-sim-tested-SM2_GTX480/gpgpusim.config
for s in lrr gto warp_limiting:2:4 two_level_active:6:0:1; do
    { cat "$gtx"; echo "-gpgpu_scheduler $s"; } >"$tmpdir/sched.config"
    expect_output "accepts_$s" "^gpgpu_scheduler $s " "$CCGPU" config --config "$tmpdir/sched.config"
done
{ cat "$gtx"; echo "-gpgpu_scheduler two_level_active:6:1:1"; } >"$tmpdir/sched.config"
expect_fail refuses_two_level_active_1_1 \
    "sched.config:[0-9]+: option gpgpu_scheduler: two_level_active: prioritisation 1:1 is not modelled" \
    "$CCGPU" config --config "$tmpdir/sched.config"
{ cat "$gtx"; echo "-gpgpu_scheduler two_level_active:6:0:1"; } >"$tmpdir/sched.config"
expect_output runs_two_level_active '^kmeans +PASS' "$CCGPU" run kmeans --config "$tmpdir/sched.config"

# -S on a stand-in for GPGPU-Sim: an install whose env.sh does nothing and a
# "program" printing the figures the log parser reads, chosen by the
# -gpgpu_scheduler and -gpgpu_max_cycle lines of ./gpgpusim.config (capped:
# cycles = the cap, the break line, exit status 1, as GPGPU-Sim)
g=$tmpdir/gsim
w=$tmpdir/pw
mkdir -p "$g/gpgpu-sim/configs/tested-cfgs/CFG" "$w/prog"
: >"$g/env.sh"
cp "$gtx" "$g/gpgpu-sim/configs/tested-cfgs/CFG/gpgpusim.config"
: >"$g/gpgpu-sim/configs/tested-cfgs/CFG/net.icnt"
cat >"$w/prog/bench_prog" <<'PROG'
#!/bin/sh
b=$3
s=$(awk '$1 == "-gpgpu_scheduler" { s = $2 } END { print s }' gpgpusim.config)
cap=$(awk '$1 == "-gpgpu_max_cycle" { c = $2 } END { print c + 0 }' gpgpusim.config)
case $s in # cycles, thread instructions completed in a cap, L1D misses of 1000
gto) c=1000 i=100000 m=250 ;;
lrr) c=1100 i=80000 m=300 ;;
warp_limiting:2:1) c=1020 i=100000 m=250 ;;
warp_limiting:2:2) c=1010 i=50000 m=250 ;;
warp_limiting:2:4) c=1000 i=100000 m=250 ;;
two_level_active:6:0:1) c=800 i=100000 m=250 ;;
rrr) c=1200 i=100000 m=250 ;;
*) echo "FAIL $b: no figures for scheduler '$s'"; exit 1 ;;
esac
if [ "$cap" -gt 0 ]; then c=$cap; else i=100000; fi
printf 'kernel_name = k\nkernel_stream_id = 0\ngpu_sim_cycle = %s\ngpu_sim_insn = %s\n' $c $i
printf 'gpu_tot_sim_cycle = %s\ngpu_tot_sim_insn = %s\n' $c $i
printf '\tL1D_total_cache_accesses = 1000\n\tL1D_total_cache_misses = %s\n' $m
printf 'L2_total_cache_breakdown:\n\tL2_cache_stats_breakdown[GLOBAL_ACC_R][HIT] = 300\n'
printf '\tL2_cache_stats_breakdown[GLOBAL_ACC_R][MISS] = 100\ngpgpu_simulation_rate = 1 (inst/sec)\n'
if [ "$cap" -gt 0 ]; then
    echo 'GPGPU-Sim: ** break due to reaching the maximum cycles (or instructions) **'; exit 1
fi
echo "PASS $b"
PROG
chmod +x "$w/prog/bench_prog"
corr() { bash "$tool" -g "$g" -w "$w" -c CFG "$@"; }
expect_ok sched_runs corr -S gto,lrr,warp_limiting:2:1,warp_limiting:2:2,warp_limiting:2:4,two_level_active:6:0:1,rrr gsim b1
expect_ok sched_runs_capped corr -x '-gpgpu_max_cycle 5000' -S gto,lrr,warp_limiting:2:2 gsim b2
# the layout WORK/CFG/SCHED/BENCH, the scheduler appended after the -x lines
if [ "$(tail -n 2 "$w/CFG/warp_limiting-2-2/b2/gpgpusim.config")" = "$(printf -- '-gpgpu_max_cycle 5000\n-gpgpu_scheduler warp_limiting:2:2')" ] &&
   [ "$(tail -n 1 "$w/CFG/two_level_active-6-0-1/b1/gpgpusim.config")" = "-gpgpu_scheduler two_level_active:6:0:1" ] &&
   grep -q '^gpu_tot_sim_cycle = 1020$' "$w/CFG/warp_limiting-2-1/b1/gsim.log"; then passed=$((passed + 1))
else failed=$((failed + 1)); echo "FAIL sched_layout:"; ls -R "$w/CFG" | head -20; fi

# ccgpu's side, fabricated: SCHED BENCH cycles thread_instructions_exec l1d.misses
ccjson() {
    printf '{"total": {"cycles": %s, "thread_instructions_exec": %s, "l1d.misses": %s, "l1d.accesses": 1000, "l2.misses": 200, "l2.accesses": 1000}}\n' \
        "$3" "$4" "$5" >"$w/CFG/$1/$2/ccgpu.json"
    printf 'rc 0\n' >"$w/CFG/$1/$2/ccgpu.time"
}
ccjson gto b1 1000 100000 250
ccjson lrr b1 1150 100000 350        # gto / lrr: GPGPU-Sim 1.100, ccgpu 1.150: both >= 5%, same way
ccjson warp_limiting-2-1 b1 1010 100000 250  # 0.980 and 0.990: both flat
ccjson warp_limiting-2-2 b1 1100 100000 250  # 0.990 (flat) against 0.909: disagrees
ccjson warp_limiting-2-4 b1 960 100000 250   # 1.000 (flat) against 1.042: weak
ccjson gto b2 5000 100000 250        # capped: instructions in the cap
ccjson lrr b2 5000 110000 250        # gto / lrr: 1.250 against 0.909
ccjson warp_limiting-2-2 b2 4000 100000 250  # ccgpu finished under the cap: IPC 25 against 20
ccjson two_level_active-6-0-1 b1 880 100000 250  # 1.250 and 1.136: both >= 5%, same way
d=$w/CFG/rrr/b1   # ccgpu refuses the scheduler (GPGPU-Sim's rrr is not modelled)
"$CCGPU" config --config "$d/gpgpusim.config" >/dev/null 2>"$d/ccgpu.err"
printf 'rc 1\n' >"$d/ccgpu.time"

all=gto,lrr,warp_limiting:2:1,warp_limiting:2:2,warp_limiting:2:4,two_level_active:6:0:1,rrr
corr -S "$all" -o "$tmpdir/r.csv" ratios b1 b2 >"$tmpdir/ratios.md" 2>"$tmpdir/ratios.err"
echo "ratios exit $?" >>"$tmpdir/ratios.md"
ratio_line() { # NAME LINE: $tmpdir/ratios.md has LINE exactly
    if grep -qxF -- "$2" "$tmpdir/ratios.md"; then passed=$((passed + 1))
    else failed=$((failed + 1)); echo "FAIL ratios_$1: no line '$2' in:"; cat "$tmpdir/ratios.md" "$tmpdir/ratios.err"; fi
}
ratio_line exit 'ratios exit 0'
ratio_line same_way '| b1 | gto / lrr | cycles | 1.100 | 1.150 | +4.5% | yes |'
ratio_line flat '| b1 | warp_limiting:2:1 / gto | cycles | 0.980 | 0.990 | +1.0% | yes (flat) |'
ratio_line flat_vs_strong '| b1 | warp_limiting:2:2 / gto | cycles | 0.990 | 0.909 | -8.2% | no |'
ratio_line flat_vs_weak '| b1 | warp_limiting:2:4 / gto | cycles | 1.000 | 1.042 | +4.2% | weak |'
ratio_line two_level_active '| b1 | two_level_active:6:0:1 / gto | cycles | 1.250 | 1.136 | -9.1% | yes |'
ratio_line ccgpu_failed '| b1 | rrr / gto | cycles | 0.833 | - | - | ccgpu: failed |'
ratio_line capped '| b2 | gto / lrr | insts in cap | 1.250 | 0.909 | -27.3% | no |'
ratio_line one_capped '| b2 | warp_limiting:2:2 / gto | GPGPU-Sim insts in cap, ccgpu IPC (one capped) | 0.500 | 1.250 | +150.0% | no |'
ratio_line not_run '| b2 | warp_limiting:2:1 / gto | - | - | - | - | GPGPU-Sim: not run; ccgpu: not run |'
ratio_line run_row '| b1 | lrr | 1100 | 1150 | 100000 | 100000 | 0.300 | 0.350 | 0.250 | 0.200 |'
ratio_line run_capped '| b2 | lrr | 5000 (cap) | 5000 (cap) | 80000 | 110000 | 0.300 | 0.250 | 0.250 | 0.200 |'
ratio_line summary 'CFG: speed-ups compared 7; absolute error median 8.2%, worst 150.0% (b2 warp_limiting:2:2 / gto); direction disagrees in 3 of 5 where either simulator shows 5% or more (b1 warp_limiting:2:2 / gto, b2 gto / lrr, b2 warp_limiting:2:2 / gto); weak: 1'
ratio_line refusal_listed "- CFG rrr b1 on ccgpu: failed: ccgpu config: $d/gpgpusim.config:$(grep -c '' "$d/gpgpusim.config"): option gpgpu_scheduler: unknown warp scheduler 'rrr' (lrr, gto, 2lvl, oldest, swl, warp_limiting, two_level_active, ccws, dwt)"
ratio_line missing_listed '- CFG warp_limiting:2:4 b2 on GPGPU-Sim: missing: not run'
expect_output ratios_csv '^CFG,b2,warp_limiting:2:2,gto,insts in cap,IPC \(one capped\),0\.500000,1\.250000,1\.500000,no,0\.250000,0\.250000,0\.250000,0\.250000,0\.250000,0\.250000,0\.200000,0\.200000$' \
    cat "$tmpdir/r.csv"
expect_fail ratios_needs_S 'ratios needs the schedulers' bash "$tool" -w "$w" -c CFG ratios b1

# the direction rule at its boundaries: under 3% flat, 3-5% weak against flat, 5% a real effect
expect_output direction_rule '^yes \(flat\),weak,weak,no,no,no,yes$' python3 -c "
import importlib.util, sys
spec = importlib.util.spec_from_file_location('gc', sys.argv[1]); m = importlib.util.module_from_spec(spec)
spec.loader.exec_module(m)
print(','.join(m.direction(a, b) for a, b in
               ((1.0299, 1.0), (1.03, 1.0), (0.97, 1.0), (1.05, 1.0), (1.0, 0.95), (1.04, 0.96), (0.9, 0.8))))" "$py"
summary
