# SACAT mechanisms from the command line: bad ccgpu_bypass / dwt / mrpb /
# ccgpu_l1_index / ccgpu_l1_assoc values fail with one line naming the
# option; compare's variants (sched@key=value, presets) apply their
# overrides to that run only, --stat adds columns to the table and the CSV,
# the storage line gives SACAT Table 5's total (5,270 bits for 15 SMs), and
# a run stopped at gpgpu_max_insn is counted and marked (capped).
. "$(dirname "$0")/lib.sh"
d=$tmpdir
check() {
    local name=$1; shift
    if "$@"; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL $name"; fi
}
CFG="--config configs/sacat-gtx480.cfg --size small"
export CCGPU_GNUPLOT=none

expect_fail bypass_unknown "ccgpu_bypass.*unknown bypass policy 'often'" \
    "$CCGPU" run vecadd $CFG -o ccgpu_bypass=often
expect_fail bypass_bad_arg "ccgpu_bypass.*m=9 must be below n=5" \
    "$CCGPU" run vecadd $CFG -o ccgpu_bypass=fgcb:n=5,m=9
expect_fail bypass_bad_window "ccgpu_bypass.*bad argument 'window=often'" \
    "$CCGPU" run vecadd $CFG -o ccgpu_bypass=fgcb:window=often
expect_fail dwt_bad_arg "gpgpu_scheduler.*dwt: bad argument 'period=1'" \
    "$CCGPU" run vecadd $CFG -o gpgpu_scheduler=dwt:period=1
expect_fail mrpb_bad "ccgpu_mrpb.*'depth=x'" "$CCGPU" run vecadd $CFG -o ccgpu_mrpb=depth=x
expect_fail index_bad "ccgpu_l1_index.*'poly'" "$CCGPU" run vecadd $CFG -o ccgpu_l1_index=poly
expect_fail assoc_bad "ccgpu_l1_assoc.*3 ways" "$CCGPU" run vecadd $CFG -o ccgpu_l1_assoc=3

# a preset and a spelled-out variant are the same run; gto after them is gto
expect_ok variants "$CCGPU" compare atax --sched gto,pric,gto@ccgpu_l1_index=ipoly,gto,sacat \
    --stat l1d.res_fail --csv "$d/v.csv" $CFG
cp "$tmpdir/out" "$d/v.txt"
check variant_same [ "$(awk -F, '$2 == "pric" { print $5 }' "$d/v.csv")" = \
    "$(awk -F, '$2 == "gto@ccgpu_l1_index=ipoly" { print $5 }' "$d/v.csv")" ]
check variant_differs [ "$(awk -F, '$2 == "pric" { print $5 }' "$d/v.csv")" != \
    "$(awk -F, '$2 == "gto" { print $5; exit }' "$d/v.csv")" ]
check override_not_kept [ "$(awk -F, '$1 == "atax" && $2 == "gto" { print $5 }' "$d/v.csv" | sort -u | wc -l)" -eq 1 ]
check stat_column [ "$(head -1 "$d/v.csv")" = 'bench,sched,status,swl,cycles,ipc,ipc_norm,speedup,l1_mpki,l1d.res_fail' ]
check stat_values [ "$(awk -F, '$1 == "atax" && $10 == "" { n++ } END { print n + 0 }' "$d/v.csv")" -eq 0 ]
check storage_line grep -q 'storage (SRAM bits.*pric 0.*sacat 5270' "$d/v.txt"
expect_fail variant_bad_key "ccgpu: .*nonsense" "$CCGPU" compare atax --sched gto@nonsense $CFG

# capped runs: counted with the statistics up to the cap
expect_output capped '(capped)' "$CCGPU" compare syrk --sched gto $CFG -o gpgpu_max_insn=200000
# a policy's own comma-separated arguments continue the entry's '@' override
expect_output variant_comma_args '^atax +gto@ccgpu_bypass=fgcb:after=dwt,window=accesses ' \
    "$CCGPU" compare atax --sched gto,gto@ccgpu_bypass=fgcb:after=dwt,window=accesses $CFG
expect_fail too_many_scheds 'more than 32 schedulers' "$CCGPU" compare atax $CFG \
    --sched gto,gto,gto,gto,gto,gto,gto,gto,gto,gto,gto,gto,gto,gto,gto,gto,gto,gto,gto,gto,gto,gto,gto,gto,gto,gto,gto,gto,gto,gto,gto,gto,gto
summary
