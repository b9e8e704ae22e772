# ccgpu sweep --slurm without a Slurm: --dry-run writes the job array's
# script; run by bash as Slurm would (SLURM_ARRAY_TASK_ID set), each task
# runs its chunk into the folder; --status and --collect on a partial and a
# complete folder; a resubmission asks only for the chunks with missing
# points; fake sbatch, squeue and sacct on PATH for the submission and the
# queue's view; usage errors (exit 2, one line).
. "$(dirname "$0")/lib.sh"
d=$tmpdir
check() {
    local name=$1; shift
    if "$@"; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL $name"; fi
}
# expect_status NAME STATUS PATTERN CMD...: exit status exactly STATUS, stdout+stderr match PATTERN
expect_status() {
    local name=$1 want=$2 pattern=$3; shift 3
    "$@" >"$d/out" 2>&1
    local got=$?
    if [ $got -ne "$want" ]; then failed=$((failed + 1)); echo "FAIL $name: exit $got, want $want"; head -5 "$d/out"; return; fi
    if ! grep -qE -- "$pattern" "$d/out"; then failed=$((failed + 1)); echo "FAIL $name: output does not match '$pattern':"; cat "$d/out"; return; fi
    passed=$((passed + 1))
}
cd "$d" || exit 1
args=(vecadd,reduction --functional --param gpgpu_shader_cta=4,8,16 --stats warp_instructions)
S() { "$CCGPU" sweep "${args[@]}" "$@"; }

# the same sweep here, for reference
expect_output local '6 points, 6 passed' S --out local

# --dry-run: the script only, 3 tasks of 2 points; paths absolute, the
# sweep's arguments as given, less the Slurm-only options
expect_output dry_run 'sbatch.*: 6 of 6 points to run in 3 array tasks of up to 2 points' \
    S --out c --slurm --chunk 2 --time 0:10:00 --mem 1G --partition short --dry-run
sb=c/slurm/sweep.sbatch
check dry_run_no_job [ ! -e c/slurm/jobs ]
check script_array grep -qx '#SBATCH --array=0-2' "$sb"
check script_log grep -qx "#SBATCH --output=$d/c/slurm/task-%A_%a.out" "$sb"
check script_time grep -qx '#SBATCH --time=0:10:00' "$sb"
check script_mem grep -qx '#SBATCH --mem=1G' "$sb"
check script_partition grep -qx '#SBATCH --partition=short' "$sb"
check script_requeue grep -qx '#SBATCH --requeue' "$sb"
check script_cd grep -qx "cd '$d' || exit 1" "$sb"
check script_exec grep -qxF "exec '$CCGPU' sweep 'vecadd,reduction' '--functional' '--param' 'gpgpu_shader_cta=4,8,16' '--stats' 'warp_instructions' '--out' 'c' --chunk 2 --task \"\$SLURM_ARRAY_TASK_ID\"" "$sb"

# task 1 (points 2..3) as Slurm would run it: only its points
SLURM_ARRAY_TASK_ID=1 bash "$sb" >task1.out 2>&1
check task1_exit [ $? -eq 0 ]
check task1_points [ "$(ls c/points | tr '\n' ' ')" = "reduction__gpgpu_shader_cta=4.json vecadd__gpgpu_shader_cta=16.json " ]
check task1_log grep -q 'sweep: task 1: points 2..3 of 6 in c (resumed 0 points, 2 to run' task1.out
check task1_start_lines [ "$(grep -c '^start: ' task1.out)" -eq 2 ]
check task1_no_csv [ ! -e c/results.csv ]

# status and collect of the partial folder: exit 1, the missing points named
expect_status status_partial 1 'status: 6 points in c: 2 passed, 0 failed, 0 running, 0 queued, 4 missing' S --out c --status
check status_names_missing grep -qx 'missing: vecadd gpgpu_shader_cta=4' "$d/out"
expect_status collect_partial 1 'collect: 6 points in c: 2 there \(2 passed, 0 failed\), 4 missing' S --out c --collect
check collect_partial_rows [ "$(tail -n +2 c/results.csv | tr '\n' ' ')" = "vecadd,16,PASS,11264 reduction,4,PASS,61707 " ]

# a resubmission asks only for the chunks with missing points
expect_output resubmit_dry '4 of 6 points to run in 2 array tasks' S --out c --slurm --chunk 2 --dry-run
check resubmit_array grep -qx '#SBATCH --array=0,2' "$sb"

# a temporary file of a task killed while writing one of its points goes
# when the task reruns; another task's temporary file stays
printf '{"form' >"c/points/.vecadd__gpgpu_shader_cta=4.json.tmp.4242"
printf '{"form' >"c/points/.reduction__gpgpu_shader_cta=8.json.tmp.4343"
SLURM_ARRAY_TASK_ID=0 bash "$sb" >task0.out 2>&1
check task0_exit [ $? -eq 0 ]
check task0_removed_own_temp [ ! -e "c/points/.vecadd__gpgpu_shader_cta=4.json.tmp.4242" ]
check task0_kept_other_temp [ -e "c/points/.reduction__gpgpu_shader_cta=8.json.tmp.4343" ]
rm "c/points/.reduction__gpgpu_shader_cta=8.json.tmp.4343"
SLURM_ARRAY_TASK_ID=2 bash "$sb" >task2.out 2>&1
check task2_exit [ $? -eq 0 ]
# a task run again has nothing left to do
expect_output task_rerun 'resumed 2 points, 0 to run' S --out c --chunk 2 --task 1

expect_status status_done 0 'status: 6 points in c: 6 passed, 0 failed, 0 running, 0 queued, 0 missing' S --out c --status
expect_output collect_done 'collect: 6 points in c: 6 there \(6 passed, 0 failed\), 0 missing' S --out c --collect
check collect_same_csv cmp c/results.csv local/results.csv
expect_output nothing_to_submit 'all 6 points are in c; nothing to submit' S --out c --slurm

# fake sbatch, squeue, sacct: the submission is recorded, and the queue's
# view of each task shows in --status
mkdir fake
cat >fake/sbatch <<'EOF'
#!/bin/sh
echo "$@" >"$FAKE_DIR/sbatch.args"
echo "4711;cluster"
EOF
cat >fake/squeue <<'EOF'
#!/bin/sh
printf '4711_0 RUNNING\n4711_[1-2] PENDING\n9999_0 RUNNING\n'
EOF
cat >fake/sacct <<'EOF'
#!/bin/sh
printf '4711_0|RUNNING\n4711_1|PENDING\n4711_2|PENDING\n'
EOF
chmod +x fake/*
export FAKE_DIR=$d
expect_output fake_submit 'submitted job 4711' env PATH="$d/fake:$PATH" "$CCGPU" sweep "${args[@]}" --out f --slurm --chunk 2
check fake_sbatch_args [ "$(cat sbatch.args)" = "--parsable $d/f/slurm/sweep.sbatch" ]
check fake_job_recorded [ "$(cat f/slurm/jobs)" = "4711 2" ]
expect_status fake_status 1 'status: 6 points in f: 0 passed, 0 failed, 2 running, 4 queued, 0 missing' \
    env PATH="$d/fake:$PATH" "$CCGPU" sweep "${args[@]}" --out f --status
# a task that timed out: its points are missing, and say so
printf '#!/bin/sh\nprintf "4711_0 RUNNING\\n"\n' >fake/squeue
printf '#!/bin/sh\nprintf "4711_0|RUNNING\\n4711_1|TIMEOUT\\n4711_2|COMPLETED\\n"\n' >fake/sacct
expect_status fake_timeout 1 'status: 6 points in f: 0 passed, 0 failed, 2 running, 0 queued, 4 missing' \
    env PATH="$d/fake:$PATH" "$CCGPU" sweep "${args[@]}" --out f --status
check fake_timeout_named grep -qx 'missing: vecadd gpgpu_shader_cta=16 (task 4711_1 TIMEOUT)' "$d/out"
check fake_completed_unnamed grep -qx 'missing: reduction gpgpu_shader_cta=8' "$d/out"
# squeue and sacct failing: said once each, the points count as missing
printf '#!/bin/sh\necho "squeue: error: Unable to contact slurm controller" >&2\nexit 1\n' >fake/squeue
printf '#!/bin/sh\necho "Slurm accounting storage is disabled" >&2\nexit 1\n' >fake/sacct
expect_status fake_down 1 'status: squeue: error: Unable to contact slurm controller; running and queued points count as missing' \
    env PATH="$d/fake:$PATH" "$CCGPU" sweep "${args[@]}" --out f --status
check fake_down_sacct grep -q 'sacct: Slurm accounting storage is disabled; how the tasks of missing points ended is not known' "$d/out"
check fake_down_missing grep -q '6 missing' "$d/out"

# sbatch refusing the job, or absent
printf '#!/bin/sh\necho "sbatch: error: invalid partition specified: x" >&2\nexit 1\n' >fake/sbatch
expect_status sbatch_fails 1 "ccgpu sweep: sbatch $d/g/slurm/sweep.sbatch failed \(exit status 1\)" \
    env PATH="$d/fake:$PATH" "$CCGPU" sweep "${args[@]}" --out g --slurm
check sbatch_fails_no_job [ ! -e g/slurm/jobs ]
expect_status no_sbatch 1 'ccgpu sweep: --slurm: sbatch: not found on PATH \(the script is .*/g/slurm/sweep.sbatch\)' \
    env PATH=/nonexistent "$CCGPU" sweep "${args[@]}" --out g --slurm

# usage errors: one line, exit 2
expect_status time_without_slurm 2 '^ccgpu sweep: --time goes with --slurm$' S --out e --time 10
expect_status dry_run_without_slurm 2 '^ccgpu sweep: --dry-run goes with --slurm$' S --out e --dry-run
expect_status chunk_alone 2 '^ccgpu sweep: --chunk goes with --slurm \(or --task\)$' S --out e --chunk 2
expect_status two_modes 2 '^ccgpu sweep: --slurm and --status: one at a time$' S --out e --slurm --status
expect_status bad_chunk 2 "^ccgpu sweep: --chunk '0': expected a number of points \(1 or more\)$" S --out e --slurm --chunk 0
expect_status bad_task 2 "^ccgpu sweep: --task '': expected a chunk index \(0 or more\)$" S --out e --task ''
expect_status task_past_end 2 '^ccgpu sweep: --task 3: the sweep has 3 chunks of 2 points \(0..2\)$' S --out e --chunk 2 --task 3
expect_status time_with_space 2 "^ccgpu sweep: --time '1 day': expected a value without white space" S --out e --slurm --time '1 day'
expect_status out_with_space 2 "a path with white space, quotes, a backslash or '%' cannot be sbatch's --output" S --out 'e f' --slurm --dry-run
check out_with_space_untouched [ ! -e 'e f' ]
expect_status slurm_bad_value 2 'gpgpu_shader_cta=0: ' "$CCGPU" sweep vecadd --functional --param gpgpu_shader_cta=0 --out e --slurm --dry-run
expect_status collect_nothing 1 '^ccgpu sweep: --collect: e/points: no such folder \(no point has run\)$' S --out e --collect
summary
