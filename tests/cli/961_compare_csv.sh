# ccgpu compare --csv/--plot: the CSV holds the printed table (header, one
# row per benchmark x scheduler, hmean rows, bel_mpki only with --belady),
# the plot script draws ipc_norm as bars, bad paths fail with one line;
# --jobs 2 prints the same table and writes the same CSV as --jobs 1.
. "$(dirname "$0")/lib.sh"
d=$tmpdir
check() {
    local name=$1; shift
    if "$@"; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL $name"; fi
}
CFG="--config configs/ccws.cfg -o gpgpu_n_clusters=1 --size small"
export CCGPU_GNUPLOT=none

expect_output csv_wrote "wrote $d/t.csv" \
    "$CCGPU" compare vecadd reduction --sched lrr,gto --csv "$d/t.csv" --plot "$d/t.svg" $CFG
cp "$tmpdir/out" "$d/table.txt"
check csv_header [ "$(head -1 "$d/t.csv")" = 'bench,sched,status,swl,cycles,ipc,ipc_norm,speedup,l1_mpki' ]
check csv_rows [ "$(wc -l <"$d/t.csv")" -eq 7 ]
check csv_bench_rows [ "$(grep -c ',PASS,' "$d/t.csv")" -eq 4 ]
check csv_hmean_rows [ "$(grep -c '^hmean,.*,mean,' "$d/t.csv")" -eq 2 ]
check csv_gto_is_base [ "$(awk -F, '$2 == "gto" { print $7 }' "$d/t.csv" | sort -u)" = 1 ]
# cycles in the CSV are the cycles the table printed
check csv_matches_table [ "$(awk -F, '$1 == "reduction" && $2 == "lrr" { print $5 }' "$d/t.csv")" = \
    "$(awk '$1 == "reduction" && $2 == "lrr" { print $3 }' "$d/table.txt")" ]
# speedup = the base's cycles / the row's cycles (GTO's own: 1)
check csv_speedup_is_cycle_ratio awk -F, '
    $2 == "gto" && $3 == "PASS" { g[$1] = $5 }
    $2 == "lrr" && $3 == "PASS" { l[$1] = $5; s[$1] = $8 }
    END { for (b in l) if (s[b] - g[b] / l[b] > 1e-5 || g[b] / l[b] - s[b] > 1e-5) exit 1 }' "$d/t.csv"
check csv_no_tmp_left [ "$(ls -A "$d" | grep -c tmp)" -eq 0 ]
check plot_script grep -q 'set style histogram clustered' "$d/t.gp"
check plot_series grep -q "title 'sched=lrr'" "$d/t.gp"
check plot_hmean_group grep -q '^"hmean" ' "$d/t.gp"
# --jobs 2: the same table (stdout) and the same CSV as --jobs 1
expect_ok jobs2 "$CCGPU" compare vecadd reduction --sched lrr,gto --csv "$d/j.csv" --jobs 2 $CFG
check jobs2_same_table [ "$(grep -v wrote "$tmpdir/out")" = "$(grep -v wrote "$d/table.txt")" ]
check jobs2_same_csv cmp -s "$d/j.csv" "$d/t.csv"
expect_fail jobs_bad "ccgpu compare: --jobs 0: expected 1..256" "$CCGPU" compare vecadd --jobs 0 $CFG
# the CSV reads back through ccgpu plot (well-formed, columns by name)
expect_output csv_reads_back 'wrote .*/r.gp' \
    "$CCGPU" plot "$d/t.csv" --x sched --y l1_mpki --group bench --out "$d/r.svg"

expect_output csv_belady "wrote $d/b.csv" \
    "$CCGPU" compare vecadd --sched gto,ccws:k=8+vta=1 --belady --csv "$d/b.csv" $CFG
check csv_belady_header [ "$(head -1 "$d/b.csv")" = 'bench,sched,status,swl,cycles,ipc,ipc_norm,speedup,l1_mpki,bel_mpki' ]
# Belady misses never exceed the LRU L1's
check csv_belady_le_lru awk -F, 'NR > 1 && $10 > $9 + 1e-9 { bad = 1 } END { exit bad }' "$d/b.csv"
check csv_belady_no_plot [ ! -e "$d/b.gp" ]

expect_fail csv_bad_dir "ccgpu compare: .*nodir/" \
    "$CCGPU" compare vecadd --sched gto --csv "$d/nodir/x.csv" $CFG
check csv_bad_dir_one_line [ "$(wc -l <"$tmpdir/err")" -eq 1 ]
summary
