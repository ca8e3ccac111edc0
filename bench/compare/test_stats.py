"""Tests of stats.py: run with
cd /work/main && python3 -m unittest discover -s bench/compare -p 'test_*.py' -v
"""

import json
import os
import tempfile
import unittest

import stats


def record(policy, run, value, ok=True, **fields):
    """A runs.jsonl record of scenario E1 with msgs_per_s = value."""
    rec = {"scenario": "E1", "variant": "default", "policy": policy,
           "run": run, "vcpus": 2, "ok": ok, "error": None if ok else "boom",
           "metrics": {"msgs_per_s": value}}
    rec.update(fields)
    return rec


class MedianSpread(unittest.TestCase):
    def test_median_odd(self):
        self.assertEqual(stats.median([5, 1, 3]), 3.0)

    def test_median_even(self):
        self.assertEqual(stats.median([4, 1, 3, 2]), 2.5)

    def test_median_single_and_none_entries(self):
        self.assertEqual(stats.median([7]), 7.0)
        self.assertEqual(stats.median([None, 2, None, 4]), 3.0)

    def test_median_empty(self):
        self.assertIsNone(stats.median([]))
        self.assertIsNone(stats.median([None]))

    def test_median_generator(self):
        self.assertEqual(stats.median(v for v in (3, 1, 2)), 2.0)

    def test_spread(self):
        self.assertEqual(stats.spread([3, 9, 1, None]), (1, 9))
        self.assertIsNone(stats.spread([]))

    def test_rel_spread(self):
        self.assertAlmostEqual(stats.rel_spread([90, 100, 110]), 0.2)
        self.assertEqual(stats.rel_spread([5]), 0.0)
        self.assertIsNone(stats.rel_spread([]))
        self.assertIsNone(stats.rel_spread([-1, 0, 1]))


class Ratios(unittest.TestCase):
    def test_ratio(self):
        self.assertEqual(stats.ratio([2, 4, 6], [1, 2, 3]), 2.0)
        self.assertEqual(stats.ratio([1, 2], [4]), 0.375)

    def test_ratio_empty_or_zero(self):
        self.assertIsNone(stats.ratio([], [1]))
        self.assertIsNone(stats.ratio([1], []))
        self.assertIsNone(stats.ratio([1], [0, 0, 1]))
        self.assertEqual(stats.ratio([0], [2]), 0.0)

    def test_paired_ratios(self):
        paired = stats.paired_ratios({1: 99, 2: 100, 3: 102},
                                     {1: 100, 2: 100, 3: 100})
        self.assertEqual(paired.ratios, {1: 0.99, 2: 1.0, 3: 1.02})
        self.assertEqual((paired.median, paired.low, paired.high),
                         (1.0, 0.99, 1.02))

    def test_paired_ratios_missing_runs(self):
        # run 2 of a and run 4 of b have no partner; run 3 of b is zero
        paired = stats.paired_ratios({1: 10, 3: 30, 4: 8, 5: 60},
                                     {1: 5, 2: 7, 3: 0, 5: 20})
        self.assertEqual(paired.ratios, {1: 2.0, 5: 3.0})
        self.assertEqual((paired.median, paired.low, paired.high),
                         (2.5, 2.0, 3.0))

    def test_paired_ratios_nothing_paired(self):
        self.assertIsNone(stats.paired_ratios({}, {}))
        self.assertIsNone(stats.paired_ratios({1: 1}, {2: 1}))
        self.assertIsNone(stats.paired_ratios({1: 1}, {1: 0}))

    def test_values_by_run_skips_failed_and_missing(self):
        records = [record("rr", 1, 10.0), record("rr", 2, 99.0, ok=False),
                   record("rr", 3, None), record("rr", 4, 40)]
        self.assertEqual(stats.values_by_run(records, "msgs_per_s"),
                         {1: 10.0, 4: 40})


class RecordValues(unittest.TestCase):
    def test_metric_values_only_ok_numbers(self):
        records = [record("rr", 1, 1.5), record("rr", 2, 7.0, ok=False),
                   record("rr", 3, None), record("rr", 4, "fast"),
                   record("rr", 5, True), record("rr", 6, float("nan")),
                   record("rr", 7, 3)]
        self.assertEqual(stats.metric_values(records, "msgs_per_s"), [1.5, 3])

    def test_field_values_stats(self):
        records = [record("rr", 1, 1, stats={"pick_ns": 800.0}),
                   record("rr", 2, 1, stats={"pick_ns": None}),
                   record("rr", 3, 1)]
        self.assertEqual(stats.field_values(records, "stats", "pick_ns"),
                         [800.0])

    def test_quantile_curve_median_per_fraction(self):
        records = [
            record("rr", 1, 1, quantiles={"tool": [[0.9, 400], [0.5, 100]]}),
            record("rr", 2, 1, quantiles={"tool": [[0.5, 120], [0.9, 500]]}),
            record("rr", 3, 1, quantiles={"tool": [[0.5, 110], [0.9, 450]]}),
            record("rr", 4, 1, ok=False, quantiles={"tool": [[0.5, 1e9]]}),
            record("rr", 5, 1, quantiles={"kernel": [[0.5, 1.0]]})]
        self.assertEqual(stats.quantile_curve(records, "tool"),
                         [(0.5, 110.0), (0.9, 450.0)])
        self.assertEqual(stats.quantile_curve(records, "kernel"),
                         [(0.5, 1.0)])
        self.assertEqual(stats.quantile_curve(records[:1], "kernel"), [])


class Loader(unittest.TestCase):
    def lines(self):
        return [json.dumps(record("eevdf", 1, 100.0)), "",
                "{not json",
                json.dumps(record("rr", 1, 150.0)),
                "   ",
                json.dumps(["a", "list"]),
                json.dumps({"scenario": "E1", "policy": "rr"}),
                json.dumps(record("rr", 2, 140.0, variant="yield_mode=1")),
                json.dumps(record("eevdf", 2, 99.0, ok=False)),
                json.dumps(record("rr", 3, 1.0, x="many"))]

    def test_cells_and_problems(self):
        loaded = stats.parse_runs(self.lines())
        default = stats.CellKey("E1", "default", None, 2)
        yielding = stats.CellKey("E1", "yield_mode=1", None, 2)
        self.assertEqual(list(loaded.cells), [default, yielding])
        self.assertEqual(list(loaded.cells[default]), ["eevdf", "rr"])
        self.assertEqual([r["run"] for r in loaded.cells[default]["eevdf"]],
                         [1, 2])
        self.assertEqual([r["run"] for r in loaded.cells[yielding]["rr"]], [2])
        self.assertEqual([n for n, _ in loaded.problems], [3, 6, 7, 10])
        self.assertIn("invalid JSON", loaded.problems[0][1])
        self.assertEqual(loaded.problems[1][1], "not a JSON object")
        self.assertEqual(loaded.problems[2][1], '"ok" missing or not true/false')
        self.assertEqual(loaded.problems[3][1], '"x" is not a number')

    def test_missing_variant_is_default(self):
        rec = record("rr", 1, 1.0, x=32)
        del rec["variant"]
        loaded = stats.parse_runs([json.dumps(rec)])
        self.assertEqual(list(loaded.cells),
                         [stats.CellKey("E1", "default", 32, 2)])

    def test_load_runs_file(self):
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "runs.jsonl")
            with open(path, "w", encoding="utf-8") as stream:
                stream.write("\n".join(self.lines()) + "\n")
            loaded = stats.load_runs(path)
        self.assertEqual(len(loaded.cells), 2)
        self.assertEqual(len(loaded.problems), 4)

    def test_empty_input(self):
        self.assertEqual(stats.parse_runs([]), stats.LoadedRuns({}, []))


if __name__ == "__main__":
    unittest.main()
