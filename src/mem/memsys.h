/* The memory system below the L1s: request crossbar -> memory
 * sub-partitions (an L2 slice each) -> reply crossbar, the sub-partitions
 * of a memory partition sharing its DRAM channel, in four clock domains (core,
 * interconnect, L2, DRAM) stepped inside, deterministically, on an integer
 * femtosecond time base (period = round(1e9 / MHz) fs).
 *
 * Use per core cycle C, in this order:
 *   memsys_advance(m, C);                      all internal work up to C
 *   while (memsys_pop_response(m, sm, C, &r))  replies visible at C
 *   memsys_push(m, C, &req)                    new requests issued at C
 * and to skip idle cycles jump to memsys_next_event(m) (or to the SM's own
 * next event, whichever is earlier): the results are identical to calling
 * memsys_advance every cycle.
 *
 * Latency of an isolated read, each part in the domain named: a push at
 * core cycle C enters the request crossbar at the first interconnect cycle
 * after C (crossbar: latency + ser - 1, ser = flits / flits_per_cycle rounded
 * up, with ctrl_bytes of header); after rop_latency it is looked up by the
 * L2; an L2 hit replies l2_latency L2 cycles later; a miss goes to DRAM in
 * the same L2 cycle (tRCD + tCL + xfer on a closed bank, tCL + xfer on an open
 * row, then dram_latency) and is filled at the first L2 cycle after the data;
 * the reply enters the reply crossbar at the first interconnect cycle after
 * that. rop_latency and dram_latency count core cycles, as in GPGPU-Sim. A
 * hand-over to another domain at the same instant costs one cycle of the
 * receiving domain (exactly one each when clocks are equal). */
#ifndef CCGPU_MEM_MEMSYS_H
#define CCGPU_MEM_MEMSYS_H
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "mem/addrmap.h"
#include "mem/cache_config.h"
#include "mem/channel.h"
#include "mem/dram.h"
#include "mem/icnt.h"
#include "mem/mem_request.h"
#include "mem/partition.h"

#define MEMSYS_NEVER UINT64_MAX
/* memsys.dense_ticks' default: advances of up to 4 interconnect cycles step
 * through every tick (memsys_advance) */
#define MEMSYS_DENSE_TICKS 4

struct stats;

struct memsys_config {
    uint32_t n_sm, n_part;
    double core_mhz, icnt_mhz, l2_mhz, dram_mhz; /* clock domains */
    struct cache_config l2;   /* the L2 of a partition: its sub-partitions' slices together */
    struct dram_config dram;  /* one channel per partition */
    char addr_map[160];       /* addrmap spec; "" = ADDRMAP_DEFAULT */
    uint32_t part_indexing;   /* gpgpu_memory_partition_indexing (addrmap.h) */
    uint32_t icnt_latency;    /* interconnect cycles */
    uint32_t icnt_req_arb_shift; /* the request crossbar's icnt_config.arb_shift */
    uint32_t icnt_req_release_delay, icnt_rep_release_delay; /* the crossbars' release_delay */
    uint32_t flit_bytes, flits_per_cycle;
    uint32_t icnt_in_buf, icnt_out_buf; /* packets per port */
    /* GPGPU-Sim's booksim router (icnt.h's router mode; all 0 = the crossbar):
     * injection queue, router input buffer and destination buffer in flits,
     * allocation cycles per packet, iSLIP grants */
    uint32_t icnt_in_flits, icnt_vc_flits, icnt_out_flits, icnt_alloc_delay, icnt_islip;
    /* GPGPU-Sim's cluster ports: the SMs of a cluster (cluster_size of them,
     * consecutive ids) share one port of each network, and a port hands at
     * most one reply per core cycle to its SMs (simt_core_cluster::icnt_cycle
     * pops one packet per cycle). 0 = one port per SM, no such limit. */
    uint32_t cluster_ports, cluster_size;
    /* GPGPU-Sim's partition input (partition.h accept_room; 0 = off) */
    uint32_t l2_accept_room;
    uint32_t ctrl_bytes;      /* packet header: a read request or write ack is this size */
    uint32_t l2_latency;      /* L2 cycles from lookup to reply on a hit */
    uint32_t rop_latency;     /* core cycles from arrival at the partition to lookup */
    uint32_t dram_latency;    /* core cycles added to every DRAM read */
    uint32_t l2_in_queue, l2_out_queue;
    uint32_t l2_ports;        /* lookups (and fills, DRAM sends) per L2 cycle; 0 = 1 */
    uint32_t part_ports;      /* sub-partitions of a partition (gpgpu_n_sub_partition_per_mchannel;
                               * 0 = 1): each an L2 slice with l2.nsets / part_ports sets and
                               * l2_ports / part_ports lookups a cycle (at least 1), its own
                               * queues, and a node of each crossbar */
};

struct memsys_stats {
    uint64_t reads, writes, l2_read_hits;
    uint64_t read_latency; /* sum over reads of done - issue, core cycles */
    /* sums over partitions, refreshed by memsys_sync_stats */
    uint64_t l2_accesses, l2_hits, l2_misses, l2_res_fail, l2_writebacks;
    uint64_t dram_reads, dram_writes, dram_row_hits, dram_activates, dram_busy;
};

struct memsys {
    struct memsys_config cfg;
    uint64_t pc, pi, pl, pd;  /* periods, fs */
    uint64_t ni, nl, nd;      /* next unprocessed tick of each domain */
    uint64_t fi, fl, fd;      /* their fs times (ni x pi, ...) */
    uint64_t core_now;
    uint64_t rep_tick;        /* reply-crossbar cycle visible at core_now */
    uint64_t due;             /* fs time of the next internal work, if !due_dirty */
    int due_dirty;
    uint64_t l2_raw;          /* earliest L2 cycle with work, if !l2_stale */
    uint64_t l2_raw_fs, dram_raw_fs; /* l2_raw's and dram_raw's fs times */
    int l2_stale;
    uint64_t dram_raw;        /* earliest DRAM cycle with work, if !dram_stale */
    int dram_stale;
    /* next interconnect cycle with work (icnt_next), if !icnt_stale:
     * kept until an interconnect tick, a request pushed, a reply taken, or
     * an L2 cycle that changes a partition's input or output queue */
    uint64_t icnt_raw;
    int icnt_stale;
    int exhaustive;           /* tests: run every tick of every domain */
    uint32_t dense_ticks;     /* an advance spanning at most this many interconnect
                                 cycles steps through every tick (memsys_advance);
                                 0: always from event to event */
    struct addrmap map;
    struct icnt req, rep;
    uint32_t cpp;             /* SMs per port (1 without cluster ports) */
    uint64_t *port_pop;       /* cluster ports: core cycle + 1 of each port's last reply */
    /* The sub-partitions (partition.h), nsub per channel, channel c's at
     * c * nsub.. : each a destination of the request crossbar and a source
     * of the reply crossbar. "Partition" below means a sub-partition. */
    struct partition *part;
    uint32_t nsub, nparts;
    struct mem_channel *chan; /* the DRAM channels, cfg.n_part */
    /* by bit (words of 64), the partitions whose output queue holds a reply:
     * with the request crossbar's destinations holding a packet, the
     * partitions an interconnect tick has anything to do for */
    uint64_t *outq;
    /* by bit, the partitions whose request-crossbar head has arrived and
     * found the partition's input full: not an event until an L2 cycle
     * takes from that input */
    uint64_t *req_blocked;
    /* by bit, the partitions whose L2 (l2_active) or the channels whose
     * DRAM (dram_active) may have work: a superset, set wherever one is
     * changed, cleared when its next event is found to be none. The L2 and
     * DRAM ticks and the next-event searches visit only these, so an idle
     * partition or channel costs nothing. */
    uint64_t *l2_active, *dram_active;
    uint32_t part_words, chan_words;
    struct mem_slot *slots;
    uint32_t nslots, free_slot, live;
    struct memsys_stats st;
    struct cache_hooks l2_hooks; /* the user's, called through converters */
    char stat_names[8][48];
    char err[256];
};

/* Fills cfg with the GTX480-like configuration of the SACAT paper's Table 1
 * (GPGPU-Sim's GTX480 file for what the table leaves out). */
void memsys_config_gtx480(struct memsys_config *cfg);
/* The CCWS paper's Table 1 (GPGPU-Sim 3.1, Quadro FX5800 + Fermi caches). */
void memsys_config_ccws(struct memsys_config *cfg);
/* The AWSS paper's Table I (Fermi, 768 KB L2, GDDR5 at 1.84 GHz). */
void memsys_config_awss(struct memsys_config *cfg);
/* Hopper-class (H100-like; mostly assumed figures, see memsys_presets.c). */
void memsys_config_h100(struct memsys_config *cfg);

/* Applies the GPGPU-Sim options a config store holds (gpgpu_n_mem,
 * gpgpu_clock_domains, gpgpu_cache:dl2, gpgpu_dram_timing_opt, ...; see
 * memsys_options.c) on top of cfg (a preset); options absent keep cfg's
 * values. -1 with a one-line message naming the option on a bad value. */
struct ccgpu_config;
int memsys_config_read(struct memsys_config *cfg, const struct ccgpu_config *store, char *err,
                       size_t errlen);
/* Writes cfg as the options memsys_config_read takes (GPGPU-Sim names where
 * they exist), one "key value" per line: reading them back on any preset
 * gives cfg again (n_sm is not a memory option). -1 on a write error. */
int memsys_config_write(const struct memsys_config *cfg, FILE *out);

int memsys_init(struct memsys *m, const struct memsys_config *cfg, char *err, size_t errlen);
void memsys_free(struct memsys *m);

/* The interconnect port of SM sm (its cluster's, with cluster ports). */
static inline uint32_t memsys_port(const struct memsys *m, uint32_t sm)
{
    return sm / m->cpp;
}
/* Whether SM port sm can take a request now. */
static inline int memsys_can_push(const struct memsys *m, uint32_t sm)
{
    return sm < m->cfg.n_sm && icnt_can_push(&m->req, memsys_port(m, sm));
}
/* Packets request port `port` has room for now (free slots of its
 * crossbar source; a router's flit limit may still turn one away), and the
 * packets the request crossbar has taken from its ports so far (a port's
 * room grows only when this count does). */
static inline uint32_t memsys_port_room(const struct memsys *m, uint32_t port)
{
    return m->req.in[port].cap - m->req.in[port].count;
}
static inline uint64_t memsys_requests_started(const struct memsys *m)
{
    return m->req.st.packets;
}
/* ORs into out (by bit, words of 64) the request ports whose crossbar
 * source started a packet since the last call (the ports whose room may
 * have grown), and forgets them. */
static inline void memsys_take_started_ports(struct memsys *m, uint64_t *out)
{
    icnt_take_started(&m->req, out);
}
/* What the GPU loop polls, after memsys_advance(m, C): the reply-crossbar
 * cycle visible at C (replies change only when it does, except with
 * cluster ports, memsys_polls_every_cycle); whether SM port sm has a reply
 * arrived by then; the reply ports holding a packet (by bit, words of 64,
 * memsys_reply_port_words of them); and, with one SM per port, the SMs
 * whose request port is full (by bit; NULL with cluster ports). */
static inline uint64_t memsys_reply_tick(const struct memsys *m)
{
    return m->rep_tick;
}
static inline int memsys_polls_every_cycle(const struct memsys *m)
{
    return m->port_pop != NULL;
}
static inline int memsys_port_arrived(const struct memsys *m, uint32_t port)
{
    return icnt_has_arrived(&m->rep, port, m->rep_tick);
}
static inline int memsys_reply_arrived(const struct memsys *m, uint32_t sm)
{
    return memsys_port_arrived(m, memsys_port(m, sm));
}
static inline const uint64_t *memsys_reply_ports(const struct memsys *m)
{
    return icnt_out_busy(&m->rep);
}
static inline uint32_t memsys_reply_port_words(const struct memsys *m)
{
    return m->rep.out_words;
}
static inline uint32_t memsys_sms_per_port(const struct memsys *m)
{
    return m->cpp;
}
static inline const uint64_t *memsys_full_sm_ports(const struct memsys *m)
{
    return m->cpp == 1 ? icnt_in_full(&m->req) : NULL;
}
/* Issues req at core cycle now (advancing to now first if needed): 0
 * accepted, -1 port full (retry later, nothing changed), -2 bad request,
 * a cycle before the current one, or out of memory (message in m->err). */
int memsys_push(struct memsys *m, uint64_t now, const struct mem_request *req);
/* Runs every internal event up to core cycle now. */
void memsys_advance(struct memsys *m, uint64_t now);
/* Takes one reply for SM port sm visible at core cycle now (advancing to
 * now first if needed): 1 and *out, or 0. */
int memsys_pop_response(struct memsys *m, uint32_t sm, uint64_t now, struct mem_request *out);
/* Earliest core cycle after the last advanced one at which memsys_advance
 * has work or a reply becomes visible, or an earlier one (never later: an
 * advance with nothing due changes nothing, so a caller that comes early
 * only asks again); MEMSYS_NEVER when idle. A visible reply left unpopped
 * keeps this at the next cycle (pop them all). */
uint64_t memsys_next_event(struct memsys *m);
/* Nothing in flight anywhere (replies not yet popped count as in flight). */
int memsys_idle(const struct memsys *m);
/* Glue for an L1 above: the request for miss-queue entry o of cache l1
 * (reads and writes alike; sectors are sent as the span from the first to
 * the last, so a gap in the mask is fetched too), and the sectors of l1 a
 * read reply fills. Replies to writes fill nothing. */
void memsys_request_from_miss(const struct cache *l1, const struct cache_out *o, uint16_t sm,
                              struct mem_request *r);
uint8_t memsys_reply_sectors(const struct cache *l1, const struct mem_request *r);

/* GPGPU-Sim's gpgpu_perf_sim_memcpy: a host copy of bytes at addr leaves
 * the L2 holding them. As GPGPU-Sim's perf_memcpy_to_gpu: one 32-byte step at
 * a time from addr, each marking the sector holding addr + 32k in its slice
 * (cache_preload: no traffic, no statistics). */
void memsys_l2_preload(struct memsys *m, uint64_t addr, uint64_t bytes);

/* Observers of every L2 slice (NULL removes them). Blocks are reported as
 * global block numbers (global byte address / L2 line size), so a policy
 * sees the same numbers as at the L1; warp is the requesting warp (within its
 * SM). */
void memsys_set_l2_hooks(struct memsys *m, const struct cache_hooks *hooks);

/* Registers mem.*, icnt.*, l2.* and dram.* (totals), l2_pN.* and dram_pN.*
 * (per partition) counters. The totals are sums over the partitions, and
 * the L2 slices' res_fail counters lack the retries skipped since the last
 * cycle they ran (partition.h retry_skip), until memsys_sync_stats (called by
 * the timing model at the end of each launch) brings both up to the time
 * advanced to. */
int memsys_register_stats(struct memsys *m, struct stats *s);
void memsys_sync_stats(struct memsys *m);
/* The DRAM schedulers' own work so far, over every channel (not
 * statistics): bank scans made to choose a command, and the commands
 * issued (column reads and writes, activates, precharges). */
void memsys_dram_work(const struct memsys *m, uint64_t *scans, uint64_t *commands);

#endif
