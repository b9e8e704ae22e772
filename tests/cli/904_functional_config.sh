# One config file serves both modes: a functional run accepts (and validates)
# the timing model's options.
. "$(dirname "$0")/lib.sh"
root=$(cd "$(dirname "$0")/../.." && pwd)
for cfg in ccws sacat-gtx480 awss-fermi hopper; do
    expect_ok "functional_with_$cfg" "$CCGPU" run vecadd --functional --quiet --config "$root/configs/$cfg.cfg"
done
expect_fail functional_validates_timing_options "unknown warp scheduler 'nope'" \
    "$CCGPU" run vecadd --functional --quiet -o gpgpu_scheduler=nope
summary
