#include "gpu/ptxas_info.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Lines we read (ptxas 13):
 *   ptxas info    : Compiling entry function 'NAME' for 'sm_75'
 *   ptxas info    : Function properties for NAME
 *       0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
 *   ptxas info    : Used 60 registers, used 1 barriers, 2048 bytes smem, ...
 * Anything else (gmem totals, compile times) is skipped. */
int ptxas_info_parse(const char *text, struct ptxas_kernel_info *out, int max, char *err,
                     size_t errlen)
{
    int n = 0, line = 0, open = 0; /* open: a kernel named, its Used line pending */
    const char *p = text;
    while (*p) {
        const char *end = strchr(p, '\n');
        size_t len = end ? (size_t)(end - p) : strlen(p);
        char buf[512];
        if (len >= sizeof buf)
            len = sizeof buf - 1;
        memcpy(buf, p, len);
        buf[len] = '\0';
        line++;
        const char *q;
        if ((q = strstr(buf, "Compiling entry function '")) != NULL) {
            if (open) {
                snprintf(err, errlen, "ptxas info line %d: no register count for '%s'", line,
                         out[n].name);
                return -1;
            }
            if (n == max) {
                snprintf(err, errlen, "ptxas info line %d: more than %d kernels", line, max);
                return -1;
            }
            q += strlen("Compiling entry function '");
            const char *e = strchr(q, '\'');
            if (!e || (size_t)(e - q) >= sizeof out[n].name) {
                snprintf(err, errlen, "ptxas info line %d: malformed function name", line);
                return -1;
            }
            memset(&out[n], 0, sizeof out[n]);
            memcpy(out[n].name, q, (size_t)(e - q));
            open = 1;
        } else if (open && (q = strstr(buf, "bytes stack frame")) != NULL) {
            out[n].stack_frame = (uint32_t)strtoul(buf, NULL, 10);
        } else if (open && (q = strstr(buf, "Used ")) != NULL) {
            char *e;
            unsigned long regs = strtoul(q + 5, &e, 10);
            if (e == q + 5 || strncmp(e, " register", 9) != 0) {
                snprintf(err, errlen, "ptxas info line %d: malformed register count", line);
                return -1;
            }
            out[n].registers = (uint32_t)regs;
            const char *s = strstr(buf, " bytes smem");
            if (s) {
                const char *b = s;
                while (b > buf && b[-1] >= '0' && b[-1] <= '9')
                    b--;
                out[n].shared_bytes = (uint32_t)strtoul(b, NULL, 10);
            }
            n++;
            open = 0;
        }
        p = end ? end + 1 : p + strlen(p);
    }
    if (open) {
        snprintf(err, errlen, "ptxas info: no register count for '%s'", out[n].name);
        return -1;
    }
    return n;
}
