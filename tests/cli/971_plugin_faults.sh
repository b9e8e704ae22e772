# A plugin policy's answers are checked where they enter the simulator
# (src/policy/guard.c, src/timing/dispatch.c): for each hook, a policy that
# returns a bad value (tests/plugins/bad_values.c, built here) stops the run
# with one line naming the policy, the hook, the value and the cycle, in
# under a second of CPU time, with no crash (the sanitizer build runs this
# too). The same plugin with no bad value asked for runs to PASS.
. "$(dirname "$0")/lib.sh"
repo=$(cd "$(dirname "$0")/../.." && pwd)
cc=$(command -v cc || command -v gcc || command -v clang) || skip_all "no C compiler"
src="$repo/tests/plugins/bad_values.c"
for v in bad_values bad_first; do
    def=; [ $v = bad_first ] && def=-DBAD_FIRST
    if ! "$cc" -shared -fPIC -fvisibility=hidden -std=c11 -Wall -Wextra -Werror \
        -D_POSIX_C_SOURCE=200809L -I"$repo/include" $def -o "$tmpdir/$v.so" "$src" 2>"$tmpdir/cc.err"; then
        echo "FAIL build $v:"; head -5 "$tmpdir/cc.err"; failed=$((failed + 1))
    fi
done
p=$tmpdir/bad_values.so
f=$tmpdir/bad_first.so

# fault NAME PATTERN BENCH OPTION...: the run fails, its output is one line
# matching PATTERN (the benchmark's FAIL line carries the message), no
# crash, under a second of CPU
fault() {
    local name=$1 pattern=$2 bench=$3; shift 3
    local opts=()
    for o in "$@"; do opts+=(-o "$o"); done
    local TIMEFORMAT='%U %S' status
    { time "$CCGPU" run "$bench" --size small --quiet "${opts[@]}" >"$tmpdir/out" 2>&1; } 2>"$tmpdir/time"
    status=$(tail -n1 "$tmpdir/out" | grep -c FAIL)
    local cpu
    cpu=$(awk '{ printf "%d", ($1 + $2) * 1000 }' "$tmpdir/time")
    if [ "$(wc -l <"$tmpdir/out")" != 1 ] || [ "$status" != 1 ] || ! grep -qE -- "$pattern" "$tmpdir/out"; then
        failed=$((failed + 1)); echo "FAIL $name: expected one FAIL line matching '$pattern':"; head -5 "$tmpdir/out"
    elif [ "$cpu" -ge 1000 ]; then
        failed=$((failed + 1)); echo "FAIL $name: took $cpu ms of CPU"
    else
        passed=$((passed + 1))
    fi
}
W="warp scheduler bad_warp_values \(plugin $tmpdir/bad_values.so\)"
WF="warp scheduler bad_warp_values \(plugin $tmpdir/bad_first.so\)"
R="replacement policy bad_victims \(plugin $p\)"
I="index function bad_sets \(plugin $p\)"
C="ccgpu_cta_sched plugin:$p"
cyc='\(cycle [0-9]+ of kernel [a-z_]+\)'
fault order_slot "$W: order\(\) listed slot 4294967040 for scheduler 0, not one of its live warps $cyc" \
    vecadd "gpgpu_scheduler=plugin:$p:order_slot"
fault order_count "$W: order\(\) returned a count of [0-9]+ for scheduler 0, which has [0-9]+ warp slots $cyc" \
    vecadd "gpgpu_scheduler=plugin:$p:order_count"
fault order_twice "$W: order\(\) listed slot [0-9]+ of scheduler 0 twice $cyc" \
    vecadd "gpgpu_scheduler=plugin:$p:order_twice"
fault order_drop "$W: order\(\) returned [0-9]+ warps for scheduler 0 and left out live slot [0-9]+" \
    vecadd "gpgpu_scheduler=plugin:$p:order_drop"
fault event_past "$W: next_event\(\) returned cycle ([0-9]+) at cycle \1 \(not later\) $cyc" \
    vecadd "gpgpu_scheduler=plugin:$p:event_past"
fault first_slot "$WF: first\(\) returned slot [0-9]+ for scheduler 0, not one of the candidates 0x[0-9a-f]+ $cyc" \
    vecadd "gpgpu_scheduler=plugin:$f:first_slot"
fault first_none "$WF: first\(\) returned no warp \(UINT32_MAX\) for scheduler 0 while the candidates 0x[0-9a-f]+ were not empty" \
    vecadd "gpgpu_scheduler=plugin:$f:first_none"
fault l1_victim_way "$R: choose_victim\(\) returned way 4 in set [0-9]+ of a 4-way cache $cyc" \
    kmeans "ccgpu_l1_repl=plugin:$p:victim_way"
fault l1_victim_none "$R: choose_victim\(\) returned -1 \(no victim\) in set [0-9]+ while 4 of its 4 ways were eligible" \
    kmeans "ccgpu_l1_repl=plugin:$p:victim_none"
# the audit's case: a 4-set L2 whose policy answers "no victim" spun until the watchdog
fault l2_victim_none "$R: choose_victim\(\) returned -1 \(no victim\) in set [0-3] while [0-9]+ of its 16 ways were eligible" \
    kmeans "ccgpu_l2_repl=plugin:$p:victim_none" "gpgpu_cache:dl2=N:4:128:16,L:B:m:W:L,A:32:4,4:0,32"
fault l1_set_range "$I: set_of\(\) returned set 32 for block 0x[0-9a-f]+ of a 32-set cache $cyc" \
    vecadd "ccgpu_l1_index=plugin:$p:set_range"
fault l2_set_range "$I: set_of\(\) returned set 128 for block 0x[0-9a-f]+ of a 128-set cache $cyc" \
    vecadd "ccgpu_l2_index=plugin:$p:set_range"
fault cta_range "$C:cta_range: next_cta\(\) returned CTA 71 for SM 0, which the launch does not have $cyc" \
    vecadd "ccgpu_cta_sched=plugin:$p:cta_range"
fault cta_twice "$C:cta_twice: next_cta\(\) returned CTA 0 for SM 1, which was already dispatched $cyc" \
    vecadd "ccgpu_cta_sched=plugin:$p:cta_twice"
# the promise of include/ccgpu_policy.h: a policy that refuses forever fails the launch, naming it
fault cta_never "$C:cta_never: next_cta\(\) gave no CTA to any SM while none is resident and no wake-up is asked for: 64 of 64 CTAs never dispatched $cyc" \
    vecadd "ccgpu_cta_sched=plugin:$p:cta_never"
fault wake_past "$C:wake_past: on_cta_done\(\) set wake to cycle ([0-9]+) at cycle [0-9]+ \(a cycle already past\) $cyc" \
    vecadd "ccgpu_cta_sched=plugin:$p:wake_past"

# valid answers that hold the launch: the watchdog names the policy
fault veto_all "vecadd: kernel vecadd: no warp instruction issued for [0-9]+ cycles \(ccgpu_watchdog_cycles\) \(cycle [0-9]+\): warp scheduler plugin:$p:veto_all holds the launch: its can_issue\(\) vetoes warps that are ready to issue" \
    vecadd "gpgpu_scheduler=plugin:$p:veto_all" ccgpu_watchdog_cycles=100000
fault wake_only "ccgpu_cta_sched plugin:$p:wake_only holds the launch: 64 of 64 CTAs never dispatched and none resident" \
    vecadd "ccgpu_cta_sched=plugin:$p:wake_only" ccgpu_watchdog_cycles=100000

# the trace-driven cache simulator checks the same answers
"$CCGPU" run kmeans --size small --quiet -o "ccgpu_trace_l1=$tmpdir/k.trace" >/dev/null 2>&1
for args in "--policy repl:plugin:$p:victim_way|$R: choose_victim\(\) returned way 4 in set [0-9]+ of a 4-way cache \(record [0-9]+\)" \
    "--sets-index plugin:$p:set_range|$I: set_of\(\) returned set 8 for block 0x[0-9a-f]+ of a 8-set cache \(record [0-9]+\)" \
    "--policy opt --sets-index plugin:$p:set_range|$I: set_of\(\) returned set 8" \
    "--policy random --sets-index plugin:$p:set_range|$I: set_of\(\) returned set 8"; do
    expect_fail "cachesim ${args%%|*}" "${args#*|}" "$CCGPU" cachesim "$tmpdir/k.trace" --size 4096 --assoc 4 ${args%%|*}
done

# with no bad value asked for, each kind runs to PASS
expect_ok good_values "$CCGPU" run kmeans --size small --quiet -o "gpgpu_scheduler=plugin:$p" \
    -o "ccgpu_l1_repl=plugin:$p" -o "ccgpu_l2_index=plugin:$p" -o "ccgpu_cta_sched=plugin:$p"
expect_ok good_first "$CCGPU" run kmeans --size small --quiet -o "gpgpu_scheduler=plugin:$f"
summary
