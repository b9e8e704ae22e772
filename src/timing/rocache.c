#include "timing/rocache.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int rocache_init(struct rocache *rc, const struct cache_config *cfg, const char *name, char *err,
                 size_t errlen)
{
    memset(rc, 0, sizeof *rc);
    if (cfg->line_size < ROC_INST_BYTES) {
        snprintf(err, errlen, "%s: %u-byte lines are shorter than an instruction (%u bytes)", name,
                 cfg->line_size, ROC_INST_BYTES);
        return -1;
    }
    rc->nsets = cfg->nsets;
    rc->assoc = cfg->assoc;
    rc->line_bytes = cfg->line_size;
    rc->line_shift = (uint32_t)__builtin_ctz(cfg->line_size);
    rc->nentries = cfg->mshr_entries ? cfg->mshr_entries : 1;
    if (rc->nentries > ROC_MAX_ENTRIES)
        rc->nentries = ROC_MAX_ENTRIES;
    rc->max_merge = cfg->mshr_max_merge ? cfg->mshr_max_merge : 1;
    if (rc->max_merge > ROC_MAX_MERGE)
        rc->max_merge = ROC_MAX_MERGE;
    size_t n = (size_t)rc->nsets * rc->assoc;
    rc->tag = calloc(n, sizeof *rc->tag);
    rc->used = calloc(n, sizeof *rc->used);
    rc->e = calloc(rc->nentries, sizeof *rc->e);
    if (!rc->tag || !rc->used || !rc->e) {
        rocache_free(rc);
        snprintf(err, errlen, "%s: out of memory", name);
        return -1;
    }
    return 0;
}

void rocache_free(struct rocache *rc)
{
    free(rc->tag);
    free(rc->used);
    free(rc->e);
    rc->tag = NULL;
    rc->used = NULL;
    rc->e = NULL;
}

void rocache_invalidate(struct rocache *rc)
{
    memset(rc->tag, 0, (size_t)rc->nsets * rc->assoc * sizeof *rc->tag);
    rc->epoch++;
}

void rocache_reset_entries(struct rocache *rc)
{
    memset(rc->e, 0, rc->nentries * sizeof *rc->e);
    rc->unsent = 0;
}

int rocache_lookup(struct rocache *rc, uint64_t line)
{
    rc->st.accesses++;
    size_t base = (size_t)(line & (rc->nsets - 1)) * rc->assoc;
    for (uint32_t w = 0; w < rc->assoc; w++)
        if (rc->tag[base + w] == line + 1) {
            rc->used[base + w] = ++rc->stamp;
            return 1;
        }
    return 0;
}

enum roc_miss rocache_miss(struct rocache *rc, uint64_t line, uint16_t tok)
{
    struct roc_entry *free_entry = NULL;
    for (uint32_t i = 0; i < rc->nentries; i++) {
        struct roc_entry *x = &rc->e[i];
        if (x->used && x->line == line) {
            if (x->n < rc->max_merge) {
                x->tok[x->n++] = tok;
                rc->st.hit_reserved++;
                return ROC_MERGED;
            }
            free_entry = NULL; /* full: no second entry for the line */
            break;
        }
        if (!x->used && !free_entry)
            free_entry = x;
    }
    if (!free_entry) {
        rc->st.res_fail++;
        rc->st.accesses--; /* counted when the retry completes */
        return ROC_FULL;
    }
    free_entry->used = 1;
    free_entry->sent = 0;
    free_entry->line = line;
    free_entry->n = 1;
    free_entry->tok[0] = tok;
    rc->unsent++;
    rc->st.misses++;
    return ROC_NEW;
}

int rocache_unsent(const struct rocache *rc, uint64_t *line)
{
    if (!rc->unsent)
        return 0;
    for (uint32_t i = 0; i < rc->nentries; i++)
        if (rc->e[i].used && !rc->e[i].sent) {
            *line = rc->e[i].line;
            return 1;
        }
    return 0;
}

void rocache_mark_sent(struct rocache *rc, uint64_t line)
{
    for (uint32_t i = 0; i < rc->nentries; i++)
        if (rc->e[i].used && !rc->e[i].sent && rc->e[i].line == line) {
            rc->e[i].sent = 1;
            rc->unsent--;
            return;
        }
}

uint32_t rocache_fill(struct rocache *rc, uint64_t line, uint16_t *tok)
{
    uint32_t n = 0;
    for (uint32_t i = 0; i < rc->nentries; i++)
        if (rc->e[i].used && rc->e[i].sent && rc->e[i].line == line) {
            n = rc->e[i].n;
            memcpy(tok, rc->e[i].tok, n * sizeof *tok);
            memset(&rc->e[i], 0, sizeof rc->e[i]);
            break;
        }
    size_t base = (size_t)(line & (rc->nsets - 1)) * rc->assoc;
    for (uint32_t w = 0; w < rc->assoc; w++)
        if (rc->tag[base + w] == line + 1)
            return n; /* (already held) */
    uint32_t victim = 0;
    for (uint32_t w = 0; w < rc->assoc; w++) {
        if (!rc->tag[base + w]) {
            victim = w;
            break;
        }
        if (rc->used[base + w] < rc->used[base + victim])
            victim = w;
    }
    if (rc->tag[base + victim])
        rc->epoch++;
    rc->tag[base + victim] = line + 1;
    rc->used[base + victim] = ++rc->stamp;
    return n;
}
