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
# --help on the commands people reach for first (issue #16: rejected as unknown options)
expect_output run_help '^usage: ccgpu run BENCH' "$CCGPU" run --help
expect_output compare_help '^usage: ccgpu compare BENCH' "$CCGPU" compare --help
# ccgpu run says what each kernel's launch got (bfs.regs: bfs_expand uses 20 registers)
expect_output run_occupancy '^occupancy bfs_expand: 20 registers/thread \(ptxas\), 256 threads/CTA, [0-9]+ CTAs = [0-9]+ warps per SM, limited by ' \
    "$CCGPU" run bfs --functional
summary
