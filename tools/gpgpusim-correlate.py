#!/usr/bin/env python3
"""Helper of tools/gpgpusim-correlate.sh (docs/validation.md).

  gpgpusim-correlate.py sameptx PROGRAM.ptx COMMITTED.ptx...
      every kernel of the committed files is in PROGRAM.ptx with the same body,
      label and local-depot numbers aside (nvcc numbers them per translation unit)
  gpgpusim-correlate.py table [--sched SCHED] WORK CFG,CFG BENCH...
      the correlation tables from WORK/CFG/BENCH/{gsim.log,gsim.time,ccgpu.json,ccgpu.time}
      (WORK/CFG/SCHED/BENCH/ with --sched, SCHED as sched_dir names it)
  gpgpusim-correlate.py ratios [--csv FILE] WORK CFG,CFG SCHED,SCHED BENCH...
      the policy-effect tables from WORK/CFG/SCHED/BENCH/ (SCHED as sched_dir
      names it): each scheduler's speed-up over gto (gto's over lrr) on both
      simulators, the error, the direction agreement, miss rates per run
  gpgpusim-correlate.py ensemble WORK,WORK... CFG,CFG SCHED,SCHED BENCH...
      the same speed-ups over an ensemble of work directories, each holding
      the same runs with one small change of the configuration (e.g. one
      cycle more L2 latency): per simulator the geometric mean of the
      speed-ups over the members, their lowest and highest; the error and the
      direction of the means
"""
import csv
import json
import math
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
# what GPGPU-Sim prints, then exits with status 1, when a run reaches a cap
CAP_LINE = 'GPGPU-Sim: ** break due to reaching the maximum cycles'  # (or instructions)


def gsim_stats(log):
    """the figures of a GPGPU-Sim log (the last, cumulative, values printed)"""
    r = {'kernel_cycles': [], 'kernel_insn': [], 'stopped_at_cap': False}
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
        if line.startswith(CAP_LINE):
            r['stopped_at_cap'] = True
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
        lines = open(path, errors='replace').readlines()
    except OSError:
        return r
    for line in lines:
        f = line.split()
        try:
            if len(f) >= 2 and f[0] in ('rc', 'wall'):
                r[f[0]] = float(f[1])
            elif len(f) >= 2 and f[0] == 'load_before':
                r['load'] = float(f[1])
        except ValueError:  # e.g. "wall" without bc
            pass
    return r


def rate(a, b):
    return a / b if b else float('nan')


def fmt_rate(x):
    return '-' if x != x else f'{x:.3f}'


def table(work, cfgs, benches, sched=None):
    print('Per benchmark and configuration. ccgpu thread instructions: active lanes at issue '
          '(`thread_instructions`) / lanes whose guard is true (`thread_instructions_exec`, '
          'GPGPU-Sim\'s `gpu_sim_insn`). L1D miss rate: misses/accesses of the L1 data cache '
          '(GPGPU-Sim: `L1D_total_cache_miss_rate`). L2 miss rate: data accesses (global and local; '
          'GPGPU-Sim counts 32-byte sectors, from `L2_cache_stats_breakdown`, instruction and '
          'constant fetches left out).\n')
    speed = []
    for cfg in cfgs:
        print(f'### {cfg}' + (f', -gpgpu_scheduler {sched}' if sched else '') + '\n')
        print('| benchmark | cycles GPGPU-Sim | cycles ccgpu | ratio | thread insts GPGPU-Sim | '
              'ccgpu issued / guard-true | ratio (guard-true) | warp insts GPGPU-Sim | ccgpu | '
              'L1D miss GPGPU-Sim | ccgpu | L2 miss GPGPU-Sim | ccgpu |')
        print('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|')
        apes = []
        for b in benches:
            d = os.path.join(work, cfg, sched_dir(sched), b) if sched else os.path.join(work, cfg, b)
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


# --- policy effects (ratios) ----------------------------------------------

FLAT = 0.03    # an effect under 3% is flat
STRONG = 0.05  # 5% or more is an effect a flat reading contradicts


def sched_dir(sched):
    """the directory of a -S entry (the same rule as schedir in gpgpusim-correlate.sh)"""
    d = sched.replace(':', '-').replace('=', '+')
    return re.sub(r'[^A-Za-z0-9._+-]', '_', d)


def config_cap(path):
    """the last -gpgpu_max_cycle of a gpgpusim.config (0: none)"""
    cap = 0
    try:
        for line in open(path, errors='replace'):
            f = line.split('#', 1)[0].split()
            if len(f) >= 2 and f[0] == '-gpgpu_max_cycle':
                try:
                    cap = int(f[1])
                except ValueError:
                    pass
    except OSError:
        pass
    return cap


def first_line(path, pattern=None):
    try:
        for line in open(path, errors='replace'):
            line = line.strip()
            if line and (pattern is None or re.match(pattern, line)):
                return line
    except OSError:
        pass
    return ''


def run_gsim(d, cap):
    """one GPGPU-Sim run: dict with status ok / capped / failed / missing"""
    log = os.path.join(d, 'gsim.log')
    if not os.path.exists(log):
        return {'status': 'missing', 'why': 'not run'}
    try:
        g = gsim_stats(log)
    except OSError as e:
        return {'status': 'failed', 'why': f'{log}: {e.strerror}'}
    gt = os.path.join(d, 'gsim.time')
    rc = timefile(gt).get('rc')
    fail = first_line(log, r'FAIL ')
    if rc is None and os.path.exists(gt):
        # (the script writes rc when the program ends: a killed run's log
        # holds the statistics of its finished kernels only)
        return {'status': 'failed', 'why': 'not finished (gsim.time has no exit status)'}
    if 'gpu_tot_sim_cycle' not in g or 'gpu_tot_sim_insn' not in g:
        return {'status': 'failed', 'why': fail or 'no statistics in gsim.log (not finished, or failed)'}
    capped = g['stopped_at_cap'] or (cap > 0 and g['gpu_tot_sim_cycle'] >= cap)
    if not capped and (fail or rc not in (None, 0)):
        return {'status': 'failed', 'why': fail or f'exit status {rc:.0f}'}
    return {'status': 'capped' if capped else 'ok', 'cycles': g['gpu_tot_sim_cycle'],
            'insn': g['gpu_tot_sim_insn'],
            'l1': rate(g.get('L1D_total_cache_misses', 0), g.get('L1D_total_cache_accesses', 0)),
            'l2': rate(g['l2_data_misses'], g['l2_data_accesses'])}


def run_ccgpu(d, cap):
    """one ccgpu run, as run_gsim"""
    js, err = os.path.join(d, 'ccgpu.json'), os.path.join(d, 'ccgpu.err')
    if not os.path.exists(js):
        if os.path.exists(err) or os.path.exists(os.path.join(d, 'ccgpu.time')):
            return {'status': 'failed', 'why': first_line(err) or 'no ccgpu.json'}
        return {'status': 'missing', 'why': 'not run'}
    try:
        c = json.load(open(js))['total']
        cycles, insn = int(c['cycles']), int(c['thread_instructions_exec'])
    except (OSError, ValueError, KeyError, TypeError):
        return {'status': 'failed', 'why': f'no statistics in {js}'}
    rc = timefile(os.path.join(d, 'ccgpu.time')).get('rc')
    fail = first_line(os.path.join(d, 'ccgpu.log'), r'FAIL ')
    # (a gpgpu_max_insn cap, as GPGPU-Sim's "break" line, also counts)
    capped = (cap > 0 and cycles >= cap) or bool(first_line(err, r'.*stopped at gpgpu_max_'))
    if not capped and (fail or rc not in (None, 0)):
        return {'status': 'failed', 'why': fail or first_line(err) or f'exit status {rc:.0f}'}
    return {'status': 'capped' if capped else 'ok', 'cycles': cycles, 'insn': insn,
            'l1': rate(c.get('l1d.misses', 0), c.get('l1d.accesses', 0)),
            'l2': rate(c.get('l2.misses', 0), c.get('l2.accesses', 0))}


def usable(r):
    return r['status'] in ('ok', 'capped')


def not_usable(a, b):
    """why a speed-up of runs a and b is missing: 'not run' or 'failed'"""
    st = {r['status'] for r in (a, b) if not usable(r)}
    return 'failed' if 'failed' in st else 'not run' if st else 'no cycles'


def speedup(a, b):
    """(speed-up of run a over run b, basis): cycles, or where either run
    ended at the cap, thread instructions per cycle (both capped: the
    instructions each completed in the same cycles)"""
    if not (usable(a) and usable(b)) or not (a['cycles'] and b['cycles']):
        return None, None
    if a['status'] == 'ok' and b['status'] == 'ok':
        return b['cycles'] / a['cycles'], 'cycles'
    if not b['insn']:
        return None, None
    basis = 'insts in cap' if a['status'] == b['status'] == 'capped' else 'IPC (one capped)'
    return (a['insn'] / a['cycles']) / (b['insn'] / b['cycles']), basis


def effect(x):
    return round(x - 1, 9)  # rounded so that a boundary such as 1.05 is 5%, not 4.99...%


def direction(sg, sc):
    """whether ccgpu's effect goes GPGPU-Sim's way: yes, no or weak"""
    eg, ec = effect(sg), effect(sc)
    fg, fc = abs(eg) < FLAT, abs(ec) < FLAT
    if fg and fc:
        return 'yes (flat)'
    if fg or fc:
        return 'no' if max(abs(eg), abs(ec)) >= STRONG else 'weak'
    return 'yes' if (eg > 0) == (ec > 0) else 'no'


def median(xs):
    xs = sorted(xs)
    n = len(xs)
    return xs[n // 2] if n % 2 else (xs[n // 2 - 1] + xs[n // 2]) / 2


def fmt_num(r, key):
    if not usable(r):
        return '-'
    return f"{r[key]} (cap)" if r['status'] == 'capped' and key == 'cycles' else str(r[key])


def fmt_x(x):
    return '-' if x is None else f'{x:.3f}'


MISS_COLS = [(m, key, sim, w) for m, key in (('l1d_miss', 'l1'), ('l2_miss', 'l2'))
             for sim, w in (('gpgpusim', 'policy'), ('gpgpusim', 'base'), ('ccgpu', 'policy'),
                            ('ccgpu', 'base'))]


def miss_cells(gp, gq, cp, cq):
    """the CSV's miss-rate cells of a speed-up's four runs"""
    run = {('gpgpusim', 'policy'): gp, ('gpgpusim', 'base'): gq, ('ccgpu', 'policy'): cp,
           ('ccgpu', 'base'): cq}
    out = {}
    for m, key, sim, w in MISS_COLS:
        r = run[sim, w]
        v = r[key] if usable(r) else float('nan')
        out[f'{m}_{sim}_{w}'] = f'{v:.6f}' if v == v else ''
    return out


class Tally:
    """the speed-ups of one configuration compared: errors, and the
    direction disagreements among the effects of STRONG or more"""

    def __init__(self):
        self.errs, self.strong, self.bad, self.weak = [], 0, [], 0

    def add(self, b, label, sg, sc):
        """(error, direction) of GPGPU-Sim's speed-up sg against ccgpu's sc"""
        err = sc / sg - 1
        self.errs.append((abs(err), b, label))
        dirn = direction(sg, sc)
        if max(abs(effect(sg)), abs(effect(sc))) >= STRONG:
            self.strong += 1
            if dirn == 'no':
                self.bad.append(f'{b} {label}')
        self.weak += dirn == 'weak'
        return err, dirn

    def summary(self):
        """the summary line's text after its configuration ('' with no speed-up)"""
        if not self.errs:
            return ''
        worst = max(self.errs)
        return (f'speed-ups compared {len(self.errs)}; absolute error median '
                f'{100 * median([e[0] for e in self.errs]):.1f}%, worst {100 * worst[0]:.1f}% '
                f'({worst[1]} {worst[2]}); direction disagrees in {len(self.bad)} of {self.strong} '
                f'where either simulator shows {STRONG:.0%} or more' +
                (f' ({", ".join(self.bad)})' if self.bad else '') + f'; weak: {self.weak}')


def ratios(work, cfgs, scheds, benches, csv_path=None):
    pairs = policy_pairs(scheds)  # (policy, base): the policy's speed-up over the base
    rows = []
    print('Policy effects: each scheduler\'s speed-up over gto (gto\'s over lrr) on GPGPU-Sim and '
          'on ccgpu, both running the same program with the same gpgpusim.config plus '
          '`-gpgpu_scheduler`. Speed-up = base cycles / policy cycles; where a run ended at the '
          '`-gpgpu_max_cycle` cap, thread instructions per cycle instead (GPGPU-Sim '
          '`gpu_tot_sim_insn`, ccgpu `thread_instructions_exec`; two capped runs: the instructions '
          'each completed in the cap). error = ccgpu / GPGPU-Sim - 1. direction: an effect under '
          f'{FLAT:.0%} is flat; flat against flat agrees, flat against {STRONG:.0%} or more does not, '
          f'flat against {FLAT:.0%}-{STRONG:.0%} is weak; effects of {FLAT:.0%} or more agree when '
          'they have the same sign.\n')
    if not any(s.split('=', 1)[0] == 'gto' for s in scheds):
        print('(no gto among the schedulers: no speed-ups, the runs only)\n')
    for cfg in cfgs:
        runs = {}
        for s in scheds:
            for b in benches:
                d = os.path.join(work, cfg, sched_dir(s), b)
                cap = config_cap(os.path.join(d, 'gpgpusim.config'))
                runs[s, b] = (run_gsim(d, cap), run_ccgpu(d, cap), cap)
        print(f'### {cfg}\n')
        tally, problems = Tally(), []
        if pairs:
            print('| benchmark | speed-up of | basis | GPGPU-Sim | ccgpu | error | direction |')
            print('|---|---|---|---:|---:|---:|---|')
        for b in benches:
            for p, q in pairs:
                gp, cp, _ = runs[p, b]
                gq, cq, _ = runs[q, b]
                sg, bg = speedup(gp, gq)
                sc, bc = speedup(cp, cq)
                label = f"{p.split('=', 1)[0]} / {q.split('=', 1)[0]}"
                mapped = [x for x in (p, q) if '=' in x]
                if mapped:
                    label += ' (ccgpu: ' + ', '.join(x.split('=', 1)[1] for x in mapped) + ')'
                basis = bg if bg == bc or bc is None else bc if bg is None else \
                    f'GPGPU-Sim {bg}, ccgpu {bc}'
                err = dirn = None
                if sg is not None and sc is not None:
                    err, dirn = tally.add(b, label, sg, sc)
                else:
                    dirn = '; '.join(f'{sim}: {why}' for sim, why, x in
                                     (('GPGPU-Sim', not_usable(gp, gq), sg), ('ccgpu', not_usable(cp, cq), sc))
                                     if x is None)
                print(f"| {b} | {label} | {basis or '-'} | {fmt_x(sg)} | {fmt_x(sc)} | "
                      f"{'-' if err is None else f'{100 * err:+.1f}%'} | {dirn} |")
                rows.append({'config': cfg, 'benchmark': b, 'policy': p, 'base': q,
                             'basis_gpgpusim': bg or '', 'basis_ccgpu': bc or '',
                             'speedup_gpgpusim': '' if sg is None else f'{sg:.6f}',
                             'speedup_ccgpu': '' if sc is None else f'{sc:.6f}',
                             'error': '' if err is None else f'{err:.6f}', 'direction': dirn,
                             **miss_cells(gp, gq, cp, cq)})
        print('\nPer run (cycles marked "(cap)": the run ended at a cap, `-gpgpu_max_cycle`):\n')
        print('| benchmark | scheduler | cycles GPGPU-Sim | ccgpu | thread insts GPGPU-Sim | ccgpu | '
              'L1D miss GPGPU-Sim | ccgpu | L2 miss GPGPU-Sim | ccgpu |')
        print('|---|---|---:|---:|---:|---:|---:|---:|---:|---:|')
        for b in benches:
            for s in scheds:
                g, c, cap = runs[s, b]
                for sim, r in (('GPGPU-Sim', g), ('ccgpu', c)):
                    if not usable(r):
                        problems.append(f'{cfg} {s} {b} on {sim}: {r["status"]}: {r["why"]}')
                print(f"| {b} | {s} | {fmt_num(g, 'cycles')} | {fmt_num(c, 'cycles')} | "
                      f"{fmt_num(g, 'insn')} | {fmt_num(c, 'insn')} | "
                      f"{fmt_rate(g['l1']) if usable(g) else '-'} | {fmt_rate(c['l1']) if usable(c) else '-'} | "
                      f"{fmt_rate(g['l2']) if usable(g) else '-'} | {fmt_rate(c['l2']) if usable(c) else '-'} |")
        print()
        if tally.errs:
            print(f'{cfg}: {tally.summary()}\n')
        elif pairs:
            print(f'{cfg}: no speed-up with both simulators\' runs\n')
        if problems:
            print(f'Missing or failed runs ({cfg}):\n')
            for x in problems:
                print(f'- {x}')
            print()
    if csv_path:
        fields = ['config', 'benchmark', 'policy', 'base', 'basis_gpgpusim', 'basis_ccgpu',
                  'speedup_gpgpusim', 'speedup_ccgpu', 'error', 'direction'] + \
            [f'{m}_{sim}_{w}' for m, _, sim, w in MISS_COLS]
        with open(csv_path, 'w', newline='') as f:
            w = csv.DictWriter(f, fieldnames=fields, lineterminator='\n')
            w.writeheader()
            w.writerows(rows)
    return 0


def geomean(xs):
    return math.exp(sum(math.log(x) for x in xs) / len(xs))


def policy_pairs(scheds):
    """(policy, base) pairs: each scheduler over gto, gto over lrr"""
    base = next((s for s in scheds if s.split('=', 1)[0] == 'gto'), None)
    if not base:
        return []
    return [(base, s) if s.split('=', 1)[0] == 'lrr' else (s, base) for s in scheds if s != base]


def ensemble(works, cfgs, scheds, benches):
    pairs = policy_pairs(scheds)
    if not pairs:
        print('ensemble: no gto among the schedulers', file=sys.stderr)
        return 2
    print(f'Policy effects over an ensemble of {len(works)} configurations (work directories '
          f'{", ".join(works)}): each the same runs with one small change. Per simulator the '
          'geometric mean of the speed-ups over the members where both runs finished '
          '(n: how many), and the lowest and highest member; error = ccgpu mean / GPGPU-Sim '
          'mean - 1; direction of the means as in `ratios`. A run that ended at a cap counts by '
          'its instructions per cycle, as in `ratios`.\n')
    for cfg in cfgs:
        print(f'### {cfg}\n')
        print('| benchmark | speed-up of | GPGPU-Sim mean (low-high) | n | ccgpu mean (low-high) | n | '
              'error | direction | members both ways |')
        print('|---|---|---:|---:|---:|---:|---:|---|---|')
        tally, flips = Tally(), 0
        self_strong, self_bad = 0, 0  # GPGPU-Sim's members against its own first member
        for b in benches:
            for p, q in pairs:
                sg, sc = [], []
                for w in works:
                    dp, dq = (os.path.join(w, cfg, sched_dir(x), b) for x in (p, q))
                    cp, cq = (config_cap(os.path.join(d, 'gpgpusim.config')) for d in (dp, dq))
                    g, _ = speedup(run_gsim(dp, cp), run_gsim(dq, cq))
                    c, _ = speedup(run_ccgpu(dp, cp), run_ccgpu(dq, cq))
                    if g is not None:
                        sg.append(g)
                    if c is not None:
                        sc.append(c)
                label = f"{p.split('=', 1)[0]} / {q.split('=', 1)[0]}"
                if len(sg) == len(works):  # (the first member's run is sg[0])
                    for x in sg[1:]:
                        if max(abs(effect(sg[0])), abs(effect(x))) >= STRONG:
                            self_strong += 1
                            self_bad += direction(sg[0], x) == 'no'
                cell = lambda xs: (f'{geomean(xs):.3f} ({min(xs):.3f}-{max(xs):.3f})'
                                   if xs else '-')
                err = dirn = None
                # a member's effect on either side of the flat band from
                # another's: a single run could have given either direction
                flip = any(min(xs) <= 1 - FLAT and max(xs) >= 1 + FLAT for xs in (sg, sc) if xs)
                flips += flip
                if sg and sc:
                    err, dirn = tally.add(b, label, geomean(sg), geomean(sc))
                print(f"| {b} | {label} | {cell(sg)} | {len(sg)} | {cell(sc)} | {len(sc)} | "
                      f"{'-' if err is None else f'{100 * err:+.1f}%'} | {dirn or '-'} | "
                      f"{'yes' if flip else 'no'} |")
        print()
        if tally.errs:
            print(f'{cfg}, ensemble means: {tally.summary()}; members on both sides of the flat band: {flips}. '
                  f'GPGPU-Sim against itself (each other member against the first, where all '
                  f'{len(works)} finished): direction disagrees in {self_bad} of {self_strong}\n')
        else:
            print(f'{cfg}: no speed-up with both simulators\' runs\n')
    return 0


if __name__ == '__main__':
    if len(sys.argv) >= 3 and sys.argv[1] == 'sameptx':
        sys.exit(sameptx(sys.argv[2], sys.argv[3:]))
    if len(sys.argv) >= 6 and sys.argv[1:3] == ['table', '--sched']:
        sys.exit(table(sys.argv[4], sys.argv[5].split(','), sys.argv[6:], sys.argv[3]))
    if len(sys.argv) >= 4 and sys.argv[1] == 'table':
        sys.exit(table(sys.argv[2], sys.argv[3].split(','), sys.argv[4:]))
    if len(sys.argv) >= 3 and sys.argv[1] == 'ratios':
        a = sys.argv[2:]
        out = None
        if a[:1] == ['--csv'] and len(a) >= 2:
            out, a = a[1], a[2:]
        if len(a) >= 4:
            sys.exit(ratios(a[0], a[1].split(','), a[2].split(','), a[3:], out))
    if len(sys.argv) >= 6 and sys.argv[1] == 'ensemble':
        a = sys.argv[2:]
        sys.exit(ensemble(a[0].split(','), a[1].split(','), a[2].split(','), a[3:]))
    print(__doc__, file=sys.stderr)
    sys.exit(2)
