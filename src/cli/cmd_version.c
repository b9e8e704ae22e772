#include "cli/cli.h"
#include "ccgpu.h"
#include <stdio.h>

int cmd_version(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    printf("ccgpu %s\n", ccgpu_version());
    return 0;
}
