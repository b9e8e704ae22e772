#!/usr/bin/env python3
"""Helper of tools/accelsim-correlate.sh (docs/accelsim.md).

  accelsim-correlate.py [--ptx GDIR] WORK BENCH...
      the side-by-side table from WORK/BENCH/{trace/,asim/asim.log,asim/asim.time,
      ccgpu.json,ccgpu-lat.json,ccgpu.time}; then the cycles of the PTX runs the
      traces were written from (WORK/BENCH/ptx.json) beside GPGPU-Sim's runs of
      the same PTX in GDIR/SM7_QV100/BENCH/ (a tools/gpgpusim-correlate.sh work
      directory), when --ptx is given

Counted as tools/gpgpusim-correlate.py counts PTX runs: Accel-Sim's figures
are the last (cumulative) values of its log, its L2 data accesses and misses
the global and local rows of L2_cache_stats_breakdown; ccgpu's the totals of
its JSON statistics. Hit rate = 1 - misses / accesses.
"""
import importlib.util
import json
import math
import os
import re
import sys

_here = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location(
    'gpgpusim_correlate', os.path.join(_here, 'gpgpusim-correlate.py'))
_gc = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_gc)
gsim_stats, timefile = _gc.gsim_stats, _gc.timefile


def trace_counts(tdir):
    """(kernels, warp instructions) the trace files list (their insts = lines)"""
    kernels = insts = 0
    try:
        names = [x.strip() for x in open(os.path.join(tdir, 'kernelslist.g'))
                 if x.strip().endswith('.traceg')]
    except OSError:
        return None
    for n in names:
        kernels += 1
        for line in open(os.path.join(tdir, n)):
            m = re.match(r'insts = (\d+)$', line)
            if m:
                insts += int(m.group(1))
    return kernels, insts


def hit(misses, accesses):
    return 1 - misses / accesses if accesses else float('nan')


def fmt(x, digits=3):
    return '-' if x != x else f'{x:.{digits}f}'


def load_total(path):
    try:
        return json.load(open(path))['total']
    except (OSError, ValueError, KeyError):
        return None


def launch_latency(path):
    """the last -gpgpu_kernel_launch_latency of a gpgpusim.config (0: none)"""
    lat = 0
    try:
        for line in open(path, errors='replace'):
            f = line.split('#', 1)[0].split()
            if len(f) >= 2 and f[0] == '-gpgpu_kernel_launch_latency':
                lat = int(f[1])
    except (OSError, ValueError):
        pass
    return lat


def gsim_ptx_cycles(gdir, bench):
    """GPGPU-Sim's cycles of a finished, passing PTX run, or a reason string"""
    d = os.path.join(gdir, 'SM7_QV100', bench)
    log = os.path.join(d, 'gsim.log')
    if not os.path.exists(log):
        return 'not run'
    g = gsim_stats(log)
    rc = timefile(os.path.join(d, 'gsim.time')).get('rc')
    if rc is None:
        return 'not finished'
    if rc != 0 or 'gpu_tot_sim_cycle' not in g:
        fail = [x.strip() for x in open(log, errors='replace') if x.startswith('FAIL ')]
        return f'failed: {fail[0]}' if fail else 'failed'
    return g['gpu_tot_sim_cycle'], g['gpgpu_n_tot_w_icount']


def ptx_table(work, gdir, benches, asim_cycles, ccgpu_cycles):
    print('\nThe PTX runs the traces were written from (ccgpu `run`, same file) and '
          'GPGPU-Sim 4.2 running the same PTX (tools/gpgpusim-correlate.sh), beside the '
          'trace runs above:\n')
    print('| benchmark | PTX GPGPU-Sim | PTX ccgpu | ratio | warp insts GPGPU-Sim | ccgpu | '
          'Accel-Sim trace / GPGPU-Sim PTX | ccgpu trace / ccgpu PTX |')
    print('|---|---:|---:|---:|---:|---:|---:|---:|')
    for b in benches:
        p = load_total(os.path.join(work, b, 'ptx.json'))
        if p is None or b not in asim_cycles:
            continue
        gp = gsim_ptx_cycles(gdir, b)
        cp = p['cycles']
        cw = p['warp_instructions']
        if isinstance(gp, str):
            print(f'| {b} | ({gp}) | {cp} | - | - | {cw} | - | {ccgpu_cycles[b] / cp:.3f} |')
        else:
            gp, gw = gp
            print(f'| {b} | {gp} | {cp} | {cp / gp:.3f} | {gw} | {cw} | {asim_cycles[b] / gp:.3f} | '
                  f'{ccgpu_cycles[b] / cp:.3f} |')


def main(work, benches, gdir=None):
    asim_cycles, ccgpu_cycles = {}, {}
    lat = launch_latency(os.path.join(work, 'cfg', 'gpgpusim.config'))
    print('Same trace, same SM7_QV100 gpgpusim.config; Accel-Sim also reads its '
          'trace.config. Warp instructions: the trace\'s `insts =` lines summed, '
          'Accel-Sim `gpgpu_n_tot_w_icount`, ccgpu `warp_instructions`. Cycles: '
          'Accel-Sim `gpu_tot_sim_cycle`, ccgpu `cycles`; "lat." is ccgpu with '
          'trace.config\'s latencies and initiation intervals; "net" the ratio of the '
          f'cycles less the launch latency ({lat} cycles a kernel, in both). L1D hit rate: '
          '1 - misses/accesses of the L1 data cache (Accel-Sim `L1D_total_cache_*`). '
          'L2 hit rate: global and local data accesses (Accel-Sim: 32-byte sectors '
          'from `L2_cache_stats_breakdown`).\n')
    print('| benchmark | kernels | warp insts trace | Accel-Sim | ccgpu | cycles Accel-Sim | '
          'ccgpu | ratio | net | ccgpu lat. | ratio | net | L1D hit Accel-Sim | ccgpu | '
          'L2 hit Accel-Sim | ccgpu |')
    print('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|')
    errs, errs_lat, errs_net, speed, within = [], [], [], [], 0
    for b in benches:
        d = os.path.join(work, b)
        tc = trace_counts(os.path.join(d, 'trace'))
        log = os.path.join(d, 'asim', 'asim.log')
        if tc is None or not os.path.exists(log):
            print(f'| {b} | (not run: {"trace" if tc is None else "Accel-Sim"}) |')
            continue
        g = gsim_stats(log)
        gt = timefile(os.path.join(d, 'asim', 'asim.time'))
        if 'gpu_tot_sim_cycle' not in g or gt.get('rc') != 0:
            tail = [x.strip() for x in open(log, errors='replace')][-1:]
            print(f'| {b} | (Accel-Sim failed or has not finished: {tail[0] if tail else log}) |')
            continue
        c, cl = load_total(os.path.join(d, 'ccgpu.json')), load_total(os.path.join(d, 'ccgpu-lat.json'))
        if c is None:
            print(f'| {b} | (no ccgpu statistics in {d}/ccgpu.json) |')
            continue
        gc, cc = g['gpu_tot_sim_cycle'], c['cycles']
        asim_cycles[b], ccgpu_cycles[b] = gc, cc
        ccl = cl['cycles'] if cl else float('nan')
        errs.append(cc / gc - 1)
        if cl:
            errs_lat.append(ccl / gc - 1)
        within += abs(cc / gc - 1) <= 0.20
        fixed = tc[0] * lat
        net = (cc - fixed) / (gc - fixed) if gc > fixed else float('nan')
        netl = (ccl - fixed) / (gc - fixed) if gc > fixed else float('nan')
        if net == net:
            errs_net.append(net - 1)
        print(f"| {b} | {tc[0]} | {tc[1]} | {g['gpgpu_n_tot_w_icount']} | {c['warp_instructions']} | "
              f"{gc} | {cc} | {cc / gc:.3f} | {fmt(net)} | {ccl if cl else '-'} | {fmt(ccl / gc)} | "
              f"{fmt(netl)} | "
              f"{fmt(hit(g['L1D_total_cache_misses'], g['L1D_total_cache_accesses']))} | "
              f"{fmt(hit(c['l1d.misses'], c['l1d.accesses']))} | "
              f"{fmt(hit(g['l2_data_misses'], g['l2_data_accesses']))} | "
              f"{fmt(hit(c['l2.misses'], c['l2.accesses']))} |")
        ct = timefile(os.path.join(d, 'ccgpu.time'))
        if 'wall' in gt and 'wall' in ct:
            speed.append((b, c['warp_instructions'], gt['wall'], ct['wall']))
    if errs:
        mape = 100 * sum(abs(e) for e in errs) / len(errs)
        print(f'\nCycles, ccgpu against Accel-Sim ({len(errs)} benchmarks): MAPE {mape:.1f}%, '
              f'{within} within 20%', end='')
        if errs_lat:
            mape_l = 100 * sum(abs(e) for e in errs_lat) / len(errs_lat)
            print(f'; with trace.config\'s latencies MAPE {mape_l:.1f}%', end='')
        if errs_net:
            mape_n = 100 * sum(abs(e) for e in errs_net) / len(errs_net)
            print(f'; less the launch latency MAPE {mape_n:.1f}%', end='')
        print('.')
    if gdir:
        ptx_table(work, gdir, benches, asim_cycles, ccgpu_cycles)
    if speed:
        print('\nSimulation time (wall clock, nice -n 10, same machine):\n')
        print('| benchmark | warp insts | Accel-Sim s | ccgpu s | Accel-Sim/ccgpu |')
        print('|---|---:|---:|---:|---:|')
        for b, w, ga, ca in speed:
            print(f'| {b} | {w} | {ga:.1f} | {ca:.2f} | {ga / ca:.0f}x |')
    return 0


if __name__ == '__main__':
    args = sys.argv[1:]
    gdir = None
    if len(args) >= 2 and args[0] == '--ptx':
        gdir, args = args[1], args[2:]
    if len(args) < 2:
        sys.exit(__doc__)
    sys.exit(main(args[0], args[1:], gdir))
