#include "sweep/sweep_set.h"
#include "gpu/config.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

char *sweep_path(const char *a, const char *b)
{
    size_t n = strlen(a) + strlen(b) + 2;
    char *s = malloc(n);
    if (s)
        snprintf(s, n, "%s/%s", a, b);
    return s;
}

int sweep_make_dirs(const char *path)
{
    char *p = strdup(path);
    if (!p)
        return -1;
    for (char *s = p + 1; *s; s++) {
        if (*s != '/')
            continue;
        *s = '\0';
        if (mkdir(p, 0777) != 0 && errno != EEXIST) {
            free(p);
            return -1;
        }
        *s = '/';
    }
    int rc = mkdir(p, 0777) != 0 && errno != EEXIST ? -1 : 0;
    free(p);
    return rc;
}

int sweep_set_init(struct sweep_set *s, const struct sweep_opts *o, char *err, size_t errlen)
{
    memset(s, 0, sizeof *s);
    s->o = o;
    if (sweep_plan_init(&s->plan, o->benches, o->nbenches, o->params, o->nparams, err, errlen) != 0)
        return -1;
    if (!(s->points_dir = sweep_path(o->dir, "points")) ||
        !(s->files = calloc((size_t)s->plan.npoints, sizeof *s->files)) ||
        !(s->base = calloc((size_t)o->base->count + 1, sizeof *s->base)))
        goto oom;
    for (long i = 0; i < s->plan.npoints; i++) {
        char name[300];
        sweep_plan_filename(&s->plan, i, name, sizeof name);
        if (!(s->files[i] = sweep_path(s->points_dir, name)))
            goto oom;
    }
    for (int i = 0; i < o->base->count; i++) {
        const struct config_entry *e = &o->base->entries[i];
        size_t n = strlen(e->key) + strlen(e->value) + 2;
        if (!(s->base[i] = malloc(n)))
            goto oom;
        snprintf(s->base[i], n, "%s=%s", e->key, e->value);
        s->nbase++;
    }
    return 0;
oom:
    snprintf(err, errlen, "out of memory");
    return -1;
}

void sweep_set_free(struct sweep_set *s)
{
    for (long i = 0; s->files && i < s->plan.npoints; i++)
        free(s->files[i]);
    free(s->files);
    for (int i = 0; i < s->nbase; i++)
        free(s->base[i]);
    free(s->base);
    free(s->points_dir);
    memset(s, 0, sizeof *s);
}

void sweep_set_id(const struct sweep_set *s, long i, struct sweep_point_id *id, const char **keys,
                  const char **values)
{
    int b, vidx[SWEEP_MAX_PARAMS];
    sweep_plan_point(&s->plan, i, &b, vidx);
    for (int k = 0; k < s->plan.nparams; k++) {
        keys[k] = s->plan.params[k].key;
        values[k] = s->plan.params[k].values[vidx[k]];
    }
    *id = (struct sweep_point_id){
        .bench = s->plan.benches[b],
        .size = bench_size_name(s->o->size),
        .input = s->o->input ? s->o->input : "",
        .seed = s->o->seed,
        .base = (const char *const *)s->base,
        .nbase = s->nbase,
        .keys = keys,
        .values = values,
        .nparams = s->plan.nparams,
    };
}

ccgpu_config *sweep_set_config(const struct sweep_set *s, long i, char *err, size_t errlen)
{
    int b, vidx[SWEEP_MAX_PARAMS];
    sweep_plan_point(&s->plan, i, &b, vidx);
    ccgpu_config *cfg = config_clone(s->o->base);
    if (!cfg) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    for (int k = 0; k < s->plan.nparams; k++)
        if (ccgpu_config_set(cfg, s->plan.params[k].key, s->plan.params[k].values[vidx[k]]) != 0) {
            snprintf(err, errlen, "%s", ccgpu_config_error(cfg));
            ccgpu_config_free(cfg);
            return NULL;
        }
    return cfg;
}

enum sweep_point_state sweep_set_read(const struct sweep_set *s, long i, struct json **out,
                                      char *err, size_t errlen)
{
    const char *keys[SWEEP_MAX_PARAMS], *values[SWEEP_MAX_PARAMS];
    struct sweep_point_id id;
    sweep_set_id(s, i, &id, keys, values);
    return sweep_point_read(s->files[i], &id, out, err, errlen);
}

void sweep_set_describe(const struct sweep_set *s, long i, char *buf, size_t n)
{
    char label[512];
    int b, vidx[SWEEP_MAX_PARAMS];
    sweep_plan_point(&s->plan, i, &b, vidx);
    sweep_plan_label(&s->plan, i, label, sizeof label);
    snprintf(buf, n, "%s%s%s", s->plan.benches[b], label[0] ? " " : "", label);
}

int sweep_set_validate(const struct sweep_set *s)
{
    long per_bench = s->plan.npoints / s->plan.nbenches;
    for (long i = 0; i < per_bench; i++) {
        char err[512], label[512];
        ccgpu_config *cfg = sweep_set_config(s, i, err, sizeof err);
        ccgpu *gpu = cfg ? ccgpu_create(cfg, err, sizeof err) : NULL;
        ccgpu_config_free(cfg);
        if (!gpu) {
            sweep_plan_label(&s->plan, i, label, sizeof label);
            fprintf(stderr, "ccgpu sweep: %s%s%s\n", label, label[0] ? ": " : "", err);
            return -1;
        }
        ccgpu_destroy(gpu);
    }
    return 0;
}
