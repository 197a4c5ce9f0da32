"""An exception memeval did not expect inside one trial is that trial's `internal` fault; the run goes on (fault25).

Before, any exception a part raised while it ran one attempt (a claim reader, a parse, the meter, the sandbox
backend) went up through the attempt and stopped the whole `memeval ab`: "the run stopped: attempt ... failed in
the harness", every other trial, the other arm's too, `cancelled`. breaker27 fixed two such cases one by one.
Now `Attempt.run` records any of them as the trial's `internal` fault (its message names the exception's type,
text and the line of memeval it came through; standard error shows the traceback once), and the run goes on.

The failing part here is real and registered, as memeval's own parts are: a sandbox backend (`@sandbox_backend`,
chosen with `MEMEVAL_SANDBOX`) that is bubblewrap, except that it raises `ValueError` when it is asked to run a
sandbox of the task whose world holds `.boom`, at the stage `FAULT25_RAISE_AT` names (`build`: a Dockerfile RUN
line; `agent`: the agent's turn; `verify`: the verifier).
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Any

import pytest
from hostile import HostileRig

from memeval.sandbox import SandboxResult, SandboxSpec, sandbox_backend
from memeval.sandbox._bwrap import Bubblewrap

BACKEND = "fault25-raising"
RAISE_AT = "FAULT25_RAISE_AT"
"""`build`, `agent` or `verify`: where the backend raises for the `boom` task (unset: nowhere)."""
BUG = "fault25: a part of memeval failed"


@sandbox_backend(BACKEND)
class RaisingBubblewrap(Bubblewrap):
    """Bubblewrap, but a sandbox of a world holding `.boom` raises `ValueError` at the stage `RAISE_AT` names."""

    name = BACKEND

    def run(self, spec: SandboxSpec, command: Sequence[str], **options: Any) -> SandboxResult:
        stage = "agent" if options.get("boot_report") else "verify" if options.get("exit_report") else "build"
        boom = any((m.host / ".boom").is_file() for m in spec.mounts)
        if boom and os.environ.get(RAISE_AT) == stage:
            raise ValueError(f"{BUG} at the {stage} stage")
        return super().run(spec, command, **options)


SOLVE = "echo 42 > /app/answer.txt\n"
TEST_SH = "if grep -qx 42 /app/answer.txt; then echo 1; else echo 0; fi > /logs/verifier/reward.txt\n"
DOCKERFILE = "WORKDIR /app\nCOPY app/ /app/\nRUN true\n"


def _tasks(hostile: HostileRig) -> None:
    hostile.task("calm", SOLVE, test_sh=TEST_SH, dockerfile=DOCKERFILE)
    hostile.task("boom", SOLVE, test_sh=TEST_SH, dockerfile=DOCKERFILE, files={".boom": ""})


def _by_task(trials: list[dict]) -> dict[str, list[dict]]:
    out: dict[str, list[dict]] = {}
    for t in trials:
        out.setdefault(t["task_id"], []).append(t)
    return out


@pytest.mark.parametrize("stage", ["agent", "verify"])
def test_a_part_raising_in_one_task_faults_its_trials_and_the_run_scores_the_others(
    hostile: HostileRig, monkeypatch: pytest.MonkeyPatch, stage: str
) -> None:
    monkeypatch.setenv("MEMEVAL_SANDBOX", BACKEND)
    monkeypatch.setenv(RAISE_AT, stage)
    _tasks(hostile)
    run = hostile.run("--arms", "both", "--retries", "2", "--concurrency", "2", codes=None)  # both arms raise
    assert "failed in the harness" not in run.err, run.err  # main: the run stopped at the first boom trial
    assert run.code in (0, 1, 3) and run.doc, run.err
    by = _by_task(run.doc["trials"])
    for t in by["calm"]:
        assert t["fault"] is None and (t["verified"], t["reward"]) == (True, 1), t  # scored, not cancelled
    assert len(by["boom"]) == 2
    for t in by["boom"]:
        fault = t["fault"]
        assert fault is not None and fault["code"] == "internal" and fault["phase"] == stage, t
        assert "ValueError (at memeval/" in fault["message"] and f"{BUG} at the {stage} stage" in fault["message"]
        assert t["verified"] is None and t["reward"] is None and t["assessment"] == "unscored", t  # never a zero
        # raised once the agent's turn had begun: not retried, whatever --retries says
        assert t["attempts"] == 1, t
    faults = [e for e in run.events() if e["event"] == "fault.raised"]
    assert sorted(f["code"] for f in faults) == ["internal", "internal"], faults
    assert run.doc["coverage"]["completed_trials"] == 2, run.doc["coverage"]
    # the traceback once, though both arms of `boom` raised it
    assert run.err.count(f"ValueError: {BUG} at the {stage} stage") == 1, run.err
    assert run.err.count("recorded as the trial's `internal` fault") == 1, run.err


def test_a_part_raising_before_the_agent_ran_is_retried_on_resume(
    hostile: HostileRig, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("MEMEVAL_SANDBOX", BACKEND)
    monkeypatch.setenv(RAISE_AT, "build")
    _tasks(hostile)
    first = hostile.run("--arms", "both", "--concurrency", "2", codes=None)
    assert "failed in the harness" not in first.err, first.err  # main: the run stopped at the first boom trial
    assert first.code in (0, 1, 3) and first.doc, first.err  # main: exit 1, the ValueError's traceback
    by = _by_task(first.doc["trials"])
    assert all(t["fault"] is None and t["reward"] == 1 for t in by["calm"]), by["calm"]
    for t in by["boom"]:
        assert t["fault"]["code"] == "internal" and t["fault"]["phase"] == "build", t
        assert t["execution"] == "not_started" and t["attempts"] == 1, t
    # the part mended, `--resume --retries 1` gives the faulted trials (and only them) their retry
    monkeypatch.delenv(RAISE_AT)
    again = hostile.run("--concurrency", "2", "--retries", "1", "--resume", first.doc["run_id"], codes=(0,))
    by = _by_task(again.doc["trials"])
    assert [t["attempts"] for t in by["calm"]] == [1, 1], by["calm"]
    for t in by["boom"]:
        assert t["fault"] is None and (t["attempt"], t["verified"], t["reward"]) == (2, True, 1), t
    started = [e["trial_id"] for e in again.events() if e["event"] == "trial.started"]
    assert sorted(started) == sorted(
        [*(t["trial_id"] for t in first.doc["trials"]), *(t["trial_id"] for t in by["boom"])]
    )
