/* Parsing the committed `ptxas -v` figures. */
#include "check.h"
#include "gpu/ptxas_info.h"

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

int main(void)
{
    RUN(parses_two_kernels);
    RUN(rejects_missing_register_line);
    return check_summary();
}
