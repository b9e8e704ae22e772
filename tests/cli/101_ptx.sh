# ccgpu ptx: lists the kernels of a good file, FILE:LINE on a bad one.
. "$(dirname "$0")/lib.sh"
root="$(cd "$(dirname "$0")/../.." && pwd)"
good="$root/tests/ptx/vecadd.ptx"
expect_output ptx_lists_kernel '^kernel _Z6vecaddPKfS0_Pfi$' "$CCGPU" ptx "$good"
expect_output ptx_lists_params '_param_3 +\.u32 size 4 offset 24' "$CCGPU" ptx "$good"
expect_output ptx_registers '^  registers: [0-9]+' "$CCGPU" ptx "$good"
expect_output ptx_shared '^  static shared: 1088 bytes' "$CCGPU" ptx "$root/tests/ptx/memory.ptx"
expect_output ptx_dynamic_shared '^  dynamic shared: yes, from offset 1088' "$CCGPU" ptx "$root/tests/ptx/memory.ptx"
expect_output ptx_dump_reconv 'bra .*// reconv' "$CCGPU" ptx --dump "$good"
expect_output ptx_dump_symbols '^  shared +buf +size 0 +align 16 +offset 1088 +\(module\) extern' "$CCGPU" ptx --dump "$root/tests/ptx/memory.ptx"
# ptxas figures committed beside a benchmark's PTX are shown with the estimate
if [ -f "$root/bench/matmul/matmul.regs" ]; then
    expect_output ptx_ptxas_figures '^  registers: [0-9]+ \(ptxas; [0-9]+ estimated' "$CCGPU" ptx "$root/bench/matmul/matmul.ptx"
fi
expect_output ptx_opcodes '^  mad\.lo\.s32 +1$' "$CCGPU" ptx --opcodes "$good"
expect_output ptx_debug_build '^kernel _Z6localsPii$' "$CCGPU" ptx "$root/tests/ptx/control_g.ptx"

bad="$tmpdir/bad.ptx"
printf '.version 9.0\n.target sm_75\n.address_size 64\n.visible .entry k()\n{\nfrob.u32 %%r1;\nret;\n}\n' >"$bad"
expect_fail ptx_bad_opcode "^$bad:6: unknown opcode 'frob.u32'$" "$CCGPU" ptx "$bad"
printf '.version 9.0\n.target sm_75\n.visible .entry k()\n{\n.reg .b32 %%r<2>;\nadd.s32 %%r1, %%r7, 1;\nret;\n}\n' >"$bad"
expect_fail ptx_bad_register "^$bad:6: undeclared register '%r7'$" "$CCGPU" ptx "$bad"
# parsed but refused by the engine (a call to malloc): the engine's FILE:LINE
expect_fail ptx_engine_rejects "idioms.ptx:[0-9]+: .*" "$CCGPU" ptx "$root/tests/ptx/idioms.ptx"
expect_output ptx_parse_only '^kernel cfun$' "$CCGPU" ptx --parse-only "$root/tests/ptx/idioms.ptx"
expect_fail ptx_missing_file "nosuch.ptx: cannot open" "$CCGPU" ptx "$tmpdir/nosuch.ptx"
expect_fail ptx_usage "usage: ccgpu ptx" "$CCGPU" ptx
# exactly one line on stderr for a bad file
"$CCGPU" ptx "$bad" >/dev/null 2>"$tmpdir/err1"
if [ "$(wc -l <"$tmpdir/err1")" -eq 1 ]; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL one_line_error"; fi
# an empty file or one with only comments is not a module (issue #16)
: > "$tmpdir/empty.ptx"
expect_fail empty_file 'empty.ptx:1: no PTX here: no .version directive and nothing declared' \
    "$CCGPU" ptx "$tmpdir/empty.ptx"
printf '// just a comment\n\n' > "$tmpdir/comment.ptx"
expect_fail comment_only 'comment.ptx:1: no PTX here' "$CCGPU" ptx "$tmpdir/comment.ptx"
summary
