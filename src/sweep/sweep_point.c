#include "sweep/sweep_point.h"
#include "sweep/afile.h"
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

int sweep_point_write(const char *path, const struct sweep_point_id *id, int pass,
                      const char *error, double seconds, const ccgpu *gpu, char *err,
                      size_t errlen)
{
    struct afile a;
    FILE *f = afile_open(&a, path, err, errlen);
    if (!f)
        return -1;
    fprintf(f, "{\n\"format\": \"%s\",\n\"version\": ", SWEEP_POINT_FORMAT);
    json_write_string(f, ccgpu_version());
    fprintf(f, ",\n\"bench\": ");
    json_write_string(f, id->bench);
    fprintf(f, ",\n\"size\": ");
    json_write_string(f, id->size);
    fprintf(f, ",\n\"seed\": %llu,\n\"input\": ", id->seed);
    json_write_string(f, id->input);
    fprintf(f, ",\n\"base\": [");
    for (int i = 0; i < id->nbase; i++) {
        fputs(i ? ", " : "", f);
        json_write_string(f, id->base[i]);
    }
    fprintf(f, "],\n\"params\": {");
    for (int k = 0; k < id->nparams; k++) {
        fputs(k ? ", " : "", f);
        json_write_string(f, id->keys[k]);
        fputs(": ", f);
        json_write_string(f, id->values[k]);
    }
    fprintf(f, "},\n\"status\": \"%s\",\n\"error\": ", pass ? "PASS" : "FAIL");
    json_write_string(f, error ? error : "");
    fprintf(f, ",\n\"seconds\": %.6f,\n\"stats\": ", seconds);
    if (!gpu)
        fputs("null\n", f);
    else if (ccgpu_stats_write_json(gpu, f) != 0) {
        afile_abort(&a);
        snprintf(err, errlen, "%s: cannot write the statistics", path);
        return -1;
    }
    fputs("}\n", f);
    return afile_commit(&a, err, errlen);
}

static const char *check_format(const struct json *j)
{
    static const char *const strings[] = { "version", "bench", "size", "input", "status", "error" };
    if (j->type != JSON_OBJECT)
        return "not a JSON object";
    const char *fmt = json_str(json_get(j, "format"));
    if (!fmt || strcmp(fmt, SWEEP_POINT_FORMAT) != 0)
        return "not a sweep point file (\"format\")";
    for (size_t i = 0; i < sizeof strings / sizeof strings[0]; i++)
        if (!json_str(json_get(j, strings[i])))
            return "a string field is missing";
    const char *st = json_str(json_get(j, "status"));
    if (strcmp(st, "PASS") != 0 && strcmp(st, "FAIL") != 0)
        return "status is neither PASS nor FAIL";
    const struct json *seed = json_get(j, "seed"), *base = json_get(j, "base"),
                      *params = json_get(j, "params"), *stats = json_get(j, "stats");
    if (!seed || seed->type != JSON_NUMBER)
        return "seed is missing";
    if (!base || base->type != JSON_ARRAY)
        return "base is missing";
    for (int i = 0; i < base->n; i++)
        if (base->items[i]->type != JSON_STRING)
            return "base holds a non-string";
    if (!params || params->type != JSON_OBJECT)
        return "params is missing";
    for (int i = 0; i < params->n; i++)
        if (params->items[i]->type != JSON_STRING)
            return "params holds a non-string";
    if (!stats || (stats->type != JSON_NULL && stats->type != JSON_OBJECT))
        return "stats is missing";
    if (stats->type == JSON_OBJECT) {
        const struct json *total = json_get(stats, "total");
        if (!total || total->type != JSON_OBJECT)
            return "stats.total is missing";
    }
    return NULL;
}

/* NULL when j is point id, else the first field that differs */
static const char *differs(const struct json *j, const struct sweep_point_id *id)
{
    char seed[32];
    snprintf(seed, sizeof seed, "%llu", id->seed);
    if (strcmp(json_str(json_get(j, "version")), ccgpu_version()) != 0)
        return "ccgpu version";
    if (strcmp(json_str(json_get(j, "bench")), id->bench) != 0)
        return "benchmark";
    if (strcmp(json_str(json_get(j, "size")), id->size) != 0)
        return "size";
    if (strcmp(json_get(j, "seed")->text, seed) != 0)
        return "seed";
    if (strcmp(json_str(json_get(j, "input")), id->input) != 0)
        return "input";
    const struct json *base = json_get(j, "base"), *params = json_get(j, "params");
    if (base->n != id->nbase)
        return "base configuration";
    for (int i = 0; i < base->n; i++)
        if (strcmp(base->items[i]->text, id->base[i]) != 0)
            return "base configuration";
    if (params->n != id->nparams)
        return "parameters";
    for (int k = 0; k < params->n; k++)
        if (strcmp(params->keys[k], id->keys[k]) != 0 ||
            strcmp(params->items[k]->text, id->values[k]) != 0)
            return "parameters";
    return NULL;
}

enum sweep_point_state sweep_point_read(const char *path, const struct sweep_point_id *id,
                                        struct json **out, char *err, size_t errlen)
{
    *out = NULL;
    struct stat st;
    if (stat(path, &st) != 0 && errno == ENOENT)
        return SWEEP_POINT_MISSING;
    char perr[512];
    struct json *j = json_parse_file(path, perr, sizeof perr);
    if (!j) {
        snprintf(err, errlen, "%s", perr);
        return SWEEP_POINT_BAD;
    }
    const char *why = check_format(j);
    if (why) {
        snprintf(err, errlen, "%s: %s", path, why);
        json_free(j);
        return SWEEP_POINT_BAD;
    }
    if (id && (why = differs(j, id)) != NULL) {
        snprintf(err, errlen, "%s: different %s", path, why);
        json_free(j);
        return SWEEP_POINT_STALE;
    }
    *out = j;
    return SWEEP_POINT_MATCH;
}

int sweep_point_passed(const struct json *point)
{
    const char *st = json_str(json_get(point, "status"));
    return st && strcmp(st, "PASS") == 0;
}

const struct json *sweep_point_totals(const struct json *point)
{
    return json_get(json_get(point, "stats"), "total");
}
