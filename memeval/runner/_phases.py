"""No agent turn of a task runs while a verifier of that task runs, in this process.

Sandboxes running at once share one kernel, and more of it than their namespaces separate: the
files of the read-only system folders are the same inodes in every sandbox, so one sandbox's
`flock` on `/usr/lib/python3.11/abc.py` is seen by another's `LOCK_NB` attempt (measured: a 7-byte
answer passed whole between two sandboxes, one bit a file), and CPU load and timing are shared
too. A verifier runs the agent's program with `/tests` mounted, so with `--concurrency` the
held-back answer of a task could go, through any such channel, to an agent of the same task
working beside it (the other arm, another repeat) while its turn is still going on. Channels
like these cannot all be closed from inside a sandbox; what the runner can rule out is the
overlap. So per task (its held-back tests' folder) agent turns and verifiers are two groups that
never run at the same time: any number of either, never both. A verifier that is waiting holds
new agent turns of its task back, so a stream of repeats cannot keep it waiting for ever.

A wait is not the trial's work: each context manager yields how long it waited (ms), which the
attempt records on `agent.started` and `verifier.started` (`waited_ms`), and the projection
reports as `physics.phase_wait_ms`, outside `wall_ms`.

What this does not cover: two `memeval ab` processes on one machine running the same task set
at once, and attempts that a Ray node runs in separate worker processes. Run those with
`--concurrency 1` per machine when a task's held-back tests must not leak between trials.
"""

from __future__ import annotations

import threading
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager

_WAKE_S = 0.2
"""How often a waiting attempt looks at its stop flag."""


class PhaseGate:
    """Keeps each task's agent turns and verifiers apart (see the module docstring); thread-safe.

    Keys are any string naming the task (the runner uses its tests folder's resolved path).
    """

    def __init__(self) -> None:
        self._cond = threading.Condition()
        self._agents: Counter[str] = Counter()
        self._verifiers: Counter[str] = Counter()
        self._waiting: Counter[str] = Counter()
        """Verifiers waiting for their task's agent turns to end."""

    def busy(self, key: str) -> tuple[int, int]:
        """(agent turns, verifiers) of `key` running now."""
        with self._cond:
            return self._agents[key], self._verifiers[key]

    def _wait(self, stop: threading.Event) -> None:
        if stop.is_set():
            raise KeyboardInterrupt
        self._cond.wait(_WAKE_S)

    @contextmanager
    def agent(self, key: str, stop: threading.Event) -> Iterator[int]:
        """Hold an agent turn of `key`: waits while a verifier of `key` runs or waits.

        Yields:
            How long it waited for the turn, in whole milliseconds of the monotonic clock
            (taking the lock included; 0 when nothing of `key` was in the way).

        Raises:
            KeyboardInterrupt: `stop` was set while waiting (the run is stopping).
        """
        t0 = time.monotonic_ns()
        with self._cond:
            while self._verifiers[key] or self._waiting[key]:
                self._wait(stop)
            self._agents[key] += 1
        waited = (time.monotonic_ns() - t0) // 1_000_000
        try:
            yield waited
        finally:
            self._leave(self._agents, key)

    @contextmanager
    def verifier(self, key: str, stop: threading.Event) -> Iterator[int]:
        """Hold a verifier run of `key`: waits while an agent turn of `key` runs.

        Yields:
            How long it waited, in whole milliseconds of the monotonic clock (as `agent`).

        Raises:
            KeyboardInterrupt: `stop` was set while waiting (the run is stopping).
        """
        t0 = time.monotonic_ns()
        with self._cond:
            self._waiting[key] += 1
            try:
                while self._agents[key]:
                    self._wait(stop)
            finally:
                self._leave(self._waiting, key, locked=True)
            self._verifiers[key] += 1
        waited = (time.monotonic_ns() - t0) // 1_000_000
        try:
            yield waited
        finally:
            self._leave(self._verifiers, key)

    def _leave(self, counts: Counter[str], key: str, *, locked: bool = False) -> None:
        if not locked:
            with self._cond:
                self._leave(counts, key, locked=True)
            return
        counts[key] -= 1
        if counts[key] <= 0:
            del counts[key]
        self._cond.notify_all()


PHASES = PhaseGate()
"""The process's one gate: every attempt this process runs goes through it."""


__all__ = ["PHASES", "PhaseGate"]
