/* Parsing the committed `ptxas -v` figures. */
#include "check.h"
#include "gpu/ptxas_info.h"
#include "ccgpu.h"
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

TEST(parses_two_kernels)
{
    const char *text =
        "ptxas info    : 0 bytes gmem\n"
        "ptxas info    : Compiling entry function 'bfs_update' for 'sm_75'\n"
        "ptxas info    : Function properties for bfs_update\n"
        "    0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads\n"
        "ptxas info    : Used 7 registers, used 0 barriers, 388 bytes cmem[0]\n"
        "ptxas info    : Compiling entry function 'matmul' for 'sm_75'\n"
        "ptxas info    : Function properties for matmul\n"
        "    16 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads\n"
        "ptxas info    : Used 60 registers, used 1 barriers, 2048 bytes smem, 384 bytes cmem[0]\n";
    struct ptxas_kernel_info k[4];
    char err[128];
    CHECK_EQ_INT(ptxas_info_parse(text, k, 4, err, sizeof err), 2);
    CHECK(strcmp(k[0].name, "bfs_update") == 0);
    CHECK_EQ_INT(k[0].registers, 7);
    CHECK_EQ_INT(k[0].shared_bytes, 0);
    CHECK(strcmp(k[1].name, "matmul") == 0);
    CHECK_EQ_INT(k[1].registers, 60);
    CHECK_EQ_INT(k[1].shared_bytes, 2048);
    CHECK_EQ_INT(k[1].stack_frame, 16);
}

TEST(rejects_missing_register_line)
{
    struct ptxas_kernel_info k[4];
    char err[128];
    CHECK_EQ_INT(ptxas_info_parse("ptxas info    : Compiling entry function 'a' for 'sm_75'\n", k, 4,
                                  err, sizeof err),
                 -1);
    CHECK_STR_CONTAINS(err, "no register count for 'a'");
    CHECK_EQ_INT(ptxas_info_parse("ptxas info    : Compiling entry function 'a' for 'sm_75'\n"
                                  "ptxas info    : Used x registers\n",
                                  k, 4, err, sizeof err),
                 -1);
    CHECK_STR_CONTAINS(err, "line 2: malformed register count");
}

static const char *const tiny_ptx = ".version 9.0\n.target sm_75\n.address_size 64\n"
                                    ".visible .entry k()\n{\n  ret;\n}\n";

static int write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    if (!f)
        return -1;
    fputs(text, f);
    return fclose(f);
}

TEST(load_file_reads_regs_beside_the_ptx)
{
    char dir[] = "/tmp/ccgpu302XXXXXX";
    CHECK(mkdtemp(dir) != NULL);
    char ptx[256], regs[256];
    snprintf(ptx, sizeof ptx, "%s/m.ptx", dir);
    snprintf(regs, sizeof regs, "%s/m.regs", dir);
    CHECK_EQ_INT(write_file(ptx, tiny_ptx), 0);
    ccgpu_config *cfg = ccgpu_config_new();
    char err[256];
    ccgpu *gpu = ccgpu_create(cfg, err, sizeof err);
    ccgpu_config_free(cfg);
    CHECK(gpu != NULL);
    if (!gpu)
        return;
    CHECK(ccgpu_module_load_file(gpu, ptx) != NULL); /* no .regs: estimate */
    CHECK_EQ_INT(write_file(regs, "ptxas info    : Compiling entry function 'k' for 'sm_75'\n"
                                  "ptxas info    : Used 12 registers, used 0 barriers\n"),
                 0);
    CHECK(ccgpu_module_load_file(gpu, ptx) != NULL);
    CHECK_EQ_INT(write_file(regs, "ptxas info    : Compiling entry function 'gone' for 'sm_75'\n"
                                  "ptxas info    : Used 12 registers, used 0 barriers\n"),
                 0);
    CHECK(ccgpu_module_load_file(gpu, ptx) == NULL);
    CHECK_STR_CONTAINS(ccgpu_error(gpu), "name kernel 'gone', which the module lacks");
    ccgpu_destroy(gpu);
    unlink(ptx);
    unlink(regs);
    rmdir(dir);
}

int main(void)
{
    RUN(parses_two_kernels);
    RUN(rejects_missing_register_line);
    RUN(load_file_reads_regs_beside_the_ptx);
    return check_summary();
}
