#!/usr/bin/env bash
# Build Accel-Sim's trace-driven simulator (accel-sim.out) from its public
# source, against CUDA 12/13, with no network.
#
#   tools/accelsim/build.sh ACCELSIM_MIRROR GPGPUSIM_MIRROR INSTALL_DIR
#
# ACCELSIM_MIRROR  bare git mirror of accel-sim/accel-sim-framework
# GPGPUSIM_MIRROR  bare git mirror of accel-sim/gpgpu-sim_distribution
# INSTALL_DIR      where everything goes (created; must not hold a tree yet):
#   INSTALL_DIR/accel-sim-framework            the extracted, fixed sources
#   INSTALL_DIR/accel-sim-framework/gpu-simulator/gpgpu-sim   GPGPU-Sim in the
#                                              place Accel-Sim's setup looks
#   INSTALL_DIR/accel-sim.out                  link to the built simulator
#   INSTALL_DIR/configs/SM7_QV100/             gpgpusim.config, trace.config
#                                              and the .icnt file, together
#   INSTALL_DIR/smoke/                         a hand-written one-kernel trace
#
# Environment: CUDA (default /usr/local/cuda), ACCELSIM_REV (default dev),
# GPGPUSIM_REV (default dev), JOBS (make -j, default 2), SMOKE=0 to skip the
# smoke test. Tested: Debian 12, gcc 12.2, CUDA 13.0, accel-sim-framework dev
# 73f9fac (2024-10-08) with gpgpu-sim_distribution dev 667834cf (2024-10-07).
set -euo pipefail

usage() { sed -n '2,21p' "$0" | sed 's/^# \{0,1\}//'; exit 2; }
[ $# -eq 3 ] || usage
ASIM_GIT=$(cd "$1" && pwd)
GSIM_GIT=$(cd "$2" && pwd)
PREFIX=$3
CUDA=${CUDA:-/usr/local/cuda}
ACCELSIM_REV=${ACCELSIM_REV:-dev}
GPGPUSIM_REV=${GPGPUSIM_REV:-dev}
JOBS=${JOBS:-2}
log() { printf '\n=== %s\n' "$*"; }
die() { echo "build.sh: $*" >&2; exit 1; }

[ -x "$CUDA/bin/nvcc" ] || die "no nvcc in $CUDA/bin (set CUDA=...)"
for m in "$ASIM_GIT" "$GSIM_GIT"; do
    [ -f "$m/HEAD" ] && [ -d "$m/objects" ] || die "$m is not a bare git mirror"
done
for t in bison flex makedepend g++ make git; do
    command -v "$t" >/dev/null || die "missing build tool: $t (makedepend: apt-get install xutils-dev)"
done
[ -f /usr/include/zlib.h ] || die "missing zlib.h (apt-get install zlib1g-dev)"
mkdir -p "$PREFIX"
PREFIX=$(cd "$PREFIX" && pwd)
ROOT=$PREFIX/accel-sim-framework
SIM=$ROOT/gpu-simulator
GSIM=$SIM/gpgpu-sim
[ ! -e "$ROOT" ] || die "$ROOT exists; use a fresh INSTALL_DIR"

# 1. Sources: Accel-Sim's setup script expects GPGPU-Sim (its dev branch)
#    in gpu-simulator/gpgpu-sim.
log "extracting accel-sim-framework $ACCELSIM_REV and gpgpu-sim_distribution $GPGPUSIM_REV"
mkdir -p "$ROOT" "$GSIM"
git --git-dir="$ASIM_GIT" archive "$ACCELSIM_REV" | tar -x -C "$ROOT"
git --git-dir="$GSIM_GIT" archive "$GPGPUSIM_REV" | tar -x -C "$GSIM"
{
    echo "accel-sim-framework $(git --git-dir="$ASIM_GIT" rev-parse "$ACCELSIM_REV")"
    echo "gpgpu-sim_distribution $(git --git-dir="$GSIM_GIT" rev-parse "$GPGPUSIM_REV")"
} > "$PREFIX/source-commits"

# 2. Fixes, each checked to have applied (see tools/accelsim/README.md).
log "applying fixes"
must_change() {  # FILE DESCRIPTION: fail unless FILE differs from FILE.orig
    if cmp -s "$1" "$1.orig"; then die "fix '$2' did not apply to $1"; fi
    rm -f "$1.orig"
}
# 2a. GPGPU-Sim's setup refuses CUDA newer than 11.1; accept up to 13.9.
f=$GSIM/setup_environment; cp "$f" "$f.orig"
sed -i 's/CUDA_VERSION_NUMBER -gt 11100 /CUDA_VERSION_NUMBER -gt 13090 /' "$f"
must_change "$f" "CUDA version bound"
# 2b. CUDA 12 dropped texture references from its headers, GPGPU-Sim still
#     reads four of their fields: declare the type (CUDA 11's layout) when
#     the toolkit no longer does.
f=$GSIM/src/abstract_hardware_model.h; cp "$f" "$f.orig"
awk '/^struct textureReferenceAttr \{/ && !done {
        print "#if CUDART_VERSION >= 12000 && !defined(ACCELSIM_BUILD_TEXREF)"
        print "#define ACCELSIM_BUILD_TEXREF 1"
        print "#include \"builtin_types.h\""
        print "struct textureReference { /* CUDA 11 layout; removed in CUDA 12 */"
        print "  int normalized;"
        print "  enum cudaTextureFilterMode filterMode;"
        print "  enum cudaTextureAddressMode addressMode[3];"
        print "  struct cudaChannelFormatDesc channelDesc;"
        print "  int sRGB;"
        print "  unsigned int maxAnisotropy;"
        print "  enum cudaTextureFilterMode mipmapFilterMode;"
        print "  float mipmapLevelBias, minMipmapLevelClamp, maxMipmapLevelClamp;"
        print "  int disableTrilinearOptimization;"
        print "  int __cudaReserved[14];"
        print "};"
        print "#endif"
        done = 1
     }
     { print }' "$f.orig" > "$f"
must_change "$f" "textureReference declaration"
# 2c. cudaDeviceProp::clockRate is gone in CUDA 13: guard the one assignment.
f=$GSIM/libcuda/cuda_runtime_api.cc; cp "$f" "$f.orig"
sed -i 's|^\( *\)prop->clockRate = \(.*\);$|#if CUDART_VERSION < 13000\n\1prop->clockRate = \2;\n#endif|' "$f"
must_change "$f" "clockRate guard"
# 2d. Accel-Sim's setup clones pybind11 (for its Python wrapper, not used by
#     accel-sim.out) when extern/pybind11 is missing: an empty folder stops
#     the network access.
mkdir -p "$SIM/extern/pybind11"

# 3. Build. The setup scripts derive the library folder from gcc and nvcc.
log "building accel-sim.out (make -j$JOBS; GPGPU-Sim first, ~5 min on 2 cores)"
(
    set +eu
    export CUDA_INSTALL_PATH=$CUDA
    unset GPGPUSIM_ROOT GPGPUSIM_SETUP_ENVIRONMENT_WAS_RUN
    cd "$SIM"
    source ./setup_environment.sh > "$PREFIX/setup.log" 2>&1
    [ "$ACCELSIM_SETUP_ENVIRONMENT_WAS_RUN" = 1 ] || [ "$GPGPUSIM_SETUP_ENVIRONMENT_WAS_RUN" = 1 ] ||
        { cat "$PREFIX/setup.log"; echo "setup_environment.sh failed"; exit 1; }
    make -j"$JOBS" > "$PREFIX/build.log" 2>&1 ||
        { tail -40 "$PREFIX/build.log"; echo "build failed, see $PREFIX/build.log"; exit 1; }
    echo "GPGPUSIM_CONFIG=$GPGPUSIM_CONFIG" > "$PREFIX/lib-config"
)
BIN=$SIM/bin/release/accel-sim.out
[ -x "$BIN" ] || die "no $BIN after the build"
. "$PREFIX/lib-config"
LIBDIR=$GSIM/lib/$GPGPUSIM_CONFIG
# accel-sim.out needs GPGPU-Sim's libcudart.so at run time.
cat > "$PREFIX/accel-sim.out" <<WRAP
#!/bin/sh
LD_LIBRARY_PATH=$LIBDIR\${LD_LIBRARY_PATH:+:\$LD_LIBRARY_PATH} exec $BIN "\$@"
WRAP
chmod +x "$PREFIX/accel-sim.out"

# 4. The QV100 configuration in one folder (Accel-Sim runs take the GPGPU-Sim
#    file and its own trace.config, which adds the SASS latency classes).
mkdir -p "$PREFIX/configs/SM7_QV100"
cp "$GSIM"/configs/tested-cfgs/SM7_QV100/* "$PREFIX/configs/SM7_QV100/"
cp "$SIM"/configs/tested-cfgs/SM7_QV100/trace.config "$PREFIX/configs/SM7_QV100/"

# 5. Smoke test: one kernel of 2 CTAs x 1 warp, written here; accel-sim.out
#    must finish it and count its 2 x 4 warp instructions.
if [ "${SMOKE:-1}" != 0 ]; then
    log "smoke test (hand-written trace on SM7_QV100)"
    S=$PREFIX/smoke
    mkdir -p "$S"
    printf 'MemcpyHtoD,0x7f0000000000,256\nkernel-1.traceg\n' > "$S/kernelslist.g"
    {
        printf -- '-kernel name = smoke\n-kernel id = 1\n-grid dim = (2,1,1)\n-block dim = (32,1,1)\n'
        printf -- '-shmem = 0\n-nregs = 8\n-binary version = 70\n-cuda stream id = 0\n'
        printf -- '-shmem base_addr = 0x00007f1000000000\n-local mem base_addr = 0x00007f2000000000\n'
        printf -- '-nvbit version = 1.5.5\n-accelsim tracer version = 3\n\n#traces format = PC mask dest_num [reg_dests] opcode src_num [reg_srcs] mem_width [adrrescompress?] [mem_addresses]\n\n'
        for b in 0 1; do
            printf '#BEGIN_TB\n\nthread block = %d,0,0\n\nwarp = 0\ninsts = 4\n' $b
            printf '0000 ffffffff 1 R1 S2R 0 0\n'
            printf '0010 ffffffff 1 R2 LDG.E 1 R4 4 1 0x7f00000000%02x 4\n' $((b * 128))
            printf '0020 ffffffff 1 R3 FADD 2 R2 R1 0\n'
            printf '0030 ffffffff 0 EXIT 0 0\n#END_TB\n\n'
        done
    } > "$S/kernel-1.traceg"
    cp "$PREFIX"/configs/SM7_QV100/* "$S/"   # the .icnt file is read from the cwd
    (
        cd "$S"
        "$PREFIX/accel-sim.out" -trace ./kernelslist.g \
            -config gpgpusim.config -config trace.config > run.log 2>&1 ||
            { tail -30 run.log; die "smoke run failed ($S/run.log)"; }
        grep -E 'gpu_sim_cycle|gpu_tot_sim_insn|gpgpu_n_tot_w_icount' run.log | tail -3
        grep -q '^gpgpu_n_tot_w_icount = 8$' run.log ||
            { tail -30 run.log; die "smoke run did not count 8 warp instructions ($S/run.log)"; }
    )
    echo "smoke: PASS"
fi

cat <<DONE

=== done. Run a trace from a folder holding the configuration (GPGPU-Sim
    opens the interconnect file named in gpgpusim.config from the cwd):
  cp $PREFIX/configs/SM7_QV100/* RUNDIR/ && cd RUNDIR
  $PREFIX/accel-sim.out -trace DIR/kernelslist.g -config gpgpusim.config -config trace.config
DONE
