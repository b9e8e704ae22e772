/* Inter-CTA reuse as the CTA-clustering paper measures it
 * (cta-clustering-asplos2017 §3.2, Fig. 3) and its five sources (§3.2 A-E,
 * estimated as §4.4 sets out).
 *
 * Source: the functional engine's access observer (ccgpu_set_access_observer),
 * i.e. "all the memory requests generated from SMs before they enter L1
 * cache": data-driven, independent of the cache and of CTA scheduling.
 * Global memory only. One warp instruction touching k lines makes k requests
 * (the coalescer's line requests). Every launch is analysed on its own (CTA
 * ids restart at a launch); reuse across launches is not counted.
 *
 * A request of CTA c to line L is
 *   cold        when no request of this launch touched L before;
 *   intra-CTA   reuse when c itself touched L before;
 *   inter-CTA   reuse otherwise (only other CTAs touched L before), split:
 *     same-data  some word (4 bytes) of this request was touched before by a
 *                CTA other than c: data used again by another CTA;
 *     line-only  none was: the CTAs share the line, not the data (the
 *                long-line reuse of the paper's "cache-line related" class).
 * A read request whose line was last touched by a store of another CTA is
 * counted in write_broken: under the L1's write-evict policy that store
 * removed the line (the paper's "write related" loss).
 * Coalescing efficiency: bytes the lanes asked for (distinct words) over the
 * bytes of the lines they touched, over all requests. */
#ifndef CCGPU_ANALYSIS_LOCALITY_CTA_H
#define CCGPU_ANALYSIS_LOCALITY_CTA_H
#include "analysis/blockmap.h"
#include "ccgpu.h"
#include <stdint.h>

struct cta_reuse_counts {
    uint64_t requests, cold, intra_cta, inter_cta;
    uint64_t inter_same_data, inter_line_only; /* inter_cta = their sum */
    uint64_t reads, write_broken;              /* write_broken: see above */
    uint64_t bytes_wanted, bytes_lines;        /* coalescing efficiency */
    uint64_t insts;                            /* global warp memory instructions */
    uint64_t irregular_insts; /* of those, gathers (see the rule) */
};

struct cta_reuse {
    uint32_t line_bytes, line_shift;
    uint32_t launch;     /* the launch being analysed */
    int started;
    struct blockmap line_cta; /* (line, cta) touched: key line << 24 | cta */
    struct blockmap line;     /* line -> last toucher CTA << 1 | it was a store */
    struct blockmap word;     /* word -> first CTA << 1 | touched by another */
    struct cta_reuse_counts c;
    int error; /* 1 out of memory, 2 an address or CTA id beyond the key range */
};

/* line_bytes: a power of two >= 4. 0, or -1. */
int cta_reuse_init(struct cta_reuse *r, uint32_t line_bytes);
void cta_reuse_free(struct cta_reuse *r);
/* The observer (ctx = struct cta_reuse *). */
void cta_reuse_observe(void *ctx, const struct ccgpu_access *a);

/* The five sources of §3.2, estimated from the counts as §4.4 suggests.
 * The rule (thresholds chosen from the paper's wording, see the .c):
 *   1. >= 25% of the instructions gather (steps between
 *      consecutive lanes' addresses take > 3 values)   -> data related (C)
 *   2. write_broken >= 25% of inter-CTA reuse         -> write related (D)
 *   3. inter-CTA reuse < 10% of cold requests (fewer
 *      than one line in ten touched by a second CTA)  -> streaming (E)
 *   4. same-data >= half of inter-CTA reuse           -> algorithm related (A)
 *   5. otherwise                                      -> cache-line related (B)
 * Test 2 is also reported as a secondary tag when test 1 wins (the paper's
 * BFS is "Data & Writing"). Coalescing efficiency is printed, not used. */
enum cta_category {
    CTA_CAT_ALGORITHM,
    CTA_CAT_CACHE_LINE,
    CTA_CAT_DATA,
    CTA_CAT_WRITE,
    CTA_CAT_STREAMING,
};
#define CTA_DATA_IRREGULAR_MIN 0.25
#define CTA_WRITE_BROKEN_MIN 0.25
#define CTA_STREAMING_SHARED_MAX 0.10
#define CTA_ALGORITHM_SAME_MIN 0.50

struct cta_class {
    enum cta_category cat;
    int also_write, also_data; /* secondary tags (test 2 / 1 true but not deciding) */
};
struct cta_class cta_classify(const struct cta_reuse_counts *c);
const char *cta_category_name(enum cta_category c);

#endif
