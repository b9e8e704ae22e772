/* Bytes -> the AWSS CTA-size parser and the schedule-file parser (the same
 * text to both; a parsed schedule is checked with awss_validate). */
#include "fuzz.h"
#include "cta/awss.h"

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
    awss_schedule_parse(text, "fuzz", &s, msg, sizeof msg);
    awss_schedule_free(&s);
    free(text);
    return 0;
}
FUZZ_ENTRY(awss_files)
