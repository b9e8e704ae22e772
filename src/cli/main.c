/* ccgpu command: dispatches to subcommands (one file each in src/cli/). */
#include "cli/cli.h"
#include <errno.h>
#include <stdio.h>
#include <string.h>

static const struct cli_command commands[] = {
#define CLI_COMMAND(name, fn, summary) { name, fn, summary },
#include "cli/commands.def"
#undef CLI_COMMAND
};

static void usage(FILE *out)
{
    fprintf(out, "usage: ccgpu COMMAND [ARGS...]\n\ncommands:\n");
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        fprintf(out, "  %-12s %s\n", commands[i].name, commands[i].summary);
}

/* Output that never arrived (a full disk, a closed pipe) is a failure of
 * the command, not a silent success: every command's stdout is checked here. */
static int finish_stdout(const char *command, int rc)
{
    if (fflush(stdout) != 0 || ferror(stdout)) {
        fprintf(stderr, "ccgpu %s: writing standard output failed: %s\n", command,
                strerror(errno));
        return rc ? rc : 1;
    }
    return rc;
}

int main(int argc, char **argv)
{
    if (argc < 2 || strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
        usage(argc < 2 ? stderr : stdout);
        return argc < 2 ? 2 : 0;
    }
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (strcmp(argv[1], commands[i].name) == 0) {
            int rc = commands[i].run(argc - 1, argv + 1);
            return finish_stdout(argv[1], rc);
        }
    fprintf(stderr, "ccgpu: unknown command '%s' (see ccgpu --help)\n", argv[1]);
    return 2;
}
