# ccgpu reproduce: a recipe's figures run into their folders, the report sets
# the paper's numbers beside ours; a finished figure is kept on a second run
# and run again with --force or when its commands change (another --size); a
# failing figure makes exit 1 and is reported as failed; --dry-run lists the
# commands; --slurm writes a job array (a fake sbatch) whose task, run as
# Slurm would, finishes its figure; malformed recipes and bad options get a
# one-line error naming file and line. The papers' own recipes all parse and
# list their runs (--dry-run); the small CCWS reproduction is the smoke test.
. "$(dirname "$0")/lib.sh"
repo=$(cd "$(dirname "$0")/../.." && pwd)
d=$tmpdir
check() {
    local name=$1; shift
    if "$@"; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL $name"; fi
}
cat >"$d/t.repro" <<'R'
# a small recipe
title A test paper
size small
figure ipc IPC of two schedulers
source Fig. 1 of the test paper
run compare vecadd --sched gto,lrr --size {size} --jobs {jobs} --csv {out}/ipc.csv
value vecadd, gto over gto | 1.0 | ipc.csv | bench=vecadd,sched=gto | ipc_norm
value vecadd, lrr over gto | 1 | ipc.csv | bench=vecadd,sched=lrr | ipc_norm
value chart reading | ~2 | ipc.csv | bench=vecadd,sched=gto | ipc_norm
value none in the paper | - | ipc.csv | bench=vecadd,sched=gto | status
value no such row | 1 | ipc.csv | bench=bfs | ipc_norm
value escaped comma | - | ipc.csv | bench=vecadd\, gto | ipc_norm
note A note under the figure.
figure broken A figure whose run fails
run run no-such-benchmark
R
cd "$repo" || exit 1
R() { "$CCGPU" reproduce "$d/t.repro" --out "$d/o" "$@"; }

expect_output dry-run '^ccgpu compare vecadd --sched gto,lrr --size small --jobs 1' R --dry-run
check dry-run-ran-nothing test ! -e "$d/o/ipc"
R >"$d/run.out" 2>"$d/run.err"
check failing-figure-exit-1 test $? -eq 1
check failure-named grep -q "figure broken: the run line at $d/t.repro:15 exited with status" "$d/run.err"
check marker test -f "$d/o/ipc/done"
check no-marker-for-failed test ! -e "$d/o/broken/done"
check report-value grep -qE '^\| vecadd, gto over gto \| 1.0 \| 1 \| 1.00 \|$' "$d/o/report.md"
check report-ratio grep -qE '^\| vecadd, lrr over gto \| 1 \| 0.8845 \| 0.88 \|$' "$d/o/report.md"
check report-chart grep -qE '^\| chart reading \| ~2 \| 1 \| 0.50 \|$' "$d/o/report.md"
# rows without a paper number: in the figure's values.md (linked), not report.md
check values-md-no-paper grep -qE '^\| none in the paper \| — \| PASS \| \|$' "$d/o/ipc/values.md"
check values-md-escaped-comma grep -qE '^\| escaped comma \| — \| \(no row\) \| \|$' "$d/o/ipc/values.md"
check values-md-with-paper grep -qE '^\| vecadd, lrr over gto \| 1 \| 0.8845 \| 0.88 \|$' "$d/o/ipc/values.md"
check report-no-paper-left-out eval '! grep -q "none in the paper" "$d/o/report.md"'
check report-links-values grep -qF '2 more values without a paper number (ccgpu'"'"'s alone): [ipc/values.md](ipc/values.md).' "$d/o/report.md"
check report-failed-no-values-page test ! -e "$d/o/broken/values.md"
check report-no-row grep -qE '^\| no such row \| 1 \| \(no row\) \| \|$' "$d/o/report.md"
check report-failed grep -q 'Failed or stopped.*broken/log.txt' "$d/o/report.md"
check report-note grep -q '^A note under the figure.$' "$d/o/report.md"
check report-source grep -q "The paper's numbers: Fig. 1 of the test paper." "$d/o/report.md"
check values-csv grep -qx 'ipc,"vecadd, gto over gto",1.0,1,1' "$d/o/values.csv"
check values-csv-no-paper grep -qx 'ipc,none in the paper,,PASS,' "$d/o/values.csv"

# resume: the finished figure is kept (its log untouched), --force reruns it
touch -d '2000-01-01' "$d/o/ipc/log.txt"
R --only ipc >/dev/null 2>"$d/err"
check kept grep -q 'ipc finished' "$d/err"
check kept-log-untouched test "$(stat -c %Y "$d/o/ipc/log.txt")" -lt 1000000000
R --only ipc --force >/dev/null 2>&1
check forced test "$(stat -c %Y "$d/o/ipc/log.txt")" -gt 1000000000
touch -d '2000-01-01' "$d/o/ipc/log.txt"
R --only ipc --size medium --dry-run >"$d/out"
check other-size-to-run grep -q '^# ipc: IPC of two schedulers \[to run\]' "$d/out"
R --only ipc --dry-run >"$d/out"
check same-size-finished grep -q '^# ipc: IPC of two schedulers \[finished\]' "$d/out"

# --slurm with a fake sbatch: the script's task runs the figure
mkdir -p "$d/bin"
printf '#!/bin/sh\ncp "$2" %s/submitted.sbatch\necho 4242\n' "$d" >"$d/bin/sbatch"
chmod +x "$d/bin/sbatch"
rm -rf "$d/o2"
expect_output slurm-submit 'submitted job 4242, 2 figures' env PATH="$d/bin:$PATH" "$CCGPU" reproduce "$d/t.repro" --out "$d/o2" --slurm --time 1:00:00
check slurm-array grep -qx '#SBATCH --array=0-1' "$d/submitted.sbatch"
check slurm-time grep -qx '#SBATCH --time=1:00:00' "$d/submitted.sbatch"
SLURM_ARRAY_TASK_ID=0 bash "$d/submitted.sbatch" >/dev/null 2>&1
check slurm-task-ran test -f "$d/o2/ipc/done"
check slurm-task-only-its-figure test ! -e "$d/o2/broken"
expect_output slurm-report 'wrote .*report.md' "$CCGPU" reproduce "$d/t.repro" --out "$d/o2" --report
check slurm-report-value grep -qE '^\| vecadd, gto over gto \| 1.0 \| 1 \| 1.00 \|$' "$d/o2/report.md"

# bad input: one line naming file and line, exit 2
bad() { # NAME PATTERN RECIPE-TEXT
    printf '%b' "$3" >"$d/bad.repro"
    expect_fail "$1" "$2" "$CCGPU" reproduce "$d/bad.repro" --out "$d/ob" --dry-run
}
bad unknown-line 'bad.repro:3: unknown line .frobnicate' 'title t\nsize small\nfrobnicate x\n'
bad no-title 'bad.repro:1: .title. and .size. come before' 'figure a b\nrun run vecadd\n'
bad bad-size 'bad.repro:2: size .huge.' 'title t\nsize huge\n'
bad no-run 'bad.repro:4: figure .a. \(line 3\) has no run line' 'title t\nsize small\nfigure a b\nfigure c d\n'
bad dup-figure 'bad.repro:5: figure .a. again \(first at line 3\)' 'title t\nsize small\nfigure a b\nrun run vecadd\nfigure a c\nrun run vecadd\n'
bad value-fields 'bad.repro:5: .value. needs 5 fields' 'title t\nsize small\nfigure a b\nrun run vecadd\nvalue x | 1 | f.csv\n'
bad paper-number 'bad.repro:5: paper value .abc.' 'title t\nsize small\nfigure a b\nrun run vecadd\nvalue x | abc | f.csv | | c\n'
bad csv-escape "bad.repro:5: CSV '../f.csv': expected a relative path" 'title t\nsize small\nfigure a b\nrun run vecadd\nvalue x | 1 | ../f.csv | | c\n'
bad placeholder 'bad.repro:4: .\{sise\}.: the placeholders' 'title t\nsize small\nfigure a b\nrun run vecadd --size {sise}\n'
bad recursive 'bad.repro:4: a run line cannot be .reproduce.' 'title t\nsize small\nfigure a b\nrun reproduce ccws\n'
bad empty 'bad.repro:1: end of file without .title.' ''
bad binary 'NUL' 'title t\n\0\n'
expect_fail no-such-paper 'reproduce/nosuch.repro: .*ccgpu reproduce --list' "$CCGPU" reproduce nosuch
expect_fail only-unknown 'has no figure .zz. \(ipc, broken\)' R --only zz
expect_fail jobs-zero '--jobs .0.: expected a whole number' R --jobs 0
expect_fail option-unknown '--frob is not an option of reproduce' R --frob
expect_fail slurm-and-report 'exclude each other' R --slurm --report

# the papers' recipes: each parses and lists its runs
for p in ccws sacat awss clustering; do
    if [ -f "reproduce/$p.repro" ]; then
        expect_output "recipe-$p" '^# [a-z0-9_-]+: ' "$CCGPU" reproduce "$p" --out "$d/p-$p" --dry-run
    fi
done
# smoke test of a paper's own recipe: CCWS Fig. 13 at small (the whole
# recipe at small takes minutes: Fig. 15 runs bfs at every size)
expect_output ccws-fig13 'wrote .*report.md' "$CCGPU" reproduce ccws --size small --only fig13 --out "$d/ccws" --jobs 2
check ccws-fig13-value grep -qE '^\| bfs: CCWS 16 entries per warp, IPC over GTO \| — \| [0-9.]+ \| \|$' "$d/ccws/fig13/values.md"
check ccws-title-escaped grep -qF '(&lt;sched&gt;-BEL)' "$d/ccws/report.md"
check ccws-others-not-run grep -q '^\*\*Not run.\*\* `ccgpu reproduce ccws --size small --out .* --only fig7`' "$d/ccws/report.md"
[ ! -d reproduce ] || expect_output list '^ccws ' "$CCGPU" reproduce --list
summary
