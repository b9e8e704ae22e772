# nvcc-built sm_80 and sm_90 programs under `ccgpu exec` (tests/cudart/sm80.cu:
# warp reductions, cp.async pipelines, cuda::barrier copies, mbarrier phases,
# and a kernel with an instruction ccgpu does not execute, whose launch alone
# fails, with cudaErrorInvalidPtx naming the instruction, file and line;
# wmma_gemm.cu: a tensor-core GEMM; cluster.cu: thread-block clusters with
# distributed shared memory, by __cluster_dims__ and by cudaLaunchKernelEx),
# in functional and timing modes, and with clusters spread over a GPC
# (configs/hopper.cfg). Skipped, saying why, without nvcc or without the
# CUDA headers beside it (the same kernels' committed PTX runs
# in tests/210_async_warp_ops.c everywhere).
. "$(dirname "$0")/lib.sh"
repo=$(cd "$(dirname "$0")/../.." && pwd)
nvcc=$(command -v nvcc || ls /usr/local/cuda/bin/nvcc 2>/dev/null | head -n 1)
cudainc=$(cd "$(dirname "$(readlink -f "${nvcc:-/nonexistent}")")/../include" 2>/dev/null && pwd)
if [ -z "$nvcc" ]; then
    echo "SKIP sm_80/sm_90 programs: nvcc not found (their kernels' PTX is tested by tests/210)"
    summary
    exit
elif [ ! -f "$cudainc/cuda_runtime_api.h" ] ||
    { [ ! -f "$cudainc/cuda/pipeline" ] && [ ! -f "$cudainc/cccl/cuda/pipeline" ]; }; then
    echo "SKIP sm_80/sm_90 programs: no CUDA headers (cuda_runtime_api.h, cuda/pipeline) beside $nvcc"
    summary
    exit
fi
d=$tmpdir
for a in 80 90; do
    "$nvcc" -cudart shared --no-compress -gencode arch=compute_$a,code=compute_$a \
        -o "$d/sm$a" "$repo/tests/cudart/sm80.cu" 2>"$d/sm$a.err" &
done
wait
for a in 80 90; do
    if [ ! -x "$d/sm$a" ]; then
        failed=$((failed + 1)); echo "FAIL nvcc sm_$a: $(grep -m1 error "$d/sm$a.err")"; continue
    fi
    expect_output "sm${a}_functional" '^PASS$' "$CCGPU" exec --functional --quiet --keep-going -- "$d/sm$a"
    expect_output "sm${a}_timing" '^PASS$' "$CCGPU" exec --quiet --keep-going -- "$d/sm$a"
    expect_stderr "sm${a}_refusal_named" \
        "launch of video_add refused \(cudaErrorInvalidPtx\): .*compute_$a\.ptx:[0-9]+: PTX instruction 'vadd\.s32\.s32\.s32' is not supported by ccgpu" \
        "$CCGPU" exec --functional --keep-going -- "$d/sm$a"
    # without --keep-going the refused launch makes the exit status 1
    expect_fail "sm${a}_refusal_status" 'kernel launch refused or failed' \
        "$CCGPU" exec --functional --quiet -- "$d/sm$a"
done
"$nvcc" -cudart shared --no-compress -gencode arch=compute_80,code=compute_80 \
    -o "$d/wmma_gemm" "$repo/tests/cudart/wmma_gemm.cu" 2>"$d/wmma_gemm.err" &
"$nvcc" -cudart shared --no-compress -gencode arch=compute_90,code=compute_90 \
    -o "$d/cluster" "$repo/tests/cudart/cluster.cu" 2>"$d/cluster.err" &
wait
for p in wmma_gemm cluster; do
    if [ ! -x "$d/$p" ]; then
        failed=$((failed + 1)); echo "FAIL nvcc $p: $(grep -m1 error "$d/$p.err" 2>/dev/null)"; continue
    fi
    expect_output "${p}_functional" '^PASS$' "$CCGPU" exec --functional --quiet -- "$d/$p"
    expect_output "${p}_timing" '^PASS$' "$CCGPU" exec --quiet -- "$d/$p"
done
# configs/hopper.cfg spreads each cluster over the SMs of a GPC
[ -x "$d/cluster" ] && expect_output cluster_hopper_spread '^PASS$' \
    "$CCGPU" exec --quiet --config "$repo/configs/hopper.cfg" -- "$d/cluster"
summary
