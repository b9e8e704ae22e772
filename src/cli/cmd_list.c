/* ccgpu list: every benchmark, one per line, name first. */
#include "bench.h"
#include "cli/cli.h"
#include <stdio.h>
#include <string.h>

int cmd_list(int argc, char **argv)
{
    if (argc == 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
        printf("usage: ccgpu list\n");
        return 0;
    }
    if (argc > 1) {
        fprintf(stderr, "ccgpu list: takes no arguments\n");
        return 2;
    }
    for (int i = 0; bench_table[i]; i++) {
        const struct bench_ops *b = bench_table[i];
        printf("%-14s %-9s %s\n%-14s %-9s sizes: %s\n", b->name, b->klass, b->description, "",
               "", b->sizes);
    }
    return 0;
}
