# ccgpu sweep --slurm through a real Slurm: a private single-node cluster
# (slurm_cluster.sh) runs a 4-point sweep as 2 array tasks of 2 points; one
# task is requeued while it runs its second point, and gets a stale
# temporary file as a task killed while writing leaves one. After the rerun,
# no partial or temporary file is left, --status says all is done, and the
# collected results.csv is byte-identical to the same sweep run on this
# machine. Skipped (with the reason) without root or the Slurm packages.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/slurm_cluster.sh"
check() {
    local name=$1; shift
    if "$@"; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL $name"; fi
}
# Once per `make check`, in the gcc build's pass: the sanitizer build's
# sweep code is exercised against a simulated Slurm by tests/cli/956 (tasks,
# --status, --collect, resubmission); here the requeue is timed inside a
# running point, which the sanitizer build's run times make unreliable
[ "$(basename "$(dirname "$CCGPU")")" = build ] ||
    skip_all "real-Slurm requeue test: run in the gcc build's pass only (tests/cli/956 covers this build)"
slurm_start || skip_all "$slurm_skip"
d=$tmpdir
S() { "$CCGPU" sweep "${args[@]}" "$@"; }
# task 0: reduction functional, reduction timing; task 1: kmeans functional,
# kmeans timing (a few seconds: the task is requeued during it)
args=(reduction,kmeans --size medium --param ccgpu_mode=functional,timing)
slow=kmeans__ccgpu_mode=timing.json

expect_output local '4 points, 4 passed, 0 failed' S --jobs 2 --out "$d/local"

expect_output submit 'submitted job [0-9]+' S --slurm --chunk 2 --out "$d/c"
job=$(sed -n 's/.*submitted job \([0-9]*\).*/\1/p' "$tmpdir/out")
check script_written grep -q -- '--chunk 2 --task "$SLURM_ARRAY_TASK_ID"' "$d/c/slurm/sweep.sbatch"
check job_recorded [ "$(cat "$d/c/slurm/jobs")" = "$job 2" ]
log1=$d/c/slurm/task-${job}_1.out
for _ in $(seq 1200); do
    grep -q 'start: kmeans ccgpu_mode=timing' "$log1" 2>/dev/null && break
    sleep 0.05
done
check slow_point_started grep -q 'start: kmeans ccgpu_mode=timing' "$log1"

# requeue task 1 in the middle of its point, held until we release it
scontrol requeuehold "${job}_1"
for _ in $(seq 100); do
    squeue --noheader --array --jobs="${job}_1" --format=%T 2>/dev/null | grep -q PENDING && break
    sleep 0.1
done
check killed_mid_point [ -z "$(grep 'kmeans ccgpu_mode=timing: PASS' "$log1")" ]
check no_partial_point [ ! -e "$d/c/points/$slow" ]
printf '{"format": "ccgpu-sweep-point 1", "vers' >"$d/c/points/.$slow.tmp.99999"
S --status --out "$d/c" >"$d/status" 2>&1
check status_not_done [ $? -eq 1 ]
check status_queued grep -q 'status: 4 points in .*, 1 queued' "$d/status"
# released; Slurm 22.05 would also hold a requeued task back for two
# minutes (its begin time), unless told to start it now
scontrol release "${job}_1"
scontrol update JobId="${job}_1" StartTime=now 2>/dev/null

check job_done slurm_wait_job "$job" 240
if ! grep -q 'resumed 1 points, 1 to run' "$log1"; then # what Slurm did, for the failure below
    echo "task 1's log:"; tail -n 20 "$log1"
    sacct --jobs="$job" --format=JobID,State,ExitCode,Start,End 2>&1 | head -10
fi
check rerun_resumed grep -q 'resumed 1 points, 1 to run' "$log1"
check rerun_ran grep -q 'kmeans ccgpu_mode=timing: PASS' "$log1"
check no_temp_left [ -z "$(find "$d/c" -name '*.tmp*')" ]
check task0_done grep -q 'task 0: 2 points, 2 passed, 0 failed' "$d/c/slurm/task-${job}_0.out"
expect_output status_done 'status: 4 points in .*: 4 passed, 0 failed, 0 running, 0 queued, 0 missing' \
    S --status --out "$d/c"
expect_output collect 'collect: 4 points in .*: 4 there \(4 passed, 0 failed\), 0 missing' \
    S --collect --out "$d/c"
check same_csv_as_local cmp "$d/c/results.csv" "$d/local/results.csv"
expect_output nothing_to_submit 'nothing to submit' S --slurm --chunk 2 --out "$d/c"
summary
