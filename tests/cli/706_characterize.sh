# ccgpu characterize (SACAT §3) and ccgpu locality --types/--cta: the class
# of a streaming benchmark, the CSV's header and row, the Fig. 2 plot script,
# locality's unchanged default table and its new sections, bad input.
. "$(dirname "$0")/lib.sh"
d=$tmpdir
check() {
    local name=$1; shift
    if "$@"; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL $name"; fi
}
export CCGPU_GNUPLOT=none
CFG="--config configs/sacat-gtx480.cfg --size small"

expect_output charz_vecadd 'vecadd .*streaming fully \(L1/L2\)' \
    "$CCGPU" characterize vecadd $CFG --csv "$d/c.csv" --plot "$d/c.svg"
cp "$tmpdir/out" "$d/table.txt"
check charz_fig3_rows [ "$(grep -c '^vecadd .*L[12] \(un\)\?bounded' "$d/table.txt")" -eq 4 ]
check charz_csv_header grep -q '^bench,size,status,class,ipc_bypass,ipc_l1,ipc_fa,ipc_unbounded,' "$d/c.csv"
check charz_csv_row grep -q '^vecadd,small,PASS,streaming fully (L1/L2),' "$d/c.csv"
check charz_csv_rows [ "$(wc -l <"$d/c.csv")" -eq 2 ]
check charz_plot_series grep -q "title 'scenario=unbounded'" "$d/c.gp"
# the default config is found from the source tree
expect_output charz_default_config 'L1 32:128:4,L:E:m:N' "$CCGPU" characterize vecadd --size small
expect_fail charz_unknown "unknown benchmark 'nosuch'" "$CCGPU" characterize nosuch $CFG
expect_fail charz_bad_suite "no benchmark of class 'nope'" "$CCGPU" characterize --suite nope $CFG
expect_fail charz_no_l1 'no L1' "$CCGPU" characterize vecadd $CFG -o gpgpu_cache:dl1=none
expect_fail charz_usage 'usage: ccgpu characterize' "$CCGPU" characterize $CFG
expect_fail charz_empty_suite 'usage: ccgpu characterize' "$CCGPU" characterize --suite , $CFG
expect_fail charz_bad_size "--size huge" "$CCGPU" characterize vecadd --config configs/sacat-gtx480.cfg --size huge

# locality: without the new flags the table is what it was
expect_ok loc_plain "$CCGPU" locality vecadd --sched gto $CFG
check loc_plain_no_new [ "$(grep -c 'Fig. 3\|Inter-CTA' "$tmpdir/out")" -eq 0 ]
expect_output loc_cta 'vecadd .* streaming' "$CCGPU" locality vecadd matmul --sched gto --cta --types $CFG
cp "$tmpdir/out" "$d/loc.txt"
check loc_cta_matmul_algorithm grep -q '^matmul .* algorithm' "$d/loc.txt"
check loc_types_rows [ "$(grep -c '^matmul/gto ' "$d/loc.txt")" -eq 4 ]
check loc_hits_by_cta grep -q '^matmul *gto *|' "$d/loc.txt"
# --cta --functional: the data-driven part only, no timing section
expect_output loc_cta_functional '^matmul .* algorithm' \
    "$CCGPU" locality vecadd matmul --cta --functional $CFG
check loc_cta_functional_no_timing [ "$(grep -c 'Hits of the replayed\|L1D .* replayed' "$tmpdir/out")" -eq 0 ]
expect_fail loc_functional_alone 'usage: ccgpu locality' "$CCGPU" locality vecadd --functional $CFG
# a run-length cap is not a failure (as in ccgpu run and compare): exit 0,
# the figures cover the capped run, the class line says so
expect_output capped_run 'stopped at a gpgpu_max_\* cap' "$CCGPU" characterize bfs $CFG -o gpgpu_max_insn=300000
summary
