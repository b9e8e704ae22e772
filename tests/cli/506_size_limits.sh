# Sizes that imply huge allocations are refused up front, naming the option
# (issue #16: gpgpu_n_mem 3G was a 77 GB calloc, 20000 ran for minutes).
# Each case runs under a time limit and (except in the sanitizer build, whose
# shadow memory needs a huge address space) a 2 GB address-space limit, so a
# regression fails instead of thrashing the machine.
. "$(dirname "$0")/lib.sh"
vlimit=2000000
grep -qa __asan_init "$CCGPU" && vlimit=unlimited
limited() { (ulimit -v $vlimit; timeout 60 "$@"); }
run() { limited "$CCGPU" run vecadd --size small "$@"; }
expect_fail n_mem_suffix 'gpgpu_n_mem: 3221225472 memory partitions is not in 1\.\.1024' run -o gpgpu_n_mem=3G
expect_fail n_mem_million 'gpgpu_n_mem: 1000000 memory partitions' run -o gpgpu_n_mem=1000000
expect_fail n_mem_20000 'gpgpu_n_mem: 20000 memory partitions' run -o gpgpu_n_mem=20000
expect_ok n_mem_largest run -o gpgpu_n_mem=1024
expect_fail l2_sets_overflow 'gpgpu_cache:dl2: .*set count 99999999999 is too large' \
    run -o gpgpu_cache:dl2=N:99999999999:128:16,L:B:m:W:L,A:32:4,4:0,32
expect_fail l2_huge 'gpgpu_cache:dl2: 8 L2 slices would need [0-9]+ MB' \
    run -o gpgpu_cache:dl2=N:1048576:128:1024,L:B:m:W:L,A:32:4,4:0,32
expect_fail l1_huge "gpgpu_cache:dl1: 15 SMs' L1s would need" \
    run -o gpgpu_cache:dl1=N:1048576:128:64,L:L:m:N:H,A:64:8,8
expect_fail dram_queue 'gpgpu_frfcfs_dram_sched_queue_size: .* would need' \
    run -o gpgpu_frfcfs_dram_sched_queue_size=4000000000
expect_fail l2_in_queue 'mem_l2_in_queue: .* would need' run -o mem_l2_in_queue=4000000000
expect_fail l2_out_queue 'mem_l2_out_queue: .* would need' run -o mem_l2_out_queue=4000000000
expect_fail icnt_buffer 'icnt_in_buffer_limit .* would need' run -o icnt_in_buffer_limit=4000000000
expect_fail icnt_packets 'mem_icnt_out_buf.* would need' run -o mem_icnt_out_buf=4000000000
expect_fail zero_banks 'gpgpu_dram_timing_opt: nbk \(banks per channel\) must be >= 1' \
    run -o gpgpu_dram_timing_opt=nbk=0
summary
