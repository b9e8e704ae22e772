/* Trace versions 1 and 2 (and Accel-Sim's raw .trace files of those
 * versions) prefix every instruction line with its CTA (x y z) and warp,
 * in the order the GPU ran them. They are grouped into a temporary .traceg
 * (under $TMPDIR) by a stable sort(1) on disk, so each warp keeps its
 * order and memory stays bounded whatever the file's size. */
#ifndef CCGPU_TRACE_TRACE_GROUP_H
#define CCGPU_TRACE_TRACE_GROUP_H
#include <stddef.h>
#include <stdio.h>
#include <sys/types.h>

/* Writes the grouped trace of path; its file name into out. -1 with a
 * message ("PATH:LINE: ..." for a malformed prefix). */
int trace_group_prefixed(const char *path, char *out, size_t outlen, char *err, size_t errlen);
/* Removes a grouped trace and its folder. */
void trace_group_remove(const char *grouped);
/* xz -dc PATH as a stream (its stderr discarded), the child in *pid. */
FILE *trace_open_xz(const char *path, pid_t *pid);

#endif
