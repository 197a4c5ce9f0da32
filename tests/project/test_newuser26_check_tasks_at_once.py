"""`memeval check-tasks` runs its control trials several at once, as `memeval ab` does (newuser26, issue 17).

It ran them one at a time (`serial`, concurrency 1, with no option to change it) while `memeval ab`
runs twice the cores at once: on the sample's 14 tasks a new user waited 2 min 43 s for 56 trials
of oracle and nop that mostly wait on sandboxes (4.3 s of memeval's CPU; 2-core machine, load 16).
Now its default is `memeval ab`'s (`default_concurrency`), `--concurrency N` sets it, and the
first line says how many run at once. Each control run records it on its run card.

A real `memeval check-tasks` process on one of the mini tasks, read back from the two runs' logs.
"""

from __future__ import annotations

import json
from pathlib import Path

from usage_line import REPO, run_memeval

from memeval.runner import default_concurrency

TASK = REPO / "tests" / "fixtures" / "tasksets" / "mini" / "add-numbers"


def _cards(runs: Path, doc: dict[str, object]) -> list[tuple[int, str]]:
    """(concurrency, executor) from the run card of the oracle's and nop's runs, in that order."""
    out = []
    for run_id in (doc["oracle_run"], doc["nop_run"]):
        planned = json.loads((runs / str(run_id) / "events.jsonl").read_text().splitlines()[0])
        out.append((planned["run_card"]["concurrency"], planned["run_card"]["executor"]))
    return out


def test_check_tasks_runs_its_controls_as_many_at_once_as_ab(tmp_path: Path) -> None:
    runs = tmp_path / "runs"
    res = run_memeval("check-tasks", str(TASK), "--runs-dir", str(runs), "--json", cwd=tmp_path)
    assert res.returncode == 0, res.stderr
    doc = json.loads(res.stdout)
    n = default_concurrency()
    assert _cards(runs, doc) == [(n, "serial" if n == 1 else "local")] * 2, res.stderr
    assert res.stderr.splitlines()[0].startswith(
        f"memeval: checking 1 task(s): oracle, then nop, 2 trial(s) each, {n} at once"
    ), res.stderr
    assert [t["problems"] for t in doc["tasks"]] == [[]], doc


def test_check_tasks_concurrency_one_runs_one_at_a_time(tmp_path: Path) -> None:
    runs = tmp_path / "runs"
    res = run_memeval("check-tasks", str(TASK), "--runs-dir", str(runs), "--json", "--concurrency", "1", cwd=tmp_path)
    assert res.returncode == 0, res.stderr
    assert _cards(runs, json.loads(res.stdout)) == [(1, "serial")] * 2, res.stderr
    refused = run_memeval("check-tasks", str(TASK), "--runs-dir", str(runs), "--concurrency", "0", cwd=tmp_path)
    assert refused.returncode == 2 and "--concurrency" in refused.stderr, refused.stderr
