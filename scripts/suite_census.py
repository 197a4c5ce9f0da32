#!/usr/bin/env python3
"""Fold the suite's CPU census (`tests/cpu_census.py`) into tables: totals, folders, modules and tests by CPU.

    MEMEVAL_TEST_CPU_CENSUS=/tmp/census.jsonl .venv/bin/python -m pytest ...
    python3 scripts/suite_census.py /tmp/census.jsonl [--modules 25] [--tests 25] [--against OTHER.jsonl]

The census file may be gzip-compressed (`.gz`). CPU is user+system seconds: `self` the pytest
worker's own, `children` that of the processes it started and reaped while the test ran (memeval
command lines, sandboxes, servers), summed over each test's set-up, call and teardown; `setup` is
the set-up phase alone (where module and session fixtures are made, under the first test that asked
for them). The totals add what no test carried: each worker's start-up and collection (its process
line less its tests), and the xdist controller's own CPU (its children are the workers, already
counted). Printed as Markdown tables; with `--against`, each folder's and module's CPU in the other
census beside it. Standard library only, so it runs with any Python 3.11.

Exit status 2, with a message naming the file, when a file cannot be read or a line is not a census
record.
"""

from __future__ import annotations

import argparse
import gzip
import json
import sys
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

PROCESS_KEYS = ("worker", "tests", "self_cpu", "children_cpu", "wall")
"""What a process line must hold."""


class CensusError(Exception):
    """A census file that cannot be read, or a line in it that is not a census record."""


@dataclass
class Tally:
    """CPU seconds summed over some tests: own, children's, set-up phase, wall, and how many tests."""

    self_cpu: float = 0.0
    children_cpu: float = 0.0
    setup_cpu: float = 0.0
    wall: float = 0.0
    tests: int = 0

    @property
    def cpu(self) -> float:
        """Own plus children's CPU seconds."""
        return self.self_cpu + self.children_cpu

    def add(self, record: dict[str, Any]) -> None:
        """Count one test line in."""
        self.self_cpu += record["self_cpu"]
        self.children_cpu += record["children_cpu"]
        setup = record.get("phases", {}).get("setup", {})
        self.setup_cpu += setup.get("self_cpu", 0.0) + setup.get("children_cpu", 0.0)
        self.wall += record["wall"]
        self.tests += 1

    def merge(self, other: Tally) -> Tally:
        """Add another tally's figures into this one; returns this one."""
        self.self_cpu += other.self_cpu
        self.children_cpu += other.children_cpu
        self.setup_cpu += other.setup_cpu
        self.wall += other.wall
        self.tests += other.tests
        return self


@dataclass
class Census:
    """A census folded: per test, module and folder, and the processes' own lines."""

    tests: dict[str, Tally] = field(default_factory=lambda: defaultdict(Tally))
    modules: dict[str, Tally] = field(default_factory=lambda: defaultdict(Tally))
    folders: dict[str, Tally] = field(default_factory=lambda: defaultdict(Tally))
    processes: list[dict[str, Any]] = field(default_factory=list)
    fixtures: dict[str, list[float]] = field(default_factory=lambda: defaultdict(lambda: [0.0, 0]))
    spans: dict[str, list[float]] = field(default_factory=dict)
    """Per worker: first test's start, last test's end, wall seconds in tests (lines with `start` only)."""

    @property
    def in_tests(self) -> Tally:
        """Every test line summed."""
        whole = Tally()
        for tally in self.folders.values():
            whole.merge(tally)
        return whole

    @property
    def outside_tests(self) -> float:
        """CPU seconds of the pytest processes that no test carried (start-up, collection; the controller's own)."""
        workers = [p for p in self.processes if not p.get("controller")]
        controller = sum(p["self_cpu"] for p in self.processes if p.get("controller"))
        carried = self.in_tests.cpu if workers else 0.0
        return sum(p["self_cpu"] + p["children_cpu"] for p in workers) - carried + controller


def folder_of(module: str) -> str:
    """The folder a test module is filed under: `tests/<folder>`, or `tests/(top)` for a module directly in `tests/`."""
    parts = module.split("/")
    return "/".join(parts[:2]) if len(parts) > 2 else f"{parts[0]}/(top)"


def module_of(nodeid: str) -> str:
    """The module path of a test id, without the xdist group suffix a module's test ids may carry."""
    return nodeid.split("::")[0].split("@")[0]


def read_lines(path: Path) -> Iterable[tuple[int, dict[str, Any]]]:
    """Each non-blank line of a census file (plain or `.gz`) with its number, parsed.

    Raises:
        CensusError: the file cannot be opened, or a line is not a JSON object with a `kind`.
    """
    try:
        opened = gzip.open(path, "rt") if path.suffix == ".gz" else path.open()
        with opened as lines:
            for number, line in enumerate(lines, 1):
                if not line.strip():
                    continue
                try:
                    record = json.loads(line)
                except json.JSONDecodeError as exc:
                    raise CensusError(f"{path}:{number}: not JSON ({exc.msg})") from None
                if not isinstance(record, dict) or "kind" not in record:
                    raise CensusError(f"{path}:{number}: not a census record (no 'kind')")
                yield number, record
    except (OSError, EOFError, UnicodeDecodeError) as exc:
        raise CensusError(f"{path}: cannot read it ({exc})") from None


def fold(path: Path) -> Census:
    """Read one census file into a `Census`.

    Raises:
        CensusError: as `read_lines`, or a test line without its figures.
    """
    census = Census()
    for number, record in read_lines(path):
        if record["kind"] == "process":
            missing = [key for key in PROCESS_KEYS if key not in record]
            if missing:
                raise CensusError(f"{path}:{number}: a process line without {missing[0]!r}")
            census.processes.append(record)
            continue
        if record["kind"] != "test":
            continue
        try:
            module = module_of(record["nodeid"])
            census.tests[record["nodeid"]].add(record)
        except (KeyError, TypeError) as exc:
            raise CensusError(f"{path}:{number}: a test line without {exc}") from None
        census.modules[module].add(record)
        census.folders[folder_of(module)].add(record)
        for name, cpu in (record.get("fixtures") or {}).items():
            census.fixtures[name][0] += cpu
            census.fixtures[name][1] += 1
        if "start" in record:
            span = census.spans.setdefault(str(record.get("worker", "?")), [record["start"], 0.0, 0.0])
            span[0] = min(span[0], record["start"])
            span[1] = max(span[1], record["start"] + record["wall"])
            span[2] += record["wall"]
    return census


def _share(part: float, whole: float) -> str:
    return f"{100 * part / whole:.0f}%" if whole else "-"


def _row(name: str, tally: Tally, whole: float, other: dict[str, Tally] | None) -> str:
    cells = [
        f"{tally.cpu:,.1f}",
        _share(tally.cpu, whole),
        f"{tally.self_cpu:,.1f}",
        f"{tally.children_cpu:,.1f}",
        f"{tally.setup_cpu:,.1f}",
        f"{tally.tests:,}",
        f"{tally.wall:,.0f}",
    ]
    if other is not None:
        before = other[name].cpu if name in other else 0.0
        cells += [f"{before:,.1f}", f"{tally.cpu - before:+,.1f}"]
    return f"| `{name}` | " + " | ".join(cells) + " |"


def table(
    title: str, rows: dict[str, Tally], limit: int | None, whole: float, other: dict[str, Tally] | None
) -> list[str]:
    """A Markdown table of `rows` by CPU, largest first (`limit` rows, or all when None)."""
    head = "| CPU s | share | self | children | set-up | tests | wall s |"
    rule = "|---:|---:|---:|---:|---:|---:|---:|"
    if other is not None:
        head += " against | change |"
        rule += "---:|---:|"
    ranked = sorted(rows.items(), key=lambda kv: (-kv[1].cpu, kv[0]))
    shown = ranked if limit is None else ranked[:limit]
    out = [f"### {title}", "", f"| {title.split(' ')[0].rstrip('s')} " + head, "|---" + rule]
    out += [_row(name, tally, whole, other) for name, tally in shown]
    if limit is not None and len(ranked) > limit:
        rest = Tally()
        for _, tally in ranked[limit:]:
            rest.merge(tally)
        out.append(_row(f"the other {len(ranked) - limit:,}", rest, whole, None))
    return [*out, ""]


def report(census: Census, modules: int, tests: int, against: Census | None = None) -> str:
    """The census as Markdown: totals, then the folders, the top modules and the top tests by CPU."""
    whole = census.in_tests
    outside = census.outside_tests if census.processes else None
    lines = [
        "### Totals",
        "",
        f"- tests: {whole.tests:,}; CPU in tests {whole.cpu:,.1f} s "
        f"(the workers' own {whole.self_cpu:,.1f}, children {whole.children_cpu:,.1f}: "
        f"**{_share(whole.children_cpu, whole.cpu)} in children**); set-up phases {whole.setup_cpu:,.1f} s; "
        f"wall summed over tests {whole.wall:,.0f} s",
    ]
    if outside is None:
        lines.append("- no process lines (a run stopped before its end): start-up and collection not counted")
    else:
        workers = [p for p in census.processes if not p.get("controller")]
        controller = [p for p in census.processes if p.get("controller")]
        lines.append(
            f"- outside tests {outside:,.1f} s (the {len(workers)} workers' start-up and collection"
            + (f", the controller's own {sum(p['self_cpu'] for p in controller):,.1f} s" if controller else "")
            + f"); whole {whole.cpu + outside:,.1f} CPU s"
        )
        for p in sorted(workers, key=lambda p: p["worker"]):
            lines.append(
                f"  - {p['worker']}: {p['tests']:,} tests, {p['wall']:,.0f} s wall, "
                f"own {p['self_cpu']:,.1f} + children {p['children_cpu']:,.1f} CPU s"
            )
    if census.spans:
        last = max(span[1] for span in census.spans.values())
        first = min(span[0] for span in census.spans.values())
        lines.append(f"- {last - first:,.0f} s from the first test's start to the last test's end")
        for worker, (_start, end, busy) in sorted(census.spans.items()):
            lines.append(f"  - {worker}: in tests {busy:,.0f} s, done {last - end:,.0f} s before the last test ended")
    lines.append("")
    total = whole.cpu
    lines += table("Folders", census.folders, None, total, against.folders if against else None)
    lines += table(f"Modules (top {modules})", census.modules, modules, total, against.modules if against else None)
    lines += table(f"Tests (top {tests})", census.tests, tests, total, against.tests if against else None)
    if census.fixtures:
        lines += [f"### Fixtures (top {tests} by their own set-up)", "", "| fixture (scope) | CPU s | set-ups |"]
        lines.append("|---|---:|---:|")
        ranked = sorted(census.fixtures.items(), key=lambda kv: (-kv[1][0], kv[0]))[:tests]
        lines += [f"| `{name}` | {cpu:,.1f} | {int(n):,} |" for name, (cpu, n) in ranked]
        lines.append("")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """Print the census report; 2 on a file that cannot be read or is not a census."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("census", type=Path, help="the file MEMEVAL_TEST_CPU_CENSUS named (or its .gz)")
    parser.add_argument("--modules", type=int, default=25, metavar="N", help="modules to list (25)")
    parser.add_argument("--tests", type=int, default=25, metavar="N", help="tests to list (25)")
    parser.add_argument("--against", type=Path, default=None, help="a second census to set beside this one")
    args = parser.parse_args(argv)
    if args.modules < 1 or args.tests < 1:
        parser.error(f"--modules and --tests take a count of 1 or more, not {min(args.modules, args.tests)}")
    try:
        census = fold(args.census)
        against = fold(args.against) if args.against is not None else None
    except CensusError as exc:
        print(f"suite_census: {exc}", file=sys.stderr)
        return 2
    print(report(census, args.modules, args.tests, against))
    return 0


if __name__ == "__main__":
    sys.exit(main())
