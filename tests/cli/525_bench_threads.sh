#!/usr/bin/env bash
# tools/bench-threads.sh (make bench-threads, docs/parallel.md): a table of
# wall seconds on one thread and on two per benchmark and scheduler, exit 0
# when every run's statistics are the same on one and two threads, and 1
# (saying which run) when they are not: checked with a ccgpu that gives its
# two-thread runs another lookahead.
. "$(dirname "$0")/lib.sh"
root=$(cd "$(dirname "$0")/../.." && pwd)
build=$(cd "$(dirname "$CCGPU")" && pwd)
run() { # BUILD_DIR: the tool on spmv, gto and swl:2, one round, a short cap
    BENCHES=spmv SCHEDS="gto swl:2" ROUNDS=1 MAX_CYCLE=20000 "$root/tools/bench-threads.sh" "$1" small
}
expect_output bench_threads_table '^\| spmv \| [0-9.]+ / [0-9.]+ = [0-9.]+x \| [0-9.]+ / [0-9.]+ = [0-9.]+x \|$' \
    run "$build"
cp "$tmpdir/out" "$tmpdir/table"
expect_ok bench_threads_header grep -q '^| run | gto | swl:2 |$' "$tmpdir/table"
mkdir -p "$tmpdir/other"
cat >"$tmpdir/other/ccgpu" <<EOS
#!/usr/bin/env bash
two=0
for a in "\$@"; do [ "\$a" = 2 ] && two=1; done
if [ \$two = 1 ]; then exec "$CCGPU" "\$@" -o ccgpu_sim_lookahead=3; fi
exec "$CCGPU" "\$@"
EOS
chmod +x "$tmpdir/other/ccgpu"
expect_fail bench_threads_differ "spmv gto: statistics differ between 1 and 2 threads" run "$tmpdir/other"
summary
