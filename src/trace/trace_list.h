/* Accel-Sim's command list (kernelslist.g): host-to-device copies and
 * kernel launches in program order. */
#ifndef CCGPU_TRACE_TRACE_LIST_H
#define CCGPU_TRACE_TRACE_LIST_H
#include <stddef.h>
#include <stdint.h>

enum trace_cmd_kind { TRACE_CMD_COPY, TRACE_CMD_KERNEL };

struct trace_cmd {
    enum trace_cmd_kind kind;
    char *path;           /* kernel: its trace file, relative to the list's folder resolved */
    uint64_t addr, bytes; /* copy: device address and size */
    int to_device;        /* copy: MemcpyHtoD (else MemcpyDtoH) */
    uint32_t line;
};

struct trace_list {
    struct trace_cmd *cmds;
    uint32_t n;
    uint32_t ignored; /* lines of other commands (device-to-host copies) */
};

/* Reads path: "MemcpyHtoD,0xADDR,BYTES" and "MemcpyDtoH,0xADDR,BYTES"
 * lines, kernel trace file names (kernel-N.traceg, kernel-N.traceg.xz, any
 * name ending in .traceg or .traceg.xz), other Memcpy lines ignored, blank
 * lines skipped. -1 with
 * "PATH:LINE: message". */
int trace_list_read(struct trace_list *l, const char *path, char *err, size_t errlen);
/* The same from text in memory; dir is the folder kernel names are in. */
int trace_list_parse(struct trace_list *l, const char *text, const char *dir, const char *name,
                     char *err, size_t errlen);
void trace_list_free(struct trace_list *l);

#endif
