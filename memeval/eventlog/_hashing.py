"""`_Hasher`: a run log's SHA-256 taken by a helper thread while the reader decodes (split from `_log.py`)."""

from __future__ import annotations

import hashlib
import queue
import threading


class _Hasher:
    """SHA-256 of a log's runs of lines, in order, each hashed by a helper thread while the caller decodes it.

    Hashing releases Python's global lock (for buffers of 2 KiB or more): on a second core a run's
    hash (about 0.7 ms a megabyte) costs a replay no wall time. `start` hands the helper a run,
    `wait` returns once it has been added to `hash` (raising what the helper raised), `close` ends
    the helper. One run at a time: `start` is called again only after `wait`.
    """

    def __init__(self, hash_: hashlib._Hash) -> None:
        self.hash = hash_
        self._todo: queue.SimpleQueue[memoryview | None] = queue.SimpleQueue()
        self._done: queue.SimpleQueue[BaseException | None] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None

    def start(self, run: memoryview) -> None:
        """Hash `run` (after the runs before it) in the helper thread, started on the first run."""
        if self._thread is None:
            self._thread = threading.Thread(target=self._work, name="memeval-log-hash", daemon=True)
            self._thread.start()
        self._todo.put(run)

    def wait(self) -> None:
        """Return once the last run started has been hashed; raise what hashing it raised."""
        failed = self._done.get()
        if failed is not None:
            raise failed

    def close(self) -> None:
        """End the helper thread (after the run it is hashing, if any)."""
        if self._thread is not None:
            self._todo.put(None)
            self._thread = None

    def _work(self) -> None:
        while (run := self._todo.get()) is not None:
            failed: BaseException | None = None
            try:
                self.hash.update(run)
            except BaseException as exc:  # noqa: BLE001 - handed to the reader, which raises it
                failed = exc
            del run  # no reference left to the buffer, which the reader reads into again
            self._done.put(failed)
