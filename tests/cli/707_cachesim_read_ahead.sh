# ccgpu cachesim decodes a trace on a second thread and runs OPT's caches on up
# to --threads threads by default (source_ahead.c, cachesim_fast.c,
# issue 13): every policy, the general paths (--locality, --assoc full) and a
# coarsened trace (--line) give byte-identical JSON with --threads 1, and a
# damaged or truncated trace the same one-line error and exit status.
. "$(dirname "$0")/lib.sh"
cd "$(dirname "$0")/../.."
"$CCGPU" run bfs --size small --config configs/ccws.cfg -o ccgpu_trace_l1="$tmpdir/b.trace" \
    >/dev/null 2>&1
"$CCGPU" run kmeans --size small --config configs/ccws.cfg -o ccgpu_trace_l2="$tmpdir/k2.trace" \
    >/dev/null 2>&1
same() {
    local name=$1 trace=$2; shift 2
    if "$CCGPU" cachesim "$trace" "$@" --json "$tmpdir/a.json" >/dev/null 2>&1 &&
        "$CCGPU" cachesim "$trace" "$@" --threads 1 --json "$tmpdir/s.json" >/dev/null 2>&1 &&
        cmp -s "$tmpdir/a.json" "$tmpdir/s.json" && grep -q '"misses"' "$tmpdir/a.json"; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1)); echo "FAIL read_ahead_$name: results differ with --threads 1 (or a run failed)"
    fi
}
for p in lru fifo random opt opt-bypass repl:lru; do
    same "l1_$p" "$tmpdir/b.trace" --policy "$p"
    same "l2_$p" "$tmpdir/k2.trace" --policy "$p" --size 256K
done
same locality "$tmpdir/b.trace" --locality
same full "$tmpdir/b.trace" --assoc full --policy opt
same line256 "$tmpdir/b.trace" --line 256 --policy opt
same shared "$tmpdir/b.trace" --shared --policy lru
same opt_threads7 "$tmpdir/b.trace" --policy opt --threads 7
same bypass_threads3 "$tmpdir/b.trace" --policy opt-bypass --threads 3 --writes allocate
# errors: the same message and status either way
size=$(wc -c <"$tmpdir/b.trace")
head -c $((size / 2)) "$tmpdir/b.trace" >"$tmpdir/half.trace"
{ head -c $((size / 3)) "$tmpdir/b.trace"; printf 'XYZW'; tail -c +$((size / 3 + 5)) "$tmpdir/b.trace"; } \
    >"$tmpdir/flip.trace"
for t in half flip; do
    for p in lru opt; do
        "$CCGPU" cachesim "$tmpdir/$t.trace" --policy $p >"$tmpdir/a.out" 2>&1; a=$?
        "$CCGPU" cachesim "$tmpdir/$t.trace" --policy $p --threads 1 >"$tmpdir/s.out" 2>&1; s=$?
        if [ "$a" = 1 ] && [ "$s" = 1 ] && cmp -s "$tmpdir/a.out" "$tmpdir/s.out" &&
            [ "$(wc -l <"$tmpdir/a.out")" = 1 ]; then
            passed=$((passed + 1))
        else
            failed=$((failed + 1)); echo "FAIL read_ahead_error_${t}_$p: status $a/$s"; cat "$tmpdir/a.out" "$tmpdir/s.out"
        fi
    done
done
summary
