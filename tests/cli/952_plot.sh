# ccgpu plot: lines for numeric x, bars for categorical x, the script without
# gnuplot, the SVG with it, and errors naming the column or file.
. "$(dirname "$0")/lib.sh"
d=$tmpdir
check() {
    local name=$1; shift
    if "$@"; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL $name"; fi
}
cat >"$d/t.csv" <<'CSV'
bench,sched,status,ipc,mpki
bfs,lrr,PASS,1.0,30
bfs,gto,PASS,1.5,20
kmeans,lrr,PASS,0.7,50
kmeans,gto,FAIL,0.9,40
CSV
cat >"$d/n.csv" <<'CSV'
warps,ipc,note
1,0.5,"a, b"
4,1.5,x
2,1.0,y
CSV

export CCGPU_GNUPLOT=none
expect_output bars_script 'render it with: gnuplot t.gp' "$CCGPU" plot "$d/t.csv" --x sched --y ipc --group bench
check bars_histogram grep -q 'set style histogram clustered' "$d/t.gp"
check bars_failed_row_left_out grep -q '^"gto" 1.5 ?$' "$d/t.gp"
expect_output lines_script 'wrote .*/fig.gp' "$CCGPU" plot "$d/n.csv" --x warps --y ipc --out "$d/fig.svg" --title 'IPC by warps'
check lines_sorted [ "$(sed -n '/^\$s0 << EOD$/,/^EOD$/p' "$d/fig.gp" | tr '\n' ' ')" = '$s0 << EOD 1 0.5 2 1 4 1.5 EOD ' ]
check lines_title grep -q "set title 'IPC by warps'" "$d/fig.gp"
check lines_logscale grep -q 'set logscale x 2' "$d/fig.gp"
check no_svg_without_gnuplot [ ! -e "$d/fig.svg" ]
expect_fail unknown_column "ccgpu plot: .*t.csv: no column 'cycles'" "$CCGPU" plot "$d/t.csv" --x sched --y cycles
expect_fail unknown_group "no column 'nope'" "$CCGPU" plot "$d/t.csv" --x sched --y ipc --group nope
expect_fail missing_file "nonexistent.csv" "$CCGPU" plot "$d/nonexistent.csv" --x a --y b
expect_output help 'usage: ccgpu plot CSV' "$CCGPU" plot --help
expect_fail no_y "usage: ccgpu plot" "$CCGPU" plot "$d/t.csv" --x sched
expect_fail bad_option "--frob is not an option" "$CCGPU" plot "$d/t.csv" --x sched --y ipc --frob
printf 'a,b\n1,"2\n' >"$d/bad.csv"
expect_fail malformed_csv "bad.csv:2: unterminated" "$CCGPU" plot "$d/bad.csv" --x a --y b
unset CCGPU_GNUPLOT
if command -v gnuplot >/dev/null 2>&1; then
    expect_output render 'plot: .*t.svg' "$CCGPU" plot "$d/t.csv" --x sched --y ipc,mpki --group bench
    check svg_written grep -q '<svg' "$d/t.svg"
fi
summary
