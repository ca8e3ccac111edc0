#!/usr/bin/env python3
"""make compare: run the scenarios of scenarios.py under every policy.

Boots the measurement kernel under QEMU once per (run, vCPU count,
policy), alternating the policies (A B C A B C ...), with the cells of that
group as the boot's plan; the guest (bench/guest/compare.sh) prints the raw
numbers, which land as JSON lines in OUT/runs.jsonl.  Then report.py writes
OUT/summary.md, OUT/plots/ and OUT/index.html.  Exit status: 0 when every
cell ran, 1 when any failed (the report says which), 2 on usage errors.
"""

import argparse
import datetime
import json
import os
import platform
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import parse  # noqa: E402
import scenarios  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__))))
BOOT_OVERHEAD_S = 6


def die(msg):
    """Usage error: one line on stderr, exit 2."""
    print(f'compare: {msg}', file=sys.stderr)
    sys.exit(2)


def words(text):
    """A space- or comma-separated list."""
    return [w for w in (text or '').replace(',', ' ').split() if w]


def parse_args(argv):
    """Command line; see make compare in the README."""
    ap = argparse.ArgumentParser(prog='compare', description=__doc__)
    ap.add_argument('--kernel', required=True, help='our bzImage')
    ap.add_argument('--stock-kernel', help='the unpatched bzImage (E0)')
    ap.add_argument('--initrd', required=True)
    ap.add_argument('--rootfs', help='Debian image from boot/mkrootfs')
    ap.add_argument('--out', required=True, help='results folder')
    ap.add_argument('--policies', required=True)
    ap.add_argument('--scenarios', default='E0 E1 E2 E3 E4 E5 E6')
    ap.add_argument('--runs', type=int, default=5)
    ap.add_argument('--vcpus', type=int, default=2)
    ap.add_argument('--mem', type=int, default=2048)
    ap.add_argument('--quick', action='store_true')
    ap.add_argument('--config', default='perf: base config, no debug options')
    ap.add_argument('--no-report', action='store_true')
    ap.add_argument('--dry-run', action='store_true',
                    help='print the boots and their plans, run nothing')
    args = ap.parse_args(argv)
    args.scenarios = words(args.scenarios)
    args.policies = words(args.policies)
    for name in args.scenarios:
        if name not in scenarios.BUILDERS:
            die(f"unknown scenario '{name}' (known: "
                f"{' '.join(scenarios.BUILDERS)})")
    if not args.policies:
        die('no policies')
    if not 1 <= args.runs <= 100:
        die(f'RUNS must be 1-100, not {args.runs}')
    if not 1 <= args.vcpus <= 64:
        die(f'VCPUS must be 1-64, not {args.vcpus}')
    for path in (args.kernel, args.initrd):
        if not os.path.isfile(path):
            die(f'{path} not found')
    return args


def accel():
    """What boot/qemu-run will use: ACCEL, else kvm only with vmx/svm."""
    if os.environ.get('ACCEL'):
        return os.environ['ACCEL']
    try:
        with open('/proc/cpuinfo', encoding='ascii', errors='replace') as f:
            flags = f.read()
    except OSError:
        flags = ''
    usable = os.access('/dev/kvm', os.R_OK | os.W_OK)
    return 'kvm' if usable and (' vmx' in flags or ' svm' in flags) else 'tcg'


def host_text():
    """'model name, N CPUs' of this machine."""
    model = platform.processor() or 'unknown CPU'
    try:
        with open('/proc/cpuinfo', encoding='ascii', errors='replace') as f:
            for line in f:
                if line.startswith('model name'):
                    model = line.split(':', 1)[1].strip()
                    break
    except OSError:
        pass
    return f'{model}, {os.cpu_count()} CPUs'


def cell_policies(cell, policies, have_stock):
    """The policies (columns) a cell runs under."""
    ours = [p for p in policies if p != scenarios.STOCK]
    want = cell['policies']
    if want is None:
        return ours
    if want == 'policies-with-counters':
        return [p for p in ours if p != 'eevdf']
    return [p for p in want if p in policies or
            (p == scenarios.STOCK and have_stock)]


def plan_groups(args):
    """{(vcpus, policy): [cells]} and the boot order of the groups."""
    have_stock = bool(args.stock_kernel)
    groups = {}
    for cell in scenarios.cells_for(args.scenarios, args.quick):
        vcpus = cell['vcpus'] or args.vcpus
        for pol in cell_policies(cell, args.policies, have_stock):
            groups.setdefault((vcpus, pol), []).append(cell)
    order = ([scenarios.STOCK] if have_stock else []) + \
        [p for p in args.policies if p != scenarios.STOCK]
    keys = sorted(groups, key=lambda k: (k[0], order.index(k[1])))
    return groups, keys


def plan_text(cells):
    """The guest's plan: 'ID WORKLOAD k=v ...' per cell."""
    lines = []
    for i, cell in enumerate(cells):
        kv = ' '.join(f'{k}={v}' for k, v in cell['params'].items())
        lines.append(f'c{i} {cell["workload"]} {kv}'.rstrip())
    return '\n'.join(lines) + '\n'


# Wall seconds per guest second: under icount the guest's clock counts
# instructions (1 ns each), which single-threaded TCG runs slower than
# that, several vCPUs in turn.
ICOUNT_SLOWDOWN = 6


def estimate(cells):
    """Guessed wall seconds for one boot running these cells."""
    guest = BOOT_OVERHEAD_S + sum(c['est'] for c in cells)
    return guest * (ICOUNT_SLOWDOWN if accel() == 'icount' else 1)


def boot(args, key, cells, run, out):
    """Run one boot; return its records."""
    vcpus, pol = key
    stock = pol == scenarios.STOCK
    tag = f'run{run}-{pol}-{vcpus}cpu'
    plan = os.path.join(out, 'plans', tag + '.txt')
    log = os.path.join(out, 'logs', tag + '.log')
    with open(plan, 'w', encoding='ascii') as f:
        f.write(plan_text(cells))
    guest_s = BOOT_OVERHEAD_S + sum(c['est'] for c in cells)
    limit = int(120 + 4 * guest_s)
    wall_limit = int(120 + 4 * estimate(cells)) + 30
    cmd = [os.path.join(ROOT, 'boot', 'qemu-run'),
           '--kernel', args.stock_kernel if stock else args.kernel,
           '--initrd', args.initrd, '--cpus', str(vcpus),
           '--mem', str(args.mem), '--policy', '' if stock else pol,
           '--append', f'sptests=compare sptest.timeout={limit}',
           '--timeout', str(wall_limit), '--log', log,
           '--fwcfg', f'opt/spbench/plan={plan}']
    if args.rootfs and os.path.isfile(args.rootfs):
        cmd += ['--disk', args.rootfs]
    t0 = time.monotonic()
    proc = subprocess.run(cmd, stdin=subprocess.DEVNULL,
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          text=True, check=False)
    wall = time.monotonic() - t0
    try:
        with open(log, encoding='utf-8', errors='replace') as f:
            text = f.read()
    except OSError:
        text = ''
    env, parsed = parse.parse_console(text)
    why = None
    if not stock and env.get('policy') not in (None, pol):
        why = f"policy {env.get('policy')} was active, not {pol}"
    elif not env:
        why = (f'guest gave no output (qemu-run exit {proc.returncode}: '
               f'{proc.stdout.strip().splitlines()[-1:] or ""}), see {log}')
    extra = {'boot_wall_s': round(wall, 1), 'log': os.path.relpath(log, out)}
    return make_records(cells, key, run, env, parsed, why, extra), env


def make_records(cells, key, run, env, parsed, why, extra):
    """One record per cell of a boot from its parsed console output.

    why: a reason that fails every cell of the boot (None when the boot
    itself was sound); extra: keys added to every record.
    """
    vcpus, pol = key
    records = []
    for i, cell in enumerate(cells):
        got = parsed.get(f'c{i}')
        rec = {'scenario': cell['scenario'], 'variant': cell['variant'],
               'x': cell['x'], 'policy': pol, 'run': run, 'vcpus': vcpus,
               'workload': cell['workload'], 'params': cell['params'],
               'kernel': env.get('kernel')}
        rec.update(extra)
        if why or not got or got['ok'] is not True:
            error = why or (got and got['error']) or \
                f"no result: the guest stopped first, see {extra.get('log')}"
            rec.update({'ok': False, 'error': error, 'metrics': {},
                        'stats': {}})
        else:
            rec.update({'ok': True, 'error': None, 'metrics': got['result'],
                        'stats': got['stats'],
                        'quantiles': got['quantiles']})
        records.append(rec)
    return records


def progress(i, n, key, run, runs, records, done_est, total_est, t_start):
    """One line per boot with an estimate of the time left."""
    vcpus, pol = key
    elapsed = time.monotonic() - t_start
    left = elapsed / done_est * (total_est - done_est) if done_est else 0
    ok = sum(r['ok'] for r in records)
    print(f'compare: [{i}/{n}] run {run}/{runs} {pol} {vcpus} vCPU: '
          f'{ok}/{len(records)} cells ok; elapsed {elapsed / 60:.1f} min, '
          f'about {left / 60:.1f} min left', flush=True)


def save_meta(out, *, started, finished, kernel, stock, config, accel_name,
              runs, quick, policies, vcpus, rootfs, used):
    """OUT/meta.json, what the report needs besides the records (make
    compare's and local.py's): the given fields, this host, the baseline
    and the descriptions of the scenarios USED, in that order."""
    meta = {'started': started, 'finished': finished,
            'kernel_release': kernel, 'stock_release': stock,
            'config': config, 'accel': accel_name, 'host': host_text(),
            'runs': runs, 'quick': quick, 'policies': policies,
            'baseline': 'eevdf', 'vcpus_default': vcpus, 'rootfs': rootfs,
            'scenarios': {s: scenarios.META[s] for s in used}}
    with open(os.path.join(out, 'meta.json'), 'w', encoding='utf-8') as f:
        json.dump(meta, f, indent=1)


def write_meta(args, out, started, kernels, finished=None):
    """meta.json of this make compare (every scenario has cells in both
    the quick and the full matrix, so args.scenarios are those used)."""
    policies = ([scenarios.STOCK] if args.stock_kernel else []) + \
        [p for p in args.policies if p != scenarios.STOCK]
    save_meta(out, started=started, finished=finished,
              kernel=kernels.get('ours'), stock=kernels.get('stock'),
              config=args.config, accel_name=accel(), runs=args.runs,
              quick=args.quick, policies=policies, vcpus=args.vcpus,
              rootfs=bool(args.rootfs and os.path.isfile(args.rootfs)),
              used=sorted(set(args.scenarios)))


def now_iso():
    """UTC time, seconds."""
    return datetime.datetime.now(datetime.timezone.utc).strftime(
        '%Y-%m-%dT%H:%M:%SZ')


def main(argv=None):
    """Run the matrix, write the records, then the report."""
    args = parse_args(argv)
    out = args.out
    for sub in ('plans', 'logs'):
        os.makedirs(os.path.join(out, sub), exist_ok=True)
    groups, keys = plan_groups(args)
    if not keys:
        die('nothing to run: no cell matches SCENARIOS and POLICIES')
    if args.dry_run:
        for key in keys:
            print(f'boot: {key[1]} {key[0]} vCPU, about '
                  f'{estimate(groups[key]):.0f} s')
            print(plan_text(groups[key]), end='')
        total = args.runs * sum(estimate(groups[k]) for k in keys)
        print(f'compare: {len(keys) * args.runs} boots, first guess '
              f'{total / 60:.0f} min')
        return 0
    missing = [c for k in keys for c in groups[k] if scenarios.needs_rootfs(c)]
    if missing and not (args.rootfs and os.path.isfile(args.rootfs)):
        print('compare: warning: no root file system image: '
              f'{len(missing)} cells (hackbench, builds) will fail',
              file=sys.stderr)
    started = now_iso()
    kernels = {}
    write_meta(args, out, started, kernels)
    total_est = args.runs * sum(estimate(groups[k]) for k in keys)
    print(f'compare: {len(keys) * args.runs} boots, '
          f'{args.runs * sum(len(groups[k]) for k in keys)} cells, '
          f'first guess {total_est / 60:.0f} min; results in {out}',
          flush=True)
    t_start = time.monotonic()
    done_est = 0
    failed = 0
    n = len(keys) * args.runs
    i = 0
    with open(os.path.join(out, 'runs.jsonl'), 'a', encoding='utf-8') as f:
        for run in range(1, args.runs + 1):
            for key in keys:
                i += 1
                records, env = boot(args, key, groups[key], run, out)
                if env.get('kernel'):
                    kind = 'stock' if key[1] == scenarios.STOCK else 'ours'
                    kernels.setdefault(kind, env['kernel'])
                for rec in records:
                    f.write(json.dumps(rec, sort_keys=True) + '\n')
                f.flush()
                failed += sum(not r['ok'] for r in records)
                done_est += estimate(groups[key])
                progress(i, n, key, run, args.runs, records, done_est,
                         total_est, t_start)
    write_meta(args, out, started, kernels, now_iso())
    if not args.no_report:
        import report  # pylint: disable=import-outside-toplevel
        try:
            report.write_report(out)
        except report.ReportError as err:
            print(f'compare: no report: {err}', file=sys.stderr)
            return 1
        print(f'compare: report: {out}/summary.md, {out}/index.html')
    if failed:
        print(f'compare: {failed} cells failed; see the Failures section '
              f'of {out}/summary.md')
        return 1
    return 0


if __name__ == '__main__':
    sys.exit(main())
