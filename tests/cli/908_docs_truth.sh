# Docs state only what the code does, checked mechanically over README.md and
# docs/*.md (or the files given in DOCS_TRUTH_FILES, for testing this test):
#  1. every `ccgpu SUB` / `build/ccgpu SUB` in a code span or block names a real
#     subcommand (ccgpu --help), and every --flag after it is accepted by SUB
#     (listed in `ccgpu SUB --help`, or parsed without "unknown option");
#  2. every option name (gpgpu_*, ccgpu_*, mem_*, icnt_*, dram_*) anywhere
#     in the text (not a C identifier of src/ or include/) is known to the config parser (`ccgpu config -o NAME=...` does
#     not say "unknown option"); GPGPU-Sim options accepted but not modelled
#     are printed as "NOTE unmodelled ..." lines (known; docs must not claim
#     them modelled);
#  3. every policy name given to a policy option (NAME=VALUE or NAME VALUE)
#     is accepted by the parser, and every name in `--sched a,b,...` is one;
#  4. every repository path (src/ tests/ tools/ configs/ bench/ include/
#     examples/ cuda/ docs/) written anywhere in the docs exists in the tree.
# Only help text and runs that fail at argument parsing are used (< 20 s).
# Each page counts as one check (passed when every name on it is right),
# each wrong name is listed.
. "$(dirname "$0")/lib.sh"
command -v python3 >/dev/null || skip_all "python3 not found (needed to parse the Markdown)"
root=$(cd "$(dirname "$0")/../.." && pwd)
files=${DOCS_TRUTH_FILES:-"$root/README.md $(ls "$root"/docs/*.md | tr '\n' ' ')"}
out=$(cd "$tmpdir" && CCGPU="$CCGPU" ROOT="$root" python3 - $files <<'EOF'
import os, re, subprocess, sys, glob
ccgpu, root = os.environ["CCGPU"], os.environ["ROOT"]

# Intentional mentions, each with its reason. Keys: (kind, text).
# Paths with an upper-case component (NAME, NNN) are patterns, and a test named
# by number (tests/509, tests/cli/316) means the file that starts with it.
EXCEPT = {
    # GPGPU-Sim's own tree, quoted as GPGPU-Sim's
    ("pathprefix", "configs/tested-cfgs"): "GPGPU-Sim's shipped configs",
    ("pathprefix", "configs/deprecated-cfgs"): "GPGPU-Sim's shipped configs",
    ("pathprefix", "src/cuda-sim"): "GPGPU-Sim's source",
    ("pathprefix", "src/gpgpu-sim"): "GPGPU-Sim's source",
    ("pathprefix", "src/abstract_hardware_model"): "GPGPU-Sim's source",
    ("path", "tools/gpgpusim/build.sh"): "the shared tools' script, said to be outside the repository",
    ("path", "configs/x.cfg"): "file name in a quoted example error message",
    ("path", "tests/311..314"): "a range of test numbers",
    ("path", "docs/cta-results/awss-{sync,sms,l2"): "brace list wrapped onto the next line",
    ("opt", "gpgpu_n_tot_w_icount"): "GPGPU-Sim statistic (output line), not an option",
    ("opt", "gpgpu_simulation_rate"): "GPGPU-Sim statistic (output line), not an option",
    ("opt", "dram_read"): "energy event of a power file (docs/energy.md), not an option",
    ("opt", "dram_write"): "energy event of a power file (docs/energy.md), not an option",
    ("opt", "dram_activate"): "energy event of a power file (docs/energy.md), not an option",
    ("cmd", "simulated"): "'ccgpu simulated GPU' is the device name string",
}

def run(args, timeout=10):
    try:
        p = subprocess.run([ccgpu] + args, capture_output=True, text=True, timeout=timeout,
                           stdin=subprocess.DEVNULL)
        return p.returncode, p.stdout, p.stderr
    except subprocess.TimeoutExpired:
        return -1, "", "timeout"

passed = failed = 0
doc_fail = 0  # wrong names on the page being checked
def ok(): pass
def fail(where, msg):
    global doc_fail; doc_fail += 1; print(f"FAIL {where}: {msg}")

_, helptext, _ = run(["--help"])
subs = set(re.findall(r"^  ([a-z][a-z-]*) ", helptext, re.M))
if len(subs) < 5:
    print("FAIL cannot read the subcommands from ccgpu --help"); failed += 1

# code text of a document: (line number, text) of fenced blocks and inline spans
# (an inline span may wrap onto the next lines, never across a blank line)
def code_of(lines):
    fence, prose, cont = False, [], None  # cont: a shell line ending in \\
    for n, line in enumerate(lines, 1):
        if re.match(r"^\s*(```|~~~)", line):
            fence = not fence; prose.append(""); continue
        if fence:
            prose.append("")
            cont = (cont[0], cont[1] + " " + line) if cont else (n, line)
            if cont[1].endswith("\\"):
                cont = (cont[0], cont[1][:-1]); continue
            yield cont; cont = None
        else:
            prose.append(line)
    text = "\n".join(prose)
    for m in re.finditer(r"(`+)((?:(?!\n\s*\n).)+?)\1", text, re.S):
        yield text.count("\n", 0, m.start()) + 1, m.group(2)

OPT_RE = re.compile(r"(?<![\w/.$-])((?:gpgpu|ccgpu|mem|icnt|dram)_[a-z0-9_]*[a-z0-9](?::[a-z0-9]+)?)(?![\w(.:]|/)")
POLICY_OPTS = ("gpgpu_scheduler", "ccgpu_cta_sched", "ccgpu_bypass", "ccgpu_l1_repl",
               "ccgpu_l1_index", "ccgpu_l2_repl", "ccgpu_l2_index")
PATH_RE = re.compile(r"(?<![\w/.~$-])((?:src|tests|tools|configs|bench|include|examples|cuda|docs)/[\w.*/{},+\[\]-]*[\w*/}\]])")
CMD_RE = re.compile(r"(?:^|(?<=[\s;|&(]))(?:\./)?(?:build/)?ccgpu\s+([^\s;|&>)]+)((?:[^;|&>#\n]*))")

help_cache, flag_cache, opt_cache, pol_cache = {}, {}, {}, {}
def sub_help(sub):
    if sub not in help_cache:
        _, o, e = run([sub, "--help"])
        help_cache[sub] = o + e
    return help_cache[sub]

def flag_ok(sub, flag, value):
    key = (sub, flag)
    if key in flag_cache: return flag_cache[key]
    if re.search(r"(?<![\w-])" + re.escape(flag) + r"(?![\w-])", sub_help(sub)):
        r = True
    else:  # known flags parse on to the bogus one; unknown ones are named
        args = [sub, flag] + ([value] if value else []) + ["--zz-docs-truth-bogus"]
        rc, o, e = run(args)
        # known: the parser went on to the bogus flag, or complained about
        # this flag's value; anything else (unknown, or no sign it was parsed) fails
        r = not re.search(r"unknown option '?" + re.escape(flag) + r"\b", e) and \
            (rc == 0 or "--zz-docs-truth-bogus" in e or flag in e)
        if os.environ.get("DOCS_TRUTH_DEBUG"): print("FLAGRUN", sub, flag, rc, r, e.strip()[:150])
    flag_cache[key] = r
    return r

def opt_state(name):
    if name not in opt_cache:
        rc, o, e = run(["config", "-o", name + "=1"])
        if re.search(r"unknown option '?" + re.escape(name) + r"\b", e): st = "unknown"
        elif "not modelled" in e: st = "unmodelled"
        else: st = "known"
        opt_cache[name] = st
    return opt_cache[name]

def policy_ok(name, value):
    key = (name, value)
    if key not in pol_cache:
        rc, o, e = run(["config", "-o", name + "=" + value])
        pol_cache[key] = (rc == 0 or not re.search(r"unknown (warp scheduler|CTA dispatch policy|bypass policy|replacement policy|cache index function)", e), e.strip())
    return pol_cache[key]

unmodelled = {}
# identifiers of the C sources (functions, types, fields): a doc naming one
# is naming code, not an option, unless it writes it as NAME=VALUE or -o NAME
src_words = set()
for pat in ("src/**/*.[ch]", "include/**/*.h", "tools/**/*.[ch]"):
    for fn in glob.glob(os.path.join(root, pat), recursive=True):
        src_words.update(re.findall(r"\b(?:gpgpu|ccgpu|mem|icnt|dram)_\w+", open(fn, errors="replace").read()))
# compare --sched presets (src/cli/ccws_runs.c)
presets = set(re.findall(r'^\s*\{ "([\w+-]+)", "', open(os.path.join(root, "src/cli/ccws_runs.c")).read(), re.M))
for doc in sys.argv[1:]:
    rel = os.path.relpath(doc, root)
    doc_fail = 0
    lines = open(doc, encoding="utf-8").read().split("\n")
    # 4. paths
    for n, line in enumerate(lines, 1):
        for m in PATH_RE.finditer(line):
            p = m.group(1).rstrip(".,:")
            if ("path", p) in EXCEPT or any(("pathprefix", p[:len(k[1])]) == k for k in EXCEPT): continue
            p = re.sub(r"(?<![A-Za-z0-9])[A-Z]+(?![A-Za-z0-9])", "*", p)
            p = re.sub(r"^(tests/(?:cli/)?\d{3})$", r"\1_*", p)
            pats = [p]
            b = re.search(r"\{([^{}]*)\}", p)
            if b: pats = [p[:b.start()] + alt + p[b.end():] for alt in b.group(1).split(",")]
            for q in pats:
                if glob.glob(os.path.join(root, q)): ok()
                else: fail(f"{rel}:{n}", f"path '{q}' does not exist")
    for n, code in code_of(lines):
        where = f"{rel}:{n}"
        # 1. subcommands and their flags
        for m in CMD_RE.finditer(re.sub(r"(^|\s)#.*", "", code)):
            sub, rest = m.group(1), m.group(2)
            if sub.startswith("-"):
                rest, sub = sub + " " + rest, None
                if ("cmd", m.group(1)) not in EXCEPT and m.group(1) not in ("--help", "-h", "--version"):
                    fail(where, f"ccgpu {m.group(1)}: not a global flag")
                continue
            if not re.fullmatch(r"[a-z][a-z-]*", sub) or ("cmd", sub) in EXCEPT: continue
            if sub not in subs:
                fail(where, f"'ccgpu {sub}': no such subcommand"); continue
            ok()
            toks = rest.split()
            for i, t in enumerate(toks):
                if not t.startswith("--") or len(t) < 3 or not re.match(r"--[a-z]", t): continue
                flag, _, val = t.partition("=")
                if not val and i + 1 < len(toks) and not toks[i + 1].startswith("-"):
                    val = toks[i + 1]
                for flag in flag.rstrip(".,:]").split("/"):  # --csv/--plot
                    if not flag.startswith("--"): flag = "--" + flag
                    if ("flag", sub + " " + flag) in EXCEPT: continue
                    if flag_ok(sub, flag, val): ok()
                    else: fail(where, f"'ccgpu {sub} {flag}': {sub} does not accept {flag}")
            # 3b. --sched lists
            for sm in re.finditer(r"--sched[= ]([\w:,.=-]+)", rest):
                for s in sm.group(1).split(","):
                    base = s.split("@")[0] if "@" in s else s
                    if base in presets: ok(); continue
                    base = base.split(":")[0]
                    if base in ("best-swl", "plugin", "...") or re.fullmatch(r"[A-Z]+", base) \
                            or ("sched", base) in EXCEPT: continue
                    good, err = policy_ok("gpgpu_scheduler", base)
                    if good: ok()
                    else: fail(where, f"--sched {base}: {err}")
    for n, code in enumerate(lines, 1):  # 2. and 3.: anywhere in the text
        where = f"{rel}:{n}"
        for m in OPT_RE.finditer(code):
            name = m.group(1)
            if ("opt", name) in EXCEPT: continue
            st = opt_state(name)
            if st == "unknown" and name in src_words and not re.match(r"\s*=", code[m.end():]) \
                    and not re.search(r"-o\s*$", code[:m.start()]):
                continue
            if st == "unknown": fail(where, f"option '{name}' is unknown to the config parser")
            else:
                ok()
                if st == "unmodelled": unmodelled.setdefault(name, where)
        # 3. policy values
        for m in re.finditer(r"(?<![\w])(" + "|".join(POLICY_OPTS) + r")(?:=| +)([A-Za-z][\w:,.=+|/\\-]*)", code):
          name = m.group(1)
          for val in re.split(r"\\?\|", m.group(2)):  # alternatives: lrr|gto
            val = val.rstrip(".,:")
            if not val: continue
            if ("policy", name + "=" + val) in EXCEPT: continue
            if ("policy", name + "=" + val) in EXCEPT or re.fullmatch(r"[A-Z]+", val): continue
            good, err = policy_ok(name, val)
            if os.environ.get("DOCS_TRUTH_DEBUG"): print("POLICY", where, name, val, good)
            if not good and "," in val:  # a sweep's list of values
                res = [policy_ok(name, v) for v in val.split(",") if not v.startswith("plugin:")]
                good = all(r[0] for r in res)
                err = "; ".join(r[1] for r in res if not r[0])
            if good: ok()
            else: fail(where, f"{name}={val}: {err}")
    if doc_fail: failed += 1
    else: passed += 1
for name, where in sorted(unmodelled.items()):
    print(f"NOTE unmodelled GPGPU-Sim option in docs: {name} (first at {where})")
print(f"COUNTS {passed} {failed}")
EOF
)
echo "$out" | grep -v '^COUNTS'
counts=$(echo "$out" | grep '^COUNTS')
if [ -z "$counts" ]; then failed=$((failed + 1)); echo "FAIL the checker did not finish"
else set -- $counts; passed=$((passed + $2)); failed=$((failed + $3)); fi
summary
