# ccgpu build. `make` builds build/ccgpu, build/libccgpu.a, build/libccgpu.so
# and the CUDA runtime build/lib/libcudart.so.13 (docs/cuda-runtime.md), no
# tests; `make check` builds the test programs and runs every test in a
# normal build (gcc) and a sanitizer build (clang, ASan+UBSan).
# Sources are found by wildcard so adding a file never means editing this file.

CC      ?= cc
BUILD   ?= build
# -O3: its vectoriser takes the engine's 32-lane loops (8% fewer host
# instructions than -O2 on bfs, docs/internals.md); no option that changes
# floating-point results (no -ffast-math), so statistics are the same.
OPT     ?= -O3 -g
SAN     ?=
WARN    := -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes -Wmissing-prototypes
# Link-time optimisation of the ccgpu command (GCC only: 5% less CPU time,
# 2-3% fewer host instructions, docs/internals.md): objects carry both GCC's IR
# and machine code, so the libraries and test programs link as usual.
# `make LTO=` turns it off; the sanitizer and fuzzing builds do.
ifeq ($(origin LTO),undefined)
LTO     := $(if $(SAN),,$(shell $(CC) --version 2>/dev/null | grep -q 'Free Software Foundation' && echo '-flto=auto -ffat-lto-objects'))
endif
NO_LTO  := $(if $(LTO),-fno-lto) # test programs link the machine code, quickly
CFLAGS  := -std=c11 $(WARN) $(OPT) $(SAN) -D_POSIX_C_SOURCE=200809L -Iinclude -Isrc -Ibench $(EXTRA_CFLAGS)
LDLIBS  := -lm -ldl -lpthread
# policies loaded with dlopen (plugin:PATH.so) resolve the policy API's
# functions (include/ccgpu_policy.h) in the program that loads them
EXPORT  := -rdynamic

LIB_SRC   := $(sort $(filter-out src/cli/%,$(wildcard src/*/*.c src/*/*/*.c)) $(wildcard bench/*/*.c) $(wildcard bench/*.c))
CLI_SRC   := $(sort $(wildcard src/cli/*.c))
TEST_SRC  := $(sort $(wildcard tests/*.c))
# PTX files (and the ptxas register figures beside them) are embedded into the
# library so the command runs from any directory.
PTX_FILES := $(sort $(wildcard bench/*/*.ptx) $(wildcard bench/*/*.regs) \
               $(wildcard cuda/examples/*.ptx) $(wildcard cuda/examples/*.regs) $(wildcard tests/ptx/*.ptx) \
               $(wildcard configs/sass/*.txt))

LIB_OBJ   := $(LIB_SRC:%.c=$(BUILD)/obj/%.o) $(PTX_FILES:%=$(BUILD)/embed/%.o) $(BUILD)/embed/ptx_table.o
CLI_OBJ   := $(CLI_SRC:%.c=$(BUILD)/obj/%.o)
TEST_BINS := $(TEST_SRC:tests/%.c=$(BUILD)/tests/%)

# The CUDA runtime: the simulator without the CLI, benchmarks and embedded
# PTX, compiled position-independent into its own object tree. Never with
# the sanitizers: nvcc-built programs that load it are not instrumented (the
# sanitizer build tests the same sources through libccgpu.a instead).
CUDART_LIB := $(BUILD)/lib/libcudart.so.13
# (the CTA policies use the AWSS packers and the clustering arithmetic of src/cta)
PIC_CTA   := $(wildcard src/cta/awss*.c src/cta/binpack_*.c) src/cta/cluster.c src/cta/follow.c
PIC_SRC   := $(sort $(filter-out src/util/embedded.c,$(wildcard $(addprefix src/,$(addsuffix /*.c,ptx gpu timing mem power policy policy/* analysis util cudart trace)))) $(PIC_CTA))
PIC_OBJ   := $(PIC_SRC:%.c=$(BUILD)/pic/%.o)
PIC_CFLAGS := $(filter-out $(SAN),$(CFLAGS)) -fPIC

# Objects depend on the compiler and flags they were built with: a build
# tree made with another OPT or SAN is rebuilt, not silently mixed.
FLAGS_STAMP := $(BUILD)/flags.stamp
FLAGS_NOW   := $(CC) $(CFLAGS) $(LTO) | $(PIC_CFLAGS)
$(shell mkdir -p $(BUILD) && { echo '$(FLAGS_NOW)' | cmp -s - $(FLAGS_STAMP) || echo '$(FLAGS_NOW)' >$(FLAGS_STAMP); })

.PHONY: all lib cudart tests check check-fast check-identical clean bench-speed bench-threads ptx fuzz fuzz-build install pgo
# keep generated embed sources (else make deletes them as intermediates and rebuilds)
.SECONDARY:
all: $(BUILD)/ccgpu $(CUDART_LIB) $(BUILD)/lib/libcudart.so $(BUILD)/libccgpu.so
cudart: $(CUDART_LIB) $(BUILD)/lib/libcudart.so

lib: $(BUILD)/libccgpu.a
tests: $(TEST_BINS)

# Rebuilt from scratch: `ar r` never drops members whose source was removed.
$(BUILD)/libccgpu.a: $(LIB_OBJ)
	@mkdir -p $(@D)
	@rm -f $@
	@echo "  AR      $@"
	@$(AR) rcs $@ $^

$(BUILD)/ccgpu: $(CLI_OBJ) $(BUILD)/libccgpu.a
	@echo "  LD      $@"
	+@$(CC) $(CFLAGS) $(LTO) $(EXPORT) -o $@ $(CLI_OBJ) $(BUILD)/libccgpu.a $(LDLIBS)

$(CUDART_LIB): $(PIC_OBJ) src/cudart/libcudart.map
	@mkdir -p $(@D)
	@echo "  LD      $@"
	@$(CC) -shared -Wl,-soname,libcudart.so.13 -Wl,--version-script=src/cudart/libcudart.map \
	    -Wl,--no-undefined -o $@ $(PIC_OBJ) $(LDLIBS) -lpthread

# The simulator as a shared library for host programs (include/ccgpu.h):
# the CUDA runtime's position-independent objects without the runtime.
CORE_PIC_OBJ := $(filter-out $(BUILD)/pic/src/cudart/%,$(PIC_OBJ))
$(BUILD)/libccgpu.so: $(CORE_PIC_OBJ)
	@mkdir -p $(@D)
	@echo "  LD      $@"
	@$(CC) -shared -Wl,-soname,libccgpu.so -Wl,--no-undefined -o $@ $(CORE_PIC_OBJ) $(LDLIBS)

# make install PREFIX=DIR: the command, the libraries, both headers and a
# pkg-config file (so plugins and host programs build with
# `cc $(pkg-config --cflags --libs ccgpu)`; docs/extending.md).
PREFIX ?= /usr/local
install: $(BUILD)/ccgpu $(BUILD)/libccgpu.a $(BUILD)/libccgpu.so
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/lib/pkgconfig $(DESTDIR)$(PREFIX)/include
	install -m 755 $(BUILD)/ccgpu $(DESTDIR)$(PREFIX)/bin/ccgpu
	install -m 644 $(BUILD)/libccgpu.a $(DESTDIR)$(PREFIX)/lib/libccgpu.a
	install -m 755 $(BUILD)/libccgpu.so $(DESTDIR)$(PREFIX)/lib/libccgpu.so
	install -m 644 include/ccgpu.h include/ccgpu_policy.h $(DESTDIR)$(PREFIX)/include/
	sed -e 's|@PREFIX@|$(PREFIX)|' -e "s|@VERSION@|$$(sed -n 's/.*return \"\(.*\)\";/\1/p' src/gpu/version.c)|" \
	    tools/ccgpu.pc.in >$(DESTDIR)$(PREFIX)/lib/pkgconfig/ccgpu.pc

$(BUILD)/lib/libcudart.so: $(CUDART_LIB)
	@ln -sf libcudart.so.13 $@

$(BUILD)/pic/%.o: %.c $(FLAGS_STAMP)
	@mkdir -p $(@D)
	@echo "  CC -fPIC $<"
	@$(CC) $(PIC_CFLAGS) -MMD -MP -c -o $@ $<

$(BUILD)/tests/%: tests/%.c $(wildcard tests/*.h) $(wildcard tests/fuzz/*.[ch]) $(BUILD)/libccgpu.a $(FLAGS_STAMP)
	@mkdir -p $(@D)
	@echo "  TEST    $<"
	@$(CC) $(CFLAGS) $(NO_LTO) $(EXPORT) -Itests -o $@ $< $(BUILD)/libccgpu.a $(LDLIBS)

$(BUILD)/obj/%.o: %.c $(FLAGS_STAMP)
	@mkdir -p $(@D)
	@echo "  CC      $<"
	@$(CC) $(CFLAGS) $(LTO) -MMD -MP -c -o $@ $<

# --- embedded PTX -----------------------------------------------------------
$(BUILD)/tools/embed: tools/embed.c
	@mkdir -p $(@D)
	$(CC) -std=c11 -O1 -o $@ $<

$(BUILD)/embed/%.c: % $(BUILD)/tools/embed
	@mkdir -p $(@D)
	@echo "  EMBED   $<"
	@$(BUILD)/tools/embed $< $@

$(BUILD)/embed/ptx_table.c: $(BUILD)/tools/embed Makefile $(PTX_FILES)
	@mkdir -p $(@D)
	$(BUILD)/tools/embed --table $@ $(PTX_FILES)

$(BUILD)/embed/%.o: $(BUILD)/embed/%.c
	@$(CC) $(CFLAGS) -Wno-overlength-strings -c -o $@ $<

ptx:
	$(MAKE) -C bench ptx
	$(MAKE) -C cuda/examples ptx

# Simulator speed figures (callgrind host instructions per warp instruction);
# SIZE=small for a quick look.
SIZE ?= medium
bench-speed: $(BUILD)/ccgpu
	tools/bench-speed.sh $(BUILD) $(SIZE)

# The lookahead mode's wall-clock speed-up on more threads, and that its
# statistics do not change (docs/parallel.md; THREADS="2 4", ROUNDS, BENCHES,
# SCHEDS and MAX_CYCLE set what runs). Wall times: run it on a quiet machine.
bench-threads: $(BUILD)/ccgpu
	tools/bench-threads.sh $(BUILD) $(SIZE)

# Speed work must not change a result: every benchmark's statistics JSON at
# medium (gto, ccws, swl:2, lrr on configs/ccws.cfg) against the checksums
# recorded at 7046b68 (re-recorded when thread_instructions_exec was added).
# Too slow for `make check` (tens of minutes);
# tests/cli/509 does the same at small. JOBS runs in parallel.
JOBS ?= 2
check-identical: $(BUILD)/ccgpu
	tools/stats-identical.sh $(BUILD) medium tests/golden/stats-medium.sha256 $(JOBS)

# Profile-guided build of the command (gcc only; docs/internals.md): an
# instrumented build runs tools/pgo-train.sh, the build is redone with the
# profile, and the result must give every benchmark's statistics at small
# byte-identical to tests/golden/ (the compiler may reorder code, never change
# what it computes: no option here touches floating point). It rebuilds
# everything into PGO_BUILD (default build-pgo), three times the usual build.
PGO_BUILD ?= build-pgo
PGO_PROFILE = $(abspath $(PGO_BUILD))/profile
pgo:
	@$(CC) --version 2>/dev/null | grep -q 'Free Software Foundation' || \
	    { echo "pgo: needs gcc's profile feedback (CC=$(CC))" >&2; exit 2; }
	rm -rf $(PGO_PROFILE)
	$(MAKE) --no-print-directory BUILD=$(PGO_BUILD) \
	    EXTRA_CFLAGS="$(EXTRA_CFLAGS) -fprofile-generate=$(PGO_PROFILE) -fprofile-update=prefer-atomic" \
	    $(PGO_BUILD)/ccgpu
	tools/pgo-train.sh $(PGO_BUILD)/ccgpu
	$(MAKE) --no-print-directory BUILD=$(PGO_BUILD) \
	    EXTRA_CFLAGS="$(EXTRA_CFLAGS) -fprofile-use=$(PGO_PROFILE) -fprofile-partial-training -Wno-missing-profile" \
	    $(PGO_BUILD)/ccgpu
	tools/stats-identical.sh $(PGO_BUILD) small tests/golden/stats-small.sha256 $(JOBS)
	@echo "pgo: $(PGO_BUILD)/ccgpu"

# --- tests ------------------------------------------------------------------
# The README's test command. Normal build with $(CC), sanitizer build with clang
# when present (so both compilers are exercised), then one summary line.
SAN_CC := $(shell command -v clang >/dev/null 2>&1 && echo clang || echo $(CC))
check:
	$(MAKE) --no-print-directory BUILD=build all tests
	$(MAKE) --no-print-directory BUILD=build-san CC=$(SAN_CC) OPT="-O1 -g" \
	    SAN="-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer" all tests
	tests/run.sh build build-san

# Quicker loop while developing: normal build only.
check-fast:
	$(MAKE) --no-print-directory BUILD=build all tests
	tests/run.sh build

# --- fuzzing ----------------------------------------------------------------
# libFuzzer harnesses (tests/fuzz/NAME.c) built with clang into build-fuzz/,
# each run for FUZZ_SECONDS from its committed seeds (tools/fuzz.sh).
# `make check` replays the seeds and regression inputs without libFuzzer
# (tests/990_fuzz_replay.c).
FUZZ_SECONDS ?= 10
FUZZ_SAN   := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
FUZZ_NAMES := $(basename $(notdir $(wildcard tests/fuzz/*.c)))
fuzz: fuzz-build
	tools/fuzz.sh build-fuzz $(FUZZ_SECONDS)

fuzz-build:
	$(MAKE) --no-print-directory BUILD=build-fuzz CC=clang OPT="-O1 -g" \
	    SAN="$(FUZZ_SAN) -fsanitize=fuzzer-no-link" $(FUZZ_NAMES:%=build-fuzz/fuzz/%)

$(BUILD)/fuzz/%: tests/fuzz/%.c tests/fuzz/fuzz.h $(BUILD)/libccgpu.a
	@mkdir -p $(@D)
	@echo "  FUZZ    $<"
	@$(CC) $(CFLAGS) -DFUZZ_LIBFUZZER -fsanitize=fuzzer -Itests -o $@ $< $(BUILD)/libccgpu.a $(LDLIBS)

clean:
	rm -rf build build-san build-*

-include $(shell find $(BUILD)/obj $(BUILD)/pic -name '*.d' 2>/dev/null)
