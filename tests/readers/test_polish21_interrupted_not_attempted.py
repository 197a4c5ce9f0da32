"""Interrupted trials are not attempts (polish21): `memeval results` on a stopped run read "0/1 attempted passed".

A trial the run's stop cut off (fault `cancelled`) was never measured: `memeval ab --resume` runs it
again. Counted in the attempted denominator it reads as a failure, a harness's stop taken for a
zero. The summary (text), `Run.denominators` (the Python API) and the listing now leave it out and
name it apart, as `many_faults` and `cost_faults` already did.
"""

from __future__ import annotations

import json
from pathlib import Path

from usage_line import run_memeval

from memeval._runlist import PROJECTION_VERSION
from memeval.formatting import CellValue, cell_text
from memeval.results import load_run
from memeval.runreport import summarize

REPO = Path(__file__).resolve().parents[2]
INTERRUPTED_LOG = REPO / "tests" / "fixtures" / "runlog_interrupted" / "events.jsonl"
"""A real run stopped with SIGINT, then resumed; its first 14 lines are the run up to its stop."""


def _stopped_run(tmp_path: Path, lines: int | None = 14) -> Path:
    run = tmp_path / "run"
    run.mkdir()
    text = INTERRUPTED_LOG.read_text(encoding="utf-8").splitlines(keepends=True)
    (run / "events.jsonl").write_text("".join(text[:lines]), encoding="utf-8")
    return run


def test_results_of_a_stopped_run_counts_no_attempt(tmp_path: Path) -> None:
    run = _stopped_run(tmp_path)
    out = run_memeval("results", str(run), cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    score = [ln for ln in out.stdout.splitlines() if ln.startswith("Score, ")]
    assert len(score) == 2, out.stdout
    for line in score:
        assert "0/1 attempted" not in line and "(0.0%)" not in line, line
        assert line.endswith("0/0 attempted passed (—), 1 interrupted not counted"), line


def test_the_api_and_the_summary_leave_interrupted_trials_out_of_attempted(tmp_path: Path) -> None:
    run = load_run(_stopped_run(tmp_path), use_cache=False)
    for mode, d in run.denominators(blended=True).items():
        assert (d.passes, d.scored, d.attempted, d.pass_rate_attempted) == (0, 0, 0, None), mode
    assert [(a.attempted, a.interrupted, a.rate_attempted) for a in summarize(run).arms] == [(0, 1, None)] * 2


def test_a_resumed_run_counts_its_ended_trials_as_before(tmp_path: Path) -> None:
    run = load_run(_stopped_run(tmp_path, None), use_cache=False)
    assert [(a.attempted, a.interrupted) for a in summarize(run).arms] == [(1, 0)] * 2
    assert {m: d.attempted for m, d in run.denominators().items()} == {"baseline": 1, "pack": 1}


def test_the_table_names_interrupted_trials_apart_from_faults(tmp_path: Path) -> None:
    """The A/B table's cell said `Fault (cancelled)` and counted the run's stop among its faults."""
    out = run_memeval("replay", str(_stopped_run(tmp_path)), cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    (row,) = json.loads(out.stdout)["table"]
    for arm in ("baseline", "pack"):
        assert (row[f"{arm}_faults"], row[f"{arm}_interrupted"]) == (0, 1), row
        assert row[arm].startswith("Interrupted · $"), row
    assert PROJECTION_VERSION >= 9  # a projection cached with the old cells is replayed, not read
    three = CellValue(trials=3, passes=1, scored=2, faults=0, fault_code=None, scored_single=False,
                      cost_usd=0.4, cost_lower_bound=False, interrupted=1)  # fmt: skip
    assert cell_text(three) == "1/2 passed · $0.40 · 1 interrupted"
