"""`memeval ab --arms baseline|pack`: one arm alone, recorded and shown as such, with no verdict.

Tests that need one arm (the git-config breaker: 35 tasks, each an attack through a real sandbox
and verifier) ran both, 70 trials for 35 answers, because `memeval ab` always planned both. Now
`--arms baseline` plans the cold arm alone; its run card says `modes: baseline`, no verdict is
computed (none printed, `verdict` null in --json, never a pair made up), `results` and the viewer
read it, and `--resume` keeps its arms. Real `memeval ab` processes, real sandboxes. A one-arm run loads none
of the verdict's modules (its core, scipy, statsmodels; start51).
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx
from live_server import LiveServer
from patience import patient
from runner_helpers import REPO, make_task
from typer.testing import CliRunner

from memeval.cli import app
from memeval.results import load_run

MEMEVAL = [sys.executable, "-m", "memeval", "ab"]


def _args(tasks: Path, runs: Path) -> list[str]:
    return [str(tasks), "--network", "none", "--agent", "command", "--agent-cmd", "true", "--runs-dir", str(runs)]


def test_a_one_arm_run_killed_then_resumed_runs_that_arm_alone_and_computes_no_verdict(tmp_path: Path) -> None:
    for name in ("a", "b"):
        make_task(tmp_path / "tasks", name)
    runs = tmp_path / "runs"
    args = _args(tmp_path / "tasks", runs)
    first = subprocess.Popen(  # killed (-9) once planned: --resume must plan nothing new and keep the arm
        [*MEMEVAL, *args, "--arms", "baseline", "--quiet"], cwd=REPO, stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE, start_new_session=True,
    )  # fmt: skip
    try:
        end = time.monotonic() + patient(120)
        while (log := next(runs.glob("*/events.jsonl"), None)) is None or b'"run.planned"' not in log.read_bytes():
            assert first.poll() is None and time.monotonic() < end, first.stderr.read() if first.stderr else ""
            time.sleep(0.05)
    finally:
        if first.poll() is None:
            os.killpg(first.pid, signal.SIGKILL)
        first.wait()
    run_id = log.parent.name
    planned = json.loads(log.read_text().splitlines()[0])
    assert {t["mode"] for t in planned["trials"]} == {"baseline"} and len(planned["trials"]) == 2, planned["trials"]
    assert planned["run_card"]["modes"] == ["baseline"], planned["run_card"]

    again = subprocess.run(  # --arms not given again: the run's own; -X importtime: what it loads (start51)
        [sys.executable, "-X", "importtime", *MEMEVAL[1:], *args, "--json", "--quiet", "--resume", run_id], cwd=REPO,
        capture_output=True, text=True, timeout=patient(300),
    )  # fmt: skip
    assert again.returncode == 0, again.stderr[-3000:]  # a trial was scored: a one-arm run asks no pair
    loaded = {line.rsplit("|", 1)[1].strip() for line in again.stderr.splitlines() if line.startswith("import time:")}
    assert "memeval.results" in loaded, sorted(loaded)[:20]  # it projected the run (its table) in this process
    # no verdict, so none of the verdict's modules (its core loaded on main; numpy is the log reader's too)
    verdicts = loaded & {"memeval.stats._verdict", "memeval.stats._verdictcore", "scipy", "statsmodels"}
    assert not verdicts, verdicts
    doc = json.loads(again.stdout)
    assert doc["status"] == "completed" and doc["verdict"] is None, (doc["status"], doc["verdict"])
    assert sorted((t["task_id"], t["mode"]) for t in doc["trials"]) == [("a", "baseline"), ("b", "baseline")]
    assert all(t["verified"] is True for t in doc["trials"]), doc["trials"]
    assert doc["run_card"]["modes"] == ["baseline"], doc["run_card"]
    assert all(r["pack_scored"] == 0 and r["baseline_scored"] == 1 for r in doc["table"]), doc["table"]

    both = CliRunner().invoke(app, ["ab", *args, "--arms", "both", "--resume", run_id])  # not the run's arms
    assert both.exit_code == 2 and "modes" in both.output, both.output

    shown = CliRunner().invoke(app, ["ab", *args, "--resume", run_id], env={"COLUMNS": "200"})  # nothing left
    text = " ".join(shown.output.split())
    assert shown.exit_code == 0, shown.output
    assert "One-arm run (baseline only, --arms baseline): the other arm was not run, so no verdict" in text, text
    assert "Verdict:" not in text and "modes: baseline" in text, text

    results = CliRunner().invoke(app, ["results", run_id, "--runs-dir", str(runs)], env={"COLUMNS": "200"})
    said = " ".join(results.output.split())
    assert results.exit_code == 0, results.output
    assert "Score, pack: not run (a one-arm run: --arms baseline; no verdict is computed)" in said, said
    assert "Score, baseline: 2/2 scored passed" in said, said

    run = load_run(runs / run_id)
    assert "a one-arm run (baseline only), no verdict" in repr(run), repr(run)
    from memeval.viewer import create_viewer_app

    with LiveServer(create_viewer_app(runs / run_id)) as served:  # what `memeval view` serves
        page = httpx.get(served.url + "/", timeout=patient(30))
    assert page.status_code == 200, page.text[:500]
    seen = " ".join(page.text.split())
    assert "a one-arm run (--arms baseline): the other arm was not run, so no verdict is computed" in seen, seen
    assert "no task was scored in both arms" not in seen, seen


def test_arms_is_refused_with_until_decided_and_for_a_word_it_does_not_know(tmp_path: Path) -> None:
    make_task(tmp_path / "tasks", "a")
    args = _args(tmp_path / "tasks", tmp_path / "runs")
    bad = CliRunner().invoke(app, ["ab", *args, "--arms", "cold"])
    assert bad.exit_code == 2 and "--arms 'cold': use both, baseline or pack" in bad.output, bad.output
    seq = CliRunner().invoke(app, ["ab", *args, "--arms", "pack", "--until-decided"])
    assert seq.exit_code == 2 and "--arms pack with --until-decided" in " ".join(seq.output.split()), seq.output
    assert not (tmp_path / "runs").exists() or not any((tmp_path / "runs").iterdir())
