#include "analysis/locality.h"

void locality_account(struct locality_counts *c, const struct trace_record *r, int outcome,
                      const struct cachesim_owner *o)
{
    if (outcome == CACHESIM_SKIPPED)
        return;
    c->accesses++;
    if (outcome != CACHESIM_HIT) {
        c->misses++;
        return;
    }
    if (o->kernel != r->kernel)
        c->inter_kernel++;
    else if (o->warp == r->warp && (o->lanes & r->lanes))
        c->intra_thread++;
    else if (o->warp == r->warp)
        c->inter_thread++;
    else if (o->cta == r->cta && o->sm == r->sm)
        c->inter_warp_cta++;
    else if (o->sm == r->sm)
        c->inter_warp_sm++;
    else
        c->inter_warp_remote++;
}

void locality_add(struct locality_counts *sum, const struct locality_counts *c)
{
    sum->accesses += c->accesses;
    sum->misses += c->misses;
    sum->intra_thread += c->intra_thread;
    sum->inter_thread += c->inter_thread;
    sum->inter_warp_cta += c->inter_warp_cta;
    sum->inter_warp_sm += c->inter_warp_sm;
    sum->inter_warp_remote += c->inter_warp_remote;
    sum->inter_kernel += c->inter_kernel;
}

uint64_t locality_intra_warp(const struct locality_counts *c)
{
    return c->intra_thread + c->inter_thread;
}

uint64_t locality_inter_warp(const struct locality_counts *c)
{
    return c->inter_warp_cta + c->inter_warp_sm + c->inter_warp_remote + c->inter_kernel;
}

uint64_t locality_intra_cta(const struct locality_counts *c)
{
    return c->intra_thread + c->inter_thread + c->inter_warp_cta;
}

uint64_t locality_inter_cta(const struct locality_counts *c)
{
    return c->inter_warp_sm + c->inter_warp_remote;
}
