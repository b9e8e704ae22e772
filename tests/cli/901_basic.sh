# The command itself: help, version, unknown command.
. "$(dirname "$0")/lib.sh"
expect_output version '^ccgpu [0-9]' "$CCGPU" version
expect_output help 'commands:' "$CCGPU" --help
expect_fail unknown_command "unknown command 'frobnicate'" "$CCGPU" frobnicate
# output that cannot be written is a failure, not a silent success (issue #16)
full() { "$@" >/dev/full; }
expect_fail stdout_full_list 'ccgpu list: writing standard output failed: No space left' full "$CCGPU" list
expect_fail stdout_full_run 'writing standard output failed' full "$CCGPU" run vecadd --size small
expect_fail stdout_full_compare 'writing standard output failed' \
    full "$CCGPU" compare vecadd --sched lrr --size small
"$CCGPU" run vecadd --size small -o ccgpu_trace_l1="$tmpdir/v.trace" >/dev/null 2>&1
expect_fail stdout_full_cachesim 'writing standard output failed' full "$CCGPU" cachesim "$tmpdir/v.trace"
summary
