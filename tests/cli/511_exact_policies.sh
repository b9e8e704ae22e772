# The policies of different work merged in one timing model stay exact
# together: each new mechanism (DWT-CS, MRPB, FG-CB bypassing, CTA dispatch
# policies with and without synchronisation cost, awss, prefetch) gives
# byte-identical statistics with the simulator's shortcuts and idle-cycle
# skipping on and off (ccgpu_fast_paths, ccgpu_skip_idle; on: with the issue
# stage's walk by masks for every warp count, ccgpu_issue_mask_warps 0);
# so does a ccws run cut by gpgpu_max_cycle or gpgpu_max_insn.
. "$(dirname "$0")/lib.sh"
same() {
    local name=$1 bench=$2; shift 2
    if "$CCGPU" run "$bench" --size small --config configs/sacat-gtx480.cfg "$@" \
            -o ccgpu_issue_mask_warps=0 --json "$tmpdir/on.json" >/dev/null 2>&1 &&
        "$CCGPU" run "$bench" --size small --config configs/sacat-gtx480.cfg "$@" \
            -o ccgpu_fast_paths=0 -o ccgpu_skip_idle=0 --json "$tmpdir/off.json" >/dev/null 2>&1 &&
        cmp -s "$tmpdir/on.json" "$tmpdir/off.json"; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1)); echo "FAIL $name: statistics differ with shortcuts off (or a run failed)"
    fi
}
cd "$(dirname "$0")/../.."
same dwt syrk -o gpgpu_scheduler=dwt
same sacat_parts kmeans -o gpgpu_scheduler=dwt -o ccgpu_l1_index=ipoly -o ccgpu_bypass=fgcb:after=dwt
same mrpb syrk -o ccgpu_mrpb=on
same fgcb kmeans -o ccgpu_bypass=fgcb:n=200,m=100
same cluster_throttled syrk -o ccgpu_cta_sched=cluster:max=2
same limit_with_sync kmeans -o ccgpu_cta_sched=limit:1 -o ccgpu_cta_sync_cycles=500
same awss bfs -o ccgpu_cta_sched=awss:iwfd -o ccgpu_cta_sync_cycles=70
same prefetch_and_ccws bfs -o ccgpu_prefetch=1 -o gpgpu_scheduler=ccws
# a run cut by a cap: the warps still live leave at the cut's cycle with the
# shortcuts on as off (ccws counts its live cycles up to there)
for cut in gpgpu_max_cycle=20000 gpgpu_max_insn=1500000; do
    if "$CCGPU" run kmeans --size small --config configs/ccws.cfg -o gpgpu_scheduler=ccws \
            -o "$cut" --json "$tmpdir/on.json" >/dev/null 2>&1 &&
        "$CCGPU" run kmeans --size small --config configs/ccws.cfg -o gpgpu_scheduler=ccws \
            -o "$cut" -o ccgpu_fast_paths=0 -o ccgpu_skip_idle=0 --json "$tmpdir/off.json" \
            >/dev/null 2>&1 &&
        cmp -s "$tmpdir/on.json" "$tmpdir/off.json"; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1)); echo "FAIL ccws cut at $cut: statistics differ with shortcuts off"
    fi
done
summary
