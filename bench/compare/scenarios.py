"""The experiments of ../shared/EXPERIMENTS.md as named scenarios.

Each scenario lists its cells: one workload run with fixed parameters,
optionally only under some policies (tunable variants belong to the policy
whose tunables they set) and at a given number of vCPUs.  QUICK selects a
reduced matrix with shorter runs.  Parameters are passed to the guest as
key=value words (bench/guest/compare.sh); tun.NAME=VALUE sets a tunable of
the active policy for that cell only.
"""

STOCK = 'stock'

META = {
    'E0': {
        'title': "the framework's own cost",
        'claim': ('The dispatch layer costs nothing when unused: eevdf on our '
                  'kernel is within 0.5% of the stock kernel on pipe '
                  'ping-pong and hackbench; through the layer rr and o1 reach '
                  'at least 0.97x and cfs and bfs 0.95x of eevdf on 1-vCPU '
                  'ping-pong.'),
        'primary': 'per_sec',
        'metrics': {'per_sec': {'unit': 'round trips, msgs or forks/s',
                                'higher_is_better': True}},
        'plot': 'bars',
        'ratios': [['eevdf', STOCK], ['rr', 'eevdf'], ['o1', 'eevdf'],
                   ['cfs', 'eevdf'], ['bfs', 'eevdf']],
    },
    'E1': {
        'title': 'sched_yield storm (Volanomark, 2007)',
        'claim': ('Volanomark ran 80% slower under the first CFS than under '
                  'O(1) because a yielder was requeued near the head of the '
                  'tree; CFS yield variants 0-2 and the yield granularity '
                  'moved the gap between 89% and 8%.'),
        'primary': 'msgs_per_s',
        'metrics': {'msgs_per_s': {'unit': 'msgs/s', 'higher_is_better': True},
                    'yields_per_s': {'unit': 'yields/s',
                                     'higher_is_better': False}},
        'plot': 'bars',
    },
    'E2': {
        'title': 'hackbench sensitivity (FreeBSD ULE, 2012)',
        'claim': ('One interactivity tunable moved hackbench 30 process 1000 '
                  'from 9.6 s to 3.2 s, with a run-to-run spread of '
                  '2.7-7.4 s on one setting.'),
        'primary': 'time_s',
        'metrics': {'time_s': {'unit': 's', 'higher_is_better': False},
                    'per_sec': {'unit': 'msgs/s', 'higher_is_better': True}},
        'plot': 'bars',
    },
    'E3': {
        'title': 'wakeup latency under load (BFS vs CFS, 2009)',
        'claim': ('During make -j4, latt gave BFS avg 73 us / max 19 ms vs '
                  'CFS avg 8637 us / max 24 ms (the CFS average later shown '
                  "inflated by latt's poll loop); BFS built faster while CFS "
                  'left 5-30% idle.'),
        'primary': 'mean_us',
        'metrics': {'mean_us': {'unit': 'us', 'higher_is_better': False},
                    'p99_us': {'unit': 'us', 'higher_is_better': False},
                    'max_us': {'unit': 'us', 'higher_is_better': False}},
        'plot': 'cdf',
    },
    'E4': {
        'title': 'over-scheduling collapse (AIM7 compute, 2013)',
        'claim': ('An AIM7 compute mix collapsed at 1280-2560 tasks under '
                  'default CFS tunables (57k vs 190k jobs/min) and recovered '
                  'with sched_latency 24 ms, min_granularity 8 ms, '
                  'wakeup_granularity 10 ms.'),
        'primary': 'jobs_per_min',
        'metrics': {'jobs_per_min': {'unit': 'jobs/min',
                                     'higher_is_better': True}},
        'plot': 'xy',
        'x_label': 'tasks',
        'logx': True,
    },
    'E5': {
        'title': 'throughput at scale (O(1) on NUMA, 2002)',
        'claim': ('O(1) cut a 16-way kernel compile from 47 s to 31 s and an '
                  '8-way one from 60.4 s to 57.6 s, mostly by keeping CPUs '
                  'fed (idle 16% to 0%).'),
        'primary': 'build_s',
        'metrics': {'build_s': {'unit': 's', 'higher_is_better': False},
                    'idle_pct': {'unit': '%', 'higher_is_better': False}},
        'plot': 'xy',
        'x_label': 'vCPUs',
        'logx': False,
    },
    'E6': {
        'title': 'algorithmic cost (Snook, 2007)',
        'claim': ("If CFS's gap is its O(log n) rbtree, the cost of a "
                  'scheduling decision against the number of runnable tasks '
                  "diverges logarithmically from O(1)'s; BFS's pick is O(n)."),
        'primary': 'decision_ns',
        'metrics': {'decision_ns': {'unit': 'ns', 'higher_is_better': False},
                    'enqueue_ns': {'unit': 'ns', 'higher_is_better': False},
                    'pick_ns': {'unit': 'ns', 'higher_is_better': False},
                    'put_prev_ns': {'unit': 'ns', 'higher_is_better': False},
                    'set_next_ns': {'unit': 'ns', 'higher_is_better': False},
                    'dequeue_ns': {'unit': 'ns', 'higher_is_better': False},
                    'balance_ns': {'unit': 'ns', 'higher_is_better': False}},
        'plot': 'xy',
        'plot_metrics': ['decision_ns', 'enqueue_ns'],
        # decision: balance + pick + put_prev + set_next; cfs inserts into
        # its tree in put_prev and erases in set_next, bfs scans its queue
        # in balance and picks what that scan found
        'shapes': {'decision_ns': {'rr': 'flat', 'o1': 'flat', 'cfs': 'log',
                                   'bfs': 'linear'},
                   'enqueue_ns': {'rr': 'flat', 'o1': 'flat', 'cfs': 'log',
                                  'bfs': 'flat'}},
        'x_label': 'runnable tasks on CPU 0',
        'logx': True,
    },
    'SW': {
        'title': 'run-time switch latency (plugsched, 2021)',
        'claim': ('Switching the policy at run time (echo P > active) takes '
                  'under 10 ms with 10,000 tasks; Alibaba\'s plugsched '
                  'reports tens of ms to replace a whole scheduler.'),
        'primary': 'to_policy_med_us',
        'metrics': {'to_policy_med_us': {'unit': 'us',
                                         'higher_is_better': False},
                    'to_policy_max_us': {'unit': 'us',
                                         'higher_is_better': False},
                    'to_eevdf_med_us': {'unit': 'us',
                                        'higher_is_better': False},
                    'to_eevdf_max_us': {'unit': 'us',
                                        'higher_is_better': False}},
        'plot': 'xy',
        'plot_metrics': ['to_policy_med_us', 'to_policy_max_us'],
        'x_label': 'tasks (pinned to CPU 0)',
        'logx': True,
    },
}

CFS_E4_TUNED = {'tun.sched_tunable_scaling': 0,
                'tun.sched_latency_ns': 24000000,
                'tun.sched_min_granularity_ns': 8000000,
                'tun.sched_wakeup_granularity_ns': 10000000}


def cell(scenario, workload, params, variant='default', x=None, vcpus=None,
         policies=None, est=None):
    """One cell: a workload run; est is its guessed guest time in seconds."""
    dur = params.get('dur', 0)
    return {'scenario': scenario, 'workload': workload, 'params': params,
            'variant': variant, 'x': x, 'vcpus': vcpus, 'policies': policies,
            'est': est if est is not None else dur + 2}


def e0(quick, dur):
    """E0: ping-pong at 1 and 2 vCPUs and hackbench, stock vs ours.

    Under icount a 1-vCPU cell repeats to the instruction, but at 2 vCPUs
    eevdf's placement of the pair (same CPU or not, wake_affine) differs
    from boot to boot and spreads the rate by several per cent; the
    pinned cell (pinger on CPU 0, ponger on CPU 1) leaves no placement to
    the scheduler and so resolves the cost of the cross-CPU wakeup path.
    hackbench runs at 1 vCPU for the same reason, and at 2 for the spread.
    forkstorm (fork, exit and wait, then thread create and join, one at a
    time, 1 vCPU) is the path the layer adds to every fork under every
    policy: the fork rwsem and the core's task list.
    """
    pols = [STOCK, 'eevdf', 'rr', 'o1', 'cfs', 'bfs']
    loops = 100 if quick else 200
    out = [cell('E0', 'pingpong', {'pairs': 1, 'dur': dur},
                variant='pingpong', vcpus=v, policies=pols)
           for v in (1, 2)]
    out.append(cell('E0', 'pingpong', {'pairs': 1, 'dur': dur, 'cross': 1},
                    variant='pingpong-pinned', vcpus=2, policies=pols))
    # before hackbench, whose disk reads complete at host-timed points of
    # an icount guest; forkstorm spreads by 2-8% between icount boots of
    # one kernel after or before it alike (the cause is not known)
    out.append(cell('E0', 'forkstorm', {'procs': 2000, 'threads': 2000,
                                        'par': 1},
                    variant='forkstorm', vcpus=1, policies=pols, est=4))
    out += [cell('E0', 'hackbench', {'groups': 4, 'loops': loops,
                                     'mode': 'process-pipe'},
                 variant='hackbench', vcpus=v, policies=pols, est=8)
            for v in (1, 2)]
    return out


def e1(quick, dur):
    """E1: the yield storm under every policy and cfs's yield variants."""
    base = {'rings': 4, 'threads': 8, 'work': 256, 'dur': dur}
    out = [cell('E1', 'yieldstorm', base)]
    modes = (0, 1, 2) if quick else (0, 1, 2, 3)
    for mode in modes:
        out.append(cell('E1', 'yieldstorm',
                        dict(base, **{'tun.yield_mode': mode}),
                        variant=f'yield_mode={mode}', policies=['cfs']))
    grans = (100000, 80000000) if quick else \
        (100000, 8000000, 80000000, 800000000)
    for gran in grans:
        out.append(cell('E1', 'yieldstorm',
                        dict(base, **{'tun.yield_mode': 1,
                                      'tun.yield_granularity_ns': gran}),
                        variant=f'yield_mode=1,gran={gran // 1000}us',
                        policies=['cfs']))
    return out


def e2(quick, _dur):
    """E2: hackbench, pipes and sockets, processes and threads."""
    modes = ('process-pipe', 'process-socket') if quick else \
        ('process-pipe', 'process-socket', 'thread-pipe', 'thread-socket')
    groups = (4,) if quick else (2, 4, 8)
    loops = 25 if quick else 200
    return [cell('E2', 'hackbench', {'mode': m, 'groups': g, 'loops': loops},
                 variant=f'{m},g={g}', est=4 * g * loops / 50)
            for m in modes for g in groups]


def e3(quick, dur):
    """E3: latt alone and beside a parallel build."""
    files = 4 if quick else 24
    return [cell('E3', 'latt', {'clients': 4, 'load': load, 'files': files,
                                'dur': dur, 'trace': 1},
                 variant=f'load={load}', est=dur + (6 if load == 'build' else 2))
            for load in ('none', 'build')]


def e4(quick, dur):
    """E4: the compute mix against the task count, cfs tuned and not."""
    counts = (8, 64, 256) if quick else (8, 32, 128, 512, 1024, 2048)
    out = []
    for n in counts:
        params = {'tasks': n, 'sleep_us': 200, 'dur': dur}
        out.append(cell('E4', 'computemix', params, x=n, est=dur + 2 + n / 200))
        out.append(cell('E4', 'computemix', dict(params, **CFS_E4_TUNED),
                        variant='latency=24ms', x=n, policies=['cfs'],
                        est=dur + 2 + n / 200))
    return out


def e5(quick, _dur):
    """E5: parallel build time and idle share against vCPUs."""
    files = 4 if quick else 32
    cpus = (1, 2) if quick else (1, 2, 4)
    return [cell('E5', 'build', {'files': files, 'jobs': 2 * v},
                 x=v, vcpus=v, est=files * 3 / v)
            for v in cpus]


def e6(quick, dur):
    """E6: pick and enqueue cost against runnable tasks on one CPU."""
    counts = (10, 100, 1000) if quick else (10, 100, 1000, 10000)
    return [cell('E6', 'pickcost', {'tasks': n, 'dur': dur}, x=n,
                 policies='policies-with-counters', est=dur + 2 + n / 300)
            for n in counts]


def sw(quick, _dur):
    """SW: eevdf -> P -> eevdf round trips beside N sleeping or spinning
    tasks (not in the default list: make compare SCENARIOS=SW)."""
    counts = (10, 1000) if quick else (10, 1000, 10000)
    reps = 5 if quick else 20
    return [cell('SW', 'switchlat', {'tasks': n, 'load': load, 'reps': reps,
                                     'dur': 15 if n < 10000 else 25},
                 variant=f'load={load}', x=n, vcpus=2,
                 policies='policies-with-counters', est=27 + n / 300)
            for load in ('idle', 'busy') for n in counts]


BUILDERS = {'E0': e0, 'E1': e1, 'E2': e2, 'E3': e3, 'E4': e4, 'E5': e5,
            'E6': e6, 'SW': sw}
ROOTFS_WORKLOADS = ('hackbench', 'build')


def cells_for(names, quick):
    """Every cell of the named scenarios."""
    dur = 2 if quick else 5
    out = []
    for name in names:
        out.extend(BUILDERS[name](quick, dur))
    return out


def needs_rootfs(cell_):
    """Whether a cell runs a tool from the Debian root file system."""
    return (cell_['workload'] in ROOTFS_WORKLOADS or
            cell_['params'].get('load') == 'build')
