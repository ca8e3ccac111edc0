"""Tests of report.py on synthetic results directories: run with
cd /work/main && python3 -m unittest discover -s bench/compare -p 'test_*.py' -v

The expected strings are worked out by hand from the values below.
"""

import contextlib
import io
import json
import os
import shutil
import tempfile
import unittest
from unittest import mock

import report

META = {
    "started": "2026-11-30T01:40:00Z", "finished": "2026-11-30T03:10:00Z",
    "kernel_release": "6.12.x-schedpolicy", "stock_release": "6.12.x-stock",
    "config": "perf: base config, no debug options", "accel": "tcg",
    "host": "test host, 2 cores", "runs": 3, "quick": False,
    "policies": ["stock", "eevdf", "rr", "cfs"], "baseline": "eevdf",
    "scenarios": {
        "E1": {"title": "sched_yield storm",
               "claim": "Yield-heavy loads collapse under CFS.",
               "primary": "msgs_per_s",
               "metrics": {"msgs_per_s": {"unit": "msgs/s",
                                          "higher_is_better": True},
                           "yields_per_s": {"unit": "yields/s",
                                            "higher_is_better": True}},
               "plot": "bars",
               "ratios": [["eevdf", "stock"], ["rr", "eevdf"]]},
        "E2": {"title": "never run", "claim": "none", "primary": "x",
               "metrics": {}, "plot": "bars"},
        "E4": {"title": "throughput vs tasks", "claim": "O(1) scales.",
               "primary": "jobs_per_min",
               "metrics": {"jobs_per_min": {"unit": "jobs/min",
                                            "higher_is_better": True}},
               "plot": "xy", "x_label": "runnable tasks", "logx": True},
    },
}

# E1 msgs_per_s by (variant, policy): values of runs 1, 2, 3 (None: failed)
E1_VALUES = {
    ("default", "stock"): [100, 100, 100],
    ("default", "eevdf"): [99, 100, 102],
    ("default", "rr"): [150, 140, 160],
    ("default", "cfs"): [50, 60, None],
    ("yield_mode=1", "eevdf"): [200, 210, 190],
    ("yield_mode=1", "rr"): [100, 90, 110],
    ("yield_mode=1", "cfs"): [300, 310, 290],
}

# E1 scheduler statistics per policy (csw_per_s is base + run number)
E1_STATS = {
    "stock": {"csw_per_s": 900},
    "eevdf": {"csw_per_s": 1000, "migrations": 4, "preemptions": 7,
              "pick_ns": None, "enqueue_ns": None},
    "rr": {"csw_per_s": 2000, "migrations": 1, "preemptions": 9,
           "pick_ns": 800, "enqueue_ns": 400.5},
    "cfs": {"csw_per_s": 3000, "migrations": 2, "preemptions": 3,
            "pick_ns": 850.0, "enqueue_ns": 425.5},
}

# E4 jobs_per_min by (x, policy)
E4_VALUES = {
    (2, "eevdf"): [600, 610, 590], (2, "rr"): [300, 330, 270],
    (2, "cfs"): [900, 910, 905],
    (8, "eevdf"): [400, 420, 410], (8, "rr"): [205, 200, 210],
    (8, "cfs"): [810, 820, 830],
}


def e1_records():
    """The E1 records, runs alternating between policies like the runner."""
    records = []
    for run in (1, 2, 3):
        for (variant, policy), values in E1_VALUES.items():
            value = values[run - 1]
            stat = dict(E1_STATS[policy])
            stat["csw_per_s"] += run
            records.append({
                "scenario": "E1", "variant": variant, "x": None,
                "policy": policy, "run": run, "vcpus": 2,
                "ok": value is not None,
                "error": None if value is not None else "boot timeout after 300 s",
                "metrics": {} if value is None else
                {"msgs_per_s": float(value), "yields_per_s": 10.0 * value,
                 "rings": 4},
                "stats": {"csw_per_s": 99999} if value is None else stat,
                "wall_s": 12.3})
    return records


def e4_records():
    """The E4 records (no scheduler statistics at all)."""
    return [{"scenario": "E4", "variant": "default", "x": x, "policy": policy,
             "run": run, "vcpus": 2, "ok": True, "error": None,
             "metrics": {"jobs_per_min": float(values[run - 1])},
             "wall_s": 30.0}
            for run in (1, 2, 3) for (x, policy), values in E4_VALUES.items()]


def write_results(directory, meta, records, garbage_at=None):
    """Write meta.json and runs.jsonl; a malformed line at garbage_at
    (1-based line number) when given."""
    lines = [json.dumps(r) for r in records]
    if garbage_at:
        lines.insert(garbage_at - 1, '{"scenario": "E1", broken')
    with open(os.path.join(directory, "meta.json"), "w") as stream:
        json.dump(meta, stream)
    with open(os.path.join(directory, "runs.jsonl"), "w") as stream:
        stream.write("\n".join(lines) + "\n")


def read(directory, name):
    """The text of a file in directory."""
    with open(os.path.join(directory, name), encoding="utf-8") as stream:
        return stream.read()


def run_main(directory):
    """report.main on directory: (exit status, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = report.main([directory])
    return status, out.getvalue(), err.getvalue()


class SyntheticReport(unittest.TestCase):
    """The report of the two-scenario synthetic run."""

    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        cls.dir = cls.tmp.name
        write_results(cls.dir, META, e1_records() + e4_records(), garbage_at=5)
        cls.status, cls.out, cls.err = run_main(cls.dir)
        cls.summary = read(cls.dir, "summary.md")
        cls.html = read(cls.dir, "index.html")

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def test_exit_status(self):
        self.assertEqual(self.status, 0, self.err)

    def test_header(self):
        for line in ["# Scheduler policy comparison",
                     "- Kernel: 6.12.x-schedpolicy; stock kernel: 6.12.x-stock",
                     "- Config: perf: base config, no debug options",
                     "- Accelerator: tcg", "- vCPUs: 2", "- Runs per cell: 3",
                     "- Date: 2026-11-30T01:40:00Z to 2026-11-30T03:10:00Z",
                     "- Quick run: no", report.TCG_NOTE]:
            self.assertIn(line + "\n", self.summary)

    def test_icount_note(self):
        """An icount run says that its times are instruction counts."""
        meta = dict(META, accel="icount")
        lines = report.header_md(report.Results(meta=meta, cells={}, problems=[]))
        self.assertIn(report.ICOUNT_NOTE, lines)
        self.assertNotIn(report.TCG_NOTE, lines)

    def test_scenarios_in_meta_order_without_empty_ones(self):
        self.assertLess(self.summary.index("## E1: sched_yield storm"),
                        self.summary.index("## E4: throughput vs tasks"))
        self.assertNotIn("E2", self.summary)
        self.assertIn("Claim: Yield-heavy loads collapse under CFS.\n",
                      self.summary)

    def test_primary_table(self):
        self.assertIn(
            "| cell | stock | eevdf | rr | cfs |\n"
            "| --- | --- | --- | --- | --- |\n"
            "| 2 vCPUs | 100 [100–100] ×1.00 | 100 [99–102] "
            "| 150 [140–160] ×1.50 | 55 [50–60] ×0.55 (1 failed) |\n"
            "| yield_mode=1, 2 vCPUs | – | 200 [190–210] "
            "| 100 [90–110] ×0.50 | 300 [290–310] ×1.50 |\n",
            self.summary)

    def test_xy_table(self):
        self.assertIn(
            "| cell | eevdf | rr | cfs |\n"
            "| --- | --- | --- | --- |\n"
            "| runnable tasks=2, 2 vCPUs | 600 [590–610] | 300 [270–330] ×0.50 "
            "| 905 [900–910] ×1.51 |\n"
            "| runnable tasks=8, 2 vCPUs | 410 [400–420] | 205 [200–210] ×0.50 "
            "| 820 [810–830] ×2.00 |\n",
            self.summary)

    def test_measured_sentences(self):
        self.assertIn(
            "Measured: median msgs_per_s (msgs/s, higher is better) in the "
            "default cell (2 vCPUs): best rr (×1.50 of eevdf), worst cfs "
            "(×0.55 of eevdf); rr is best in 1 of 2 cells; the largest "
            "run-to-run spread, (max–min)/median, is 20%.\n", self.summary)
        self.assertIn(
            "Measured: median jobs_per_min (jobs/min, higher is better) in "
            "the default cell (runnable tasks=2, 2 vCPUs): best cfs (×1.51 "
            "of eevdf), worst rr (×0.50 of eevdf); cfs is best in 2 of 2 "
            "cells; the largest run-to-run spread, (max–min)/median, is "
            "20%.\n", self.summary)

    def test_other_metrics_table(self):
        self.assertIn(
            "| metric | cell | stock | eevdf | rr | cfs |\n"
            "| --- | --- | --- | --- | --- | --- |\n"
            "| yields_per_s [yields/s] ↑ | 2 vCPUs | 1000 | 1000 | 1500 | 550 |\n"
            "| yields_per_s [yields/s] ↑ | yield_mode=1, 2 vCPUs | – | 2000 "
            "| 1000 | 3000 |\n", self.summary)
        self.assertNotIn("rings", self.summary)  # not a metric in meta

    def test_stats_table(self):
        self.assertIn(
            "| statistic | stock | eevdf | rr | cfs |\n"
            "| --- | --- | --- | --- | --- |\n"
            "| csw/s | 902 | 1002 | 2002 | 3002 |\n"
            "| migrations | n/a | 4 | 1 | 2 |\n"
            "| preemptions | n/a | 7 | 9 | 3 |\n"
            "| pick ns | n/a | n/a | 800 | 850 |\n"
            "| enqueue ns | n/a | n/a | 400.5 | 425.5 |\n\n"
            + report.NA_NOTE + "\n", self.summary)

    def test_paired_ratios(self):
        self.assertIn(
            "- eevdf/stock (paired by run), 2 vCPUs: median 1.000 "
            "[0.990–1.020] over 3 pairs\n"
            "- rr/eevdf (paired by run), 2 vCPUs: median 1.515 "
            "[1.400–1.569] over 3 pairs\n"
            "- rr/eevdf (paired by run), yield_mode=1, 2 vCPUs: median 0.500 "
            "[0.429–0.579] over 3 pairs\n", self.summary)

    def test_failures(self):
        failures = self.summary[self.summary.index("## Failures"):]
        self.assertIn("- E1, cfs: 1 of 6 runs failed: boot timeout after "
                      "300 s\n", failures)
        self.assertIn("- line 5: invalid JSON", failures)
        self.assertEqual(failures.count("failed:"), 1)

    def test_warning_for_malformed_line(self):
        self.assertIn("1 malformed lines skipped", self.err)

    def test_plot_scripts_and_data(self):
        bars = read(self.dir, "plots/E1.dat").splitlines()
        self.assertEqual(bars[1], '"2 vCPUs" 100.0 100.0 100.0 100.0 99.0 '
                                  '102.0 150.0 140.0 160.0 55.0 50.0 60.0')
        self.assertEqual(bars[2], '"yield_mode=1, 2 vCPUs" ? ? ? 200.0 190.0 '
                                  '210.0 100.0 90.0 110.0 300.0 290.0 310.0')
        xy = read(self.dir, "plots/E4.dat")
        self.assertIn("# rr\n2 300.0 270.0 330.0\n8 205.0 200.0 210.0\n", xy)
        e4 = self.summary[self.summary.index("## E4"):]
        self.assertIn("Scheduler statistics: none recorded.\n", e4)
        script = read(self.dir, "plots/E4.gp")
        self.assertIn("set logscale x 2", script)
        self.assertIn("set output 'E4.svg'", script)
        self.assertIn("set xlabel 'runnable tasks'", script)
        self.assertIn("set ylabel 'jobs_per_min (jobs/min), higher is better'",
                      script)

    def test_html(self):
        self.assertTrue(self.html.startswith("<!DOCTYPE html>"))
        self.assertNotIn("<script", self.html)
        self.assertNotIn("http", self.html)
        self.assertIn("<h2>E1: sched_yield storm</h2>", self.html)
        self.assertIn("<td>55 [50–60] ×0.55 (1 failed)</td>", self.html)
        if shutil.which("gnuplot"):
            self.assertIn('<img src="plots/E1.svg"', self.html)
            self.assertIn('<img src="plots/E4.svg"', self.html)

    def test_svgs(self):
        if not shutil.which("gnuplot"):
            self.skipTest("gnuplot is not installed")
        for name in ("E1", "E4"):
            svg = read(self.dir, f"plots/{name}.svg")
            self.assertIn("<svg", svg)
            self.assertIn("![", self.summary)
            self.assertIn(f"(plots/{name}.svg)", self.summary)
        self.assertEqual(self.err.count("warning"), 1, self.err)


class CdfPlots(unittest.TestCase):
    """A cdf scenario with two variants and kernel quantiles in one."""

    def test_cdf_files(self):
        meta = dict(META, scenarios={"E3": {
            "title": "wakeup latency", "claim": "c", "primary": "p99_us",
            "metrics": {"p99_us": {"unit": "us", "higher_is_better": False}},
            "plot": "cdf"}})
        tool = [[[0.5, 100], [0.99, 400]], [[0.5, 120], [0.99, 500]],
                [[0.5, 110], [0.99, 450]]]
        records = []
        for variant in ("default", "latency=24ms"):
            for policy in ("eevdf", "rr"):
                for run in (1, 2, 3):
                    quantiles = {"tool": tool[run - 1]}
                    if variant == "default" and policy == "eevdf":
                        quantiles["kernel"] = [[0.5, 90.0 + run]]
                    records.append({
                        "scenario": "E3", "variant": variant, "policy": policy,
                        "run": run, "vcpus": 2, "ok": True,
                        "metrics": {"p99_us": tool[run - 1][1][1]},
                        "quantiles": quantiles})
        with tempfile.TemporaryDirectory() as tmp:
            write_results(tmp, meta, records)
            status, _, err = run_main(tmp)
            self.assertEqual(status, 0, err)
            names = sorted(f for f in os.listdir(os.path.join(tmp, "plots"))
                           if f.endswith(".gp"))
            self.assertEqual(names, ["E3-default-kernel.gp", "E3-default.gp",
                                     "E3-latency-24ms.gp", "E3.gp"])
            self.assertEqual(read(tmp, "plots/E3-default.dat"),
                             "# eevdf\n110.0 0.5\n450.0 0.99\n\n\n"
                             "# rr\n110.0 0.5\n450.0 0.99\n")
            self.assertEqual(read(tmp, "plots/E3-default-kernel.dat"),
                             "# eevdf\n92.0 0.5\n")
            summary = read(tmp, "summary.md")
            self.assertIn("Measured: median p99_us (us, lower is better) in "
                          "the default cell (2 vCPUs): best eevdf (the "
                          "baseline), worst rr (×1.00 of eevdf)", summary)
            if shutil.which("gnuplot"):
                for name in names:
                    svg = read(tmp, "plots/" + name[:-3] + ".svg")
                    self.assertIn("<svg", svg)


class ShapeFits(unittest.TestCase):
    """E6's expected shapes: the fit and the choice of the best shape."""

    POINTS = {"flat": [(10, 100.0), (100, 101.0), (1000, 99.0),
                       (10000, 100.0)],
              "log": [(10, 100.0 + 20 * 3.32), (100, 100.0 + 20 * 6.64),
                      (1000, 100.0 + 20 * 9.97), (10000, 100.0 + 20 * 13.29)],
              "linear": [(10, 110.0), (100, 200.0), (1000, 1100.0),
                         (10000, 10100.0)]}

    def test_each_shape_fits_its_points_best(self):
        for shape, points in self.POINTS.items():
            fits = {s: report.fit_shape(points, s) for s in report.SHAPE_BASIS}
            self.assertLess(fits[shape].worst, 0.02, shape)
            self.assertEqual(report.best_shape(fits), shape)

    def test_linear_coefficients(self):
        fit = report.fit_shape(self.POINTS["linear"], "linear")
        self.assertAlmostEqual(fit.a, 100.0, places=6)
        self.assertAlmostEqual(fit.b, 1.0, places=6)

    def test_e6_table_and_plots(self):
        meta = json.loads(json.dumps(META))
        meta["policies"] = ["eevdf", "rr", "cfs"]
        meta["scenarios"] = {"E6": {
            "title": "cost", "claim": "c", "primary": "decision_ns",
            "metrics": {"decision_ns": {"unit": "ns"},
                        "enqueue_ns": {"unit": "ns"}},
            "plot": "xy", "plot_metrics": ["decision_ns", "enqueue_ns"],
            "shapes": {"decision_ns": {"rr": "flat", "cfs": "log"},
                       "enqueue_ns": {"rr": "flat", "cfs": "log"}},
            "x_label": "tasks", "logx": True}}
        records = []
        for policy, shape in (("rr", "flat"), ("cfs", "log")):
            for x, y in self.POINTS[shape]:
                records.append({"scenario": "E6", "variant": "default",
                                "x": x, "policy": policy, "run": 1,
                                "vcpus": 1, "ok": True, "error": None,
                                "metrics": {"decision_ns": y,
                                            "enqueue_ns": y / 2},
                                "wall_s": 5.0})
        tmp = tempfile.mkdtemp()
        self.addCleanup(shutil.rmtree, tmp)
        write_results(tmp, meta, records)
        with mock.patch.object(shutil, "which", return_value=None):
            status, _, _ = run_main(tmp)
        self.assertEqual(status, 0)
        summary = read(tmp, "summary.md")
        self.assertIn("| decision_ns | cfs | a + b·log2 n |", summary)
        self.assertIn("| enqueue_ns | rr | a |", summary)
        for metric in ("decision_ns", "enqueue_ns"):
            script = read(tmp, f"plots/E6-{metric}.gp")
            self.assertIn("cfs: a + b·log2 n fitted", script)
            self.assertIn("with lines", script)


class Errors(unittest.TestCase):
    """Bad input and a missing gnuplot."""

    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.dir = self.tmp.name

    def tearDown(self):
        self.tmp.cleanup()

    def test_missing_meta(self):
        status, _, err = run_main(self.dir)
        self.assertEqual(status, 1)
        self.assertIn("meta.json: missing", err)

    def test_invalid_meta(self):
        write_results(self.dir, META, e4_records())
        with open(os.path.join(self.dir, "meta.json"), "w") as stream:
            stream.write('{"policies": ')
        status, _, err = run_main(self.dir)
        self.assertEqual(status, 1)
        self.assertIn("meta.json: cannot be read", err)

    def test_meta_without_scenarios(self):
        write_results(self.dir, {"policies": ["eevdf"]}, e4_records())
        status, _, err = run_main(self.dir)
        self.assertEqual(status, 1)
        self.assertIn('"scenarios" must be an object', err)

    def test_meta_with_bad_ratios(self):
        meta = dict(META, scenarios={"E1": dict(META["scenarios"]["E1"],
                                                ratios=[["eevdf"]])})
        write_results(self.dir, meta, e4_records())
        status, _, err = run_main(self.dir)
        self.assertEqual(status, 1)
        self.assertIn('scenario E1: "ratios" must be a list of [policy, '
                      'policy] pairs', err)

    def test_missing_runs(self):
        write_results(self.dir, META, e4_records())
        os.unlink(os.path.join(self.dir, "runs.jsonl"))
        status, _, err = run_main(self.dir)
        self.assertEqual(status, 1)
        self.assertIn("runs.jsonl: missing", err)

    def test_runs_without_valid_records(self):
        write_results(self.dir, META, [], garbage_at=1)
        status, _, err = run_main(self.dir)
        self.assertEqual(status, 1)
        self.assertIn("no valid records (1 malformed lines)", err)

    def test_without_gnuplot(self):
        write_results(self.dir, META, e1_records() + e4_records())
        with mock.patch.dict(os.environ, {"PATH": self.dir}):
            status, _, err = run_main(self.dir)
        self.assertEqual(status, 0, err)
        self.assertEqual(err.count("warning"), 1, err)
        self.assertIn("gnuplot not found", err)
        summary = read(self.dir, "summary.md")
        self.assertIn("Plots not generated: gnuplot was not found.", summary)
        self.assertIn("`cd plots && gnuplot E1.gp`", summary)
        self.assertTrue(os.path.exists(os.path.join(self.dir, "index.html")))
        self.assertNotIn("<img", read(self.dir, "index.html"))
        plots = sorted(os.listdir(os.path.join(self.dir, "plots")))
        self.assertEqual(plots, ["E1.dat", "E1.gp", "E4.dat", "E4.gp"])

    def test_gnuplot_failing(self):
        write_results(self.dir, META, e4_records())
        fake = os.path.join(self.dir, "gnuplot")
        with open(fake, "w") as stream:
            stream.write("#!/bin/sh\necho 'line 1: bad plot' >&2\nexit 1\n")
        os.chmod(fake, 0o755)
        with mock.patch.dict(os.environ, {"PATH": self.dir}):
            status, _, err = run_main(self.dir)
        self.assertEqual(status, 0, err)
        self.assertIn("gnuplot failed on plots/E4.gp: line 1: bad plot", err)
        self.assertIn("Plot E4.svg not generated: gnuplot failed on "
                      "plots/E4.gp.", read(self.dir, "summary.md"))

    def test_write_report_importable(self):
        write_results(self.dir, META, e4_records())
        with mock.patch.dict(os.environ, {"PATH": self.dir}):
            path = report.write_report(self.dir, warn=lambda message: None)
        self.assertEqual(path, os.path.join(self.dir, "summary.md"))


class MarkdownToHtml(unittest.TestCase):
    def test_blocks_and_escaping(self):
        markdown = ("# T <1>\n\npara one\nstill one & `x<y`\n\n"
                    "- a\n- b\n\n| h | k |\n| --- | --- |\n| 1 \\| 2 | 3 |\n\n"
                    "![plot \"a\"](plots/E1.svg)\n")
        self.assertEqual(report.markdown_to_html(markdown), (
            "<h1>T &lt;1&gt;</h1>\n"
            "<p>para one still one &amp; <code>x&lt;y</code></p>\n"
            "<ul>\n<li>a</li>\n<li>b</li>\n</ul>\n"
            "<table>\n<thead><tr><th>h</th><th>k</th></tr></thead>\n<tbody>\n"
            "<tr><td>1 | 2</td><td>3</td></tr>\n</tbody>\n</table>\n"
            '<figure><img src="plots/E1.svg" alt="plot &quot;a&quot;">'
            "</figure>"))


if __name__ == "__main__":
    unittest.main()
