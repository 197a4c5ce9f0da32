"""`memeval runs` lists a control run (oracle/nop agent: the run card's `agent.control`) as a control.

It showed `unresolved` and p `1` for the oracle run `check-tasks` makes, an A/B verdict a control run
cannot have. Now its verdict cell reads `control`, its p cell is blank, and `--json` (folders and the run
index) gives `verdict` and `p_value` null with `verdict_reason` `control_run`; a real run's row is as it was.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from typer.testing import CliRunner

from memeval.cli import app

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "runlog_v1"


def _row(out: str, key: str) -> list[str]:
    return next(line.split() for line in out.splitlines() if key in line)


def test_a_control_run_is_listed_as_a_control_and_a_real_run_as_before(tmp_path: Path) -> None:
    runs = tmp_path / "runs"
    shutil.copytree(FIXTURES, runs)  # a copy: listing writes each run's projection cache
    for _ in range(2):  # first from the logs, then from the projection caches the first listing wrote
        res = CliRunner().invoke(app, ["runs", "--runs-dir", str(runs)])
        assert res.exit_code == 0, res.output
        control, real = _row(res.stdout, "oracle (control)"), _row(res.stdout, "fernhill-sample-agent")
        assert control[-2:] == ["4/4", "control"], control  # verdict `control`, p blank
        assert real[-3:] == ["2/2", "unresolved", "1"], real
    doc = json.loads(CliRunner().invoke(app, ["runs", "--runs-dir", str(runs), "--json"]).stdout)
    by_agent = {r["agent"]: r for r in doc["runs"]}
    oracle, real_row = by_agent["oracle"], by_agent["fernhill-sample-agent"]
    assert (oracle["control"], oracle["verdict"], oracle["p_value"], oracle["verdict_reason"]) == (
        "oracle", None, None, "control_run")  # fmt: skip
    assert (real_row["verdict"], real_row["p_value"], real_row["verdict_reason"]) == ("unresolved", 1.0, None)
    url = f"sqlite:///{tmp_path / 'index.sqlite'}"
    res = CliRunner().invoke(app, ["runs", "--runs-dir", str(runs), "--index", "--from-index", "--index-url", url])
    assert res.exit_code == 0 and _row(res.stdout, "oracle (control)")[-2:] == ["control", str(runs / "oracle-mini")]
    doc = json.loads(CliRunner().invoke(app, ["runs", "--from-index", "--index-url", url, "--json"]).stdout)
    oracle = next(r for r in doc["runs"] if r["control"])
    assert (oracle["verdict"], oracle["p_value"], oracle["verdict_reason"]) == (None, None, "control_run")
