#include "gpu/gpgpusim_options.h"
#include <string.h>

/* GPGPU-Sim 3.x/4.x option names (from its documentation and shipped configs).
 * Which of these ccgpu models is decided by whether a module reads them. */
static const char *const gpgpusim_names[] = {
    "gpgpu_ptx_sim_mode", "gpgpu_n_clusters", "gpgpu_n_cores_per_cluster", "gpgpu_n_mem",
    "gpgpu_n_sub_partition_per_mchannel", "gpgpu_clock_domains", "gpgpu_shader_registers",
    "gpgpu_shader_core_pipeline", "gpgpu_shader_cta", "gpgpu_simd_model", "gpgpu_pipeline_widths",
    "gpgpu_num_sp_units", "gpgpu_num_sfu_units", "gpgpu_num_dp_units", "gpgpu_num_int_units",
    "gpgpu_num_tensor_core_units", "gpgpu_tensor_core_avail", "ptx_opcode_latency_int",
    "ptx_opcode_latency_fp", "ptx_opcode_latency_dp", "ptx_opcode_latency_sfu",
    "ptx_opcode_initiation_int", "ptx_opcode_initiation_fp", "ptx_opcode_initiation_dp",
    "ptx_opcode_initiation_sfu", "gpgpu_cache:dl1", "gpgpu_cache:dl1PrefL1",
    "gpgpu_cache:dl1PrefShared", "gpgpu_cache:dl2", "gpgpu_cache:dl2_texture_only",
    "gpgpu_cache:il1", "gpgpu_tex_cache:l1", "gpgpu_const_cache:l1", "gpgpu_shmem_size",
    "gpgpu_shmem_sizeDefault", "gpgpu_shmem_size_PrefL1", "gpgpu_shmem_size_PrefShared",
    "gpgpu_shmem_num_banks", "gpgpu_shmem_limited_broadcast", "gpgpu_shmem_warp_parts",
    "gpgpu_l1_banks", "gpgpu_l1_latency", "gpgpu_smem_latency", "gpgpu_gmem_skip_L1D",
    "gpgpu_l1_cache_write_ratio", "gpgpu_adaptive_cache_config", "gpgpu_shmem_per_block",
    "gpgpu_max_insn_issue_per_warp", "gpgpu_dual_issue_diff_exec_units", "gpgpu_num_sched_per_core",
    "gpgpu_scheduler", "gpgpu_max_cta_per_core", "gpgpu_coalesce_arch", "gpgpu_perfect_mem",
    "gpgpu_operand_collector_num_units_sp", "gpgpu_operand_collector_num_units_sfu",
    "gpgpu_operand_collector_num_units_mem", "gpgpu_operand_collector_num_units_gen",
    "gpgpu_operand_collector_num_in_ports_sp", "gpgpu_operand_collector_num_out_ports_sp",
    "gpgpu_operand_collector_num_in_ports_gen", "gpgpu_operand_collector_num_out_ports_gen",
    "gpgpu_num_reg_banks", "gpgpu_reg_file_port_throughput", "gpgpu_reg_bank_use_warp_id",
    "gpgpu_sub_core_model", "gpgpu_enable_specialized_operand_collector", "gpgpu_inst_fetch_throughput",
    "gpgpu_dram_scheduler", "gpgpu_frfcfs_dram_sched_queue_size", "gpgpu_dram_return_queue_size",
    "gpgpu_dram_buswidth", "gpgpu_dram_burst_length", "dram_data_command_freq_ratio",
    "gpgpu_dram_timing_opt", "gpgpu_mem_address_mask", "gpgpu_mem_addr_mapping",
    "gpgpu_mem_addr_test", "gpgpu_dram_partition_queues", "gpgpu_l2_rop_latency", "dram_latency",
    "dram_dual_bus_interface", "dram_bnk_indexing_policy", "dram_bnkgrp_indexing_policy",
    "dram_seperate_write_queue_enable", "dram_write_queue_size", "dram_elimnate_rw_turnaround",
    "gpgpu_memlatency_stat", "gpgpu_flush_l1_cache", "gpgpu_flush_l2_cache", "gpgpu_cache:dl1_fill",
    "network_mode", "inter_config_file", "icnt_in_buffer_limit", "icnt_out_buffer_limit",
    "icnt_subnets", "icnt_flit_size", "icnt_arbiter_algo", "icnt_verbose", "icnt_grant_cycles",
    "gpgpu_runtime_stat", "gpgpu_stat_sampling_freq", "visualizer_enabled", "visualizer_outputfile",
    "visualizer_zlevel", "gpuwattch_xml_file", "power_simulation_enabled", "power_per_cycle_dump",
    "power_trace_enabled", "power_trace_zlevel", "steady_power_levels_enabled",
    "steady_state_definition", "enable_ptx_file_line_stats", "ptx_file_line_stats_options",
    "gpgpu_ptx_force_max_capability", "gpgpu_ptx_convert_to_ptxplus", "gpgpu_ptx_save_converted_ptxplus",
    "gpgpu_occupancy_sm_number", "gpgpu_deadlock_detect", "gpgpu_max_cycle", "gpgpu_max_insn",
    "gpgpu_max_cta", "gpgpu_max_completed_cta", "gpgpu_kernel_launch_latency", "gpgpu_cdp_enabled",
    "gpgpu_TB_launch_latency", "gpgpu_concurrent_kernel_sm", "gpgpu_perf_sim_memcpy",
    "gpgpu_ignore_resources_limitation", "gpgpu_stack_size_limit", "gpgpu_heap_size_limit",
    "gpgpu_runtime_sync_depth_limit", "gpgpu_runtime_pending_launch_count_limit",
    "gpgpu_compute_capability_major", "gpgpu_compute_capability_minor", "gpgpu_coalesce_arch",
    "gpgpu_local_mem_map", "gpgpu_num_reg_banks", "gpgpu_fill_entire_line_on_clean",
    "gpgpu_cycle_sched_prio", "gpgpu_l2_read_latency", "gpgpu_l2_write_latency",
    "trace_enabled", "trace_components", "trace_sampling_core", "trace_sampling_memory_partition",
    "save_embedded_ptx", "keep", "gpgpu_occupancy_sm_number", "gpgpu_dram_partition_queues",
    "liveness_message_freq", "gpgpu_silicon_slowdown", "gpgpu_cuda_sim", "gpgpu_ptx_instruction_classification",
    "gpgpu_ptx_sim_mode", "gpgpu_reg_file_port_throughput", "gpgpu_shader_core_pipeline",
    NULL,
};

int gpgpusim_option_known(const char *key)
{
    for (int i = 0; gpgpusim_names[i]; i++)
        if (strcmp(gpgpusim_names[i], key) == 0)
            return 1;
    return 0;
}
