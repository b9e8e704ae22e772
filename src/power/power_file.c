/* Parsing power files (power_file.h). */
#include "power/power_file.h"
#include "util/text_input.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { FIXED_CONSTANT, FIXED_MC, FIXED_IDLE_SM, FIXED_STATIC, FIXED_STATIC_LANE,
       FIXED_VOLTAGE_REF, FIXED_COUNT };
static const char *const fixed_keys[FIXED_COUNT] = {
    "constant_w", "mc_w", "idle_sm_w", "static_w", "static_lane_w", "voltage_ref_v",
};
#define NKEYS (ENERGY_NEVENTS + FIXED_COUNT)

static double *key_slot(struct energy_params *p, int k)
{
    if (k < ENERGY_NEVENTS)
        return &p->event_pj[k];
    switch (k - ENERGY_NEVENTS) {
    case FIXED_CONSTANT: return &p->constant_w;
    case FIXED_MC: return &p->mc_w;
    case FIXED_IDLE_SM: return &p->idle_sm_w;
    case FIXED_STATIC: return &p->static_w;
    case FIXED_STATIC_LANE: return &p->static_lane_w;
    default: return &p->voltage_ref;
    }
}

/* The key index of the word [w, w+n), or -1. */
static int find_key(const char *w, size_t n)
{
    char name[64];
    for (int k = 0; k < NKEYS; k++) {
        if (k < ENERGY_NEVENTS)
            snprintf(name, sizeof name, "%s_pj", energy_event_name((enum energy_event)k));
        else
            snprintf(name, sizeof name, "%s", fixed_keys[k - ENERGY_NEVENTS]);
        if (strlen(name) == n && !memcmp(name, w, n))
            return k;
    }
    return -1;
}

static int line_error(char *err, size_t errlen, const char *name, int line, const char *what,
                      const char *w, size_t n)
{
    char q[80];
    text_printable(q, sizeof q, w, n);
    snprintf(err, errlen, "%s:%d: %s%s%s%s", name, line, what, n ? " '" : "", q, n ? "'" : "");
    return -1;
}

int power_file_parse(const char *text, const char *name, struct energy_params *p, char *err,
                     size_t errlen)
{
    int seen[NKEYS] = { 0 };
    *p = (struct energy_params){ 0 };
    int line = 0;
    for (const char *s = text; *s;) {
        line++;
        const char *eol = strchr(s, '\n');
        size_t len = eol ? (size_t)(eol - s) : strlen(s);
        char buf[256];
        if (len >= sizeof buf)
            return line_error(err, errlen, name, line, "line too long", "", 0);
        memcpy(buf, s, len);
        buf[len] = '\0';
        s += len + (eol != NULL);
        char *hash = strchr(buf, '#');
        if (hash)
            *hash = '\0';
        char *w = buf + strspn(buf, " \t\r");
        if (!*w)
            continue;
        size_t wn = strcspn(w, " \t\r");
        int k = find_key(w, wn);
        if (k < 0)
            return line_error(err, errlen, name, line, "unknown key", w, wn);
        if (seen[k])
            return line_error(err, errlen, name, line, "key given twice:", w, wn);
        seen[k] = line;
        char *v = w + wn;
        v += strspn(v, " \t\r");
        size_t vn = strcspn(v, " \t\r");
        char *rest = v + vn;
        rest += strspn(rest, " \t\r");
        if (!vn || *rest)
            return line_error(err, errlen, name, line, "expected KEY VALUE, got", w, strlen(w));
        v[vn] = '\0';
        char *end;
        double d = strtod(v, &end);
        if (*end || !isfinite(d))
            return line_error(err, errlen, name, line, "not a number:", v, vn);
        if (d < 0)
            return line_error(err, errlen, name, line, "negative value:", v, vn);
        *key_slot(p, k) = d;
    }
    for (int k = 0; k < NKEYS; k++) {
        if (seen[k])
            continue;
        if (k < ENERGY_NEVENTS)
            snprintf(err, errlen, "%s: missing key %s_pj", name,
                     energy_event_name((enum energy_event)k));
        else
            snprintf(err, errlen, "%s: missing key %s", name, fixed_keys[k - ENERGY_NEVENTS]);
        return -1;
    }
    return 0;
}

int power_file_load(const char *path, struct energy_params *p, char *err, size_t errlen)
{
    char *text = text_input_read(path, "power file", TEXT_INPUT_TEXT, NULL, err, errlen);
    if (!text)
        return -1;
    char name[160];
    text_printable(name, sizeof name, path, strlen(path));
    int rc = power_file_parse(text, name, p, err, errlen);
    free(text);
    return rc;
}
