"""An executor backend added from one module (tests/runner/toy_executor.py) with one registration
is offered by `memeval ab --executor`, checked before the run, and runs real trials end to end."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from runner_helpers import MINI

from memeval.runner import executor_names, unregister_executor


@pytest.fixture
def toy() -> Iterator[type]:
    from toy_executor import ToyExecutor

    from memeval.runner import register_executor

    register_executor(ToyExecutor)  # the module's decorator did it at first import; again is a no-op
    ToyExecutor.ran.clear()
    yield ToyExecutor
    unregister_executor("toy")


def test_a_registered_toy_executor_runs_real_trials_from_the_cli(toy: type, run_ab) -> None:
    assert executor_names() == ("serial", "local", "ray", "toy")
    code, doc, err = run_ab(
        str(MINI), "--agent", "oracle", "--network", "none", "--executor", "toy", "--concurrency", "2"
    )
    assert code == 0, err
    assert doc["run_card"]["executor"] == "toy" and doc["run_card"]["concurrency"] == 2
    trials = {t["trial_id"]: t for t in doc["trials"]}
    assert sorted(toy.ran) == sorted(trials)  # every trial ran through the toy executor, once
    assert all(t["fault"] is None for t in trials.values())
    assert {t["reward"] for t in trials.values()} == {1.0}  # the oracle's solutions passed the real verifier


def test_a_toy_executors_own_check_and_its_absence_reach_the_cli(toy: type, run_ab, tmp_path) -> None:
    code, _, err = run_ab(str(MINI), "--agent", "nop", "--network", "none", "--executor", "toy", "--concurrency", "5")
    assert code == 2 and "--executor toy runs at most 4 trials at once" in err
    unregister_executor("toy")
    code, _, err = run_ab(str(MINI), "--agent", "nop", "--network", "none", "--executor", "toy")
    assert code == 2 and "--executor 'toy': use serial, local or ray" in err
    assert not (tmp_path / "runs").exists() or not list((tmp_path / "runs").iterdir())
