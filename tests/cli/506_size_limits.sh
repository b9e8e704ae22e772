# Sizes that imply huge allocations are refused up front, naming the option
# (gpgpu_n_mem 3G was a 77 GB calloc, 20000 ran for minutes; the SM count
# 4294967295 x 4294967295 wrapped to 1 in 32 bits). Each case runs under a
# time limit and (except in the sanitizer build, whose shadow memory needs a
# huge address space) a 2 GB address-space limit, so a regression fails
# instead of thrashing the machine. The largest configurations accepted run
# vecadd within the documented bound (docs/configuration.md: the timing
# model at most 2 GB) plus 256 MB for the rest of the program; a functional
# run builds no timing model, whatever the SM count. An input file read
# whole is bounded too: /dev/zero as a config file is refused at once.
. "$(dirname "$0")/lib.sh"
vlimit=2000000
grep -qa __asan_init "$CCGPU" && vlimit=unlimited
limited() { (ulimit -v $vlimit; timeout 60 "$@"); }
bound=2359296 # KB: the 2 GB bound + 256 MB
[ "$vlimit" = unlimited ] && bound=unlimited
within() { (ulimit -v $bound; timeout 120 "$@"); }
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
# the SM count, in 64 bits, at most 4096
expect_fail sm_overflow 'gpgpu_n_clusters x gpgpu_n_cores_per_cluster: 4294967295 x 4294967295 = 18446744065119617025 SMs, more than the 4096' \
    run -o gpgpu_n_clusters=4294967295 -o gpgpu_n_cores_per_cluster=4294967295
expect_fail sm_4097 '4097 SMs, more than the 4096 ccgpu allows' run -o gpgpu_n_clusters=4097
expect_ok sm_4096_within_bound within "$CCGPU" run vecadd --size small --quiet -o gpgpu_n_clusters=4096
big_l1=gpgpu_cache:dl1=N:64:128:80,L:L:m:N:L,A:64:8,8
big_l2=gpgpu_cache:dl2=N:32768:128:120,L:B:m:W:L,A:32:4,4:0,32
expect_ok largest_within_bound within "$CCGPU" run vecadd --size small --quiet \
    -o gpgpu_n_clusters=4096 -o $big_l1 -o $big_l2
expect_fail total_bound 'the timing model would need [0-9]+ MB in all, more than the 2048 MB ccgpu allows \(the most, [0-9]+ MB, for gpgpu_cache:dl2\)' \
    run -o gpgpu_n_clusters=4096 -o gpgpu_cache:dl1=N:64:128:112,L:L:m:N:L,A:64:8,8 -o $big_l2
# a functional run builds no timing model: 4096 SMs in 200 MB
if [ "$vlimit" = unlimited ]; then
    expect_ok functional_no_model "$CCGPU" run vecadd --functional --size small --quiet -o gpgpu_n_clusters=4096
else
    expect_ok functional_no_model bash -c "ulimit -v 200000; \"\$0\" run vecadd --functional --size small --quiet -o gpgpu_n_clusters=4096" "$CCGPU"
fi
expect_fail functional_checks_sizes '4097 SMs' "$CCGPU" run vecadd --functional --quiet -o gpgpu_n_clusters=4097
# /dev/zero as a config file: refused at its first block, in under a second
TIMEFORMAT='%U %S'
{ time limited "$CCGPU" run vecadd --config /dev/zero >"$tmpdir/zero.out" 2>&1; } 2>"$tmpdir/zero.time"
if grep -q '/dev/zero:1: NUL byte in a config file' "$tmpdir/zero.out" &&
    awk '{ exit !($1 + $2 < 1) }' "$tmpdir/zero.time"; then passed=$((passed + 1))
else failed=$((failed + 1)); echo "FAIL config_dev_zero: $(cat "$tmpdir/zero.out") ($(cat "$tmpdir/zero.time") s)"; fi
summary
