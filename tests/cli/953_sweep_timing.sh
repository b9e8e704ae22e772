# ccgpu sweep in timing mode (the default): scheduler values including a
# prefixed range, the timing statistics as columns, --jobs 2 identical to
# --jobs 1 (each point deterministic on its own fresh GPU).
. "$(dirname "$0")/lib.sh"
d=$tmpdir
# point files are fsynced: in RAM when there is a tmpfs, the tests run faster
if [ -d /dev/shm ] && [ -w /dev/shm ] && d=$(mktemp -d /dev/shm/ccgpu953.XXXXXX); then
    trap 'rm -rf "$tmpdir" "$d"' EXIT
else
    d=$tmpdir
fi
check() {
    local name=$1; shift
    if "$@"; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL $name"; fi
}
args=(vecadd --param gpgpu_scheduler=lrr,gto,swl:1..2 --stats cycles,warp_ipc,l1d.mpki)
expect_output timing_sweep '4 points, 4 passed, 0 failed' "$CCGPU" sweep "${args[@]}" --out "$d/t1"
check header [ "$(head -1 "$d/t1/results.csv")" = "bench,gpgpu_scheduler,status,cycles,warp_ipc,l1d.mpki" ]
check rows [ "$(cut -d, -f2 "$d/t1/results.csv" | tail -n +2 | tr '\n' ' ')" = "lrr gto swl:1 swl:2 " ]
check numbers [ "$(grep -cE '^vecadd,[^,]+,PASS,[1-9][0-9]*,[0-9.]+,[0-9.]+$' "$d/t1/results.csv")" -eq 4 ]
"$CCGPU" sweep "${args[@]}" --jobs 2 --out "$d/t2" >/dev/null 2>&1
check jobs_identical cmp -s "$d/t1/results.csv" "$d/t2/results.csv"
# --best: the first parameter's best value per benchmark, from the CSV
"$CCGPU" sweep "${args[@]}" --best cycles:min --best warp_ipc --out "$d/t1" >"$d/out" 2>&1
check best_resumed grep -q 'resumed 4 points, 0 to run' "$d/out"
best=$(sort -s -t, -k4,4n <(tail -n +2 "$d/t1/results.csv") | head -1 | cut -d, -f2)
check best_min grep -q "^best cycles (min): vecadd: gpgpu_scheduler=$best (cycles " "$d/out"
check best_max grep -q "^best warp_ipc (max): vecadd: gpgpu_scheduler=$best (warp_ipc " "$d/out"
expect_fail best_bad_dir "--best warp_ipc:most: expected STAT" "$CCGPU" sweep "${args[@]}" --best warp_ipc:most --out "$d/t1"
# values holding commas (GPGPU-Sim cache strings): "\," in VALUES, quoted in the CSV
"$CCGPU" sweep vecadd --param 'gpgpu_cache:dl1=32:128:8\,L:E:m:N\,A:32:8\,8,64:128:8\,L:E:m:N\,A:32:8\,8' \
    --stats cycles --out "$d/c" >/dev/null 2>&1
check comma_exit [ $? -eq 0 ]
check comma_header [ "$(head -1 "$d/c/results.csv")" = "bench,gpgpu_cache:dl1,status,cycles" ]
check comma_quoted grep -q '^vecadd,"64:128:8,L:E:m:N,A:32:8,8",PASS,[0-9]*$' "$d/c/results.csv"
check comma_file [ -f "$d/c/points/vecadd__gpgpu_cache:dl1=32:128:8%2CL:E:m:N%2CA:32:8%2C8.json" ]
# a bad scheduler name is rejected before anything runs
expect_fail bad_scheduler 'gpgpu_scheduler=nosuch' "$CCGPU" sweep vecadd --param gpgpu_scheduler=gto,nosuch --out "$d/t3"
check nothing_ran [ -z "$(ls "$d/t3/points" 2>/dev/null)" ]
summary
