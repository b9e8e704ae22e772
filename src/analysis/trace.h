/* Cache access traces: a compact, versioned, checksummed binary file holding
 * the access stream one cache level saw (every SM's L1D, or the L2), written
 * by the timing model and read by the trace cache simulator (cachesim) and
 * the locality classifier.
 *
 * File layout, version 2 (all integers little-endian):
 *
 *   offset size  field
 *    0     8     magic "CCGTRACE"
 *    8     4     version (2)
 *   12     4     header_bytes = 64 + length of the config name
 *   16     4     line_size in bytes (blocks are byte address / line_size)
 *   20     1     level: 1 = L1 stream (one L1 per SM), 2 = L2 stream
 *   21     3     zero
 *   24     8     records
 *   32     8     insts: warp instructions of the run (for MPKI); 0 = unknown
 *   40     8     payload_bytes (the encoded records)
 *   48     4     kernel_count
 *   52     4     trailer_bytes (the kernel-name table)
 *   56     8     checksum (trace_codec.h) over payload, trailer, then the
 *                header region (bytes 0..header_bytes) with this field as zero
 *   64     n     config name (n = header_bytes - 64, no terminating NUL)
 *   header_bytes                 payload: records, encoded as below
 *   header_bytes + payload_bytes trailer: kernel_count x (varint length, name)
 *
 * The counts, checksum and kernel table are only known at the end, so the
 * writer patches the fixed header at close; a file whose writer never
 * closed it still has the zero placeholder header and is rejected as
 * incomplete. The reader checks the size at open and the checksum at the end
 * of the stream: only then does trace_reader_next return 0.
 *
 * Record encoding (varint = LEB128; zigzag varint for signed deltas). Both
 * sides keep, per warp slot (sm * 64 + slot % 64, modulo 4096), the slot's
 * last kernel/warp/CTA, pc, lanes and block, all zero at the start; "the
 * slot" is the previous record's (sm, slot) unless bit 4 says otherwise.
 *   flags byte: bit 0 write; bits 1-3 kind;
 *     bit 4: varints sm, slot follow (a different slot);
 *     bit 5: varints kernel, warp, cta follow (else the slot's);
 *     bit 6: the pc follows as a delta from the slot's last pc (else the same);
 *     bit 7: a lane tag follows (else the slot's last lanes): 0-31 one lane,
 *            32 all lanes, 33 four raw bytes follow, 34 bytes lo, hi follow
 *            (lanes lo..hi);
 *   then the block as a delta from the slot's last block.
 * A coalesced access of the same instruction costs two bytes, and warps
 * interleaved by the scheduler still encode as small per-warp deltas. */
#ifndef CCGPU_ANALYSIS_TRACE_H
#define CCGPU_ANALYSIS_TRACE_H
#include <stddef.h>
#include <stdint.h>

#define TRACE_VERSION 2 /* 1: an early draft with another record encoding */
#define TRACE_HEADER_FIXED 64
#define TRACE_NAME_MAX 1024 /* config and kernel names */

enum trace_level { TRACE_LEVEL_L1 = 1, TRACE_LEVEL_L2 = 2 };

/* Memory space of the access (3 bits in the file). */
enum trace_kind {
    TRACE_KIND_GLOBAL = 0,
    TRACE_KIND_LOCAL = 1,
    TRACE_KIND_CONST = 2,
    TRACE_KIND_TEXTURE = 3,
    TRACE_KIND_PARAM = 4,
    TRACE_KIND_OTHER = 7,
};

struct trace_record {
    uint64_t block;  /* line address = byte address / line_size */
    uint32_t pc;     /* the instruction's pc */
    uint32_t lanes;  /* threads (lanes) of the warp that touched this line */
    uint32_t warp;   /* global warp id within the kernel */
    uint32_t cta;    /* global (linear) CTA id within the kernel */
    uint16_t sm;     /* SM (core) id; for L2 streams the requesting SM */
    uint16_t slot;   /* warp slot on the SM */
    uint16_t kernel; /* index into the kernel-name table */
    uint8_t write;   /* 0 read, 1 write */
    uint8_t kind;    /* enum trace_kind */
};

struct trace_header {
    uint32_t version;
    uint32_t line_size;
    uint32_t level; /* enum trace_level */
    uint64_t records;
    uint64_t insts;
    char config[TRACE_NAME_MAX + 1];
    uint32_t kernel_count;
    char **kernels; /* kernel_count names, owned by the reader */
};

/* ---- writer: buffered, no allocation per record ---------------------- */
struct trace_writer;

/* Creates path (truncating it). config may be NULL or "". */
struct trace_writer *trace_writer_open(const char *path, const char *config,
                                       enum trace_level level, uint32_t line_size,
                                       char *err, size_t errlen);
/* Registers a kernel name; returns its index for trace_record.kernel, or -1. */
int trace_writer_add_kernel(struct trace_writer *w, const char *name);
/* Sets the instruction count stored in the header (may be called repeatedly). */
void trace_writer_set_insts(struct trace_writer *w, uint64_t insts);
/* Appends one record. -1 on a bad record (kind > 7, unregistered kernel) or a
 * write error; the error is sticky and reported again by close. */
int trace_writer_append(struct trace_writer *w, const struct trace_record *r);
/* The sticky error ("PATH: what"), or NULL while every call succeeded. */
const char *trace_writer_error(const struct trace_writer *w);
/* Pushes buffered records to the file, so a write error shows now rather
 * than at close; 0, or -1 with the sticky error set. */
int trace_writer_flush(struct trace_writer *w);
/* Flushes, writes the kernel table, patches the header; frees w. 0 or -1. */
int trace_writer_close(struct trace_writer *w, char *err, size_t errlen);
/* Closes and removes the file (nothing worth keeping was traced); frees w. */
void trace_writer_discard(struct trace_writer *w);

/* ---- reader: streams records ------------------------------------------ */
struct trace_reader;

/* Opens and validates the header, the file size and the kernel table. */
struct trace_reader *trace_reader_open(const char *path, char *err, size_t errlen);
const struct trace_header *trace_reader_header(const struct trace_reader *r);
/* 1: *out holds the next record. 0: end of the stream, every record read and
 * the checksum verified. -1: the file is corrupt or unreadable;
 * trace_reader_error() says why ("PATH: what"). Only 0 means the records
 * returned so far are the file's true contents. */
int trace_reader_next(struct trace_reader *r, struct trace_record *out);
/* Up to n records into out[]: their count (> 0), 0 at the end of the stream
 * (every record read and the checksum verified) or -1 as trace_reader_next.
 * Records decoded before a corrupt one are returned first; the next call
 * then gives -1. The same records as n calls of trace_reader_next, faster. */
long trace_reader_read(struct trace_reader *r, struct trace_record *out, size_t n);
/* What a cache simulation reads of a record: trace_reader_read_accesses. */
struct trace_access {
    uint64_t block;
    uint16_t sm, kernel;
    uint8_t write, kind;
};
/* As trace_reader_read (the same records, checks, errors and checksum), but
 * only the fields of struct trace_access, faster: its own per-slot delta
 * state holds only what those fields and the checks need (16 bytes a slot
 * instead of 32). Since the last rewind (or open) a reader is read either
 * this way or by trace_reader_read/next, not both: the other returns -1
 * with an error. */
long trace_reader_read_accesses(struct trace_reader *r, struct trace_access *out, size_t n);
/* Back to the first record (for multi-pass analyses such as OPT). */
int trace_reader_rewind(struct trace_reader *r);
const char *trace_reader_error(const struct trace_reader *r);
void trace_reader_close(struct trace_reader *r);

const char *trace_kind_name(unsigned kind);

#endif
