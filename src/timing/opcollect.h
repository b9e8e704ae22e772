/* The path from the issue stage to a function unit, as GPGPU-Sim models it
 * (shader.cc: ID_OC_* pipeline registers, operand collector units, OC_EX_*
 * registers), one in-order path per unit class (SP, SFU, DP, INT, MEM):
 *
 *   issue at t  -> ID_OC register (idoc slots)
 *   a >= t + 1  -> a collector unit (cus of them); its source operands are
 *                  read in the cycle after allocation (bank conflicts are not
 *                  modelled), so it can dispatch from a + read (read = 2, or 1
 *                  for an instruction without register sources)
 *   x           -> OC_EX register (ocex slots)
 *   e >= x + 1  -> the unit takes it (ALU: a free unit instance; MEM: the LD/ST
 *                  unit is idle), and works on it from e + 1.
 *
 * Within a cycle the stages move downstream first (unit take, then dispatch
 * to OC_EX, then collector allocation, then issue), as GPGPU-Sim's
 * shader_core_ctx::cycle runs execute, read_operands and issue in that order,
 * so a slot freed in a cycle is used in the same cycle. Every stage is served
 * in arrival order (GPGPU-Sim picks ready collector units round robin, which
 * for one class's in-order stream is arrival order).
 *
 * The issue stage may issue to a class while its ID_OC register has room: a
 * memory instruction no longer waits for the LD/ST unit to be idle; up to
 * idoc + cus + ocex memory instructions of different warps wait behind a busy
 * LD/ST unit and are served in the order they issued.
 *
 * An ALU class depends only on its own stream (its unit's occupancy is set by
 * the instructions before it), so its times are computed at issue in closed
 * form (oc_alu_*). The MEM class depends on the LD/ST unit, whose occupancy
 * depends on the cache, so its entries move cycle by cycle (oc_mem_*). */
#ifndef CCGPU_TIMING_OPCOLLECT_H
#define CCGPU_TIMING_OPCOLLECT_H
#include <stdint.h>

#define OC_MAX_SLOTS 32 /* most slots of one stage (register width, collector units) */
#define OC_RING 32      /* >= OC_MAX_SLOTS: the last entries' stage times */

struct oc_stage_times {
    uint64_t a, x, e; /* entered a collector unit, OC_EX, the unit */
};

/* Sizes of one class's path. */
struct oc_shape {
    uint32_t idoc, cus, ocex;
};

/* An ALU class: the stage times of its last OC_RING instructions. */
struct oc_alu {
    struct oc_shape sh;
    uint64_t n; /* instructions issued to the class */
    struct oc_stage_times ring[OC_RING];
};

void oc_alu_reset(struct oc_alu *c, struct oc_shape sh);
/* Earliest cycle an instruction can issue to the class (its ID_OC register
 * has room); 0 when it has room from the start. Changes only at
 * oc_alu_issue and oc_alu_reset. */
static inline uint64_t oc_alu_room_at(const struct oc_alu *c)
{
    return c->sh.idoc > c->n ? 0 : c->ring[(c->n - c->sh.idoc) % OC_RING].a;
}
/* An instruction issued at t (t >= oc_alu_room_at) with `read` operand-read
 * cycles, on a unit of which unit_free[0..nunits) says when each instance
 * can take an instruction: returns the cycle e the unit takes it and sets
 * *instance to the instance used (the earliest free). */
uint64_t oc_alu_issue(struct oc_alu *c, uint64_t t, uint32_t read, const uint64_t *unit_free,
                      uint32_t nunits, uint32_t *instance);

/* The MEM class: a FIFO of entries; positions [0, n_ocex) from the head are
 * in OC_EX, the next n_cu in collector units, the rest in ID_OC. Entries'
 * payloads live in the caller's array at the same ring index. */
struct oc_mem {
    struct oc_shape sh;
    uint32_t cap, head, count;
    uint32_t n_ocex, n_cu, n_idoc;
    uint64_t t[OC_MAX_SLOTS * 3], a[OC_MAX_SLOTS * 3], x[OC_MAX_SLOTS * 3];
    uint8_t read[OC_MAX_SLOTS * 3];
};

void oc_mem_reset(struct oc_mem *m, struct oc_shape sh);
static inline int oc_mem_has_room(const struct oc_mem *m)
{
    return m->n_idoc < m->sh.idoc;
}
/* Cycles from a collector unit's allocation to its dispatch to OC_EX, with
 * GPGPU-Sim's operand collector stepped `steps` times a cycle
 * (gpgpu_reg_file_port_throughput; each step dispatches ready units, then
 * reads operands, then allocates units): the dispatch comes 2 steps after
 * the allocation for an instruction with register sources (read, then
 * dispatch), 1 step without them, so 2 and 1 cycles with one step a cycle,
 * 1 and 0 with two, 0 and 0 with more. */
static inline uint32_t oc_read_cycles(uint32_t nsrc, uint32_t steps)
{
    return (nsrc ? 2u : 1u) / (steps ? steps : 1u);
}
/* Queues an instruction issued at t; returns its ring index (for the payload). */
uint32_t oc_mem_push(struct oc_mem *m, uint64_t t, uint32_t read);
/* The ring index the next oc_mem_push returns. */
static inline uint32_t oc_mem_next_index(const struct oc_mem *m)
{
    return (m->head + m->count) % m->cap;
}
/* Moves entries at cycle now: dispatch from collector units to OC_EX and
 * allocation of collector units (the unit take is oc_mem_take). */
void oc_mem_advance(struct oc_mem *m, uint64_t now);
/* Ring index of the head if the unit may take it at cycle now, else -1. */
int oc_mem_ready(const struct oc_mem *m, uint64_t now);
/* Removes the head (the unit took it). */
void oc_mem_pop(struct oc_mem *m);
/* Earliest cycle > now at which oc_mem_advance or a take (when unit_idle)
 * could move something; UINT64_MAX if nothing can move without a take. */
uint64_t oc_mem_next_event(const struct oc_mem *m, uint64_t now, int unit_idle);

#endif
