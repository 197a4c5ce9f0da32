"""The scheduler: which attempt runs next, how many at once, and when to stop.

It is handed (task, repeat) units; each unit is a pair of trials, one per arm, in the order the
plan gives them (the first arm alternates from task to task and repeat to repeat). Trials go to
the executor in that order as slots free up, so both arms of a pair start together when two
slots are free, and one right after the other otherwise; a faulted attempt that the policy
retries goes back to the front of the queue, so its retry runs close in time to its partner.

Callers can call `Scheduler.run` again with the next list of units (rounds of one repeat of
every task, for sequential stopping); the history, counts and executor carry over.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, wait
from dataclasses import dataclass
from typing import Literal

from memeval._cpubudget import env_positive
from memeval.eventlog import PlannedTrial
from memeval.runner._attemptspec import AttemptSpec
from memeval.runner._executors import TrialExecutor
from memeval.runner._history import History
from memeval.runner._phases import SIGNAL_STOP, StopFlag

STOP_GRACE_S = 30.0
"""How long a stopping run waits for its attempts to record their end after their sandboxes were
killed (the sweep repeats meanwhile, in case one was starting a sandbox), by default (s)."""
GRACE_ENV = "MEMEVAL_STOP_GRACE_S"
"""Sets that wait in seconds instead (above 0, at most `MAX_STOP_GRACE_S`), read when the run's scheduler is made:
the suite's test of a second Ctrl-C after the wait wants less than half a minute of it."""
MAX_STOP_GRACE_S = 3600.0
"""The most `MEMEVAL_STOP_GRACE_S` takes: more is a typo, not a wait."""


def stop_grace_s() -> float:
    """Seconds a stopping run waits for its attempts to end: `MEMEVAL_STOP_GRACE_S`, else `STOP_GRACE_S`.

    Raises:
        UsageError: the value is not a number above 0 and at most `MAX_STOP_GRACE_S` (named, with the fix).
    """
    return env_positive(GRACE_ENV, STOP_GRACE_S, MAX_STOP_GRACE_S, "seconds", "a stopping run's wait for its attempts")


@dataclass(frozen=True)
class Progress:
    """One step of progress.

    Attributes:
        done: trials finished so far (including those that had ended before this session).
        total: trials in the run.
        trial_id: the trial this step is about.
        assessment: `started`, `passed`, `failed`, `fault: CODE`, or `ended before this resume`.
        running: the trials running right now.
        kind: `started` (an attempt began) or `ended` (a trial needs no further attempt).
    """

    done: int
    total: int
    trial_id: str
    assessment: str
    running: tuple[str, ...] = ()
    kind: Literal["started", "ended"] = "ended"


class RunLimitReached(Exception):
    """The run's spend limit was reached: no further trial was started."""

    def __init__(self, not_run: int) -> None:
        super().__init__(f"{not_run} planned trial(s) not run")
        self.not_run = not_run


SpecFor = Callable[[PlannedTrial, int], AttemptSpec]


class Scheduler:
    """Runs units of (task, repeat) through an executor, at most `executor.concurrency` at once.

    Args:
        planned: every trial of the run, in plan order.
        executor: an opened executor.
        history: the run's attempt history, kept current by the log's writer.
        spec_for: builds the `AttemptSpec` of a trial's attempt number N.
        retries: `--retries`.
        limit_reached: whether the run's spend limit was reached (checked before each start).
        on_progress: told of every start and every finished trial.

    Raises:
        UsageError: `MEMEVAL_STOP_GRACE_S` is set to no such wait (`stop_grace_s`).
    """

    def __init__(
        self,
        planned: Sequence[PlannedTrial],
        executor: TrialExecutor,
        history: History,
        spec_for: SpecFor,
        *,
        retries: int = 0,
        limit_reached: Callable[[], bool] = lambda: False,
        on_progress: Callable[[Progress], None] | None = None,
    ) -> None:
        self.planned = tuple(planned)
        self.executor = executor
        self.history = history
        self.spec_for = spec_for
        self.retries = retries
        self.limit_reached = limit_reached
        self.on_progress = on_progress
        self.done = 0
        self.total = len(self.planned)
        self._running: dict[Future[None], PlannedTrial] = {}
        self.stop_grace_s = stop_grace_s()

    def trials_of(self, units: Sequence[tuple[str, int]]) -> list[PlannedTrial]:
        """Both arms of each (task id, repeat) unit, units in the order given, arms as planned."""
        by_unit: dict[tuple[str, int], list[PlannedTrial]] = {}
        for pt in self.planned:
            by_unit.setdefault((pt.task_id, pt.repeat), []).append(pt)
        out: list[PlannedTrial] = []
        for u in units:
            out += by_unit.get(u, [])
        return out

    def all_units(self) -> list[tuple[str, int]]:
        """Every (task id, repeat) of the plan, in plan order."""
        seen: dict[tuple[str, int], None] = {}
        for pt in self.planned:
            seen.setdefault((pt.task_id, pt.repeat), None)
        return list(seen)

    def run(self, units: Sequence[tuple[str, int]]) -> None:
        """Run every trial of `units` until none needs another attempt.

        Raises:
            RunLimitReached: the run's spend limit was reached; the attempts already running
                were let finish.
            KeyboardInterrupt: the run was interrupted; every running attempt was stopped and
                recorded `cancelled` first (see `stop`).
            Exception: an attempt failed in the harness itself (a bug); the others were stopped.
        """
        queue = deque(self.trials_of(units))
        limit_hit = False
        try:
            while queue or self._running:
                while queue and len(self._running) < self.executor.concurrency and not limit_hit:
                    pt = queue.popleft()
                    if not self.history.needs_attempt(pt.trial_id, self.retries):
                        self._finished(pt, "ended before this resume")
                        continue
                    if self.limit_reached():
                        queue.appendleft(pt)
                        limit_hit = True
                        break
                    self._start(pt)
                if limit_hit and not self._running:
                    break
                if not self._running:
                    continue
                finished, _ = wait(list(self._running), timeout=0.5, return_when=FIRST_COMPLETED)
                for fut in finished:
                    pt = self._running.pop(fut)
                    exc = fut.exception()
                    if exc is not None:
                        if not isinstance(exc, KeyboardInterrupt):
                            self.stop(
                                f"the run stopped: attempt {pt.trial_id} failed in the harness "
                                f"({type(exc).__name__}: {str(exc)[:300]})"
                            )
                        raise exc
                    if self.history.needs_attempt(pt.trial_id, self.retries):
                        queue.appendleft(pt)
                    else:
                        self._finished(pt, self._assessment(pt))
        except BaseException:
            self.stop()
            raise
        if limit_hit:
            raise RunLimitReached(self.total - self.done)

    def _start(self, pt: PlannedTrial) -> None:
        attempt = self.history.next_attempt(pt.trial_id)
        running = tuple(sorted((*self.running(), pt.trial_id)))
        self._tell(Progress(self.done, self.total, pt.trial_id, "started", running, "started"))
        self._running[self.executor.submit(self.spec_for(pt, attempt))] = pt

    def running(self) -> tuple[str, ...]:
        """Ids of the trials running now, sorted."""
        return tuple(sorted(pt.trial_id for pt in self._running.values()))

    def _assessment(self, pt: PlannedTrial) -> str:
        last = self.history.last(pt.trial_id)
        if last is None:
            return "not run"
        if last.fault:
            return f"fault: {last.fault}"
        return "passed" if last.passed else "failed"

    def _finished(self, pt: PlannedTrial, assessment: str) -> None:
        self.done += 1
        self._tell(Progress(self.done, self.total, pt.trial_id, assessment, self.running()))

    def _tell(self, p: Progress) -> None:
        if self.on_progress is not None:
            self.on_progress(p)

    def stop(self, reason: str = SIGNAL_STOP) -> None:
        """Stop every running attempt and wait for each to record its end (`cancelled`).

        Sets the cancel flag (with `reason`, what the attempts record, if it is a `StopFlag` not
        yet set), then kills the run's sandboxes until every attempt has ended (or
        `self.stop_grace_s` passed: `MEMEVAL_STOP_GRACE_S`, else `STOP_GRACE_S`). A second Ctrl-C
        meanwhile does not cut this short.
        """
        ctx = self.executor.ctx
        if ctx is not None:
            if isinstance(ctx.cancel, StopFlag):
                ctx.cancel.stop(reason)
            else:
                ctx.cancel.set()
        deadline = time.monotonic() + self.stop_grace_s
        while self._running and time.monotonic() < deadline:
            try:
                self.executor.stop_all()
                finished, _ = wait(list(self._running), timeout=0.2)
                for fut in finished:
                    self._running.pop(fut, None)
            except KeyboardInterrupt:
                continue
