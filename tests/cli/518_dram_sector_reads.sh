# A sectored L2 reads each missing sector from DRAM as its own request of at
# least one burst (src/mem/partition.c, read_bytes): with 32-byte sectors and
# 64-byte bursts (sacat-gtx480.cfg: 4-byte chips x 2 x bursts of 8) a line
# read keeps the data bus 8 DRAM cycles, a whole-line L2 4.
. "$(dirname "$0")/lib.sh"
cfg="--config configs/sacat-gtx480.cfg"
# per_read DL2 [OPTION...]: the DRAM bus cycles per read of vecadd small (no DRAM writes)
per_read() {
    local dl2=$1; shift
    "$CCGPU" run vecadd $cfg -o "gpgpu_cache:dl2=$dl2" "$@" --quiet --json "$tmpdir/v.json" >/dev/null 2>&1 || { echo fail; return; }
    awk '/"dram\.(reads|writes|busy_cycles)"/ { gsub(/[",:]/, " "); v[$1] = $2 }
         END { if (v["dram.writes"] != 0 || v["dram.reads"] == 0) print "bad"; else print v["dram.busy_cycles"] / v["dram.reads"] }' \
        "$tmpdir/v.json"
}
check() { # NAME GOT WANT
    if [ "$2" = "$3" ]; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL $1: $2 bus cycles per read, expected $3"; fi
}
check line_l2 "$(per_read '64:128:16,L:B:m:W,A:32:4,8')" 4
check sector_l2 "$(per_read 'S:64:128:16,L:B:m:W,A:32:4,8')" 8
# bursts of 32 bytes (one chip per channel): a sector is one burst, so a
# line costs four bursts either way
check line_l2_one_chip "$(per_read '64:128:16,L:B:m:W,A:32:4,8' -o gpgpu_n_mem_per_ctrlr=1)" 8
check sector_l2_one_chip "$(per_read 'S:64:128:16,L:B:m:W,A:32:4,8' -o gpgpu_n_mem_per_ctrlr=1)" 8
summary
