"""Tests of the runner's matrix (run by tests/host/compare_unit.sh)."""

import argparse
import unittest

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

    def test_full_matrix_is_bigger(self):
        quick = scenarios.cells_for(list(scenarios.BUILDERS), True)
        full = scenarios.cells_for(list(scenarios.BUILDERS), False)
        self.assertGreater(len(full), len(quick))


if __name__ == '__main__':
    unittest.main()
