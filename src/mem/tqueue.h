/* A bounded FIFO of time-stamped items: what crosses between clock domains
 * inside a memory partition. Times are in femtoseconds of the memsys time
 * base; an item may be taken once the consumer's clock reaches its time. */
#ifndef CCGPU_MEM_TQUEUE_H
#define CCGPU_MEM_TQUEUE_H
#include <stdint.h>
#include <stdlib.h>

struct tq_item {
    uint64_t ready; /* fs */
    uint64_t a;
    uint32_t b;
};

struct tqueue {
    struct tq_item *e;
    uint32_t head, count, cap;
};

static inline int tq_init(struct tqueue *q, uint32_t cap)
{
    q->e = calloc(cap ? cap : 1, sizeof *q->e);
    q->head = q->count = 0;
    q->cap = cap ? cap : 1;
    return q->e ? 0 : -1;
}

static inline void tq_free(struct tqueue *q)
{
    free(q->e);
    q->e = NULL;
}

static inline uint32_t tq_room(const struct tqueue *q)
{
    return q->cap - q->count;
}

static inline const struct tq_item *tq_head(const struct tqueue *q)
{
    return q->count ? &q->e[q->head] : NULL;
}

/* Head if it is ready at time now, else NULL. */
static inline const struct tq_item *tq_ready(const struct tqueue *q, uint64_t now)
{
    return q->count && q->e[q->head].ready <= now ? &q->e[q->head] : NULL;
}

static inline void tq_push(struct tqueue *q, uint64_t ready, uint64_t a, uint32_t b)
{
    q->e[(q->head + q->count) % q->cap] = (struct tq_item){ ready, a, b };
    q->count++;
}

static inline void tq_pop(struct tqueue *q)
{
    q->head = (q->head + 1) % q->cap;
    q->count--;
}

#endif
