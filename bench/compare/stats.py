"""Statistics for the scheduler comparison: small pure functions.

Every function here accepts empty input and zero denominators and then
returns None instead of raising, so that a report can always be written,
even from a results directory in which most runs failed.

Vocabulary:

record   one line of runs.jsonl: one run of one policy in one cell
cell     (scenario, variant, x, vcpus): the conditions under which the
         policies are compared with each other
"""

import json
import math
from typing import Dict, Iterable, List, Mapping, NamedTuple, Optional, Tuple


class CellKey(NamedTuple):
    """The conditions of a measurement; every policy is run in each cell."""

    scenario: str
    variant: str
    x: Optional[float]
    vcpus: Optional[int]


class PairedRatios(NamedTuple):
    """Per-run ratios of two policies and their median and range."""

    ratios: Dict[int, float]
    median: float
    low: float
    high: float


class LoadedRuns(NamedTuple):
    """runs.jsonl as cells, plus the lines that could not be used."""

    cells: Dict[CellKey, Dict[str, List[dict]]]
    problems: List[Tuple[int, str]]


def is_number(value) -> bool:
    """True for a finite int or float (bool, None, NaN and text are not)."""
    return (isinstance(value, (int, float)) and not isinstance(value, bool)
            and math.isfinite(value))


def median(values: Iterable[Optional[float]]) -> Optional[float]:
    """Median of the values, None entries ignored; None when none is left."""
    data = sorted(v for v in values if v is not None)
    if not data:
        return None
    mid = len(data) // 2
    if len(data) % 2:
        return float(data[mid])
    return (data[mid - 1] + data[mid]) / 2


def spread(values: Iterable[Optional[float]]) -> Optional[Tuple[float, float]]:
    """(min, max) of the values, None entries ignored; None when empty."""
    data = [v for v in values if v is not None]
    if not data:
        return None
    return (min(data), max(data))


def rel_spread(values: Iterable[Optional[float]]) -> Optional[float]:
    """(max - min) / median: the run-to-run noise as a fraction.

    None when there are no values or the median is zero."""
    data = [v for v in values if v is not None]
    mid = median(data)
    if not mid:
        return None
    low, high = spread(data)
    return (high - low) / mid


def divide(numerator: Optional[float],
           denominator: Optional[float]) -> Optional[float]:
    """numerator / denominator, None when either is None or the
    denominator is zero."""
    if numerator is None or not denominator:
        return None
    return numerator / denominator


def ratio(a_values: Iterable[Optional[float]],
          b_values: Iterable[Optional[float]]) -> Optional[float]:
    """median(a) / median(b); None when either is empty or median(b) is 0."""
    return divide(median(a_values), median(b_values))


def paired_ratios(a_by_run: Mapping[int, float],
                  b_by_run: Mapping[int, float]) -> Optional[PairedRatios]:
    """Ratios a/b of the runs that both policies have, with median and range.

    The arguments map run number to a value (see values_by_run).  Boots
    alternate between policies (A B C A B C), so run i of A and run i of
    B ran next to each other in time and their ratio cancels slow drift
    of the host.  Runs missing from either side, and runs where b is 0,
    are left out; None when no pair is left."""
    ratios = {}
    for run in sorted(set(a_by_run) & set(b_by_run)):
        value = divide(a_by_run[run], b_by_run[run])
        if value is not None:
            ratios[run] = value
    if not ratios:
        return None
    low, high = spread(ratios.values())
    return PairedRatios(ratios, median(ratios.values()), low, high)


def ok_records(records: Iterable[dict]) -> List[dict]:
    """The records of successful runs (ok is true)."""
    return [r for r in records if r.get("ok") is True]


def failed_records(records: Iterable[dict]) -> List[dict]:
    """The records of failed runs (ok is false)."""
    return [r for r in records if r.get("ok") is not True]


def field_values(records: Iterable[dict], section: str,
                 name: str) -> List[float]:
    """The numeric values of record[section][name] over successful runs.

    section is "metrics" or "stats"; missing, null and non-numeric
    values are left out."""
    values = []
    for record in ok_records(records):
        value = (record.get(section) or {}).get(name)
        if is_number(value):
            values.append(value)
    return values


def metric_values(records: Iterable[dict], name: str) -> List[float]:
    """The values of one metric over the successful runs."""
    return field_values(records, "metrics", name)


def values_by_run(records: Iterable[dict], name: str) -> Dict[int, float]:
    """{run number: value of the metric} over the successful runs.

    Input for paired_ratios; if a run number repeats, the later record
    wins."""
    result = {}
    for record in ok_records(records):
        value = (record.get("metrics") or {}).get(name)
        run = record.get("run")
        if is_number(value) and isinstance(run, int):
            result[run] = value
    return result


def quantile_curve(records: Iterable[dict],
                   source: str) -> List[Tuple[float, float]]:
    """Median latency per cumulative fraction over the successful runs.

    source is "tool" or "kernel"; each record's quantiles[source] is a
    list of [fraction, microseconds].  Returns [(fraction, median us)]
    sorted by fraction; empty when no run has such quantiles."""
    by_fraction: Dict[float, List[float]] = {}
    for record in ok_records(records):
        for pair in (record.get("quantiles") or {}).get(source) or []:
            if (isinstance(pair, (list, tuple)) and len(pair) == 2
                    and is_number(pair[0]) and is_number(pair[1])):
                by_fraction.setdefault(float(pair[0]), []).append(pair[1])
    return [(q, median(v)) for q, v in sorted(by_fraction.items())]


def record_problem(record) -> Optional[str]:
    """Why a parsed runs.jsonl line is not a usable record; None if it is."""
    if not isinstance(record, dict):
        return "not a JSON object"
    for name in ("scenario", "policy"):
        if not isinstance(record.get(name), str) or not record[name]:
            return f'"{name}" missing or not a string'
    if not isinstance(record.get("ok"), bool):
        return '"ok" missing or not true/false'
    if record.get("x") is not None and not is_number(record["x"]):
        return '"x" is not a number'
    if record.get("vcpus") is not None and not (
            isinstance(record["vcpus"], int)
            and not isinstance(record["vcpus"], bool)):
        return '"vcpus" is not an integer'
    if record.get("variant") is not None and not isinstance(
            record["variant"], str):
        return '"variant" is not a string'
    for name in ("metrics", "stats", "quantiles"):
        if record.get(name) is not None and not isinstance(record[name], dict):
            return f'"{name}" is not an object'
    return None


def cell_key(record: dict) -> CellKey:
    """The cell a valid record belongs to."""
    return CellKey(record["scenario"], record.get("variant") or "default",
                   record.get("x"), record.get("vcpus"))


def parse_runs(lines: Iterable[str]) -> LoadedRuns:
    """Group runs.jsonl lines into {cell: {policy: [records]}}.

    Blank lines are skipped; malformed lines are returned in problems as
    (line number, reason) instead of raising.  Cells and policies keep
    the order of their first line."""
    cells: Dict[CellKey, Dict[str, List[dict]]] = {}
    problems = []
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except ValueError as error:
            problems.append((number, f"invalid JSON: {error}"))
            continue
        problem = record_problem(record)
        if problem:
            problems.append((number, problem))
            continue
        policies = cells.setdefault(cell_key(record), {})
        policies.setdefault(record["policy"], []).append(record)
    return LoadedRuns(cells, problems)


def load_runs(path: str) -> LoadedRuns:
    """parse_runs on a runs.jsonl file (OSError if it cannot be read)."""
    with open(path, encoding="utf-8") as stream:
        return parse_runs(stream)
