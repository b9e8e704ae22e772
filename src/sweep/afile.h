/* Atomic file replacement: write to a temporary file in the same directory,
 * flush it to disk, then rename it over the target, so a reader (or a sweep
 * resumed after a crash) sees either the old file or the complete new one. */
#ifndef CCGPU_SWEEP_AFILE_H
#define CCGPU_SWEEP_AFILE_H
#include <stddef.h>
#include <stdio.h>

struct afile {
    FILE *f;
    char *path; /* target */
    char *tmp;  /* DIR/.NAME.tmp.PID */
};

/* Opens the temporary file; NULL with err set on failure. */
FILE *afile_open(struct afile *a, const char *path, char *err, size_t errlen);
/* Flushes, fsyncs, closes and renames; -1 with err on failure (temp removed).
 * The data is on disk before the rename, so the final name never shows a
 * partial file; the folder itself is not synced here (that costs as much again
 * per file): a crash may lose the rename, never expose half a file. Callers
 * that need the names durable call afile_sync_dir once after a batch. */
int afile_commit(struct afile *a, char *err, size_t errlen);
/* Closes and removes the temporary file. */
void afile_abort(struct afile *a);
/* fsync of a folder, so the renames in it survive a crash; errors ignored. */
void afile_sync_dir(const char *dir);
/* Whether NAME (a bare file name) is one of our temporary files. */
int afile_is_temp_name(const char *name);
/* Whether NAME is a temporary file of the target TARGET (both bare names). */
int afile_is_temp_of(const char *name, const char *target);

#endif
