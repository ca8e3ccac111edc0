#!/usr/bin/env python3
"""sched-compare: make compare's matrix on the machine it runs on.

    sched-compare start [--out DIR] [--scenarios "E1 E4"] [--policies "..."]
                        [--runs N] [--quick] [--settle S]
    sched-compare resume        (run by the boot service; also by start)
    sched-compare status
    sched-compare stop          (no more switches; the results stay)

Instead of booting QEMU, each "boot" of the matrix is a real boot of this
machine's kernel with sched_policy=P: the runner measures the cells of the
boot with bench/guest/compare.sh (natively, SPBENCH_NATIVE=1), stores the
records, then restarts the kernel with the next policy through
sched-switch (kexec).  The state (the list of boots and the next one) is
kept in STATE_DIR (default /var/lib/sched-compare) so that the systemd
unit sched-compare.service, enabled by start, resumes after every kexec;
after the last boot it writes the same report as make compare and
disables itself.  The stock kernel (E0's reference) is not available
here, and every cell runs on all CPUs of the machine.  A policy the
machine did not come back with after two switches fails its cells, and the
matrix goes on.

Environment: STATE_DIR, SCHED_SWITCH (default sched-switch),
SP_SYSFS (default /sys/kernel/sched_policy), SPBENCH_SHARE (where
compare.sh, lib.sh, the programs and the build tree generator are;
default: this source tree or /usr/share/sched-policy).
"""

import argparse
import json
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import parse  # noqa: E402
import runner  # noqa: E402
import scenarios  # noqa: E402

UNIT = 'sched-compare.service'
UNIT_TEXT = """[Unit]
Description=sched-policy unattended comparison (sched-compare resume)
After=multi-user.target

[Service]
Type=oneshot
ExecStart={exe} resume
TimeoutStartSec=infinity

[Install]
WantedBy=multi-user.target
"""
MAX_ATTEMPTS = 2


def state_dir():
    """Where the state and the default results live."""
    return os.environ.get('STATE_DIR', '/var/lib/sched-compare')


def share_paths():
    """compare.sh, lib.sh, the programs' directory and gen, found."""
    root = os.environ.get('SPBENCH_SHARE')
    tree = os.path.dirname(os.path.dirname(HERE))
    if not root:
        root = tree if os.path.isdir(os.path.join(tree, 'tests')) \
            else '/usr/share/sched-policy'
    if os.path.isdir(os.path.join(root, 'tests')):
        return {'compare': os.path.join(root, 'bench/guest/compare.sh'),
                'lib': os.path.join(root, 'tests/guest/lib.sh'),
                'bin': os.path.join(root, 'build/progs'),
                'gen': os.path.join(root, 'bench/buildtree/gen')}
    return {'compare': os.path.join(root, 'compare.sh'),
            'lib': os.path.join(root, 'lib.sh'),
            'bin': os.path.join(root, 'bin'),
            'gen': os.path.join(root, 'gen')}


def sysfs(name):
    """A file of /sys/kernel/sched_policy, stripped, or None."""
    base = os.environ.get('SP_SYSFS', '/sys/kernel/sched_policy')
    try:
        with open(os.path.join(base, name), encoding='ascii') as f:
            return f.read().strip()
    except OSError:
        return None


def load():
    """The saved state, or None when no comparison is under way."""
    try:
        with open(os.path.join(state_dir(), 'state.json'),
                  encoding='utf-8') as f:
            return json.load(f)
    except FileNotFoundError:
        return None


def save(state):
    """Write the state atomically (a kexec may follow at once)."""
    path = os.path.join(state_dir(), 'state.json')
    with open(path + '.tmp', 'w', encoding='utf-8') as f:
        json.dump(state, f, indent=1)
        f.flush()
        os.fsync(f.fileno())
    os.replace(path + '.tmp', path)


def log(msg):
    """A progress line (the journal keeps it under the service)."""
    print(f'sched-compare: {msg}', flush=True)


def plan_boots(opts):
    """The boots, policies alternating within each run."""
    ns = argparse.Namespace(policies=opts.policies, scenarios=opts.scenarios,
                            stock_kernel=None, quick=opts.quick,
                            vcpus=os.cpu_count())
    groups = {}
    for cell in scenarios.cells_for(ns.scenarios, ns.quick):
        cell = dict(cell, vcpus=None)
        for pol in runner.cell_policies(cell, ns.policies, False):
            groups.setdefault(pol, []).append(cell)
    order = [p for p in ns.policies if p in groups]
    return [{'run': run, 'policy': pol, 'cells': groups[pol]}
            for run in range(1, opts.runs + 1) for pol in order]


def start(opts):
    """Plan, save the state, enable the unit, then resume."""
    if load():
        log(f'a comparison is under way (state in {state_dir()}); '
            'sched-compare stop first')
        return 1
    available = (sysfs('available') or '').split()
    if not available:
        log('this kernel has no sched_policy framework')
        return 1
    opts.policies = runner.words(opts.policies) or available
    opts.scenarios = runner.words(opts.scenarios)
    bad = [p for p in opts.policies if p not in available]
    if bad:
        log(f"not in this kernel: {' '.join(bad)} (available: "
            f"{' '.join(available)})")
        return 1
    for name in opts.scenarios:
        if name not in scenarios.BUILDERS:
            log(f"unknown scenario '{name}'")
            return 1
    out = os.path.abspath(opts.out or os.path.join(
        state_dir(), time.strftime('results-%Y%m%d-%H%M%S', time.gmtime())))
    os.makedirs(os.path.join(out, 'logs'), exist_ok=True)
    os.makedirs(os.path.join(out, 'plans'), exist_ok=True)
    paths = share_paths()
    tree = os.path.join(state_dir(), 'buildtree')
    if not os.path.isfile(os.path.join(tree, 'Makefile')):
        subprocess.run([paths['gen'], tree], check=True,
                       stdout=subprocess.DEVNULL)
    boots = plan_boots(opts)
    state = {'out': out, 'boots': boots, 'next': 0, 'attempts': 0,
             'settle_s': opts.settle, 'buildtree': tree,
             'policies': opts.policies, 'scenarios': opts.scenarios,
             'runs': opts.runs, 'quick': opts.quick,
             'started': runner.now_iso(), 'kernel': os.uname().release}
    save(state)
    write_meta(state)
    log(f'{len(boots)} boots planned, results in {out}')
    enable_unit()
    return resume()


def enable_unit():
    """Install and enable the unit that resumes after each kexec."""
    if not os.path.isdir('/run/systemd/system'):
        log('no systemd: run "sched-compare resume" at every boot '
            '(e.g. from /etc/rc.local) until it says done')
        return
    exe = os.path.realpath(sys.argv[0])
    with open(f'/etc/systemd/system/{UNIT}', 'w', encoding='ascii') as f:
        f.write(UNIT_TEXT.format(exe=exe))
    subprocess.run(['systemctl', 'daemon-reload'], check=False)
    subprocess.run(['systemctl', 'enable', UNIT], check=False)


def disable_unit():
    """The last boot is done (or stop): no more resumes."""
    if os.path.isdir('/run/systemd/system'):
        subprocess.run(['systemctl', 'disable', UNIT], check=False)


def write_meta(state):
    """meta.json in the results folder, as make compare writes it."""
    runner.save_meta(state['out'], started=state['started'],
                     finished=state.get('finished'), kernel=state['kernel'],
                     stock=None, config='this machine\'s installed kernel',
                     accel_name='real hardware', runs=state['runs'],
                     quick=state['quick'], policies=state['policies'],
                     vcpus=os.cpu_count(), rootfs=True,
                     used=state['scenarios'])


def append_records(state, records):
    """Add a boot's records to runs.jsonl."""
    with open(os.path.join(state['out'], 'runs.jsonl'), 'a',
              encoding='utf-8') as f:
        for rec in records:
            f.write(json.dumps(rec, sort_keys=True) + '\n')
        f.flush()
        os.fsync(f.fileno())


def measure(state, boot, index):
    """Run the boot's cells with compare.sh; return the records."""
    paths = share_paths()
    tag = f"boot{index + 1}-run{boot['run']}-{boot['policy']}"
    plan = os.path.join(state['out'], 'plans', tag + '.txt')
    logf = os.path.join(state['out'], 'logs', tag + '.log')
    with open(plan, 'w', encoding='ascii') as f:
        f.write(runner.plan_text(boot['cells']))
    env = dict(os.environ, SPBENCH_NATIVE='1', SPBENCH_PLAN=plan,
               SPTEST_LIB=paths['lib'], SPBENCH_BUILDTREE=state['buildtree'],
               PATH=paths['bin'] + ':' + os.environ.get('PATH', ''))
    with open(logf, 'w', encoding='utf-8') as f:
        subprocess.run(['sh', paths['compare']], env=env, stdout=f,
                       stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                       check=False)
    with open(logf, encoding='utf-8', errors='replace') as f:
        penv, parsed = parse.parse_console(f.read())
    why = None if penv else f'compare.sh gave no output, see {logf}'
    key = (os.cpu_count(), boot['policy'])
    return runner.make_records(boot['cells'], key, boot['run'], penv,
                               parsed, why,
                               {'log': os.path.relpath(logf, state['out'])})


def fail_boot(state, boot, reason):
    """Records saying why a boot's cells did not run."""
    key = (os.cpu_count(), boot['policy'])
    append_records(state, runner.make_records(
        boot['cells'], key, boot['run'], {}, {}, reason, {}))


def switch(policy):
    """Restart the kernel with POLICY; returns only if that failed."""
    cmd = [os.environ.get('SCHED_SWITCH', 'sched-switch'), policy]
    log(f"switching: {' '.join(cmd)}")
    return subprocess.run(cmd, check=False).returncode


def resume():
    """Measure this boot if it is the planned one, then switch on."""
    state = load()
    if not state:
        log('no comparison under way')
        return 0
    while state['next'] < len(state['boots']):
        i = state['next']
        boot = state['boots'][i]
        active = sysfs('active')
        if active != boot['policy']:
            if state['attempts'] >= MAX_ATTEMPTS:
                log(f"boot {i + 1}: {boot['policy']} did not come up "
                    f'({active} is active): its cells fail')
                fail_boot(state, boot, f"the machine did not come back with "
                          f"{boot['policy']} after {MAX_ATTEMPTS} switches")
                state.update(next=i + 1, attempts=0)
                save(state)
                continue
            state['attempts'] += 1
            save(state)
            switch(boot['policy'])
            log('the switch did not happen; will retry at the next resume')
            return 1
        state['attempts'] = 0
        log(f"boot {i + 1}/{len(state['boots'])}: run {boot['run']}, "
            f"{boot['policy']}: settling {state['settle_s']} s, then "
            f"{len(boot['cells'])} cells")
        time.sleep(state['settle_s'])
        records = measure(state, boot, i)
        append_records(state, records)
        log(f"boot {i + 1}: {sum(r['ok'] for r in records)}/{len(records)} "
            'cells ok')
        state['next'] = i + 1
        save(state)
    return finish(state)


def finish(state):
    """Write the report, disable the unit, drop the state."""
    state['finished'] = runner.now_iso()
    write_meta(state)
    import report  # pylint: disable=import-outside-toplevel
    try:
        report.write_report(state['out'])
    except report.ReportError as err:
        log(f'no report: {err}')
    disable_unit()
    os.replace(os.path.join(state_dir(), 'state.json'),
               os.path.join(state['out'], 'state.json'))
    log(f"done: {state['out']}/summary.md and index.html")
    return 0


def status():
    """Where the comparison stands."""
    state = load()
    if not state:
        log('no comparison under way')
        return 0
    log(f"boot {state['next'] + 1} of {len(state['boots'])} next, "
        f"results in {state['out']}")
    return 0


def stop():
    """Abandon the comparison: the unit is disabled, results stay."""
    state = load()
    if not state:
        log('no comparison under way')
        return 0
    disable_unit()
    os.replace(os.path.join(state_dir(), 'state.json'),
               os.path.join(state['out'], 'state.json'))
    log(f"stopped; the results so far are in {state['out']}")
    return 0


def main(argv=None):
    """Command line."""
    ap = argparse.ArgumentParser(prog='sched-compare',
                                 description=__doc__.split('\n')[0])
    sub = ap.add_subparsers(dest='cmd', required=True)
    st = sub.add_parser('start')
    st.add_argument('--out')
    st.add_argument('--scenarios', default='E1 E2 E3 E4 E5 E6')
    st.add_argument('--policies', default='')
    st.add_argument('--runs', type=int, default=5)
    st.add_argument('--quick', action='store_true')
    st.add_argument('--settle', type=int, default=30,
                    help='seconds to wait after boot before measuring')
    for name in ('resume', 'status', 'stop'):
        sub.add_parser(name)
    opts = ap.parse_args(argv)
    if opts.cmd != 'status' and os.geteuid() != 0 and \
            not os.environ.get('STATE_DIR'):
        log('must be root')
        return 1
    os.makedirs(state_dir(), exist_ok=True)
    if opts.cmd == 'start':
        if not 1 <= opts.runs <= 100 or opts.settle < 0:
            log('--runs must be 1-100 and --settle >= 0')
            return 2
        return start(opts)
    return {'resume': resume, 'status': status, 'stop': stop}[opts.cmd]()


if __name__ == '__main__':
    sys.exit(main())
