"""A team folder naming a program that is not there is refused before the run (newuser33).

On main a `memeval.toml` whose `[ab.upstream] command` names a missing program made a run folder
and ended with exit 1 ("could not start the scripted upstream"), and an `agent.toml` whose
`command` names a missing program ran every trial as a `boot` fault (exit 3, a run measuring
nothing). Both are now refused while the run is planned: exit 2, the program named, no run folder.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from runner_helpers import REPO, RunAb
from typer.testing import CliRunner

from memeval.cli import app

MISSING = "memeval-no-such-program-33"


@pytest.mark.parametrize(
    ("file", "line", "needle"),
    [
        (
            "memeval.toml",
            'command = ["python3", "model/scripted_server.py", "--port-file", "{port_file}"]',
            f"the scripted upstream's program '{MISSING}' is not found (not on PATH)",
        ),
        ("agent/agent.toml", 'command = ["python3", "/opt/agent/agent.py"]', f"program '{MISSING}' is not installed"),
    ],
)
def test_a_missing_program_in_a_team_folder_is_refused_before_the_run(
    tmp_path: Path, run_ab: RunAb, file: str, line: str, needle: str
) -> None:
    team = tmp_path / "fernhill"
    shutil.copytree(REPO / "samples" / "fernhill", team)
    text = (team / file).read_text()
    assert line in text
    (team / file).write_text(text.replace(line, f'command = ["{MISSING}"]'))
    code, _, err = run_ab(str(team), "--tasks", "t01-thursday-order-arrival")
    assert code == 2, err
    assert needle in err, err
    assert not (tmp_path / "runs").exists() or list((tmp_path / "runs").iterdir()) == []


def test_a_run_whose_upstream_does_not_start_ends_as_an_error_not_interrupted(tmp_path: Path, run_ab: RunAb) -> None:
    """The program is there but exits before it serves: the run folder is made (the meter starts with the run), and
    on main it was left `running`, listed `interrupted` as if someone had stopped it, with no word of why."""
    team = tmp_path / "fernhill"
    shutil.copytree(REPO / "samples" / "fernhill", team)
    toml = team / "memeval.toml"
    line = 'command = ["python3", "model/scripted_server.py", "--port-file", "{port_file}"]'
    toml.write_text(toml.read_text().replace(line, 'command = ["python3", "-c", "raise SystemExit(3)"]'))
    code, _, err = run_ab(str(team), "--tasks", "t01-thursday-order-arrival")
    assert code == 1 and "did not write its port" in err, err
    out = CliRunner().invoke(app, ["runs", "--runs-dir", str(tmp_path / "runs"), "--json"]).stdout
    (row,) = json.loads(out)["runs"]
    assert row["status"] == "error", row
    res = CliRunner().invoke(app, ["results", row["run_id"], "--runs-dir", str(tmp_path / "runs")])
    assert (
        "run ended with an error" in res.stderr + res.stdout and "run fault provider (run)" in res.stderr + res.stdout
    )
