/* Policies loaded from shared objects: `plugin:PATH[:args]` wherever a
 * built-in policy name is accepted (include/ccgpu_policy.h says how to write
 * one). PATH ends at the first ':' after "plugin:" (a path containing ':'
 * cannot be named). The object is opened with dlopen once per use and stays
 * loaded until the process exits (policy instances hold pointers into it). */
#ifndef CCGPU_POLICY_PLUGIN_H
#define CCGPU_POLICY_PLUGIN_H
#include <stddef.h>
#include "ccgpu_policy.h"

enum policy_kind { POLICY_WARP_SCHED, POLICY_CACHE_REPL, POLICY_CACHE_INDEX, POLICY_CTA_SCHED };

/* 1 when spec names a plugin ("plugin:..."). */
int policy_is_plugin(const char *spec);

/* Loads the plugin spec names and returns the ops of `kind` it provides in
 * *ops and the text after PATH's ':' (or NULL) in *args; -1 with a one-line
 * message (missing file, missing symbol, API version mismatch, no policy of
 * that kind, ops without a name or a required hook) otherwise. */
int policy_plugin_load(const char *spec, enum policy_kind kind, const void **ops,
                       const char **args, char *err, size_t errlen);

/* The plugin descriptor of the object at path (any kinds), for
 * `ccgpu policy-check`; NULL with a message otherwise. */
const struct ccgpu_policy_plugin *policy_plugin_open(const char *path, char *err, size_t errlen);

#endif
