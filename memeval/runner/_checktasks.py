"""Control runs for a task set: run `oracle` then `nop` on every task and judge each task (`memeval check-tasks`).

A sound task fails when nothing is done (`nop`) and passes when its own solution runs (`oracle`).
Each control runs as an ordinary paired run (both arms cold, `--network none`), so every task gets
two trials per control and the two run folders stay as evidence.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path
from typing import Final, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from memeval.agents import resolve_agent
from memeval.results import Run, TrialRecord, load_run
from memeval.runner._plan import AbOptions, start_run
from memeval.runner._schedule import Progress
from memeval.runner._session import execute
from memeval.tasks import TaskSet
from memeval.types import Control

TASK_CHECK_SCHEMA: Final = "memeval.task-check/1"
"""`memeval check-tasks --json`'s `schema`, hyphenated like every other memeval JSON document."""
OLD_TASK_CHECK_SCHEMA: Final = "memeval.task_check/1"
"""The name it had before (with an underscore): still read, as the same document, by `TaskCheckReport`."""

Problem = Literal["oracle_fails", "nop_passes", "unscored", "malformed"]
"""Why a task is broken: its solution does not pass, doing nothing passes, a control trial got
no score (a fault or a verifier error), or the task folder cannot be loaded (then no control ran
on it)."""


PER_ARM = "one per arm: each control runs once cold in the baseline arm and once in the pack arm"
"""Why a task's control counts are out of 2: the control runs are A/B runs of one repeat."""


class TaskCheck(BaseModel):
    """One task's controls: how many of each control's scored trials passed.

    Each control runs once in each arm (baseline and pack, both cold, no network), so one task's
    counts are out of 2: `oracle_passes` 2 of `oracle_scored` 2 is one pass per arm, not two tasks.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    task_id: str
    oracle_passes: int = Field(description=f"The oracle's scored trials that passed ({PER_ARM}).")
    oracle_scored: int = Field(description="The oracle's trials the verifier scored: 2 when both arms were scored.")
    oracle_trials: int = Field(description="The oracle's trials of the task: 2, one per arm.")
    nop_passes: int = Field(description=f"nop's scored trials that passed ({PER_ARM}).")
    nop_scored: int = Field(description="nop's trials the verifier scored: 2 when both arms were scored.")
    nop_trials: int = Field(description="nop's trials of the task: 2, one per arm.")
    problems: tuple[Problem, ...]
    details: tuple[str, ...]
    """A sentence per problem, naming the trial and what happened."""


class TaskCheckReport(BaseModel):
    """`memeval check-tasks --json`."""

    model_config = ConfigDict(frozen=True, extra="forbid", populate_by_name=True)

    schema_: Literal["memeval.task-check/1", "memeval.task_check/1"] = Field(default=TASK_CHECK_SCHEMA, alias="schema")
    """Written as `TASK_CHECK_SCHEMA`; the old name is read (and listed in the JSON Schema) for older documents."""
    schema_version: int = 1
    task_set: str
    oracle_run: str | None
    """The oracle control run's id; None when no task could be loaded."""
    nop_run: str | None
    tasks: tuple[TaskCheck, ...]

    @field_validator("schema_", mode="before")
    @classmethod
    def _old_name(cls, value: object) -> object:
        """A document written under the old name (`memeval.task_check/1`) reads as the same document."""
        return TASK_CHECK_SCHEMA if value == OLD_TASK_CHECK_SCHEMA else value

    @property
    def broken(self) -> tuple[TaskCheck, ...]:
        """Tasks with at least one problem."""
        return tuple(t for t in self.tasks if t.problems)


def _control_run(
    task_set: TaskSet,
    control: Control,
    runs_dir: Path,
    timeout_s: float | None,
    on_progress: Callable[[Control, Progress], None] | None,
    concurrency: int,
) -> Run:
    opts = AbOptions(
        task_set=task_set,
        agent=resolve_agent(control),
        network="none",
        retain="never",
        runs_dir=runs_dir,
        agent_timeout_s=timeout_s,
        concurrency=concurrency,
        executor="serial" if concurrency == 1 else "local",
    )
    run_dir = start_run(opts)
    execute(run_dir, opts, None if on_progress is None else partial(on_progress, control))
    return load_run(run_dir)


def check_tasks(
    task_set: TaskSet | None,
    runs_dir: Path,
    agent_timeout_s: float | None = None,
    on_progress: Callable[[Control, Progress], None] | None = None,
    malformed: Sequence[tuple[str, str]] = (),
    name: str | None = None,
    concurrency: int = 1,
) -> TaskCheckReport:
    """Run `oracle` then `nop` on every task of `task_set` with no network, and judge each task.

    Args:
        task_set: the loadable tasks (from `memeval.tasks.load_task_set_listing_invalid`); None
            when none could be loaded.
        runs_dir: where the two control runs are written.
        agent_timeout_s: the agents' turn budget (default: each task's own).
        on_progress: called with the control (`oracle`, then `nop`) at every step of its run (an
            attempt started, a trial ended), as `memeval.runner.execute` calls its own.
        malformed: (task folder name, why it cannot be loaded) for each task set aside; each is
            listed as broken with the problem `malformed`, after the checked tasks.
        name: the task set's name when `task_set` is None.
        concurrency: trials of a control run at once (1: one at a time, `serial`; more: the `local`
            pool, as `memeval ab --concurrency`); the oracle's run still ends before nop's starts.

    Returns:
        One `TaskCheck` per task, in task-set order, then the malformed ones.

    Raises:
        KeyboardInterrupt: passed on after the run records its cancellation.
    """
    bad = [
        TaskCheck(
            task_id=task_id,
            oracle_passes=0,
            oracle_scored=0,
            oracle_trials=0,
            nop_passes=0,
            nop_scored=0,
            nop_trials=0,
            problems=("malformed",),
            details=(f"the task cannot be loaded, so no control ran on it: {why}",),
        )
        for task_id, why in malformed
    ]
    if task_set is None:
        return TaskCheckReport(task_set=name or "unknown", oracle_run=None, nop_run=None, tasks=tuple(bad))
    oracle = _control_run(task_set, "oracle", runs_dir, agent_timeout_s, on_progress, concurrency)
    nop = _control_run(task_set, "nop", runs_dir, agent_timeout_s, on_progress, concurrency)
    checks = []
    for t in task_set.tasks:
        problems: list[Problem] = []
        details: list[str] = []
        counts = {}
        for name, run in (("oracle", oracle), ("nop", nop)):
            recs = [r for r in run.result.trials if r.task_id == t.task_id]
            scored = [r for r in recs if r.fault is None and r.assessment == "scored"]
            passes = [r for r in scored if r.verified]
            counts[name] = (len(passes), len(scored), len(recs))
            for r in recs:
                if r.fault is not None or r.assessment != "scored":
                    why = f"fault {r.fault.code}: {r.fault.message}" if r.fault else f"assessment {r.assessment}"
                    details.append(f"{name} trial {r.trial_id} was not scored ({why})")
                    if "unscored" not in problems:
                        problems.append("unscored")
            if name == "oracle" and len(passes) < len(scored):
                problems.append("oracle_fails")
                failed = [r for r in scored if not r.verified]
                details.append(
                    f"the solution (oracle) failed {len(failed)} of {len(scored)} scored trials: "
                    + _why_oracle_failed(failed, agent_timeout_s, t.config.agent.timeout_sec, run.result.run_id)
                )
            if name == "nop" and passes:
                problems.append("nop_passes")
                details.append(
                    f"doing nothing (nop) passed {len(passes)} of {len(scored)} scored trials: "
                    "the tests do not check the work"
                )
        checks.append(
            TaskCheck(
                task_id=t.task_id,
                oracle_passes=counts["oracle"][0],
                oracle_scored=counts["oracle"][1],
                oracle_trials=counts["oracle"][2],
                nop_passes=counts["nop"][0],
                nop_scored=counts["nop"][1],
                nop_trials=counts["nop"][2],
                problems=tuple(problems),
                details=tuple(details),
            )
        )
    return TaskCheckReport(
        task_set=f"{task_set.name}@{task_set.version}",
        oracle_run=oracle.result.run_id,
        nop_run=nop.result.run_id,
        tasks=(*checks, *bad),
    )


def _why_oracle_failed(failed: Sequence[TrialRecord], given_s: float | None, task_s: float, run_id: str) -> str:
    """What a failing oracle's trials say about the cause, for `check-tasks`' detail line.

    A solve.sh that ran out of the agent's time or exited non-zero (`execution` `timed_out`, `errored`)
    never finished its work, so the tests' verdict says nothing about them: the line says so and names the
    limit (`given_s`, check-tasks' --agent-timeout, else the task's `task_s`, in seconds) or the exit, where
    it used to blame "the tests or solution/solve.sh" alike (a 3 s limit on a solve.sh that sleeps read as a
    wrong test). A failed trial whose solve.sh ran to its end is the tests' verdict on a finished solution.
    """
    timed_out = sum(1 for r in failed if r.execution == "timed_out")
    errored = [r for r in failed if r.execution == "errored"]
    said = []
    if timed_out:
        fix = (
            f"pass a larger --agent-timeout than {given_s:g}"
            if given_s
            else f"raise [agent] timeout_sec ({task_s:g}) in task.toml, or pass --agent-timeout,"
        )
        said.append(
            f"{timed_out} ran out of the agent's time ({given_s or task_s:g} s) before solve.sh finished: "
            f"{fix} if the solution needs longer"
        )
    if errored:
        reasons = sorted({r.execution_reason for r in errored if r.execution_reason})
        said.append(
            f"{len(errored)} ended with solve.sh failing"
            + (f" ({'; '.join(reasons)})" if reasons else " (a non-zero exit)")
            + f": its output is in `memeval view {run_id}`"
        )
    if timed_out + len(errored) < len(failed):
        said.append("solve.sh ran to its end and the tests failed it: the tests or solution/solve.sh are wrong")
    return "; ".join(said)


def broken_lines(report: TaskCheckReport) -> Sequence[str]:
    """One line per broken task: `task-id: oracle_fails, unscored`."""
    return [f"{t.task_id}: {', '.join(t.problems)}" for t in report.broken]
