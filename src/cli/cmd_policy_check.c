/* ccgpu policy-check: runs a policy through the policy contract
 * (src/policy/contract.h) before anyone trusts its numbers, then through
 * real timing runs of benchmarks with idle-cycle skipping on and off (the
 * results must be identical and the benchmark's output correct).
 *
 *   ccgpu policy-check plugin:PATH.so[:args] | PATH.so[:args] | BUILTIN[:args]
 *                      [--bench B[,B...]] [--size S] [--config F] [--no-run]
 *
 * A plugin is checked for every kind of policy it provides; a built-in name
 * is looked up among the warp schedulers, replacement policies, index
 * functions and CTA dispatch policies. Exit 0 when every check passes, 1
 * when a check fails (the message names the broken rule), 2 on bad usage. */
#include "cli/cli.h"
#include "policy/cache/cache_index.h"
#include "policy/cache/cache_repl.h"
#include "policy/contract.h"
#include "policy/cta/cta_sched.h"
#include "policy/plugin.h"
#include "policy/warp/warp_sched.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

struct checked {
    const struct warp_sched_ops *sched;
    const struct cache_repl_ops *repl;
    const struct cache_index_ops *index;
    const struct cta_sched_ops *cta;
};

static void usage(FILE *f)
{
    fprintf(f, "usage: ccgpu policy-check plugin:PATH.so[:args] | PATH.so[:args] | NAME[:args]\n"
               "                          [--bench B[,B...]] [--size S] [--config F] [--no-run]\n"
               "Runs the policy contract checks on each policy the plugin provides (or on a\n"
               "built-in policy), then timing runs of the benchmarks (default bfs,kmeans at\n"
               "small) with idle-cycle skipping on and off, which must give identical\n"
               "statistics and correct results.\n");
}

static int name_is(const char *name, const char *spec, size_t len)
{
    return name && strlen(name) == len && strncmp(name, spec, len) == 0;
}

/* A built-in by name (any kind); 0 when found. */
static int find_builtin(const char *spec, struct checked *c)
{
    const char *colon = strchr(spec, ':');
    size_t len = colon ? (size_t)(colon - spec) : strlen(spec);
    memset(c, 0, sizeof *c);
    for (int i = 0; warp_sched_table[i]; i++)
        if (name_is(warp_sched_table[i]->name, spec, len) || name_is(warp_sched_table[i]->alias, spec, len))
            c->sched = warp_sched_table[i];
    for (int i = 0; cache_repl_table[i]; i++)
        if (name_is(cache_repl_table[i]->name, spec, len))
            c->repl = cache_repl_table[i];
    for (int i = 0; cache_index_table[i]; i++)
        if (name_is(cache_index_table[i]->name, spec, len))
            c->index = cache_index_table[i];
    for (int i = 0; cta_sched_table[i]; i++)
        if (name_is(cta_sched_table[i]->name, spec, len))
            c->cta = cta_sched_table[i];
    return c->sched || c->repl || c->index || c->cta ? 0 : -1;
}

/* Runs `ccgpu run` (this very program) once; 0 when it exits 0. */
static int run_once(const char *bench, const char *size, const char *config, const char *key,
                    const char *spec, int skip, const char *json, const char *log)
{
    char set[4200], skipset[64];
    if ((size_t)snprintf(set, sizeof set, "%s=%s", key, spec) >= sizeof set)
        return -1;
    snprintf(skipset, sizeof skipset, "ccgpu_skip_idle=%d", skip);
    const char *argv[16];
    int n = 0;
    argv[n++] = "ccgpu";
    argv[n++] = "run";
    argv[n++] = bench;
    argv[n++] = "--size";
    argv[n++] = size;
    if (config) {
        argv[n++] = "--config";
        argv[n++] = config;
    }
    argv[n++] = "-o";
    argv[n++] = set;
    argv[n++] = "-o";
    argv[n++] = skipset;
    argv[n++] = "-o";
    argv[n++] = "ccgpu_progress=off";
    argv[n++] = "--json";
    argv[n++] = json;
    argv[n] = NULL;
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0)
        return -1;
    if (pid == 0) {
        FILE *f = freopen(log, "w", stdout);
        if (!f || dup2(fileno(stdout), 2) < 0)
            _exit(126);
        execv("/proc/self/exe", (char *const *)argv);
        _exit(127);
    }
    int status;
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR)
            return -1;
    return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : -1;
}

/* First line where two files differ (0 when identical, -1 unreadable). */
static long first_difference(const char *a, const char *b)
{
    FILE *fa = fopen(a, "r"), *fb = fopen(b, "r");
    long line = -1;
    if (fa && fb) {
        line = 1;
        int ca, cb;
        do {
            ca = fgetc(fa), cb = fgetc(fb);
            if (ca != cb)
                break;
            if (ca == '\n')
                line++;
        } while (ca != EOF);
        if (ca == cb)
            line = 0;
    }
    if (fa)
        fclose(fa);
    if (fb)
        fclose(fb);
    return line;
}

static void show_log(const char *log)
{
    FILE *f = fopen(log, "r");
    char line[512];
    int n = 0;
    while (f && fgets(line, sizeof line, f) && n++ < 5)
        fprintf(stderr, "    %s", line);
    if (f)
        fclose(f);
}

static int real_runs(const char *benches, const char *size, const char *config, const char *key,
                     const char *spec, const char *what)
{
    char dir[] = "/tmp/ccgpu-policy-check-XXXXXX";
    if (!mkdtemp(dir)) {
        fprintf(stderr, "ccgpu policy-check: cannot make a temporary directory: %s\n", strerror(errno));
        return 1;
    }
    char j0[64], j1[64], log[64];
    snprintf(j0, sizeof j0, "%s/skip1.json", dir);
    snprintf(j1, sizeof j1, "%s/skip0.json", dir);
    snprintf(log, sizeof log, "%s/run.log", dir);
    int rc = 0;
    char *list = strdup(benches);
    for (char *save = NULL, *b = list ? strtok_r(list, ",", &save) : NULL; b && rc == 0;
         b = strtok_r(NULL, ",", &save)) {
        if (run_once(b, size, config, key, spec, 1, j0, log)) {
            fprintf(stderr, "ccgpu policy-check: %s: `ccgpu run %s --size %s -o %s=%s` failed:\n", what, b,
                    size, key, spec);
            show_log(log);
            rc = 1;
            break;
        }
        if (run_once(b, size, config, key, spec, 0, j1, log)) {
            fprintf(stderr, "ccgpu policy-check: %s: %s with ccgpu_skip_idle=0 failed:\n", what, b);
            show_log(log);
            rc = 1;
            break;
        }
        long d = first_difference(j0, j1);
        if (d != 0) {
            fprintf(stderr,
                    "ccgpu policy-check: %s: rule 'next_event() announces every change': %s's statistics differ with idle-cycle skipping on and off (JSON line %ld): the policy changes its answers at a time it did not announce\n",
                    what, b, d);
            rc = 1;
            break;
        }
        printf("  %s: %s --size %s: PASS, identical statistics with idle-cycle skipping on and off\n",
               what, b, size);
    }
    free(list);
    unlink(j0);
    unlink(j1);
    unlink(log);
    rmdir(dir);
    return rc;
}

int cmd_policy_check(int argc, char **argv)
{
    const char *spec = NULL, *benches = "bfs,kmeans", *size = "small", *config = NULL;
    int run = 1;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage(stdout);
            return 0;
        } else if (!strcmp(a, "--no-run")) {
            run = 0;
        } else if ((!strcmp(a, "--bench") || !strcmp(a, "--size") || !strcmp(a, "--config")) &&
                   i + 1 < argc) {
            const char *v = argv[++i];
            if (!strcmp(a, "--bench"))
                benches = v;
            else if (!strcmp(a, "--size"))
                size = v;
            else
                config = v;
        } else if (a[0] == '-' || spec) {
            fprintf(stderr, "ccgpu policy-check: unexpected argument '%s' (see ccgpu policy-check --help)\n", a);
            return 2;
        } else {
            spec = a;
        }
    }
    if (!spec) {
        usage(stderr);
        return 2;
    }
    /* PATH.so[:args] means plugin:PATH.so[:args] */
    char full[4200];
    const char *so = strstr(spec, ".so");
    if (!policy_is_plugin(spec) && so && (so[3] == '\0' || so[3] == ':')) {
        snprintf(full, sizeof full, "plugin:%s", spec);
        spec = full;
    }
    struct checked c;
    char err[1024];
    const char *args = NULL;
    if (policy_is_plugin(spec)) {
        const char *path = spec + strlen("plugin:");
        const char *colon = strchr(path, ':');
        char file[4096];
        size_t len = colon ? (size_t)(colon - path) : strlen(path);
        if (len >= sizeof file) {
            fprintf(stderr, "ccgpu policy-check: path too long\n");
            return 2;
        }
        memcpy(file, path, len);
        file[len] = '\0';
        const struct ccgpu_policy_plugin *p = policy_plugin_open(file, err, sizeof err);
        if (!p) {
            fprintf(stderr, "ccgpu policy-check: %s\n", err);
            return 1;
        }
        memset(&c, 0, sizeof c);
        const void *ops;
        if (p->warp_sched && policy_plugin_load(spec, POLICY_WARP_SCHED, &ops, &args, err, sizeof err) == 0)
            c.sched = ops;
        else if (p->warp_sched)
            goto load_error;
        if (p->cache_repl && policy_plugin_load(spec, POLICY_CACHE_REPL, &ops, &args, err, sizeof err) == 0)
            c.repl = ops;
        else if (p->cache_repl)
            goto load_error;
        if (p->cache_index && policy_plugin_load(spec, POLICY_CACHE_INDEX, &ops, &args, err, sizeof err) == 0)
            c.index = ops;
        else if (p->cache_index)
            goto load_error;
        if (p->cta_sched && policy_plugin_load(spec, POLICY_CTA_SCHED, &ops, &args, err, sizeof err) == 0)
            c.cta = ops;
        else if (p->cta_sched)
            goto load_error;
        if (!c.sched && !c.repl && !c.index && !c.cta) {
            fprintf(stderr, "ccgpu policy-check: plugin %s provides no policy (every pointer of its ccgpu_policy_plugin is NULL)\n", file);
            return 1;
        }
        args = colon ? colon + 1 : NULL;
    } else {
        if (find_builtin(spec, &c)) {
            fprintf(stderr, "ccgpu policy-check: '%s' is neither a plugin (PATH.so) nor a built-in policy\n", spec);
            return 2;
        }
        const char *colon = strchr(spec, ':');
        args = colon ? colon + 1 : NULL;
    }
    printf("policy-check %s\n", spec);
    int rc = 0;
    if (c.sched) {
        if (policy_contract_warp_sched(c.sched, args, stdout, err, sizeof err))
            goto contract_error;
        if (run && (rc = real_runs(benches, size, config, "gpgpu_scheduler", spec, "warp scheduler")))
            return rc;
    }
    if (c.repl) {
        if (policy_contract_cache_repl(c.repl, args, stdout, err, sizeof err))
            goto contract_error;
        if (run && (rc = real_runs(benches, size, config, "ccgpu_l1_repl", spec, "L1 replacement")))
            return rc;
    }
    if (c.index) {
        if (policy_contract_cache_index(c.index, args, stdout, err, sizeof err))
            goto contract_error;
        if (run && (rc = real_runs(benches, size, config, "ccgpu_l1_index", spec, "L1 set index")))
            return rc;
    }
    if (c.cta) {
        if (policy_contract_cta_sched(c.cta, args, stdout, err, sizeof err))
            goto contract_error;
        if (run && (rc = real_runs(benches, size, config, "ccgpu_cta_sched", spec, "CTA dispatch")))
            return rc;
    }
    printf("policy-check: all checks passed\n");
    return 0;
contract_error:
    fflush(stdout);
    fprintf(stderr, "ccgpu policy-check: FAILED: %s\n", err);
    return 1;
load_error:
    fprintf(stderr, "ccgpu policy-check: %s\n", err);
    return 1;
}
