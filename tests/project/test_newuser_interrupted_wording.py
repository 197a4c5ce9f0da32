"""A trial the user's Ctrl-C stopped is listed as `interrupted`, not as an error or a fault.

A new user who pressed Ctrl-C read `4 errored (4 cancelled)` in `memeval results`, a warning that
every trial "faulted ... fix the cause and re-run them", and `4/28, all faulted: measured nothing`
in `memeval runs` (`"faulted": 4` in its JSON): all of which say the harness or the agent failed,
while nothing failed and `memeval ab --resume` simply runs those trials again. Every listing now
says `interrupted`; the log and a trial's `--json` keep the fault code `cancelled`.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

from interrupted import interrupt_once_started
from typer.testing import CliRunner

from memeval.cli import app
from memeval.results import load_run
from memeval.runreport import build_context

REPO = Path(__file__).resolve().parents[2]


def test_an_interrupted_run_lists_its_trials_as_interrupted(tmp_path: Path) -> None:
    runs = tmp_path / "runs"
    env = {k: v for k, v in os.environ.items() if not k.startswith("MEMEVAL_")}
    env["PYTHONPATH"] = str(REPO)
    cmd = [sys.executable, "-m", "memeval", "ab", str(REPO / "tests/fixtures/tasksets/mini"), "--agent", "command",
           "--agent-cmd", "sleep 60", "--network", "none", "--runs-dir", str(runs), "--quiet"]  # fmt: skip
    interrupt_once_started(cmd, cwd=tmp_path, env=env, runs=runs)
    (run_dir,) = runs.iterdir()
    assert '"code":"cancelled"' in (run_dir / "events.jsonl").read_text()  # the log keeps the code

    cli = CliRunner()
    res = cli.invoke(app, ["results", str(run_dir)])
    assert res.exit_code == 0, res.output
    out = " ".join(res.stdout.split())
    trials = json.loads(cli.invoke(app, ["results", str(run_dir), "--json"]).stdout)["trials"]
    n = sum(t["fault"] == "cancelled" for t in trials)  # `--json` keeps the code
    assert n >= 1, trials
    (outcomes,) = [line for line in res.stdout.splitlines() if line.startswith("Outcomes:")]
    assert outcomes.endswith(f"0 errored, {n} interrupted (--resume runs them again)"), outcomes
    assert "faulted, timed out" not in out, out  # no "fix the cause" warning for the user's own stop
    assert "interrupted: the run was interrupted" in out, out  # the fault cell
    assert "--resume" in out

    listing = cli.invoke(app, ["runs", "--runs-dir", str(runs)])
    assert listing.exit_code == 0, listing.output
    assert f", {n} interrupted" in listing.stdout and "faulted" not in listing.stdout, listing.stdout
    (row,) = json.loads(cli.invoke(app, ["runs", "--runs-dir", str(runs), "--json"]).stdout)["runs"]
    assert (row["faulted"], row["interrupted"]) == (0, n), row

    # compare names an unfinished run and how to finish it (its tasks read only `not_scored`)
    cmp = cli.invoke(app, ["compare", str(run_dir), str(run_dir)])
    assert cmp.exit_code == 0, cmp.output
    said = " ".join(cmp.output.split())
    assert f"is cancelled: {len(trials)} of " in said and f"{n} of them interrupted" in said, said
    assert "--resume" in said and "compare again" in said, said

    # the A/B report's and the viewer's fault list say the same
    faults = build_context(load_run(run_dir)).faults
    assert len(faults) == n and all(": interrupted (" in f and f.endswith("--resume runs it again") for f in faults)
