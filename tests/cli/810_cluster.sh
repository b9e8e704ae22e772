# ccgpu cluster: the paper's MM example and bad input.
. "$(dirname "$0")/lib.sh"
expect_output mm_cluster1 'cluster 1 +\(3 CTAs\): \(0,1\) \(1,1\) \(2,1\)' \
    "$CCGPU" cluster --grid 3x2 --clusters 2
expect_output mm_rr_u4 'u 4 +-> \(2, 0\) -> \(2,0\)' "$CCGPU" cluster --grid 3x2 --clusters 2 --redirect
expect_output balanced 'cluster 0 +\(4 CTAs\): 0 1 2 3$' "$CCGPU" cluster --ctas 10 --clusters 3
expect_output balanced_last 'cluster 2 +\(3 CTAs\): 7 8 9$' "$CCGPU" cluster --ctas 10 --clusters 3
expect_output xindex 'cluster 0 +\(2 CTAs\): \(0,0\) \(0,1\)' "$CCGPU" cluster --grid 3x2 --clusters 3 --index x
expect_output tile 'cluster 1 +\(4 CTAs\): \(2,0\) \(3,0\) \(2,1\) \(3,1\)' \
    "$CCGPU" cluster --grid 4x4 --clusters 4 --index tile
expect_fail no_clusters 'required' "$CCGPU" cluster --ctas 10
expect_fail bad_grid "bad value '3y2' for --grid" "$CCGPU" cluster --grid 3y2 --clusters 2
expect_fail bad_index "bad value 'z' for --index" "$CCGPU" cluster --ctas 4 --clusters 2 --index z
expect_fail zero "bad value '0' for --clusters" "$CCGPU" cluster --ctas 4 --clusters 0
expect_output examples_mm '^[0-9]+ clustered runs, 0 differ from the original' \
    "$CCGPU" cluster --examples mm --sms 3
expect_fail examples_unknown "no example 'fft'" "$CCGPU" cluster --examples fft
# (exit status 0 also means every clustered run matched the original)
expect_output examples_timing_stats 'syrk +agent \(x, 1 active\) +[0-9]+ +[0-9]+' \
    "$CCGPU" cluster --examples syrk --timing --small --config configs/ccws.cfg
summary
