#!/usr/bin/env bash
# Training runs for the profile-guided build (`make pgo`, docs/internals.md):
# the instrumented ccgpu runs what a sweep runs, so the compiler learns which
# branches of the timing model go which way.
#   tools/pgo-train.sh CCGPU
# Every benchmark at small in timing mode on configs/ccws.cfg with four warp
# schedulers, and the congested and memory-bound ones at medium for their
# first 300,000 cycles (the memory system's crowded paths that small runs
# barely reach), plus the functional engine on every benchmark and
# `ccgpu cachesim` (LRU, OPT, FIFO; one and two threads) on bfs's L1 trace. The runs are
# fixed (no input depends on the machine), so two trainings of one source
# give the same profile. Each run's result is checked by the command itself;
# a failing run stops the training.
set -euo pipefail
[ $# -eq 1 ] || { echo "usage: $0 CCGPU" >&2; exit 2; }
ccgpu=$1
cd "$(dirname "$0")/.."
[ -x "$ccgpu" ] || { echo "pgo-train: $ccgpu not built" >&2; exit 2; }
benches=$("$ccgpu" list | awk '/^[a-z]/{print $1}')
n=0
# one training command: ccgpu ARGS..., its output dropped
train() {
    "$ccgpu" "$@" >/dev/null || { echo "pgo-train: failed: ccgpu $*" >&2; exit 1; }
    n=$((n + 1))
}
run() { train run "$@" --quiet; }
for b in $benches; do
    for s in gto lrr ccws swl:2; do
        run "$b" --size small --config configs/ccws.cfg -o "gpgpu_scheduler=$s"
    done
    run "$b" --size small --functional
done
for b in syrk gesummv atax mvt spmv kmeans bfs; do
    run "$b" --size medium --config configs/ccws.cfg -o gpgpu_max_cycle=300000
done
# the trace-driven cache simulator on an L1 trace of bfs at small
trace=$(mktemp)
trap 'rm -f "$trace"' EXIT
run bfs --size small --config configs/ccws.cfg -o "ccgpu_trace_l1=$trace"
for p in lru opt fifo; do
    for t in 1 2; do
        train cachesim "$trace" --policy "$p" --threads "$t"
    done
done
echo "pgo-train: $n training runs"
