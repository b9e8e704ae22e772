/* The SM <-> memory-system link of the lookahead mode; see sim_link.h. */
#include "timing/sim_link.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void vec_init(struct sim_link_vec *v, size_t elem)
{
    memset(v, 0, sizeof *v);
    v->elem = elem;
}

static void vec_free(struct sim_link_vec *v)
{
    free(v->p);
    v->p = NULL;
    v->n = v->head = v->cap = 0;
}

static void *vec_at(const struct sim_link_vec *v, size_t i)
{
    return (char *)v->p + i * v->elem;
}

/* Room for one more at the end (taken entries dropped first): the new
 * slot, or NULL out of memory. */
static void *vec_add(struct sim_link_vec *v)
{
    if (v->n == v->cap && v->head) {
        memmove(v->p, vec_at(v, v->head), (v->n - v->head) * v->elem);
        v->n -= v->head;
        v->head = 0;
    }
    if (v->n == v->cap) {
        size_t cap = v->cap ? 2 * v->cap : 64;
        void *p = realloc(v->p, cap * v->elem);
        if (!p)
            return NULL;
        v->p = p;
        v->cap = cap;
    }
    return vec_at(v, v->n++);
}

static int vec_empty(const struct sim_link_vec *v)
{
    return v->head == v->n;
}

static void vec_clear(struct sim_link_vec *v)
{
    v->n = v->head = 0;
}

/* Zeroed memory for n items of size bytes on cache lines of its own (the
 * two sides' port arrays must not share one); NULL out of memory. */
static void *line_calloc(size_t n, size_t size)
{
    size_t bytes = (n * size + SIM_LINK_LINE - 1) / SIM_LINK_LINE * SIM_LINK_LINE;
    void *p = aligned_alloc(SIM_LINK_LINE, bytes ? bytes : SIM_LINK_LINE);
    if (p)
        memset(p, 0, bytes);
    return p;
}

int sim_link_init(struct sim_link *k, const struct memsys *m, uint32_t lookahead, char *err,
                  size_t errlen)
{
    memset(k, 0, sizeof *k);
    /* L interconnect periods in core cycles, rounded down, at least 1 */
    uint64_t q = (uint64_t)lookahead * m->pi / m->pc;
    k->q = q ? q : 1;
    k->cpp = memsys_sms_per_port(m);
    k->nports = (m->cfg.n_sm + k->cpp - 1) / k->cpp;
    k->ports = line_calloc(k->nports, sizeof *k->ports);
    k->mports = line_calloc(k->nports, sizeof *k->mports);
    k->port_words = (k->nports + 63) / 64;
    k->staged_ports = line_calloc(k->port_words, sizeof *k->staged_ports);
    k->cred_ports = line_calloc(k->port_words, sizeof *k->cred_ports);
    k->nsm = m->cfg.n_sm;
    vec_init(&k->mem_in, sizeof(struct sim_link_msg));
    vec_init(&k->mem_rep, sizeof(struct sim_link_msg));
    vec_init(&k->mem_cred, sizeof(struct sim_link_credit));
    if (!k->ports || !k->mports || !k->staged_ports || !k->cred_ports ||
        sim_link_set_sides(k, 1)) {
        snprintf(err, errlen, "timing model: out of memory");
        return -1;
    }
    for (uint32_t p = 0; p < k->nports; p++)
        vec_init(&k->mports[p].staged, sizeof(struct mem_request));
    return 0;
}

static void sides_free(struct sim_link *k)
{
    for (uint32_t i = 0; k->sides && i < k->nsides; i++) {
        vec_free(&k->sides[i].sm_out);
        vec_free(&k->sides[i].sm_rep);
        vec_free(&k->sides[i].sm_cred);
        free(k->sides[i].wake);
    }
    free(k->sides);
    free(k->side_of);
    k->sides = NULL;
    k->side_of = NULL;
    k->nsides = 0;
}

int sim_link_set_sides(struct sim_link *k, uint32_t n)
{
    sides_free(k);
    k->sides = line_calloc(n, sizeof *k->sides);
    k->side_of = calloc(k->nports + 1, sizeof *k->side_of);
    if (!k->sides || !k->side_of)
        return -1;
    k->nsides = n;
    for (uint32_t i = 0; i < n; i++) {
        struct sim_link_side *d = &k->sides[i];
        vec_init(&d->sm_out, sizeof(struct sim_link_msg));
        vec_init(&d->sm_rep, sizeof(struct sim_link_msg));
        vec_init(&d->sm_cred, sizeof(struct sim_link_credit));
        d->wake = calloc((k->nsm + 63) / 64 + 1, sizeof *d->wake);
        if (!d->wake)
            return -1;
    }
    for (uint32_t p = 0; p < k->nports; p++)
        k->side_of[p] = p % n;
    return 0;
}

void sim_link_free(struct sim_link *k)
{
    for (uint32_t p = 0; k->mports && p < k->nports; p++)
        vec_free(&k->mports[p].staged);
    free(k->ports);
    free(k->mports);
    free(k->staged_ports);
    free(k->cred_ports);
    sides_free(k);
    vec_free(&k->mem_in);
    vec_free(&k->mem_rep);
    vec_free(&k->mem_cred);
    memset(k, 0, sizeof *k);
}

void sim_link_reset(struct sim_link *k, const struct memsys *m)
{
    for (uint32_t i = 0; i < k->nsides; i++) {
        vec_clear(&k->sides[i].sm_out);
        vec_clear(&k->sides[i].sm_rep);
        vec_clear(&k->sides[i].sm_cred);
    }
    vec_clear(&k->mem_in);
    vec_clear(&k->mem_rep);
    vec_clear(&k->mem_cred);
    for (uint32_t p = 0; p < k->nports; p++) {
        uint32_t room = memsys_port_room(m, p);
        k->ports[p] = (struct sim_link_port){ .room = room };
        vec_clear(&k->mports[p].staged);
        k->nstaged = 0;
        k->mports[p].accepted = k->mports[p].last_accepted = 0;
        k->mports[p].last_room = room;
    }
    memset(k->staged_ports, 0, k->port_words * sizeof *k->staged_ports);
    /* (sources the crossbar marked before: their first report finds them
     * unchanged) */
    memset(k->cred_ports, 0, k->port_words * sizeof *k->cred_ports);
    k->polled_tick = UINT64_MAX;
    k->started = memsys_requests_started(m);
    k->oom = 0;
    k->err[0] = '\0';
}

int sim_link_send(struct sim_link *k, uint32_t port, uint64_t now, const struct mem_request *r)
{
    struct sim_link_msg *s = vec_add(&k->sides[k->side_of[port]].sm_out);
    if (!s)
        return -1;
    s->t = now + k->q;
    s->r = *r;
    k->ports[port].sent++;
    return 0;
}

int sim_link_take_reply(struct sim_link *k, uint32_t side, uint64_t now, struct mem_request *out)
{
    struct sim_link_vec *v = &k->sides[side].sm_rep;
    if (vec_empty(v))
        return 0;
    const struct sim_link_msg *s = vec_at(v, v->head);
    if (s->t > now)
        return 0;
    *out = s->r;
    v->head++;
    return 1;
}

uint32_t sim_link_take_credits(struct sim_link *k, uint32_t side, uint64_t now, uint64_t *wake)
{
    uint32_t n = 0;
    struct sim_link_vec *v = &k->sides[side].sm_cred;
    while (!vec_empty(v)) {
        const struct sim_link_credit *c = vec_at(v, v->head);
        if (c->t > now)
            break;
        struct sim_link_port *p = &k->ports[c->port];
        p->room = c->room;
        p->accepted = c->accepted;
        v->head++;
        if (sim_link_can_send(k, c->port)) {
            n++;
            for (uint32_t i = c->port * k->cpp; i < (c->port + 1) * k->cpp; i++)
                wake[i / 64] |= 1ull << (i % 64);
        }
    }
    return n;
}

uint64_t sim_link_side_next(const struct sim_link *k, uint32_t side)
{
    const struct sim_link_side *d = &k->sides[side];
    uint64_t t = MEMSYS_NEVER;
    if (!vec_empty(&d->sm_rep))
        t = ((const struct sim_link_msg *)vec_at(&d->sm_rep, d->sm_rep.head))->t;
    if (!vec_empty(&d->sm_cred)) {
        uint64_t c = ((const struct sim_link_credit *)vec_at(&d->sm_cred, d->sm_cred.head))->t;
        if (c < t)
            t = c;
    }
    return t;
}

uint64_t sim_link_sm_next(const struct sim_link *k)
{
    uint64_t t = MEMSYS_NEVER;
    for (uint32_t i = 0; i < k->nsides; i++) {
        uint64_t u = sim_link_side_next(k, i);
        if (u < t)
            t = u;
    }
    return t;
}

uint64_t sim_link_mem_next(struct sim_link *k, struct memsys *m)
{
    uint64_t t = memsys_next_event(m);
    if (!vec_empty(&k->mem_in)) {
        uint64_t a = ((const struct sim_link_msg *)vec_at(&k->mem_in, k->mem_in.head))->t;
        if (a < t)
            t = a;
    }
    return t;
}

int sim_link_mem_empty(const struct sim_link *k)
{
    if (!vec_empty(&k->mem_in))
        return 0;
    for (uint32_t p = 0; p < k->nports; p++)
        if (!vec_empty(&k->mports[p].staged))
            return 0;
    return 1;
}

/* The replies visible at u, popped port by port and SM by SM (the order in
 * which the exact model's SM visits pop them), sent to arrive at u + q. */
static int pop_replies(struct sim_link *k, struct memsys *m, uint64_t u)
{
    const uint64_t *busy = memsys_reply_ports(m);
    for (uint32_t pw = 0; pw < memsys_reply_port_words(m); pw++)
        for (uint64_t b = busy[pw]; b; b &= b - 1) {
            uint32_t port = pw * 64 + (uint32_t)__builtin_ctzll(b);
            if (!memsys_port_arrived(m, port))
                continue;
            for (uint32_t i = port * k->cpp; i < (port + 1) * k->cpp && i < m->cfg.n_sm; i++) {
                struct mem_request r;
                while (memsys_pop_response(m, i, u, &r)) {
                    struct sim_link_msg *s = vec_add(&k->mem_rep);
                    if (!s)
                        return -1;
                    s->t = u + k->q;
                    s->r = r;
                }
            }
        }
    return 0;
}

/* Credit reports, in port order, for the ports whose room or accepted
 * count changed: of those pushed to or whose source started a packet since
 * their last report (the only ways either changes). */
static int report_credits(struct sim_link *k, struct memsys *m, uint64_t u)
{
    memsys_take_started_ports(m, k->cred_ports);
    for (uint32_t w = 0; w < k->port_words; w++)
        for (uint64_t b = k->cred_ports[w]; b; b &= b - 1) {
            uint32_t p = w * 64 + (uint32_t)__builtin_ctzll(b);
            struct sim_link_mport *mp = &k->mports[p];
            uint32_t room = memsys_port_room(m, p);
            if (room == mp->last_room && mp->accepted == mp->last_accepted)
                continue;
            struct sim_link_credit *c = vec_add(&k->mem_cred);
            if (!c)
                return -1;
            *c = (struct sim_link_credit){ .t = u + k->q, .port = p, .room = room,
                                           .accepted = mp->accepted };
            mp->last_room = room;
            mp->last_accepted = mp->accepted;
        }
    memset(k->cred_ports, 0, k->port_words * sizeof *k->cred_ports);
    return 0;
}

int sim_link_mem_quantum(struct sim_link *k, struct memsys *m, uint64_t from, uint64_t end)
{
    uint64_t u = MEMSYS_NEVER;
    for (;;) {
        /* the next cycle: the next arrival, or the memory system's next
         * event, which is not looked for when an arrival is due at the
         * cycle after (it could only be that cycle: the exact loop skips
         * the search the same way when an SM is due) */
        uint64_t a = vec_empty(&k->mem_in)
                         ? MEMSYS_NEVER
                         : ((const struct sim_link_msg *)vec_at(&k->mem_in, k->mem_in.head))->t;
        u = u != MEMSYS_NEVER && a == u + 1 ? a : sim_link_mem_next(k, m);
        if (u < from)
            u = from; /* (an early answer: nothing due before from) */
        if (u >= end)
            return 0;
        memsys_advance(m, u);
        while (!vec_empty(&k->mem_in)) {
            const struct sim_link_msg *s = vec_at(&k->mem_in, k->mem_in.head);
            if (s->t > u)
                break;
            uint32_t port = memsys_port(m, s->r.sm);
            struct mem_request *r = vec_add(&k->mports[port].staged);
            if (!r)
                goto oom;
            *r = s->r;
            k->staged_ports[port / 64] |= 1ull << (port % 64);
            k->mem_in.head++;
            k->nstaged++;
        }
        int pushed = 0;
        for (uint32_t w = 0; k->nstaged && w < k->port_words; w++)
        for (uint64_t b = k->staged_ports[w]; b; b &= b - 1) {
            uint32_t p = w * 64 + (uint32_t)__builtin_ctzll(b);
            struct sim_link_vec *v = &k->mports[p].staged;
            while (!vec_empty(v)) {
                int rc = memsys_push(m, u, vec_at(v, v->head));
                if (rc == -1)
                    break;
                if (rc) {
                    snprintf(k->err, sizeof k->err, "%s", m->err);
                    return -1;
                }
                v->head++;
                k->nstaged--;
                k->mports[p].accepted++;
                k->cred_ports[w] |= 1ull << (p % 64);
                pushed = 1;
            }
            if (vec_empty(v))
                k->staged_ports[w] &= ~(1ull << (p % 64));
        }
        if (memsys_reply_tick(m) != k->polled_tick || memsys_polls_every_cycle(m)) {
            k->polled_tick = memsys_reply_tick(m);
            if (pop_replies(k, m, u))
                goto oom;
        }
        /* rooms change only by pushes and by the crossbar taking packets */
        if ((pushed || memsys_requests_started(m) != k->started) && report_credits(k, m, u))
            goto oom;
        k->started = memsys_requests_started(m);
        k->last_mem = u;
    }
oom:
    snprintf(k->err, sizeof k->err, "timing model: out of memory");
    return -1;
}

/* Appends what `from` holds to `to` (taken entries dropped): 0, or -1 out
 * of memory. */
static int vec_append(struct sim_link_vec *to, struct sim_link_vec *from)
{
    if (vec_empty(to)) { /* the usual case: hand the storage over */
        struct sim_link_vec t = *to;
        *to = *from;
        *from = t;
        vec_clear(from);
        return 0;
    }
    for (size_t i = from->head; i < from->n; i++) {
        void *d = vec_add(to);
        if (!d)
            return -1;
        memcpy(d, vec_at(from, i), to->elem);
    }
    vec_clear(from);
    return 0;
}

/* The groups' requests of the quantum into mem_in in (cycle, SM) order,
 * the order one group sends them in: a merge of the groups' lists, each
 * in that order already. */
static int merge_requests(struct sim_link *k)
{
    for (;;) {
        struct sim_link_vec *best = NULL;
        const struct sim_link_msg *bm = NULL;
        for (uint32_t i = 0; i < k->nsides; i++) {
            struct sim_link_vec *v = &k->sides[i].sm_out;
            if (vec_empty(v))
                continue;
            const struct sim_link_msg *m = vec_at(v, v->head);
            if (!bm || m->t < bm->t || (m->t == bm->t && m->r.sm < bm->r.sm)) {
                best = v;
                bm = m;
            }
        }
        if (!best)
            break;
        struct sim_link_msg *d = vec_add(&k->mem_in);
        if (!d)
            return -1;
        *d = *bm;
        best->head++;
    }
    for (uint32_t i = 0; i < k->nsides; i++)
        vec_clear(&k->sides[i].sm_out);
    return 0;
}

/* The quantum's replies to their SMs' groups, in the order sent. */
static int split_replies(struct sim_link *k)
{
    for (size_t i = k->mem_rep.head; i < k->mem_rep.n; i++) {
        const struct sim_link_msg *m = vec_at(&k->mem_rep, i);
        /* (a reply for no SM goes to the first group, which reports it) */
        uint32_t side = m->r.sm < k->nsm ? sim_link_side_of_sm(k, m->r.sm) : 0;
        struct sim_link_msg *d = vec_add(&k->sides[side].sm_rep);
        if (!d)
            return -1;
        *d = *m;
    }
    vec_clear(&k->mem_rep);
    return 0;
}

/* The quantum's credit reports to their ports' groups, in the order sent. */
static int split_credits(struct sim_link *k)
{
    for (size_t i = k->mem_cred.head; i < k->mem_cred.n; i++) {
        const struct sim_link_credit *c = vec_at(&k->mem_cred, i);
        struct sim_link_credit *d = vec_add(&k->sides[k->side_of[c->port]].sm_cred);
        if (!d)
            return -1;
        *d = *c;
    }
    vec_clear(&k->mem_cred);
    return 0;
}

/* Whether the first entry still to take (a struct sim_link_msg or
 * sim_link_credit: both begin with t) is visible before end. */
static int stale(const struct sim_link_vec *v, uint64_t end)
{
    return !vec_empty(v) && *(const uint64_t *)vec_at(v, v->head) < end;
}

int sim_link_exchange(struct sim_link *k, uint64_t end)
{
    /* each side has taken everything visible before the quantum's end (a
     * quantum cut short by a cap leaves later ones, which stay first in
     * line: they were sent in an earlier quantum) */
    int bad = stale(&k->mem_in, end);
    for (uint32_t i = 0; i < k->nsides; i++)
        bad |= stale(&k->sides[i].sm_rep, end) || stale(&k->sides[i].sm_cred, end);
    if (bad) {
        snprintf(k->err, sizeof k->err, "timing model: a link message outlived its quantum");
        return -1;
    }
    int rc = k->nsides == 1
                 ? vec_append(&k->mem_in, &k->sides[0].sm_out) ||
                       vec_append(&k->sides[0].sm_rep, &k->mem_rep) ||
                       vec_append(&k->sides[0].sm_cred, &k->mem_cred)
                 : merge_requests(k) || split_replies(k) || split_credits(k);
    if (rc) {
        snprintf(k->err, sizeof k->err, "timing model: out of memory");
        return -1;
    }
    return 0;
}
