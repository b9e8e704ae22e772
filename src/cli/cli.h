/* Subcommands of the ccgpu command. Each lives in its own file src/cli/cmd_NAME.c
 * and is listed once in commands.def. A subcommand gets argv with argv[0] = its
 * name and returns the process exit status (0 ok, 1 failure, 2 usage error). */
#ifndef CCGPU_CLI_H
#define CCGPU_CLI_H

struct cli_command {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *summary;
};

#define CLI_COMMAND(name, fn, summary) int fn(int argc, char **argv);
#include "cli/commands.def"
#undef CLI_COMMAND

#endif
