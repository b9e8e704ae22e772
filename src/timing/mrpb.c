#include "timing/mrpb.h"
#include "gpu/config.h"
#include "timing/sm.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int mrpb_config_read(struct mrpb_config *m, const struct ccgpu_config *store, char *err,
                     size_t errlen)
{
    *m = (struct mrpb_config){ 0, 8, 1, 0 };
    const char *v = config_get_str(store, "ccgpu_mrpb", "off");
    if (!strcmp(v, "off"))
        return 0;
    m->enabled = 1;
    if (!strcmp(v, "on"))
        return 0;
    char buf[128];
    if (strlen(v) >= sizeof buf)
        return config_value_error(store, "ccgpu_mrpb", err, errlen, "value too long");
    snprintf(buf, sizeof buf, "%s", v);
    for (char *save = NULL, *t = strtok_r(buf, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
        char *eq = strchr(t, '='), *end;
        if (eq && !strncmp(t, "depth=", 6)) {
            errno = 0;
            unsigned long d = strtoul(eq + 1, &end, 10);
            if (errno || *end || end == eq + 1 || eq[1] == '-' || d == 0 || d > 1024)
                goto bad;
            m->depth = (uint32_t)d;
        } else if (!strcmp(t, "bypass=assoc") || !strcmp(t, "bypass=none")) {
            m->bypass_assoc = !strcmp(t, "bypass=assoc");
        } else if (!strcmp(t, "drain=fixed") || !strcmp(t, "drain=greedy")) {
            m->greedy = !strcmp(t, "drain=greedy");
        } else {
            goto bad;
        }
        continue;
    bad:
        return config_value_error(store, "ccgpu_mrpb", err, errlen,
                                  "'%s' is not depth=N, bypass=assoc|none or "
                                  "drain=fixed|greedy (or off, on)", t);
    }
    return 0;
}

int mrpb_init(struct mrpb *m, const struct mrpb_config *cfg, uint32_t nq)
{
    memset(m, 0, sizeof *m);
    m->cfg = *cfg;
    m->nq = nq;
    m->e = calloc((size_t)nq * cfg->depth, sizeof *m->e);
    m->head = calloc(nq, sizeof *m->head);
    m->count = calloc(nq, sizeof *m->count);
    if (!m->e || !m->head || !m->count) {
        mrpb_free(m);
        return -1;
    }
    return 0;
}

void mrpb_free(struct mrpb *m)
{
    free(m->e);
    free(m->head);
    free(m->count);
    m->e = NULL;
    m->head = m->count = NULL;
}

void mrpb_reset(struct mrpb *m)
{
    if (!m->e)
        return;
    memset(m->head, 0, m->nq * sizeof *m->head);
    memset(m->count, 0, m->nq * sizeof *m->count);
    m->nonempty = 0;
}

struct l1_pending *mrpb_push(struct mrpb *m, uint32_t q)
{
    uint32_t i = (m->head[q] + m->count[q]++) % m->cfg.depth;
    m->nonempty |= 1ull << q;
    return &m->e[(size_t)q * m->cfg.depth + i];
}

int mrpb_pick(const struct mrpb *m)
{
    if (!m->nonempty)
        return -1;
    if (m->cfg.greedy && (m->nonempty >> m->last & 1))
        return (int)m->last;
    return __builtin_ctzll(m->nonempty);
}

struct l1_pending *mrpb_head(struct mrpb *m, uint32_t q)
{
    return &m->e[(size_t)q * m->cfg.depth + m->head[q]];
}

void mrpb_pop(struct mrpb *m, uint32_t q)
{
    m->head[q] = (m->head[q] + 1) % m->cfg.depth;
    if (--m->count[q] == 0)
        m->nonempty &= ~(1ull << q);
    m->last = q;
    m->drained++;
}
