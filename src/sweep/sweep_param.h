/* One swept parameter: "KEY=VALUES" as given to `ccgpu sweep --param`.
 *
 * VALUES is a comma list whose elements are each one of
 *   a literal            lrr        (a backslash makes the next character literal,
 *                                    so "\," puts a comma inside a value)
 *   an integer range     1..32      (inclusive, step 1)
 *   an arithmetic range  0..100:+10 (A, A+K, ... up to B)
 *   a geometric range    8..128:x2  (A, A*K, ... up to B; A >= 1, K >= 2)
 *   a prefixed range     swl:1..32  (swl:1, swl:2, ...; the prefix ends in ':')
 * An element is a range when a digit stands right before its "..". */
#ifndef CCGPU_SWEEP_PARAM_H
#define CCGPU_SWEEP_PARAM_H
#include <stddef.h>

#define SWEEP_MAX_VALUES 10000 /* per parameter: a typo like 1..1000000 is an error */

struct sweep_param {
    char *key;
    char **values;
    int nvalues, cap;
};

/* Parses "KEY=VALUES" into p (zeroed first). -1 with a one-line message
 * naming the offending element on error; p is then empty. */
int sweep_param_parse(const char *spec, struct sweep_param *p, char *err, size_t errlen);
/* Parses only VALUES into p (zeroed by the caller), appending; on error p may
 * hold some values: sweep_param_free it either way. */
int sweep_values_parse(const char *values, struct sweep_param *p, char *err, size_t errlen);
void sweep_param_free(struct sweep_param *p);

#endif
