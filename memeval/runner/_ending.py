"""How an attempt ends when its own course is cut: the run's stop, a full disk, or an exception memeval did not expect.

`memeval.runner._attempt.Attempt` runs an attempt's course (world, agent's turn, verifier); this is the part of it
that records the other endings, each a fault followed by `trial.ended`, and keeps or removes the attempt's world:

- `cancelled`: the run is stopping (Ctrl-C, SIGTERM): `--resume` gives the trial a new attempt.
- a full disk under one of memeval's own writes: the fault `memeval.runner._room.own_write_fault` says.
- `internal`: any other exception, recorded with its type, text and place (`memeval.runner._internal`); the
  run goes on with the other trials.
"""

from __future__ import annotations

import shutil
import threading
from pathlib import Path
from typing import Literal

from memeval.eventlog import FaultRaised, TrialEnded
from memeval.runner._attemptspec import AttemptSpec
from memeval.runner._internal import described, internal_message, say_once
from memeval.runner._lowwater import LOW
from memeval.runner._phases import SIGNAL_STOP, PhaseWaitCancelled, StopFlag
from memeval.runner._room import own_write_fault, wait_for_room
from memeval.runner._scrub import Scrubber
from memeval.runner._sinks import EventSink
from memeval.runner._snapshot import keep_world
from memeval.types import Assessment, FaultCode

Stage = Literal["build", "agent", "verify"]
"""How far an attempt got: `build`, `agent` (its turn started), `verify` (its verifier started)."""


class AttemptEnding:
    """The endings of an `Attempt` other than its own course's (a base class: it holds no state of its own).

    It reads the attempt's `s`, `run_dir`, `work`, `log`, `cancel`, `scrubber`, `stage` and `retaining`.
    """

    s: AttemptSpec
    run_dir: Path
    work: Path
    log: EventSink
    cancel: threading.Event
    scrubber: Scrubber
    stage: Stage
    retaining: bool

    def _fault(self, code: FaultCode, phase: str, message: str, waited_ms: int | None = None) -> Assessment:
        """Record a fault for this trial; a faulted trial is `unscored`.

        `waited_ms`: for a `cancelled` fault, how long the trial had waited at the phases gate when
        the run stopped it there (`PhaseWaitCancelled`).
        """
        message = self.scrubber.text(message)
        self.log.append(
            FaultRaised(trial_id=self.s.trial_id, code=code, phase=phase, message=message, waited_ms=waited_ms)
        )
        return "unscored"

    def _cancelled(self, exc: BaseException) -> None:
        """Record the attempt's end by the run's stop (`cancelled`), keeping its world as for a failure."""
        retained = None
        if self.retaining:  # keeping or removing its world is what was stopped: only remove it
            shutil.rmtree(self.work, ignore_errors=True)
        else:
            retained = self._retain_or_drop(False)
        reason = self.cancel.reason if isinstance(self.cancel, StopFlag) else SIGNAL_STOP
        waited = exc.waited_ms if isinstance(exc, PhaseWaitCancelled) else None  # a wait never recorded else
        self._fault("cancelled", "agent", reason, waited)
        self.log.append(
            TrialEnded(trial_id=self.s.trial_id, attempt=self.s.attempt, assessment="unscored", retained=retained)
        )

    def _own_write_failed(self, exc: OSError, since: float) -> Assessment:
        """One of memeval's own writes for the trial found the disk full: the attempt ends, the run goes on.

        Raises:
            OSError: `exc`, when the disk is still full after `wait_for_room` (or the run is stopping).
        """
        shutil.rmtree(self.work, ignore_errors=True)
        if not wait_for_room(self.run_dir, cancel=self.cancel):
            raise exc
        others = LOW.fillers_since(self.run_dir, since) - {self.s.trial_id}
        self._fault(*own_write_fault(self.stage, others, exc))
        self.log.append(TrialEnded(trial_id=self.s.trial_id, attempt=self.s.attempt, assessment="unscored"))
        return "unscored"

    def _internal(self, exc: Exception) -> Assessment:
        """Record `exc`, which memeval did not expect, as the attempt's `internal` fault; the run goes on.

        The world is kept as for a failure, unless keeping it is what raised (or raises now: said in
        the message); the traceback goes to standard error once per place it is raised from (`say_once`).
        The fault's phase is how far the attempt had got (`stage`), which decides its retry (`fault_rule`).
        """
        s = self.s
        message = internal_message(exc, f"{self.stage} stage" + (", keeping its world" if self.retaining else ""))
        retained = None
        if not self.retaining:
            try:
                retained = self._retain_or_drop(False)
            except Exception as again:  # noqa: BLE001 - said in the fault's message and on standard error
                say_once(again, str(self.run_dir), s.trial_id, self.scrubber.text)
                message += f" (its world was not kept: {described(again)})"
        shutil.rmtree(self.work, ignore_errors=True)
        say_once(exc, str(self.run_dir), s.trial_id, self.scrubber.text)
        self._fault("internal", self.stage, message)
        self.log.append(TrialEnded(trial_id=s.trial_id, attempt=s.attempt, assessment="unscored", retained=retained))
        return "unscored"

    def _retain_or_drop(self, passed: bool) -> str | None:
        """Keep the world the agent left under `worlds/` per the retention setting; return its relative path."""
        keep = self.s.retain == "always" or (self.s.retain == "failed" and not passed)
        rel = f"worlds/{self.s.trial_id.replace(':', '_')}-a{self.s.attempt}" if keep else None
        kept = keep_world(self.work, self.run_dir, rel, self.scrubber)
        shutil.rmtree(self.work, ignore_errors=True)
        return kept
