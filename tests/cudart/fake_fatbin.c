/* A host program with a fatbinary of one entry in a .nv_fatbin section, as
 * nvcc lays it out (src/cudart/fatbin.h), for tests/cli/962: what `ccgpu
 * exec` decides from the file alone, without nvcc. Built with
 *   -DKIND=1 (PTX) or 2 (SASS), -DFLAGS=0x2000 (compressed) or 0, and
 *   linked with or without libcudart.so.13. */
#include <stdint.h>
#ifndef KIND
#define KIND 1
#endif
#ifndef FLAGS
#define FLAGS 0
#endif

struct entry {
    uint16_t kind, version;
    uint32_t header_size;
    uint64_t payload_size;
    uint32_t compressed_size, unused;
    uint16_t minor, major;
    uint32_t arch, name_offset, name_size;
    uint64_t flags, unused2, uncompressed_size;
    char payload[8];
};

struct fatbin {
    uint32_t magic;
    uint16_t version, header_size;
    uint64_t entries_size;
    struct entry e;
};

__attribute__((section(".nv_fatbin"), used)) static const struct fatbin fatbin = {
    0xBA55ED50u, 1, 16, sizeof(struct entry),
    { KIND, 0x101, 64, 8, 0, 0, 0, 0, 75, 0, 0, FLAGS, 0, (FLAGS) ? 64 : 0, "ptx" },
};

int main(void)
{
    return 0;
}
