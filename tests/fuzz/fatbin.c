/* Bytes as the fatbinary a CUDA program registers -> the runtime's reader
 * of its PTX entries (src/cudart/fatbin.c), bounded by the bytes given:
 * every PTX it returns must lie inside them and be NUL-terminated at its
 * length, highest arch first; and the survey `ccgpu exec` takes of a
 * program's fatbinaries, whose size must lie inside them too. */
#include "fuzz.h"
#include "cudart/fatbin.h"

static int fuzz_fatbin(const uint8_t *data, size_t size)
{
    if (size == 0)
        return 0; /* avail 0 means "trust the header": not what a fuzzer may do */
    /* a copy of exactly size bytes, so any read past them is an ASan report */
    uint8_t *copy = malloc(size);
    if (!copy)
        return 0;
    memcpy(copy, data, size);
    struct fatbin_ptx ptx[4];
    char err[256];
    int n = fatbin_find_ptx(copy, size, ptx, 4, err, sizeof err);
    if (n < -1)
        __builtin_trap();
    if (n < 0 && !err[0])
        __builtin_trap(); /* a refusal says why */
    for (int i = 0; i < n && i < 4; i++) {
        const uint8_t *t = (const uint8_t *)ptx[i].text;
        if (t < copy || t + ptx[i].len >= copy + size || t[ptx[i].len] != 0)
            __builtin_trap();
        if (i > 0 && ptx[i - 1].arch < ptx[i].arch)
            __builtin_trap();
    }
    struct fatbin_survey sv;
    err[0] = 0;
    int r = fatbin_survey(copy, size, &sv, err, sizeof err);
    if (r != 0 && (r != -1 || !err[0]))
        __builtin_trap();
    if (r == 0 && (sv.bytes > size || sv.bytes < 16 || sv.ptx_compressed > sv.ptx))
        __builtin_trap();
    free(copy);
    return 0;
}
FUZZ_ENTRY(fatbin)
