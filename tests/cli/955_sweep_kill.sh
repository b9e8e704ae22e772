# Sweep workers die with a SIGKILLed parent (issue #16: they ran on as
# orphans, and a resume started at once ran their points a second time).
. "$(dirname "$0")/lib.sh"
d=$tmpdir
args=(bfs --size medium --param gpgpu_shader_cta=2,3 --stats cycles --jobs 2 --out "$d/k")
"$CCGPU" sweep "${args[@]}" >/dev/null 2>&1 &
parent=$!
for _ in $(seq 100); do
    [ "$(pgrep -P "$parent" | wc -l)" -ge 2 ] && break
    sleep 0.05
done
workers=$(pgrep -P "$parent" | tr '\n' ' ')
kill -KILL "$parent"
wait "$parent" 2>/dev/null
left=""
for _ in $(seq 40); do
    left=""
    for w in $workers; do kill -0 "$w" 2>/dev/null && left="$left $w"; done
    [ -z "$left" ] && break
    sleep 0.05
done
if [ -n "$workers" ] && [ -z "$left" ]; then passed=$((passed + 1))
else
    failed=$((failed + 1)); echo "FAIL workers_die_with_parent: workers '$workers', still running '$left'"
    for w in $left; do kill -KILL "$w" 2>/dev/null; done
fi
# the resume runs every unfinished point once and ends complete
expect_output resume_completes '2 passed' "$CCGPU" sweep "${args[@]}"
if [ "$(grep -c '^bfs,' "$d/k/results.csv" 2>/dev/null)" = 2 ]; then passed=$((passed + 1))
else failed=$((failed + 1)); echo "FAIL resume_csv"; cat "$d/k/results.csv"; fi
summary
