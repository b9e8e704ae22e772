/* Text files (PTX) compiled into the library by tools/embed.c. */
#ifndef CCGPU_UTIL_EMBEDDED_H
#define CCGPU_UTIL_EMBEDDED_H
#include <stddef.h>

struct embedded_file {
    const char *path;   /* repository-relative, e.g. "bench/bfs/bfs.ptx" */
    const char *text;   /* NUL-terminated */
    size_t reserved;
};

extern const struct embedded_file embedded_files[];
extern const size_t embedded_file_count;

/* The embedded text for a repository-relative path, or NULL. */
const char *embedded_find(const char *path);

#endif
