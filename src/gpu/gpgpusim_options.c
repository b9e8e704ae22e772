#include "gpu/gpgpusim_options.h"
#include <stdlib.h>
#include <string.h>

/* Every option name GPGPU-Sim 4.x registers (option_parser_register calls in
 * gpgpu-sim/gpgpu-sim_distribution and accel-sim/gpgpu-sim_distribution,
 * -specialized_unit_1..8 from its loop; not the fields of its sub-parsers,
 * such as gpgpu_dram_timing_opt's), plus gpgpu_cuda_sim of 3.x; sorted.
 * Which of these ccgpu models is decided by whether a module reads them;
 * docs/configuration.md lists the unmodelled ones and why. */
static const char *const gpgpusim_names[] = {
    "accelwattch_hybrid_perfsim_CC_ACC",
    "accelwattch_hybrid_perfsim_CYCLES", "accelwattch_hybrid_perfsim_DRAM_RD",
    "accelwattch_hybrid_perfsim_DRAM_WR", "accelwattch_hybrid_perfsim_L1_RH",
    "accelwattch_hybrid_perfsim_L1_RM", "accelwattch_hybrid_perfsim_L1_WH",
    "accelwattch_hybrid_perfsim_L1_WM", "accelwattch_hybrid_perfsim_L2_RH",
    "accelwattch_hybrid_perfsim_L2_RM", "accelwattch_hybrid_perfsim_L2_WH",
    "accelwattch_hybrid_perfsim_L2_WM", "accelwattch_hybrid_perfsim_NOC",
    "accelwattch_hybrid_perfsim_NUM_SM_IDLE", "accelwattch_hybrid_perfsim_PIPE_DUTY",
    "accelwattch_hybrid_perfsim_SHARED_ACC", "accelwattch_hybrid_perfsim_VOLTAGE",
    "accelwattch_xml_file", "aggregate_power_stats", "cdp_latency", "checkpoint_CTA",
    "checkpoint_CTA_t", "checkpoint_insn_Y", "checkpoint_kernel", "checkpoint_option",
    "dram_bnk_indexing_policy", "dram_bnkgrp_indexing_policy", "dram_data_command_freq_ratio",
    "dram_dual_bus_interface", "dram_elimnate_rw_turnaround", "dram_latency",
    "dram_seperate_write_queue_enable", "dram_write_queue_size", "dvfs_enabled",
    "enable_ptx_file_line_stats", "gpgpu_TB_launch_latency", "gpgpu_adaptive_cache_config",
    "gpgpu_cache:dl1", "gpgpu_cache:dl1PrefL1", "gpgpu_cache:dl1PrefShared", "gpgpu_cache:dl2",
    "gpgpu_cache:dl2_texture_only", "gpgpu_cache:il1", "gpgpu_cdp_enabled",
    "gpgpu_cflog_interval", "gpgpu_clock_domains", "gpgpu_clock_gated_lanes",
    "gpgpu_clock_gated_reg_file", "gpgpu_coalesce_arch", "gpgpu_compute_capability_major",
    "gpgpu_compute_capability_minor", "gpgpu_concurrent_kernel_sm", "gpgpu_const_cache:l1",
    "gpgpu_cuda_sim", "gpgpu_deadlock_detect", "gpgpu_dram_burst_length", "gpgpu_dram_buswidth",
    "gpgpu_dram_partition_queues", "gpgpu_dram_return_queue_size", "gpgpu_dram_scheduler",
    "gpgpu_dram_timing_opt", "gpgpu_dual_issue_diff_exec_units",
    "gpgpu_enable_specialized_operand_collector", "gpgpu_experimental_lib_support",
    "gpgpu_flush_l1_cache", "gpgpu_flush_l2_cache", "gpgpu_frfcfs_dram_sched_queue_size",
    "gpgpu_gmem_skip_L1D", "gpgpu_heap_size_limit", "gpgpu_ignore_resources_limitation",
    "gpgpu_inst_fetch_throughput", "gpgpu_kernel_launch_latency", "gpgpu_l1_banks",
    "gpgpu_l1_banks_byte_interleaving", "gpgpu_l1_banks_hashing_function",
    "gpgpu_l1_cache_write_ratio", "gpgpu_l1_latency", "gpgpu_l2_rop_latency",
    "gpgpu_local_mem_map", "gpgpu_max_completed_cta", "gpgpu_max_concurrent_kernel",
    "gpgpu_max_cta", "gpgpu_max_cycle", "gpgpu_max_insn", "gpgpu_max_insn_issue_per_warp",
    "gpgpu_mem_addr_mapping", "gpgpu_mem_addr_test", "gpgpu_mem_address_mask",
    "gpgpu_mem_unit_ports", "gpgpu_memlatency_stat", "gpgpu_memory_partition_indexing",
    "gpgpu_n_cluster_ejection_buffer_size", "gpgpu_n_clusters", "gpgpu_n_cores_per_cluster",
    "gpgpu_n_ldst_response_buffer_size", "gpgpu_n_mem", "gpgpu_n_mem_per_ctrlr",
    "gpgpu_n_sub_partition_per_mchannel", "gpgpu_num_cta_barriers", "gpgpu_num_dp_units",
    "gpgpu_num_int_units", "gpgpu_num_mem_units", "gpgpu_num_reg_banks",
    "gpgpu_num_sched_per_core", "gpgpu_num_sfu_units", "gpgpu_num_sp_units",
    "gpgpu_num_tensor_core_units", "gpgpu_occupancy_sm_number",
    "gpgpu_operand_collector_num_in_ports_dp", "gpgpu_operand_collector_num_in_ports_gen",
    "gpgpu_operand_collector_num_in_ports_int", "gpgpu_operand_collector_num_in_ports_mem",
    "gpgpu_operand_collector_num_in_ports_sfu", "gpgpu_operand_collector_num_in_ports_sp",
    "gpgpu_operand_collector_num_in_ports_tensor_core",
    "gpgpu_operand_collector_num_out_ports_dp", "gpgpu_operand_collector_num_out_ports_gen",
    "gpgpu_operand_collector_num_out_ports_int", "gpgpu_operand_collector_num_out_ports_mem",
    "gpgpu_operand_collector_num_out_ports_sfu", "gpgpu_operand_collector_num_out_ports_sp",
    "gpgpu_operand_collector_num_out_ports_tensor_core", "gpgpu_operand_collector_num_units_dp",
    "gpgpu_operand_collector_num_units_gen", "gpgpu_operand_collector_num_units_int",
    "gpgpu_operand_collector_num_units_mem", "gpgpu_operand_collector_num_units_sfu",
    "gpgpu_operand_collector_num_units_sp", "gpgpu_operand_collector_num_units_tensor_core",
    "gpgpu_perf_sim_memcpy", "gpgpu_perfect_inst_const_cache", "gpgpu_perfect_mem",
    "gpgpu_pipeline_widths", "gpgpu_ptx_convert_to_ptxplus", "gpgpu_ptx_force_max_capability",
    "gpgpu_ptx_inst_debug_file", "gpgpu_ptx_inst_debug_thread_uid",
    "gpgpu_ptx_inst_debug_to_file", "gpgpu_ptx_instruction_classification",
    "gpgpu_ptx_save_converted_ptxplus", "gpgpu_ptx_sim_mode", "gpgpu_ptx_use_cuobjdump",
    "gpgpu_reg_bank_use_warp_id", "gpgpu_reg_file_port_throughput", "gpgpu_registers_per_block",
    "gpgpu_runtime_pending_launch_count_limit", "gpgpu_runtime_stat",
    "gpgpu_runtime_sync_depth_limit", "gpgpu_scheduler", "gpgpu_shader_core_pipeline",
    "gpgpu_shader_cta", "gpgpu_shader_registers", "gpgpu_shmem_limited_broadcast",
    "gpgpu_shmem_num_banks", "gpgpu_shmem_option", "gpgpu_shmem_per_block", "gpgpu_shmem_size",
    "gpgpu_shmem_sizeDefault", "gpgpu_shmem_size_PrefL1", "gpgpu_shmem_size_PrefShared",
    "gpgpu_shmem_warp_parts", "gpgpu_simd_model", "gpgpu_simple_dram_model",
    "gpgpu_simt_core_sim_order", "gpgpu_smem_latency", "gpgpu_stack_size_limit",
    "gpgpu_sub_core_model", "gpgpu_tensor_core_avail", "gpgpu_tex_cache:l1",
    "gpgpu_unified_l1d_size", "gpgpu_warp_issue_shader", "gpgpu_warpdistro_shader",
    "gpuwattch_xml_file", "hw_perf_bench_name", "hw_perf_file_name", "icnt_arbiter_algo",
    "icnt_flit_size", "icnt_grant_cycles", "icnt_in_buffer_limit", "icnt_out_buffer_limit",
    "icnt_subnets", "icnt_verbose", "inter_config_file", "keep", "l2_ideal",
    "liveness_message_freq", "n_regfile_gating_group", "network_mode",
    "power_per_cycle_dump", "power_simulation_enabled", "power_simulation_mode",
    "power_trace_enabled", "power_trace_zlevel", "ptx_line_stats_filename",
    "ptx_opcode_initiation_dp", "ptx_opcode_initiation_fp", "ptx_opcode_initiation_int",
    "ptx_opcode_initiation_sfu", "ptx_opcode_initiation_tensor", "ptx_opcode_latency_dp",
    "ptx_opcode_latency_fp", "ptx_opcode_latency_int", "ptx_opcode_latency_sfu",
    "ptx_opcode_latency_tesnor", "resume_CTA", "resume_kernel", "resume_option",
    "save_embedded_ptx", "specialized_unit_1", "specialized_unit_2", "specialized_unit_3",
    "specialized_unit_4", "specialized_unit_5", "specialized_unit_6", "specialized_unit_7",
    "specialized_unit_8", "steady_power_levels_enabled", "steady_state_definition",
    "trace_components", "trace_enabled", "trace_sampling_core",
    "trace_sampling_memory_partition", "visualizer_enabled", "visualizer_outputfile",
    "visualizer_zlevel",
};

static int by_name(const void *key, const void *elem)
{
    return strcmp(key, *(const char *const *)elem);
}

int gpgpusim_option_known(const char *key)
{
    return bsearch(key, gpgpusim_names, sizeof gpgpusim_names / sizeof gpgpusim_names[0],
                   sizeof gpgpusim_names[0], by_name) != NULL;
}

/* Spellings of GPGPU-Sim 3.x that its deprecated configs still use (4.x
 * refuses them) and the 4.x option each became. */
static const char *const old_spellings[][2] = {
    { "gmem_skip_L1D", "gpgpu_gmem_skip_L1D" },
    { "rop_latency", "gpgpu_l2_rop_latency" },
    { "smem_latency", "gpgpu_smem_latency" },
};

const char *gpgpusim_option_renamed(const char *key, size_t keylen)
{
    for (size_t i = 0; i < sizeof old_spellings / sizeof old_spellings[0]; i++)
        if (strlen(old_spellings[i][0]) == keylen && !memcmp(old_spellings[i][0], key, keylen))
            return old_spellings[i][1];
    return NULL;
}
