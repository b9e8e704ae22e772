/* Memory-system configurations of the papers' tables. What a table does not
 * give comes from GPGPU-Sim's matching configuration file where one exists
 * (GTX480: DRAM timing, 16 banks, address mapping, clocks) and is marked
 * "assumed" otherwise. */
#include "mem/memsys.h"
#include <stdio.h>
#include <string.h>

/* GPGPU-Sim GTX480 GDDR5 timing (nbk=16, CCD=2, RRD=6, RCD=12, RAS=28, RP=12,
 * RC=40, CL=12, WL=4, WR=12, CDLR=5); 2 x 32-bit chips per channel, 4 beats per
 * command clock, bursts of 8 beats. */
static void gddr5(struct dram_config *d)
{
    *d = (struct dram_config){
        .nbanks = 16, .queue_size = 32, .bus_bytes = 8, .burst_length = 8, .data_rate = 4,
        .t = { .tCCD = 2, .tRRD = 6, .tRCD = 12, .tRAS = 28, .tRP = 12, .tRC = 40, .tCL = 12,
               .tWL = 4, .tWR = 12, .tCDLR = 5 },
    };
}

static void l2(struct cache_config *c, uint32_t nsets, uint32_t assoc, uint32_t mshr)
{
    memset(c, 0, sizeof *c);
    c->nsets = nsets;
    c->line_size = 128;
    c->sector_size = 128;
    c->assoc = assoc;
    c->write_policy = CACHE_WRITE_BACK;
    c->alloc_policy = CACHE_ALLOC_ON_MISS;
    c->write_allocate = 1;
    snprintf(c->repl, sizeof c->repl, "lru");
    snprintf(c->index, sizeof c->index, "linear");
    c->mshr_entries = mshr;
    c->mshr_max_merge = 4; /* assumed (GPGPU-Sim's usual A:N:4) */
    c->miss_queue = 8;
}

static void common(struct memsys_config *c)
{
    memset(c, 0, sizeof *c);
    c->icnt_latency = 8; /* assumed: a few router hops */
    c->flit_bytes = 32;
    c->flits_per_cycle = 1;
    c->icnt_in_buf = 8;
    c->icnt_out_buf = 8;
    c->ctrl_bytes = 8;
    c->l2_latency = 8;   /* assumed */
    c->rop_latency = 0;
    c->dram_latency = 0;
    c->l2_in_queue = 8;
    c->l2_out_queue = 8;
}

void memsys_config_gtx480(struct memsys_config *c)
{
    common(c);
    /* fixed delays of GPGPU-Sim's Fermi configurations (ROP queue before the
     * L2, delay on DRAM accesses), in core cycles */
    c->rop_latency = 120;
    c->dram_latency = 100;
    c->n_sm = 15;
    c->n_part = 6;
    c->core_mhz = 700;
    c->icnt_mhz = 700;
    c->l2_mhz = 700;
    c->dram_mhz = 924; /* 6 x 924 MHz x 32 B = 177 GB/s (table: 179.2 GB/s) */
    l2(&c->l2, 64, 16, 32); /* 128 KB, 16-way, 128 B lines, 32 MSHRs per partition */
    gddr5(&c->dram);
}

void memsys_config_ccws(struct memsys_config *c)
{
    common(c);
    c->n_sm = 30;
    c->n_part = 8;
    c->core_mhz = 1300;
    c->icnt_mhz = 650;
    c->l2_mhz = 650; /* assumed: L2 at the interconnect clock */
    c->dram_mhz = 800;
    l2(&c->l2, 128, 8, 32); /* 128 KB per channel, 8-way, 128 B lines, LRU; MSHRs assumed */
    /* GDDR3: tCL 10, tRP 10, tRC 35, tRAS 25, tRCD 12, tRRD 8 from the table;
     * tCCD, tWL, tWR, 8 banks and the burst assumed. 8 bytes per cycle. */
    c->dram = (struct dram_config){
        .nbanks = 8, .queue_size = 32, .bus_bytes = 4, .burst_length = 4, .data_rate = 2,
        .t = { .tCCD = 2, .tRRD = 8, .tRCD = 12, .tRAS = 25, .tRP = 10, .tRC = 35, .tCL = 10,
               .tWL = 4, .tWR = 10 },
    };
}

void memsys_config_awss(struct memsys_config *c)
{
    common(c);
    c->n_sm = 15;
    c->n_part = 6;
    c->core_mhz = 1400;
    c->icnt_mhz = 1400;
    c->l2_mhz = 1400; /* assumed */
    /* Reading chosen: "1.84 GHz" as a double-data-rate clock of the same
     * GDDR5 parts as the GTX480 (2 beats per cycle, timing in its cycles). */
    c->dram_mhz = 1840;
    l2(&c->l2, 64, 16, 32); /* 768 KB = 6 x 128 KB, 16-way, 128 B lines */
    gddr5(&c->dram);
    c->dram.data_rate = 2;
    c->dram.queue_size = 32; /* 2 chips x 16 entries */
}

/* Hopper-class (H100 SXM-like), for comparisons with a real H100. Public
 * figures: 132 SMs at up to 1755-1980 MHz, 50 MB L2 with 128-byte lines
 * and 32-byte sectors, HBM3 at about 3.35 TB/s. Everything else is assumed:
 * 64 partitions of 768 KB (48 MB in all, 24-way, ipoly indexing), each with
 * a 51.2 GB/s channel (16 bytes x 2 beats x 1600 MHz), HBM-like timing
 * converted to 1600 MHz cycles (tRCD = tCL = tRP = 14 ns, tRAS 33 ns). */
void memsys_config_h100(struct memsys_config *c)
{
    common(c);
    c->n_sm = 132;
    c->n_part = 64;
    c->core_mhz = 1755;
    c->icnt_mhz = 1755;
    c->l2_mhz = 1755;
    c->dram_mhz = 1600;
    l2(&c->l2, 256, 24, 64);
    c->l2.sector_size = 32;
    snprintf(c->l2.index, sizeof c->l2.index, "ipoly");
    c->l2.miss_queue = 16;
    c->dram = (struct dram_config){
        .nbanks = 16, .queue_size = 64, .bus_bytes = 16, .burst_length = 4, .data_rate = 2,
        .t = { .tCCD = 2, .tRRD = 6, .tRCD = 22, .tRAS = 53, .tRP = 22, .tRC = 75, .tCL = 22,
               .tWL = 8, .tWR = 26, .tCDLR = 8 },
    };
    c->icnt_latency = 20; /* assumed: a larger on-chip network */
    c->flits_per_cycle = 2;
    c->icnt_in_buf = 16;
    c->icnt_out_buf = 16;
    c->l2_latency = 20;
}
