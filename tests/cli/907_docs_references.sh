# Stale references in the manual: scans README.md and docs/**/*.md and fails
# naming each reference to something that does not exist:
#  - `ccgpu COMMAND` in code (spans and blocks): a subcommand of ccgpu --help;
#  - a --flag after `ccgpu COMMAND` on the same code line: accepted by it;
#  - a config option given as `-o NAME=...`, or a code span or a code-block
#    line `NAME VALUE` whose NAME looks like an option (gpgpu_*, ccgpu_*,
#    mem_*, icnt_*, dram_*, ptx_opcode_*): one the simulator reads or a
#    GPGPU-Sim option it accepts (docs/config-options.md, checked below to be
#    the generator's output);
#  - a repository path (src/ tests/ tools/ configs/ bench/ include/ examples/
#    cuda/ docs/): a file or folder that exists;
#  - a relative Markdown link [text](target): the target exists;
# and that no page is longer than 400 lines (generated pages excepted).
# docs/config-options.md must equal tools/config-options.sh's output.
# The checker is first run on a deliberately broken page, which must fail
# with each kind of error, so the test cannot pass vacuously.
. "$(dirname "$0")/lib.sh"
command -v python3 >/dev/null || skip_all "python3 not found (needed to parse the Markdown)"
root=$(cd "$(dirname "$0")/../.." && pwd)

cat >"$tmpdir/check.py" <<'EOF'
import os, re, subprocess, sys, glob
ccgpu, root = os.environ["CCGPU"], os.environ["ROOT"]
MAX_LINES = 400
# generated pages: exempt from the length limit
# (a reproduce report, docs/results/*/report.md, is held to the limit: it keeps
# the values with a paper number and links each figure's values.md)
GENERATED = ("docs/config-options.md", "docs/command-reference.md", "docs/ptx-support.md",
             "docs/results/*/*/values.md")
# references to work that another branch adds: tolerated while absent, and
# checked as everything else once present (remove an entry when it lands)
PENDING_CMDS = set()
# words after "ccgpu" that are not commands, and GPGPU-Sim's statistics,
# which look like options
NOT_CMDS = {"simulated"}  # "ccgpu simulated GPU", the CUDA device name
NOT_OPTS = {"gpgpu_n_tot_w_icount", "gpgpu_simulation_rate",
            # energy events, keys of a power file (docs/energy.md)
            "dram_read", "dram_write", "dram_activate"}
PENDING_PATHS = ("docs/results/",)

def run(args, timeout=10):
    try:
        p = subprocess.run([ccgpu] + args, capture_output=True, text=True, timeout=timeout,
                           stdin=subprocess.DEVNULL)
        return p.returncode, p.stdout, p.stderr
    except subprocess.TimeoutExpired:
        return -1, "", "timeout"

errors = []
def fail(where, msg): errors.append(f"{where}: {msg}")

_, helptext, _ = run(["--help"])
subs = set(re.findall(r"^  ([a-z][a-z-]*) ", helptext, re.M))
if len(subs) < 5: fail("ccgpu --help", "cannot read the subcommands")

# option names: the generated reference (read options and GPGPU-Sim's)
known_opts = set(re.findall(r"`([A-Za-z][\w:]*)`", open(os.path.join(root, "docs/config-options.md")).read()))
opt_cache = {}
PLACEHOLDERS = {"key", "KEY", "name", "NAME", "option", "OPTION"}
def opt_known(name):
    if name in known_opts or name in PLACEHOLDERS or name in NOT_OPTS or "::" in name: return True
    if name not in opt_cache:  # an alias the parser maps (gmem_skip_L1D)
        rc, o, e = run(["config", "-o", name + "=1"])
        opt_cache[name] = not re.search(r"unknown option '?" + re.escape(name) + r"\b", e)
    return opt_cache[name]
# identifiers of the C sources (functions, fields, statistics' C names), string
# literals left out: a code span naming one names code, not an option
src_words = set()
for pat in ("src/**/*.[ch]", "include/**/*.h", "tools/**/*.[ch]"):
    for fn in glob.glob(os.path.join(root, pat), recursive=True):
        text = re.sub(r'"(?:[^"\\\n]|\\.)*"', '""', open(fn, errors="replace").read())
        src_words.update(re.findall(r"\b(?:gpgpu|ccgpu|mem|icnt|dram|ptx_opcode)_\w+", text))
# policy names given to a policy option, and compare's --sched presets
POLICY_OPTS = ("gpgpu_scheduler", "ccgpu_cta_sched", "ccgpu_bypass", "ccgpu_l1_repl",
               "ccgpu_l1_index", "ccgpu_l2_repl", "ccgpu_l2_index")
pol_cache = {}
def policy_ok(name, value):
    key = (name, value)
    if key not in pol_cache:
        rc, o, e = run(["config", "-o", name + "=" + value])
        pol_cache[key] = (rc == 0 or not re.search(
            r"unknown (warp scheduler|CTA dispatch policy|bypass policy|replacement policy|cache index function)", e), e.strip())
    return pol_cache[key]
presets = set(re.findall(r'^\s*\{ "([\w+-]+)", "', open(os.path.join(root, "src/cli/ccws_runs.c")).read(), re.M))
# an option name anywhere in the text (prose included)
OPT_ANY = re.compile(r"(?<![\w/.$-])((?:gpgpu|ccgpu|mem|icnt|dram)_[a-z0-9_]*[a-z0-9](?::[a-z0-9]+)?)(?![\w(.:]|/)")
OPT_NAME = re.compile(r"^(?:gpgpu|ccgpu|mem|icnt|dram|ptx_opcode)_[\w:]*[A-Za-z0-9]$")

# A flag is known when the command's parser goes on past it to a bogus flag
# (and names that one), or complains about this flag's value; never by
# --help, which some commands do not know (they would run).
flag_cache = {}
def flag_ok(sub, flag, value):
    key = (sub, flag)
    if key not in flag_cache:
        # the documented value, none, or a dummy one (a flag that takes a
        # value would otherwise take the bogus flag as its value)
        vals = ([value] if value and not value.startswith(("[", "<", "(")) else []) + [None, "1"]
        ok = False
        for v in vals:
            args = [sub, flag] + ([v] if v else []) + ["--zz-docs-bogus"]
            rc, o, e = run(args, timeout=5)
            if not re.search(r"unknown option '?" + re.escape(flag) + r"\b", e) and \
                    (rc == 0 or "--zz-docs-bogus" in e or flag in e):
                ok = True; break
        flag_cache[key] = ok
    return flag_cache[key]

def code_of(lines):
    """(line number, text, in_block) of fenced blocks' lines and inline spans"""
    fence, prose, cont = False, [], None
    for n, line in enumerate(lines, 1):
        if re.match(r"^\s*(```|~~~)", line):
            fence = not fence; prose.append(""); continue
        if fence:
            prose.append("")
            cont = (cont[0], cont[1] + " " + line) if cont else (n, line)
            if cont[1].endswith("\\"):
                cont = (cont[0], cont[1][:-1]); continue
            yield cont[0], cont[1], True; cont = None
        else:
            prose.append(line)
    text = "\n".join(prose)
    for m in re.finditer(r"(`+)((?:(?!\n\s*\n).)+?)\1", text, re.S):
        yield text.count("\n", 0, m.start()) + 1, m.group(2), False

CMD_RE = re.compile(r"(?:^|(?<=[\s;|&(]))(?:\./)?(?:build/)?ccgpu\s+([a-z][a-z-]*)((?:[^;|&>#\n]*))")
PATH_RE = re.compile(r"(?<![\w/.~$-])((?:src|tests|tools|configs|bench|include|examples|cuda|docs)/[\w.*/{},+\[\]-]*[\w*/}\]])")
LINK_RE = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")

def path_exists(p):
    p = re.sub(r"(?<![A-Za-z0-9])[A-Z]+(?![A-Za-z0-9])", "*", p)  # NAME, NNN: patterns
    p = re.sub(r"^(tests/(?:cli/)?\d{3})$", r"\1_*", p)          # tests/cli/310: by number
    alts = [p]
    b = re.search(r"\{([^{}]*)\}", p)
    if b: alts = [p[:b.start()] + a + p[b.end():] for a in b.group(1).split(",")]
    return all(glob.glob(os.path.join(root, q)) for q in alts)

def pending(p): return any(p.startswith(x) for x in PENDING_PATHS)
# GPGPU-Sim's own tree, quoted as GPGPU-Sim's (validation.md, gpgpusim-build.md)
FOREIGN = ("configs/tested-cfgs", "configs/deprecated-cfgs", "src/cuda-sim", "src/gpgpu-sim",
           "src/abstract_hardware_model")

for doc in sys.argv[1:]:
    rel = os.path.relpath(doc, root)
    lines = open(doc, encoding="utf-8").read().split("\n")
    if lines and lines[-1] == "": lines.pop()
    if len(lines) > MAX_LINES and not any(glob.fnmatch.fnmatch(rel, g) for g in GENERATED):
        fail(rel, f"{len(lines)} lines, more than {MAX_LINES} (split the page, or generate the table)")
    in_fence = False
    for n, line in enumerate(lines, 1):
        where = f"{rel}:{n}"
        if re.match(r"^\s*(```|~~~)", line): in_fence = not in_fence
        for m in PATH_RE.finditer(line):
            p = m.group(1).rstrip(".,:")
            if p.endswith("]") and "[" not in p: p = p[:-1]  # a link's text: [docs/x.md](...)
            if p.startswith(FOREIGN): continue
            if not path_exists(p) and not pending(p): fail(where, f"path '{p}' does not exist")
        if in_fence: continue
        for m in LINK_RE.finditer(line):
            t = m.group(1)
            if re.match(r"^[a-z]+:", t) or t.startswith("#"): continue
            t = t.split("#")[0]
            target = os.path.normpath(os.path.join(os.path.dirname(doc), t))
            if os.path.exists(target): continue
            if pending(os.path.relpath(target, root)): continue
            fail(where, f"link '{m.group(1)}' does not resolve")
        for m in re.finditer(r"-o\s+([A-Za-z][\w:]*)=", line):
            if not opt_known(m.group(1)): fail(where, f"option '{m.group(1)}' is unknown to the config parser")
        for m in OPT_ANY.finditer(line):
            name = m.group(1)
            if name in src_words and not re.match(r"\s*=", line[m.end():]): continue
            if not opt_known(name): fail(where, f"option '{name}' is unknown to the config parser")
        for m in re.finditer(r"(?<![\w])(" + "|".join(POLICY_OPTS) + r")(?:=| +)([A-Za-z][\w:,.=+|/\\-]*)", line):
            for val in re.split(r"\\?\|", m.group(2)):  # alternatives: lrr|gto
                val = val.rstrip(".,:")
                if not val or re.fullmatch(r"[A-Z]+", val) or val.startswith("plugin:"): continue
                good, err = policy_ok(m.group(1), val)
                if not good and "," in val:  # a sweep's list of values
                    res = [policy_ok(m.group(1), v) for v in val.split(",") if not v.startswith("plugin:")]
                    good = all(r[0] for r in res); err = "; ".join(r[1] for r in res if not r[0])
                if not good: fail(where, f"{m.group(1)}={val}: {err}")
    for n, code, block in code_of(lines):
        where = f"{rel}:{n}"
        for m in re.finditer(r"-o\s+([A-Za-z][\w:]*)=", code):
            if not opt_known(m.group(1)): fail(where, f"option '{m.group(1)}' is unknown to the config parser")
        first = code.split()[0] if code.split() else ""
        name = re.split(r"[=(]", first.lstrip("-"))[0]
        if OPT_NAME.match(name) and name not in src_words and (not block or len(code.split()) >= 2) \
                and not opt_known(name):
            fail(where, f"option '{first}' is unknown to the config parser")
        for m in CMD_RE.finditer(re.sub(r"(^|\s)#.*", "", code)):
            sub, rest = m.group(1), m.group(2)
            if sub not in subs:
                if sub in PENDING_CMDS or sub in NOT_CMDS: continue
                fail(where, f"'ccgpu {sub}': no such command"); continue
            toks = rest.split()
            for i, t in enumerate(toks):
                if not re.match(r"--[a-z]", t): continue
                flag, _, val = t.partition("=")
                if not val and i + 1 < len(toks) and not toks[i + 1].startswith("-"): val = toks[i + 1]
                for f in flag.rstrip(".,:]").split("/"):
                    if not f.startswith("--"): f = "--" + f
                    if not flag_ok(sub, f, val): fail(where, f"'ccgpu {sub} {f}': {sub} does not accept {f}")
            for sm in re.finditer(r"--sched[= ]([\w:,.=@-]+)", rest):
                for e in sm.group(1).split(","):
                    base = e.split("@")[0]
                    if base in presets: continue
                    base = base.split(":")[0]
                    if base in ("best-swl", "best-swt", "plugin", "...", "") or re.fullmatch(r"[A-Z]+", base) \
                            or "=" in base: continue
                    good, err = policy_ok("gpgpu_scheduler", base)
                    if not good: fail(where, f"--sched {base}: {err}")
for e in errors: print("FAIL " + e)
print(f"ERRORS {len(errors)}")
EOF

check() { CCGPU="$CCGPU" ROOT="$root" python3 "$tmpdir/check.py" "$@"; }

# 1. a broken page must fail with each kind of error
mkdir -p "$tmpdir/bad"
{
    echo '# broken'
    echo 'Run `ccgpu frobnicate bfs` and `ccgpu run bfs --no-such-flag`.'
    echo 'Set `-o gpgpu_no_such_option=1`; see src/no/such/file.c and [x](missing-page.md).'
    echo '```'
    echo 'ccgpu_bogus_key 3'
    echo 'ccgpu compare bfs --sched gto,nosuchsched'
    echo '```'
    echo 'Prose naming ccgpu_bogus_prose_option, and gpgpu_scheduler nosuchpolicy.'
    seq 1 401
} >"$tmpdir/bad/bad.md"
out=$(check "$tmpdir/bad/bad.md")
for want in "'ccgpu frobnicate': no such command" "run does not accept --no-such-flag" \
        "option 'gpgpu_no_such_option' is unknown" "option 'ccgpu_bogus_key' is unknown" \
        "path 'src/no/such/file.c' does not exist" "link 'missing-page.md' does not resolve" \
        "more than 400" "option 'ccgpu_bogus_prose_option' is unknown" \
        "gpgpu_scheduler=nosuchpolicy: " "--sched nosuchsched: "; do
    if grep -qF -- "$want" <<<"$out"; then passed=$((passed + 1))
    else failed=$((failed + 1)); echo "FAIL the checker missed on a broken page: $want"; echo "$out" | head -20; fi
done

# 2. the manual itself
# (docs/command-reference.md is the help text itself, checked against it below)
docs=$(cd "$root" && { echo README.md; find docs -name '*.md' ! -name command-reference.md | sort; })
out=$(cd "$root" && check $docs)
echo "$out" | grep -v '^ERRORS'
if grep -q '^ERRORS 0$' <<<"$out"; then passed=$((passed + 1))
else failed=$((failed + 1)); fi

# 4. docs/statistics.md names every statistic the simulator registers (the
# union of runs that turn every optional group on) and nothing else
for o in "-o gpgpu_scheduler=ccws:diag=1 -o ccgpu_bypass=fgcb -o ccgpu_mrpb=on -o ccgpu_cta_sched=rr -o ccgpu_prefetch=1" \
        "-o gpgpu_scheduler=swl:4:diag -o gpgpu_cache:il1=N:8:128:4,L:R:f:N:L,S:2:48,4 -o gpgpu_const_cache:l1=N:64:64:2,L:R:f:N:L,S:2:32,4" \
        "-o gpgpu_scheduler=dwt -o ccgpu_power_file=$root/configs/power/qv100.power" \
        "-o ccgpu_gpcs=2 -o ccgpu_l2_groups=2 -o ccgpu_cluster_spread=1"; do
    # shellcheck disable=SC2086
    "$CCGPU" run vecadd --size small $o --json "$tmpdir/s.json" >/dev/null 2>"$tmpdir/s.err" || cat "$tmpdir/s.err"
    python3 -c 'import json, sys; print("\n".join(json.load(open(sys.argv[1]))["total"]))' "$tmpdir/s.json"
done >"$tmpdir/stats.all"
# a SASS trace replay (docs/traces.md) with an unknown opcode and a memory
# opcode without addresses: every trace.* counter
mkdir -p "$tmpdir/sass"
printf 'kernel-1.traceg\n' >"$tmpdir/sass/kernelslist.g"
printf -- '-kernel name = k\n-grid dim = (1,1,1)\n-block dim = (32,1,1)\n-nregs = 8\n-binary version = 70\n#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = 4\n0000 ffffffff 1 R1 FOO 0 0\n0010 ffffffff 1 R2 LDC 0 0\n0020 ffffffff 1 R3 LDG.E 1 R1 4 1 0x1000 4\n0030 ffffffff 0 EXIT 0 0\n#END_TB\n' \
    >"$tmpdir/sass/kernel-1.traceg"
"$CCGPU" trace-run "$tmpdir/sass/kernelslist.g" --json "$tmpdir/s.json" >/dev/null 2>"$tmpdir/s.err" ||
    cat "$tmpdir/s.err"
python3 -c 'import json, sys; print("\n".join(json.load(open(sys.argv[1]))["total"]))' "$tmpdir/s.json" \
    >>"$tmpdir/stats.all"
sort -u "$tmpdir/stats.all" >"$tmpdir/stats"
out=$(python3 - "$root/docs/statistics.md" "$tmpdir/stats" <<'PYEOF'
import re, sys
pats = []
for line in open(sys.argv[1]):
    if not line.startswith("| `"): continue
    prev = None
    for name in re.findall(r"`([^`]+)`", line.split("|")[1]):
        if name.startswith(".") and prev: name = prev[:prev.rfind(".")] + name
        prev = name
        subst = (("SPACE", "(global|shared|local|const|param)"), ("LV", "(l1|l2)"),
                 ("{ccws,swl}", "(ccws|swl)"), ("_pN", r"_p\d+"), ("loadable_N", r"loadable_\d+"),
                 (".X", r"\.\w+"), ("EVENT", r"\w+"))
        r = name
        for i, (k, _) in enumerate(subst): r = r.replace(k, f"@{i}@")
        r = re.escape(r)
        for i, (_, v) in enumerate(subst): r = r.replace(f"@{i}@", v)
        pats.append((name, re.compile(r + "$")))
names = [l.strip() for l in open(sys.argv[2]) if l.strip()]
bad = 0
for n in names:
    if not any(p.match(n) for _, p in pats): print(f"FAIL statistic '{n}' is not in docs/statistics.md"); bad += 1
for name, p in pats:
    if name.endswith(".tex"): continue  # listed only once a kernel uses textures
    if not any(p.match(n) for n in names): print(f"FAIL docs/statistics.md names '{name}', which no run reports"); bad += 1
if len(names) < 100: print(f"FAIL only {len(names)} statistics read from the runs"); bad += 1
print(f"STATBAD {bad}")
PYEOF
)
echo "$out" | grep -v '^STATBAD'
if grep -q '^STATBAD 0$' <<<"$out"; then passed=$((passed + 1)); else failed=$((failed + 1)); fi

# 3. the generated pages are their generators' output: the option reference
# (the simulator's read log) and the command reference (the help text)
for gen in config-options.sh:config-options.md commands-reference.sh:command-reference.md \
           ptx-support.sh:ptx-support.md; do
    tool=tools/${gen%%:*} page=docs/${gen#*:}
    if tools_out=$("$root/$tool" "$CCGPU" 2>&1) && [ "$tools_out" = "$(cat "$root/$page")" ]; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
        echo "FAIL $page differs from $tool's output (regenerate it):"
        diff <(echo "$tools_out") "$root/$page" | head -20
    fi
done
summary
