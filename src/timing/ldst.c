/* LD/ST unit: one memory instruction at a time, taken from OC_EX_MEM in
 * issue order (opcollect.h) at the end of a cycle and worked on from the next.
 *   global/local: coalesced line requests (coalescer.c) enter the L1 access
 *     pipeline, up to ccgpu_l1_ports per cycle while it has room (the unit is
 *     done with the instruction when all are in); with gpgpu_l1_banks N the
 *     pipeline is banked as GPGPU-Sim 4.x's (ldst_unit::
 *     process_memory_access_queue_l1cache): a request's sectors enter one a
 *     bank a cycle, at most N a cycle, the request with its last sector, and
 *     up to N requests are looked up a cycle; each reaches the L1's tag
 *     check gpgpu_l1_latency cycles later, in order (GPGPU-Sim 4.x's
 *     l1_latency_queue). A reservation failure there holds the pipeline's
 *     head until a fill or a miss-queue drain changes the L1 (the cache
 *     counts the reason). A hit's data is readable at the tag check, a
 *     miss's ccgpu_writeback_cycles after its reply arrives. Global stores are
 *     write-evict/no-allocate in the L1 (its configured write policy) and
 *     posted: the warp does not wait for their acknowledgement. Local memory
 *     goes through the L1 like global memory (interleaved per thread, see
 *     coalescer.h).
 *   .cg loads, atomics and everything when the L1 is "none" bypass the L1:
 *     one request per line straight to the memory system (atomics are
 *     performed at the L2 and modelled as reads there). Atomics are
 *     coalesced as GPGPU-Sim does (coalesce_atomic): one request per 32-byte
 *     chunk, another for lanes whose bytes conflict, each replied to with
 *     its 32 bytes.
 *   shared: as many passes as the largest number of distinct 4-byte words
 *     mapped to one bank (gpgpu_shmem_num_banks); data after
 *     gpgpu_smem_latency + passes - 1 cycles; the unit is held `passes`
 *     cycles.
 *   const and param: one pass per distinct address, data after
 *     ccgpu_const_latency + passes - 1. With a constant cache
 *     (gpgpu_const_cache:l1, rocache.h), loads of constant memory and a
 *     kernel's loads of its parameters look their lines up, one a cycle: a
 *     miss waits for its line from the memory system (its data then, after
 *     the writeback stage); a lookup that finds no free miss entry holds the
 *     unit until a line arrives (GPGPU-Sim's stall of the LD/ST unit on a
 *     constant-cache reservation failure). Parameter loads in device
 *     functions and texture loads keep the fixed latency. */
#include "timing/sm.h"
#include "timing/cluster_net.h"
#include "mem/memsys.h"
#include <string.h>


static uint32_t smem_passes(const struct sm *sm, const struct ptx_dyninst *d)
{
    uint32_t banks = sm->cfg->smem_banks, worst = 1;
    uint32_t words[64][8];
    uint8_t cnt[64];
    uint32_t bytes = (uint32_t)d->access_size * (d->vec ? d->vec : 1);
    memset(cnt, 0, banks);
    for (uint32_t mask = d->exec_mask; mask; mask &= mask - 1) {
        uint32_t lane = (uint32_t)__builtin_ctz(mask);
        uint64_t a = d->addr[lane];
        for (uint64_t wd = a >> 2; wd <= (a + (bytes ? bytes : 1) - 1) >> 2; wd++) {
            uint32_t b = (uint32_t)(wd % banks), i;
            for (i = 0; i < cnt[b] && i < 8 && words[b][i] != (uint32_t)wd; i++)
                ;
            if (i < cnt[b] && i < 8)
                continue; /* same word: broadcast */
            if (cnt[b] < 8)
                words[b][cnt[b]] = (uint32_t)wd;
            if (cnt[b] < 255)
                cnt[b]++;
            if (cnt[b] > worst)
                worst = cnt[b];
        }
    }
    return worst;
}

static uint32_t distinct_addrs(const struct ptx_dyninst *d)
{
    if (!d->exec_mask)
        return 1;
    /* most constant and parameter loads read one address for the warp: the
     * differences from the first lane's, ORed (branch-free over a full warp) */
    uint64_t a0 = d->addr[__builtin_ctz(d->exec_mask)], diff = 0;
    if (d->exec_mask == UINT32_MAX) {
        for (uint32_t i = 0; i < PTX_WARP_SIZE; i++)
            diff |= d->addr[i] ^ a0;
    } else {
        for (uint32_t mask = d->exec_mask; mask; mask &= mask - 1)
            diff |= d->addr[__builtin_ctz(mask)] ^ a0;
    }
    if (!diff)
        return 1;
    uint64_t seen[PTX_WARP_SIZE];
    uint32_t n = 0;
    for (uint32_t mask = d->exec_mask; mask; mask &= mask - 1) {
        uint64_t a = d->addr[__builtin_ctz(mask)];
        uint32_t i;
        for (i = 0; i < n && seen[i] != a; i++)
            ;
        if (i == n)
            seen[n++] = a;
    }
    return n ? n : 1;
}

/* The scoreboard entries of a memory instruction's results (long_op: a
 * long-latency access, as GPGPU-Sim's scoreboard counts them), and for an
 * atomic with active lanes one that holds every later instruction of the
 * warp (SB_ALL_REGS). */
static void add_pending(struct sm_warp *w, const struct tinst *ti, uint64_t ready, uint16_t rec,
                        uint8_t long_op, int holds_warp)
{
    w->sb_ok = 0;
    for (uint32_t r = ti->nsrc; r < (uint32_t)ti->nsrc + ti->ndst; r++) {
        struct sb_entry *e = &w->sb[w->nsb++];
        e->reg = ti->reg[r];
        e->ready = ready;
        e->rec = rec;
        e->long_op = long_op;
    }
    if (holds_warp)
        w->sb[w->nsb++] =
            (struct sb_entry){ .reg = SB_ALL_REGS, .rec = rec, .ready = ready, .long_op = long_op };
    if (ti->async == TASYNC_COPY) /* awaited by wait_group (sm_issue.c) */
        w->sb[w->nsb++] = (struct sb_entry){ .reg = SB_ASYNC_TAG | (w->async_group & SB_ASYNC_GROUP),
                                             .rec = rec, .ready = ready, .long_op = long_op };
}

void ldst_queue(struct sm *sm, uint32_t path, uint32_t slot, const struct ptx_dyninst *d,
                const struct tinst *ti, uint64_t now)
{
    struct sm_warp *w = &sm->warps[slot];
    uint32_t i = oc_mem_push(&sm->oc_mem[path], now, oc_read_cycles(ti->nsrc, sm->cfg->oc_steps));
    struct mem_queued *q = &sm->mq[path * sm->mq_stride + i];
    q->slot = slot;
    q->seq = sm->mem_seq++;
    if (d != &q->d)
        q->d = *d;
    q->rec = NO_REC;
    /* (issue calls this before the warp's next instruction is fetched: func
     * is still the issuing instruction's) */
    q->in_kernel = (uint8_t)(w->func && w->func->is_entry);
    w->pending++;
    int reads = ti->ndst || (d->is_mem && d->exec_mask && (d->is_load || d->is_atomic));
    if (reads) {
        uint16_t rec = sm->free_recs[--sm->nfree_recs];
        struct ldst_rec *r = &sm->recs[rec];
        r->warp = slot;
        r->remaining = 0;
        r->ready = now + 1;
        r->all_sent = 0;
        r->atomic_wait = (uint8_t)(ti->atomic && d->exec_mask);
        q->rec = rec;
        /* long latency as GPGPU-Sim's scoreboard counts it: every space
         * but shared and constant (a generic access whose lanes resolved
         * to several spaces reaches memory for some of them) */
        uint8_t sp = d->space;
        add_pending(w, ti, SB_PENDING, rec,
                    d->mixed_space || sp == PTX_SPACE_GLOBAL || sp == PTX_SPACE_LOCAL ||
                        sp == PTX_SPACE_PARAM || sp == PTX_SPACE_TEX,
                    r->atomic_wait);
        /* ccgpu_longop_marks: the accesses that reach the L1 or memory
         * (longop.c; an out-of-memory failure is in sm->err) */
        if (sm->lom && ti->ndst && d->exec_mask && d->is_mem && !d->prefetch &&
            (d->mixed_space || sp == PTX_SPACE_GLOBAL || sp == PTX_SPACE_LOCAL))
            (void)sm_longop_mark(sm, slot, ti);
        if (r->atomic_wait && sm->on_atomic)
            sm->on_atomic(&sm->ws, slot, 1);
    }
}

/* The fixed-latency paths (shared, const/param, no lanes): the unit is held
 * `passes` cycles from the next cycle; the data is there `latency + passes -
 * 1` cycles after that, readable after the writeback stage. */
static void begin_fixed(struct sm *sm, const struct mem_queued *q, uint32_t passes,
                        uint32_t latency, uint64_t now)
{
    uint64_t start = now + 1;
    sm->ldst_busy = 1;
    sm->ldst_path = PATH_FIXED;
    sm->ldst_until = start + passes;
    if (q->rec != NO_REC) {
        struct ldst_rec *r = &sm->recs[q->rec];
        r->ready = start + latency + passes - 1 + sm->cfg->writeback_cycles;
        r->all_sent = 1;
        sm_rec_done(sm, q->rec);
    }
}

/* As begin_fixed, but the instruction's lines go through the constant cache
 * (ldst_const_cycle): its record completes when they are all looked up and
 * the misses' lines have arrived (a hit's data at begin_fixed's time). */
static void begin_const(struct sm *sm, const struct mem_queued *q, uint32_t passes, uint64_t base,
                        uint64_t now)
{
    const struct ptx_dyninst *d = &q->d;
    uint64_t start = now + 1;
    sm->ldst_busy = 1;
    sm->ldst_until = start + passes;
    uint32_t shift = sm->cc.line_shift;
    sm->co.n = 0;
    for (uint32_t mask = d->exec_mask; mask; mask &= mask - 1) {
        uint64_t line = (base + d->addr[__builtin_ctz(mask)]) >> shift;
        uint32_t i;
        for (i = 0; i < sm->co.n && sm->co.line[i] != line; i++)
            ;
        if (i == sm->co.n)
            sm->co.line[sm->co.n++] = line;
    }
    struct ldst_rec *r = &sm->recs[q->rec];
    r->ready = start + sm->cfg->const_latency + passes - 1 + sm->cfg->writeback_cycles;
    r->all_sent = 0;
    r->remaining = 0;
    sm->ldst_path = PATH_CONST;
    sm->ldst_rec = q->rec;
    sm->ldst_next = 0;
    sm->ldst_blocked = 0;
}

/* One constant-cache lookup of the unit's instruction a cycle; the unit is
 * free when all are done and its passes have elapsed. */
static void ldst_const_cycle(struct sm *sm, uint64_t now)
{
    if (sm->ldst_next < sm->co.n) {
        if (sm->ldst_blocked && sm->ldst_epoch == sm->epoch)
            return; /* no line arrived since the failure */
        sm->ldst_blocked = 0;
        uint64_t line = sm->co.line[sm->ldst_next];
        if (!rocache_lookup(&sm->cc, line)) {
            enum roc_miss m = rocache_miss(&sm->cc, line, (uint16_t)sm->ldst_rec);
            if (m == ROC_FULL) {
                sm->ldst_blocked = 1;
                sm->ldst_epoch = sm->epoch;
                return;
            }
            sm->recs[sm->ldst_rec].remaining++;
        }
        if (++sm->ldst_next == sm->co.n) {
            struct ldst_rec *r = &sm->recs[sm->ldst_rec];
            r->all_sent = 1;
            if (!r->remaining)
                sm_rec_done(sm, sm->ldst_rec);
        }
    }
    if (sm->ldst_next == sm->co.n && now + 1 >= sm->ldst_until) {
        sm->ldst_busy = 0;
        sm->next_event = now + 1;
    } else if (sm->next_event > now + 1) {
        sm->next_event = now + 1;
    }
}

/* The LD/ST unit takes q at the end of cycle now and works on it from now + 1. */
static void ldst_begin(struct sm *sm, const struct mem_queued *q, uint64_t now)
{
    const struct ptx_dyninst *d = &q->d;
    const struct sm_config *cfg = sm->cfg;
    uint32_t slot = q->slot;
    struct sm_warp *w = &sm->warps[slot];
    if (q->rec == NO_REC)
        w->pending--; /* a store: posted once the unit has it */
    if (!d->exec_mask || !d->is_mem || (d->prefetch && !cfg->prefetch)) {
        /* every lane predicated off, or a prefetch left a no-op */
        begin_fixed(sm, q, 1, 1, now);
        if (q->rec == NO_REC && !w->live && !w->pending)
            sm_warp_drained(sm, slot);
        return;
    }
    uint8_t space = d->space;
    if (space == PTX_SPACE_SHARED || d->mixed_space) {
        uint32_t p = smem_passes(sm, d), lat = cfg->smem_latency;
        sm->st.smem_accesses++;
        sm->st.smem_conflict_cycles += p - 1;
        /* distributed shared memory on another SM: the SM-to-SM network */
        if (sm->cnet && !d->mixed_space && cluster_net_remote(sm, d, w->cta)) {
            lat += sm->cnet->latency;
            sm->st.smem_remote++;
        }
        begin_fixed(sm, q, p, lat, now);
    } else if (space == PTX_SPACE_CONST || space == PTX_SPACE_PARAM || space == PTX_SPACE_TEX) {
        uint32_t p = distinct_addrs(d);
        sm->st.const_accesses++;
        if (sm->have_cc && !sm->perfect && q->rec != NO_REC && d->is_load && !d->is_store &&
            (space == PTX_SPACE_CONST || (space == PTX_SPACE_PARAM && q->in_kernel)))
            begin_const(sm, q, p, space == PTX_SPACE_CONST ? ROC_CONST_BASE : ROC_PARAM_BASE, now);
        else
            begin_fixed(sm, q, p, cfg->const_latency, now);
    } else {
        uint32_t ls = sm->have_l1 ? sm->l1.line_shift : 7;
        uint32_t ss = sm->have_l1 ? sm->l1.sector_shift : 5;
        struct coalesce_local loc = { sm->local_base, sm->local_stride,
                                      (sm->id * cfg->n_slots + slot) * 32 };
        if (d->is_atomic)
            coalesce_atomic(d, cfg->warp_parts, &sm->co);
        else
            coalesce(d, cfg->warp_parts, ls, ss, space == PTX_SPACE_LOCAL ? &loc : NULL, &sm->co);
        int bypass = !sm->have_l1 || d->is_atomic || d->inst->cache == PTX_CACHE_CG ||
                     (cfg->gmem_skip_l1d && space == PTX_SPACE_GLOBAL) || d->prefetch == 2;
        /* the bypass policy (ccgpu_bypass) decides for the other global
         * accesses, by the instruction's first line (not for prefetches) */
        if (!bypass && !d->prefetch && space == PTX_SPACE_GLOBAL && sm->bp.ops->l1_bypass &&
            sm->co.n)
            bypass = sm->bp.ops->l1_bypass(&sm->bp, sm->co.line[0], d->pc, d->is_store, now);
        if (d->prefetch) /* a load nobody waits for (no record): lines into L1 or L2 */
            *(bypass ? &sm->st.prefetch_l2 : &sm->st.prefetch_l1) += sm->co.n;
        sm->ldst_busy = 1;
        sm->ldst_path = bypass ? PATH_BYPASS : PATH_L1;
        if (sm->trace && !bypass) {
            const struct sm_cta *ct = &sm->ctas[w->cta];
            l1trace_inst(sm->trace, d, cfg->warp_parts, &sm->co,
                         space == PTX_SPACE_LOCAL ? &loc : NULL, (uint16_t)sm->id, (uint16_t)slot,
                         ct->id, ct->id * ct->nwarps + isrc_warp_index(sm->src, w->pw));
        }
        sm->ldst_write = d->is_store && !d->is_atomic;
        sm->ldst_atomic = d->is_atomic;
        sm->ldst_local = space == PTX_SPACE_LOCAL;
        sm->ldst_warp = slot;
        sm->ldst_next = 0;
        sm->ldst_sent = 0;
        sm->ldst_blocked = 0;
        sm->ldst_rec = q->rec;
        if (q->rec != NO_REC) {
            struct ldst_rec *r = &sm->recs[q->rec];
            r->pc = d->pc;
            r->remaining = sm->co.n;
            r->ready = now + 1;
            r->all_sent = 0;
        }
    }
    if (q->rec == NO_REC && !w->live && !w->pending)
        sm_warp_drained(sm, slot);
}

static void line_request(const struct sm *sm, uint64_t line, uint8_t sectors, uint32_t ls,
                         uint32_t ss, struct mem_request *q)
{
    memset(q, 0, sizeof *q);
    mem_request_sectors(q, line, sectors, ss, 1u << (ls - ss));
    q->sm = (uint16_t)sm->id;
}

static void ldst_requests(struct sm *sm, uint64_t now)
{
    if (!sm->ldst_busy)
        return;
    if (sm->ldst_path == PATH_CONST) {
        ldst_const_cycle(sm, now);
        return;
    }
    if (sm->ldst_path == PATH_FIXED) {
        if (now + 1 >= sm->ldst_until) {
            sm->ldst_busy = 0;
            sm->next_event = now + 1;
        } else if (sm->ldst_until - 1 < sm->next_event) {
            sm->next_event = sm->ldst_until - 1;
        }
        return;
    }
    if (sm->ldst_blocked && sm->ldst_epoch == sm->epoch)
        return; /* nothing freed room since the failure */
    sm->ldst_blocked = 0;
    struct ldst_rec *r = sm->ldst_rec != NO_REC ? &sm->recs[sm->ldst_rec] : NULL;
    uint32_t ls = sm->have_l1 ? sm->l1.line_shift : 7;
    uint32_t ss = sm->have_l1 ? sm->l1.sector_shift : 5;
    int queue_full = 0;
    const int banked = sm->cfg->l1_banks && sm->ldst_path == PATH_L1 && !sm->mrpb.e;
    uint32_t bank_used = 0, bank_taken = 0;
    for (uint32_t port = 0; (banked || port < sm->cfg->l1_ports) && sm->ldst_next < sm->co.n;
         port++) {
        uint32_t i = sm->ldst_next;
        if (banked) {
            /* GPGPU-Sim's banked L1 pipeline: one sector access a bank a
             * cycle, at most gpgpu_l1_banks a cycle; the line enters the
             * pipeline with its last sector */
            uint8_t left = (uint8_t)(sm->co.sectors[i] & ~sm->ldst_sent);
            if (!sm->co.sectors[i])
                left = 1;
            int stop = 0;
            while (left) {
                uint32_t s = (uint32_t)__builtin_ctz(left);
                uint64_t a = sm->co.line[i] + ((uint64_t)s << ss);
                uint32_t b = (uint32_t)(a >> sm->cfg->l1_bank_shift) & (sm->cfg->l1_banks - 1);
                if (bank_taken == sm->cfg->l1_banks || (bank_used >> b & 1)) {
                    stop = 1;
                    break;
                }
                if (sm->l1q_count == sm->l1q_cap)
                    break;
                bank_used |= 1u << b;
                bank_taken++;
                sm->ldst_sent |= (uint8_t)(1u << s);
                left &= (uint8_t)(left - 1);
            }
            if (stop || left)
                break;
            sm->ldst_sent = 0;
        }
        if (sm->ldst_path == PATH_L1) {
            struct l1_pending *p;
            if (sm->mrpb.e) { /* MRPB: into the warp's queue (mrpb.h) */
                if (mrpb_full(&sm->mrpb, sm->ldst_warp)) {
                    queue_full = 1; /* room comes when the drain takes its head */
                    break;
                }
                p = mrpb_push(&sm->mrpb, sm->ldst_warp);
            } else {
                if (sm->l1q_count == sm->l1q_cap) {
                    queue_full = 1; /* room comes when the head is looked up */
                    break;
                }
                p = &sm->l1q[(sm->l1q_head + sm->l1q_count++) % sm->l1q_cap];
            }
            p->a = (struct cache_access){
                .addr = sm->co.line[i],
                .sectors = sm->co.sectors[i],
                .is_write = sm->ldst_write,
                .warp = (int32_t)sm->ldst_warp,
                .token = sm->ldst_write              ? TOKEN_STORE
                         : sm->ldst_rec == NO_REC ? TOKEN_PREFETCH /* only prefetches */
                                                  : sm->ldst_rec,
                .is_local = sm->ldst_local,
            };
            p->at = now + sm->cfg->l1_latency;
            if (sm->trace)
                l1trace_record(sm->trace, (uint16_t)sm->id, i, sm->co.line[i], sm->ldst_write,
                               &p->tr);
        } else {
            if (sm->bq_count == sm->bq_cap) {
                sm->ldst_blocked = 1;
                sm->ldst_epoch = sm->epoch;
                break;
            }
            struct mem_request *q = &sm->bq[(sm->bq_head + sm->bq_count++) % sm->bq_cap];
            /* an atomic's entry is one 32-byte chunk (coalesce_atomic) */
            line_request(sm, sm->co.line[i], sm->co.sectors[i], ls, sm->ldst_atomic ? 5 : ss, q);
            q->is_write = sm->ldst_write;
            q->is_atomic = sm->ldst_atomic;
            q->warp = (int32_t)sm->ldst_warp;
            q->id = sm->ldst_write              ? TOKEN_STORE
                    : sm->ldst_rec == NO_REC ? (TOKEN_BYPASS | TOKEN_PREFETCH)
                                             : (TOKEN_BYPASS | sm->ldst_rec);
            if (!sm->ldst_write && sm->bp.ops->l2_bypass && r)
                q->bypass_l2 = (uint8_t)sm->bp.ops->l2_bypass(&sm->bp, q->addr, r->pc, now);
            sm->st.bypass_requests++;
        }
        sm->ldst_next++;
    }
    if (sm->ldst_next == sm->co.n) {
        sm->ldst_busy = 0;
        sm->next_event = now + 1;
        if (r) {
            r->all_sent = 1;
            if (!r->remaining)
                sm_rec_done(sm, sm->ldst_rec);
        }
    } else if (!sm->ldst_blocked && !queue_full) {
        sm->next_event = now + 1;
    }
}

/* What can change the outcome of a blocked head's lookup (read_access and
 * write_access in cache.c), by what failed it:
 * - a fill (L1_FILL, at the filled block's address) frees an MSHR entry and
 *   changes its own set's lines: it may pass any failure but a full miss
 *   queue, and that one only when it is in the head's set (elsewhere the
 *   head's line, MSHR entry, victim and the miss queue's room are as they
 *   were, the MSHR check having passed already);
 * - a miss-queue send (L1_SEND) frees miss-queue room: it changes no line
 *   and no MSHR entry, so it cannot pass an MSHR failure;
 * - a bypass-queue send (BQ_SEND) changes nothing in the L1; only MRPB's
 *   bypass of a line-allocation failure looks at that queue's room.
 * A line-allocation failure is retried after every change. */
enum l1q_event { L1_FILL, L1_SEND, BQ_SEND };

static void l1q_note(struct sm *sm, enum l1q_event e, uint64_t addr)
{
    if (!sm->l1q_blocked || sm->l1q_changed)
        return;
    uint8_t why = sm->l1q_why;
    if (why == CACHE_FAIL_LINE_ALLOC)
        sm->l1q_changed = 1;
    else if (e == L1_FILL)
        sm->l1q_changed = why != CACHE_FAIL_MISS_QUEUE ||
                          cache_index_set(&sm->l1.index, addr >> sm->l1.line_shift) == sm->l1q_set;
    else if (e == L1_SEND)
        sm->l1q_changed = why == CACHE_FAIL_MISS_QUEUE;
}

/* The L1 access pipeline's head, up to ccgpu_l1_ports requests a cycle, each
 * looked up once it has spent gpgpu_l1_latency cycles in the pipeline: a hit's
 * data can be read by an instruction issued this cycle (GPGPU-Sim 4.x
 * releases the scoreboard at the lookup); a miss or a hit on a line being
 * filled waits for the fill; a reservation failure keeps the head (and
 * everything behind it) until a fill or a miss-queue drain changes the L1. */
static void l1q_cycle(struct sm *sm, uint64_t now)
{
    if (sm->l1q_blocked && sm->l1q_epoch == sm->epoch)
        return;
    if (sm->l1q_blocked && !sm->l1q_changed) {
        /* the epoch moved, but nothing since the failure can let the head
         * pass (l1q_note): its lookup would fail alike and change nothing
         * but the failure counters (cache_access with no on_access hook) */
        sm->l1.st.res_fail[0]++;
        sm->l1.st.res_fail[sm->l1q_why]++;
        sm->l1q_epoch = sm->epoch;
        return;
    }
    sm->l1q_blocked = 0;
    for (uint32_t port = 0; port < sm->l1q_lookups && sm->l1q_count; port++) {
        struct l1_pending *p = &sm->l1q[sm->l1q_head];
        if (p->at > now)
            break;
        enum cache_fail f;
        enum cache_outcome o = cache_access(&sm->l1, &p->a, &f);
        if (o == CACHE_RESERVATION_FAIL && f == CACHE_FAIL_LINE_ALLOC && sm->mrpb.e &&
            sm->mrpb.cfg.bypass_assoc && !p->a.is_write && !(p->a.token & TOKEN_STORE) &&
            sm->bq_count < sm->bq_cap) {
            /* MRPB's bypass on an associativity stall: the read goes
             * around the L1 (it was counted as a LINE_ALLOC failure) */
            struct mem_request *q = &sm->bq[(sm->bq_head + sm->bq_count++) % sm->bq_cap];
            line_request(sm, p->a.addr, p->a.sectors, sm->l1.line_shift, sm->l1.sector_shift, q);
            q->warp = p->a.warp;
            q->id = TOKEN_BYPASS | p->a.token;
            sm->st.bypass_requests++;
            sm->mrpb.assoc_bypass++;
            sm->l1q_head = (sm->l1q_head + 1) % sm->l1q_cap;
            sm->l1q_count--;
            continue;
        }
        if (o == CACHE_RESERVATION_FAIL) {
            sm->l1q_blocked = 1;
            sm->l1q_epoch = sm->epoch;
            sm->l1q_why = (uint8_t)f;
            /* later failures may be counted without the lookup when the
             * lookup has no observer and the victim choice only reads the
             * replacement state (so a fill elsewhere cannot change it);
             * otherwise every change retries */
            sm->l1q_changed = !(sm->cfg->fast_paths && sm->l1.victim_pure &&
                                !sm->l1.hooks.on_access);
            if (!sm->l1q_changed && f == CACHE_FAIL_MISS_QUEUE)
                sm->l1q_set = cache_index_set(&sm->l1.index, p->a.addr >> sm->l1.line_shift);
            return;
        }
        sm->st.l1_requests++;
        if (sm->bp.ops->l1_seen && !p->a.is_write && !p->a.is_local &&
            !(p->a.token & (TOKEN_STORE | TOKEN_PREFETCH)))
            sm->bp.ops->l1_seen(&sm->bp, p->a.addr, sm->recs[p->a.token].pc, o != CACHE_HIT,
                                now);
        if (sm->trace)
            l1trace_emit(sm->trace, &p->tr);
        if (o == CACHE_HIT && !(p->a.token & (TOKEN_STORE | TOKEN_PREFETCH))) {
            struct ldst_rec *r = &sm->recs[p->a.token];
            if (now > r->ready)
                r->ready = now;
            if (--r->remaining == 0 && r->all_sent)
                sm_rec_done(sm, (uint32_t)p->a.token);
        }
        sm->l1q_head = (sm->l1q_head + 1) % sm->l1q_cap;
        sm->l1q_count--;
    }
    if (sm->l1q_count) {
        uint64_t at = sm->l1q[sm->l1q_head].at;
        uint64_t t = at > now ? at : now + 1;
        if (t < sm->next_event)
            sm->next_event = t;
    }
}

/* MRPB: up to ccgpu_l1_ports queue heads enter the L1 pipeline, chosen by
 * the drain policy (mrpb.h). */
static void mrpb_drain(struct sm *sm, uint64_t now)
{
    int q, moved = 0;
    for (uint32_t port = 0; port < sm->cfg->l1_ports && sm->l1q_count < sm->l1q_cap &&
                            (q = mrpb_pick(&sm->mrpb)) >= 0;
         port++) {
        struct l1_pending *d = &sm->l1q[(sm->l1q_head + sm->l1q_count++) % sm->l1q_cap];
        *d = *mrpb_head(&sm->mrpb, (uint32_t)q);
        d->at = now + sm->cfg->l1_latency;
        mrpb_pop(&sm->mrpb, (uint32_t)q);
        moved = 1;
    }
    if (moved && sm->next_event > now + 1)
        sm->next_event = now + 1;
}

void ldst_cycle(struct sm *sm, uint64_t now)
{
    /* nothing in the L1 pipeline, the unit or its issue path: nothing below
     * can move (an empty pipeline is never blocked) */
    if (!sm->l1q_count && !sm->ldst_busy && !sm_oc_mem_count(sm) && !sm->mrpb.e)
        return;
    if (sm->have_l1)
        l1q_cycle(sm, now);
    ldst_requests(sm, now);
    if (sm->mrpb.e)
        mrpb_drain(sm, now);
    const uint32_t np = sm->cfg->n_paths;
    if (!sm->ldst_busy) {
        /* the oldest-issued ready head of the paths (GPGPU-Sim's LD/ST unit
         * takes the oldest instruction of OC_EX_MEM, whose slots belong to
         * the schedulers with sub-cores) */
        struct mem_queued *take = NULL;
        uint32_t from = 0;
        for (uint32_t p = 0; p < np; p++) {
            int i = oc_mem_ready(&sm->oc_mem[p], now);
            struct mem_queued *q = i < 0 ? NULL : &sm->mq[p * sm->mq_stride + (uint32_t)i];
            if (q && (!take || q->seq < take->seq)) {
                take = q;
                from = p;
            }
        }
        if (take) {
            oc_mem_pop(&sm->oc_mem[from]);
            ldst_begin(sm, take, now);
            sm->next_event = now + 1;
        }
    }
    for (uint32_t p = 0; p < np; p++)
        oc_mem_advance(&sm->oc_mem[p], now);
}

/* Data from the memory system: readable after the writeback stage. */
static void answer(struct sm *sm, uint32_t rec, uint64_t now)
{
    struct ldst_rec *r = &sm->recs[rec];
    uint64_t t = now + sm->cfg->writeback_cycles;
    if (t > r->ready)
        r->ready = t;
    if (--r->remaining == 0 && r->all_sent)
        sm_rec_done(sm, rec);
}

void sm_mem_reply(struct sm *sm, const struct mem_request *q, uint64_t now)
{
    /* the SM needs a cycle now only if this wakes a load (sm_rec_done) or
     * frees room for a blocked LD/ST unit */
    sm_account(sm, now);
    sm->inflight--;
    /* a far partition's data is readable later (l2_split.h) */
    const uint64_t at = sm->split ? now + l2_split_reply(sm->split, q, now) : now;
    if (q->is_write || (q->id & TOKEN_STORE))
        return;
    if (q->id & TOKEN_INST) {
        sm_icache_fill(sm, q->addr, now);
        return;
    }
    if (q->id & TOKEN_CONST) {
        uint16_t tok[ROC_MAX_MERGE];
        uint32_t n = rocache_fill(&sm->cc, q->addr >> sm->cc.line_shift, tok);
        for (uint32_t i = 0; i < n; i++)
            answer(sm, tok[i], now);
        sm->epoch++; /* a blocked lookup may find an entry now */
        if (sm->ldst_busy && sm->ldst_path == PATH_CONST && sm->next_event > now)
            sm->next_event = now;
        return;
    }
    if (sm->bp.ops->l2_seen && !q->bypass_l2 && !(q->id & TOKEN_PREFETCH))
        sm->bp.ops->l2_seen(&sm->bp, q->addr, sm->recs[q->id & 0xffff].pc, !q->l2_hit, now);
    if (q->id & TOKEN_BYPASS) {
        if (!(q->id & TOKEN_PREFETCH))
            answer(sm, (uint32_t)(q->id & 0xffff), at);
        return;
    }
    const uint64_t *tok;
    int n = cache_fill(&sm->l1, q->addr, memsys_reply_sectors(&sm->l1, q), &tok);
    sm->epoch++;
    l1q_note(sm, L1_FILL, q->addr);
    if (sm_waits_for_room(sm) && sm->next_event > now)
        sm->next_event = now;
    for (int i = 0; i < n; i++)
        if (!(tok[i] & (TOKEN_STORE | TOKEN_PREFETCH)))
            answer(sm, (uint32_t)tok[i], at);
}

/* The SM's port below the L1: the memory system, or under gpgpu_perfect_mem
 * its cluster's response FIFO (perfect_mem.h). */
static int can_send(const struct sm *sm, const struct memsys *m)
{
    if (sm->link)
        return sim_link_can_send(sm->link, sm->id / sm->link->cpp);
    return sm->perfect ? !perfect_port_full(sm->perfect) : memsys_can_push(m, sm->id);
}

static int send(struct sm *sm, struct memsys *m, uint64_t now, const struct mem_request *q)
{
    if (sm->link)
        return sim_link_send(sm->link, sm->id / sm->link->cpp, now, q) ? -2 : 0;
    if (!sm->perfect)
        return memsys_push(m, now, q);
    if (perfect_port_full(sm->perfect))
        return -1;
    perfect_port_push(sm->perfect, now, q);
    return 0;
}

int sm_drain(struct sm *sm, struct memsys *m, uint64_t now, uint64_t tick)
{
    const struct cache_out *o;
    uint64_t before = sm->epoch, line;
    /* instruction fetches first (the front of the pipeline waits on them),
     * then constant-cache misses */
    for (int k = 0; k < 2; k++) {
        struct rocache *rc = k ? &sm->cc : &sm->ic;
        while (rocache_unsent(rc, &line) && can_send(sm, m)) {
            struct mem_request q = { .addr = line << rc->line_shift, .bytes = rc->line_bytes,
                                     .sm = (uint16_t)sm->id, .warp = -1,
                                     .id = k ? TOKEN_CONST : TOKEN_INST };
            int r = send(sm, m, now, &q);
            if (r == -1)
                break;
            if (r)
                return -1;
            rocache_mark_sent(rc, line);
            sm->inflight++;
        }
    }
    while (sm->have_l1 && (o = cache_out_front(&sm->l1)) && can_send(sm, m)) {
        struct mem_request q;
        memsys_request_from_miss(&sm->l1, o, (uint16_t)sm->id, &q);
        if (!q.is_write && sm->bp.ops->l2_bypass && !(o->token & TOKEN_STORE))
            q.bypass_l2 = (uint8_t)sm->bp.ops->l2_bypass(&sm->bp, q.addr,
                                                         sm->recs[o->token & 0xffff].pc, now);
        int rc = send(sm, m, now, &q);
        if (rc == -1)
            break;
        if (rc)
            return -1;
        cache_out_pop(&sm->l1);
        sm->inflight++;
        sm->epoch++;
        l1q_note(sm, L1_SEND, 0);
    }
    while (sm->bq_count && can_send(sm, m)) {
        int rc = send(sm, m, now, &sm->bq[sm->bq_head]);
        if (rc == -1)
            break;
        if (rc)
            return -1;
        sm->bq_head = (sm->bq_head + 1) % sm->bq_cap;
        sm->bq_count--;
        sm->inflight++;
        sm->epoch++;
        l1q_note(sm, BQ_SEND, 0);
    }
    if (sm_has_output(sm))
        sm->port_full_tick = tick;
    if (sm->epoch != before && sm_waits_for_room(sm) && sm->next_event > now + 1)
        sm->next_event = now + 1;
    return 0;
}
