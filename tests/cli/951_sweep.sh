# ccgpu sweep: point files, results.csv, resume after deletion/corruption,
# --jobs N identical to --jobs 1, failing points, usage errors (exit 2),
# interruption, plots with and without gnuplot. Functional mode, small sizes.
. "$(dirname "$0")/lib.sh"
d=$tmpdir
# point files are fsynced: in RAM when there is a tmpfs, the tests run faster
if [ -d /dev/shm ] && [ -w /dev/shm ] && d=$(mktemp -d /dev/shm/ccgpu951.XXXXXX); then
    trap 'rm -rf "$tmpdir" "$d"' EXIT
else
    d=$tmpdir
fi
S() { "$CCGPU" sweep "$@"; }

# expect_status NAME STATUS PATTERN CMD...: exit status exactly STATUS, stderr matches PATTERN
expect_status() {
    local name=$1 want=$2 pattern=$3; shift 3
    "$@" >"$d/out" 2>"$d/err"
    local got=$?
    if [ $got -ne "$want" ]; then failed=$((failed + 1)); echo "FAIL $name: exit $got, want $want"; head -5 "$d/err"; return; fi
    if ! grep -qE -- "$pattern" "$d/err"; then failed=$((failed + 1)); echo "FAIL $name: stderr does not match '$pattern':"; cat "$d/err"; return; fi
    passed=$((passed + 1))
}
# check NAME CMD...: CMD succeeds
check() {
    local name=$1; shift
    if "$@"; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL $name"; fi
}

args=(vecadd,reduction --functional --param gpgpu_shader_cta=4,8 --stats warp_instructions,thread_instructions)

# a fresh 4-point sweep
expect_output fresh 'sweep: 4 points, 4 passed, 0 failed' S "${args[@]}" --out "$d/a"
check four_point_files [ "$(ls "$d/a/points" | wc -l)" -eq 4 ]
check no_temp_left [ -z "$(find "$d/a" -name '*.tmp*')" ]
check csv_header [ "$(head -1 "$d/a/results.csv")" = "bench,gpgpu_shader_cta,status,warp_instructions,thread_instructions" ]
check csv_rows_in_plan_order [ "$(cut -d, -f1-3 "$d/a/results.csv" | tail -n +2 | tr '\n' ' ')" = "vecadd,4,PASS vecadd,8,PASS reduction,4,PASS reduction,8,PASS " ]
check csv_values [ "$(sed -n 2p "$d/a/results.csv")" = "vecadd,4,PASS,11264,360448" ]
check point_file_fields grep -q '"params": {"gpgpu_shader_cta": "4"}' "$d/a/points/vecadd__gpgpu_shader_cta=4.json"

# nothing to do the second time
expect_output all_resumed 'resumed 4 points, 0 to run' S "${args[@]}" --out "$d/a"

# resume: delete one point, corrupt (truncate) another -> exactly those two run again
cp "$d/a/results.csv" "$d/fresh.csv"
rm "$d/a/points/vecadd__gpgpu_shader_cta=8.json"
head -c 200 "$d/a/points/reduction__gpgpu_shader_cta=4.json" >"$d/trunc" && mv "$d/trunc" "$d/a/points/reduction__gpgpu_shader_cta=4.json"
S "${args[@]}" --out "$d/a" >"$d/out" 2>"$d/err"
check resume_exit [ $? -eq 0 ]
check resume_count grep -q 'resumed 2 points, 2 to run' "$d/out"
check resume_ran_two [ "$(grep -c ': PASS' "$d/out")" -eq 2 ]
check resume_ran_deleted grep -q 'vecadd gpgpu_shader_cta=8: PASS' "$d/out"
check resume_ran_corrupt grep -q 'reduction gpgpu_shader_cta=4: PASS' "$d/out"
check resume_names_corrupt grep -qE 'reduction__gpgpu_shader_cta=4.json: byte [0-9]+: .*running it again' "$d/err"
check resume_same_csv cmp -s "$d/a/results.csv" "$d/fresh.csv"

# a different seed makes every point stale
S "${args[@]}" --seed 7 --out "$d/a" >"$d/out" 2>"$d/err"
check stale_seed [ "$(grep -c 'different seed; running it again' "$d/err")" -eq 4 ]

# --jobs 2 gives the same bytes as --jobs 1
expect_output jobs2 '4 passed' S "${args[@]}" --jobs 2 --out "$d/j2"
check jobs_same_csv cmp -s "$d/j2/results.csv" "$d/fresh.csv"

# a failing point is recorded, the sweep goes on, the exit status is 1
S vecadd --functional --param ccgpu_max_warp_instructions=100,1000000 --stats warp_instructions --out "$d/f" >"$d/out" 2>"$d/err"
check fail_exit [ $? -eq 1 ]
check fail_progress grep -q 'ccgpu_max_warp_instructions=100: FAIL .*runaway' "$d/out"
check fail_csv grep -q '^vecadd,100,FAIL,' "$d/f/results.csv"
check fail_other_ran grep -q '^vecadd,1000000,PASS,11264$' "$d/f/results.csv"
check fail_error_text grep -q '"error": ".*more than 100 warp instructions' "$d/f/points/vecadd__ccgpu_max_warp_instructions=100.json"
S vecadd --functional --param ccgpu_max_warp_instructions=100,1000000 --jobs 2 --stats warp_instructions --out "$d/f2" >/dev/null 2>&1
check fail_jobs_exit [ $? -eq 1 ]
check fail_jobs_same cmp -s "$d/f/results.csv" "$d/f2/results.csv"

# usage errors: one line naming the culprit, exit 2
expect_status bad_range 2 "--param gpgpu_shader_cta: range '5..1': empty" S vecadd --functional --param gpgpu_shader_cta=5..1 --out "$d/e"
expect_status bad_list 2 "empty value" S vecadd --functional --param gpgpu_shader_cta=1,,2 --out "$d/e"
expect_status bad_spec 2 "expected KEY=VALUES" S vecadd --functional --param gpgpu_shader_cta --out "$d/e"
expect_status unknown_bench 2 "unknown benchmark 'nosuch'" S vecadd,nosuch --functional --param gpgpu_shader_cta=4 --out "$d/e"
expect_status unknown_stat 2 "unknown statistic 'bogus'" S vecadd --functional --param gpgpu_shader_cta=4,8 --stats warp_instructions,bogus --out "$d/e"
check unknown_stat_stops [ "$(ls "$d/e/points" | wc -l)" -eq 1 ]
expect_status rejected_value 2 "gpgpu_shader_cta=0: .*gpgpu_shader_cta" S vecadd --functional --param gpgpu_shader_cta=0 --out "$d/e2"
expect_status unknown_key 2 "no_such_option" S vecadd --functional --param no_such_option=1 --out "$d/e2"
expect_output help 'VALUES: a,b,c' S --help
expect_status no_out 2 "usage: ccgpu sweep" S vecadd --functional --param gpgpu_shader_cta=4
expect_status param_twice 2 "given twice" S vecadd --functional --param a=1 --param a=2 --out "$d/e2"
expect_status bad_jobs 2 "--jobs 0" S vecadd --functional --jobs 0 --out "$d/e2"
expect_status plot_bad_x 2 "--plot ipc:nope" S vecadd --functional --param gpgpu_shader_cta=4 --plot ipc:nope --out "$d/e2"

# --jobs: an unknown statistic stops the workers too; a worker killed from
# outside (say by the OOM killer) is a FAIL point and the sweep goes on
expect_status unknown_stat_jobs 2 "unknown statistic 'bogus'" S vecadd,reduction --functional --param gpgpu_shader_cta=4,8 --stats bogus --jobs 2 --out "$d/ej"
if command -v pgrep >/dev/null 2>&1; then
    "$CCGPU" sweep reduction --functional --size medium --param gpgpu_n_clusters=1 --jobs 2 --stats warp_instructions --out "$d/k" >"$d/kout" 2>&1 &
    pid=$!
    killed=0
    for _ in $(seq 300); do
        child=$(pgrep -P $pid | head -1)
        if [ -n "$child" ] && kill -KILL "$child" 2>/dev/null; then killed=1; break; fi
        sleep 0.01
    done
    wait $pid
    status=$?
    if [ $killed = 1 ]; then
        check killed_worker_exit [ $status -eq 1 ]
        check killed_worker_recorded grep -q 'FAIL .*worker killed by signal 9' "$d/kout"
        check killed_worker_csv grep -q '^reduction,1,FAIL,$' "$d/k/results.csv"
    fi
fi

# a sweep with no --param: one point per benchmark
expect_output no_params '2 points, 2 passed' S vecadd,reduction --functional --stats kernels --out "$d/np"
check no_params_csv [ "$(cat "$d/np/results.csv" | tr '\n' ' ')" = "bench,status,kernels vecadd,PASS,1 reduction,PASS,2 " ]

# interrupted mid-sweep (SIGINT once two points are done): finished points
# stay valid and are resumed, the rest run. A second sweep into the same
# folder meanwhile is refused. (Skipped if the machine finished first.)
isweep=(reduction --functional --param gpgpu_n_clusters=1..24 --stats warp_instructions --out "$d/int")
# (job control on, else bash starts background commands with SIGINT ignored)
set -m
"$CCGPU" sweep "${isweep[@]}" >/dev/null 2>"$d/interr" &
pid=$!
set +m
for _ in $(seq 1000); do
    [ "$(ls "$d/int/points" 2>/dev/null | grep -c '\.json$')" -ge 2 ] && break
    sleep 0.01
done
expect_status dir_in_use 2 "is in use by another sweep" S "${isweep[@]}"
kill -INT $pid 2>/dev/null
wait $pid
status=$?
if [ $status -ne 0 ]; then
    check int_status [ $status -eq 130 ]
    check int_message grep -q 'interrupted; run the same command again to resume' "$d/interr"
    have=$(ls "$d/int/points" | grep -c '\.json$')
    check int_partial [ "$have" -ge 2 -a "$have" -lt 24 ]
    S "${isweep[@]}" >"$d/out" 2>"$d/err"
    check int_resume_exit [ $? -eq 0 ]
    check int_resumed_all_done grep -q "resumed $have points, $((24 - have)) to run" "$d/out"
    check int_no_bad_files [ ! -s "$d/err" ]
    check int_no_temp_left [ -z "$(find "$d/int" -name '*.tmp*')" ]
    check int_rows [ "$(grep -c '^reduction,[0-9]*,PASS,61707$' "$d/int/results.csv")" -eq 24 ]
fi

# plots: the script always, the SVG when gnuplot exists
CCGPU_GNUPLOT=none S "${args[@]}" --plot warp_instructions --out "$d/a" >"$d/out" 2>&1
check plot_no_gnuplot_exit [ $? -eq 0 ]
check plot_hint grep -q 'render it with: gnuplot plot_warp_instructions.gp' "$d/out"
check plot_script grep -q "title 'reduction'" "$d/a/plot_warp_instructions.gp"
check plot_script_data grep -q '^8 61707$' "$d/a/plot_warp_instructions.gp"
if command -v gnuplot >/dev/null 2>&1; then
    S "${args[@]}" --plot thread_instructions:gpgpu_shader_cta --out "$d/a" >"$d/out" 2>&1
    check plot_render_exit [ $? -eq 0 ]
    check plot_svg grep -q '<svg' "$d/a/plot_thread_instructions_vs_gpgpu_shader_cta.svg"
fi
summary
