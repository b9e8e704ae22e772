# GPGPU-Sim config files load unmodified (issue #15): the 33 gpgpusim.config
# files of configs/tested-cfgs and configs/deprecated-cfgs of both public
# GPGPU-Sim 4.x trees (tests/fixtures/gpgpusim-configs/, GPGPU-Sim's licence
# in LICENSE there) each load and run vecadd; every defect the issue listed
# has a case here.
. "$(dirname "$0")/lib.sh"
d=$tmpdir
F=tests/fixtures/gpgpusim-configs

# all 33 files: load, and vecadd passes on the cycle-level model
n=0; ok=0
for cfg in "$F"/*/gpgpusim.config; do
    n=$((n + 1))
    if "$CCGPU" run vecadd --quiet --config "$cfg" >"$d/run" 2>"$d/err" && grep -q PASS "$d/run"; then
        ok=$((ok + 1))
    else
        echo "FAIL gpgpusim_config $cfg"; head -3 "$d/err"
    fi
done
if [ "$n" -eq 33 ] && [ "$ok" -eq 33 ]; then passed=$((passed + 1))
else failed=$((failed + 1)); echo "FAIL $ok of $n GPGPU-Sim configs ran vecadd (want 33 of 33)"; fi

# a quoted value continued on the next line is joined with a space, as
# GPGPU-Sim does; '=', ':', ';' and spaces all separate its fields
printf '%s\n' '-gpgpu_dram_timing_opt "nbk=16:CCD=2:RRD=6:RCD=12:RAS=28:RP=12:RC=40:' \
    '                        CL=11:WL=4:CDLR=5:WR=12:nbkgrp=4:CCDL=3:RTPL=2"' '-gpgpu_n_mem 6' >"$d/cont.cfg"
expect_output quoted_continuation '^gpgpu_dram_timing_opt nbk=16:CCD=2:RRD=6:RCD=12:RAS=28:RP=12:RC=40: CL=11:.*RTPL=2 +# .*cont.cfg:1$' \
    "$CCGPU" config --config "$d/cont.cfg"
printf '%s\n' '-gpgpu_dram_timing_opt "nbk=16:CCD=2' >"$d/open.cfg"
expect_fail quote_not_closed 'open.cfg:1: option -?gpgpu_dram_timing_opt: quoted value not closed' \
    "$CCGPU" config --config "$d/open.cfg"
expect_fail timing_bad_field_named 'cont2.cfg:1: option gpgpu_dram_timing_opt: CL=x is not a cycle count' \
    sh -c "printf 'gpgpu_dram_timing_opt \"nbk=16 CL=x\"\n' >'$d/cont2.cfg'; '$CCGPU' config --config '$d/cont2.cfg'"

# GPGPU-Sim 4.x's six-field int lists (ADD,MAX,MUL,MAD,DIV,SHFL)
expect_ok six_field_latency "$CCGPU" config -o ptx_opcode_latency_int=4,13,4,5,145,32 \
    -o ptx_opcode_initiation_int=1,2,2,1,8,4
expect_fail seven_fields_named '^ccgpu config: -o: option ptx_opcode_latency_int: expected 5 or 6' \
    "$CCGPU" config -o ptx_opcode_latency_int=4,13,4,5,145,32,1

# options GPGPU-Sim registers are never "unknown"
for o in gpgpu_max_concurrent_kernel gpgpu_registers_per_block gpgpu_shmem_option \
         gpgpu_unified_l1d_size gpgpu_n_cluster_ejection_buffer_size gpgpu_memory_partition_indexing \
         gpgpu_perfect_inst_const_cache gpgpu_clock_gated_lanes gpgpu_operand_collector_num_units_dp \
         gpgpu_operand_collector_num_in_ports_sfu gpgpu_operand_collector_num_out_ports_mem \
         gpgpu_operand_collector_num_in_ports_dp ptx_opcode_latency_tesnor ptx_opcode_initiation_tensor \
         gpgpu_ptx_use_cuobjdump specialized_unit_3; do
    if "$CCGPU" config -o "$o=1" >/dev/null 2>"$d/err" || ! grep -q 'unknown option' "$d/err"; then
        passed=$((passed + 1))
    else failed=$((failed + 1)); echo "FAIL registered option called unknown: $o"; cat "$d/err"; fi
done

# the warning names every unmodelled option: wrapped, never cut
qv=$F/accel-sim-tested-SM7_QV100/gpgpusim.config
"$CCGPU" config --config "$qv" >/dev/null 2>"$d/warn"
count=$(sed -n 's/.*warning: \([0-9]*\) GPGPU-Sim options not modelled.*/\1/p' "$d/warn")
listed=$(grep -o '([^()]*gpgpusim.config:[0-9]*)' "$d/warn" | wc -l)
long=$(awk 'length > 200' "$d/warn" | wc -l)
if [ -n "$count" ] && [ "$count" -gt 20 ] && [ "$listed" -eq "$count" ] && [ "$long" -eq 0 ] &&
   [ "$(wc -l <"$d/warn")" -gt 3 ]; then passed=$((passed + 1))
else failed=$((failed + 1)); echo "FAIL warning lists $listed of $count, $long overlong lines"; cat "$d/warn"; fi

# structured values name the option and where it was set
printf 'gpgpu_cache:dl1 N:bogus\n' >"$d/c1.cfg"
expect_fail cache_string_origin 'c1.cfg:1: option gpgpu_cache:dl1: ' "$CCGPU" config --config "$d/c1.cfg"
printf '\ngpgpu_scheduler swl:x\n' >"$d/c2.cfg"
expect_fail scheduler_args_origin 'c2.cfg:2: option gpgpu_scheduler: swl' "$CCGPU" config --config "$d/c2.cfg"
printf 'ptx_opcode_latency_fp 1,2\n' >"$d/c3.cfg"
expect_fail latency_list_origin 'c3.cfg:1: option ptx_opcode_latency_fp: expected 5' "$CCGPU" config --config "$d/c3.cfg"
expect_fail pipeline_widths_origin '-o: option gpgpu_pipeline_widths: ' "$CCGPU" config -o gpgpu_pipeline_widths=1,2
expect_fail too_many_units_named '-o: option gpgpu_num_sfu_units: 33 units' "$CCGPU" config -o gpgpu_num_sfu_units=33
expect_ok thirty_two_sfu_units "$CCGPU" config -o gpgpu_num_sfu_units=32

# -o wins over every file, whatever the order on the command line
expect_output override_before_config '^gpgpu_n_clusters 3 +# -o$' \
    "$CCGPU" config -o gpgpu_n_clusters=3 --config configs/ccws.cfg
expect_output override_after_config '^gpgpu_n_clusters 3 +# -o$' \
    "$CCGPU" config --config configs/ccws.cfg -o gpgpu_n_clusters=3

# warp_limiting:P:N is GPGPU-Sim's (N per scheduler); swl:N per SM, swl:N:sched per scheduler
expect_ok warp_limiting_gpgpusim "$CCGPU" run vecadd --quiet -o gpgpu_scheduler=warp_limiting:2:1
expect_ok swl_per_sched "$CCGPU" run vecadd --quiet -o gpgpu_scheduler=swl:2:sched
expect_fail warp_limiting_one_arg "option gpgpu_scheduler: warp_limiting: '2' is not P:N" \
    "$CCGPU" config -o gpgpu_scheduler=warp_limiting:2
summary
