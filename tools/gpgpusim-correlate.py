#!/usr/bin/env python3
"""Helper of tools/gpgpusim-correlate.sh (docs/validation.md).

  gpgpusim-correlate.py sameptx PROGRAM.ptx COMMITTED.ptx...
      every kernel of the committed files is in PROGRAM.ptx with the same body,
      label and local-depot numbers aside (nvcc numbers them per translation unit)
  gpgpusim-correlate.py table WORK CFG,CFG BENCH...
      the correlation tables from WORK/CFG/BENCH/{gsim.log,gsim.time,ccgpu.json,ccgpu.time}
"""
import json
import os
import re
import sys


def entries(path):
    """kernel name -> its text from `.entry` to the closing brace"""
    text = open(path).read()
    out = {}
    for m in re.finditer(r'\.entry\s+(\w+)\s*\(', text):
        i = text.index('{', m.end())
        depth = 0
        for j in range(i, len(text)):
            if text[j] == '{':
                depth += 1
            elif text[j] == '}':
                depth -= 1
                if depth == 0:
                    break
        out[m.group(1)] = text[m.start():j + 1]
    return out


def norm(body):
    body = re.sub(r'\$L__BB\d+_', '$L__BB_', body)
    return re.sub(r'__local_depot\d+', '__local_depot', body)


def sameptx(prog, committed):
    have = entries(prog)
    bad = 0
    n = 0
    for path in committed:
        if path.endswith('_fast.ptx'):  # -use_fast_math variant, not in the default build
            continue
        for name, body in entries(path).items():
            n += 1
            if name not in have:
                print(f'{path}: kernel {name} missing from {prog}')
                bad += 1
            elif norm(have[name]) != norm(body):
                print(f'{path}: kernel {name} differs from the one in {prog}')
                bad += 1
    print(f'{n - bad} of {n} kernels identical to the committed PTX (labels aside)')
    return 1 if bad else 0


DATA_TYPES = ('GLOBAL_ACC_R', 'LOCAL_ACC_R', 'GLOBAL_ACC_W', 'LOCAL_ACC_W')


def gsim_stats(log):
    """the figures of a GPGPU-Sim log (the last, cumulative, values printed)"""
    r = {'kernel_cycles': [], 'kernel_insn': []}
    # GPGPU-Sim prints L2_cache_stats_breakdown for the kernel's stream only
    # (kernel_stream_id, printed before it), cumulative per stream: the run's
    # figures are the last block of each stream, summed over the streams
    l2_by_stream = {}
    stream = None
    for line in open(log, errors='replace'):
        line = line.strip()
        m = re.match(r'kernel_stream_id = (\d+)$', line)
        if m:
            stream = m.group(1)
            continue
        if line == 'L2_total_cache_breakdown:':
            l2_by_stream[stream] = {}  # a new block replaces the stream's last one
            continue
        m = re.match(r'(\w+) = ([0-9.]+)$', line)
        if m:
            k, v = m.group(1), m.group(2)
            if k == 'gpu_sim_cycle':
                r['kernel_cycles'].append(int(v))
            elif k == 'gpu_sim_insn':
                r['kernel_insn'].append(int(v))
            elif k in ('gpu_tot_sim_cycle', 'gpu_tot_sim_insn', 'gpgpu_n_tot_w_icount',
                       'L1D_total_cache_accesses', 'L1D_total_cache_misses',
                       'L2_total_cache_accesses', 'L2_total_cache_misses'):
                r[k] = int(v)
            continue
        m = re.match(r'L2_cache_stats_breakdown\[(\w+)\]\[(\w+)\] = (\d+)$', line)
        if m:
            l2_by_stream.setdefault(stream, {})[(m.group(1), m.group(2))] = int(m.group(3))
            continue
        m = re.match(r'gpgpu_simulation_time = .*\((\d+) sec\)', line)
        if m:
            r['sim_seconds'] = int(m.group(1))
    l2 = {}
    for blk in l2_by_stream.values():
        for k, v in blk.items():
            l2[k] = l2.get(k, 0) + v
    acc = sum(l2.get((t, s), 0) for t in DATA_TYPES for s in ('HIT', 'HIT_RESERVED', 'MISS', 'SECTOR_MISS'))
    miss = sum(l2.get((t, s), 0) for t in DATA_TYPES for s in ('MISS', 'SECTOR_MISS'))
    r['l2_all_accesses'] = sum(v for (t, s), v in l2.items() if s == 'TOTAL_ACCESS')
    r['l2_data_accesses'], r['l2_data_misses'] = acc, miss
    return r


def timefile(path):
    r = {}
    try:
        for line in open(path):
            f = line.split()
            if f[0] in ('rc', 'wall'):
                r[f[0]] = float(f[1])
            elif f[0] == 'load_before':
                r['load'] = float(f[1])
    except OSError:
        pass
    return r


def rate(a, b):
    return a / b if b else float('nan')


def fmt_rate(x):
    return '-' if x != x else f'{x:.3f}'


def table(work, cfgs, benches):
    print('Per benchmark and configuration. ccgpu thread instructions: active lanes at issue '
          '(`thread_instructions`) / lanes whose guard is true (`thread_instructions_exec`, '
          'GPGPU-Sim\'s `gpu_sim_insn`). L1D miss rate: misses/accesses of the L1 data cache '
          '(GPGPU-Sim: `L1D_total_cache_miss_rate`). L2 miss rate: data accesses (global and local; '
          'GPGPU-Sim counts 32-byte sectors, from `L2_cache_stats_breakdown`, instruction and '
          'constant fetches left out).\n')
    speed = []
    for cfg in cfgs:
        print(f'### {cfg}\n')
        print('| benchmark | cycles GPGPU-Sim | cycles ccgpu | ratio | thread insts GPGPU-Sim | '
              'ccgpu issued / guard-true | ratio (guard-true) | warp insts GPGPU-Sim | ccgpu | '
              'L1D miss GPGPU-Sim | ccgpu | L2 miss GPGPU-Sim | ccgpu |')
        print('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|')
        apes = []
        for b in benches:
            d = os.path.join(work, cfg, b)
            gl, cj = os.path.join(d, 'gsim.log'), os.path.join(d, 'ccgpu.json')
            if not (os.path.exists(gl) and os.path.exists(cj)):
                continue
            g = gsim_stats(gl)
            if g.get('L2_total_cache_accesses') not in (None, g['l2_all_accesses']):
                print(f'| {b} | (the L2 breakdown of {gl} does not add up to L2_total_cache_accesses) |')
                continue
            gt = timefile(os.path.join(d, 'gsim.time'))
            if 'gpu_tot_sim_cycle' not in g or gt.get('rc') != 0:
                fail = [x.strip() for x in open(gl, errors='replace') if x.startswith('FAIL ')]
                why = f'the program failed on GPGPU-Sim: {fail[0]}' if fail else \
                    f'GPGPU-Sim has not finished or failed: {gl}'
                print(f'| {b} | ({why}) |')
                continue
            try:
                c = json.load(open(cj))['total']
            except (OSError, ValueError):
                print(f'| {b} | (no ccgpu statistics: {cj}) |')
                continue
            gc, cc = g['gpu_tot_sim_cycle'], c['cycles']
            ape = abs(cc - gc) / gc
            apes.append(ape)
            te = c.get('thread_instructions_exec', float('nan'))
            gl1 = rate(g['L1D_total_cache_misses'], g['L1D_total_cache_accesses'])
            cl1 = rate(c['l1d.misses'], c['l1d.accesses'])
            gl2 = rate(g['l2_data_misses'], g['l2_data_accesses'])
            cl2 = rate(c['l2.misses'], c['l2.accesses'])
            print(f"| {b} | {gc} | {cc} | {cc / gc:.3f} | {g['gpu_tot_sim_insn']} | "
                  f"{c['thread_instructions']} / {te} | {te / g['gpu_tot_sim_insn']:.4f} | "
                  f"{g['gpgpu_n_tot_w_icount']} | {c['warp_instructions']} | {fmt_rate(gl1)} | "
                  f"{fmt_rate(cl1)} | {fmt_rate(gl2)} | {fmt_rate(cl2)} |")
            ct = timefile(os.path.join(d, 'ccgpu.time'))
            if 'wall' in gt and 'wall' in ct:
                speed.append((cfg, b, c['warp_instructions'], g['gpu_tot_sim_insn'], gt, ct))
        if apes:
            print(f'\nMAPE of cycles ({cfg}, {len(apes)} benchmarks): '
                  f'{100 * sum(apes) / len(apes):.1f}%\n')
    if speed:
        print('### Speed (wall clock of the whole program, nice -n 10, same machine; load = '
              '1-minute load average at the start)\n')
        print('| config | benchmark | warp insts | GPGPU-Sim s | ccgpu s | GPGPU-Sim thread insts/s | '
              'ccgpu thread insts/s | GPGPU-Sim warp insts/s | ccgpu warp insts/s | ccgpu/GPGPU-Sim | '
              'load |')
        print('|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---|')
        for cfg, b, w, ti, gt, ct in speed:
            print(f"| {cfg} | {b} | {w} | {gt['wall']:.1f} | {ct['wall']:.2f} | {ti / gt['wall']:.0f} | "
                  f"{ti / ct['wall']:.0f} | {w / gt['wall']:.0f} | {w / ct['wall']:.0f} | "
                  f"{gt['wall'] / ct['wall']:.0f}x | {gt.get('load', 0):.1f} / {ct.get('load', 0):.1f} |")
    return 0


if __name__ == '__main__':
    if len(sys.argv) >= 3 and sys.argv[1] == 'sameptx':
        sys.exit(sameptx(sys.argv[2], sys.argv[3:]))
    if len(sys.argv) >= 4 and sys.argv[1] == 'table':
        sys.exit(table(sys.argv[2], sys.argv[3].split(','), sys.argv[4:]))
    print(__doc__, file=sys.stderr)
    sys.exit(2)
