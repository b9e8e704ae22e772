# The CUDA runtime build/lib/libcudart.so.13 and `ccgpu exec`: the library's
# version node; tests/960_cudart.c compiled as a program against the shared
# library (the entry points nvcc's host code calls, no nvcc needed); the
# configuration from -o, CCGPU_CONFIG and ./gpgpusim.config; and, when nvcc
# is installed, the programs of tests/cudart/*.cu built by nvcc and run
# unmodified (skipped with a message when it is not).
. "$(dirname "$0")/lib.sh"
repo=$(cd "$(dirname "$0")/../.." && pwd)
bin=$(cd "$(dirname "$CCGPU")" && pwd)
lib=$bin/lib/libcudart.so.13
fatbin=$repo/tests/cudart/kernels.fatbin

# --- the library -----------------------------------------------------------
expect_ok lib_exists test -f "$lib"
expect_ok lib_link test -L "$bin/lib/libcudart.so"
expect_output lib_soname 'SONAME.*libcudart\.so\.13' readelf -d "$lib"
expect_output lib_version_malloc 'cudaMalloc@@libcudart\.so\.13' nm -D --defined-only "$lib"
expect_output lib_version_register '__cudaRegisterFatBinary@@libcudart\.so\.13' nm -D --defined-only "$lib"
expect_output lib_version_launch '__cudaLaunchKernel@@libcudart\.so\.13' nm -D --defined-only "$lib"
# only CUDA's names (and the policy API's helpers that plugin policies call,
# docs/extending.md) are exported, each with the version node
nm -D --defined-only "$lib" | grep -v ' A libcudart\.so\.13$' |
    grep -vE ' (cuda[A-Z][A-Za-z0-9_]*|__cuda[A-Z][A-Za-z0-9_]*)@@libcudart\.so\.13$' |
    grep -vE ' (ccgpu_inst_info|ccgpu_warp_long_wait|warp_ages_[a-z]+|warp_sched_arg_u32|cache_repl_oldest_eligible)@@libcudart\.so\.13$' \
    >"$tmpdir/leaked"
expect_ok lib_exports_cuda_only test ! -s "$tmpdir/leaked"

# --- the entry-point driver, linked against the shared library ---------------
cc=$(command -v cc || command -v gcc || command -v clang)
if "$cc" -std=c11 -O1 -D_POSIX_C_SOURCE=200809L -DCUDART_SHARED -I"$repo/include" -I"$repo/src" \
    -I"$repo/tests" -o "$tmpdir/driver" "$repo/tests/960_cudart.c" -L"$bin/lib" -l:libcudart.so.13 \
    2>"$tmpdir/cc.err"; then
    passed=$((passed + 1))
else
    failed=$((failed + 1)); echo "FAIL driver_builds:"; head -5 "$tmpdir/cc.err"
fi
expect_output driver_needs_version 'Name: libcudart\.so\.13' readelf -V "$tmpdir/driver"
# the driver tests the runtime's errors too: launches refused on purpose,
# which make the exit status 1 unless --keep-going (CCGPU_KEEP_GOING=1)
expect_output driver_exec 'RESULT passed=[1-9][0-9]* failed=0' \
    "$CCGPU" exec --functional --keep-going -o gpgpu_n_clusters=4 -- "$tmpdir/driver" "$fatbin"
expect_fail driver_exec_refused_launch_status '^ccgpu: [0-9]+ kernel launch(es)? refused or failed .*exit status 1' \
    "$CCGPU" exec --functional -o gpgpu_n_clusters=4 -- "$tmpdir/driver" "$fatbin"
expect_output driver_exec_timing 'RESULT passed=[1-9][0-9]* failed=0' \
    "$CCGPU" exec -o gpgpu_n_clusters=4 --quiet --keep-going --json "$tmpdir/d.json" "$tmpdir/driver" "$fatbin"
expect_output driver_json '"cycles"' cat "$tmpdir/d.json"
printf 'gpgpu_n_clusters 4\n' >"$tmpdir/four.cfg"
expect_output driver_ccgpu_config 'RESULT passed=[1-9][0-9]* failed=0' \
    env CCGPU_CONFIG="$tmpdir/four.cfg" CCGPU_KEEP_GOING=1 LD_LIBRARY_PATH="$bin/lib" "$tmpdir/driver" "$fatbin"
mkdir -p "$tmpdir/run" && printf -- '-gpgpu_n_clusters 4\n' >"$tmpdir/run/gpgpusim.config"
expect_output driver_gpgpusim_config 'RESULT passed=[1-9][0-9]* failed=0' \
    bash -c 'cd "$1/run" && CCGPU_FUNCTIONAL=1 CCGPU_KEEP_GOING=1 LD_LIBRARY_PATH="$2" "$1/driver" "$3"' _ "$tmpdir" "$bin/lib" "$fatbin"
expect_stderr driver_stats_at_exit 'kernel launches simulated' \
    env CCGPU_QUIET=0 CCGPU_OPTIONS=gpgpu_n_clusters=4 "$CCGPU" exec --functional "$tmpdir/driver" "$fatbin"
printf 'gpgpu_n_clusters 0\n' >"$tmpdir/bad.cfg"
expect_fail driver_bad_config '^ccgpu: .*gpgpu_n_clusters' \
    env CCGPU_CONFIG="$tmpdir/bad.cfg" LD_LIBRARY_PATH="$bin/lib" "$tmpdir/driver" "$fatbin"

# --- ccgpu exec's own errors ---------------------------------------------------
expect_fail exec_usage 'usage: ccgpu exec' "$CCGPU" exec
expect_fail exec_unknown_option 'unknown option --frob' "$CCGPU" exec --frob -- true
expect_fail exec_bad_key 'no_such_option' "$CCGPU" exec -o no_such_option=1 -- true
expect_fail exec_bad_config_file 'nonexistent' "$CCGPU" exec --config "$tmpdir/nonexistent.cfg" -- true
expect_fail exec_missing_program 'cannot run /nonexistent/prog' "$CCGPU" exec -- /nonexistent/prog

# --- programs built by nvcc ------------------------------------------------------
nvcc=$(command -v nvcc || ls /usr/local/cuda/bin/nvcc 2>/dev/null | head -n 1)
if [ -z "$nvcc" ]; then
    echo "SKIP nvcc-built programs: nvcc not found (tests/cudart/*.cu are tested where CUDA is installed)"
else
    # built once into build/nvcc-tests (shared by the builds), rebuilt when the source changes
    out=$repo/build/nvcc-tests
    mkdir -p "$out"
    build() { # NAME "NVCC FLAGS" SOURCE...
        local name=$1 flags=$2 src stale=0; shift 2
        [ -x "$out/$name" ] || stale=1
        for src in "$@"; do [ "$src" -nt "$out/$name" ] && stale=1; done
        if [ $stale = 1 ]; then
            # shellcheck disable=SC2086
            "$nvcc" -cudart shared $flags -o "$out/$name" "$@" 2>"$out/$name.err" || echo "nvcc failed for $name"
        fi
    }
    cu=$repo/tests/cudart
    # two compiles at a time (CI has two cores)
    set -- vadd symbols managed streams props errors unsupported matmul params texture racy_mvt
    while [ $# -gt 0 ]; do
        build "$1" --no-compress "$cu/$1.cu" &
        [ $# -gt 1 ] && build "$2" --no-compress "$cu/$2.cu" &
        wait
        shift; [ $# -gt 0 ] && shift
    done
    build two_units --no-compress "$cu/two_units_main.cu" "$cu/two_units_lib.cu" &
    build vadd_compressed "" "$cu/vadd.cu" &
    wait
    build streams_per_thread "--no-compress --default-stream per-thread" "$cu/streams.cu"
    expect_output nvcc_binary_version 'U cudaMalloc@libcudart\.so\.13' nm -D "$out/vadd"
    # errors.cu has launches refused on purpose: --keep-going keeps its status
    kg() { [ "$1" = errors ] && echo --keep-going; }
    for p in vadd symbols managed streams props errors matmul params two_units streams_per_thread texture; do
        expect_output "nvcc_$p" '^PASS' "$CCGPU" exec --functional --quiet $(kg $p) -- "$out/$p"
    done
    for p in vadd streams errors matmul texture; do
        expect_output "nvcc_${p}_timing" '^PASS' "$CCGPU" exec --quiet $(kg $p) -- "$out/$p"
    done
    expect_fail nvcc_errors_status 'kernel launches refused or failed' "$CCGPU" exec --functional --quiet -- "$out/errors"
    build texture_G "--no-compress -G" "$cu/texture.cu" &
    build texture_sm90 "--no-compress -arch=sm_90" "$cu/texture.cu" &
    wait
    expect_output nvcc_texture_G '^PASS' "$CCGPU" exec --quiet -- "$out/texture_G"
    expect_output nvcc_texture_sm90 '^PASS' "$CCGPU" exec --quiet -- "$out/texture_sm90"
    expect_stderr nvcc_texture_stats 'warp_loads\.tex +[1-9]' "$CCGPU" exec --stats total -- "$out/texture"
    # the summary on stderr: one line, as short for one vector add as for any program
    "$CCGPU" exec -- "$out/vadd" >/dev/null 2>"$tmpdir/sum.err"
    if [ "$(wc -l <"$tmpdir/sum.err")" = 1 ] &&
        grep -qE '^ccgpu: 1 kernel launch simulated: cycles [0-9]+, warp_instructions [0-9]+, warp_ipc [0-9.]+, l1d\.miss_rate [0-9.]+, l2\.miss_rate [0-9.]+$' "$tmpdir/sum.err"; then
        passed=$((passed + 1))
    else failed=$((failed + 1)); echo "FAIL nvcc_short_summary:"; head -3 "$tmpdir/sum.err"; fi
    expect_stderr nvcc_stats_bad 'ccgpu exec: --stats some: summary, total, all or none' \
        "$CCGPU" exec --stats some -- "$out/vadd"
    expect_output nvcc_matmul_args 'matmul 32x32: [0-9.]+ ms simulated' "$CCGPU" exec --quiet -- "$out/matmul" 32
    expect_output nvcc_ld_library_path '^PASS' env LD_LIBRARY_PATH="$bin/lib" CCGPU_QUIET=1 "$out/vadd"
    expect_output nvcc_props_option 'sms=7 ' "$CCGPU" exec --functional --quiet -o gpgpu_n_clusters=7 -- "$out/props"
    expect_output nvcc_props_hopper 'sms=132 l2=52428800 clock_khz=1755000' \
        "$CCGPU" exec --functional --quiet --config "$repo/configs/hopper.cfg" -- "$out/props"
    expect_output nvcc_device_printf '^device says 42' "$CCGPU" exec --functional --quiet -- "$out/streams"
    expect_stderr nvcc_stats 'warp_instructions' "$CCGPU" exec --functional -- "$out/vadd"
    expect_stderr nvcc_stats_all '^kernel 0: _Z9vectorAddPKfS0_Pfi' env CCGPU_STATS=all "$CCGPU" exec --functional -- "$out/vadd"
    expect_stderr nvcc_unsupported '^ccgpu: cudaGraphCreate: not supported' \
        "$CCGPU" exec --functional --quiet -- "$out/unsupported"
    expect_output nvcc_unsupported_code 'cudaErrorNotSupported' "$CCGPU" exec --functional --quiet -- "$out/unsupported"
    # a racy kernel (PolyBench-ACC's mvt_kernel1 with 32 x 8 blocks): the
    # warps of a CTA interleaved one instruction at a time give the CPU's
    # answer; one warp's whole batch before the next (4096 instructions,
    # more than a warp's loop at n = 512) makes every warp add every term
    expect_output nvcc_racy_mvt_interleaved 'GPU/CPU mean 1\.00 min 1\.00 max 1\.00$' \
        "$CCGPU" exec --functional --quiet -- "$out/racy_mvt" 512
    expect_output nvcc_racy_mvt_run_ahead 'GPU/CPU mean 8\.00 min 8\.00 max 8\.00$' \
        "$CCGPU" exec --functional --quiet -o ccgpu_functional_warp_run=4096 -- "$out/racy_mvt" 512
    expect_fail nvcc_compressed 'holds its PTX compressed .*rebuild it with nvcc --no-compress' \
        "$CCGPU" exec --functional --quiet -- "$out/vadd_compressed"
fi
summary
