#!/usr/bin/env python3
"""Energy of ccgpu beside GPGPU-Sim's AccelWattch on the same runs (issue 38;
docs/energy.md). Reads the run directories tools/gpgpusim-correlate.sh leaves
(WORK/CFG/SCHED/BENCH: gsim.log, accelwattch_power_report.log,
gpgpusim.config, ccgpu.json from a ccgpu run with a power file).

DIR: one or more WORK/CFG/SCHED directories, comma-separated; a run is named
LABEL/BENCH, LABEL the name of its WORK directory (e.g. power/vecadd).

  energy-correlate.py derive DIR TRAIN_RUN,...   per-event energies (pJ)
      measured on the training benchmarks: for each AccelWattch component,
      its energy over the training runs divided by ccgpu's count of the
      events standing for it on the same runs (one energy per ccgpu event;
      events sharing a component share its energy per event). Prints
      power-file lines. The XML is the one the runs' gpgpusim.config names
      (-accelwattch_xml_file): an AccelWattch file (QV100) gives its
      constant and static power; a GPUWattch file (GTX480, run by
      AccelWattch) gives GPUWattch's constant (CONST_DYNAMICN) and no
      static power (docs/energy.md).
  energy-correlate.py table [--no-constant] DIR [TRAIN_RUN,...]  per
      benchmark, the energy of the five groups (SM, NoC, L2+MC, DRAM,
      constant+idle) and the total on both simulators, and ccgpu /
      AccelWattch - 1; training benchmarks marked. Markdown on stdout.
      --no-constant leaves constant power out of both sides (for a power
      file whose constant_w is not the one AccelWattch ran with: the
      GTX480 file, whose constant is GPUWattch's).
  energy-correlate.py components DIR RUN  per AccelWattch component, its
      energy beside that of the ccgpu events standing for it, for one run.
  energy-correlate.py counts DIR BENCH   AccelWattch's activity counts next
      to ccgpu's for one benchmark (the measured causes of differences).

AccelWattch's energy of a component in a kernel: its average power
(gpu_avg_<C>P, the mean over the kernel's samples) x the kernel's cycles /
core clock. For per-event energies the sampled time is used instead (samples
x gpu_stat_sample_freq cycles), the time its counts cover.
"""
import json
import math
import os
import re
import sys

SAMPLE = 500  # gpu_stat_sample_freq (GPGPU-Sim's default; the QV100 and GTX480 configs keep it)

GROUP_OF = {}
for c in ("IBP ICP DCP TCP CCP SHRDP RFP INTP FPUP DPUP INT_MUL24P INT_MUL32P INT_MULP "
          "INT_DIVP FP_MULP FP_DIVP FP_SQRTP FP_LGP FP_SINP FP_EXP DP_MULP DP_DIVP TENSORP "
          "TEXP SCHEDP PIPEP STATICP").split():
    GROUP_OF[c] = "sm"
GROUP_OF.update(NOCP="noc", L2CP="l2mc", MCP="l2mc", DRAMP="dram", IDLE_COREP="const",
                CONSTP="const")
GROUPS = ["sm", "noc", "l2mc", "dram", "const"]

# AccelWattch components -> the ccgpu events that stand for them
EVENTS_OF = [
    (("IBP", "ICP"), ["inst_decode"]),
    (("SCHEDP",), ["scheduler"]),
    (("PIPEP",), ["pipeline"]),
    (("RFP",), ["rf_read", "rf_write"]),
    (("INTP", "INT_MUL24P", "INT_MUL32P", "INT_MULP", "INT_DIVP"), ["int_op"]),
    (("FPUP", "FP_MULP", "FP_DIVP"), ["fp32_op"]),
    (("DPUP", "DP_MULP", "DP_DIVP"), ["fp64_op"]),
    (("FP_SQRTP", "FP_LGP", "FP_SINP", "FP_EXP"), ["sfu_op"]),
    (("TCP", "TEXP", "TENSORP"), ["tex"]),
    (("DCP",), ["l1d_read_hit", "l1d_read_miss", "l1d_write_hit", "l1d_write_miss"]),
    (("SHRDP",), ["shared"]),
    (("CCP",), ["const_cache"]),
    (("NOCP",), ["noc_req_flit", "noc_rep_flit"]),
    (("L2CP",), ["l2_read_hit", "l2_read_miss", "l2_write_hit", "l2_write_miss"]),
    (("MCP",), ["mc_read", "mc_write"]),
    (("DRAMP",), ["dram_read", "dram_write"]),
]
CCGPU_PARTS = {  # ccgpu's energy statistics per group
    "sm": "energy.group.sm_pj", "noc": "energy.group.noc_pj", "l2mc": "energy.group.l2mc_pj",
    "dram": "energy.group.dram_pj", "const": "energy.group.const_pj",
}


def core_mhz(run):
    with open(os.path.join(run, "gpgpusim.config")) as f:
        mhz = None
        for line in f:
            m = re.match(r"\s*-gpgpu_clock_domains\s+([0-9.]+):", line)
            if m:
                mhz = float(m.group(1))
    return mhz


def kernel_cycles(run):
    """(gpu_sim_cycle, gpu_tot_sim_cycle) per kernel, in order."""
    out, sim = [], None
    with open(os.path.join(run, "gsim.log"), errors="replace") as f:
        for line in f:
            m = re.match(r"gpu_sim_cycle = (\d+)", line)
            if m:
                sim = int(m.group(1))
            m = re.match(r"gpu_tot_sim_cycle = (\d+)", line)
            if m and sim is not None:
                out.append((sim, int(m.group(1))))
                sim = None
    return out


def accelwattch(run):
    """Per kernel: {'avg': {name: value}, 'tot': {name: value}}."""
    kernels, cur, section = [], None, None
    with open(os.path.join(run, "accelwattch_power_report.log")) as f:
        for line in f:
            if line.startswith("kernel_name"):
                cur = {"avg": {}, "tot": {}}
                kernels.append(cur)
                continue
            if line.startswith("Kernel Average Power Data"):
                section = "avg"
            elif line.startswith("Kernel Maximum") or line.startswith("Kernel Minimum") or \
                    line.startswith("Accumulative"):
                section = None
            m = re.match(r"gpu_(avg|tot)_([A-Za-z0-9_]+),? = ([-0-9.e+]+)", line)
            if m and cur is not None and section == "avg":
                cur[m.group(1)][m.group(2)] = float(m.group(3))
            m = re.match(r"gpu_min_MCP, = ([-0-9.e+]+)", line)
            if m and cur is not None:
                cur["min_MCP"] = float(m.group(1))
            m = re.match(r"kernel_avg_power = ([-0-9.e+]+)", line)
            if m and cur is not None:
                cur["kernel_avg_power"] = float(m.group(1))
    return kernels


def aw_energy(run):
    """AccelWattch's energy per component (pJ) over the whole run (kernel
    cycles), over the sampled time, and its counts summed."""
    mhz = core_mhz(run)
    ks, cyc = accelwattch(run), kernel_cycles(run)
    if len(ks) != len(cyc):
        raise SystemExit("%s: %d kernels in the power report, %d in gsim.log" % (run, len(ks), len(cyc)))
    full, sampled, counts = {}, {}, {}
    counts["min_MCP"] = min((k["min_MCP"] for k in ks if "min_MCP" in k), default=0.0)
    for k, (sim, tot) in zip(ks, cyc):
        n = tot // SAMPLE - (tot - sim) // SAMPLE
        for name, p in k["avg"].items():
            if name in GROUP_OF:
                full[name] = full.get(name, 0.0) + p * sim / mhz * 1e6
                sampled[name] = sampled.get(name, 0.0) + p * n * SAMPLE / mhz * 1e6
        for name, v in k["tot"].items():
            counts[name] = counts.get(name, 0.0) + v
        counts["sampled_us"] = counts.get("sampled_us", 0.0) + n * SAMPLE / mhz
    return full, sampled, counts


def ccgpu_total(run):
    with open(os.path.join(run, "ccgpu.json")) as f:
        return json.load(f)["total"]


def label(work):
    """A work directory's name in tables: the directory above CFG/SCHED
    (WORK of gpgpusim-correlate.sh), e.g. "power" for .../power/SM7_QV100/gto."""
    return os.path.basename(os.path.dirname(os.path.dirname(os.path.abspath(work))))


def finished(d):
    """Both simulators ran to the end in d: GPGPU-Sim's log ends with its
    exit line, ccgpu left its statistics."""
    try:
        with open(os.path.join(d, "gsim.log"), errors="replace") as f:
            if "GPGPU-Sim: *** exit detected ***" not in f.read():
                return False
    except OSError:
        return False
    return all(os.path.exists(os.path.join(d, f)) for f in
               ("accelwattch_power_report.log", "ccgpu.json"))


def runs(works, benches=None):
    """LABEL/BENCH -> run directory, over the comma-separated work
    directories (each WORK/CFG/SCHED), finished on both simulators; benches:
    only these LABEL/BENCH names."""
    out = {}
    for work in works.split(","):
        for b in sorted(os.listdir(work)):
            d = os.path.join(work, b)
            key = label(work) + "/" + b
            if benches and key not in benches:
                continue
            if finished(d):
                out[key] = d
    return out


HEADER_ACCELWATTCH = """\
# QV100 (Volta, SM7_QV100) power file for ccgpu's energy model (docs/energy.md),
# generated by tools/energy-correlate.py derive; regenerate it rather than edit it.
#
# Source of every number:
# - constant_w, idle_sm_w, static_w, static_lane_w: AccelWattch's QV100 PTX-mode
#   file (GPGPU-Sim 4.2, configs/tested-cfgs/SM7_QV100/accelwattch_ptx_sim.xml),
#   carried as data: constant_power, idle_core_power, static_geomean_flane,
#   static_geomean_addlane (the mix-independent static category).
# - voltage_ref_v: AccelWattch's modeled_chip_voltage_ref (1, its default; the
#   file sets none): only the ratio of ccgpu_power_voltage to it matters.
# - EVENT_pj and mc_w: measured. AccelWattch (GPGPU-Sim 4.2, that XML,
#   -power_simulation_mode 0) ran the training runs %(train)s;
#   per component, its energy (average power x sampled time) divided by ccgpu's
#   count of the events standing for the component on the same runs, events of
#   one component weighted by the XML's activity factors for them (e.g. DC_RH,
#   DC_RM, DC_WH, DC_WM for the four L1D events), hits and misses of a cache
#   fitted apart (least squares, not negative). The memory controllers' power
#   (MCP): mc_w is AccelWattch's floor (gpu_min_MCP), the rest per DRAM request.
#   Events no training run exercises are derived as the comment on the line says,
#   or are 0 with the reason given.
#
# Licence of the numbers carried from the AccelWattch XML:
# Copyright (c) 2018-2021, Vijay Kandiah, Junrui Pan, Mahmoud Khairy, Scott
# Peverelle, Timothy Rogers, Tor M. Aamodt, Nikos Hardavellas; Northwestern
# University, Purdue University, The University of British Columbia. All rights
# reserved. Redistribution and use in source and binary forms, with or without
# modification, are permitted provided that the following conditions are met:
# 1. Redistributions of source code must retain the above copyright notice,
#    this list of conditions and the following disclaimer;
# 2. Redistributions in binary form must reproduce the above copyright notice,
#    this list of conditions and the following disclaimer in the documentation
#    and/or other materials provided with the distribution;
# 3. Neither the names of Northwestern University, Purdue University, The
#    University of British Columbia nor the names of their contributors may be
#    used to endorse or promote products derived from this software without
#    specific prior written permission.
# THIS SOFTWARE IS PROVIDED BY THE COPYRIGHT HOLDERS AND CONTRIBUTORS "AS IS"
# AND ANY EXPRESS OR IMPLIED WARRANTIES, INCLUDING, BUT NOT LIMITED TO, THE
# IMPLIED WARRANTIES OF MERCHANTABILITY AND FITNESS FOR A PARTICULAR PURPOSE ARE
# DISCLAIMED. IN NO EVENT SHALL THE COPYRIGHT HOLDER OR CONTRIBUTORS BE LIABLE
# FOR ANY DIRECT, INDIRECT, INCIDENTAL, SPECIAL, EXEMPLARY, OR CONSEQUENTIAL
# DAMAGES (INCLUDING, BUT NOT LIMITED TO, PROCUREMENT OF SUBSTITUTE GOODS OR
# SERVICES; LOSS OF USE, DATA, OR PROFITS; OR BUSINESS INTERRUPTION) HOWEVER
# CAUSED AND ON ANY THEORY OF LIABILITY, WHETHER IN CONTRACT, STRICT LIABILITY,
# OR TORT (INCLUDING NEGLIGENCE OR OTHERWISE) ARISING IN ANY WAY OUT OF THE USE
# OF THIS SOFTWARE, EVEN IF ADVISED OF THE POSSIBILITY OF SUCH DAMAGE.
"""


HEADER_GPUWATTCH = """\
# GTX480 (Fermi, SM2_GTX480) power file for ccgpu's energy model (docs/energy.md):
# GPUWattch's GTX480 model, the AWSS paper's power model (its Table II: 40 nm,
# 380 K, ITRS high performance, long-channel devices, aggressive interconnect,
# exactly this XML's settings). Generated by tools/energy-correlate.py derive;
# regenerate it rather than edit it.
#
# Source of every number:
# - dram_read_pj, dram_write_pj, dram_activate_pj: the XML's own per-event
#   DRAM energies, dram_rd_coeff, dram_wr_coeff and dram_pre_coeff, times its
#   activity factors MEM_RD, MEM_WR and MEM_PRE, as McPAT prices them.
# - The other EVENT_pj, and mc_w: measured. GPGPU-Sim 4.2's AccelWattch read GPUWattch's
#   GTX480 file (configs/tested-cfgs/SM2_GTX480/gpuwattch_gtx480.xml;
#   -power_simulation_enabled 1 -accelwattch_xml_file gpuwattch_gtx480.xml
#   -power_simulation_mode 0 on the SM2_GTX480 gpgpusim.config) and ran the
#   training runs %(train)s;
#   per component, its energy (average power x sampled time) divided by ccgpu's
#   count of the events standing for the component on the same runs, events of
#   one component weighted by the XML's activity factors for them (e.g. DC_RH,
#   DC_RM, DC_WH, DC_WM for the four L1D events), the L1D's hits and misses
#   fitted apart, the L2's read hits, read misses and writes (the two
#   simulators class an L2 write as hit or miss differently; least squares,
#   not negative). The memory controllers' power
#   (MCP): mc_w is AccelWattch's floor (gpu_min_MCP), the rest per DRAM request.
#   Events no training run exercises are derived as the comment on the line says,
#   or are 0 with the reason given.
#   AccelWattch prices every component with McPAT from this XML's technology
#   and structure parameters and activity factors, as GPUWattch does, except
#   the execution units: it ignores the XML's SP_ACC, FPU_ACC and SFU_ACC
#   (GPUWattch's factors for them) and weighs their accesses by its own
#   factors (INT_ACC, FP_ACC, ...), which this XML lacks, so 1. int_op,
#   fp32_op, fp64_op and sfu_op carry that weighting.
# - constant_w: GPUWattch's constant dynamic power, the XML's CONST_DYNAMICN
#   (%(const_dyn)g W), less the part McPAT already charges as dynamic power
#   without any activity, the memory controllers' floor (mc_w): GPUWattch adds
#   CONST_DYNAMICN less that part, so constant_w + mc_w = CONST_DYNAMICN.
#   (AccelWattch ignores CONST_DYNAMICN and adds its own constant_power,
#   absent here, so its default of 1 W.)
# - idle_sm_w: the XML's idle_core_power.
# - static_w, static_lane_w: 0. GPUWattch's power, the figure the AWSS paper
#   reports, is McPAT's dynamic power, the constant dynamic power and the idle
#   cores'; McPAT's leakage is not part of it. The XML has none of
#   AccelWattch's static parameters either, so AccelWattch charges none.
# - voltage_ref_v: 1, AccelWattch's default reference (the XML sets none): only
#   the ratio of ccgpu_power_voltage to it matters.
#
# Licence of the numbers carried from the GPUWattch XML (GPGPU-Sim's):
# Copyright (c) 2009-2011 Tor M. Aamodt and The University of British Columbia
# (UBC). All rights reserved. Redistribution and use in source and binary
# forms, with or without modification, are permitted provided that the
# following conditions are met: Redistributions of source code must retain the
# above copyright notice, this list of conditions and the following
# disclaimer. Redistributions in binary form must reproduce the above
# copyright notice, this list of conditions and the following disclaimer in
# the documentation and/or other materials provided with the distribution.
# Neither the name of the copyright holders nor the names of its contributors
# may be used to endorse or promote products derived from this software
# without specific prior written permission.
# THIS SOFTWARE IS PROVIDED BY THE COPYRIGHT HOLDERS AND CONTRIBUTORS "AS IS"
# AND ANY EXPRESS OR IMPLIED WARRANTIES, INCLUDING, BUT NOT LIMITED TO, THE
# IMPLIED WARRANTIES OF MERCHANTABILITY AND FITNESS FOR A PARTICULAR PURPOSE ARE
# DISCLAIMED. IN NO EVENT SHALL THE COPYRIGHT HOLDER OR CONTRIBUTORS BE LIABLE
# FOR ANY DIRECT, INDIRECT, INCIDENTAL, SPECIAL, EXEMPLARY, OR CONSEQUENTIAL
# DAMAGES (INCLUDING, BUT NOT LIMITED TO, PROCUREMENT OF SUBSTITUTE GOODS OR
# SERVICES; LOSS OF USE, DATA, OR PROFITS; OR BUSINESS INTERRUPTION) HOWEVER
# CAUSED AND ON ANY THEORY OF LIABILITY, WHETHER IN CONTRACT, STRICT LIABILITY,
# OR TORT (INCLUDING NEGLIGENCE OR OTHERWISE) ARISING IN ANY WAY OUT OF THE USE
# OF THIS SOFTWARE, EVEN IF ADVISED OF THE POSSIBILITY OF SUCH DAMAGE.
"""


def gpuwattch_xml(xml):
    """A GPUWattch file (CONST_DYNAMICN, no AccelWattch constant_power)."""
    return "CONST_DYNAMICN" in xml and "constant_power" not in xml


def xml_name(run):
    """The power XML the run's gpgpusim.config names (-accelwattch_xml_file,
    the last one given)."""
    name = None
    with open(os.path.join(run, "gpgpusim.config")) as f:
        for line in f:
            m = re.match(r"\s*-accelwattch_xml_file\s+(\S+)", line)
            if m:
                name = m.group(1)
    if name is None:
        raise SystemExit("%s: gpgpusim.config names no -accelwattch_xml_file" % run)
    return name


def xml_params(run):
    """The power XML's <param name=... value=...> numbers (the first of each
    name: the system-level ones come first)."""
    out = {}
    with open(os.path.join(run, xml_name(run))) as f:
        for m in re.finditer(r'<param name="([A-Za-z0-9_]+)" value="([-0-9.e+]+)f?"', f.read()):
            out.setdefault(m.group(1), float(m.group(2)))
    return out


# per ccgpu event, the XML activity factor that weighs it within its
# component (AccelWattch multiplies each count by it before McPAT prices the
# component's accesses); None: the component has one event kind
WEIGHT = {
    "rf_read": "REG_RD", "rf_write": "REG_WR",
    "l1d_read_hit": "DC_RH", "l1d_read_miss": "DC_RM", "l1d_write_hit": "DC_WH",
    "l1d_write_miss": "DC_WM",
    "l2_read_hit": "L2_RH", "l2_read_miss": "L2_RM", "l2_write_hit": "L2_WH",
    "l2_write_miss": "L2_WM",
    "mc_read": "MEM_RD", "mc_write": "MEM_WR", "dram_read": "MEM_RD", "dram_write": "MEM_WR",
}


def cycles_us(run):
    """The run's kernel time, us (all kernels)."""
    mhz = core_mhz(run)
    return sum(sim for sim, _ in kernel_cycles(run)) / mhz


# Components whose energy is fitted with more than one coefficient: the
# regressors, each a set of events (weighted by WEIGHT). McPAT prices a
# cache's accesses and, on top, its misses.
SPLIT = {
    ("DCP",): [["l1d_read_hit", "l1d_write_hit"], ["l1d_read_miss", "l1d_write_miss"]],
    ("L2CP",): [["l2_read_hit", "l2_write_hit"], ["l2_read_miss", "l2_write_miss"]],
}


# For a GPUWattch file: McPAT prices a cache's read hits, read misses, write
# hits and write misses each at its own energy, so the L2's four events get a
# coefficient each (the QV100 file keeps the two-way split above).
SPLIT_GPUWATTCH = {
    ("L2CP",): [["l2_read_hit"], ["l2_read_miss"], ["l2_write_hit", "l2_write_miss"]],
}


def solve(a, b):
    """Solution of the square system a x = b (Gaussian elimination with
    partial pivoting); None when singular."""
    n = len(b)
    m = [row[:] + [v] for row, v in zip(a, b)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        if abs(m[p][c]) < 1e-12 * max(1.0, max(abs(v) for row in a for v in row)):
            return None
        m[c], m[p] = m[p], m[c]
        for r in range(n):
            if r != c:
                f = m[r][c] / m[c][c]
                m[r] = [x - f * y for x, y in zip(m[r], m[c])]
    return [m[i][n] / m[i][i] for i in range(n)]


def nnls(xs, ys):
    """Least squares y = sum_j k_j x_j with every k_j >= 0, by trying every
    subset of the regressors that some row exercises (few regressors) and
    keeping the non-negative solution of least residual. A regressor that is
    zero on every row gets None."""
    m = len(xs[0])
    live = [j for j in range(m) if any(x[j] for x in xs)]
    best, err = {j: 0.0 for j in live}, sum(y * y for y in ys)
    for mask in range(1, 1 << len(live)):
        cols = [live[i] for i in range(len(live)) if mask >> i & 1]
        a = [[sum(x[i] * x[j] for x in xs) for j in cols] for i in cols]
        b = [sum(x[i] * y for x, y in zip(xs, ys)) for i in cols]
        k = solve(a, b)
        if k is None or any(v < 0 for v in k):
            continue
        r = sum((y - sum(kj * x[j] for kj, j in zip(k, cols))) ** 2 for x, y in zip(xs, ys))
        if r < err:
            best, err = {**{j: 0.0 for j in live}, **dict(zip(cols, k))}, r
    return [best.get(j) for j in range(m)]


def nnls2(xs, ys):
    """Least squares y = sum_j k_j x_j with k_j >= 0 over the rows (one or two
    regressors). A regressor that is zero on every row gets None."""
    m = len(xs[0])
    live = [j for j in range(m) if any(x[j] for x in xs)]
    def fit(cols):
        if len(cols) == 1:
            j = cols[0]
            sxx = sum(x[j] * x[j] for x in xs)
            return {j: sum(x[j] * y for x, y in zip(xs, ys)) / sxx}
        i, j = cols
        a = sum(x[i] * x[i] for x in xs); b = sum(x[i] * x[j] for x in xs)
        d = sum(x[j] * x[j] for x in xs)
        e = sum(x[i] * y for x, y in zip(xs, ys)); f = sum(x[j] * y for x, y in zip(xs, ys))
        det = a * d - b * b
        if det <= 1e-12 * a * d:
            return None
        return {i: (d * e - b * f) / det, j: (a * f - b * e) / det}
    k = fit(live) if live else {}
    if k is None or any(v < 0 for v in k.values()):
        best, err = None, None
        for j in live:  # one regressor alone, the other 0
            kj = fit([j])
            r = sum((y - kj[j] * x[j]) ** 2 for x, y in zip(xs, ys))
            if err is None or r < err:
                best, err = {**{i: 0.0 for i in live}, **kj}, r
        k = best or {}
    return [k.get(j) for j in range(m)]


def derive(work, train):
    rs = runs(work, train)
    missing = [b for b in train if b not in rs]
    if missing:
        raise SystemExit("no finished runs of both simulators for: " + ", ".join(missing))
    xml = xml_params(next(iter(rs.values())))
    data = [(aw_energy(d), ccgpu_total(d), cycles_us(d)) for d in rs.values()]
    pj, notes = {}, {}
    # the memory controllers' floor: AccelWattch's MCP in a sample with no
    # activity (gpu_min_MCP), the smallest over the training runs; the rest
    # of MCP is priced per DRAM request
    mc_w = min(aw[2]["min_MCP"] for aw, _, _ in data)
    notes["mc_w"] = "AccelWattch's gpu_min_MCP (MCP of a sample without activity), least over the training runs"
    for comps, events in EVENTS_OF:
        w = {e: xml[WEIGHT[e]] if e in WEIGHT else 1.0 for e in events}
        regs = (SPLIT_GPUWATTCH if gpuwattch_xml(xml) else {}).get(comps) or SPLIT.get(comps, [events])
        ys = [sum(aw[1].get(c, 0.0) for c in comps) -
              (mc_w * aw[2]["sampled_us"] * 1e6 if comps == ("MCP",) else 0.0) for aw, _, _ in data]
        xs = [[sum(w[e] * t["energy.count." + e] for e in r) for r in regs] for _, t, _ in data]
        k = nnls(xs, ys) if len(regs) > 2 else nnls2(xs, ys)
        # a regressor no training run exercises takes the other's
        # coefficient (the activity factors alone then weigh the events)
        known = [v for v in k if v is not None]
        for r, v in zip(regs, k):
            how = "fit" if v is not None else "no training run has these events: the other fit's coefficient"
            if v is None:
                v = known[0] if known else None
            for e in r:
                pj[e] = None if v is None else v * w[e]
                notes[e] = "%s, %s%s" % ("+".join(comps), how,
                                         " x %s %g" % (WEIGHT[e], w[e]) if e in WEIGHT else "")
    # events the training set never exercises: from a measured sibling and the
    # XML's ratio of activity factors (AccelWattch splits the FPU's power
    # between FP32 and FP64 by factor-weighted accesses)
    if pj.get("fp64_op") in (None, 0.0) and pj.get("fp32_op"):
        # a factor the XML lacks is AccelWattch's default, 1
        dp, fp = xml.get("DP_ACC", 1.0), xml.get("FP_ACC", 1.0)
        pj["fp64_op"] = pj["fp32_op"] * dp / fp
        notes["fp64_op"] = "fp32_op x DP_ACC / FP_ACC (%g / %g%s): no FP64 in the training runs" % (
            dp, fp, "" if "DP_ACC" in xml else ", AccelWattch's defaults: not in the XML")
    pre = sum(aw[2].get("MEM_PRE", 0.0) for aw, _, _ in data)
    if gpuwattch_xml(xml):
        # McPAT prices a DRAM read, write and precharge at the XML's
        # dram_rd_coeff, dram_wr_coeff and dram_pre_coeff (J) times the
        # activity factor: GPUWattch's numbers as they stand; the fit of
        # dram_read is kept in its note as a check
        for e, factor, coeff in (("dram_read", "MEM_RD", "dram_rd_coeff"),
                                 ("dram_write", "MEM_WR", "dram_wr_coeff"),
                                 ("dram_activate", "MEM_PRE", "dram_pre_coeff")):
            fit = pj.get(e)
            pj[e] = xml[factor] * xml[coeff] * 1e12
            notes[e] = "XML %s %g x %s %g J%s" % (
                factor, xml[factor], coeff, xml[coeff],
                "; the fit of DRAMP gives %.6g" % fit if fit and e == "dram_read" else "")
    elif pre == 0:
        pj["dram_activate"] = 0.0
        notes["dram_activate"] = ("measured 0: AccelWattch counted no precharges (MEM_PRE) in the "
                                  "training runs, so it charged none")
    gpuw = gpuwattch_xml(xml)
    header = HEADER_GPUWATTCH if gpuw else HEADER_ACCELWATTCH
    print(header.rstrip("\n") % {"train": ", ".join(train), "const_dyn": xml.get("CONST_DYNAMICN", 0)})
    for comps, events in EVENTS_OF:
        for e in events:
            v = pj.get(e)
            if v is None:
                print("%-20s %-12s # not measured: no training run has the event (%s)" % (
                    e + "_pj", "0", notes[e]))
            else:
                print("%-20s %-12s # %s" % (e + "_pj", "%.6g" % v, notes[e]))
    v = pj.get("dram_activate")
    print("%-20s %-12s # %s" % ("dram_activate_pj", "%.6g" % v if v is not None else "0",
                                notes.get("dram_activate", "not measured: no DRAM reads in training")))
    print("%-20s %-12.6g # %s" % ("mc_w", mc_w, notes.get("mc_w", "")))
    if gpuw:
        print("%-20s %-12.6g # XML CONST_DYNAMICN %g - mc_w" % (
            "constant_w", max(0.0, xml["CONST_DYNAMICN"] - float("%.6g" % mc_w)), xml["CONST_DYNAMICN"]))
        print("%-20s %-12.10g # XML idle_core_power" % ("idle_sm_w", xml["idle_core_power"]))
        print("%-20s %-12s # GPUWattch reports no leakage; the XML has no static parameters" % (
            "static_w", "0"))
        print("%-20s %-12s # as static_w" % ("static_lane_w", "0"))
    else:
        print("%-20s %-12.10g # XML constant_power" % ("constant_w", xml["constant_power"]))
        print("%-20s %-12.10g # XML idle_core_power" % ("idle_sm_w", xml["idle_core_power"]))
        print("%-20s %-12.10g # XML static_geomean_flane" % ("static_w", xml["static_geomean_flane"]))
        print("%-20s %-12.10g # XML static_geomean_addlane" % ("static_lane_w", xml["static_geomean_addlane"]))
    print("%-20s %-12s # AccelWattch's reference (its default)" % ("voltage_ref_v", "1"))


def pct(a, b):
    return "%+.1f%%" % (100.0 * (a / b - 1)) if b else ("0" if a == 0 else "n/a")


def table(work, train, no_constant=False):
    """no_constant: leave constant power out on both sides (AccelWattch's
    CONSTP, ccgpu's energy.constant_pj), for a power file whose constant_w is
    not AccelWattch's (a GPUWattch file: docs/energy.md)."""
    rs = runs(work)
    print("| benchmark | set | " + " | ".join("%s AW / ccgpu (uJ)" % g for g in
                                                ["SM", "NoC", "L2+MC", "DRAM", "const+idle"])
          + " | total AW / ccgpu (uJ) | total error |")
    print("|---|---|" + "---|" * 7)
    errs = {g: [] for g in GROUPS + ["total"]}
    for b, d in rs.items():
        full, _, _ = aw_energy(d)
        t = ccgpu_total(d)
        aw = {g: 0.0 for g in GROUPS}
        for c, e in full.items():
            if not (no_constant and c == "CONSTP"):
                aw[GROUP_OF[c]] += e
        cc = {g: t[CCGPU_PARTS[g]] for g in GROUPS}
        if no_constant:
            cc["const"] -= t["energy.constant_pj"]
        cells = []
        for g in GROUPS:
            cells.append("%.2f / %.2f (%s)" % (aw[g] * 1e-6, cc[g] * 1e-6, pct(cc[g], aw[g])))
        at, ct = sum(aw.values()), sum(cc.values())
        role = "train" if b in train else "check"
        if role == "check":
            for g in GROUPS:
                if aw[g] > 0:
                    errs[g].append(cc[g] / aw[g] - 1)
            errs["total"].append(ct / at - 1)
        print("| %s | %s | %s | %.2f / %.2f | %s |" % (b, role, " | ".join(cells), at * 1e-6,
                                                     ct * 1e-6, pct(ct, at)))
    for g, v in errs.items():
        if v:
            print("\n%s: checking set, %d runs: mean |error| %.1f%%, worst %+.1f%%, within 15%%: %d, within 25%%: %d"
                  % (g, len(v), 100 * sum(abs(x) for x in v) / len(v), 100 * max(v, key=abs),
                     sum(abs(x) <= 0.15 for x in v), sum(abs(x) <= 0.25 for x in v)), end="")
    print()


def counts(work, bench):
    d = os.path.join(work.split(",")[0], bench)
    _, _, c = aw_energy(d)
    t = ccgpu_total(d)
    for k in sorted(c):
        print("AW %-16s %14.1f" % (k, c[k]))
    for k in sorted(t):
        if k.startswith("energy.count.") or k in ("cycles", "warp_instructions", "thread_instructions"):
            print("ccgpu %-30s %14.1f" % (k, t[k]))


def components(work, key):
    """Per AccelWattch component (or group of them), its energy beside the
    energy of the ccgpu events standing for it, for one run LABEL/BENCH."""
    d = runs(work, [key])[key]
    full, _, _ = aw_energy(d)
    t = ccgpu_total(d)
    rows = [(comps, ["energy.%s_pj" % e for e in events]) for comps, events in EVENTS_OF]
    rows += [(("STATICP",), ["energy.static_pj"]), (("IDLE_COREP",), ["energy.idle_sm_pj"]),
             (("CONSTP",), ["energy.constant_pj"])]
    rows = [(c, e + (["energy.mc_background_pj"] if c == ("MCP",) else [])) for c, e in rows]
    print("| AccelWattch component | AW (uJ) | ccgpu (uJ) | ccgpu / AW - 1 |")
    print("|---|---|---|---|")
    for comps, stats in rows:
        a = sum(full.get(c, 0.0) for c in comps) * 1e-6
        c = sum(t.get(x, 0.0) for x in stats) * 1e-6
        if a or c:
            print("| %s | %.3f | %.3f | %s |" % ("+".join(comps), a, c, pct(c, a)))


def main():
    if len(sys.argv) < 3:
        print(__doc__)
        return 2
    args = [a for a in sys.argv[1:] if a != "--no-constant"]
    no_constant = len(args) != len(sys.argv) - 1
    if len(args) < 2:
        print(__doc__)
        return 2
    cmd, work = args[0], args[1]
    arg = args[2] if len(args) > 2 else ""
    if cmd == "derive":
        derive(work, arg.split(","))
    elif cmd == "table":
        table(work, arg.split(",") if arg else [], no_constant)
    elif cmd == "components":
        components(work, arg)
    elif cmd == "counts":
        counts(work, arg)
    else:
        print(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
