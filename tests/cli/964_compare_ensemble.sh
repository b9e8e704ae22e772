# ccgpu compare --ensemble: the table is the configuration given, unchanged;
# the ensemble rows are the geometric mean, lowest and highest of the
# speed-ups that separate runs with each member's options give, and count
# the members that gain, are flat and lose; --jobs 2 prints the same; a
# malformed or unknown member fails with one line.
. "$(dirname "$0")/lib.sh"
d=$tmpdir
check() {
    local name=$1; shift
    if "$@"; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL $name"; fi
}
CFG="--config configs/ccws.cfg -o gpgpu_n_clusters=2 --size small"
B="reduction spmv"
M1=dram_latency=101
M2=gpgpu_l2_rop_latency=9@dram_latency=99

expect_ok plain "$CCGPU" compare $B --sched gto,lrr --quiet $CFG
cp "$tmpdir/out" "$d/plain.txt"
expect_ok ensemble "$CCGPU" compare $B --sched gto,lrr --ensemble $M1 --ensemble $M2 --quiet $CFG
cp "$tmpdir/out" "$d/ens.txt"
# the table before the ensemble's is the plain run's
check table_unchanged [ "$(sed '/^$/,$d' "$d/ens.txt")" = "$(cat "$d/plain.txt")" ]
check header grep -q "^ensemble of 3 configurations: base; $M1; $M2\$" "$d/ens.txt"
# lrr's speed-up over gto in separate runs, one per member
"$CCGPU" compare $B --sched gto,lrr --quiet $CFG -o "$M1" >"$d/m1.txt" 2>/dev/null
"$CCGPU" compare $B --sched gto,lrr --quiet $CFG -o gpgpu_l2_rop_latency=9 -o dram_latency=99 \
    >"$d/m2.txt" 2>/dev/null
for b in $B; do
    want=$(cat "$d/plain.txt" "$d/m1.txt" "$d/m2.txt" | awk -v b="$b" '
        $1 == b && $2 == "gto" { g[++ng] = $3 } $1 == b && $2 == "lrr" { l[++nl] = $3 }
        END { lo = 9; hi = 0; s = 0
              for (i = 1; i <= 3; i++) { x = g[i] / l[i]; s += log(x); if (x < lo) lo = x; if (x > hi) hi = x }
              printf "%.3f %.3f %.3f", exp(s / 3), lo, hi }')
    got=$(awk -v b="$b" '/^ensemble of/ { e = 1 } e && $1 == b && $2 == "lrr" { print $3, $4, $5 }' "$d/ens.txt")
    check "means_$b" [ "$got" = "$want" ]
    check "counts_$b" awk -v b="$b" '/^ensemble of/ { e = 1 }
        e && $1 == b && $2 == "lrr" { exit !($6 == 3 && $7 + $8 + $9 == 3) }' "$d/ens.txt"
    check "base_$b" awk -v b="$b" '/^ensemble of/ { e = 1 }
        e && $1 == b && $2 == "gto" { exit !($3 == "1.000" && $8 == 3 && $10 == "(base)") }' "$d/ens.txt"
done
# the CSV: the table's rows with the ensemble's columns last, the same values
expect_ok csv "$CCGPU" compare $B --sched gto,lrr --ensemble $M1 --ensemble $M2 --quiet --csv "$d/e.csv" $CFG
check csv_header [ "$(head -1 "$d/e.csv")" = \
    'bench,sched,status,swl,cycles,ipc,ipc_norm,speedup,l1_mpki,ensemble_speedup,ensemble_lowest,ensemble_highest,ensemble_gain,ensemble_flat,ensemble_loss' ]
for b in $B; do
    check "csv_$b" [ "$(awk -F, -v b="$b" '$1 == b && $2 == "lrr" { printf "%.3f %.3f %.3f %d", $10, $11, $12, $13 + $14 + $15 }' "$d/e.csv")" = \
        "$(awk -v b="$b" '/^ensemble of/ { e = 1 } e && $1 == b && $2 == "lrr" { print $3, $4, $5, $6 }' "$d/ens.txt")" ]
done
check csv_hmean_empty awk -F, '$1 == "hmean" { exit !($10 == "" && $15 == "") }' "$d/e.csv"
expect_ok jobs2 "$CCGPU" compare $B --sched gto,lrr --ensemble $M1 --ensemble $M2 --quiet --jobs 2 $CFG
check jobs2_same cmp -s "$tmpdir/out" "$d/ens.txt"
expect_fail not_kv "ccgpu compare: --ensemble dram_latency: 'dram_latency' is not KEY=VALUE" \
    "$CCGPU" compare vecadd --sched gto,lrr --ensemble dram_latency $CFG
expect_fail unknown "--ensemble no_such_key=1: unknown option no_such_key" \
    "$CCGPU" compare vecadd --sched gto,lrr --ensemble no_such_key=1 $CFG
check unknown_one_line [ "$(wc -l <"$tmpdir/err")" -eq 1 ]
expect_fail bad_value "--ensemble dram_latency=x: option dram_latency: invalid value" \
    "$CCGPU" compare vecadd --sched gto,lrr --ensemble dram_latency=x $CFG
many=()
for i in $(seq 0 16); do many+=(--ensemble "dram_latency=$((100 + i))"); done
expect_fail too_many "at most 16 --ensemble members" "$CCGPU" compare vecadd --sched gto "${many[@]}" $CFG
summary
