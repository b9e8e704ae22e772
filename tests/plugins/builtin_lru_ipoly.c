/* The built-in LRU replacement and PRIC (ipoly) index sources as one
 * plugin (tests/cli/970_plugins.sh). */
#include "../../src/policy/cache/repl_lru.c"
#include "../../src/policy/cache/index_ipoly.c"
CCGPU_POLICY_PLUGIN(.cache_repl = &cache_repl_lru, .cache_index = &cache_index_ipoly);
