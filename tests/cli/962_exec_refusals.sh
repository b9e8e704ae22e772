# The CUDA path never fails silently. `ccgpu exec` inspects the program
# first and refuses, with one line naming the nvcc option that fixes it, a
# program its runtime cannot stand in for: a statically linked CUDA runtime
# (-cudart shared), compressed PTX (--no-compress), SASS without PTX (a PTX
# target). Tested on programs the test builds with cc (a .nv_fatbin section
# laid out as nvcc does, tests/cudart/fake_fatbin.c) and, where nvcc is
# installed, on nvcc's own builds; there also a launch the runtime refuses
# (80 KB of dynamic shared memory on a 48 KB configuration) says why and
# what changes it, and makes the exit status 1 unless --keep-going.
. "$(dirname "$0")/lib.sh"
repo=$(cd "$(dirname "$0")/../.." && pwd)
bin=$(cd "$(dirname "$CCGPU")" && pwd)
d=$tmpdir
check() {
    local name=$1; shift
    if "$@"; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL $name"; fi
}
one_line() { [ "$(wc -l <"$tmpdir/err")" -eq 1 ]; }

cc=$(command -v cc || command -v gcc || command -v clang)
fake() { # NAME KIND FLAGS [LINK...]
    local name=$1 kind=$2 flags=$3; shift 3
    "$cc" -std=c11 -DKIND="$kind" -DFLAGS="$flags" -o "$d/$name" "$repo/tests/cudart/fake_fatbin.c" "$@" \
        2>"$d/$name.cc.err" || { failed=$((failed + 1)); echo "FAIL build $name:"; head -3 "$d/$name.cc.err"; }
}
shared=(-L"$bin/lib" -Wl,--no-as-needed -l:libcudart.so.13)
fake static_ptx 1 0
fake shared_ptx 1 0 "${shared[@]}"
fake shared_compressed 1 0x2000 "${shared[@]}"
fake shared_sass 2 0 "${shared[@]}"
expect_fail fake_static 'links the CUDA runtime statically .*rebuild it with nvcc -cudart shared$' \
    "$CCGPU" exec -- "$d/static_ptx"
check fake_static_one_line one_line
expect_fail fake_compressed 'holds its PTX compressed .*rebuild it with nvcc --no-compress$' \
    "$CCGPU" exec -- "$d/shared_compressed"
check fake_compressed_one_line one_line
expect_fail fake_sass 'holds only SASS \(sm_75\), no PTX .*-arch=compute_75 or -gencode arch=compute_75,code=compute_75$' \
    "$CCGPU" exec -- "$d/shared_sass"
check fake_sass_one_line one_line
# what the runtime can stand in for runs (the program's own status: 0)
expect_ok fake_shared_ptx "$CCGPU" exec --quiet -- "$d/shared_ptx"
# found on PATH as execvp finds it, and judged the same
expect_fail fake_static_on_path 'static_ptx links the CUDA runtime statically' \
    env PATH="$d:$PATH" "$CCGPU" exec -- static_ptx
# programs without CUDA code of their own (launchers, scripts) are not judged
expect_ok not_cuda "$CCGPU" exec --quiet -- true
printf '#!/bin/sh\nexit 0\n' >"$d/script.sh" && chmod +x "$d/script.sh"
expect_ok script "$CCGPU" exec --quiet -- "$d/script.sh"
# a truncated or corrupt ELF file is left to the system to refuse, never a
# crash (not executable: the shell execvp falls back to must not read it)
head -c 100 "$d/static_ptx" >"$d/truncated"
expect_fail truncated_left_to_exec "ccgpu exec: cannot run $d/truncated: Permission denied" \
    "$CCGPU" exec -- "$d/truncated"

nvcc=$(command -v nvcc || ls /usr/local/cuda/bin/nvcc 2>/dev/null | head -n 1)
cudainc=$(cd "$(dirname "$(readlink -f "${nvcc:-/nonexistent}")")/../include" 2>/dev/null && pwd)
if [ -z "$nvcc" ]; then
    echo "SKIP nvcc-built programs: nvcc not found (the refusals of nvcc's own builds are tested where CUDA is installed)"
    summary
    exit
elif [ ! -f "$cudainc/cuda_runtime_api.h" ]; then
    echo "SKIP nvcc-built programs: no cuda_runtime_api.h beside $nvcc (an incomplete CUDA install)"
    summary
    exit
fi
cu=$repo/tests/cudart
build() { # NAME SOURCE NVCC-FLAGS...
    local name=$1 src=$2; shift 2
    "$nvcc" "$@" -o "$d/$name" "$src" 2>"$d/$name.err" || echo "nvcc failed for $name: $(head -1 "$d/$name.err")"
}
build vadd_default "$cu/vadd.cu" &
build vadd_compressed "$cu/vadd.cu" -cudart shared &
wait
build vadd_sass "$cu/vadd.cu" -cudart shared --no-compress -gencode arch=compute_75,code=sm_75 &
build big_shared "$cu/big_shared.cu" -cudart shared --no-compress &
wait
expect_fail nvcc_default_static 'vadd_default links the CUDA runtime statically .*nvcc -cudart shared$' \
    "$CCGPU" exec -- "$d/vadd_default"
check nvcc_default_one_line one_line
expect_fail nvcc_compressed 'vadd_compressed holds its PTX compressed .*nvcc --no-compress$' \
    "$CCGPU" exec -- "$d/vadd_compressed"
check nvcc_compressed_one_line one_line
expect_fail nvcc_sass_only 'vadd_sass holds only SASS \(sm_75\)' "$CCGPU" exec -- "$d/vadd_sass"
check nvcc_sass_one_line one_line
# without ccgpu exec (LD_LIBRARY_PATH): the runtime's own message, exit status 1
expect_fail nvcc_compressed_runtime 'compressed; rebuild the program with nvcc --no-compress' \
    env LD_LIBRARY_PATH="$bin/lib" CCGPU_FUNCTIONAL=1 "$d/vadd_compressed"
# 80 KB of dynamic shared memory on the default 48 KB: both refusals say
# why and name the option; the run's exit status is 1, 0 with --keep-going
expect_fail big_shared_attribute 'cudaFuncSetAttribute: .*81920 bytes of dynamic shared memory, more than the 49152 .*-o gpgpu_shmem_size=N' \
    "$CCGPU" exec --functional -- "$d/big_shared"
check big_shared_launch grep -q 'launch of _Z4fillPi refused (cudaErrorInvalidConfiguration): 81920 bytes .*-o gpgpu_shmem_size=N' "$tmpdir/err"
check big_shared_exit_said grep -q '^ccgpu: 1 kernel launch refused or failed' "$tmpdir/err"
expect_output big_shared_keep_going 'attribute cudaErrorInvalidValue, launch cudaErrorInvalidConfiguration' \
    "$CCGPU" exec --functional --keep-going -- "$d/big_shared"
expect_output big_shared_more_shared 'attribute cudaSuccess, launch cudaSuccess' \
    "$CCGPU" exec --functional -o gpgpu_shmem_size=98304 -- "$d/big_shared"
summary
