# The command itself: help, version, unknown command.
. "$(dirname "$0")/lib.sh"
expect_output version '^ccgpu [0-9]' "$CCGPU" version
expect_output help 'commands:' "$CCGPU" --help
expect_fail unknown_command "unknown command 'frobnicate'" "$CCGPU" frobnicate
summary
