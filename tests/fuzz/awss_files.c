/* Bytes -> the AWSS CTA-size parser and the schedule-file parser (the same
 * text to both); a parsed schedule then goes through what the schedule: CTA
 * policy does with it at a launch (cta_follow_start's checks against the
 * schedule's own CTA count and a small GPU, then dispatching it to the end
 * as the dispatcher would, every CTA exactly once). */
#include "fuzz.h"
#include "cta/awss.h"
#include "cta/follow.h"

static int fuzz_awss_files(const uint8_t *data, size_t size)
{
    char *text = fuzz_text(data, size);
    if (!text)
        return 0;
    char msg[256];
    uint64_t *sizes = NULL;
    uint32_t n = 0;
    if (awss_sizes_parse(text, "fuzz", &sizes, &n, msg, sizeof msg) == 0)
        free(sizes);
    struct awss_schedule s;
    awss_schedule_init(&s);
    if (awss_schedule_parse(text, "fuzz", &s, msg, sizeof msg) == 0) {
        uint32_t nct = s.nctas;
        struct cta_follow f;
        memset(&f, 0, sizeof f);
        if (cta_follow_start(&f, &s, nct, 8, size & 1, "fuzz", msg, sizeof msg) == 0) {
            /* dispatch with at most 8 running; retire the oldest */
            uint32_t running = 0, issued = 0;
            for (uint64_t guard = 0; guard < 4 * (uint64_t)nct + 16; guard++) {
                uint32_t id = cta_follow_next(&f);
                if (id != UINT32_MAX) {
                    if (id >= nct)
                        __builtin_trap();
                    running++;
                    issued++;
                } else if (running) {
                    running--;
                    if (cta_follow_done(&f))
                        cta_follow_wake(&f);
                } else
                    break;
            }
            if (issued != nct)
                __builtin_trap();
        }
        cta_follow_free(&f);
    }
    awss_schedule_free(&s);
    free(text);
    return 0;
}
FUZZ_ENTRY(awss_files)
