/* Stage times of the issue-to-unit path (see opcollect.h). With entry i of a
 * class issued at t_i, W = idoc, C = cus, V = ocex:
 *   a_i = max(t_i + 1, x_{i-C}, a_{i-1})      a collector unit frees when its
 *                                            instruction moves to OC_EX
 *   x_i = max(a_i + read_i, e_{i-V}, x_{i-1}) OC_EX frees when the unit takes
 *   e_i = max(x_i + 1, unit free, e_{i-1})
 * and an instruction may issue at t when a_{i-W} <= t. */
#include "timing/opcollect.h"
#include <string.h>

static uint64_t max64(uint64_t a, uint64_t b)
{
    return a > b ? a : b;
}

void oc_alu_reset(struct oc_alu *c, struct oc_shape sh)
{
    memset(c, 0, sizeof *c);
    c->sh = sh;
}

/* Times of the entry k places back (k >= 1); zeros before the first. */
static const struct oc_stage_times *back(const struct oc_alu *c, uint32_t k)
{
    static const struct oc_stage_times none = { 0, 0, 0 };
    if (k > c->n)
        return &none;
    return &c->ring[(c->n - k) % OC_RING];
}

uint64_t oc_alu_issue(struct oc_alu *c, uint64_t t, uint32_t read, const uint64_t *unit_free,
                      uint32_t nunits, uint32_t *instance)
{
    const struct oc_stage_times *prev = back(c, 1);
    uint64_t a = max64(max64(t + 1, back(c, c->sh.cus)->x), prev->a);
    uint64_t x = max64(max64(a + read, back(c, c->sh.ocex)->e), prev->x);
    uint32_t k = 0;
    for (uint32_t i = 1; i < nunits; i++)
        if (unit_free[i] < unit_free[k])
            k = i;
    uint64_t e = max64(max64(x + 1, unit_free[k]), prev->e);
    struct oc_stage_times *s = &c->ring[c->n % OC_RING];
    s->a = a;
    s->x = x;
    s->e = e;
    c->n++;
    *instance = k;
    return e;
}

void oc_mem_reset(struct oc_mem *m, struct oc_shape sh)
{
    memset(m, 0, sizeof *m);
    m->sh = sh;
    m->cap = sh.idoc + sh.cus + sh.ocex;
}

static uint32_t at(const struct oc_mem *m, uint32_t pos)
{
    return (m->head + pos) % m->cap;
}

uint32_t oc_mem_push(struct oc_mem *m, uint64_t t, uint32_t read)
{
    uint32_t i = oc_mem_next_index(m);
    m->t[i] = t;
    m->a[i] = m->x[i] = 0;
    m->read[i] = (uint8_t)read;
    m->count++;
    m->n_idoc++;
    return i;
}

/* Dispatch: the oldest collector units whose operands are read move to
 * OC_EX, at most sh.ocex a cycle (*moved counts this cycle's). */
static void mem_dispatch(struct oc_mem *m, uint64_t now, uint32_t *moved)
{
    while (m->n_cu && m->n_ocex < m->sh.ocex && *moved < m->sh.ocex) {
        uint32_t i = at(m, m->n_ocex);
        if (m->a[i] + m->read[i] > now)
            break;
        m->x[i] = now;
        m->n_ocex++;
        m->n_cu--;
        (*moved)++;
    }
}

void oc_mem_advance(struct oc_mem *m, uint64_t now)
{
    uint32_t dispatched = 0, moved = 0, zero_read = 0;
    mem_dispatch(m, now, &dispatched);
    /* allocation: ID_OC registers to free collector units */
    while (m->n_idoc && m->n_cu < m->sh.cus && moved < m->sh.idoc) {
        uint32_t i = at(m, m->n_ocex + m->n_cu);
        if (m->t[i] + 1 > now)
            break;
        m->a[i] = now;
        zero_read |= !m->read[i];
        m->n_cu++;
        m->n_idoc--;
        moved++;
    }
    /* a unit allocated now with nothing to read (oc_read_cycles 0) is
     * dispatched in the same cycle, by a later collector step */
    if (zero_read)
        mem_dispatch(m, now, &dispatched);
}

int oc_mem_ready(const struct oc_mem *m, uint64_t now)
{
    if (!m->n_ocex || m->x[m->head] + 1 > now)
        return -1;
    return (int)m->head;
}

void oc_mem_pop(struct oc_mem *m)
{
    m->head = (m->head + 1) % m->cap;
    m->count--;
    m->n_ocex--;
}

uint64_t oc_mem_next_event(const struct oc_mem *m, uint64_t now, int unit_idle)
{
    uint64_t t = UINT64_MAX;
    if (m->n_ocex && unit_idle)
        t = max64(m->x[m->head] + 1, now + 1);
    if (m->n_cu && m->n_ocex < m->sh.ocex) {
        uint32_t i = at(m, m->n_ocex);
        uint64_t d = max64(m->a[i] + m->read[i], now + 1);
        if (d < t)
            t = d;
    }
    if (m->n_idoc && m->n_cu < m->sh.cus) {
        uint32_t i = at(m, m->n_ocex + m->n_cu);
        uint64_t d = max64(m->t[i] + 1, now + 1);
        if (d < t)
            t = d;
    }
    return t;
}
