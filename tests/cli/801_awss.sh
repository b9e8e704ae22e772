# ccgpu awss on the AWSS paper's Fig. 4 example, schedule files, bad input.
. "$(dirname "$0")/lib.sh"
f=$tmpdir/fig4.txt
printf '# Fig. 4: CTAs A..L\n1 8 3 1 2 2 1 7 4 4 2 5\n' > "$f"
expect_output exact_static 'k 3, 4 steps \(lower bound 4\), 0 synchronisations, cost 4' \
    "$CCGPU" awss --sizes "$f" --cap 10 --max-tlp 4 --static --exact
expect_output heuristic_static 'packing found k = 3' \
    "$CCGPU" awss --sizes "$f" --cap 10 --max-tlp 4 --static
expect_output iwfd 'algorithm iwfd: k 4, 4 steps \(lower bound 4\), 2 synchronisations, cost 4.2' \
    "$CCGPU" awss --sizes "$f" --cap 10 --max-tlp 4 --cps 0.1 --algo iwfd
expect_output agnostic 'step 0 has AWSS 13 over capacity 10' \
    "$CCGPU" awss --sizes "$f" --cap 10 --max-tlp 4 --algo agnostic
expect_output relaxed 'constraints: satisfied' \
    "$CCGPU" awss --sizes "$f" --cap 10 --max-tlp 4 --relax --algo glanf
expect_output out_file 'schedule written to' \
    "$CCGPU" awss --sizes "$f" --cap 10 --max-tlp 4 --out "$tmpdir/s.txt"
expect_ok out_header grep -q '^ccgpu-awss-schedule 1$' "$tmpdir/s.txt"
expect_ok out_steps grep -q '^step [0-9]* [0-9]* : ' "$tmpdir/s.txt"
expect_output cap_suffix 'cap 10240' "$CCGPU" awss --sizes "$f" --cap 10K --max-tlp 4
expect_output quality 'iwfd' "$CCGPU" awss --quality --instances 20 --max-ctas 8
expect_output speed 'lmf .* valid' "$CCGPU" awss --speed --ctas 2000
printf '1 2 x\n' > "$tmpdir/bad.txt"
expect_fail bad_size "bad.txt:1: expected a non-negative integer size, got 'x'" \
    "$CCGPU" awss --sizes "$tmpdir/bad.txt" --cap 10 --max-tlp 4
expect_fail missing_file 'nope.txt: cannot open size or schedule file: No such file' "$CCGPU" awss --sizes "$tmpdir/nope.txt" --cap 10 --max-tlp 4
expect_fail no_cap 'required' "$CCGPU" awss --sizes "$f" --max-tlp 4
expect_fail bad_cap "bad value '10X' for --cap" "$CCGPU" awss --sizes "$f" --cap 10X --max-tlp 4
expect_fail zero_tlp "bad value '0' for --max-tlp" "$CCGPU" awss --sizes "$f" --cap 10 --max-tlp 0
expect_fail algo_mode 'it needs --relax' "$CCGPU" awss --sizes "$f" --cap 10 --max-tlp 4 --algo mxf
expect_fail unknown_algo "unknown algorithm 'ffd'" "$CCGPU" awss --sizes "$f" --cap 10 --max-tlp 4 --algo ffd
expect_fail bad_cps "bad value '-1' for --cps" "$CCGPU" awss --sizes "$f" --cap 10 --max-tlp 4 --cps -1
expect_fail unknown_opt "unknown option '--frob'" "$CCGPU" awss --frob
# the schedule file drives the timing model's CTA dispatcher (schedule:FILE)
expect_output bench_out 'launch 0, kernel mesh_flux, 27 CTAs' \
    "$CCGPU" awss --bench mesh --size small --cap 64K --max-tlp 120 --out "$tmpdir/mesh.sched"
expect_output follow_file 'mesh +PASS' "$CCGPU" run mesh --size small \
    -o "ccgpu_cta_sched=schedule:$tmpdir/mesh.sched,launch=0" -o ccgpu_cta_sync_cycles=70
# the file names its launch (launch 0), so launch=K is not needed
expect_ok names_launch grep -q '^launch 0$' "$tmpdir/mesh.sched"
expect_output follow_named 'mesh +PASS' "$CCGPU" run mesh --size small \
    -o "ccgpu_cta_sched=schedule:$tmpdir/mesh.sched" -o ccgpu_cta_sync_cycles=70
expect_fail launch_disagrees "mesh.sched' is for launch 0, launch=1 given" \
    "$CCGPU" run mesh --size small -o "ccgpu_cta_sched=schedule:$tmpdir/mesh.sched,launch=1"
# without the launch line every launch follows it: launch 1 has 36 CTAs, not 27
grep -v '^launch ' "$tmpdir/mesh.sched" > "$tmpdir/any.sched"
if "$CCGPU" run mesh --size small -o "ccgpu_cta_sched=schedule:$tmpdir/any.sched" \
    >"$tmpdir/out" 2>&1; then failed=$((failed + 1)); echo "FAIL wrong_launch: ran"
elif grep -q 'schedule covers 27 CTAs, the launch has 36' "$tmpdir/out"; then passed=$((passed + 1))
else failed=$((failed + 1)); echo "FAIL wrong_launch:"; cat "$tmpdir/out"; fi
# awss:ALGO measures the working sets itself (a functional run first)
expect_output awss_policy 'mesh +PASS' "$CCGPU" run mesh --size small -o ccgpu_cta_sched=awss:lmf
# the union footprint: the profile also hands the line sets over
expect_output awss_union 'mesh +PASS' "$CCGPU" run mesh --size small \
    -o ccgpu_cta_sched=awss:lmf,footprint=union
expect_output awss_union_id 'mesh +PASS' "$CCGPU" run mesh --size small \
    -o ccgpu_cta_sched=awss:lmf,footprint=union,order=id
expect_fail awss_union_mxf 'footprint=union is implemented for lmf without static only' \
    "$CCGPU" run mesh --size small -o ccgpu_cta_sched=awss:mxf,footprint=union
# a launch's first CTAs: their sets summed and their union
expect_output workset_first 'CTAs 0\.\.3 together: sum of their sets [0-9]+ lines .* union [0-9]+ lines' \
    "$CCGPU" workset mesh --size small --kernel 0 --first 4
expect_fail workset_first_zero "bad value '0' for --first" "$CCGPU" workset mesh --first 0
expect_fail bad_limit 'limit:N needs N from 1 to 65536' \
    "$CCGPU" run mesh --size small -o ccgpu_cta_sched=limit:0
expect_fail bad_schedule "$tmpdir/none.sched: cannot open schedule file" \
    "$CCGPU" run mesh --size small -o "ccgpu_cta_sched=schedule:$tmpdir/none.sched"
# OptTLP: every static limit and max-TLP, CSV rows, the best repeated last
expect_output opttlp_rows '^mesh,small,limit:2,2,' "$CCGPU" opttlp mesh --size small --limits 1,2
expect_output opttlp_best '^mesh,small,opttlp,[12],' "$CCGPU" opttlp mesh --size small --limits 1,2
expect_output opttlp_maxtlp '^mesh,small,rr,0,' "$CCGPU" opttlp mesh --size small --limits 1
expect_fail opttlp_bad_limits 'expected positive integers' "$CCGPU" opttlp mesh --limits 0
expect_fail opttlp_unknown "unknown benchmark 'nosuch'" "$CCGPU" opttlp nosuch
# the experiments: one command, a CSV per experiment
expect_ok cta_exp_awss "$CCGPU" cta-exp awss --benches mesh --size small --out "$tmpdir"
expect_ok cta_exp_rows grep -q '^mesh,small,AwssSche-Relax,"awss:mxf",' "$tmpdir/awss.csv"
expect_ok cta_exp_opt grep -q '^mesh,small,OptTLP,"limit",' "$tmpdir/awss.csv"
expect_ok cta_exp_fig2 grep -q '^mesh,small,limit:1,1,' "$tmpdir/awss-opttlp.csv"
expect_fail cta_exp_unknown "unknown experiment 'fig99'" "$CCGPU" cta-exp fig99
sum_before=$(cat "$tmpdir/awss.csv" "$tmpdir/awss-opttlp.csv" | cksum)
expect_fail cta_exp_bench "unknown benchmark 'nosuch'" "$CCGPU" cta-exp awss --benches nosuch --out "$tmpdir"
# a failed experiment leaves the tables of the last one whole, and no temporary file
expect_ok cta_exp_tables_kept test "$(cat "$tmpdir/awss.csv" "$tmpdir/awss-opttlp.csv" | cksum)" = "$sum_before"
expect_ok cta_exp_no_temp test -z "$(find "$tmpdir" -maxdepth 1 -name '.*.tmp.*')"
# --dispatchers: the cluster experiment under chosen ccgpu_cta_sched values
# (syrk at its small size: a few seconds); a bad list is refused by name
expect_ok cta_exp_disp "$CCGPU" cta-exp cluster --examples syrk --small-examples --dispatchers cluster:x --out "$tmpdir"
expect_ok cta_exp_disp_row grep -q '^syrk,"original","cluster:x",' "$tmpdir/cluster.csv"
expect_ok cta_exp_out_dirs "$CCGPU" cta-exp cluster --examples syrk --small-examples --dispatchers rr --out "$tmpdir/new/out"
expect_ok cta_exp_out_csv test -s "$tmpdir/new/out/cluster.csv"
expect_fail cta_exp_out_bad "cannot write /proc/none/cluster.csv: No such file" "$CCGPU" cta-exp cluster --out /proc/none
# the cluster experiment runs on the command line's configuration: -o
# settings and several --config files, loaded in their order
expect_ok cta_exp_o "$CCGPU" cta-exp cluster --examples syrk --small-examples --dispatchers rr --out "$tmpdir/o2" -o gpgpu_n_clusters=2
expect_ok cta_exp_o_applied test "$(grep '"original","rr"' "$tmpdir/o2/cluster.csv" | cut -d, -f4)" != \
    "$(grep '"original","rr"' "$tmpdir/new/out/cluster.csv" | cut -d, -f4)"
printf 'gpgpu_n_clusters 4\n' > "$tmpdir/four.cfg"
printf 'gpgpu_n_clusters 2\n' > "$tmpdir/two.cfg"
expect_ok cta_exp_two_configs "$CCGPU" cta-exp cluster --examples syrk --small-examples --dispatchers rr --config "$tmpdir/four.cfg" --config "$tmpdir/two.cfg" --out "$tmpdir/o3"
expect_ok cta_exp_configs_in_order test "$(grep '"original","rr"' "$tmpdir/o2/cluster.csv" | cut -d, -f4)" = \
    "$(grep '"original","rr"' "$tmpdir/o3/cluster.csv" | cut -d, -f4)"
expect_fail cta_exp_bad_config "no_such.cfg" "$CCGPU" cta-exp cluster --config "$tmpdir/no_such.cfg" --out "$tmpdir"
expect_fail cta_exp_disp_empty "an empty name" "$CCGPU" cta-exp cluster --dispatchers rr,,cluster --out "$tmpdir"
expect_fail cta_exp_disp_many "at most 8" "$CCGPU" cta-exp cluster --dispatchers rr,rr,rr,rr,rr,rr,rr,rr,rr --out "$tmpdir"
expect_fail cta_exp_disp_bad "cluster" "$CCGPU" cta-exp cluster --examples syrk --small-examples --dispatchers cluster:z --out "$tmpdir"
summary
