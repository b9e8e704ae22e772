/* gpgpu_perfect_mem's cluster response FIFO (perfect_mem.h). */
#include "timing/perfect_mem.h"
#include <stdlib.h>
#include <string.h>

int perfect_port_init(struct perfect_port *p, uint32_t cap)
{
    memset(p, 0, sizeof *p);
    p->cap = cap;
    p->q = calloc(cap ? cap : 1, sizeof *p->q);
    return p->q ? 0 : -1;
}

void perfect_port_free(struct perfect_port *p)
{
    free(p->q);
    memset(p, 0, sizeof *p);
}

void perfect_port_push(struct perfect_port *p, uint64_t now, const struct mem_request *r)
{
    struct mem_request *e = &p->q[(p->head + p->count++) % p->cap];
    *e = *r;
    e->issue_cycle = now;
    e->done_cycle = now + 1;
    e->l2_hit = 1;
}

uint64_t perfect_port_next(const struct perfect_port *p)
{
    if (!p->count)
        return UINT64_MAX;
    uint64_t t = p->q[p->head].done_cycle;
    return t > p->last_pop ? t : p->last_pop + 1;
}

int perfect_port_pop(struct perfect_port *p, uint64_t now, struct mem_request *out)
{
    if (!p->count || perfect_port_next(p) > now)
        return 0;
    *out = p->q[p->head];
    out->done_cycle = now;
    p->head = (p->head + 1) % p->cap;
    p->count--;
    p->last_pop = now;
    return 1;
}
