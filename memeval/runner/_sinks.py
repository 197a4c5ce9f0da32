"""What an attempt writes to and asks of: the run's event log, its artifact store, the metering proxy.

Each is a Protocol, so an attempt runs the same against the run's own log and store, a writer
thread in front of them (`memeval.runner._writer`), or a Ray node's channel back to them
(`memeval.runner._ray_node`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Protocol

from memeval.eventlog import Event
from memeval.types import FaultCode, Role


class EventSink(Protocol):
    """Where an attempt's events go: the run's log, or its writer (`memeval.runner._writer`)."""

    def append(self, ev: Event) -> Event:
        """Record `ev` durably, in order; return it as stamped."""
        ...


class ArtifactSink(Protocol):
    """Where an attempt's artifacts go (`memeval.eventlog.ArtifactStore`, or a relay to it)."""

    def put(self, data: bytes) -> str:
        """Store `data`; return its content id `sha256:<hex>`."""
        ...

    def put_file(self, path: Path) -> str:
        """Store a file's bytes; see `put`."""
        ...


class TrialMeter(Protocol):
    """What an attempt needs of the metering proxy (see `memeval.meter.MeterProxy`)."""

    def register_trial(
        self, trial_id: str, role: Role = "subject", budget_usd: float | None = None, attempt: int | None = None
    ) -> str:
        """Register the trial's attempt `attempt` (1-based) and return its placeholder key.

        Its calls are logged under that attempt, whenever they end.
        """
        ...

    def unregister_trial(self, trial_id: str) -> None: ...

    def budget_exhausted(self, trial_id: str) -> bool: ...

    def harness_failure(self, trial_id: str) -> tuple[FaultCode, str] | None:
        """The fault the trial's model calls make of its turn (`process`, `provider`), or None."""
        ...

    def budget_message(self, trial_id: str) -> str:
        """Which spend limit stopped the trial's calls, for its `budget` fault."""
        ...

    def calls_made(self, trial_id: str) -> int:
        """Model calls the proxy saw from the trial's current registration (refusals included)."""
        ...

    @property
    def unix_socket(self) -> Path: ...
