#include "cli/cli.h"
#include "ccgpu.h"
#include <stdio.h>
#include <string.h>

int cmd_version(int argc, char **argv)
{
    if (argc > 1 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
        printf("usage: ccgpu version (or ccgpu --version)\n");
        return 0;
    }
    if (argc > 1) {
        fprintf(stderr, "ccgpu version: takes no arguments\n");
        return 2;
    }
    printf("ccgpu %s\n", ccgpu_version());
    return 0;
}
