"""Turn the console log of one compare boot into result records.

The guest side (bench/guest/compare.sh) prints, per cell of the plan:

    SPBENCH begin ID
    SPBENCH result ID k=v ...
    SPBENCH quantiles ID tool|kernel [samples=N dropped=N] q0.5=US ...
    SPBENCH stats ID secs=S csw=N idle_pct=P [migrations=N preempted=N]
                     [p_COUNTER=DELTA ...]
    SPBENCH end ID ok | fail REASON

and once per boot "SPBENCH env kernel=R policy=P cpus=N rootfs=0|1".
A cell that switches policies itself (switchlat) brackets its switches
with "SPBENCH switching ID" and "SPBENCH switched ID".
Console lines may carry a trailing CR and kernel messages may be
interleaved; only lines starting with "SPBENCH " count.
"""

import re

_LINE = re.compile(r'^SPBENCH (\S+)(?: (.*))?$')
# The kernel saying that the boot's policy is gone: the stall watchdog's
# report, or a switch (a compare boot never asks for one).
_LEFT_POLICY = re.compile(
    r"sched_policy: (watchdog: policy '\S+' left .*|switched from (\S+) to (\S+))")


def number(text):
    """The value of a key=value word as int or float, or None."""
    try:
        return int(text)
    except ValueError:
        pass
    try:
        return float(text)
    except ValueError:
        return None


def split_kv(text):
    """'a=1 b=x' -> {'a': '1', 'b': 'x'}; words without '=' are ignored."""
    out = {}
    for word in (text or '').split():
        key, sep, value = word.partition('=')
        if sep and key:
            out[key] = value
    return out


def numeric_kv(text):
    """Only the numeric values of split_kv(text), converted."""
    out = {}
    for key, value in split_kv(text).items():
        val = number(value)
        if val is not None:
            out[key] = val
    return out


def _quantiles(text):
    """'samples=9 q0.5=10 q1=40' -> [[0.5, 10.0], [1.0, 40.0]]."""
    pairs = []
    for key, value in numeric_kv(text).items():
        if key.startswith('q') and number(key[1:]) is not None:
            pairs.append([float(key[1:]), float(value)])
    return sorted(pairs)


def _per(a, b):
    """a / b, or None when either is missing or b is zero."""
    if a is None or not b:
        return None
    return a / b


def derive_stats(raw):
    """The per-run statistics the report shows, from a 'stats' line."""
    secs = raw.get('secs')
    # The tracing counts (trace=1 cells) cover every kernel alike; else the
    # framework's counters, which eevdf and the stock kernel do not have.
    if 'migrations' in raw:
        migrations, preemptions = raw['migrations'], raw.get('preempted')
    else:
        migrations = raw.get('p_migrations')
        preemptions = raw.get('p_wakeup_preempts')
    return {
        'csw_per_s': _per(raw.get('csw'), secs),
        'migrations': migrations,
        'preemptions': preemptions,
        'idle_pct': raw.get('idle_pct'),
        'pick_ns': _per(raw.get('p_pick_ns'), raw.get('p_picks')),
        'enqueue_ns': _per(raw.get('p_enqueue_ns'), raw.get('p_enqueues')),
    }


def parse_console(text):
    """(env, {cell id: parsed cell}) from a console log.

    A parsed cell has 'ok' (True, False, or None when no end line came:
    the guest died), 'error', 'result' (numeric key/values), 'params'
    (all key/values of the result line), 'quantiles' and 'stats'.  A cell
    that ends after the kernel reported leaving the boot's policy (stall
    watchdog, switch) is not ok: part of it ran under another policy.
    """
    env = {}
    cells = {}
    left = None
    switching = False
    for line in text.splitlines():
        line = line.rstrip('\r')
        event = _LEFT_POLICY.search(line)
        if event and left is None and not (
                switching and event.group(2) and
                {event.group(2), event.group(3)} ==
                {'eevdf', env.get('policy')}):
            left = event.group(1)
        match = _LINE.match(line)
        if not match:
            continue
        kind, rest = match.group(1), match.group(2) or ''
        if kind == 'env':
            env.update(split_kv(rest))
            continue
        if kind in ('switching', 'switched'):
            switching = kind == 'switching'
            continue
        cid, _, rest = rest.partition(' ')
        if not cid:
            continue
        cell = cells.setdefault(cid, {'ok': None, 'error': None, 'result': {},
                                      'params': {}, 'quantiles': {},
                                      'stats': {}})
        if kind == 'result':
            cell['result'] = numeric_kv(rest)
            cell['params'] = split_kv(rest)
        elif kind == 'quantiles':
            source, _, qs = rest.partition(' ')
            cell['quantiles'][source] = _quantiles(qs)
        elif kind == 'stats':
            cell['stats'] = derive_stats(numeric_kv(rest))
        elif kind == 'end':
            status, _, reason = rest.partition(' ')
            cell['ok'] = status == 'ok'
            cell['error'] = None if cell['ok'] else (reason or 'failed')
            if left is not None:
                cell['ok'] = False
                cell['error'] = f'invalid, the boot left its policy: {left}'

    return env, cells
