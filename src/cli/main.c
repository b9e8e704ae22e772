/* ccgpu command: dispatches to subcommands (one file each in src/cli/).
 * `ccgpu help` / `--help` lists them; `ccgpu help CMD` is `ccgpu CMD
 * --help` (each command prints its own usage, and the commands that run
 * kernels the shared options' table, options.h); `--version` is `ccgpu
 * version`. */
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
    fprintf(out, "  %-12s %s\n", "help", "this list; help COMMAND: the command's usage and options");
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        fprintf(out, "  %-12s %s\n", commands[i].name, commands[i].summary);
    fprintf(out, "\nccgpu help COMMAND (or ccgpu COMMAND --help): the command's options; "
                 "ccgpu --version: the version\n");
}

static const struct cli_command *find_command(const char *name)
{
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (strcmp(name, commands[i].name) == 0)
            return &commands[i];
    return NULL;
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
    if (argc < 2) {
        usage(stderr);
        return 2;
    }
    const char *name = argv[1];
    if (!strcmp(name, "--version") || !strcmp(name, "-V"))
        name = "version";
    int help = !strcmp(name, "help") || !strcmp(name, "--help") || !strcmp(name, "-h");
    if (help && argc == 2) {
        usage(stdout);
        return finish_stdout(name, 0);
    }
    if (help && argc == 3 && (!strcmp(argv[2], "help") || !strcmp(argv[2], "--help") ||
                              !strcmp(argv[2], "-h"))) {
        printf("usage: ccgpu help [COMMAND]\n");
        usage(stdout);
        return finish_stdout(name, 0);
    }
    if (help && argc > 3) {
        fprintf(stderr, "ccgpu help: one command at a time (see ccgpu help)\n");
        return 2;
    }
    const struct cli_command *c = find_command(help ? argv[2] : name);
    if (!c) {
        fprintf(stderr, "ccgpu: unknown command '%s' (see ccgpu help)\n", help ? argv[2] : name);
        return 2;
    }
    if (help) {
        char *args[] = { argv[2], "--help", NULL };
        c->run(2, args);
        return finish_stdout(c->name, 0);
    }
    return finish_stdout(c->name, c->run(argc - 1, argv + 1));
}
