/* Bytes -> the sweep's CSV reader and JSON reader (the same text to both),
 * with a lookup in what parsed. */
#include "fuzz.h"
#include "sweep/csv.h"
#include "sweep/json.h"

static int fuzz_csv_json(const uint8_t *data, size_t size)
{
    char *text = fuzz_text(data, size);
    if (!text)
        return 0;
    char err[256];
    struct csv_table t;
    memset(&t, 0, sizeof t);
    if (csv_read_string(text, "fuzz.csv", &t, err, sizeof err) == 0) {
        csv_column(&t, "cycles");
        csv_free(&t);
    }
    struct json *j = json_parse(text, err, sizeof err);
    if (j) {
        json_str(json_get(json_get(j, "totals"), "cycles"));
        json_free(j);
    }
    free(text);
    return 0;
}
FUZZ_ENTRY(csv_json)
