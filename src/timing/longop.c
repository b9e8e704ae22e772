/* ccgpu_longop_marks 1: GPGPU-Sim 4.x's stale long-latency marks.
 *
 * GPGPU-Sim's Scoreboard::reserveRegisters adds a long-latency load's
 * destination registers to the warp's longopregs at issue, and only
 * Scoreboard::releaseRegisters removes them. That is called when an
 * instruction leaves the EX_WB stage (the ALU classes) and when the LD/ST
 * unit lets go of a load none of whose accesses is outstanding; a global or
 * local load's data, from an L1 hit (ldst_unit::L1_latency_queue_cycle) or
 * a fill (ldst_unit::writeback), releases its register through
 * Scoreboard::releaseRegister, which leaves longopregs as it is. So the
 * register stays long after its data arrived, until an ALU instruction
 * writes it. Its one reader is two_level_active_scheduler::order_warps,
 * which demotes a warp whose next instruction reads a long register
 * (Scoreboard::islongop): a warp that reads a load's result is demoted
 * however long ago the data came, and waits until the FIFO brings it back.
 *
 * Here: a global, local or atomic access with lanes and destinations marks
 * them at its issue (ldst_queue); an ALU instruction writing a marked
 * register ends the mark when its result can be read (the cycle the
 * scoreboard releases it); sm_warp_long_wait answers yes while the warp's
 * next instruction reads a marked register. Parameter and texture loads are
 * not marked: GPGPU-Sim marks them too, and a constant-cache hit leaves
 * through releaseRegisters, which clears the mark, but a miss's fill
 * (ldst_unit::writeback) leaves it (histogram's two-level run, whose loop
 * reads a parameter, is 65 cycles shorter in GPGPU-Sim without those
 * marks; docs/policy-effects.md). A new warp in the slot starts without marks
 * (GPGPU-Sim's scoreboard keeps them across CTAs and launches, under its own
 * register numbering). */
#include "timing/sm.h"
#include <stdlib.h>

static struct sm_longop_mark *find(const struct sm_longop *l, uint32_t reg)
{
    for (uint32_t i = 0; i < l->n; i++)
        if (l->m[i].reg == reg)
            return &l->m[i];
    return NULL;
}

int sm_longop_mark(struct sm *sm, uint32_t slot, const struct tinst *ti)
{
    struct sm_longop *l = &sm->lom[slot];
    for (uint32_t r = ti->nsrc; r < (uint32_t)ti->nsrc + ti->ndst; r++) {
        struct sm_longop_mark *m = find(l, ti->reg[r]);
        if (!m) {
            if (l->n == l->cap) {
                uint32_t cap = l->cap ? 2 * l->cap : 16;
                struct sm_longop_mark *g = realloc(l->m, cap * sizeof *g);
                if (!g) {
                    snprintf(sm->err, sizeof sm->err, "timing model: out of memory (long-latency marks)");
                    return -1;
                }
                l->m = g;
                l->cap = cap;
            }
            m = &l->m[l->n++];
            m->reg = ti->reg[r];
        }
        m->until = SM_NEVER;
    }
    return 0;
}

void sm_longop_write(struct sm *sm, uint32_t slot, const struct tinst *ti, uint64_t ready)
{
    struct sm_longop *l = &sm->lom[slot];
    for (uint32_t r = ti->nsrc; r < (uint32_t)ti->nsrc + ti->ndst && l->n; r++) {
        struct sm_longop_mark *m = find(l, ti->reg[r]);
        if (m && m->until > ready)
            m->until = ready;
    }
}

int sm_longop_held(const struct sm *sm, uint32_t slot, const struct tinst *ti, uint64_t at)
{
    const struct sm_longop *l = &sm->lom[slot];
    for (uint32_t r = 0; r < ti->nsrc && l->n; r++) {
        const struct sm_longop_mark *m = find(l, ti->reg[r]);
        if (m && m->until > at)
            return 1;
    }
    return 0;
}

void sm_longop_clear(struct sm *sm, uint32_t slot)
{
    if (sm->lom)
        sm->lom[slot].n = 0;
}

void sm_longop_free(struct sm *sm)
{
    if (!sm->lom)
        return;
    for (uint32_t i = 0; i < sm->cfg->n_slots; i++)
        free(sm->lom[i].m);
    free(sm->lom);
    sm->lom = NULL;
}
