"""`memeval results RUN` on an 80-column terminal shows whole task ids and figures.

A new user's `memeval results RUN` in an 80-column terminal printed its 13 columns squeezed to
five characters each: every cell `t0…`, `pa…`, `co…`, `$0…`, the headers `ta…`, `mo…`, so not one
task, mode or cost could be read. Now a terminal narrower than the table leaves out the columns
every trial has the same value in (named with their value under the table), draws the rest
without side borders, and wraps a figure rather than cut it; at full width nothing changes.
"""

from __future__ import annotations

import io
import shutil
from pathlib import Path

from rich.console import Console

from memeval.cli._print import print_results
from memeval.results import load_run

COLUMNS = ("task", "mode", "rep", "reward", "execution", "assessment", "level", "fault", "time", "tokens in/out",
           "cost", "control", "tamper")  # fmt: skip
SAMPLE = Path(__file__).resolve().parents[1] / "fixtures" / "runlog_v1" / "sample-t01"


def _printed(tmp_path: Path, width: int) -> list[str]:
    run = load_run(shutil.copytree(SAMPLE, tmp_path / f"sample-{width}"))
    console = Console(width=width, file=io.StringIO(), highlight=False)
    print_results(run, console)
    return console.file.getvalue().splitlines()  # type: ignore[attr-defined]  # the StringIO given above


def test_results_on_80_columns_shows_whole_tasks_and_figures_and_names_what_it_left_out(tmp_path: Path) -> None:
    wide = _printed(tmp_path, 200)
    head = next(line for line in wide if "task" in line and "mode" in line)
    assert all(col in head for col in COLUMNS), head  # at full width, every column as before
    lines = _printed(tmp_path, 80)
    table = lines[: next(i for i, line in enumerate(lines) if line.startswith("(a terminal of 80 columns"))]
    assert all(len(line) <= 80 for line in table) and not any("…" in line for line in table), table
    rows = [line.split() for line in table if line.startswith("t01-thursday-order-arrival")]
    assert sorted(r[1] for r in rows) == ["baseline", "pack"], table
    assert {r[-1] for r in rows} == {"$0.0239", "$0.0234"} and {r[-2] for r in rows} == {"14447/687", "7377/571"}, rows
    note = " ".join(lines[len(table) :]).split(")")[0]
    assert "execution completed, assessment scored, level L2v" in note and "--json" in note, note
