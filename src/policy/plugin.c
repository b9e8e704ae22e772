#include "policy/plugin.h"
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PREFIX "plugin:"

int policy_is_plugin(const char *spec)
{
    return spec && strncmp(spec, PREFIX, strlen(PREFIX)) == 0;
}

static const char *kind_name(enum policy_kind kind)
{
    switch (kind) {
    case POLICY_WARP_SCHED: return "warp scheduler";
    case POLICY_CACHE_REPL: return "cache replacement policy";
    case POLICY_CACHE_INDEX: return "cache index function";
    default: return "CTA dispatch policy";
    }
}

const struct ccgpu_policy_plugin *policy_plugin_open(const char *path, char *err, size_t errlen)
{
    if (!*path) {
        snprintf(err, errlen, "plugin: no shared object named (plugin:PATH.so[:args])");
        return NULL;
    }
    /* a bare name would make dlopen search the library path: say ./x.so */
    char buf[4096];
    if (!strchr(path, '/')) {
        if ((size_t)snprintf(buf, sizeof buf, "./%s", path) >= sizeof buf) {
            snprintf(err, errlen, "plugin %.64s...: path too long", path);
            return NULL;
        }
        path = buf;
    }
    void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!h) {
        const char *why = dlerror();
        snprintf(err, errlen, "plugin %s: cannot load: %s", path, why ? why : "unknown error");
        return NULL;
    }
    /* dlsym returns void *; read it through a union to stay ISO C */
    union { void *obj; const struct ccgpu_policy_plugin *plugin; } sym;
    dlerror();
    sym.obj = dlsym(h, CCGPU_POLICY_PLUGIN_SYMBOL);
    if (!sym.obj) {
        snprintf(err, errlen,
                 "plugin %s: no symbol '%s' (define it with CCGPU_POLICY_PLUGIN(...) from ccgpu_policy.h)",
                 path, CCGPU_POLICY_PLUGIN_SYMBOL);
        dlclose(h);
        return NULL;
    }
    if (sym.plugin->api_version != CCGPU_POLICY_API_VERSION) {
        snprintf(err, errlen,
                 "plugin %s: built for policy API version %u, this ccgpu has version %d (rebuild it against this ccgpu_policy.h)",
                 path, sym.plugin->api_version, CCGPU_POLICY_API_VERSION);
        dlclose(h);
        return NULL;
    }
    /* never closed: policy instances keep pointers into the object */
    return sym.plugin;
}

int policy_plugin_load(const char *spec, enum policy_kind kind, const void **ops,
                       const char **args, char *err, size_t errlen)
{
    const char *path = spec + strlen(PREFIX);
    const char *colon = strchr(path, ':');
    size_t len = colon ? (size_t)(colon - path) : strlen(path);
    char file[4096];
    if (len >= sizeof file) {
        snprintf(err, errlen, "plugin %.64s...: path too long", path);
        return -1;
    }
    memcpy(file, path, len);
    file[len] = '\0';
    *args = colon ? colon + 1 : NULL;
    const struct ccgpu_policy_plugin *p = policy_plugin_open(file, err, errlen);
    if (!p)
        return -1;
    const void *o = kind == POLICY_WARP_SCHED   ? (const void *)p->warp_sched
                    : kind == POLICY_CACHE_REPL  ? (const void *)p->cache_repl
                    : kind == POLICY_CACHE_INDEX ? (const void *)p->cache_index
                                                 : (const void *)p->cta_sched;
    if (!o) {
        snprintf(err, errlen, "plugin %s: provides no %s", file, kind_name(kind));
        return -1;
    }
    int version = 0;
    const char *name = NULL, *missing = NULL;
    switch (kind) {
    case POLICY_WARP_SCHED: {
        const struct warp_sched_ops *w = o;
        version = w->version, name = w->name, missing = w->order ? NULL : "order";
        break;
    }
    case POLICY_CACHE_REPL: {
        const struct cache_repl_ops *r = o;
        version = r->version, name = r->name, missing = r->choose_victim ? NULL : "choose_victim";
        break;
    }
    case POLICY_CACHE_INDEX: {
        const struct cache_index_ops *x = o;
        version = x->version, name = x->name, missing = x->set_of ? NULL : "set_of";
        break;
    }
    case POLICY_CTA_SCHED: {
        const struct cta_sched_ops *c = o;
        version = c->version, name = c->name, missing = c->next_cta ? NULL : "next_cta";
        break;
    }
    }
    if (version < 1 || !name || !name[0]) {
        snprintf(err, errlen, "plugin %s: its %s has no name or a version below 1", file,
                 kind_name(kind));
        return -1;
    }
    if (missing) {
        snprintf(err, errlen, "plugin %s: %s '%s' has no %s hook", file, kind_name(kind), name,
                 missing);
        return -1;
    }
    *ops = o;
    return 0;
}
