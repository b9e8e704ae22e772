# tools/accelsim-correlate.sh (docs/accelsim.md) and the trace writer's
# ccgpu_sass_trace_nvbit_regs: the script's refusals and its table
# arithmetic on a stand-in Accel-Sim log; the writer's NVBit register limit
# (at most one destination and four sources a line, which Accel-Sim's
# parser asserts) leaves every count of the replay equal. With
# ACCELSIM_DIR set to an install of ../shared/tools/accelsim/build.sh, one benchmark
# also runs on Accel-Sim itself; without it that part is skipped (Accel-Sim
# is not part of the test suite).
. "$(dirname "$0")/lib.sh"
repo=$(cd "$(dirname "$0")/../.." && pwd)
tool=$repo/tools/accelsim-correlate.sh
command -v python3 >/dev/null || skip_all "accelsim-correlate: python3 not found"
command -v bc >/dev/null || skip_all "accelsim-correlate: bc not found"

expect_fail no_accelsim 'no Accel-Sim at /nonexistent' bash "$tool" -a /nonexistent -w "$tmpdir/w" asim bfs
expect_fail unknown_step "unknown step 'frobnicate'" bash "$tool" -w "$tmpdir/w" frobnicate bfs

# the writer: nbody's vector loads and stores list up to 4 destinations
# and 5 sources; with ccgpu_sass_trace_nvbit_regs 1 no line lists more than
# 1 and 4, and the replay's counts are the PTX run's
maxregs() { # TRACEDIR: "max_dst max_src" over the instruction lines
    cat "$1"/kernel-*.traceg | awk '$1 ~ /^[0-9a-f]+$/ && length($2) == 8 && $3 ~ /^[0-9]+$/ {
        nd = $3; ns = $(5 + nd); if (nd > d) d = nd; if (ns > s) s = ns }
        END { print d + 0, s + 0 }'
}
for opt in 0 1; do
    "$CCGPU" run nbody -o "ccgpu_sass_trace_out=$tmpdir/nb$opt" -o "ccgpu_sass_trace_nvbit_regs=$opt" \
        --json "$tmpdir/nb$opt.ptx.json" --quiet >/dev/null 2>"$tmpdir/nb.err" ||
        { failed=$((failed + 1)); echo "FAIL write_nvbit_regs_$opt: $(head -1 "$tmpdir/nb.err")"; }
done
m0=$(maxregs "$tmpdir/nb0") m1=$(maxregs "$tmpdir/nb1")
if [ "$m1" = "1 4" ] && [ "$m0" != "1 4" ]; then passed=$((passed + 1))
else failed=$((failed + 1)); echo "FAIL nvbit_regs_limit: max dst/src $m0 without, $m1 with the option"; fi
expect_ok replay_nvbit_regs "$CCGPU" trace-run "$tmpdir/nb1/kernelslist.g" --json "$tmpdir/nb1.trace.json" --quiet
same=$(python3 - "$tmpdir/nb1.ptx.json" "$tmpdir/nb1.trace.json" <<'PY'
import json, sys
a = json.load(open(sys.argv[1]))["total"]; b = json.load(open(sys.argv[2]))["total"]
keys = ["warp_instructions", "thread_instructions_exec", "warp_loads.shared", "warp_stores.global",
        "l1d.accesses", "ldst.smem_accesses"]
print("; ".join(f"{k} {a.get(k)} != {b.get(k)}" for k in keys if a.get(k) != b.get(k)) or "same")
PY
)
if [ "$same" = same ]; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL replay_counts: $same"; fi
expect_fail nvbit_regs_bad 'ccgpu_sass_trace_nvbit_regs' "$CCGPU" run vecadd -o ccgpu_sass_trace_nvbit_regs=maybe

# table: a stand-in Accel-Sim log with the figures the script reads, and
# real ccgpu replays of a trace
w=$tmpdir/w
d=$w/vecadd
mkdir -p "$d/asim"
"$CCGPU" run vecadd -o "ccgpu_sass_trace_out=$d/trace" -o ccgpu_sass_trace_nvbit_regs=1 --quiet >/dev/null 2>&1
# a kernel's own ret is written EXIT (Accel-Sim completes threads only there)
nwarps=$(cat "$d"/trace/kernel-*.traceg | grep -c '^warp = ')
nexit=$(cat "$d"/trace/kernel-*.traceg | grep -c ' EXIT ')
nret=$(cat "$d"/trace/kernel-*.traceg | grep -c ' RET')
if [ "$nwarps" -gt 0 ] && [ "$nexit" = "$nwarps" ] && [ "$nret" = 0 ]; then passed=$((passed + 1))
else failed=$((failed + 1)); echo "FAIL kernel_ret_exit: $nwarps warps, $nexit EXIT, $nret RET lines"; fi
"$CCGPU" trace-run "$d/trace/kernelslist.g" --json "$d/ccgpu.json" --quiet >/dev/null 2>&1
"$CCGPU" trace-run "$d/trace/kernelslist.g" -o ptx_opcode_latency_fp=2,2,2,2,2 --json "$d/ccgpu-lat.json" --quiet >/dev/null 2>&1
read -r cycles lcycles insts l1a l1m <<<"$(python3 -c "
import json, sys
c = json.load(open(sys.argv[1]))['total']; l = json.load(open(sys.argv[2]))['total']
print(c['cycles'], l['cycles'], c['warp_instructions'], c['l1d.accesses'], c['l1d.misses'])" "$d/ccgpu.json" "$d/ccgpu-lat.json")"
cat >"$d/asim/asim.log" <<'LOG'
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
LOG
printf 'rc 0\nwall 3.0\n' >"$d/asim/asim.time"
trace_insts=$(cat "$d"/trace/kernel-*.traceg | awk '/^insts = / { n += $3 } END { print n }')
ratio=$(python3 -c "print(f'{$cycles / 2000:.3f}')")
lratio=$(python3 -c "print(f'{$lcycles / 2000:.3f}')")
l1hit=$(python3 -c "print(f'{1 - $l1m / $l1a:.3f}')")
expect_output table_row "^\| vecadd \| 1 \| $trace_insts \| 11264 \| $insts \| 2000 \| $cycles \| $ratio \| $ratio \| $lcycles \| $lratio \| $lratio \| 0.750 \| $l1hit \| 0.750 \| " \
    bash "$tool" -w "$w" table vecadd
mape=$(python3 -c "print(f'{100 * abs($cycles - 2000) / 2000:.1f}')")
expect_output table_mape "\(1 benchmarks\): MAPE $mape%" bash "$tool" -w "$w" table vecadd
# -g: the PTX run the trace was written from beside a GPGPU-Sim log of the same PTX
"$CCGPU" run vecadd --json "$d/ptx.json" --quiet >/dev/null 2>&1
mkdir -p "$tmpdir/g/SM7_QV100/vecadd"
cp "$d/asim/asim.log" "$tmpdir/g/SM7_QV100/vecadd/gsim.log"
cp "$d/asim/asim.time" "$tmpdir/g/SM7_QV100/vecadd/gsim.time"
pcycles=$(python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['total']['cycles'])" "$d/ptx.json")
pratio=$(python3 -c "print(f'{$pcycles / 2000:.3f}')")
tratio=$(python3 -c "print(f'{$cycles / $pcycles:.3f}')")
expect_output table_ptx "^\| vecadd \| 2000 \| $pcycles \| $pratio \| 11264 \| [0-9]+ \| 1.000 \| $tratio \|" \
    bash "$tool" -w "$w" -g "$tmpdir/g" table vecadd
expect_output table_missing '^\| bfs \| \(not run: trace\) \|' bash "$tool" -w "$w" table bfs

# Accel-Sim itself, when an install is named
if [ -n "${ACCELSIM_DIR:-}" ] && [ -x "$ACCELSIM_DIR/accel-sim.out" ]; then
    aw=$tmpdir/aw
    expect_ok accelsim_all bash "$tool" -a "$ACCELSIM_DIR" -c "$CCGPU" -w "$aw" all transpose
    expect_output accelsim_row '^\| transpose \| 1 \| ([0-9]+) \| \1 \| \1 \| [0-9]+ \| ' \
        bash "$tool" -a "$ACCELSIM_DIR" -w "$aw" table transpose
else
    echo "skip: the Accel-Sim part (set ACCELSIM_DIR to an install of ../shared/tools/accelsim/build.sh)"
fi
summary
