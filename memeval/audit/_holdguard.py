"""Hold assessments within the CPU budget from any thread: a child process whose main thread keeps it.

The budget (`memeval.hold._budget`) stops a text's assessment with a signal, and Python runs a
signal's handler only in the main thread. The HTTP server (`memeval audit serve`) sanitises each
batch in a thread of its pool, so there `assess_guarded` sends the batch's (text, source) pairs
to one child process, started once per process (spawn, never fork), that loads the default hold
detector and assesses them with `assess_many_budgeted` in its main thread: the same verdicts as
in the server (the same detector, built the same way), and a text over budget is held there
while the child goes on with the next one. The child's CPU is its own, so the budget counts only
that text's work, not the server's other batches.

A batch may also carry a bound for all its texts (`total`, the server's per-request
`MEMEVAL_HOLD_REQUEST_BUDGET_S`): the child stops reading the batch when it has used that much CPU
and holds the texts it did not finish (`_budget.assess_many_budgeted`).

Every wait here is bounded, and a text whose assessment did not come back is held, never stored
unheld:
- **Start.** A new child has `READY_S` of wall time to load the detector and say "ready"; one
  that dies or stays silent (stopped, swapped out, stuck in an import) is killed and the batch is
  sent once more to another fresh child. When that one does not start either, the batch's texts
  are held with the budget's reason.
- **Backstop.** Code that never checks for signals (a native call that does not return) would
  keep the child from answering. When the child has not answered within `backstop_s` of wall
  time (generous: the budget decides every case where the code checks signals), does not take
  the texts (stopped: the send runs in a thread, joined with that limit), or dies while
  assessing, it is killed and the batch's texts are assessed again one by one in a fresh child,
  all of them within one more such allowance; a text that stalls or kills the child alone, or is
  reached after the allowance, is held with the budget's reason.
Each of these is logged as what happened: the guard's pid, whether it died (with its exit code or
signal), stayed silent while loading, or did not answer in time, how many texts it had, and what
became of them (redone, held).

The child ignores SIGINT (the server's Ctrl-C is the server's to handle) and exits within a second
of the server dying (`_workerlife.watch_parent`).
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import signal
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from multiprocessing.connection import Connection
from typing import Any

log = logging.getLogger(__name__)

BACKSTOP_S = 60.0
"""Wall seconds a child may take beyond `BACKSTOP_PER_BUDGET` budgets per text before it is killed."""
BACKSTOP_PER_BUDGET = 10.0
"""Budgets of wall time per text the backstop allows (CPU time under load runs slower than the wall clock)."""
READY_S = 120.0
"""Wall seconds a new child may take to load the detector and say "ready" (about 2 s of CPU; 10-30 s
of wall time on a busy 2-core machine) before it is killed as stuck."""


class GuardFailed(Exception):
    """A guard child did not start: it died or stayed silent while loading. The message says which."""


def _serve(conn: Connection, parent: int) -> None:
    """The child: load the default detector, say "ready", then answer each (items, budget, total) until EOF."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    from memeval.audit._parallel import _WARM_TEXTS
    from memeval.audit._workerlife import watch_parent as _watch_parent

    threading.Thread(target=_watch_parent, args=(parent,), name="memeval-parent-watch", daemon=True).start()
    from memeval.hold import assess_many_budgeted, get_hold_detector

    detector = get_hold_detector()
    assess_many_budgeted(detector, [(t, "agent") for t in _WARM_TEXTS])
    conn.send(("ready", None))
    while True:
        try:
            items, budget, total = conn.recv()
        except EOFError:
            return
        try:
            answer: tuple[str, Any] = ("ok", assess_many_budgeted(detector, items, budget, total))
        except Exception as exc:  # noqa: BLE001  # handed to the server, which raises it
            answer = ("error", exc)
        conn.send(answer)


def _ended(proc: multiprocessing.process.BaseProcess) -> str:
    """How a child that is gone ended: "killed by SIGKILL", "exit code 1" (it is reaped here)."""
    proc.join(timeout=5)
    code = proc.exitcode
    if code is None:
        return "not ended"
    if code < 0:
        try:
            return f"killed by {signal.Signals(-code).name}"
        except ValueError:
            return f"killed by signal {-code}"
    return f"exit code {code}"


class _Child:
    """One started guard process and its end of the pipe.

    `serve` is the child's function (`_serve`: the hold detector; `_redactguard._serve`: the
    redactor), called with its end of the pipe and the server's pid; `label` names it in log lines.

    Raises:
        GuardFailed: it died, or did not say ready within `ready_s` of wall time (then it is killed).
    """

    def __init__(
        self, ready_s: float, serve: Callable[[Connection, int], None] | None = None, label: str = "the hold guard"
    ) -> None:
        ctx = multiprocessing.get_context("spawn")
        self._pusher: threading.Thread | None = None
        self.label = label
        self.conn, theirs = ctx.Pipe()
        name = "memeval-" + label.removeprefix("the ").replace(" ", "-")
        self.proc = ctx.Process(target=serve or _serve, args=(theirs, os.getpid()), name=name, daemon=True)
        self.proc.start()
        theirs.close()
        if not self.conn.poll(ready_s):  # True also at end of file: it died
            self.kill()
            raise GuardFailed(
                f"{self.label} (pid {self.proc.pid}) did not say ready within {ready_s:.0f} s of wall time "
                "while loading: killed"
            )
        try:
            self.conn.recv()  # ("ready", None) once the detector is loaded
        except EOFError:  # it died loading (killed, out of memory, a bad setting): reaped here
            self.conn.close()
            raise GuardFailed(f"{self.label} (pid {self.proc.pid}) died while loading ({_ended(self.proc)})") from None

    def ask(self, items: list[tuple[str, str]], budget: float, total: float | None, wait: float) -> list[Any] | str:
        """The child's assessments of `items`, or what went wrong (a line for the log) when there are none.

        The child is then dead or, after `wait` wall seconds without an answer, still running: the
        caller kills it.

        Raises:
            Exception: what the detector raised in the child (a bad source...).
        """
        pid, n = self.proc.pid, len(items)
        start = time.monotonic()
        refused: list[OSError] = []

        def push() -> None:  # in a thread: a child that does not read (stopped) would block a large send for good
            try:
                self.conn.send((items, budget, total))
            except OSError as exc:  # the pipe's other end is closed: it died (killed, out of memory)
                refused.append(exc)

        self._pusher = threading.Thread(target=push, name="memeval-hold-guard-send", daemon=True)
        self._pusher.start()
        self._pusher.join(max(wait, 0.0))
        if self._pusher.is_alive():
            return f"{self.label} (pid {pid}) did not take {n} text(s) within {wait:.0f} s of wall time: killed"
        if refused:
            return f"{self.label} (pid {pid}) had died before it was sent {n} text(s) ({_ended(self.proc)})"
        if not self.conn.poll(max(wait - (time.monotonic() - start), 0.0)):
            return f"{self.label} (pid {pid}) did not answer within {wait:.0f} s of wall time for {n} text(s): killed"
        try:
            kind, value = self.conn.recv()
        except (OSError, EOFError):
            return f"{self.label} (pid {pid}) died while assessing {n} text(s) ({_ended(self.proc)})"
        if kind == "error":
            raise value
        return list(value)

    def kill(self) -> None:
        """End the child (stuck or dead) and close the pipe (once a send to it has ended: it fails, the child gone)."""
        self.proc.kill()
        self.proc.join()
        if self._pusher is not None:
            self._pusher.join(5)
        self.conn.close()


_LOCK = threading.Lock()
"""One request to the child at a time (the server's threads queue here, as they share one GIL anyway)."""
_CHILD: list[_Child] = []


def warm_guard() -> None:
    """Start the guard child now (a server calls this before it listens, so its first batch does not wait).

    A child that does not start is logged and left: the first batch starts another.

    Raises:
        UsageError: `MEMEVAL_HOLD_BUDGET_S` or `MEMEVAL_HOLD_REQUEST_BUDGET_S` is not a positive
            number (said before the server listens).
    """
    from memeval.hold import budget_seconds, request_budget_seconds

    budget_seconds()
    request_budget_seconds()
    with _LOCK:
        if not _CHILD:
            try:
                _CHILD.append(_Child(READY_S))
            except GuardFailed as exc:
                log.warning("%s; the first batch starts another", exc)


@dataclass(frozen=True)
class _Outcome:
    """What one request to a guard gave: the answers, or why there are none and whether it failed to start."""

    answer: list[Any] | None
    why: str = ""
    start_failed: bool = False


def _ask(items: list[tuple[str, str]], budget: float, total: float | None, wait: float) -> _Outcome:
    """`_Child.ask` on the running child (started if needed); a child that did not answer is killed and forgotten."""
    with _LOCK:
        if not _CHILD:
            try:
                _CHILD.append(_Child(READY_S))
            except GuardFailed as exc:
                return _Outcome(None, str(exc), start_failed=True)
        child = _CHILD[0]
        answer = child.ask(items, budget, total, wait)
        if isinstance(answer, str):
            child.kill()
            _CHILD.clear()
            return _Outcome(None, answer)
        return _Outcome(answer)


def _allowance(budget: float, total: float | None, n: int) -> float:
    """Wall seconds the guard may take for `n` texts: `BACKSTOP_S` + `BACKSTOP_PER_BUDGET` x their CPU bound."""
    cpu = budget * n if total is None else min(budget * n, total)
    return BACKSTOP_S + BACKSTOP_PER_BUDGET * cpu


def assess_guarded(
    detector_name: str, items: Sequence[tuple[str, str]], budget: float, total: float | None = None
) -> list[Any]:
    """The default detector's assessments of `items`, each within `budget` CPU seconds, from any thread.

    Args:
        detector_name: the default detector's name (on a text held here).
        items: (text, source) pairs.
        budget: CPU seconds per text.
        total: CPU seconds for all of `items` (the HTTP batch's bound); None: none.

    Returns:
        One `HoldAssessment` per item, in order (see the module docstring): a text whose assessment
        did not come back is held.

    Raises:
        Exception: what the detector raised (a source it does not know...).
    """
    from memeval.hold import over_budget

    if not items:
        return []
    todo = list(items)
    first = _ask(todo, budget, total, _allowance(budget, total, len(todo)))
    if first.answer is not None:
        return first.answer
    if first.start_failed:  # nothing was read: one more fresh child for the whole batch
        log.warning("%s; its %d text(s) go to another fresh guard", first.why, len(todo))
        again = _ask(todo, budget, total, _allowance(budget, total, len(todo)))
        if again.answer is not None:
            return again.answer
        if again.start_failed:
            log.warning("%s; its %d text(s) are held (cpu-budget), none stored unheld", again.why, len(todo))
            return [over_budget(text, detector_name, budget) for text, _ in todo]
        first = again
    log.warning("%s; its %d text(s) are redone one by one in a fresh guard", first.why, len(todo))
    end = time.monotonic() + _allowance(budget, total, len(todo))
    out: list[Any] = []
    held = 0
    for text, source in todo:
        left = end - time.monotonic()
        one = (
            _Outcome(None, "")
            if left <= 0
            else _ask([(text, source)], budget, total, min(left, _allowance(budget, None, 1)))
        )
        if one.answer is None:
            if one.why:
                log.warning("%s; that text is held (cpu-budget)", one.why)
            held += 1
            out.append(over_budget(text, detector_name, budget))
            if one.start_failed:
                end = 0.0  # no guard starts: the rest are held without waiting again
            continue
        out.append(one.answer[0])
    if held:
        log.warning("the hold guard's redo held %d of %d text(s) (cpu-budget), none stored unheld", held, len(todo))
    return out
