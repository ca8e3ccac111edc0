"""Tests of parse.py: console log -> cells (run by tests/host/compare_unit.sh)."""

import unittest

import parse

LOG = """\
[    1.2] random kernel line\r
SPBENCH env kernel=6.12.48-schedpolicy policy=o1 cpus=2 rootfs=1\r
SPBENCH begin c0
SPBENCH result c0 rings=4 threads=32 secs=2.000 messages=100 msgs_per_s=50 mode=x
SPBENCH quantiles c0 kernel samples=10 dropped=0 q0.5=12 q0.01=3 q1=900
SPBENCH stats c0 secs=2.0 csw=1000 idle_pct=0.5 p_migrations=7 p_wakeup_preempts=9 p_picks=10 p_pick_ns=1500 p_enqueues=0 p_enqueue_ns=0
SPBENCH end c0 ok
SPBENCH begin c1
SPBENCH end c1 fail hackbench exit 1: no root file system
SPBENCH begin c2
"""


class ParseTest(unittest.TestCase):
    """parse_console and its helpers."""

    def setUp(self):
        self.env, self.cells = parse.parse_console(LOG)

    def test_env(self):
        self.assertEqual(self.env['policy'], 'o1')
        self.assertEqual(self.env['kernel'], '6.12.48-schedpolicy')

    def test_result_numbers_only(self):
        c0 = self.cells['c0']
        self.assertIs(c0['ok'], True)
        self.assertEqual(c0['result']['msgs_per_s'], 50)
        self.assertEqual(c0['result']['secs'], 2.0)
        self.assertNotIn('mode', c0['result'])
        self.assertEqual(c0['params']['mode'], 'x')

    def test_quantiles_sorted(self):
        self.assertEqual(self.cells['c0']['quantiles']['kernel'],
                         [[0.01, 3.0], [0.5, 12.0], [1.0, 900.0]])

    def test_stats_derived(self):
        st = self.cells['c0']['stats']
        self.assertEqual(st['csw_per_s'], 500.0)
        self.assertEqual(st['pick_ns'], 150.0)
        self.assertIsNone(st['enqueue_ns'])
        self.assertEqual(st['migrations'], 7)
        self.assertEqual(st['preemptions'], 9)

    def test_failure_and_missing_end(self):
        self.assertIs(self.cells['c1']['ok'], False)
        self.assertEqual(self.cells['c1']['error'],
                         'hackbench exit 1: no root file system')
        self.assertIsNone(self.cells['c2']['ok'])

    def test_left_policy_invalidates_later_cells(self):
        """A watchdog report or a switch fails every cell that had not
        ended by then, whatever the guest said about it."""
        log = ("SPBENCH begin c0\nSPBENCH end c0 ok\nSPBENCH begin c1\n"
               "[   31.5] sched_policy: watchdog: policy 'o1' left manyhogs"
               "[99] runnable for 30000 ms; switching to eevdf\r\n"
               "[   31.6] sched_policy: switched from o1 to eevdf in 900 us"
               " (40 task moves)\n"
               "SPBENCH end c1 ok\nSPBENCH begin c2\nSPBENCH end c2 ok\n")
        _, cells = parse.parse_console(log)
        self.assertIs(cells['c0']['ok'], True)
        for cid in ('c1', 'c2'):
            self.assertIs(cells[cid]['ok'], False)
            self.assertEqual(cells[cid]['error'],
                             "invalid, the boot left its policy: watchdog: "
                             "policy 'o1' left manyhogs[99] runnable for "
                             "30000 ms; switching to eevdf")
        _, cells = parse.parse_console(
            "SPBENCH begin c0\n[ 2.0] sched_policy: switched from rr to cfs"
            " in 5 us (1 task moves)\nSPBENCH end c0 ok\n")
        self.assertEqual(cells['c0']['error'],
                         'invalid, the boot left its policy: switched from '
                         'rr to cfs')

    def test_switches_a_cell_asked_for(self):
        """Switches between the boot policy and eevdf inside a cell's
        switching window are its measurement; any other switch, or one
        after the window, still invalidates."""
        sw = ("[ 5.0] sched_policy: switched from o1 to eevdf in 900 us"
              " (40 task moves)\n"
              "[ 5.1] sched_policy: switched from eevdf to o1 in 800 us"
              " (40 task moves)\n")
        head = "SPBENCH env kernel=k policy=o1 cpus=2 rootfs=0\n"
        log = (head + "SPBENCH begin c0\nSPBENCH switching c0\n" + sw +
               "SPBENCH switched c0\nSPBENCH result c0 switches=2\n"
               "SPBENCH end c0 ok\nSPBENCH begin c1\nSPBENCH end c1 ok\n")
        _, cells = parse.parse_console(log)
        self.assertIs(cells['c0']['ok'], True)
        self.assertIs(cells['c1']['ok'], True)
        _, cells = parse.parse_console(
            head + "SPBENCH begin c0\nSPBENCH switching c0\n"
            "[ 5.0] sched_policy: switched from o1 to rr in 9 us (1 task"
            " moves)\nSPBENCH switched c0\nSPBENCH end c0 ok\n")
        self.assertIs(cells['c0']['ok'], False)
        _, cells = parse.parse_console(
            head + "SPBENCH begin c0\nSPBENCH switching c0\n"
            "SPBENCH switched c0\n" + sw + "SPBENCH end c0 ok\n")
        self.assertIs(cells['c0']['ok'], False)

    def test_number(self):
        self.assertEqual(parse.number('12'), 12)
        self.assertEqual(parse.number('1.5'), 1.5)
        self.assertIsNone(parse.number('abc'))


if __name__ == '__main__':
    unittest.main()
