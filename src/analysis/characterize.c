/* SACAT §3 classification rule; the rule and its reading are in the header. */
#include "analysis/characterize.h"
#include <stdio.h>

struct sacat_class_result sacat_classify(const struct sacat_figures *f)
{
    struct sacat_class_result r = { SACAT_FRIENDLY, 0, 0, 0 };
    if (f->l1_unb_hit < SACAT_FULLY_STREAMING_HIT_MAX) {
        r.cls = SACAT_STREAMING_FULLY;
        r.l2_streaming = f->l2_unb_hit >= 0 && f->l2_unb_hit < SACAT_FULLY_STREAMING_HIT_MAX;
        return r;
    }
    int semi = f->once_share >= SACAT_SEMI_ONCE_MIN;
    /* IPCs of 0 (a failed run) give no evidence of contention */
    if (!(f->ipc_l1 > 0 && f->ipc_unb >= SACAT_CONTENTION_GAIN_MIN * f->ipc_l1)) {
        r.cls = semi ? SACAT_STREAMING_SEMI : SACAT_FRIENDLY;
        return r;
    }
    r.semi = semi;
    double conflict_gain = f->ipc_fa / f->ipc_l1;
    double capacity_gain = f->ipc_fa > 0 ? f->ipc_unb / f->ipc_fa : 0;
    if (f->iw_conflict_share >= SACAT_IW_CONFLICT_MIN) {
        r.cls = SACAT_IW_CONFLICT;
        r.xw_capacity = capacity_gain > conflict_gain;
    } else if (conflict_gain >= capacity_gain)
        r.cls = SACAT_XW_CONFLICT;
    else
        r.cls = SACAT_XW_CAPACITY;
    return r;
}

const char *sacat_class_name(enum sacat_class c)
{
    static const char *const names[] = { "streaming fully",     "streaming semi",
                                         "cross-warp conflict", "cross-warp capacity",
                                         "intra-warp conflict", "cache friendly" };
    return (unsigned)c < sizeof names / sizeof *names ? names[c] : "?";
}

const char *sacat_class_label(const struct sacat_class_result *r, char *buf, unsigned len)
{
    if (r->cls == SACAT_STREAMING_FULLY) {
        snprintf(buf, len, "%s%s", sacat_class_name(r->cls), r->l2_streaming ? " (L1/L2)" : " (L1)");
        return buf;
    }
    snprintf(buf, len, "%s%s%s", sacat_class_name(r->cls),
             r->cls == SACAT_IW_CONFLICT && r->xw_capacity ? " + xw-capacity" : "",
             r->semi ? " + semi" : "");
    return buf;
}
