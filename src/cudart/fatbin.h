/* The fatbinary nvcc embeds in a program (section .nv_fatbin), as far as
 * ccgpu's CUDA runtime needs it: the PTX entries.
 *
 * The host code passes __cudaRegisterFatBinary a wrapper
 *   { u32 magic 0x466243b1, u32 version, const void *fatbin, void *unused }
 * whose fatbin pointer leads to a header
 *   { u32 magic 0xBA55ED50, u16 version, u16 header_size, u64 entries_size }
 * followed by entries_size bytes of entries, each
 *   { u16 kind (1 PTX, 2 ELF cubin), u16 version, u32 header_size,
 *     u64 payload_size, u32 compressed_size?, u32, u16 minor, u16 major,
 *     u32 arch (75 = sm_75 / compute_75), u32 name_offset, u32 name_size,
 *     u64 flags, u64, u64 uncompressed_size }
 * then its payload (header_size bytes after the entry's start). A PTX
 * payload is NUL-terminated text padded with NULs. Compressed payloads
 * (flags 0x2000 or 0x8000, uncompressed_size set: nvcc's default) are
 * refused: build with `nvcc --no-compress`. Layout read from bytes nvcc 13
 * produced; multi-byte fields are little-endian. */
#ifndef CCGPU_CUDART_FATBIN_H
#define CCGPU_CUDART_FATBIN_H
#include <stddef.h>
#include <stdint.h>

#define FATBIN_WRAPPER_MAGIC 0x466243b1u
#define FATBIN_MAGIC 0xBA55ED50u
enum { FATBIN_KIND_PTX = 1, FATBIN_KIND_ELF = 2 };

struct fatbin_ptx {
    const char *text; /* points into the fatbinary; NUL-terminated */
    size_t len;
    uint32_t arch;    /* compute capability * 10, e.g. 75 */
};

/* The fatbinary a registration wrapper points at, or NULL (message in err)
 * when the wrapper is not one. */
const void *fatbin_from_wrapper(const void *wrapper, char *err, size_t errlen);

/* Finds the PTX entries of the fatbinary at data (at most avail bytes may
 * be read; 0 = trust the header's size). Returns the number of PTX entries
 * stored in out (at most max, highest arch first), or -1 with a one-line
 * message in err: bad magic, truncated entry, compressed PTX. ELF entries
 * are skipped; 0 entries is not an error here. */
int fatbin_find_ptx(const void *data, size_t avail, struct fatbin_ptx *out, int max, char *err,
                    size_t errlen);

/* What one fatbinary holds, as `ccgpu exec` checks a program before running
 * it: its entries by kind, the compressed PTX among them and the highest
 * architecture of each kind. bytes: the fatbinary's whole size (header and
 * entries), so the next one in a section can be found. 0, or -1 with a
 * one-line message in err (bad magic, sizes beyond avail). */
struct fatbin_survey {
    int ptx, ptx_compressed, elf;
    uint32_t ptx_arch, elf_arch;
    uint64_t bytes;
};
int fatbin_survey(const void *data, size_t avail, struct fatbin_survey *s, char *err,
                  size_t errlen);

#endif
