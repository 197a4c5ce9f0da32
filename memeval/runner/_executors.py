"""Where trials run: the executor seam between the scheduler and the machines.

The scheduler (`memeval.runner._schedule`) decides which attempt runs next and how many at once;
an executor only places attempts. Three are built in, chosen by `memeval ab --executor`:

- `serial`: one attempt at a time, in the calling thread (concurrency 1).
- `local`: up to N attempts at once on this machine, each in a thread of a pool (the work is in
  sandboxed subprocesses and the metering proxy, so threads do not contend for the interpreter).
- `ray`: attempts as Ray tasks on a cluster's nodes (`memeval.runner._ray`, the `memeval[ray]`
  extra).

Every executor sends each attempt's events through the run's one writer and its artifacts into
the run's one store; none of them decides anything about retries or the spend limit.
"""

from __future__ import annotations

import os
import threading
from abc import ABC, abstractmethod
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from memeval.errors import UsageError
from memeval.runner._attempt import ArtifactSink, Attempt, AttemptSpec, EventSink, TrialMeter

ExecutorName = Literal["serial", "local", "ray"]
EXECUTORS: tuple[ExecutorName, ...] = ("serial", "local", "ray")


@dataclass
class SessionContext:
    """What every attempt of one session shares.

    Attributes:
        run_dir: the run folder (attempts work under `run_dir/.work/`).
        log: the run's one writer.
        artifacts: the run's artifact store.
        meter: the run's meter (None with `--network none`).
        cache_dir: where built environments are cached.
        cancel: set when the run is stopping; attempts record `cancelled` and end.
    """

    run_dir: Path
    log: EventSink
    artifacts: ArtifactSink
    meter: TrialMeter | None
    cache_dir: Path
    cancel: threading.Event


class TrialExecutor(ABC):
    """Runs attempts somewhere; the scheduler never knows where.

    Lifecycle: `open(ctx)` once, `submit` any number of times (never more than `concurrency`
    attempts in flight), `stop_all()` when the run is interrupted, `close()` at the end.
    A submitted attempt's future resolves to None once its `trial.ended` is written, or to the
    exception that stopped it (KeyboardInterrupt for a cancelled one, after it was recorded).
    """

    name: ExecutorName
    meters_locally = True
    """Whether the run's metering proxy runs in this process (False: each node runs its own)."""

    def __init__(self, concurrency: int) -> None:
        if concurrency < 1:
            raise UsageError(f"--concurrency must be at least 1, got {concurrency}")
        self.concurrency = concurrency
        self.ctx: SessionContext | None = None

    def open(self, ctx: SessionContext) -> None:
        """Get ready to run the session's attempts."""
        self.ctx = ctx

    @abstractmethod
    def submit(self, spec: AttemptSpec) -> Future[None]:
        """Start one attempt; return a future for its end."""

    def stop_all(self) -> None:
        """Kill every sandbox of this run now (`ctx.cancel` is already set)."""
        assert self.ctx is not None
        kill_run_sandboxes(self.ctx.run_dir / ".work")

    def close(self) -> None:  # noqa: B027 - nothing to release unless an executor took something
        """Release what `open` took (threads, cluster connections)."""

    def _attempt(self, spec: AttemptSpec) -> Attempt:
        ctx = self.ctx
        assert ctx is not None, "open() the executor first"
        return Attempt(
            spec, ctx.run_dir, ctx.log, ctx.artifacts, cache_dir=ctx.cache_dir, meter=ctx.meter, cancel=ctx.cancel
        )


class SerialExecutor(TrialExecutor):
    """One attempt at a time, in the calling thread; a Ctrl-C reaches the attempt directly."""

    name: ExecutorName = "serial"

    def __init__(self, concurrency: int = 1) -> None:
        if concurrency != 1:
            raise UsageError(f"--executor serial runs one trial at a time; got --concurrency {concurrency}")
        super().__init__(1)

    def submit(self, spec: AttemptSpec) -> Future[None]:
        """Run the attempt to its end before returning; KeyboardInterrupt propagates."""
        fut: Future[None] = Future()
        try:
            self._attempt(spec).run()
        except KeyboardInterrupt:
            raise
        except BaseException as exc:  # noqa: BLE001 - handed to the scheduler through the future
            fut.set_exception(exc)
        else:
            fut.set_result(None)
        return fut


class LocalPoolExecutor(TrialExecutor):
    """Up to `concurrency` attempts at once, each in a thread of a pool on this machine."""

    name: ExecutorName = "local"

    def __init__(self, concurrency: int) -> None:
        super().__init__(concurrency)
        self._pool: ThreadPoolExecutor | None = None

    def open(self, ctx: SessionContext) -> None:
        """Start the pool's threads (lazily, as attempts arrive)."""
        super().open(ctx)
        self._pool = ThreadPoolExecutor(self.concurrency, thread_name_prefix="memeval-trial")

    def submit(self, spec: AttemptSpec) -> Future[None]:
        """Queue the attempt on the pool."""
        assert self._pool is not None, "open() the executor first"
        return self._pool.submit(self._run, spec)

    def _run(self, spec: AttemptSpec) -> None:
        self._attempt(spec).run()

    def close(self) -> None:
        """Wait for the pool's threads to end."""
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None


DEFAULT_MAX_CONCURRENCY = 8


def default_concurrency() -> int:
    """`memeval ab`'s default concurrency: twice the usable cores, at most 8 (see README).

    An agent's trial mostly waits on its model provider, so more trials than cores keep the
    machine busy; past about two per core the agents' own work (tools, tests) starts to queue
    for the CPU, which stretches the wall times memeval measures, and a single provider key
    meets its rate limit. Use `--concurrency` to go higher (agents that only wait) or lower.
    """
    try:
        cores = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        cores = os.cpu_count() or 1
    return max(1, min(DEFAULT_MAX_CONCURRENCY, 2 * cores))


def executor_for(name: str | None, concurrency: int) -> ExecutorName:
    """The executor to use when `--executor` is not given: `serial` at concurrency 1, else `local`.

    Raises:
        UsageError: an unknown name.
    """
    if name is None:
        return "serial" if concurrency == 1 else "local"
    if name not in EXECUTORS:
        raise UsageError(f"--executor {name!r}: use {', '.join(EXECUTORS)}")
    return name


def make_executor(name: str, concurrency: int, ray_address: str | None = None) -> TrialExecutor:
    """The executor `memeval ab --executor NAME` asks for.

    Raises:
        UsageError: an unknown name, a concurrency below 1 (or above 1 for `serial`), or `ray`
            without the `memeval[ray]` extra installed.
    """
    if name == "serial":
        return SerialExecutor(concurrency)
    if name == "local":
        return LocalPoolExecutor(concurrency)
    if name == "ray":
        from memeval.runner._ray import RayExecutor

        return RayExecutor(concurrency, ray_address)
    raise UsageError(f"--executor {name!r}: use {', '.join(EXECUTORS)}")


def kill_run_sandboxes(work: Path) -> int:
    """SIGKILL the sandboxes started from a folder under `work`; return how many.

    The sandbox backend knows its own processes (`memeval.sandbox.SandboxBackend.kill_stale`);
    each sandbox's PID namespace takes every process inside it along.
    """
    from memeval.sandbox import get_backend

    return get_backend().kill_stale(work)
