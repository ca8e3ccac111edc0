#!/usr/bin/env python3
"""Write the report of a scheduler comparison run.

Usage: python3 bench/compare/report.py RESULTS

RESULTS holds meta.json and runs.jsonl (written by the runner).  This
writes into RESULTS:

summary.md   header, per scenario the claim, one measured sentence and
             tables (primary metric, other metrics, policy statistics,
             paired ratios), and the failures
plots/       per plot a gnuplot script NAME.gp, its data NAME.dat and,
             when gnuplot is installed, NAME.svg; re-plot with
             `cd RESULTS/plots && gnuplot NAME.gp`
index.html   summary.md as one self-contained page with the plots

From Python: write_report(results_dir) or main([results_dir]).
"""

import argparse
import html
import json
import math
import os
import re
import shutil
import subprocess
import sys
from typing import Callable, Dict, List, NamedTuple, Optional

try:
    from . import stats
except ImportError:
    import stats

TCG_NOTE = ("Times measured under QEMU TCG (software emulation) are not "
            "hardware times: compare policies with each other within this "
            "run, not with numbers from real machines.")

ICOUNT_NOTE = ("Guest time is counted in guest instructions (QEMU "
               "-icount shift=0,sleep=off: 1 ns per instruction, idle time "
               "skipped): rates and latencies measure path length, not "
               "timing behaviour, and repeat almost exactly; compare them "
               "with each other, not with wall-clock runs.")

STAT_COLUMNS = [("csw_per_s", "csw/s"), ("migrations", "migrations"),
                ("preemptions", "preemptions"), ("pick_ns", "pick ns"),
                ("enqueue_ns", "enqueue ns")]

NA_NOTE = ("n/a: not recorded. eevdf and stock expose no sched_policy "
           "framework counters, so the counters only the framework "
           "provides (such as pick ns and enqueue ns) are n/a for them.")

GNUPLOT_TIMEOUT_S = 120


class ReportError(Exception):
    """The results directory cannot be reported on; the message says why."""


class Results(NamedTuple):
    """Everything read from a results directory."""

    meta: dict
    cells: Dict[stats.CellKey, Dict[str, List[dict]]]
    problems: list


class Plot(NamedTuple):
    """One gnuplot figure: plots/NAME.gp draws plots/NAME.dat into NAME.svg."""

    name: str
    title: str
    script: str
    data: str


# ---------------------------------------------------------------- loading

def load_meta(path: str) -> dict:
    """meta.json as a dict; ReportError if missing or not usable."""
    try:
        with open(path, encoding="utf-8") as stream:
            meta = json.load(stream)
    except FileNotFoundError:
        raise ReportError(f"{path}: missing") from None
    except (OSError, ValueError) as error:
        raise ReportError(f"{path}: cannot be read: {error}") from None
    if not isinstance(meta, dict):
        raise ReportError(f"{path}: not a JSON object")
    if not (isinstance(meta.get("policies"), list)
            and all(isinstance(p, str) for p in meta["policies"])):
        raise ReportError(f'{path}: "policies" must be a list of names')
    if not isinstance(meta.get("scenarios"), dict):
        raise ReportError(f'{path}: "scenarios" must be an object')
    for sid, scenario in meta["scenarios"].items():
        problem = scenario_problem(scenario)
        if problem:
            raise ReportError(f"{path}: scenario {sid}: {problem}")
    return meta


def scenario_problem(scenario) -> Optional[str]:
    """Why a scenario of meta.json is not usable; None if it is."""
    if not isinstance(scenario, dict):
        return "not an object"
    if not isinstance(scenario.get("primary"), str):
        return '"primary" missing or not a string'
    metrics = scenario.get("metrics")
    if metrics is not None and not (
            isinstance(metrics, dict)
            and all(isinstance(m, dict) for m in metrics.values())):
        return '"metrics" must map names to objects'
    ratios = scenario.get("ratios")
    if ratios is not None and not (
            isinstance(ratios, list)
            and all(isinstance(pair, list) and len(pair) == 2
                    and all(isinstance(p, str) for p in pair)
                    for pair in ratios)):
        return '"ratios" must be a list of [policy, policy] pairs'
    return None


def load_results(results_dir: str) -> Results:
    """Read meta.json and runs.jsonl; ReportError if either is unusable."""
    meta = load_meta(os.path.join(results_dir, "meta.json"))
    runs_path = os.path.join(results_dir, "runs.jsonl")
    try:
        loaded = stats.load_runs(runs_path)
    except FileNotFoundError:
        raise ReportError(f"{runs_path}: missing") from None
    except (OSError, UnicodeDecodeError) as error:
        raise ReportError(f"{runs_path}: cannot be read: {error}") from None
    if not loaded.cells:
        raise ReportError(f"{runs_path}: no valid records "
                          f"({len(loaded.problems)} malformed lines)")
    return Results(meta, loaded.cells, loaded.problems)


# ------------------------------------------------------------- formatting

def fmt_num(value: float) -> str:
    """A measured value: whole numbers from 1000 up, else 4 significant
    digits."""
    if abs(value) >= 1000:
        return f"{value:.0f}"
    return f"{value:.4g}"


def fmt_x(x: float) -> str:
    """An x value: 32, not 32.0."""
    return str(int(x)) if float(x).is_integer() else fmt_num(x)


def cell_label(cell: stats.CellKey, x_label: Optional[str]) -> str:
    """"yield_mode=1, 2 vCPUs", "runnable tasks=32, 2 vCPUs"; the default
    variant is left out."""
    parts = []
    if cell.variant != "default":
        parts.append(cell.variant)
    if cell.x is not None:
        parts.append(f"{x_label or 'x'}={fmt_x(cell.x)}")
    if cell.vcpus is not None:
        parts.append(f"{cell.vcpus} vCPU{'' if cell.vcpus == 1 else 's'}")
    return ", ".join(parts) or "default"


def slug(text: str) -> str:
    """A file-name-safe form of text."""
    return re.sub(r"[^A-Za-z0-9.]+", "-", text).strip("-.") or "cell"


def md_cell(text: str) -> str:
    """Text safe inside a Markdown table cell."""
    return text.replace("|", r"\|")


def md_table(header: List[str], rows: List[List[str]]) -> List[str]:
    """Lines of a Markdown table."""
    lines = ["| " + " | ".join(md_cell(h) for h in header) + " |",
             "|" + "|".join(" --- " for _ in header) + "|"]
    lines += ["| " + " | ".join(md_cell(c) for c in row) + " |"
              for row in rows]
    return lines


def one_line(text) -> str:
    """An error text on one line."""
    return " ".join(str(text).split()) or "(empty error text)"


# ----------------------------------------------------------- data access

def scenario_cells(results: Results, sid: str) -> List[stats.CellKey]:
    """The cells of a scenario: default variant first, then variants in
    the order they were run, then x and vCPUs ascending."""
    keys = [k for k in results.cells if k.scenario == sid]
    variants = list(dict.fromkeys(k.variant for k in keys))

    def order(k):
        return (k.variant != "default", variants.index(k.variant),
                k.x is not None, k.x or 0, k.vcpus is not None, k.vcpus or 0)
    return sorted(keys, key=order)


def scenario_policies(results: Results,
                      cells: List[stats.CellKey]) -> List[str]:
    """Policies with records in these cells: meta order, unknown ones last."""
    present = {p for k in cells for p in results.cells[k]}
    known = [p for p in results.meta["policies"] if p in present]
    return known + sorted(present - set(known))


def policy_records(results: Results, cells: List[stats.CellKey],
                   policy: str) -> List[dict]:
    """All records of one policy in these cells."""
    return [r for k in cells for r in results.cells[k].get(policy, [])]


def cell_medians(results: Results, cell: stats.CellKey,
                 metric: str) -> Dict[str, float]:
    """{policy: median of the metric} for the policies with a value."""
    medians = {}
    for policy, records in results.cells[cell].items():
        value = stats.median(stats.metric_values(records, metric))
        if value is not None:
            medians[policy] = value
    return medians


def metric_info(scenario: dict, metric: str) -> dict:
    """The meta description of a metric ({} when meta has none)."""
    return (scenario.get("metrics") or {}).get(metric) or {}


def higher_is_better(scenario: dict, metric: str) -> bool:
    """The metric's direction; higher is better unless meta says not."""
    info = metric_info(scenario, metric)
    return info.get("higher_is_better", True) is not False


# --------------------------------------------------------------- summary

def header_md(results: Results) -> List[str]:
    """Title, run description and how to read the tables."""
    meta = results.meta
    kernel = meta.get("kernel_release") or "unknown"
    if meta.get("stock_release"):
        kernel += f"; stock kernel: {meta['stock_release']}"
    vcpus = sorted({k.vcpus for k in results.cells if k.vcpus is not None})
    date = meta.get("started") or "unknown"
    if meta.get("finished"):
        date += f" to {meta['finished']}"
    lines = ["# Scheduler policy comparison", "",
             f"- Kernel: {kernel}",
             f"- Config: {meta.get('config') or 'unknown'}",
             f"- Accelerator: {meta.get('accel') or 'unknown'}"]
    if meta.get("host"):
        lines.append(f"- Host: {meta['host']}")
    lines += [f"- vCPUs: {', '.join(map(str, vcpus)) or 'unknown'}",
              f"- Runs per cell: {meta.get('runs', 'unknown')}",
              f"- Date: {date}",
              f"- Quick run: {'yes' if meta.get('quick') else 'no'}", ""]
    if meta.get("accel") == "tcg":
        lines += [TCG_NOTE, ""]
    elif meta.get("accel") == "icount":
        lines += [ICOUNT_NOTE, ""]
    baseline = meta.get("baseline")
    legend = "Table entries are median [min–max] over the successful runs " \
        "of a cell"
    if baseline:
        legend += (f", and ×ratio = median / median of {baseline} "
                   "in the same row")
    if any("stock" in policies for policies in results.cells.values()):
        legend += "; stock is the unpatched kernel"
    return lines + [legend + ".", ""]


def primary_entry(records: List[dict], metric: str,
                  base_values: Optional[List[float]]) -> str:
    """"median [min–max] ×ratio (n failed)", or "–" without values; the
    ratio is to the median of base_values (none when base_values is
    None)."""
    values = stats.metric_values(records, metric)
    failed = len(stats.failed_records(records))
    text = "–"
    if values:
        low, high = stats.spread(values)
        text = (f"{fmt_num(stats.median(values))} "
                f"[{fmt_num(low)}–{fmt_num(high)}]")
        rel = stats.ratio(values, base_values or [])
        if rel is not None:
            text += f" ×{rel:.2f}"
    if failed:
        text += f" ({failed} failed)"
    return text


def primary_table(results: Results, scenario: dict, cells,
                  policies) -> List[str]:
    """The primary metric: one row per cell, one column per policy."""
    metric = scenario["primary"]
    baseline = results.meta.get("baseline")
    rows = []
    for cell in cells:
        base = stats.metric_values(results.cells[cell].get(baseline, []),
                                   metric)
        row = [cell_label(cell, scenario.get("x_label"))]
        row += [primary_entry(results.cells[cell].get(p, []), metric,
                              None if p == baseline else base)
                for p in policies]
        rows.append(row)
    info = metric_info(scenario, metric)
    unit = f"{info['unit']}, " if info.get("unit") else ""
    direction = ("higher" if higher_is_better(scenario, metric)
                 else "lower") + " is better"
    return [f"Primary metric: {metric} ({unit}{direction}).", ""] + \
        md_table(["cell"] + policies, rows) + [""]


def other_metrics(scenario: dict) -> List[str]:
    """The metrics meta declares besides the primary, in meta order
    (records may hold more numbers, such as workload parameters)."""
    return [m for m in scenario.get("metrics") or {}
            if m != scenario["primary"]]


def metric_name(scenario: dict, metric: str) -> str:
    """"yields_per_s [yields/s] ↑" (unit and arrow when meta has them)."""
    info = metric_info(scenario, metric)
    text = metric
    if info.get("unit"):
        text += f" [{info['unit']}]"
    if "higher_is_better" in info:
        text += " ↑" if higher_is_better(scenario, metric) else " ↓"
    return text


def other_table(results: Results, scenario: dict, cells,
                policies) -> List[str]:
    """Medians of the other metrics: rows metric and cell, columns policies."""
    rows = []
    for metric in other_metrics(scenario):
        for cell in cells:
            medians = cell_medians(results, cell, metric)
            if medians:
                rows.append([metric_name(scenario, metric),
                             cell_label(cell, scenario.get("x_label"))]
                            + [fmt_num(medians[p]) if p in medians else "–"
                               for p in policies])
    if not rows:
        return []
    return ["Other metrics, median over the successful runs "
            "(↑ higher is better, ↓ lower is better):", ""] + \
        md_table(["metric", "cell"] + policies, rows) + [""]


def stats_table(results: Results, cells, policies) -> List[str]:
    """Scheduler statistics: median over all of a policy's runs here."""
    rows = []
    for key, label in STAT_COLUMNS:
        row = [label]
        for policy in policies:
            records = policy_records(results, cells, policy)
            value = stats.median(stats.field_values(records, "stats", key))
            row.append("n/a" if value is None else fmt_num(value))
        rows.append(row)
    if all(set(row[1:]) == {"n/a"} for row in rows):
        return ["Scheduler statistics: none recorded.", ""]
    lines = ["Scheduler statistics, median over all successful runs of the "
             "policy in this scenario:", ""]
    lines += md_table(["statistic"] + policies, rows) + [""]
    if any("n/a" in row for row in rows):
        lines += [NA_NOTE, ""]
    return lines


# The cost shapes E6 expects, as y = a + b * basis(n) (flat: b = 0).
SHAPE_BASIS = {"flat": lambda n: 0.0, "log": math.log2,
               "linear": float}
SHAPE_TEXT = {"flat": "a", "log": "a + b·log2 n", "linear": "a + b·n"}


class ShapeFit(NamedTuple):
    """A least-squares fit of one shape to (n, cost) points."""

    a: float
    b: float
    worst: float  # the largest |fit - measured| / measured

    def at(self, shape: str, n: float) -> float:
        return self.a + self.b * SHAPE_BASIS[shape](n)


def fit_shape(points: List[tuple], shape: str) -> Optional[ShapeFit]:
    """Fit y = a + b·basis(x) (b = 0 for "flat") to points with x, y > 0;
    None without any such point."""
    points = [(x, y) for x, y in points if x > 0 and y > 0]
    if not points:
        return None
    basis = [SHAPE_BASIS[shape](x) for x, _ in points]
    ys = [y for _, y in points]
    mean_f, mean_y = sum(basis) / len(ys), sum(ys) / len(ys)
    sxx = sum((f - mean_f) ** 2 for f in basis)
    b = 0.0
    if shape != "flat" and sxx > 0:
        b = sum((f - mean_f) * (y - mean_y)
                for f, y in zip(basis, ys)) / sxx
    a = mean_y - b * mean_f
    worst = max(abs(a + b * f - y) / y for f, y in zip(basis, ys))
    return ShapeFit(a, b, worst)


SHAPE_GOOD = 0.10


def best_shape(fits: Dict[str, ShapeFit]) -> str:
    """The simplest shape (in SHAPE_BASIS order) fitting within SHAPE_GOOD
    at every point, else the one with the smallest worst residual: a
    richer shape always fits at least as well, so the smallest residual
    alone would never say "flat"."""
    for shape, fit in fits.items():
        if fit.worst <= SHAPE_GOOD:
            return shape
    return min(fits, key=lambda s: fits[s].worst)


def median_points(results: Results, cells, policy: str,
                  metric: str) -> List[tuple]:
    """(x, median) of the metric over a policy's runs, by cell x."""
    points = []
    for cell in cells:
        values = stats.metric_values(results.cells[cell].get(policy, []),
                                     metric)
        if values and cell.x is not None:
            points.append((cell.x, stats.median(values)))
    return sorted(points)


def shapes_table(results: Results, scenario: dict, cells,
                 policies) -> List[str]:
    """Per metric of meta's "shapes" and policy: the expected shape fitted
    to the medians, its worst relative residual, and which of the shapes
    fits best (smallest worst residual)."""
    shapes = scenario.get("shapes") or {}
    rows = []
    for metric, expected in shapes.items():
        for policy in policies:
            shape = expected.get(policy)
            points = median_points(results, cells, policy, metric)
            if not shape or len(points) < 3:
                continue
            fits = {s: fit_shape(points, s) for s in SHAPE_BASIS}
            fit = fits[shape]
            best = best_shape(fits)
            rows.append([metric, policy, SHAPE_TEXT[shape],
                         f"a={fmt_num(fit.a)} b={fmt_num(fit.b)}",
                         f"{fit.worst:.0%}", SHAPE_TEXT[best]])
    if not rows:
        return []
    return (["Expected shapes, fitted to the medians by least squares "
             "(worst: the largest |fit − measured| / measured over the "
             "points; best fit: the simplest of a, a + b·log2 n, a + b·n "
             f"whose worst is within {SHAPE_GOOD:.0%}, else the one with "
             "the smallest worst):", ""]
            + md_table(["metric", "policy", "expected", "fit", "worst",
                        "best fit"], rows) + [""])


def paired_lines(results: Results, scenario: dict, cells) -> List[str]:
    """One line per (pair, cell) of meta's "ratios" on the primary metric."""
    pairs = scenario.get("ratios") or []
    if not pairs:
        return []
    metric = scenario["primary"]
    lines = [f"Paired ratios of {metric} (run i of A / run i of B; boots "
             "alternate, so paired runs are neighbours in time):", ""]
    for a, b in pairs:
        both = [k for k in cells
                if a in results.cells[k] and b in results.cells[k]]
        if not both:
            lines.append(f"- {a}/{b}: not measured together in this scenario")
        for cell in both:
            label = cell_label(cell, scenario.get("x_label"))
            paired = stats.paired_ratios(
                stats.values_by_run(results.cells[cell][a], metric),
                stats.values_by_run(results.cells[cell][b], metric))
            if paired is None:
                lines.append(f"- {a}/{b} (paired by run), {label}: "
                             "no run succeeded for both policies")
            else:
                lines.append(
                    f"- {a}/{b} (paired by run), {label}: median "
                    f"{paired.median:.3f} "
                    f"[{paired.low:.3f}–{paired.high:.3f}] "
                    f"over {len(paired.ratios)} pairs")
    return lines + [""]


def largest_spread(results: Results, cells, metric: str) -> Optional[float]:
    """The largest (max-min)/median of the metric over cells and policies."""
    spreads = [stats.rel_spread(stats.metric_values(records, metric))
               for k in cells for records in results.cells[k].values()]
    spreads = [s for s in spreads if s is not None]
    return max(spreads) if spreads else None


def rank(medians: Dict[str, float], policies: List[str],
         higher: bool) -> List[str]:
    """The policies with a median, best first; ties keep column order."""
    return sorted((p for p in policies if p in medians),
                  key=lambda p: -medians[p] if higher else medians[p])


def measured_sentence(results: Results, scenario: dict, cells,
                      policies) -> str:
    """One factual sentence: best and worst policy in the headline cell
    (the default variant, else the first cell), how often the best wins,
    and the largest run-to-run spread."""
    metric = scenario["primary"]
    higher = higher_is_better(scenario, metric)
    per_cell = [(k, cell_medians(results, k, metric)) for k in cells]
    per_cell = [(k, m) for k, m in per_cell if m]
    if not per_cell:
        return f"Measured: no successful run reported {metric}."
    head, medians = per_cell[0]
    ranked = rank(medians, policies, higher)
    unit = metric_info(scenario, metric).get("unit")
    unit_suffix = f" {unit}" if unit else ""
    baseline = results.meta.get("baseline")

    def describe(policy):
        rel = stats.divide(medians[policy], medians.get(baseline))
        if policy == baseline:
            return f"{policy} (the baseline)"
        if rel is None:
            return f"{policy} ({fmt_num(medians[policy])}{unit_suffix})"
        return f"{policy} (×{rel:.2f} of {baseline})"

    which = "default" if head.variant == "default" else "first"
    text = (f"Measured: median {metric} ({unit + ', ' if unit else ''}"
            f"{'higher' if higher else 'lower'} is better) in the {which} "
            f"cell ({cell_label(head, scenario.get('x_label'))}): ")
    if len(ranked) == 1:
        text += f"only {describe(ranked[0])} has results"
    else:
        text += f"best {describe(ranked[0])}, worst {describe(ranked[-1])}"
    if len(per_cell) > 1:
        wins = sum(1 for _, m in per_cell
                   if rank(m, policies, higher)[0] == ranked[0])
        text += f"; {ranked[0]} is best in {wins} of {len(per_cell)} cells"
    worst_spread = largest_spread(results, cells, metric)
    if worst_spread is not None:
        text += ("; the largest run-to-run spread, (max–min)/median, is "
                 f"{worst_spread:.0%}")
    return text + "."


def plots_md(plots: List[Plot], made: Optional[set]) -> List[str]:
    """Image lines for the plots that were drawn, or why there are none."""
    if not plots:
        return ["Plots: none (no data to plot).", ""]
    if made is None:
        scripts = " ".join(f"{p.name}.gp" for p in plots)
        return ["Plots not generated: gnuplot was not found. The scripts "
                f"and data are in plots/ (`cd plots && gnuplot {scripts}`).",
                ""]
    lines = []
    for plot in plots:
        if plot.name in made:
            alt = re.sub(r"[\[\]]", "", plot.title)
            lines += [f"![{alt}](plots/{plot.name}.svg)", ""]
        else:
            lines += [f"Plot {plot.name}.svg not generated: gnuplot failed "
                      f"on plots/{plot.name}.gp.", ""]
    return lines


def scenario_md(results: Results, sid: str, plots: List[Plot],
                made: Optional[set]) -> List[str]:
    """The section of one scenario (empty when it has no records)."""
    scenario = results.meta["scenarios"][sid]
    cells = scenario_cells(results, sid)
    if not cells:
        return []
    policies = scenario_policies(results, cells)
    lines = [f"## {sid}: {scenario.get('title') or sid}", ""]
    if scenario.get("claim"):
        lines += [f"Claim: {scenario['claim']}", ""]
    lines += [measured_sentence(results, scenario, cells, policies), ""]
    lines += primary_table(results, scenario, cells, policies)
    lines += other_table(results, scenario, cells, policies)
    lines += stats_table(results, cells, policies)
    lines += paired_lines(results, scenario, cells)
    lines += shapes_table(results, scenario, cells, policies)
    return lines + plots_md(plots, made)


def failures_md(results: Results) -> List[str]:
    """Failed runs per scenario and policy with their error texts, the
    malformed lines of runs.jsonl and records of unknown scenarios."""
    lines = ["## Failures", ""]
    items = []
    for sid in results.meta["scenarios"]:
        cells = scenario_cells(results, sid)
        for policy in scenario_policies(results, cells):
            records = policy_records(results, cells, policy)
            failed = stats.failed_records(records)
            if failed:
                errors = dict.fromkeys(
                    one_line(r.get("error") or "no error text")
                    for r in failed)
                items.append(f"- {sid}, {policy}: {len(failed)} of "
                             f"{len(records)} runs failed: "
                             + "; ".join(errors))
    lines += items or ["No failed runs."]
    lines.append("")
    if results.problems:
        lines += ["Malformed lines of runs.jsonl (skipped):", ""]
        lines += [f"- line {n}: {one_line(why)}"
                  for n, why in results.problems]
        lines.append("")
    unknown = {}
    for key, policies in results.cells.items():
        if key.scenario not in results.meta["scenarios"]:
            unknown[key.scenario] = unknown.get(key.scenario, 0) + \
                sum(map(len, policies.values()))
    if unknown:
        lines += ["Records of scenarios not in meta.json (ignored): "
                  + ", ".join(f"{s} ({n} records)"
                              for s, n in sorted(unknown.items())), ""]
    return lines


def summary_md(results: Results, plots: Dict[str, List[Plot]],
               made: Optional[set]) -> str:
    """The whole summary.md."""
    lines = header_md(results)
    for sid in results.meta["scenarios"]:
        lines += scenario_md(results, sid, plots.get(sid, []), made)
    lines += failures_md(results)
    return "\n".join(lines)


# ----------------------------------------------------------------- plots

def gp_str(text: str) -> str:
    """A gnuplot single-quoted string."""
    return "'" + text.replace("'", "''") + "'"


def dat_str(text: str) -> str:
    """A gnuplot data-file column holding text."""
    return '"' + text.replace('"', "'") + '"'


def gp_script(name: str, title: str, xlabel: str, ylabel: str,
              settings: List[str], plot: str) -> str:
    """A complete gnuplot script that draws NAME.dat into NAME.svg."""
    lines = [f"# Re-plot: cd plots && gnuplot {name}.gp",
             "set terminal svg size 960,540 dynamic noenhanced "
             "font 'Sans,12' background rgb 'white'",
             "set encoding utf8",
             f"set output {gp_str(name + '.svg')}",
             f"set title {gp_str(title)}",
             f"set xlabel {gp_str(xlabel)}",
             f"set ylabel {gp_str(ylabel)}",
             "set datafile missing '?'",
             "set grid",
             "set key outside right top"] + settings + [plot]
    return "\n".join(lines) + "\n"


def metric_axis(scenario: dict, metric: str) -> str:
    """"msgs_per_s (msgs/s), higher is better"."""
    unit = metric_info(scenario, metric).get("unit")
    direction = "higher" if higher_is_better(scenario, metric) else "lower"
    return f"{metric}{f' ({unit})' if unit else ''}, {direction} is better"


def policy_color(results: Results, policy: str) -> int:
    """The gnuplot line type whose colour a policy has in every plot."""
    known = results.meta["policies"]
    if policy in known:
        return known.index(policy) + 1
    present = {p for policies in results.cells.values() for p in policies}
    unknown = sorted(present - set(known))
    return len(known) + unknown.index(policy) + 1


def bars_plot(results: Results, sid: str, cells, policies) -> Optional[Plot]:
    """Clustered bars of the primary metric's median per cell and policy,
    with min–max error bars; None without any value."""
    scenario = results.meta["scenarios"][sid]
    metric = scenario["primary"]
    rows, plotted = [], False
    for cell in cells:
        row = [dat_str(cell_label(cell, scenario.get("x_label")))]
        for policy in policies:
            values = stats.metric_values(results.cells[cell].get(policy, []),
                                         metric)
            if values:
                plotted = True
                row += [repr(v) for v in (stats.median(values),)
                        + stats.spread(values)]
            else:
                row += ["?", "?", "?"]
        rows.append(" ".join(row))
    if not plotted:
        return None
    data = "\n".join(["# cell " + " ".join(f"{p}_median {p}_min {p}_max"
                                           for p in policies)] + rows) + "\n"
    title = (f"{sid}: {scenario.get('title') or sid}: median {metric} "
             "per cell (error bars: min-max over runs)")
    series = [f"{gp_str(sid + '.dat') if i == 0 else gp_str('')} using "
              f"{3 * i + 2}:{3 * i + 3}:{3 * i + 4}"
              f"{':xtic(1)' if i == 0 else ''} "
              f"linecolor {policy_color(results, p)} title {gp_str(p)}"
              for i, p in enumerate(policies)]
    script = gp_script(sid, title, "cell", metric_axis(scenario, metric),
                       ["set style data histograms",
                        "set style histogram errorbars gap 1 lw 1",
                        "set style fill solid 0.8 border -1",
                        "set yrange [0:*]",
                        "set grid noxtics",
                        "set xtics rotate by -20 nomirror"],
                       "plot " + ", \\\n     ".join(series))
    return Plot(sid, title, script, data)


def blocks_plot(name: str, title: str, xlabel: str, ylabel: str,
                settings: List[str], style: str, using: str,
                blocks: List[tuple]) -> Plot:
    """A plot with one line per data block; blocks are (title, rows,
    line style such as "linecolor 2 dashtype 1"[, (style, using)]), the
    last to draw that block otherwise than the others."""
    data = "\n\n\n".join(f"# {b[0]}\n" + "\n".join(" ".join(map(repr, row))
                                                  for row in b[1])
                         for b in blocks) + "\n"
    series = [f"{gp_str(name + '.dat')} index {i} using "
              f"{b[3][1] if len(b) > 3 else using} "
              f"with {b[3][0] if len(b) > 3 else style} {b[2]} "
              f"title {gp_str(b[0])}"
              for i, b in enumerate(blocks)]
    script = gp_script(name, title, xlabel, ylabel, settings,
                       "plot " + ", \\\n     ".join(series))
    return Plot(name, title, script, data)


def shape_blocks(results: Results, scenario: dict, cells, policy: str,
                 metric: str) -> List[tuple]:
    """The expected shape of meta's "shapes" fitted to a policy's medians,
    as a dashed line of the policy's colour over the measured range."""
    shape = (scenario.get("shapes") or {}).get(metric, {}).get(policy)
    points = median_points(results, cells, policy, metric)
    fit = fit_shape(points, shape) if shape and len(points) >= 2 else None
    if fit is None:
        return []
    lo, hi = points[0][0], points[-1][0]
    steps = 32
    xs = [lo * (hi / lo) ** (i / steps) for i in range(steps + 1)] \
        if lo > 0 else [lo + (hi - lo) * i / steps for i in range(steps + 1)]
    rows = [(x, fit.at(shape, x)) for x in xs]
    return [(f"{policy}: {SHAPE_TEXT[shape]} fitted", rows,
             f"linecolor {policy_color(results, policy)} dashtype 3",
             ("lines", "1:2"))]


def xy_plot(results: Results, sid: str, cells, policies,
            metric: Optional[str] = None,
            name: Optional[str] = None) -> Optional[Plot]:
    """A metric's median (the primary by default) against x, one line per
    policy and variant (and vCPU count), with min–max error bars, and the
    expected shapes of meta's "shapes" fitted beside them."""
    scenario = results.meta["scenarios"][sid]
    metric = metric or scenario["primary"]
    logx = bool(scenario.get("logx"))
    groups = list(dict.fromkeys((k.variant, k.vcpus) for k in cells))
    blocks = []
    for policy in policies:
        for group, (variant, vcpus) in enumerate(groups):
            rows = []
            for cell in cells:
                values = stats.metric_values(
                    results.cells[cell].get(policy, []), metric)
                if ((cell.variant, cell.vcpus) == (variant, vcpus) and values
                        and cell.x is not None and (cell.x > 0 or not logx)):
                    rows.append((cell.x, stats.median(values))
                                + stats.spread(values))
            if rows:
                label = cell_label(
                    stats.CellKey(sid, variant, None, vcpus), None)
                blocks.append((policy if len(groups) == 1
                               else f"{policy}, {label}", sorted(rows),
                               f"linecolor {policy_color(results, policy)} "
                               f"dashtype {group + 1}"))
        if len(groups) == 1:
            blocks += shape_blocks(results, scenario, cells, policy, metric)
    if not blocks:
        return None
    title = (f"{sid}: {scenario.get('title') or sid}: median {metric} "
             "(error bars: min-max over runs)")
    settings = ["set offsets graph 0.03, graph 0.03, graph 0.05, graph 0.05"]
    settings += ["set logscale x 2"] if logx else []
    return blocks_plot(name or sid, title, scenario.get("x_label") or "x",
                       metric_axis(scenario, metric), settings,
                       "yerrorlines", "1:2:3:4", blocks)


def cdf_plots(results: Results, sid: str, cells, policies) -> List[Plot]:
    """Latency CDFs, per cell: the tool's quantiles and, where recorded,
    the kernel's; each policy's line is the per-quantile median over its
    runs.  Named SID-cdf and SID-kernel for a single cell, else
    SID-VARIANT and SID-VARIANT-kernel (with x and vCPUs in the name
    when a variant has several cells)."""
    scenario = results.meta["scenarios"][sid]
    plots = []
    one_per_variant = len({k.variant for k in cells}) == len(cells)
    for cell in cells:
        label = cell_label(cell, scenario.get("x_label"))
        if len(cells) == 1:
            names = {"tool": f"{sid}-cdf", "kernel": f"{sid}-kernel"}
        else:
            rest = cell_label(cell._replace(variant="default"),
                              scenario.get("x_label"))
            base = f"{sid}-" + slug(cell.variant if one_per_variant
                                    else f"{cell.variant}, {rest}")
            names = {"tool": base, "kernel": f"{base}-kernel"}
        for source, name in names.items():
            blocks = []
            for policy in policies:
                curve = stats.quantile_curve(
                    results.cells[cell].get(policy, []), source)
                rows = [(us, q) for q, us in curve if us > 0]
                if rows:
                    blocks.append((policy, rows, "linecolor "
                                   f"{policy_color(results, policy)}"))
            if blocks:
                title = (f"{sid}: {scenario.get('title') or sid}: latency CDF "
                         f"({source} quantiles, median over runs), {label}")
                plots.append(blocks_plot(
                    name, title, "latency (us)", "cumulative fraction",
                    ["set logscale x 10", "set yrange [0:1]",
                     "set key inside right bottom"],
                    "linespoints", "1:2", blocks))
    return plots


def scenario_plots(results: Results, sid: str) -> List[Plot]:
    """The plots of a scenario by its meta "plot" kind (bars by default)."""
    cells = scenario_cells(results, sid)
    if not cells:
        return []
    policies = scenario_policies(results, cells)
    kind = results.meta["scenarios"][sid].get("plot")
    if kind == "xy":
        metrics = results.meta["scenarios"][sid].get("plot_metrics")
        plots = [xy_plot(results, sid, cells, policies, m, f"{sid}-{m}")
                 for m in metrics] if metrics else \
            [xy_plot(results, sid, cells, policies)]
    else:
        plots = [bars_plot(results, sid, cells, policies)]
        if kind == "cdf":
            plots += cdf_plots(results, sid, cells, policies)
    return [p for p in plots if p is not None]


def write_plot_files(plots_dir: str, plots: List[Plot]) -> None:
    """Write NAME.gp and NAME.dat of each plot; remove an older NAME.svg."""
    os.makedirs(plots_dir, exist_ok=True)
    for plot in plots:
        for ext, text in ((".gp", plot.script), (".dat", plot.data)):
            with open(os.path.join(plots_dir, plot.name + ext), "w",
                      encoding="utf-8") as stream:
                stream.write(text)
        svg = os.path.join(plots_dir, plot.name + ".svg")
        if os.path.exists(svg):
            os.unlink(svg)


def run_gnuplot(gnuplot: str, plots_dir: str, plots: List[Plot],
                warn: Callable[[str], None]) -> set:
    """Run gnuplot on each script; the names whose SVG was written."""
    made = set()
    for plot in plots:
        try:
            done = subprocess.run([gnuplot, plot.name + ".gp"], cwd=plots_dir,
                                  capture_output=True, text=True,
                                  timeout=GNUPLOT_TIMEOUT_S)
        except (OSError, subprocess.TimeoutExpired) as error:
            warn(f"gnuplot failed on plots/{plot.name}.gp: {error}")
            continue
        svg = os.path.join(plots_dir, plot.name + ".svg")
        if done.returncode == 0 and os.path.exists(svg) \
                and os.path.getsize(svg) > 0:
            made.add(plot.name)
        else:
            last = (done.stderr.strip().splitlines() or
                    [f"exit status {done.returncode}"])[-1]
            warn(f"gnuplot failed on plots/{plot.name}.gp: {last}")
    return made


# ------------------------------------------------------------------ html

def inline_html(text: str) -> str:
    """Escaped text with `code` spans."""
    parts = text.split("`")
    return "".join(f"<code>{html.escape(p)}</code>" if i % 2
                   else html.escape(p) for i, p in enumerate(parts))


def line_kind(line: str) -> str:
    """The kind of block a Markdown line belongs to."""
    if not line.strip():
        return "blank"
    if re.match(r"#{1,6} ", line):
        return "heading"
    if line.startswith("|"):
        return "table"
    if line.startswith("- "):
        return "list"
    if re.fullmatch(r"!\[[^\]]*\]\([^)]*\)", line):
        return "image"
    return "text"


def table_html(lines: List[str]) -> str:
    """A Markdown table (header, separator, rows) as an HTML table."""
    def cells(line):
        inner = line.strip().strip("|")
        return [c.strip().replace(r"\|", "|")
                for c in re.split(r"(?<!\\)\|", inner)]
    head = "".join(f"<th>{inline_html(c)}</th>" for c in cells(lines[0]))
    body = "".join("<tr>" + "".join(f"<td>{inline_html(c)}</td>"
                                    for c in cells(line)) + "</tr>\n"
                   for line in lines[2:])
    return (f"<table>\n<thead><tr>{head}</tr></thead>\n"
            f"<tbody>\n{body}</tbody>\n</table>")


def block_html(kind: str, lines: List[str]) -> str:
    """One block of same-kind Markdown lines as HTML."""
    if kind == "heading":
        level, text = lines[0].split(" ", 1)
        return f"<h{len(level)}>{inline_html(text)}</h{len(level)}>"
    if kind == "table":
        return table_html(lines)
    if kind == "list":
        return "<ul>\n" + "".join(f"<li>{inline_html(line[2:])}</li>\n"
                                  for line in lines) + "</ul>"
    if kind == "image":
        images = []
        for line in lines:
            alt, src = re.fullmatch(r"!\[([^\]]*)\]\(([^)]*)\)", line).groups()
            images.append(f'<figure><img src="{html.escape(src)}" '
                          f'alt="{html.escape(alt)}"></figure>')
        return "\n".join(images)
    return f"<p>{inline_html(' '.join(lines))}</p>"


def markdown_to_html(markdown: str) -> str:
    """The Markdown subset of summary.md (headings, paragraphs, lists,
    tables, image lines, `code`) as HTML."""
    blocks = []
    kind, lines = "blank", []
    for line in markdown.splitlines() + [""]:
        new_kind = line_kind(line)
        if lines and (new_kind != kind or kind == "heading"):
            blocks.append(block_html(kind, lines))
            lines = []
        kind = new_kind
        if kind != "blank":
            lines.append(line)
    return "\n".join(blocks)


PAGE_CSS = """
body { font-family: sans-serif; max-width: 78em; margin: 1em auto;
       padding: 0 1em; color: #222; line-height: 1.4; }
table { border-collapse: collapse; margin: 0.5em 0 1em; }
th, td { border: 1px solid #bbb; padding: 0.2em 0.5em; text-align: right; }
th:first-child, td:first-child { text-align: left; }
th { background: #eee; }
tbody tr:nth-child(even) { background: #f7f7f7; }
h2 { border-bottom: 1px solid #ccc; margin-top: 2em; }
figure { margin: 0.5em 0; }
img { max-width: 100%; border: 1px solid #ddd; }
code { background: #f2f2f2; padding: 0 0.2em; }
"""


def page_html(markdown: str) -> str:
    """index.html: the summary as one self-contained page."""
    title = next((line.lstrip("# ") for line in markdown.splitlines()
                  if line.startswith("# ")), "Scheduler policy comparison")
    return ("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n"
            "<meta charset=\"utf-8\">\n"
            f"<title>{html.escape(title)}</title>\n"
            f"<style>{PAGE_CSS}</style>\n</head>\n<body>\n"
            f"{markdown_to_html(markdown)}\n</body>\n</html>\n")


# ------------------------------------------------------------------ main

def warn_stderr(message: str) -> None:
    """Print a warning of the report to stderr."""
    print(f"report: warning: {message}", file=sys.stderr)


def write_report(results_dir: str,
                 warn: Callable[[str], None] = warn_stderr) -> str:
    """Write summary.md, plots/ and index.html into results_dir.

    Returns the path of summary.md; raises ReportError when meta.json or
    runs.jsonl is missing or unusable.  Without gnuplot the plot scripts
    and data are still written and warn is called once."""
    results = load_results(results_dir)
    if results.problems:
        warn(f"runs.jsonl: {len(results.problems)} malformed lines skipped "
             "(listed in summary.md)")
    plots = {sid: scenario_plots(results, sid)
             for sid in results.meta["scenarios"]}
    all_plots = [p for ps in plots.values() for p in ps]
    plots_dir = os.path.join(results_dir, "plots")
    write_plot_files(plots_dir, all_plots)
    gnuplot = shutil.which("gnuplot")
    if gnuplot:
        made = run_gnuplot(gnuplot, plots_dir, all_plots, warn)
    else:
        made = None
        warn("gnuplot not found: plots not generated (scripts and data "
             "are in plots/)")
    markdown = summary_md(results, plots, made)
    summary = os.path.join(results_dir, "summary.md")
    with open(summary, "w", encoding="utf-8") as stream:
        stream.write(markdown)
    with open(os.path.join(results_dir, "index.html"), "w",
              encoding="utf-8") as stream:
        stream.write(page_html(markdown))
    return summary


def main(argv: Optional[List[str]] = None) -> int:
    """Command line entry: 0 on success, 1 with a message on bad input."""
    parser = argparse.ArgumentParser(
        description="Write summary.md, plots/ and index.html for a "
                    "scheduler comparison results directory.")
    parser.add_argument("results_dir", help="directory with meta.json and "
                                            "runs.jsonl")
    args = parser.parse_args(argv)
    try:
        summary = write_report(args.results_dir)
    except ReportError as error:
        print(f"report: error: {error}", file=sys.stderr)
        return 1
    print(f"report: wrote {summary}, index.html and plots/ in "
          f"{args.results_dir}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
