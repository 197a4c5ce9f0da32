"""Where trials run: the executor seam between the scheduler and the machines.

The scheduler (`memeval.runner._schedule`) decides which attempt runs next and how many at once;
an executor only places attempts. Executors are registered (`memeval.runner._backends`: a
`TrialExecutor` subclass with its `name`, listed there or added with `register_executor`), and
`memeval ab --executor NAME` chooses among the registered ones. Three are built in:

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
from abc import ABC, abstractmethod
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from memeval.errors import UsageError
from memeval.runner._attempt import Attempt
from memeval.runner._attemptspec import AttemptSpec
from memeval.runner._phases import StopFlag
from memeval.runner._sinks import ArtifactSink, EventSink, TrialMeter

if TYPE_CHECKING:
    from memeval.runner._plan import AbOptions

ExecutorName = str
"""A registered executor's name (`serial`, `local`, `ray`, ...; see `memeval.runner._backends`)."""


@dataclass
class SessionContext:
    """What every attempt of one session shares.

    Attributes:
        run_dir: the run folder (attempts work under `run_dir/.work/`).
        log: the run's one writer.
        artifacts: the run's artifact store.
        meter: the run's meter (None with `--network none`).
        cache_dir: where built environments are cached.
        cancel: set when the run is stopping; attempts record `cancelled` (with its reason) and end.
    """

    run_dir: Path
    log: EventSink
    artifacts: ArtifactSink
    meter: TrialMeter | None
    cache_dir: Path
    cancel: StopFlag


class TrialExecutor(ABC):
    """Runs attempts somewhere; the scheduler never knows where.

    Lifecycle: `open(ctx)` once, `submit` any number of times (never more than `concurrency`
    attempts in flight), `stop_all()` when the run is interrupted, `close()` at the end.
    A submitted attempt's future resolves to None once its `trial.ended` is written, or to the
    exception that stopped it (KeyboardInterrupt for a cancelled one, after it was recorded).
    """

    name: ClassVar[ExecutorName]
    """What `--executor` calls it; unique among the registered executors."""
    meters_locally: ClassVar[bool] = True
    """Whether the run's metering proxy runs in this process (False: each node runs its own)."""

    @classmethod  # noqa: B027 - most executors can run any concurrency: nothing to check
    def check(cls, concurrency: int) -> None:
        """Refuse, before the run's folder is made, a choice that cannot run (default: none).

        Raises:
            UsageError: naming what is wrong and the fix.
        """

    @classmethod
    def create(cls, concurrency: int, ray_address: str | None = None) -> TrialExecutor:
        """Make the executor for a run of `concurrency` trials at once (`ray_address`: Ray's only).

        Raises:
            UsageError: a concurrency the executor cannot run.
        """
        return cls(concurrency)

    def __init__(self, concurrency: int) -> None:
        if concurrency < 1:
            raise UsageError(f"--concurrency must be at least 1, got {concurrency}")
        self.concurrency = concurrency
        self.ctx: SessionContext | None = None

    def configure(self, opts: AbOptions, spent_before_usd: float) -> None:  # noqa: B027 - only some need the options
        """Take the run's options and known spend before `open`; default: nothing.

        An executor that meters remotely (`meters_locally` False) packs the run for its nodes and
        holds the run's spend limit itself.
        """

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

    name = "serial"

    @classmethod
    def check(cls, concurrency: int) -> None:
        """One trial at a time only.

        Raises:
            UsageError: a concurrency above 1.
        """
        if concurrency != 1:
            raise UsageError(f"--executor serial runs one trial at a time; got --concurrency {concurrency}")

    def __init__(self, concurrency: int = 1) -> None:
        self.check(concurrency)
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

    name = "local"

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


def kill_run_sandboxes(work: Path) -> int:
    """SIGKILL the sandboxes started from a folder under `work`; return how many.

    The sandbox backend knows its own processes (`memeval.sandbox.SandboxBackend.kill_stale`);
    each sandbox's PID namespace takes every process inside it along.
    """
    from memeval.sandbox import get_backend

    return get_backend().kill_stale(work)
