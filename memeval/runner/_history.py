"""The attempt history of a run, folded event by event as the log is written.

The scheduler asks it, for each planned trial, whether another attempt is due and what its
number is. It is built once from the log when a session starts, then kept current by the log's
writer (`memeval.runner._writer.LogWriter`), so nothing re-reads the log per trial.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable
from dataclasses import dataclass

from memeval.eventlog import AgentExited, CheckRecorded, Event, FaultRaised, TrialEnded, TrialStarted
from memeval.runner._policy import fault_rule
from memeval.types import FaultCode


@dataclass(frozen=True)
class AttemptState:
    """One attempt at a trial as the log tells it.

    Attributes:
        attempt: its number (1 for the first).
        ended: whether its `trial.ended` was written (False: it was cut off by a crash).
        fault: the fault code it ended with, if any.
        assessment: its `trial.ended` assessment (None while not ended).
        passed: whether its held-back tests passed.
        agent_started: whether its agent's turn ran (an `agent.exited` other than `not_started`).
        fault_phase: the phase of its fault (`build`, `agent`, `verify`), if any.
    """

    attempt: int
    ended: bool
    fault: FaultCode | None = None
    assessment: str | None = None
    passed: bool = False
    agent_started: bool = False
    fault_phase: str | None = None


def _counts_as_try(a: AttemptState) -> bool:
    """Whether an attempt used up one of `--retries`: it ended, and not by an interrupt."""
    return a.ended and a.fault != "cancelled"


class History:
    """Attempts per trial, folded incrementally (thread-safe).

    Retry rule: a trial needs another attempt when it has none yet; when its last attempt never
    ended (a crash or `kill -9`) or was `cancelled` (Ctrl-C, SIGTERM), since resuming completes
    it, and neither uses up a retry; or when its last attempt faulted with a fault the policy
    retries (`fault_rule`: `FAULT_POLICY`, but not a `boot` fault raised after the agent ran, nor an
    `internal` one raised once its turn had begun) and
    fewer than `retries` retries were used.
    """

    def __init__(self, events: Iterable[Event] = ()) -> None:
        self._lock = threading.Lock()
        self._by_trial: dict[str, list[AttemptState]] = {}
        self._fault: dict[str, tuple[FaultCode, str]] = {}
        self._passed: dict[str, bool] = {}
        self._started: dict[str, bool] = {}
        for ev in events:
            self.fold(ev)

    def fold(self, ev: Event) -> None:
        """Take one event, in log order, into the history."""
        if isinstance(ev, TrialStarted):
            with self._lock:
                self._by_trial.setdefault(ev.trial_id, []).append(AttemptState(ev.attempt, False))
                self._fault.pop(ev.trial_id, None)
                self._passed.pop(ev.trial_id, None)
                self._started.pop(ev.trial_id, None)
        elif isinstance(ev, AgentExited):
            with self._lock:
                self._started[ev.trial_id] = ev.execution != "not_started"
        elif isinstance(ev, CheckRecorded):
            with self._lock:
                self._passed[ev.trial_id] = ev.passed
        elif isinstance(ev, FaultRaised) and ev.trial_id:
            with self._lock:
                self._fault[ev.trial_id] = (ev.code, ev.phase)
        elif isinstance(ev, TrialEnded):
            with self._lock:
                lst = self._by_trial.get(ev.trial_id)
                if lst:
                    fault, phase = self._fault.pop(ev.trial_id, (None, None))
                    passed, started = self._passed.pop(ev.trial_id, False), self._started.pop(ev.trial_id, False)
                    lst[-1] = AttemptState(ev.attempt, True, fault, ev.assessment, passed, started, phase)

    def attempts(self, trial_id: str) -> tuple[AttemptState, ...]:
        """The trial's attempts so far, oldest first."""
        with self._lock:
            return tuple(self._by_trial.get(trial_id, ()))

    def last(self, trial_id: str) -> AttemptState | None:
        """The trial's latest attempt, or None."""
        with self._lock:
            lst = self._by_trial.get(trial_id)
            return lst[-1] if lst else None

    def next_attempt(self, trial_id: str) -> int:
        """The number the trial's next attempt gets (every attempt, ended or not, is kept)."""
        with self._lock:
            return len(self._by_trial.get(trial_id, ())) + 1

    def needs_attempt(self, trial_id: str, retries: int) -> bool:
        """Whether `trial_id` is due another attempt under `retries` (see the class's rule)."""
        hist = self.attempts(trial_id)
        if not hist:
            return True
        last = hist[-1]
        if not last.ended or last.fault == "cancelled":
            return True
        if last.fault is None or not fault_rule(last.fault, last.agent_started, last.fault_phase or "build").retried:
            return False
        retried = sum(1 for a in hist if _counts_as_try(a)) - 1
        return retried < retries
