"""`memeval ab --upstream ...,key_env=VAR` with VAR not set: exit 2 naming the variable, and no run
folder. The key was read only when the meter started, after the run was planned, so every such typo
left a run folder behind that `memeval runs` listed as `interrupted`."""

from __future__ import annotations

from pathlib import Path

from runner_helpers import MINI


def test_an_unset_upstream_key_variable_plans_no_run(tmp_path: Path, run_ab, monkeypatch) -> None:
    monkeypatch.delenv("MEMEVAL_BREAKER_NO_SUCH_KEY", raising=False)
    code, _, err = run_ab(
        str(MINI), "--tasks", "greet", "--agent", "nop",
        "--upstream", "api=openai,url=http://127.0.0.1:9/v1,key_env=MEMEVAL_BREAKER_NO_SUCH_KEY",
    )  # fmt: skip
    assert code == 2, err
    assert "MEMEVAL_BREAKER_NO_SUCH_KEY" in err and "error" in err
    runs = tmp_path / "runs"
    assert not runs.exists() or list(runs.iterdir()) == []
