# ccgpu cachesim: worked examples through the text form, binary round trip,
# JSON, and one-line errors with the right exit status.
. "$(dirname "$0")/lib.sh"

# expect_status NAME CODE CMD...: exits with CODE and one line on stderr
expect_status() {
    local name=$1 code=$2; shift 2
    "$@" >"$tmpdir/out" 2>"$tmpdir/err"
    local status=$?
    if [ $status -ne "$code" ] || [ "$(wc -l <"$tmpdir/err")" -ne 1 ]; then
        failed=$((failed + 1)); echo "FAIL $name: exit $status (want $code), stderr:"; cat "$tmpdir/err"
    else passed=$((passed + 1)); fi
}

seq_trace() { # blocks... -> text trace of reads by warp 0
    for b in "$@"; do echo "0 $b"; done
}
seq_trace 0 1 2 0 1 2 0 1 >"$tmpdir/abc.txt"
seq_trace 7 0 1 2 0 3 0 4 2 3 0 3 2 1 2 0 1 7 0 1 >"$tmpdir/seq20.txt"

fa2="--size 256 --assoc full"
fa4="--size 512 --assoc full"
expect_output abc_lru '^misses +8 ' "$CCGPU" cachesim --text "$tmpdir/abc.txt" $fa2 --policy lru
expect_output abc_opt '^misses +5 ' "$CCGPU" cachesim --text "$tmpdir/abc.txt" $fa2 --policy opt
expect_output abc_bypass '^misses +4 ' "$CCGPU" cachesim --text "$tmpdir/abc.txt" $fa2 --policy opt-bypass
expect_output seq_lru '^misses +8 ' "$CCGPU" cachesim --text "$tmpdir/seq20.txt" $fa4 --policy lru
expect_output seq_opt '^misses +8 ' "$CCGPU" cachesim --text "$tmpdir/seq20.txt" $fa4 --policy opt
expect_output seq_bypass '^misses +7 ' "$CCGPU" cachesim --text "$tmpdir/seq20.txt" $fa4 --policy opt-bypass

# CACM Fig. 3/4: W0 touches lines 0-3, W1 4-7, W2 8-11, two loads each
{
    echo "# round robin"
    for w in 0 1 2 0 1 2; do for j in 0 1 2 3; do echo "$w $((4 * w + j)) r 0xff"; done; done
} >"$tmpdir/rr.txt"
{
    for w in 0 0 1 1 2 2; do for j in 0 1 2 3; do echo "$w $((4 * w + j))"; done; done
} >"$tmpdir/aware.txt"
expect_output cacm_rr_lru '^hits +0 ' "$CCGPU" cachesim --text "$tmpdir/rr.txt" $fa4
expect_output cacm_rr_opt '^hits +4 ' "$CCGPU" cachesim --text "$tmpdir/rr.txt" $fa4 --policy opt
expect_output cacm_aware '^hits +12 ' "$CCGPU" cachesim --text "$tmpdir/aware.txt" $fa4
expect_output cacm_aware_intra '^  intra-warp hits +12 +12' \
    "$CCGPU" cachesim --text "$tmpdir/aware.txt" $fa4 --locality
expect_output cacm_rr_unbounded_intra '^  intra-warp hits +0 +12' \
    "$CCGPU" cachesim --text "$tmpdir/rr.txt" $fa4 --locality
expect_output reuse_curve '^  8-15 +12 +16 +12$' "$CCGPU" cachesim --text "$tmpdir/rr.txt" --locality
expect_output unbounded '^misses +12 ' "$CCGPU" cachesim --text "$tmpdir/rr.txt" --unbounded

# the timing model's own policy code: same answer as the built-in LRU
expect_output repl_lru '^misses +8 ' "$CCGPU" cachesim --text "$tmpdir/seq20.txt" $fa4 --policy repl:lru
expect_output repl_named 'policy repl:random:5' "$CCGPU" cachesim --text "$tmpdir/seq20.txt" --policy repl:random:5
expect_status repl_unknown 2 "$CCGPU" cachesim --text "$tmpdir/seq20.txt" --policy repl:nosuch

# writes: R A, W A (hit, invalidates), R A (miss)
printf '0 5 r\n0 5 w\n0 5 r\n' >"$tmpdir/w.txt"
expect_output write_evict '^misses +2 ' "$CCGPU" cachesim --text "$tmpdir/w.txt"
expect_output write_allocate '^misses +1 ' "$CCGPU" cachesim --text "$tmpdir/w.txt" --writes allocate
expect_output write_ignore '^accesses +2 ' "$CCGPU" cachesim --text "$tmpdir/w.txt" --writes ignore

# binary round trip and JSON
expect_ok convert "$CCGPU" cachesim --text "$tmpdir/abc.txt" --insts 100 --convert "$tmpdir/abc.trc"
expect_output binary_opt '^misses +5 ' "$CCGPU" cachesim "$tmpdir/abc.trc" $fa2 --policy opt
expect_output binary_mpki '^MPKI +50\.000' "$CCGPU" cachesim "$tmpdir/abc.trc" $fa2 --policy opt
expect_ok json "$CCGPU" cachesim "$tmpdir/abc.trc" $fa2 --policy opt --locality --json "$tmpdir/r.json"
if grep -q '"misses": 5,' "$tmpdir/r.json" && grep -q '"mpki": 50.000000' "$tmpdir/r.json"; then
    passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL json content"; cat "$tmpdir/r.json"; fi
if command -v python3 >/dev/null; then
    if python3 -c 'import json,sys; json.load(open(sys.argv[1]))' "$tmpdir/r.json"; then
        passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL json does not parse"; fi
fi

# --dump gives the text form back; --json - gives only JSON
"$CCGPU" cachesim "$tmpdir/abc.trc" --dump >"$tmpdir/dump.txt"
expect_output dump_round_trip '^misses +5 ' "$CCGPU" cachesim --text "$tmpdir/dump.txt" $fa2 --policy opt
expect_output dump_lines '^0 0x2 r 0xffffffff  # 0 0 0 0x0 0 global$' cat "$tmpdir/dump.txt"
expect_output json_only '^\{"trace": ' "$CCGPU" cachesim "$tmpdir/abc.trc" --json -
if "$CCGPU" cachesim "$tmpdir/abc.trc" --json - | grep -q '^misses'; then
    failed=$((failed + 1)); echo "FAIL json_only has the summary"; else passed=$((passed + 1)); fi

# --line 256 on a 128-byte trace merges each instruction's neighbouring lines
seq_trace 0 1 2 3 >"$tmpdir/four.txt"
expect_ok convert_four "$CCGPU" cachesim --text "$tmpdir/four.txt" --convert "$tmpdir/four.trc"
expect_output coarser_line '^accesses +2 ' "$CCGPU" cachesim "$tmpdir/four.trc" --line 256
expect_output coarser_line_size '256 B lines' "$CCGPU" cachesim "$tmpdir/four.trc" --line 256

# errors: one line, exit 1 for bad input files, 2 for bad arguments
expect_status missing_file 1 "$CCGPU" cachesim "$tmpdir/nosuch.trc"
expect_fail missing_file_named "nosuch.trc: cannot open" "$CCGPU" cachesim "$tmpdir/nosuch.trc"
head -c 70 "$tmpdir/abc.trc" >"$tmpdir/trunc.trc"
expect_status truncated 1 "$CCGPU" cachesim "$tmpdir/trunc.trc"
expect_fail truncated_named "trunc.trc: truncated" "$CCGPU" cachesim "$tmpdir/trunc.trc"
head -c 40 "$tmpdir/abc.trc" >"$tmpdir/trunc2.trc"
expect_fail truncated_header "trunc2.trc: truncated header" "$CCGPU" cachesim "$tmpdir/trunc2.trc"
expect_fail bad_magic "abc.txt: bad magic" "$CCGPU" cachesim "$tmpdir/abc.txt"
size=$(wc -c <"$tmpdir/abc.trc")
{ head -c $((size - 3)) "$tmpdir/abc.trc"; printf 'X'; tail -c 2 "$tmpdir/abc.trc"; } >"$tmpdir/flip.trc"
expect_status corrupt 1 "$CCGPU" cachesim "$tmpdir/flip.trc" --policy opt
expect_fail corrupt_named "flip.trc: checksum mismatch" "$CCGPU" cachesim "$tmpdir/flip.trc"
"$CCGPU" cachesim "$tmpdir/flip.trc" --dump >"$tmpdir/out" 2>/dev/null
if [ -s "$tmpdir/out" ]; then failed=$((failed + 1)); echo "FAIL corrupt dump printed records"
else passed=$((passed + 1)); fi
expect_status unknown_policy 2 "$CCGPU" cachesim "$tmpdir/abc.trc" --policy belady
expect_fail unknown_policy_named "unknown policy 'belady'" "$CCGPU" cachesim "$tmpdir/abc.trc" --policy belady
expect_status unknown_option 2 "$CCGPU" cachesim "$tmpdir/abc.trc" --frob
expect_status bad_size 2 "$CCGPU" cachesim "$tmpdir/abc.trc" --size 12Q
expect_status bad_shape 2 "$CCGPU" cachesim "$tmpdir/abc.trc" --size 1000
expect_status bad_assoc 2 "$CCGPU" cachesim "$tmpdir/abc.trc" --assoc 3
expect_status bad_kinds 2 "$CCGPU" cachesim "$tmpdir/abc.trc" --kinds global,bogus
expect_status bad_local_writes 2 "$CCGPU" cachesim "$tmpdir/abc.trc" --local-writes sometimes
expect_output kinds_excluded '^excluded +8 ' "$CCGPU" cachesim "$tmpdir/abc.trc" --kinds local
expect_output local_writes_shown 'writes evict \(local allocate\)' \
    "$CCGPU" cachesim "$tmpdir/abc.trc" --local-writes allocate
expect_status bad_index 2 "$CCGPU" cachesim "$tmpdir/abc.trc" --sets-index nosuch
expect_status finer_line 2 "$CCGPU" cachesim "$tmpdir/abc.trc" --line 64
expect_status missing_value 2 "$CCGPU" cachesim "$tmpdir/abc.trc" --policy
expect_status no_trace 2 "$CCGPU" cachesim --policy lru
expect_status two_traces 2 "$CCGPU" cachesim "$tmpdir/abc.trc" --text "$tmpdir/abc.txt"
printf '0 1\n0 two\n' >"$tmpdir/bad.txt"
expect_fail bad_text_line "bad.txt:2: expected 'warp block" "$CCGPU" cachesim --text "$tmpdir/bad.txt"
expect_output help '^usage: ccgpu cachesim' "$CCGPU" cachesim --help
summary
