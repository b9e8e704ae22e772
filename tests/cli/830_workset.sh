# ccgpu workset and ccgpu awss --bench on small benchmarks.
. "$(dirname "$0")/lib.sh"
expect_output matmul 'launch 0 \(matmul\): 16 CTAs with global accesses, 128-byte lines' \
    "$CCGPU" workset matmul
expect_output overlap 'overlap: sum of CTA sets' "$CCGPU" workset matmul --line 32
expect_output per_cta '^  cta 15 ' "$CCGPU" workset matmul --per-cta
expect_output sizes_out 'sizes written to' "$CCGPU" workset matmul --kernel 0 --sizes-out "$tmpdir/mm.txt"
expect_output sizes_file_awss 'awss: 16 CTAs' "$CCGPU" awss --sizes "$tmpdir/mm.txt" --cap 48K --max-tlp 8
expect_output awss_bench 'working sets: matmul \(small\) launch 0' \
    "$CCGPU" awss --bench matmul --cap 48K --max-tlp 8
expect_output summary '^ +0 matmul +16 ' "$CCGPU" workset matmul --summary
expect_fail unknown_bench "unknown benchmark 'nope'" "$CCGPU" workset nope
expect_fail bad_line 'line size 100' "$CCGPU" workset matmul --line 100
expect_fail no_kernel '--sizes-out needs --kernel' "$CCGPU" workset matmul --sizes-out "$tmpdir/x"
expect_fail kernel_range '--kernel 9: matmul launched 1 kernels' "$CCGPU" workset matmul --kernel 9
expect_fail awss_both 'required' "$CCGPU" awss --bench matmul --sizes "$tmpdir/mm.txt" --cap 1 --max-tlp 2
summary
