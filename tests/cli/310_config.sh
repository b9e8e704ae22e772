# ccgpu config: the effective configuration as a loadable file, with origins;
# dumping then loading the dump gives an identical dump for every shipped config.
. "$(dirname "$0")/lib.sh"
d=$tmpdir

# what came from where
expect_output origin_file '^gpgpu_n_clusters 15 +# configs/sacat-gtx480.cfg:[0-9]+$' \
    "$CCGPU" config --config configs/sacat-gtx480.cfg
expect_output origin_override '^gpgpu_scheduler lrr +# -o$' \
    "$CCGPU" config --config configs/ccws.cfg -o gpgpu_scheduler=lrr
expect_output later_wins '^gpgpu_n_clusters 7 +# -o$' \
    "$CCGPU" config --config configs/ccws.cfg -o gpgpu_n_clusters=3 -o gpgpu_n_clusters=7
expect_output all_defaults '^ccgpu_fetch_delay 1 +# default$' \
    "$CCGPU" config --config configs/ccws.cfg --all
expect_output all_builtin '^# gpgpu_mem_addr_mapping: not set' "$CCGPU" config --all
expect_output plain_no_comments '^gpgpu_n_clusters 30$' "$CCGPU" config --plain --config configs/ccws.cfg
"$CCGPU" config --config configs/ccws.cfg >"$d/nodef" 2>/dev/null
if grep -q '# default$' "$d/nodef"; then failed=$((failed + 1)); echo "FAIL no_defaults_without_all"
else passed=$((passed + 1)); fi
"$CCGPU" config --plain --all >"$d/pa" 2>/dev/null
if grep -q '#' "$d/pa"; then failed=$((failed + 1)); echo "FAIL plain_all_has_comment"
else passed=$((passed + 1)); fi
# a bare GPU: --all names every option the modules read (dozens)
n=$(grep -c . "$d/pa")
if [ "$n" -ge 40 ]; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL plain_all_count $n"; fi

# round trip for every shipped config: plain and annotated dumps, with and
# without defaults, load back to an identical dump
for cfg in configs/*.cfg; do
    b=$(basename "$cfg" .cfg)
    for mode in "" "--all"; do
        "$CCGPU" config --plain $mode --config "$cfg" >"$d/$b.1" &&
        "$CCGPU" config --plain $mode --config "$d/$b.1" >"$d/$b.2" &&
        "$CCGPU" config $mode --config "$cfg" >"$d/$b.3" &&
        "$CCGPU" config --plain $mode --config "$d/$b.3" >"$d/$b.4"
        if [ $? -eq 0 ] && [ -s "$d/$b.1" ] && cmp -s "$d/$b.1" "$d/$b.2" && cmp -s "$d/$b.1" "$d/$b.4"; then
            passed=$((passed + 1))
        else
            failed=$((failed + 1)); echo "FAIL round_trip $cfg $mode"; diff "$d/$b.1" "$d/$b.2" | head
        fi
    done
    # every line of the shipped file that sets an option shows up with its value
    if "$CCGPU" config --plain --config "$cfg" | sort >"$d/$b.s" &&
       sed 's/#.*//; s/[[:space:]]*$//; /^$/d; s/^-//; s/[[:space:]][[:space:]]*/ /; s/"//g' "$cfg" | sort | cmp -s - "$d/$b.s"; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1)); echo "FAIL all_file_options_shown $cfg"
    fi
done

# every option line of the new configs names its source
for cfg in configs/sacat-gtx480.cfg configs/awss-fermi.cfg configs/hopper.cfg configs/a100.cfg; do
    bad=$(grep -v '^[[:space:]]*#' "$cfg" | grep -v '^[[:space:]]*$' | grep -vE '# (Table 1|Table I|public|assumed)' || true)
    if [ -z "$bad" ]; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL unsourced line in $cfg: $bad"; fi
done

# errors: one line naming the option and where it came from
expect_fail bad_value "configs/ccws.cfg:[0-9]+: option gpgpu_n_clusters|-o: option gpgpu_n_clusters: invalid value 'x'" \
    "$CCGPU" config --config configs/ccws.cfg -o gpgpu_n_clusters=x
expect_fail unknown_option "-o: unknown option no_such_option" "$CCGPU" config -o no_such_option=1
# a GPGPU-Sim option ccgpu does not model: named in a warning (so GPGPU-Sim
# config files load), or refused with ccgpu_unmodelled_options=error
expect_fail unmodelled_option_refused "GPGPU-Sim option not modelled by ccgpu: gpgpu_num_reg_banks" \
    "$CCGPU" config -o gpgpu_num_reg_banks=1 -o ccgpu_unmodelled_options=error
"$CCGPU" run vecadd --functional --quiet -o gpgpu_num_reg_banks=1 >/dev/null 2>"$d/warn"
if [ $? -eq 0 ] && grep -q "warning: 1 GPGPU-Sim option not modelled by ccgpu, ignored: gpgpu_num_reg_banks (-o)" "$d/warn"; then
    passed=$((passed + 1))
else failed=$((failed + 1)); echo "FAIL unmodelled_option_warns"; cat "$d/warn"; fi
expect_fail missing_file "cannot open config file" "$CCGPU" config --config "$d/none.cfg"
expect_fail bad_argument "unexpected argument" "$CCGPU" config frob
expect_fail missing_value "needs a value" "$CCGPU" config -o
# an infinite loop no longer hangs by default: the instruction cap is finite (issue #16)
expect_output finite_runaway_cap '^ccgpu_max_warp_instructions 4000000000 +# default$' "$CCGPU" config --all
# a NUL byte no longer drops the rest of the file; a directory is not an empty config (issue #16)
printf 'gpgpu_n_clusters 3\n\000gpgpu_n_mem 2\n' > "$d/nul.cfg"
expect_fail nul_byte 'nul.cfg:2: NUL byte in a config file' "$CCGPU" config --config "$d/nul.cfg"
mkdir -p "$d/adir"
expect_fail directory 'adir: cannot read config file: Is a directory' "$CCGPU" config --config "$d/adir"
# config runs nothing: it names the trace files but neither creates nor truncates them
echo keep >"$d/old.l2"
expect_output trace_options_shown "ccgpu_trace_l2 $d/old.l2" "$CCGPU" config -o "ccgpu_trace_l1=$d/new.l1" -o "ccgpu_trace_l2=$d/old.l2"
expect_ok trace_not_created test ! -e "$d/new.l1"
expect_ok trace_not_truncated grep -qx keep "$d/old.l2"
summary
