/* Register counts from ptxas -v when ptxas is installed:
 * the module's PTX is written to a temporary file, `ptxas -v -arch=sm_XX`
 * compiles it (the output is discarded) and its report is handed to
 * ccgpu_module_set_ptxas_info, as `ccgpu run` uses the committed NAME.regs
 * beside a benchmark's PTX. Without ptxas (or with CCGPU_PTXAS=none, or when
 * ptxas fails) the simulator's liveness estimate applies, as before.
 *
 * ptxas is found as CCGPU_PTXAS names it (a path), else on PATH, else as
 * /usr/local/cuda/bin/ptxas. */
#define _GNU_SOURCE
#include "cudart/cudart.h"
#include "util/text_input.h"
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

static int is_exec(const char *p)
{
    struct stat st;
    return stat(p, &st) == 0 && S_ISREG(st.st_mode) && access(p, X_OK) == 0;
}

/* ptxas's path into out, or -1 when there is none (or it is switched off). */
static int find_ptxas(char *out, size_t cap)
{
    const char *env = getenv("CCGPU_PTXAS");
    if (env && *env) {
        if (!strcmp(env, "none") || !strcmp(env, "0"))
            return -1;
        if (strlen(env) >= cap || !is_exec(env))
            return -1;
        strcpy(out, env);
        return 0;
    }
    const char *path = getenv("PATH");
    if (path) {
        const char *p = path;
        while (*p) {
            const char *e = strchr(p, ':');
            size_t n = e ? (size_t)(e - p) : strlen(p);
            if (n && n + 7 < cap) {
                memcpy(out, p, n);
                strcpy(out + n, "/ptxas");
                if (is_exec(out))
                    return 0;
            }
            p += n + (e ? 1 : 0);
        }
    }
    if (is_exec("/usr/local/cuda/bin/ptxas") && cap > 26) {
        strcpy(out, "/usr/local/cuda/bin/ptxas");
        return 0;
    }
    return -1;
}

/* Runs ptxas -v on text (PTX for sm_<arch>); the report (its stderr) in a
 * malloc'd string, or NULL when ptxas is absent or fails. */
static char *ptxas_report(const char *text, unsigned arch)
{
    char exe[1024];
    if (find_ptxas(exe, sizeof exe))
        return NULL;
    const char *tmp = getenv("TMPDIR");
    if (!tmp || !*tmp)
        tmp = "/tmp";
    char ptx_path[1100], rep_path[1100];
    snprintf(ptx_path, sizeof ptx_path, "%s/ccgpu-ptxas-XXXXXX", tmp);
    snprintf(rep_path, sizeof rep_path, "%s/ccgpu-ptxas-XXXXXX", tmp);
    int fd = mkstemp(ptx_path);
    if (fd < 0)
        return NULL;
    int rfd = mkstemp(rep_path);
    if (rfd < 0) {
        close(fd);
        unlink(ptx_path);
        return NULL;
    }
    size_t len = strlen(text), off = 0;
    while (off < len) {
        ssize_t w = write(fd, text + off, len - off);
        if (w <= 0)
            break;
        off += (size_t)w;
    }
    close(fd);
    char *report = NULL;
    if (off == len) {
        char archopt[32];
        snprintf(archopt, sizeof archopt, "-arch=sm_%u", arch);
        fflush(NULL);
        pid_t pid = fork();
        if (pid == 0) {
            int devnull = open("/dev/null", O_RDWR);
            if (devnull >= 0) {
                dup2(devnull, 0);
                dup2(devnull, 1);
            }
            dup2(rfd, 2);
            execl(exe, "ptxas", "-v", archopt, ptx_path, "-o", "/dev/null", (char *)NULL);
            _exit(127);
        }
        int status = 0;
        if (pid > 0 && waitpid(pid, &status, 0) == pid && WIFEXITED(status) &&
            WEXITSTATUS(status) == 0) {
            char err[400]; /* (the figures are extra: without them the estimate is used) */
            size_t n = 0;
            report = text_input_read(rep_path, "ptxas report", TEXT_INPUT_TEXT, &n, err, sizeof err);
            if (report && n == 0) {
                free(report);
                report = NULL;
            }
        }
    }
    close(rfd);
    unlink(ptx_path);
    unlink(rep_path);
    return report;
}

void rt_apply_ptxas(ccgpu *gpu, ccgpu_module *mod, const char *text, unsigned arch)
{
    char *report = ptxas_report(text, arch);
    if (!report)
        return;
    const char *quiet = getenv("CCGPU_QUIET");
    if (ccgpu_module_set_ptxas_info(gpu, mod, report) != 0 &&
        !(quiet && *quiet && strcmp(quiet, "0") != 0))
        rt_say("ptxas", "its report is not usable (%s); registers are estimated from liveness",
               ccgpu_error(gpu));
    free(report);
}
