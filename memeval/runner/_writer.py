"""The run's one log writer: every event of every concurrent trial goes through one thread.

Attempts (in worker threads, or relayed from cluster nodes) and the metering proxy's thread
hand events to `LogWriter.append`; a single thread stamps and writes them to the `RunLog` in
the order they arrive (every event queued while it wrote the last ones together, with one fsync:
group commit, so a burst of 64 calls' events costs one fsync, not 64), so the events of concurrent
trials interleave while each trial's events keep their order (an attempt appends one event at a
time and waits for it to be written). Each written event is folded into the run's `History` before
`append` returns.

The proxy's thread uses `post` instead: it must not wait on the disk while it serves other
trials' calls, and the order of a call against its trial's other events is the order the proxy
saw it. What the log promises is kept: an event `append` returned is on disk, and so is every
event queued before it (a trial's calls, posted as they ended, before its `trial.ended`). A posted
call is not on disk when the agent reads its answer (the proxy logs it after passing the answer
on): a kill -9 in between loses its line, as on main; an attempt whose `trial.ended` is not on
disk is run again by `--resume`.

Once closed (the run wrote its end), `append` refuses at once (`LogClosed`) rather than queue an
event no thread will write: an attempt still running when a stopping run gave up on it (a second
Ctrl-C cut the wait for its worker) waited on its event for good, and Python's exit waited on that
worker, so `memeval ab` never exited after printing "interrupted" (breaker37).
"""

from __future__ import annotations

import queue
import threading
from concurrent.futures import Future
from types import TracebackType
from typing import cast

from memeval.eventlog import Event, RunLog
from memeval.runner._history import History

_STOP = object()

GROUP_EVENTS = 64
"""The most events the writer thread writes with one fsync (`RunLog.append_many`): those queued while it wrote the
last ones. 64 typical events (about 32 KiB) fit many times in the log's reserve (`memeval.eventlog._reserve`)."""


class LogClosed(RuntimeError):
    """An event was handed to a `LogWriter` after `close`: it is not written."""


class LogWriter:
    """A single writer thread in front of a `RunLog`; use as a context manager.

    Args:
        log: the run's log (its own lock stays; this thread is its only caller while open).
        history: folded with every event written.

    `append` raises whatever writing raised (an `OSError` for a full disk, say); an error while
    writing a posted event is kept and raised by the next `append` and by `close`.
    """

    def __init__(self, log: RunLog, history: History) -> None:
        self.log = log
        self.run_dir = log.run_dir
        self.history = history
        self._q: queue.SimpleQueue[object] = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._loop, name="memeval-log-writer", daemon=True)
        self._error: BaseException | None = None
        self._done = threading.Event()
        """Set by the writer thread once it has written everything queued before `close`'s stop."""
        self._closing = threading.Lock()
        self._closed = False
        self._thread.start()

    def append(self, ev: Event) -> Event:
        """Write `ev` (fsynced) and return it as stamped with its `seq` and time.

        Raises:
            LogClosed: the writer was closed (the run ended while the caller ran); nothing written.
            OSError: writing failed (a full disk, say), or a posted event's write did.
        """
        self._raise_posted_error()
        fut: Future[Event] = Future()
        with self._closing:  # an event queued after the stop would never be written, nor its caller let go
            if self._closed:
                raise LogClosed(
                    f"the run's log was closed before {ev.event} of {getattr(ev, 'trial_id', None) or 'the run'} "
                    "was written (the run stopped while it ran; `memeval ab --resume` runs its trial again)"
                )
            self._q.put((ev, fut))
        return fut.result()

    def post(self, ev: Event) -> None:
        """Queue `ev` for writing without waiting for it."""
        self._q.put((ev, None))

    def _raise_posted_error(self) -> None:
        if self._error is not None:
            raise self._error

    def _loop(self) -> None:
        while True:
            group, stop = self._take()
            if group:
                self._write(group)
            if stop:
                self._done.set()
                return

    def _take(self) -> tuple[list[tuple[Event, Future[Event] | None]], bool]:
        """The events queued now, in order, up to `GROUP_EVENTS` (waiting for the first); and whether the stop came."""
        group: list[tuple[Event, Future[Event] | None]] = []
        item = self._q.get()
        while item is not _STOP:
            group.append(cast(tuple[Event, "Future[Event] | None"], item))
            if len(group) >= GROUP_EVENTS:
                return group, False
            try:
                item = self._q.get_nowait()
            except queue.Empty:
                return group, False
        return group, True

    def _write(self, group: list[tuple[Event, Future[Event] | None]]) -> None:
        """Write `group` with one fsync (`RunLog.append_many`), fold it, then let its callers go.

        When the group's write fails, its events are written one at a time as before (each with its own fsync), so
        an event that cannot be written fails alone, with its own error, and the others are written.
        """
        try:
            stamped = self.log.append_many([ev for ev, _ in group])
        except BaseException:  # noqa: BLE001 - nothing was written: each event is tried alone below
            for one in group:
                self._write_one(*one)
            return
        for (_, fut), ev in zip(group, stamped, strict=True):
            self._settle(ev, fut)

    def _write_one(self, ev: Event, fut: Future[Event] | None) -> None:
        try:
            stamped = self.log.append(ev)
        except BaseException as exc:  # noqa: BLE001 - handed to the waiting caller or kept
            self._fail(exc, fut)
            return
        self._settle(stamped, fut)

    def _settle(self, stamped: Event, fut: Future[Event] | None) -> None:
        """Fold a written event into the history, then hand it to its caller (if one waits)."""
        try:
            self.history.fold(stamped)
        except BaseException as exc:  # noqa: BLE001 - handed to the waiting caller or kept
            self._fail(exc, fut)
            return
        if fut is not None:
            fut.set_result(stamped)

    def _fail(self, exc: BaseException, fut: Future[Event] | None) -> None:
        """Hand `exc` to the caller waiting on `fut`, or keep it for the next `append` and `close` (a posted event)."""
        if fut is None:
            self._error = exc
        else:
            fut.set_exception(exc)

    def close(self) -> None:
        """Write everything queued, stop the thread; raise a posted event's write error.

        A Ctrl-C while it waits does not cut the writing short (the thread is a daemon: the process
        would exit with the queue unwritten, the proxy's last calls in it); it is raised once the
        queue is written. The wait is on an event the thread sets, not on `Thread.join`, which a
        KeyboardInterrupt leaves taking a running thread for ended (Python 3.11).

        Raises:
            KeyboardInterrupt: SIGINT came while it waited (after the queue was written).
        """
        interrupted: KeyboardInterrupt | None = None
        with self._closing:
            stop = not self._closed and self._thread.is_alive()
            self._closed = True
            if stop:
                self._q.put(_STOP)
        if stop:
            while not self._done.is_set():
                try:
                    self._done.wait()
                except KeyboardInterrupt as exc:  # raised again below, once every queued event is written
                    interrupted = exc
            self._thread.join()
        if interrupted is not None:
            raise interrupted
        self._raise_posted_error()

    def __enter__(self) -> LogWriter:
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None) -> None:
        if kind is None:
            self.close()
            return
        try:
            self.close()
        except BaseException:  # noqa: BLE001 - the exception already on its way wins
            return
