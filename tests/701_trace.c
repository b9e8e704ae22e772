/* Access trace files: round trip, and every kind of damage is an error. */
#include "check.h"
#include "analysis/trace.h"
#include <stdlib.h>
#include <unistd.h>

static uint64_t rng_next(uint64_t *s)
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

/* In RAM when possible: these tests write and reread hundreds of files. */
static void temp_path(char *buf, size_t n)
{
    snprintf(buf, n, "/dev/shm/ccgpu701_XXXXXX");
    int fd = mkstemp(buf);
    if (fd < 0) {
        snprintf(buf, n, "/tmp/ccgpu701_XXXXXX");
        fd = mkstemp(buf);
    }
    if (fd >= 0)
        close(fd);
}

/* n records exercising every encoding path: context changes, same and new pcs,
 * full / single-lane / repeated / arbitrary lane masks, big block jumps. */
static void make_records(struct trace_record *r, size_t n, uint64_t seed)
{
    uint64_t s = seed;
    memset(r, 0, n * sizeof *r);
    for (size_t i = 0; i < n; i++) {
        uint64_t x = rng_next(&s);
        if (i == 0 || x % 4 == 0) {
            r[i].kernel = (uint16_t)(x >> 8 & 1);
            r[i].sm = (uint16_t)(x >> 9 & 15);
            r[i].warp = (uint32_t)(x >> 13 & 0xfff);
            r[i].slot = (uint16_t)(r[i].warp % 48);
            r[i].cta = r[i].warp / 8;
            r[i].pc = (uint32_t)(x >> 32 & 0xfff) * 8;
        } else {
            r[i] = r[i - 1];
            if (x % 3 == 0)
                r[i].pc = r[i - 1].pc + 8;
        }
        unsigned lo = (unsigned)(x >> 42 & 31), len = (unsigned)(x >> 47 & 31);
        switch ((x >> 40) % 6) {
        case 0: r[i].lanes = 0xffffffffu; break;
        case 1: r[i].lanes = 1u << lo; break;
        case 2: break; /* same as before */
        case 3: r[i].lanes = (uint32_t)(x >> 3) | 3; break;
        case 4: r[i].lanes = (0xffffffffu >> (31 - len)) << lo; break; /* a run */
        default: r[i].lanes = (x >> 52 & 1) ? 0 : 0x80000001u; break;
        }
        uint64_t jump = rng_next(&s);
        r[i].block = (x >> 50 & 1) ? jump : (i ? r[i - 1].block + (x >> 51 & 7) : 0);
        r[i].write = (uint8_t)(x >> 60 & 1);
        r[i].kind = (uint8_t)(x >> 61 & 7);
    }
}

static int write_trace(const char *path, const struct trace_record *r, size_t n, uint64_t insts)
{
    char err[256];
    struct trace_writer *w = trace_writer_open(path, "ccws-baseline", TRACE_LEVEL_L1, 128, err,
                                               sizeof err);
    if (!w)
        return -1;
    if (trace_writer_add_kernel(w, "bfs_kernel") != 0 || trace_writer_add_kernel(w, "k2") != 1)
        return -1;
    for (size_t i = 0; i < n; i++)
        if (trace_writer_append(w, &r[i]) != 0)
            return -1;
    trace_writer_set_insts(w, insts);
    return trace_writer_close(w, err, sizeof err);
}

static int same_record(const struct trace_record *a, const struct trace_record *b)
{
    return a->block == b->block && a->pc == b->pc && a->lanes == b->lanes &&
           a->warp == b->warp && a->cta == b->cta && a->sm == b->sm && a->slot == b->slot &&
           a->kernel == b->kernel && a->write == b->write && a->kind == b->kind;
}

/* Reads the whole file: 0 ok and identical to r[0..n), else -1 with err set. */
static int read_all(const char *path, const struct trace_record *r, size_t n, char *err,
                    size_t errlen)
{
    struct trace_reader *rd = trace_reader_open(path, err, errlen);
    if (!rd)
        return -1;
    struct trace_record got;
    size_t i = 0;
    int st, mismatch = 0;
    while ((st = trace_reader_next(rd, &got)) == 1) {
        if (i >= n || !same_record(&got, &r[i]))
            mismatch = 1;
        i++;
    }
    if (st < 0)
        snprintf(err, errlen, "%s", trace_reader_error(rd));
    trace_reader_close(rd);
    if (st < 0)
        return -1;
    if (mismatch || i != n) {
        snprintf(err, errlen, "SILENT WRONG ANSWER");
        return -2;
    }
    return 0;
}

TEST(round_trip_is_identical)
{
    enum { N = 20000 };
    struct trace_record *r = malloc(N * sizeof *r);
    char path[64], err[320];
    temp_path(path, sizeof path);
    make_records(r, N, 42);
    CHECK_EQ_INT(write_trace(path, r, N, 123456), 0);
    struct trace_reader *rd = trace_reader_open(path, err, sizeof err);
    CHECK(rd != NULL);
    if (rd) {
        const struct trace_header *h = trace_reader_header(rd);
        CHECK_EQ_INT(h->records, N);
        CHECK_EQ_INT(h->insts, 123456);
        CHECK_EQ_INT(h->line_size, 128);
        CHECK_EQ_INT(h->level, TRACE_LEVEL_L1);
        CHECK(strcmp(h->config, "ccws-baseline") == 0);
        CHECK_EQ_INT(h->kernel_count, 2);
        CHECK(strcmp(h->kernels[0], "bfs_kernel") == 0 && strcmp(h->kernels[1], "k2") == 0);
        for (int pass = 0; pass < 2; pass++) { /* second pass after rewind */
            struct trace_record got;
            size_t i = 0, bad = 0;
            int st;
            while ((st = trace_reader_next(rd, &got)) == 1) {
                if (i >= N || !same_record(&got, &r[i]))
                    bad++;
                i++;
            }
            CHECK_EQ_INT(st, 0);
            CHECK_EQ_INT(i, N);
            CHECK_EQ_INT(bad, 0);
            CHECK_EQ_INT(trace_reader_next(rd, &got), 0); /* stays at end */
            CHECK_EQ_INT(trace_reader_rewind(rd), 0);
        }
        trace_reader_close(rd);
    }
    /* compact even for this busy stream (half the blocks are random 64-bit jumps) */
    FILE *f = fopen(path, "rb");
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fclose(f);
    CHECK(size < 16L * N); /* (this stream is deliberately hard to compress) */
    remove(path);
    free(r);
}

TEST(extreme_values_round_trip)
{
    struct trace_record r[6];
    memset(r, 0, sizeof r);
    r[0].block = UINT64_MAX, r[0].pc = 0xffffffffu, r[0].warp = UINT32_MAX, r[0].cta = UINT32_MAX;
    r[0].sm = 0xffff, r[0].slot = 0xffff, r[0].kernel = 1, r[0].lanes = 0x80000000u;
    r[1].block = 0, r[1].pc = 0, r[1].lanes = 0, r[1].kind = 7, r[1].write = 1;
    r[2] = r[0];
    r[2].block = (uint64_t)1 << 63, r[2].lanes = 0x7fffffffu;
    r[3] = r[2];
    r[3].block = ((uint64_t)1 << 63) - 1;
    r[4] = r[3]; /* identical record */
    r[5].block = 12345, r[5].lanes = 1;
    char path[64], err[320];
    temp_path(path, sizeof path);
    CHECK_EQ_INT(write_trace(path, r, 6, 1), 0);
    CHECK_EQ_INT(read_all(path, r, 6, err, sizeof err), 0);
    remove(path);
}

TEST(empty_trace_round_trips)
{
    char path[64], err[320];
    temp_path(path, sizeof path);
    CHECK_EQ_INT(write_trace(path, NULL, 0, 0), 0);
    CHECK_EQ_INT(read_all(path, NULL, 0, err, sizeof err), 0);
    remove(path);
}

TEST(coalesced_record_costs_two_bytes)
{
    char path[64], err[320];
    temp_path(path, sizeof path);
    struct trace_writer *w = trace_writer_open(path, "", TRACE_LEVEL_L2, 32, err, sizeof err);
    CHECK(w != NULL);
    trace_writer_add_kernel(w, "k");
    struct trace_record r = {.lanes = 0xffffffffu, .warp = 3, .pc = 16};
    for (int i = 0; i < 1000; i++) {
        r.block = 1000 + (uint64_t)i;
        trace_writer_append(w, &r);
    }
    CHECK_EQ_INT(trace_writer_close(w, err, sizeof err), 0);
    FILE *f = fopen(path, "rb");
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fclose(f);
    CHECK(size <= 64 + 2 * 1000 + 16 + 2); /* header + 2 B/record + first record's extras + table */
    remove(path);
}

TEST(interleaved_warps_stay_compact)
{
    /* 4 SMs x 16 warps issued round robin, each streaming through its own
     * array one coalesced line per instruction: per-slot deltas keep this at
     * flags + slot switch + one-byte block delta */
    enum { N = 64000 };
    char path[64], err[320];
    temp_path(path, sizeof path);
    struct trace_writer *w = trace_writer_open(path, "", TRACE_LEVEL_L1, 128, err, sizeof err);
    CHECK(w != NULL);
    trace_writer_add_kernel(w, "k");
    for (int i = 0; i < N; i++) {
        int g = i % 64;
        struct trace_record r = {.sm = (uint16_t)(g / 16), .slot = (uint16_t)(g % 16),
                                 .warp = (uint32_t)g, .cta = (uint32_t)g / 4, .pc = 0x88,
                                 .lanes = 0xffffffffu};
        r.block = 0x100000 + (uint64_t)g * 0x10000 + (uint64_t)(i / 64);
        trace_writer_append(w, &r);
    }
    CHECK_EQ_INT(trace_writer_close(w, err, sizeof err), 0);
    FILE *f = fopen(path, "rb");
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fclose(f);
    CHECK(size <= 64 + 4L * N + 64 * 16);
    remove(path);
}

static int write_bytes(const char *path, const unsigned char *b, size_t n)
{
    FILE *f = fopen(path, "wb");
    if (!f)
        return -1;
    size_t put = fwrite(b, 1, n, f);
    fclose(f);
    return put == n ? 0 : -1;
}

static unsigned char *slurp(const char *path, size_t *n)
{
    FILE *f = fopen(path, "rb");
    fseek(f, 0, SEEK_END);
    *n = (size_t)ftell(f);
    fseek(f, 0, SEEK_SET);
    unsigned char *b = malloc(*n);
    if (fread(b, 1, *n, f) != *n)
        *n = 0;
    fclose(f);
    return b;
}

/* read_all through trace_reader_read, chunk records per call. */
static int read_all_batch(const char *path, const struct trace_record *r, size_t n, size_t chunk,
                          char *err, size_t errlen)
{
    struct trace_reader *rd = trace_reader_open(path, err, errlen);
    if (!rd)
        return -1;
    struct trace_record *got = malloc(chunk * sizeof *got);
    size_t i = 0;
    long st;
    int mismatch = 0;
    while ((st = trace_reader_read(rd, got, chunk)) > 0) {
        if ((size_t)st > chunk)
            mismatch = 1;
        for (long k = 0; k < st && !mismatch; k++, i++)
            if (i >= n || !same_record(&got[k], &r[i]))
                mismatch = 1;
    }
    if (st < 0)
        snprintf(err, errlen, "%s", trace_reader_error(rd));
    int sticky = st >= 0 || trace_reader_read(rd, got, chunk) == -1;
    free(got);
    trace_reader_close(rd);
    if (st < 0 && sticky)
        return -1; /* as read_all: an error outranks what was read before it */
    if (mismatch || i != n || !sticky) {
        snprintf(err, errlen, "SILENT WRONG ANSWER");
        return -2;
    }
    return 0;
}

TEST(batch_reads_equal_single_reads)
{
    /* every chunk size gives the records of trace_reader_next, and on damaged
     * files the same error (records before the damage come first) */
    enum { N = 3000 };
    struct trace_record *r = malloc(N * sizeof *r);
    char path[64], bad[64], err[320], err1[320];
    temp_path(path, sizeof path);
    temp_path(bad, sizeof bad);
    make_records(r, N, 5);
    CHECK_EQ_INT(write_trace(path, r, N, 1), 0);
    const size_t chunks[] = {1, 2, 7, 256, N, 4 * N};
    for (size_t c = 0; c < sizeof chunks / sizeof *chunks; c++)
        CHECK_EQ_INT(read_all_batch(path, r, N, chunks[c], err, sizeof err), 0);
    size_t n;
    unsigned char *b = slurp(path, &n);
    uint64_t s = 9;
    int differ = 0, undetected = 0;
    for (int iter = 0; iter < 60; iter++) {
        size_t at = 64 + rng_next(&s) % (n - 64);
        unsigned char flip = (unsigned char)(1 + rng_next(&s) % 255);
        b[at] ^= flip;
        size_t len = iter % 3 == 0 ? at + 1 : n; /* some truncated too */
        write_bytes(bad, b, len);
        int single = read_all(bad, r, N, err1, sizeof err1);
        for (size_t c = 0; c < sizeof chunks / sizeof *chunks; c++) {
            int batch = read_all_batch(bad, r, N, chunks[c], err, sizeof err);
            if (batch != -1)
                undetected++;
            if (batch != single || strcmp(err, err1) != 0) {
                if (!differ)
                    fprintf(stderr, "chunk %zu: %d '%s' vs %d '%s'\n", chunks[c], batch, err,
                            single, err1);
                differ++;
            }
        }
        b[at] ^= flip;
    }
    CHECK_EQ_INT(undetected, 0);
    CHECK_EQ_INT(differ, 0);
    free(b);
    free(r);
    remove(path);
    remove(bad);
}

/* The whole file through trace_reader_read_accesses, chunk accesses per
 * call (reading records first, then accesses, when mix): as read_all, the
 * fields of struct trace_access compared with r. */
static int read_all_accesses(const char *path, const struct trace_record *r, size_t n,
                             size_t chunk, char *err, size_t errlen)
{
    struct trace_reader *rd = trace_reader_open(path, err, errlen);
    if (!rd)
        return -1;
    struct trace_access *got = malloc(chunk * sizeof *got);
    size_t i = 0;
    long st;
    int mismatch = 0;
    while ((st = trace_reader_read_accesses(rd, got, chunk)) > 0) {
        if ((size_t)st > chunk)
            mismatch = 1;
        for (long k = 0; k < st && !mismatch; k++, i++)
            if (i >= n || got[k].block != r[i].block || got[k].sm != r[i].sm ||
                got[k].kernel != r[i].kernel || got[k].write != r[i].write ||
                got[k].kind != r[i].kind)
                mismatch = 1;
    }
    if (st < 0)
        snprintf(err, errlen, "%s", trace_reader_error(rd));
    int sticky = st >= 0 || trace_reader_read_accesses(rd, got, chunk) == -1;
    free(got);
    trace_reader_close(rd);
    if (st < 0 && sticky)
        return -1;
    if (mismatch || i != n || !sticky) {
        snprintf(err, errlen, "SILENT WRONG ANSWER");
        return -2;
    }
    return 0;
}

TEST(accesses_equal_records)
{
    /* trace_reader_read_accesses (its own delta state, no end checks where a
     * record surely fits) gives the records' fields on valid traces - one
     * large enough to refill the buffer - and on damaged ones the error of
     * trace_reader_next, naming the same record and byte */
    enum { N = 30000 };
    struct trace_record *r = malloc(N * sizeof *r);
    char path[64], bad[64], err[320], err1[320];
    temp_path(path, sizeof path);
    temp_path(bad, sizeof bad);
    make_records(r, N, 31);
    CHECK_EQ_INT(write_trace(path, r, N, 1), 0);
    const size_t chunks[] = {1, 3, 256, 4 * N};
    for (size_t c = 0; c < sizeof chunks / sizeof *chunks; c++)
        CHECK_EQ_INT(read_all_accesses(path, r, N, chunks[c], err, sizeof err), 0);
    size_t n;
    unsigned char *b = slurp(path, &n);
    CHECK(n > 2 * 65536); /* two refills at least */
    uint64_t s = 3;
    int differ = 0, undetected = 0, named = 0;
    for (int iter = 0; iter < 120; iter++) {
        /* damage near the start (whole payload in one buffer) or anywhere */
        size_t span = iter % 2 ? n - 64 : 400;
        size_t at = 64 + rng_next(&s) % span;
        unsigned char flip = (unsigned char)(1 + rng_next(&s) % 255);
        b[at] ^= flip;
        size_t len = iter % 3 == 0 ? at + 1 + rng_next(&s) % 90 : n; /* some truncated too */
        if (len > n)
            len = n;
        write_bytes(bad, b, len);
        int single = read_all(bad, r, N, err1, sizeof err1);
        named += strstr(err1, "corrupt record") != NULL;
        for (size_t c = 0; c < sizeof chunks / sizeof *chunks; c++) {
            int acc = read_all_accesses(bad, r, N, chunks[c], err, sizeof err);
            if (acc != -1)
                undetected++;
            if (acc != single || strcmp(err, err1) != 0) {
                if (!differ)
                    fprintf(stderr, "chunk %zu: %d '%s' vs %d '%s'\n", chunks[c], acc, err,
                            single, err1);
                differ++;
            }
        }
        b[at] ^= flip;
    }
    CHECK_EQ_INT(undetected, 0);
    CHECK_EQ_INT(differ, 0);
    CHECK(named > 10); /* the comparison reached decoding errors, not only checksums */
    /* every byte of a short trace set to values that hit each check (lane
     * tags 31-35, range bounds, varint continuation bits) */
    enum { M = 60 };
    make_records(r, M, 41);
    CHECK_EQ_INT(write_trace(path, r, M, 1), 0);
    free(b);
    b = slurp(path, &n);
    const unsigned char vals[] = {0x00, 0x01, 0x1f, 0x20, 0x21, 0x22, 0x23, 0x7f, 0x80, 0xff};
    for (size_t at = 64; at < n; at++) {
        unsigned char keep = b[at];
        for (size_t v = 0; v < sizeof vals; v++) {
            if (vals[v] == keep)
                continue;
            b[at] = vals[v];
            write_bytes(bad, b, n);
            int single = read_all(bad, r, M, err1, sizeof err1);
            named += strstr(err1, "corrupt record") != NULL;
            int acc = read_all_accesses(bad, r, M, 7, err, sizeof err);
            if (acc != single || strcmp(err, err1) != 0) {
                if (!differ)
                    fprintf(stderr, "byte %zu = 0x%02x: %d '%s' vs %d '%s'\n", at, vals[v], acc,
                            err, single, err1);
                differ++;
            }
        }
        b[at] = keep;
    }
    CHECK_EQ_INT(differ, 0);
    make_records(r, N, 31);
    CHECK_EQ_INT(write_trace(path, r, N, 1), 0);
    /* one reader is read one way between rewinds */
    struct trace_reader *rd = trace_reader_open(path, err, sizeof err);
    CHECK(rd != NULL);
    struct trace_record one;
    struct trace_access a[4];
    CHECK_EQ_INT(trace_reader_next(rd, &one), 1);
    CHECK_EQ_INT((int)trace_reader_read_accesses(rd, a, 4), -1);
    CHECK_STR_CONTAINS(trace_reader_error(rd), "both as records and as accesses");
    CHECK_EQ_INT(trace_reader_rewind(rd), 0);
    CHECK_EQ_INT((int)trace_reader_read_accesses(rd, a, 4), 4);
    CHECK(a[0].block == r[0].block && a[3].block == r[3].block && a[3].sm == r[3].sm);
    CHECK_EQ_INT(trace_reader_next(rd, &one), -1);
    CHECK_EQ_INT(trace_reader_rewind(rd), 0);
    CHECK_EQ_INT(trace_reader_next(rd, &one), 1);
    CHECK(same_record(&one, &r[0]));
    trace_reader_close(rd);
    free(b);
    free(r);
    remove(path);
    remove(bad);
}

TEST(truncation_at_every_offset_is_detected)
{
    enum { N = 40 };
    struct trace_record r[N];
    char path[64], bad[64], err[320];
    temp_path(path, sizeof path);
    temp_path(bad, sizeof bad);
    make_records(r, N, 7);
    CHECK_EQ_INT(write_trace(path, r, N, 99), 0);
    size_t n;
    unsigned char *b = slurp(path, &n);
    CHECK(n > 100);
    int undetected = 0, unnamed = 0;
    for (size_t len = 0; len < n; len++) {
        write_bytes(bad, b, len);
        int st = read_all(bad, r, N, err, sizeof err);
        if (st != -1)
            undetected++;
        else if (!strstr(err, bad) || strchr(err, '\n'))
            unnamed++;
    }
    CHECK_EQ_INT(undetected, 0);
    CHECK_EQ_INT(unnamed, 0);
    /* an extra byte at the end is also an error */
    unsigned char *longer = malloc(n + 1);
    memcpy(longer, b, n);
    longer[n] = 0;
    write_bytes(bad, longer, n + 1);
    CHECK_EQ_INT(read_all(bad, r, N, err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "size mismatch");
    free(longer);
    free(b);
    remove(path);
    remove(bad);
}

TEST(flipped_byte_anywhere_is_detected)
{
    enum { N = 40 };
    struct trace_record r[N];
    char path[64], bad[64], err[320];
    temp_path(path, sizeof path);
    temp_path(bad, sizeof bad);
    make_records(r, N, 11);
    CHECK_EQ_INT(write_trace(path, r, N, 99), 0);
    size_t n;
    unsigned char *b = slurp(path, &n);
    int undetected = 0;
    for (size_t i = 0; i < n; i++) {
        unsigned char flip = (unsigned char)(i % 3 == 0 ? 0x01 : i % 3 == 1 ? 0x80 : 0x5a);
        b[i] ^= flip;
        write_bytes(bad, b, n);
        if (read_all(bad, r, N, err, sizeof err) != -1)
            undetected++;
        b[i] ^= flip;
    }
    CHECK_EQ_INT(undetected, 0);
    /* a payload flip is caught by the checksum at the end of the stream */
    b[80] ^= 0x40;
    write_bytes(bad, b, n);
    CHECK_EQ_INT(read_all(bad, r, N, err, sizeof err), -1);
    free(b);
    remove(path);
    remove(bad);
}

TEST(unclosed_trace_is_reported_as_incomplete)
{
    char path[64], err[320];
    temp_path(path, sizeof path);
    struct trace_writer *w = trace_writer_open(path, "cfg", TRACE_LEVEL_L1, 128, err, sizeof err);
    CHECK(w != NULL);
    trace_writer_add_kernel(w, "k");
    struct trace_record r = {.block = 5, .lanes = 1};
    for (int i = 0; i < 200000; i++) /* several buffers: data reaches the file */
        trace_writer_append(w, &r);
    /* a crashed writer: read the file while it is still open */
    CHECK_EQ_INT(read_all(path, NULL, 0, err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "incomplete");
    CHECK_EQ_INT(trace_writer_close(w, err, sizeof err), 0);
    remove(path);
}

TEST(random_damage_never_crashes_or_lies)
{
    /* several bytes overwritten at once, and random payloads behind a valid
     * header: always an error (run under ASan/UBSan by make check) */
    enum { N = 300 };
    struct trace_record r[N];
    char path[64], bad[64], err[320];
    temp_path(path, sizeof path);
    temp_path(bad, sizeof bad);
    make_records(r, N, 23);
    CHECK_EQ_INT(write_trace(path, r, N, 5), 0);
    size_t n;
    unsigned char *b = slurp(path, &n);
    unsigned char *d = malloc(n);
    uint64_t s = 77;
    int lied = 0;
    for (int iter = 0; iter < 250; iter++) {
        memcpy(d, b, n);
        int k = 1 + (int)(rng_next(&s) % 8);
        for (int j = 0; j < k; j++)
            d[rng_next(&s) % n] ^= (unsigned char)(1 + rng_next(&s) % 255);
        if (iter % 4 == 0) /* garbage payload, intact header */
            for (size_t j = 64 + 13; j < n; j++)
                d[j] = (unsigned char)rng_next(&s);
        if (memcmp(d, b, n) == 0)
            continue;
        write_bytes(bad, d, n);
        if (read_all(bad, r, N, err, sizeof err) != -1)
            lied++;
    }
    CHECK_EQ_INT(lied, 0);
    free(d);
    free(b);
    remove(path);
    remove(bad);
}

TEST(header_errors_are_named)
{
    char path[64], err[320];
    temp_path(path, sizeof path);
    CHECK_EQ_INT(write_trace(path, NULL, 0, 0), 0);
    size_t n;
    unsigned char *b = slurp(path, &n);
    b[8] = 9; /* version */
    write_bytes(path, b, n);
    CHECK_EQ_INT(read_all(path, NULL, 0, err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "unsupported trace version 9");
    CHECK_STR_CONTAINS(err, path);
    b[8] = TRACE_VERSION;
    b[0] = 'X'; /* magic */
    write_bytes(path, b, n);
    CHECK_EQ_INT(read_all(path, NULL, 0, err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "bad magic");
    write_bytes(path, (const unsigned char *)"CCGTRA", 6);
    CHECK_EQ_INT(read_all(path, NULL, 0, err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "truncated header");
    remove(path);
    CHECK_EQ_INT(read_all(path, NULL, 0, err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "cannot open");
    free(b);
}

TEST(writer_rejects_bad_records)
{
    char path[64], err[320];
    temp_path(path, sizeof path);
    struct trace_writer *w = trace_writer_open(path, "c", TRACE_LEVEL_L1, 128, err, sizeof err);
    CHECK(w != NULL);
    struct trace_record r = {.block = 1};
    CHECK_EQ_INT(trace_writer_append(w, &r), -1); /* kernel 0 not registered */
    CHECK_EQ_INT(trace_writer_close(w, err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "kernel 0 was not registered");
    CHECK(trace_writer_open("/nonexistent/dir/x.trc", "", TRACE_LEVEL_L1, 128, err, sizeof err) ==
          NULL);
    CHECK_STR_CONTAINS(err, "/nonexistent/dir/x.trc: cannot create");
    remove(path);
}

int main(void)
{
    RUN(round_trip_is_identical);
    RUN(batch_reads_equal_single_reads);
    RUN(accesses_equal_records);
    RUN(extreme_values_round_trip);
    RUN(empty_trace_round_trips);
    RUN(coalesced_record_costs_two_bytes);
    RUN(interleaved_warps_stay_compact);
    RUN(truncation_at_every_offset_is_detected);
    RUN(flipped_byte_anywhere_is_detected);
    RUN(unclosed_trace_is_reported_as_incomplete);
    RUN(random_damage_never_crashes_or_lies);
    RUN(header_errors_are_named);
    RUN(writer_rejects_bad_records);
    return check_summary();
}
