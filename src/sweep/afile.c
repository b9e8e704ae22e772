#include "sweep/afile.h"
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void release(struct afile *a)
{
    free(a->path);
    free(a->tmp);
    a->path = a->tmp = NULL;
    a->f = NULL;
}

FILE *afile_open(struct afile *a, const char *path, char *err, size_t errlen)
{
    memset(a, 0, sizeof *a);
    const char *slash = strrchr(path, '/');
    size_t dirlen = slash ? (size_t)(slash - path + 1) : 0;
    size_t n = strlen(path) + 32;
    a->path = strdup(path);
    a->tmp = malloc(n);
    if (!a->path || !a->tmp) {
        release(a);
        snprintf(err, errlen, "%s: out of memory", path);
        return NULL;
    }
    snprintf(a->tmp, n, "%.*s.%s.tmp.%ld", (int)dirlen, path, path + dirlen, (long)getpid());
    a->f = fopen(a->tmp, "w");
    if (!a->f) {
        snprintf(err, errlen, "%s: %s", a->tmp, strerror(errno));
        release(a);
        return NULL;
    }
    return a->f;
}

void afile_sync_dir(const char *dir)
{
    int fd = open(dir, O_RDONLY);
    if (fd >= 0) {
        fsync(fd);
        close(fd);
    }
}

int afile_commit(struct afile *a, char *err, size_t errlen)
{
    int bad = fflush(a->f) != 0 || ferror(a->f) || fsync(fileno(a->f)) != 0;
    int saved = errno;
    if (fclose(a->f) != 0 && !bad) {
        bad = 1;
        saved = errno;
    }
    if (!bad && rename(a->tmp, a->path) != 0) {
        bad = 1;
        saved = errno;
    }
    if (bad) {
        snprintf(err, errlen, "%s: %s", a->path, strerror(saved));
        remove(a->tmp);
        release(a);
        return -1;
    }
    release(a);
    return 0;
}

void afile_abort(struct afile *a)
{
    if (a->f) {
        fclose(a->f);
        remove(a->tmp);
    }
    release(a);
}

int afile_is_temp_name(const char *name)
{
    return name[0] == '.' && strstr(name, ".tmp.") != NULL;
}

int afile_is_temp_of(const char *name, const char *target)
{
    size_t n = strlen(target);
    return name[0] == '.' && !strncmp(name + 1, target, n) && !strncmp(name + 1 + n, ".tmp.", 5);
}
