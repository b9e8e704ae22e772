/* Shared by the fuzz harnesses in this folder. Each harness defines one
 * function `static int fuzz_NAME(const uint8_t *data, size_t size)` that must
 * accept any bytes without crashing, hanging or leaking, then FUZZ_ENTRY(NAME).
 * Built by `make fuzz` with clang -fsanitize=fuzzer,address,undefined (the
 * entry is libFuzzer's LLVMFuzzerTestOneInput); built into
 * tests/990_fuzz_replay.c otherwise, which replays every seed and regression
 * input under tests/fuzz/ in both `make check` builds. */
#ifndef CCGPU_TESTS_FUZZ_H
#define CCGPU_TESTS_FUZZ_H
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#ifdef FUZZ_LIBFUZZER
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
#define FUZZ_ENTRY(name)                                                      \
    int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)              \
    {                                                                         \
        return fuzz_##name(data, size);                                       \
    }
#else
#define FUZZ_ENTRY(name)
/* Module variables above this are valid PTX (the simulator callocs the
 * space, as a GPU would hold it) but would trip the fuzzer's malloc limit,
 * which is there to catch runaway allocations: harnesses do not load them. */
#define FUZZ_MAX_VARIABLE_BYTES (256ull << 20)

#endif

/* data as a NUL-terminated string (stops at an embedded NUL); free() it */
static inline char *fuzz_text(const uint8_t *data, size_t size)
{
    char *s = malloc(size + 1);
    if (s) {
        memcpy(s, data, size);
        s[size] = 0;
    }
    return s;
}

/* Module variables above this are valid PTX (the simulator callocs the
 * space, as a GPU would hold it) but would trip the fuzzer's malloc limit,
 * which is there to catch runaway allocations: harnesses do not load them. */
#define FUZZ_MAX_VARIABLE_BYTES (256ull << 20)

/* data written to /tmp/ccgpu-fuzz-TAG.PID (path, cap bytes), for harnesses of
 * readers that take a file name; 0, or -1 when it cannot be written. The
 * caller removes the file. */
#include <stdio.h>
#include <unistd.h>
static inline int fuzz_to_file(const uint8_t *data, size_t size, const char *tag, char *path,
                               size_t cap)
{
    snprintf(path, cap, "/tmp/ccgpu-fuzz-%s.%ld", tag, (long)getpid());
    FILE *f = fopen(path, "wb");
    if (!f)
        return -1;
    size_t put = fwrite(data, 1, size, f);
    return fclose(f) == 0 && put == size ? 0 : -1;
}

#endif
