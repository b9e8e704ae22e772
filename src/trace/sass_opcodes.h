/* SASS opcode tables (configs/sass/ARCH.txt): per architecture, each
 * opcode's unit class, latency class and memory access, as data. A trace
 * names its architecture by the header's binary version (70 -> volta ...);
 * an option can name one instead. */
#ifndef CCGPU_TRACE_SASS_OPCODES_H
#define CCGPU_TRACE_SASS_OPCODES_H
#include <stddef.h>
#include <stdint.h>

enum sass_unit {
    SASS_SP, SASS_INT, SASS_DP, SASS_SFU, SASS_TENSOR, SASS_MEM, SASS_BRANCH, SASS_BARRIER,
    SASS_EXIT, SASS_NOP, SASS_TMA, SASS_UNIT_COUNT
};
enum sass_access { SASS_NO_ACCESS, SASS_LOAD, SASS_STORE, SASS_ATOMIC };

#define SASS_NAME_MAX 24

struct sass_opcode {
    char name[SASS_NAME_MAX];
    uint8_t unit;   /* enum sass_unit */
    uint8_t lat;    /* enum lat_class (timing/sm_config.h) */
    uint8_t space;  /* enum ptx_space; PTX_SPACE_NONE unless unit is mem */
    uint8_t access; /* enum sass_access */
};

struct sass_table {
    char arch[16];
    struct sass_opcode *ops; /* sorted by name */
    uint32_t n;
};

/* Parses a table's text (name: for messages, "configs/sass/volta.txt").
 * -1 with "NAME:LINE: message" on a malformed line or a repeated opcode. */
int sass_table_parse(struct sass_table *t, const char *arch, const char *text, const char *name,
                     char *err, size_t errlen);
void sass_table_free(struct sass_table *t);
/* The entry of the opcode whose mnemonic is base[0..len), or NULL. */
const struct sass_opcode *sass_table_find(const struct sass_table *t, const char *base,
                                          size_t len);
/* The architecture of a binary version (70 volta, 75 turing, 80/86/87
 * ampere, 89 ada, 90 hopper), NULL for others. */
const char *sass_arch_of_binary(uint32_t binary_version);
/* Whether arch is one of the architectures with a table. */
int sass_arch_known(const char *arch);

#endif
