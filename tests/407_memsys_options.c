/* GPGPU-Sim memory options read into a memory-system configuration. */
#include "check.h"
#include "gpu/config.h"
#include "mem/memsys.h"
#include <stdlib.h>

static const char *GTX480 =
    "-gpgpu_n_mem 6\n"
    "-gpgpu_n_sub_partition_per_mchannel 2\n"
    "-gpgpu_clock_domains 700.0:1400.0:700.0:924.0\n"
    "-gpgpu_cache:dl2 S:32:128:16,L:B:m:W:P,A:64:4,4:0,32\n"
    "-gpgpu_dram_timing_opt \"nbk=16:CCD=2:RRD=6:RCD=12:RAS=28:RP=12:RC=40:CL=12:WL=4:CDLR=5:WR=12:nbkgrp=4:CCDL=3:RTPL=2\"\n"
    "-gpgpu_dram_buswidth 4\n"
    "-gpgpu_n_mem_per_ctrlr 2\n"
    "-gpgpu_dram_burst_length 8\n"
    "-dram_data_command_freq_ratio 4\n"
    "-gpgpu_frfcfs_dram_sched_queue_size 0\n"
    "-gpgpu_mem_addr_mapping dramid@8;00000000.00000000.00000000.00000000.0000RRRR.RRRRRRRR.RBBBCCCC.BCCSSSSS\n"
    "-gpgpu_l2_rop_latency 120\n"
    "-dram_latency 100\n"
    "-icnt_flit_size 32\n"
    "-icnt_in_buffer_limit 64\n"
    "-mem_l2_hit_latency 3\n"
    "-dram_bnk_indexing_policy 0\n"
    "-dram_bnkgrp_indexing_policy 1\n"
    "-dram_dual_bus_interface 1\n";

TEST(reads_gpgpusim_memory_options)
{
    ccgpu_config *store = ccgpu_config_new();
    CHECK_EQ_INT(ccgpu_config_load_string(store, GTX480, "gtx480.cfg"), 0);
    struct memsys_config c;
    char err[256] = "";
    memsys_config_ccws(&c);
    c.n_sm = 15;
    CHECK_EQ_INT(memsys_config_read(&c, store, err, sizeof err), 0);
    if (err[0])
        printf("  %s\n", err);
    CHECK_EQ_INT(c.n_part, 6);
    CHECK_NEAR(c.core_mhz, 700, 0);
    CHECK_NEAR(c.icnt_mhz, 1400, 0);
    CHECK_NEAR(c.dram_mhz, 924, 0);
    CHECK_EQ_INT(c.l2.nsets, 64); /* two sub-partitions of 32 sets */
    CHECK_EQ_INT(c.l2_ports, 2);
    CHECK_EQ_INT(c.l2.assoc, 16);
    CHECK_EQ_INT(c.l2.sector_size, 32);
    CHECK(strcmp(c.l2.index, "ipoly") == 0);
    CHECK_EQ_INT(c.dram.nbanks, 16);
    CHECK_EQ_INT(c.dram.t.tRAS, 28);
    CHECK_EQ_INT(c.dram.t.tWR, 12);
    CHECK_EQ_INT(c.dram.t.tCDLR, 5);
    CHECK_EQ_INT(c.dram.bus_bytes, 8);
    CHECK_EQ_INT(c.dram.data_rate, 4);
    CHECK_EQ_INT(c.dram.queue_size, 256);
    CHECK_EQ_INT(c.rop_latency, 120);
    CHECK_EQ_INT(c.dram_latency, 100);
    CHECK_EQ_INT(c.icnt_in_buf, 64 / 5);
    CHECK_EQ_INT(c.l2_latency, 3);
    CHECK_EQ_INT(c.dram.group_low_bits, 1);
    CHECK_EQ_INT(c.dram.bank_xor_row, 0);
    CHECK_EQ_INT(c.dram.dual_bus, 1);
    CHECK_EQ_INT(config_check_all_used(store, err, sizeof err), 0);
    struct memsys m;
    CHECK_EQ_INT(memsys_init(&m, &c, err, sizeof err), 0);
    memsys_free(&m);
    ccgpu_config_free(store);
}

TEST(positional_timing_and_errors)
{
    static const struct {
        const char *text, *msg;
    } cases[] = {
        { "gpgpu_dram_timing_opt 8:2:8:12:21:13:34:9:4:5:13\n", NULL },
        { "gpgpu_dram_timing_opt nbk=16:XYZ=3\n", "unknown parameter 'XYZ'" },
        { "gpgpu_dram_timing_opt nbk=16:CL=x\n", "CL=x is not a cycle count" },
        { "gpgpu_clock_domains 700:700:700\n", "gpgpu_clock_domains" },
        { "gpgpu_cache:dl2 N:64:128:16,L:Q:m:W:L,A:32:4,4\n", "gpgpu_cache:dl2: cache config" },
        { "gpgpu_cache:dl2 none\n", "'none' is not modelled" },
        { "gpgpu_dram_scheduler 0\n", "FIFO) is not modelled" },
        { "gpgpu_n_sub_partition_per_mchannel 3\n", "not 1, 2, 4" },
        { "gpgpu_n_mem x\n", "gpgpu_n_mem" },
        { "dram_bnkgrp_indexing_policy 2\n", "2 is not 0 (higher bits) or 1 (lower bits)" },
        { "dram_bnk_indexing_policy 2\n", "2 is not modelled" },
        { "dram_dual_bus_interface 2\n", "dram_dual_bus_interface" },
        { "dram_bnk_indexing_policy 1\ngpgpu_dram_timing_opt nbk=12:CCD=2\n",
          "power-of-two bank count, not nbk=12" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        ccgpu_config *store = ccgpu_config_new();
        ccgpu_config_load_string(store, cases[i].text, "t.cfg");
        struct memsys_config c;
        char err[256] = "";
        memsys_config_gtx480(&c);
        int rc = memsys_config_read(&c, store, err, sizeof err);
        if (cases[i].msg) {
            CHECK_EQ_INT(rc, -1);
            CHECK_STR_CONTAINS(err, cases[i].msg);
        } else {
            CHECK_EQ_INT(rc, 0);
            CHECK_EQ_INT(c.dram.nbanks, 8);
            CHECK_EQ_INT(c.dram.t.tRC, 34);
            CHECK_EQ_INT(c.dram.t.tCL, 9);
            CHECK_EQ_INT(c.dram.t.tWR, 13);
        }
        ccgpu_config_free(store);
    }
}

TEST(unmodelled_memory_option_is_named)
{
    ccgpu_config *store = ccgpu_config_new();
    ccgpu_config_load_string(store, "gpgpu_dram_return_queue_size 64\n", "t.cfg");
    struct memsys_config c;
    char err[256] = "";
    memsys_config_gtx480(&c);
    CHECK_EQ_INT(memsys_config_read(&c, store, err, sizeof err), 0);
    CHECK_EQ_INT(config_check_all_used(store, err, sizeof err), 0);
    CHECK_EQ_INT(config_unmodelled(store, err, sizeof err), 1);
    CHECK_STR_CONTAINS(err, "gpgpu_dram_return_queue_size");
    ccgpu_config_free(store);
}

TEST(gpgpusim_icnt_model_options)
{
    struct memsys_config c;
    char err[256] = "";
    ccgpu_config *store = ccgpu_config_new();
    ccgpu_config_load_string(store, "mem_icnt_model gpgpusim\ngpgpu_n_cores_per_cluster 3\n", "t.cfg");
    memsys_config_ccws(&c);
    CHECK_EQ_INT(memsys_config_read(&c, store, err, sizeof err), 0);
    /* booksim's defaults: input 9, VC 8, ejection = VC, boundary 16, 1 + 1 */
    CHECK_EQ_INT(c.icnt_in_flits, 9);
    CHECK_EQ_INT(c.icnt_vc_flits, 8);
    CHECK_EQ_INT(c.icnt_out_flits, 24);
    CHECK_EQ_INT(c.icnt_alloc_delay, 2);
    CHECK_EQ_INT(c.icnt_islip, 1);
    CHECK_EQ_INT(c.cluster_ports, 1);
    CHECK_EQ_INT(c.cluster_size, 3);
    CHECK_EQ_INT(c.l2_accept_room, 4);
    ccgpu_config_free(store);

    store = ccgpu_config_new();
    ccgpu_config_load_string(store,
                             "mem_icnt_model gpgpusim\nicnt_vc_buf_size 4\n"
                             "icnt_boundary_buffer_size 0\nicnt_sw_allocator rr\n"
                             "mem_icnt_cluster_ports 0\nicnt_sw_alloc_delay 0\n", "t.cfg");
    memsys_config_ccws(&c);
    CHECK_EQ_INT(memsys_config_read(&c, store, err, sizeof err), 0);
    CHECK_EQ_INT(c.icnt_out_flits, 4);
    CHECK_EQ_INT(c.icnt_alloc_delay, 1);
    CHECK_EQ_INT(c.icnt_islip, 0);
    CHECK_EQ_INT(c.cluster_ports, 0);
    ccgpu_config_free(store);

    static const char *const bad[][2] = {
        { "icnt_vc_buf_size 4\n", "applies only with mem_icnt_model gpgpusim" },
        { "mem_icnt_model booksim\n", "not crossbar or gpgpusim" },
        { "mem_icnt_model gpgpusim\nicnt_sw_allocator wavefront\n", "not islip or rr" },
        { "mem_icnt_model gpgpusim\nicnt_input_buffer_size 0\n", "icnt_input_buffer_size" },
        { "mem_icnt_model gpgpusim\nmem_l2_in_queue 3\n", "mem_l2_in_queue >= 4" },
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        store = ccgpu_config_new();
        ccgpu_config_load_string(store, bad[i][0], "t.cfg");
        memsys_config_ccws(&c);
        err[0] = '\0';
        CHECK_EQ_INT(memsys_config_read(&c, store, err, sizeof err), -1);
        CHECK_STR_CONTAINS(err, bad[i][1]);
        ccgpu_config_free(store);
    }
}

static char *dump(const struct memsys_config *c)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (!f)
        return NULL;
    CHECK_EQ_INT(memsys_config_write(c, f), 0);
    fclose(f);
    return buf;
}

TEST(write_then_read_round_trips)
{
    void (*presets[])(struct memsys_config *) = { memsys_config_gtx480, memsys_config_ccws,
                                                   memsys_config_awss, memsys_config_h100 };
    for (int i = 0; i < 5; i++) {
        struct memsys_config a, b;
        presets[i % 4](&a);
        if (i == 4) { /* GPGPU-Sim's interconnect, non-default sizes */
            a.icnt_in_flits = 7;
            a.icnt_vc_flits = 6;
            a.icnt_out_flits = 20;
            a.icnt_alloc_delay = 3;
            a.icnt_islip = 0;
            a.cluster_ports = 1;
            a.l2_accept_room = 4;
            a.dram.group_low_bits = 1;
            a.dram.bank_xor_row = 1;
            a.dram.dual_bus = 1;
        }
        presets[(i + 1) % 4](&b); /* read onto a different preset */
        char *text = dump(&a);
        ccgpu_config *store = ccgpu_config_new();
        char err[256] = "";
        CHECK(text != NULL);
        CHECK_EQ_INT(ccgpu_config_load_string(store, text ? text : "", "dump"), 0);
        CHECK_EQ_INT(memsys_config_read(&b, store, err, sizeof err), 0);
        CHECK_EQ_INT(config_check_all_used(store, err, sizeof err), 0);
        char *again = dump(&b);
        CHECK(text && again && strcmp(text, again) == 0);
        CHECK_EQ_INT(b.n_part, a.n_part);
        CHECK_NEAR(b.dram_mhz, a.dram_mhz, 0);
        CHECK_EQ_INT(b.l2.nsets, a.l2.nsets);
        CHECK_EQ_INT(b.dram.t.tRC, a.dram.t.tRC);
        CHECK_EQ_INT(b.icnt_in_buf, a.icnt_in_buf);
        CHECK_EQ_INT(b.icnt_in_flits, a.icnt_in_flits);
        CHECK_EQ_INT(b.icnt_out_flits, a.icnt_out_flits);
        CHECK_EQ_INT(b.icnt_alloc_delay, a.icnt_alloc_delay);
        CHECK_EQ_INT(b.icnt_islip, a.icnt_islip);
        CHECK_EQ_INT(b.cluster_ports, a.cluster_ports);
        CHECK_EQ_INT(b.dram.group_low_bits, a.dram.group_low_bits);
        CHECK_EQ_INT(b.dram.bank_xor_row, a.dram.bank_xor_row);
        CHECK_EQ_INT(b.dram.dual_bus, a.dram.dual_bus);
        free(text);
        free(again);
        ccgpu_config_free(store);
    }
}

int main(void)
{
    RUN(reads_gpgpusim_memory_options);
    RUN(positional_timing_and_errors);
    RUN(unmodelled_memory_option_is_named);
    RUN(gpgpusim_icnt_model_options);
    RUN(write_then_read_round_trips);
    return check_summary();
}
