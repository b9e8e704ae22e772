# GPGPU-Sim options ccgpu models for the papers' experiments (issue #15
# item 2): each changes what it should, measured on a benchmark run.
. "$(dirname "$0")/lib.sh"
d=$tmpdir

# total KEY of a --json file (the "total" object is written last)
total() { grep -o "\"$2\": *[0-9.e+]*" "$1" | tail -1 | sed 's/.*: *//'; }
run_json() { # NAME BENCH ARGS...: runs, must PASS, JSON in $d/NAME.json
    local name=$1 bench=$2; shift 2
    if "$CCGPU" run "$bench" --quiet --json "$d/$name.json" "$@" >"$d/$name.out" 2>"$d/$name.err" &&
       grep -q PASS "$d/$name.out"; then return 0; fi
    echo "FAIL run $name: $(cat "$d/$name.out" "$d/$name.err" | head -3)"; return 1
}
check() { # NAME CONDITION-AS-TEST-ARGS...
    local name=$1; shift
    if [ "$@" ]; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL $name: $*"; fi
}

# gpgpu_gmem_skip_L1D: global accesses never reach the L1
run_json l1 vecadd && run_json skip vecadd -o gpgpu_gmem_skip_L1D=1 &&
check gmem_skip_L1D "$(total "$d/l1.json" l1d.accesses)" -gt 0 -a "$(total "$d/skip.json" l1d.accesses)" -eq 0
# the 3.x spelling of deprecated configs means the same
run_json skip3 vecadd -o gmem_skip_L1D=1 &&
check gmem_skip_L1D_3x "$(total "$d/skip3.json" l1d.accesses)" -eq 0

# gpgpu_flush_l1_cache: 1 (ccgpu's default) invalidates the L1 between
# kernels; 0 (GPGPU-Sim's default) keeps lines, so kmeans' second kernel
# misses less (on two SMs, both busy in both kernels: a launch starts at the
# SM after the previous launch's last one)
run_json keep kmeans -o gpgpu_flush_l1_cache=0 -o gpgpu_n_clusters=2 &&
    run_json flush kmeans -o gpgpu_n_clusters=2 &&
check flush_l1 "$(total "$d/flush.json" l1d.misses)" -gt "$(total "$d/keep.json" l1d.misses)"

# run-length caps: stop with the statistics so far and say so
for cap in gpgpu_max_cycle=2000 gpgpu_max_insn=5000 gpgpu_max_cta=3; do
    key=${cap%%=*}
    if "$CCGPU" run vecadd --json "$d/cap.json" -o "$cap" >"$d/cap.out" 2>&1 &&
       grep -q "STOP .*stopped at $key" "$d/cap.out"; then passed=$((passed + 1))
    else failed=$((failed + 1)); echo "FAIL cap $cap"; head -3 "$d/cap.out"; fi
done
# gpgpu_max_insn counts GPGPU-Sim's gpu_sim_insn, the guard-true lanes
# (thread_instructions_exec): vecadd has 344,064 of them among 360,448 issued
# lanes, so a cap between the two does not stop it and one below does
run_json cap_exec vecadd -o gpgpu_max_insn=350000 &&
check max_insn_exec "$(total "$d/cap_exec.json" thread_instructions_exec)" -eq 344064
"$CCGPU" run vecadd --json "$d/cap_below.json" -o gpgpu_max_insn=344000 >"$d/cap_below.out" 2>&1
check max_insn_below "$(grep -c 'STOP .*stopped at gpgpu_max_insn' "$d/cap_below.out")" -eq 1
"$CCGPU" run vecadd --json "$d/cyc.json" -o gpgpu_max_cycle=2000 >/dev/null 2>&1
check max_cycle_exact "$(total "$d/cyc.json" cycles)" -eq 2000

# SHFL latency (ptx_opcode_latency_int's sixth field): reduction uses shfl
run_json shfl4 reduction -o ptx_opcode_latency_int=4,13,4,5,145,4 &&
run_json shfl400 reduction -o ptx_opcode_latency_int=4,13,4,5,145,400 &&
check shfl_latency "$(total "$d/shfl400.json" cycles)" -gt "$(total "$d/shfl4.json" cycles)"
# the default is the ADD figure (4)
run_json shfl_default reduction &&
check shfl_default "$(total "$d/shfl_default.json" cycles)" -eq "$(total "$d/shfl4.json" cycles)"

# launch latencies: kernel + CTAs x TB latency before the first CTA
run_json base vecadd && run_json klat vecadd -o gpgpu_kernel_launch_latency=5000 &&
run_json tblat vecadd -o gpgpu_TB_launch_latency=100 && {
    b=$(total "$d/base.json" cycles); k=$(total "$d/klat.json" cycles); t=$(total "$d/tblat.json" cycles)
    ctas=$(total "$d/base.json" ctas)
    # clock-domain phases may shift the rest of the run by a few cycles
    check kernel_launch_latency $((k - b)) -ge 4980 -a $((k - b)) -le 5020
    check tb_launch_latency $((t - b)) -ge $((ctas * 100 - 20)) -a $((t - b)) -le $((ctas * 100 + 20))
}
# L1 / shared-memory carve-out (tests/511_carveout.c has the rules): the
# Volta files' adaptive rule gives vecadd (no shared memory) the whole
# 128 KB as L1 and matmul (2 KB per CTA, 1 CTA per SM on 80 SMs) 8 KB of
# shared memory and 120 KB of L1; GPGPU-Sim 4.0's file (no option list, a
# streaming L1) the same sizes, its L1 allocating on miss; a line only when
# carve-out options are set
fx=$(cd "$(dirname "$0")/../fixtures/gpgpusim-configs" && pwd)
carve() { # NAME BENCH CONFIG EXPECTED-LINE
    if "$CCGPU" run "$2" --config "$3" >"$d/carve.out" 2>/dev/null && grep -qxF "$4" "$d/carve.out"
    then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL carve-out $1:"; grep carve "$d/carve.out"; fi
}
carve qv100_vecadd vecadd "$fx/accel-sim-tested-SM7_QV100/gpgpusim.config" \
    "carve-out vecadd: prefer none: shared 0 KB, L1D 128 KB (gpgpu_shmem_option 0 KB for 1 CTAs)"
carve qv100_matmul matmul "$fx/accel-sim-tested-SM7_QV100/gpgpusim.config" \
    "carve-out matmul: prefer none: shared 8 KB, L1D 120 KB (gpgpu_shmem_option 8 KB for 1 CTAs)"
carve qv100_40 vecadd "$fx/gpgpu-sim-tested-SM7_QV100/gpgpusim.config" \
    "carve-out vecadd: prefer none: shared 0 KB, L1D 128 KB (gpgpu_shmem_option 0 KB for 1 CTAs; streaming L1 allocates on miss)"
"$CCGPU" run vecadd >"$d/carve.out" 2>&1
check carve_no_line "$(grep -c carve-out "$d/carve.out")" -eq 0
# gpgpu_perfect_mem: nothing below the L1s, the run faster, results right
# (tests/512_perfect_mem.c has the latencies); the ejection buffer is
# modelled only then
run_json real vecadd && run_json perfect vecadd -o gpgpu_perfect_mem=1 && {
    check perfect_mem_no_dram "$(total "$d/perfect.json" dram.reads)" -eq 0 -a "$(total "$d/perfect.json" l2.accesses)" -eq 0
    check perfect_mem_faster "$(total "$d/perfect.json" cycles)" -lt "$(total "$d/real.json" cycles)"
    check perfect_mem_same_l1 "$(total "$d/perfect.json" l1d.accesses)" -eq "$(total "$d/real.json" l1d.accesses)"
}
"$CCGPU" run vecadd --quiet -o gpgpu_n_cluster_ejection_buffer_size=4 >/dev/null 2>"$d/ej.err"
check ejection_unmodelled "$(grep -c 'gpgpu_n_cluster_ejection_buffer_size' "$d/ej.err")" -eq 1
"$CCGPU" run vecadd --quiet -o gpgpu_perfect_mem=1 -o gpgpu_n_cluster_ejection_buffer_size=4 >/dev/null 2>"$d/ej.err"
check ejection_modelled "$(grep -c 'gpgpu_n_cluster_ejection_buffer_size' "$d/ej.err")" -eq 0
summary
