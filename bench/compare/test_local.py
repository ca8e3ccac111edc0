"""Tests of local.py's resume-after-kexec state machine, with a fake
sysfs, a fake sched-switch (it changes the fake active policy and returns,
which is what a failed kexec looks like) and a fake compare.sh."""

import contextlib
import io
import json
import os
import tempfile
import unittest
from unittest import mock

import local

FAKE_COMPARE = """#!/bin/sh
echo "SPBENCH env kernel=fake policy=$(cat "$SP_SYSFS/active") cpus=2 rootfs=1"
while read -r id workload rest; do
	echo "SPBENCH begin $id"
	echo "SPBENCH result $id msgs_per_s=100 secs=1"
	echo "SPBENCH stats $id secs=1 csw=10 idle_pct=0"
	echo "SPBENCH end $id ok"
done <"$SPBENCH_PLAN"
"""


def write(path, text, mode=0o644):
    """Create a file with TEXT."""
    with open(path, 'w', encoding='ascii') as f:
        f.write(text)
    os.chmod(path, mode)


class LocalTest(unittest.TestCase):
    """start, a switch per boot, resume, finish."""

    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        d = self.tmp.name
        self.sys = os.path.join(d, 'sys')
        share = os.path.join(d, 'share')
        os.makedirs(self.sys)
        os.makedirs(os.path.join(share, 'bin'))
        write(os.path.join(self.sys, 'available'), 'eevdf rr o1\n')
        write(os.path.join(self.sys, 'active'), 'eevdf\n')
        write(os.path.join(share, 'compare.sh'), FAKE_COMPARE, 0o755)
        write(os.path.join(share, 'lib.sh'), '')
        write(os.path.join(share, 'gen'),
              '#!/bin/sh\nmkdir -p "$1" && touch "$1/Makefile"\n', 0o755)
        self.switches = os.path.join(d, 'switches')
        write(os.path.join(d, 'switch'),
              f'#!/bin/sh\necho "$1" >>{self.switches}\n'
              f'echo "$1" >{self.sys}/active\nexit 0\n', 0o755)
        env = {'STATE_DIR': os.path.join(d, 'state'), 'SP_SYSFS': self.sys,
               'SPBENCH_SHARE': share,
               'SCHED_SWITCH': os.path.join(d, 'switch')}
        for patcher in (mock.patch.dict(os.environ, env),
                        mock.patch.object(local, 'enable_unit'),
                        mock.patch.object(local, 'disable_unit')):
            patcher.start()
            self.addCleanup(patcher.stop)
        self.addCleanup(self.tmp.cleanup)
        self.out = os.path.join(d, 'out')

    def run_cmd(self, *argv):
        """local.main with its output swallowed; its exit status."""
        with contextlib.redirect_stdout(io.StringIO()):
            return local.main(list(argv))

    def test_round_trip(self):
        rc = self.run_cmd('start', '--out', self.out, '--scenarios', 'E1',
                          '--policies', 'eevdf rr', '--runs', '2',
                          '--settle', '0')
        # run 1 eevdf measured at once, then the switch to rr "failed"
        self.assertEqual(rc, 1)
        resumes = 0
        while local.load():
            self.run_cmd('resume')
            resumes += 1
            self.assertLess(resumes, 10)
        with open(self.switches, encoding='ascii') as f:
            self.assertEqual(f.read().split(), ['rr', 'eevdf', 'rr'])
        with open(os.path.join(self.out, 'runs.jsonl'),
                  encoding='utf-8') as f:
            recs = [json.loads(line) for line in f]
        self.assertEqual([(r['run'], r['policy']) for r in recs],
                         [(1, 'eevdf'), (1, 'rr'), (2, 'eevdf'), (2, 'rr')])
        self.assertTrue(all(r['ok'] for r in recs))
        self.assertTrue(os.path.isfile(os.path.join(self.out, 'summary.md')))

    def test_policy_that_never_comes_up_fails_its_cells(self):
        write(os.environ['SCHED_SWITCH'], '#!/bin/sh\nexit 0\n', 0o755)
        self.run_cmd('start', '--out', self.out, '--scenarios', 'E1',
                     '--policies', 'rr', '--runs', '1', '--settle', '0')
        for _ in range(local.MAX_ATTEMPTS):
            self.run_cmd('resume')
        self.assertIsNone(local.load())
        with open(os.path.join(self.out, 'runs.jsonl'),
                  encoding='utf-8') as f:
            rec = json.loads(f.readline())
        self.assertFalse(rec['ok'])
        self.assertIn('did not come back with rr', rec['error'])

    def test_unknown_policy_refused(self):
        rc = self.run_cmd('start', '--out', self.out, '--policies', 'bfs')
        self.assertEqual(rc, 1)
        self.assertIsNone(local.load())

    def test_second_start_refused(self):
        write(os.environ['SCHED_SWITCH'], '#!/bin/sh\nexit 0\n', 0o755)
        self.run_cmd('start', '--out', self.out, '--scenarios', 'E1',
                     '--policies', 'rr', '--settle', '0')
        self.assertEqual(self.run_cmd('start', '--policies', 'rr'), 1)
        self.assertEqual(self.run_cmd('stop'), 0)
        self.assertIsNone(local.load())


if __name__ == '__main__':
    unittest.main()
