# A private single-node Slurm for command-line tests (sourced after lib.sh):
# munged, slurmctld and slurmd from Debian's slurm-wlm and munge, started by
# the test in $tmpdir/slurm with their own configuration, munge key, state,
# spool, log and pid files, ports picked free, the machine's hostname as
# the node, two CPUs. slurm_start exports SLURM_CONF (what sbatch, squeue
# and scontrol read); slurm_stop (run on every exit through the trap set
# here) cancels the jobs, then stops, by process id, every process the test
# started: the daemons and whatever carries this cluster's SLURM_CONF in
# its environment (slurmstepd and the jobs).
slurm_pids=()
slurm_dir=
slurm_skip=

# a TCP port nobody listens on (from /proc/net/tcp{,6})
slurm_free_port() {
    local p hex
    for _ in $(seq 50); do
        p=$((20000 + RANDOM % 40000))
        hex=$(printf ':%04X ' "$p")
        if ! grep -q "$hex" /proc/net/tcp /proc/net/tcp6 2>/dev/null; then echo "$p"; return; fi
    done
    return 1
}

# the processes with this cluster's SLURM_CONF in their environment, but
# this shell
slurm_job_pids() {
    local e pid
    [ -n "$slurm_dir" ] || return 0
    for e in /proc/[0-9]*/environ; do
        pid=${e#/proc/}; pid=${pid%/environ}
        [ "$pid" = $$ ] && continue
        if { tr '\0' '\n' <"$e"; } 2>/dev/null | grep -qxF "SLURM_CONF=$slurm_dir/slurm.conf"; then
            echo "$pid"
        fi
    done
}

slurm_stop() {
    local pids p
    [ ${#slurm_pids[@]} -gt 0 ] || return 0
    if command -v squeue >/dev/null 2>&1; then
        squeue --noheader --format=%i 2>/dev/null | xargs -r scancel 2>/dev/null
        for _ in $(seq 50); do
            [ -z "$(squeue --noheader 2>/dev/null)" ] && break
            sleep 0.1
        done
    fi
    pids="$(slurm_job_pids) ${slurm_pids[*]}"
    for p in $pids; do kill -TERM "$p" 2>/dev/null; done
    for _ in $(seq 50); do
        local alive=0
        for p in $pids; do kill -0 "$p" 2>/dev/null && alive=1; done
        [ $alive = 0 ] && break
        sleep 0.1
    done
    for p in $pids; do kill -KILL "$p" 2>/dev/null; done
    for p in "${slurm_pids[@]}"; do wait "$p" 2>/dev/null; done
    slurm_pids=()
}
trap 'slurm_stop; rm -rf "$tmpdir"' EXIT
trap 'exit 1' INT TERM HUP

# 0 once the node is idle; 1 with $slurm_skip saying why not
slurm_start() {
    local tool host ctld_port d_port
    if [ "$(id -u)" != 0 ]; then slurm_skip="not root (slurmd must run the jobs as root here)"; return 1; fi
    for tool in munged mungekey slurmctld slurmd sbatch squeue scontrol sinfo scancel; do
        if ! command -v "$tool" >/dev/null 2>&1; then
            slurm_skip="$tool not found (apt-get install slurm-wlm munge)"; return 1
        fi
    done
    slurm_dir=$tmpdir/slurm
    mkdir -p "$slurm_dir"/{munge,state,spool,log}
    chmod 700 "$slurm_dir/munge"
    host=$(hostname -s)
    ctld_port=$(slurm_free_port) && d_port=$(slurm_free_port) || { slurm_skip="no free TCP port"; return 1; }
    mungekey -c -k "$slurm_dir/munge/munge.key" >/dev/null 2>&1 || { slurm_skip="mungekey failed"; return 1; }
    chmod 600 "$slurm_dir/munge/munge.key"
    munged -F -f --socket="$slurm_dir/munge/socket" --key-file="$slurm_dir/munge/munge.key" \
        --pid-file="$slurm_dir/munge/munged.pid" --seed-file="$slurm_dir/munge/seed" \
        --log-file="$slurm_dir/log/munged.log" >"$slurm_dir/log/munged.out" 2>&1 &
    slurm_pids+=($!)
    : >"$slurm_dir/plugstack.conf"
    cat >"$slurm_dir/slurm.conf" <<EOF
ClusterName=ccgputest
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$d_port
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$slurm_dir/munge/socket
SlurmUser=root
SlurmdUser=root
StateSaveLocation=$slurm_dir/state
SlurmdSpoolDir=$slurm_dir/spool
SlurmctldPidFile=$slurm_dir/slurmctld.pid
SlurmdPidFile=$slurm_dir/slurmd.pid
SlurmctldLogFile=$slurm_dir/log/slurmctld.log
SlurmdLogFile=$slurm_dir/log/slurmd.log
PlugStackConfig=$slurm_dir/plugstack.conf
MailProg=/bin/true
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MpiDefault=none
SwitchType=switch/none
SchedulerType=sched/builtin
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
KillWait=2
InactiveLimit=0
NodeName=$host NodeAddr=127.0.0.1 CPUs=2 State=UNKNOWN
PartitionName=test Nodes=$host Default=YES MaxTime=INFINITE State=UP
EOF
    export SLURM_CONF=$slurm_dir/slurm.conf
    for _ in $(seq 50); do [ -S "$slurm_dir/munge/socket" ] && break; sleep 0.1; done
    slurmctld -D >"$slurm_dir/log/slurmctld.out" 2>&1 &
    slurm_pids+=($!)
    slurmd -D -N "$host" >"$slurm_dir/log/slurmd.out" 2>&1 &
    slurm_pids+=($!)
    for _ in $(seq 300); do
        [ "$(sinfo --noheader --format=%T 2>/dev/null)" = idle ] && return 0
        sleep 0.1
    done
    slurm_skip="slurmctld/slurmd did not come up in 30 s (logs: $(tail -n 3 "$slurm_dir"/log/*.log | tr '\n' ' '))"
    return 1
}

# slurm_wait_job JOB SECONDS: 0 once JOB has left the queue
slurm_wait_job() {
    local queue
    for _ in $(seq $(($2 * 5))); do
        queue=$(squeue --noheader --format=%i 2>/dev/null) && ! grep -q "^$1\(_\|\$\)" <<<"$queue" && return 0
        sleep 0.2
    done
    return 1
}
