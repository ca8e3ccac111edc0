"""Tests of the runner's matrix (run by tests/host/compare_unit.sh)."""

import argparse
import json
import os
import tempfile
import unittest
from collections import Counter

import runner
import scenarios


def args(policies, names, stock=None, quick=True):
    """The attributes plan_groups reads."""
    return argparse.Namespace(policies=policies, scenarios=names,
                              stock_kernel=stock, quick=quick, vcpus=2)


class MatrixTest(unittest.TestCase):
    """plan_groups and plan_text."""

    def test_variants_only_under_their_policy(self):
        groups, keys = runner.plan_groups(args(['eevdf', 'cfs', 'o1'], ['E1']))
        self.assertEqual(keys, [(2, 'eevdf'), (2, 'cfs'), (2, 'o1')])
        self.assertEqual(len(groups[(2, 'eevdf')]), 1)
        self.assertEqual(len(groups[(2, 'o1')]), 1)
        self.assertGreater(len(groups[(2, 'cfs')]), 3)
        for cell in groups[(2, 'cfs')][1:]:
            self.assertIn('tun.yield_mode', cell['params'])

    def test_stock_needs_its_kernel(self):
        _, keys = runner.plan_groups(args(['eevdf', 'o1'], ['E0']))
        self.assertNotIn(scenarios.STOCK, [k[1] for k in keys])
        _, keys = runner.plan_groups(args(['eevdf', 'o1'], ['E0'], 'bz'))
        self.assertEqual(keys, [(1, 'stock'), (1, 'eevdf'), (1, 'o1'),
                                (2, 'stock'), (2, 'eevdf'), (2, 'o1')])

    def test_pick_cost_skips_policies_without_counters(self):
        _, keys = runner.plan_groups(args(['eevdf', 'rr', 'bfs'], ['E6'], 'bz'))
        self.assertEqual([k[1] for k in keys], ['rr', 'bfs'])

    def test_e5_vcpus_are_the_x_axis(self):
        groups, keys = runner.plan_groups(args(['eevdf'], ['E5']))
        self.assertEqual(keys, [(1, 'eevdf'), (2, 'eevdf')])
        self.assertEqual(groups[(1, 'eevdf')][0]['x'], 1)

    def test_plan_text(self):
        cells = [scenarios.cell('E1', 'yieldstorm', {'dur': 2, 'rings': 4}),
                 scenarios.cell('E6', 'pickcost', {})]
        self.assertEqual(runner.plan_text(cells),
                         'c0 yieldstorm dur=2 rings=4\nc1 pickcost\n')

    def test_quick_and_full_matrix(self):
        """Cells per scenario and run length of each matrix: quick keeps
        every scenario (write_meta relies on it), with 31 of the 54 cells
        and 2 s runs instead of 5 s; SW's tasks live as long as its
        switches take, whatever the matrix."""
        want = {True: ({'E0': 6, 'E1': 6, 'E2': 2, 'E3': 2, 'E4': 6,
                        'E5': 2, 'E6': 3, 'SW': 4}, 2),
                False: ({'E0': 6, 'E1': 9, 'E2': 12, 'E3': 2, 'E4': 12,
                         'E5': 3, 'E6': 4, 'SW': 6}, 5)}
        for quick, (counts, dur) in want.items():
            cells = scenarios.cells_for(list(scenarios.BUILDERS), quick)
            self.assertEqual(Counter(c['scenario'] for c in cells), counts,
                             f'quick={quick}')
            self.assertEqual({c['params']['dur'] for c in cells
                              if 'dur' in c['params'] and
                              c['scenario'] != 'SW'}, {dur})

    def test_meta(self):
        """meta.json: the scenarios asked for, sorted, once each; stock
        first among the policies when its kernel is given."""
        a = args(['eevdf', 'stock', 'rr'], ['E3', 'E1', 'E3'], 'bz')
        a.config, a.runs, a.rootfs = 'cfg', 3, None
        with tempfile.TemporaryDirectory() as out:
            runner.write_meta(a, out, 'T0', {'ours': 'r1'}, 'T1')
            with open(os.path.join(out, 'meta.json'), encoding='utf-8') as f:
                meta = json.load(f)
        self.assertEqual(list(meta['scenarios']), ['E1', 'E3'])
        self.assertEqual(meta['scenarios']['E1'], scenarios.META['E1'])
        self.assertEqual(meta['policies'], ['stock', 'eevdf', 'rr'])
        self.assertEqual((meta['started'], meta['finished'],
                          meta['kernel_release'], meta['stock_release'],
                          meta['quick'], meta['rootfs']),
                         ('T0', 'T1', 'r1', None, True, False))

    def test_icount_mode(self):
        """ACCEL=icount: recorded as the accelerator in meta.json, and
        the wall-clock estimate (and so the boot's timeout) scaled."""
        cells = scenarios.cells_for(['E0'], True)
        a = args(['eevdf'], ['E0'])
        a.config, a.runs, a.rootfs = 'cfg', 1, None
        old = os.environ.get('ACCEL')
        try:
            os.environ['ACCEL'] = 'tcg'
            plain = runner.estimate(cells)
            os.environ['ACCEL'] = 'icount'
            self.assertEqual(runner.estimate(cells),
                             plain * runner.ICOUNT_SLOWDOWN)
            with tempfile.TemporaryDirectory() as out:
                runner.write_meta(a, out, 'T0', {'ours': 'r1'})
                with open(os.path.join(out, 'meta.json'),
                          encoding='utf-8') as f:
                    self.assertEqual(json.load(f)['accel'], 'icount')
        finally:
            if old is None:
                os.environ.pop('ACCEL', None)
            else:
                os.environ['ACCEL'] = old


if __name__ == '__main__':
    unittest.main()
