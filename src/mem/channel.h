/* DRAM channel: one DRAM shared by the sub-partitions of a memory partition
 * (GPGPU-Sim's memory_partition_unit and its n_sub_partition_per_mchannel
 * memory_sub_partitions). Each sub-partition (partition.h) sends its L2
 * misses, writebacks and L2-bypassing requests to the channel's DRAM with
 * its index in the token (PART_SUB_*); the channel hands each read's data
 * to the return queue of the sub-partition that sent it, in the order the
 * DRAM completes them: a read whose sub-partition's return queue is full
 * holds the ones behind it (GPGPU-Sim's dram_L2_queue_full). Runs in the
 * DRAM clock domain; memsys owns the clock. */
#ifndef CCGPU_MEM_CHANNEL_H
#define CCGPU_MEM_CHANNEL_H
#include <stddef.h>
#include <stdint.h>
#include "mem/dram.h"
#include "mem/partition.h"

struct stats;

struct mem_channel {
    uint32_t id, nsub;
    struct dram dram;
    struct partition *sub;    /* its nsub sub-partitions */
    uint64_t dram_period;     /* fs */
    uint64_t dram_latency_fs; /* added to every read's data */
    /* memsys's cache of channel_next(ch, 0), valid unless stale (set by
     * memsys after a tick that changed the channel or its sub-partitions) */
    uint64_t raw;
    int stale;
    char stat_names[7][48];
};

/* cfg is validated by dram_init; -1 with a message on error. */
int channel_init(struct mem_channel *ch, uint32_t id, const struct dram_config *cfg,
                 uint64_t dram_period, uint64_t dram_latency_fs, struct partition *sub,
                 uint32_t nsub, char *err, size_t errlen);
void channel_free(struct mem_channel *ch);
/* DRAM cycle j (time j * dram_period): completed reads to their
 * sub-partitions, then one DRAM cycle. Marks the sub-partitions whose L2
 * side may see a change (l2_dirty). */
void channel_cycle(struct mem_channel *ch, uint64_t j);
/* Earliest DRAM cycle >= j0 with work; PART_NEVER if none. */
uint64_t channel_next(struct mem_channel *ch, uint64_t j0);
/* Registers dram_p<id>.* */
int channel_register_stats(struct mem_channel *ch, struct stats *s);

#endif
