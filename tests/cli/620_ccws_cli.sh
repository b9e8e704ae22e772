# CCWS experiment commands: swl-sweep (Best-SWL) and compare with best-swl,
# ccws, --belady (Belady MPKI never above the LRU L1's) and --suite errors.
. "$(dirname "$0")/lib.sh"
CFG="--config configs/ccws.cfg -o gpgpu_n_clusters=1"
expect_output swl_sweep_best 'best-swl +(2|32) warps: .*Belady MPKI' \
    "$CCGPU" swl-sweep kmeans --limits 2,32 --belady $CFG
# the known answer, from two independent runs: the limit with the higher
# warp IPC (fewer cycles) must be the one swl-sweep names, with its cycles
best=$(grep -oE '^best-swl +[0-9]+ warps: [0-9]+ cycles' "$tmpdir/out")
c2=$("$CCGPU" run kmeans $CFG -o gpgpu_scheduler=swl:2 --stats total 2>/dev/null | awk '$1 == "cycles" { v = $2 } END { print v }')
c32=$("$CCGPU" run kmeans $CFG -o gpgpu_scheduler=swl:32 --stats total 2>/dev/null | awk '$1 == "cycles" { v = $2 } END { print v }')
if [ -n "$c2" ] && [ -n "$c32" ] && [ "$c2" != "$c32" ]; then
    if [ "$c2" -lt "$c32" ]; then want="2 warps: $c2 cycles"; else want="32 warps: $c32 cycles"; fi
    if [ "$(echo "$best" | sed 's/^best-swl *//')" = "$want" ]; then passed=$((passed + 1))
    else failed=$((failed + 1)); echo "FAIL swl_sweep_known_best: '$best', runs say '$want'"; fi
else
    failed=$((failed + 1)); echo "FAIL swl_sweep_known_best: runs gave '$c2' and '$c32' cycles"
fi
expect_fail swl_sweep_bad_limits 'limits 0,x' "$CCGPU" swl-sweep kmeans --limits 0,x
expect_fail swl_sweep_unknown_bench "unknown benchmark 'nosuch'" "$CCGPU" swl-sweep nosuch
expect_fail compare_bad_suite 'no benchmark of that class' \
    "$CCGPU" compare --suite nosuch --sched gto $CFG
expect_fail compare_bad_best_swl 'best-swl:L1/L2' "$CCGPU" compare kmeans --sched best-swl:0 $CFG
expect_output compare_belady 'ccws:k=0' \
    "$CCGPU" compare kmeans --sched gto,ccws:k=0,best-swl:2/32 --belady $CFG
# every row: Belady MPKI <= LRU MPKI; K_THROTTLE 0 gives GTO's numbers
rows=$(grep -E '^kmeans' "$tmpdir/out")
if echo "$rows" | awk '{ if ($8 > $7 + 1e-9 || $8 <= 0) bad = 1 } END { exit bad }' &&
   [ "$(echo "$rows" | awk '$2 == "gto" { print $3, $7, $8 }')" = \
     "$(echo "$rows" | awk '$2 == "ccws:k=0" { print $3, $7, $8 }')" ]; then
    passed=$((passed + 1))
else
    failed=$((failed + 1)); echo "FAIL compare_belady_rows:"; echo "$rows"
fi
summary
