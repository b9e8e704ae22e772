# A sectored L2 splits a request into sector requests (GPGPU-Sim's
# memory_sub_partition::push) and reads each missing sector from DRAM as its
# own request of at least one burst (src/mem/partition.c, read_bytes): with
# 32-byte sectors and 64-byte bursts (sacat-gtx480.cfg: 4-byte chips x 2 x
# bursts of 8) each sector read keeps the data bus 2 DRAM cycles, a line's
# four 8, where a whole-line L2 reads the line in one request of 4 cycles.
. "$(dirname "$0")/lib.sh"
cfg="--config configs/sacat-gtx480.cfg"
# stat DL2 [OPTION...]: "BUS_CYCLES_PER_READ READS" of vecadd small (no DRAM writes)
stat() {
    local dl2=$1; shift
    "$CCGPU" run vecadd $cfg -o "gpgpu_cache:dl2=$dl2" "$@" --quiet --json "$tmpdir/v.json" >/dev/null 2>&1 || { echo fail; return; }
    awk '/"dram\.(reads|writes|busy_cycles)"/ { gsub(/[",:]/, " "); v[$1] = $2 }
         END { if (v["dram.writes"] != 0 || v["dram.reads"] == 0) print "bad"; else print v["dram.busy_cycles"] / v["dram.reads"], v["dram.reads"] }' \
        "$tmpdir/v.json"
}
check() { # NAME GOT WANT
    if [ "$2" = "$3" ]; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL $1: got $2, expected $3"; fi
}
line=$(stat '64:128:16,L:B:m:W,A:32:4,8') sector=$(stat 'S:64:128:16,L:B:m:W,A:32:4,8')
check line_l2_bus_cycles_per_read "${line% *}" 4
check sector_l2_bus_cycles_per_read "${sector% *}" 2
check sector_l2_reads_per_line "$(( ${sector#* } / ${line#* } ))" 4
# bursts of 32 bytes (one chip per channel): a sector is one burst, so a
# line costs four bursts either way
line=$(stat '64:128:16,L:B:m:W,A:32:4,8' -o gpgpu_n_mem_per_ctrlr=1)
sector=$(stat 'S:64:128:16,L:B:m:W,A:32:4,8' -o gpgpu_n_mem_per_ctrlr=1)
check line_l2_one_chip "${line% *}" 8
check sector_l2_one_chip "${sector% *}" 2
summary
