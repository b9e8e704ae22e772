# Every benchmark of bench/ built as a real CUDA program by nvcc and run
# unmodified on ccgpu's CUDA runtime (issue 12, acceptance): the driver of
# bench/NAME/NAME.c (its generated input, launches and CPU check) over the
# CUDA runtime API (tests/cudart/bench/ccgpu_on_cudart.c, bench_main.c), the
# kernels from bench/*/*.cu compiled by nvcc 13 with its default options, -G,
# -use_fast_math and -arch=sm_90; each must PASS, functional and timing. With
# the default options the PTX nvcc embeds is the committed bench/*/*.ptx
# (same nvcc release), and every kernel's cycles through the runtime must
# equal those of `ccgpu run NAME`. Skipped with a message without nvcc.
. "$(dirname "$0")/lib.sh"
repo=$(cd "$(dirname "$0")/../.." && pwd)
nvcc=$(command -v nvcc || ls /usr/local/cuda/bin/nvcc 2>/dev/null | head -n 1)
[ -n "$nvcc" ] || skip_all "nvcc-built benchmarks: nvcc not found (bench/*/*.cu are built as CUDA programs where CUDA is installed)"
cudainc=$(cd "$(dirname "$nvcc")/../include" 2>/dev/null && pwd)
[ -f "$cudainc/cuda_runtime_api.h" ] || skip_all "nvcc-built benchmarks: no cuda_runtime_api.h beside $nvcc"

out=$repo/build/nvcc-tests/bench
mkdir -p "$out"
here=$repo/tests/cudart/bench
cc=$(command -v cc || command -v gcc || command -v clang)

# the host side (drivers, input generators, checks, the API over CUDA's), once
# (the input loaders read files through the simulator's bounded reader)
host_src="$(ls "$repo"/bench/*/*.c "$repo"/bench/common/*.c) $repo/src/util/text_input.c $here/ccgpu_on_cudart.c $here/bench_main.c"
stale=0
[ -f "$out/libbenchhost.a" ] || stale=1
for f in $host_src "$repo"/bench/bench.h "$repo"/bench/benchmarks.def "$repo"/bench/common/*.h; do
    [ "$f" -nt "$out/libbenchhost.a" ] && stale=1
done
if [ $stale = 1 ]; then
    rm -f "$out"/*.o "$out/libbenchhost.a"
    ok=1
    for f in $host_src; do
        "$cc" -std=c11 -O1 -D_POSIX_C_SOURCE=200809L -I"$repo/include" -I"$repo/bench" -I"$repo/src" -I"$cudainc" \
            -c "$f" -o "$out/$(basename "$f" .c).o" 2>>"$out/host.err" || ok=0
    done
    [ $ok = 1 ] && ar rcs "$out/libbenchhost.a" "$out"/*.o
fi
expect_ok host_builds test -f "$out/libbenchhost.a"

# the device side: every bench/*/*.cu in one translation unit with its kernel table
sh "$here/gen_kernels.sh" "$repo" >"$tmpdir/bench_kernels.cu"
cmp -s "$tmpdir/bench_kernels.cu" "$out/bench_kernels.cu" || cp "$tmpdir/bench_kernels.cu" "$out/bench_kernels.cu"
build() { # VARIANT "NVCC FLAGS"
    local v=$1 flags=$2 f stale=0
    [ -x "$out/bench_$v" ] || stale=1
    for f in "$out/bench_kernels.cu" "$out/libbenchhost.a" "$repo"/bench/*/*.cu; do
        [ "$f" -nt "$out/bench_$v" ] && stale=1
    done
    if [ $stale = 1 ]; then
        # shellcheck disable=SC2086
        "$nvcc" -cudart shared --no-compress $flags -o "$out/bench_$v" "$out/bench_kernels.cu" \
            "$out/libbenchhost.a" -lm 2>"$out/bench_$v.err" || rm -f "$out/bench_$v"
    fi
}
build default "" & build G "-G" & wait
build fast "-use_fast_math" & build sm90 "-arch=sm_90" & wait

nbench=$(grep -c '^BENCH(' "$repo/bench/benchmarks.def")
# all_pass NAME MODE-OPTION PROGRAM: every benchmark prints PASS, none FAIL
all_pass() {
    local name=$1 mode=$2 prog=$3
    if [ ! -x "$prog" ]; then
        failed=$((failed + 1)); echo "FAIL $name: $prog was not built:"; head -5 "$prog.err"; return
    fi
    # shellcheck disable=SC2086
    "$CCGPU" exec $mode --quiet -- "$prog" >"$tmpdir/out" 2>"$tmpdir/err"
    local status=$? n
    n=$(grep -c '^PASS ' "$tmpdir/out")
    if [ $status = 0 ] && [ "$n" = "$nbench" ]; then passed=$((passed + 1))
    else
        failed=$((failed + 1)); echo "FAIL $name: exit $status, $n of $nbench PASS"
        grep -v '^PASS ' "$tmpdir/out" | head -5; head -5 "$tmpdir/err"
    fi
}
for v in default G fast sm90; do
    all_pass "bench_${v}_functional" --functional "$out/bench_$v"
done
for v in G fast sm90; do
    all_pass "bench_${v}_timing" "" "$out/bench_$v"
done

# default options, timing: each benchmark alone (a fresh GPU, as `ccgpu run`),
# PASS, and the cycles of every kernel launch equal to `ccgpu run NAME`'s
cycles() { grep -o '"cycles": [0-9]*' "$1" | tr '\n' ' '; }
release() { "$nvcc" --version | grep -o 'release [0-9.]*, V[0-9.]*'; }
committed=$(grep -o 'release [0-9.]*, V[0-9.]*' "$repo/bench/vecadd/vecadd.ptx")
same_ptx=0
[ "$(release)" = "$committed" ] && same_ptx=1
[ $same_ptx = 1 ] || echo "SKIP cycle comparison: nvcc is $(release), the committed PTX is from $committed"
for b in $("$CCGPU" list | awk '/^[a-z]/ {print $1}'); do
    expect_output "bench_default_timing_$b" "^PASS $b\$" \
        "$CCGPU" exec --quiet --json "$tmpdir/shim.json" -- "$out/bench_default" "$b"
    [ $same_ptx = 1 ] || continue
    "$CCGPU" run "$b" --quiet --json "$tmpdir/run.json" >/dev/null 2>&1
    shim=$(cycles "$tmpdir/shim.json") run=$(cycles "$tmpdir/run.json")
    if [ "$b" = blackscholes ]; then
        # its second launch is the -use_fast_math PTX (blackscholes_fast.ptx),
        # which one program built with the default options does not hold
        shim=$(cycles "$tmpdir/shim.json" | cut -d' ' -f1,2) run=$(cycles "$tmpdir/run.json" | cut -d' ' -f1,2)
    fi
    if [ -n "$run" ] && [ "$shim" = "$run" ]; then passed=$((passed + 1))
    else failed=$((failed + 1)); echo "FAIL bench_cycles_$b: through the runtime $shim, ccgpu run $run"; fi
done
summary
