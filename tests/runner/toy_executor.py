"""A toy executor backend, whole in this one module: what a maintainer writes to add a backend.

Each attempt runs in a thread of its own (no pool), and the executor notes which trials it ran, so
a test can see that the run went through it. Registered by the test that uses it (the decorator
runs at import; the test unregisters it).
"""

from __future__ import annotations

import threading
from concurrent.futures import Future
from typing import ClassVar

from memeval.errors import UsageError
from memeval.runner import AttemptSpec, TrialExecutor, register_executor


@register_executor
class ToyExecutor(TrialExecutor):
    """A thread per attempt; refuses more than 4 trials at once (to show `check` reaching the CLI)."""

    name: ClassVar[str] = "toy"
    ran: ClassVar[list[str]] = []
    """Trial ids of the attempts every ToyExecutor ran, in the order they ended."""

    @classmethod
    def check(cls, concurrency: int) -> None:
        if concurrency > 4:
            raise UsageError(f"--executor toy runs at most 4 trials at once; got --concurrency {concurrency}")

    def submit(self, spec: AttemptSpec) -> Future[None]:
        fut: Future[None] = Future()

        def run() -> None:
            try:
                self._attempt(spec).run()
            except BaseException as exc:  # noqa: BLE001 - handed to the scheduler through the future
                fut.set_exception(exc)
            else:
                ToyExecutor.ran.append(spec.trial_id)
                fut.set_result(None)

        threading.Thread(target=run, name=f"toy-{spec.trial_id}", daemon=True).start()
        return fut
