"""The paired runner: start the meter, run every planned trial of both arms, go on with a run after a stop.

The plan (which trials, in which order) and the checks on resuming are `memeval.runner._plan`'s.
"""

from __future__ import annotations

import errno
import fcntl
import os
import shutil
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Protocol

from memeval.errors import MeterError, RunLogError, UsageError
from memeval.eventlog import (
    ArtifactStore,
    FaultRaised,
    PlannedTrial,
    RunEnded,
    RunLog,
    RunPlanned,
)
from memeval.packs import select_slice
from memeval.runner._attemptspec import AttemptSpec
from memeval.runner._backends import make_executor
from memeval.runner._card import host_pins
from memeval.runner._executors import SessionContext
from memeval.runner._history import History
from memeval.runner._phases import StopFlag
from memeval.runner._plan import AbOptions
from memeval.runner._rounds import run_rounds
from memeval.runner._runmeter import RunMeter, logged_spend_usd, open_meter
from memeval.runner._schedule import Progress, RunLimitReached, Scheduler
from memeval.runner._scratch import clear_leftovers, make_scratch
from memeval.runner._scrub import run_scrubber
from memeval.runner._sinks import TrialMeter
from memeval.runner._upstream import UpstreamSpec
from memeval.runner._writer import LogWriter
from memeval.sandbox import get_backend
from memeval.sigint import sigterm_as_interrupt
from memeval.stats import SequentialResult
from memeval.tasks import AGENT_UNPINNED, hash_tree


def execute(
    run_dir: Path,
    opts: AbOptions,
    on_progress: Callable[[Progress], None] | None = None,
    units: Sequence[tuple[str, int]] | None = None,
    on_start: Callable[[str | None], None] | None = None,
) -> str:
    """Run (or go on with) the planned trials of the run in `run_dir`.

    Up to `opts.concurrency` trials run at once on `opts.executor` (see
    `memeval.runner._executors`). A trial already ended is skipped; one started but never ended
    (a crash) or ended `cancelled` (Ctrl-C, SIGTERM) gets a new attempt, the unfinished one kept
    as evidence; a faulted one is retried while the policy allows and `opts.retries` is not used
    up.

    Once the run's known spend reaches `opts.run_budget_usd`, no further trial is started: a
    run-level `budget` fault says how many planned trials were not run, and the run ends
    `cancelled` (resume with a higher limit to go on).

    Args:
        run_dir: the run folder (made by `start_run`).
        opts: the options (checked against the run by `check_resume` when resuming).
        on_progress: told of every trial that starts and every trial that ends.
        units: the (task id, repeat) pairs to run, both arms each; default every planned one.
        on_start: told once this process holds the run (after the lock, so never when another
            process is running it) and before any trial starts: None when there are trials to
            run, else why nothing is left to run (the log is then left as it is).

    Returns:
        The run's status: `completed` or `cancelled` (KeyboardInterrupt and SIGTERM stop every
        running sandbox, record each running trial as a `cancelled` fault and `run.ended`, clean
        up, then re-raise KeyboardInterrupt; the run's spend limit as above).
    """
    with run_lock(run_dir):
        return _execute(run_dir, opts, on_progress, units, on_start or (lambda _why: None))


@contextmanager
def run_lock(run_dir: Path) -> Iterator[None]:
    """Hold the run folder exclusively for one memeval process (an advisory `flock`).

    On entry, whatever a crashed earlier process of this run left behind is cleared: sandboxes
    still running from its `.work/` folder are killed and `.work/` is emptied (it only ever holds
    unfinished attempts; the log keeps their evidence); helper servers it started are stopped and
    its scratch folder is removed (`memeval.runner._scratch`). On exit the scratch folder goes too.

    Raises:
        UsageError: another memeval process is running this run right now.
    """
    run_dir.mkdir(parents=True, exist_ok=True)
    with (run_dir / ".lock").open("a") as f:
        try:
            fcntl.flock(f.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError as exc:
            raise UsageError(
                f"run {run_dir.name} is being run by another memeval process; wait for it to end (or stop it)"
            ) from exc
        get_backend().kill_stale(run_dir / ".work")
        shutil.rmtree(run_dir / ".work", ignore_errors=True)
        clear_leftovers(run_dir)
        try:
            yield
        finally:
            clear_leftovers(run_dir)
            _drop_if_empty(run_dir / ".work")
            fcntl.flock(f.fileno(), fcntl.LOCK_UN)


def _drop_if_empty(folder: Path) -> None:
    """Remove `folder` when nothing is left in it (every attempt removes its own work folder).

    An empty `.work/` stayed in every finished run folder. One that still holds an attempt's folder
    (a sandbox that would not die, a process killed mid-attempt) is kept for the next `--resume`.
    """
    try:
        folder.rmdir()
    except FileNotFoundError:
        return  # no trial ran in this process
    except OSError as exc:
        if exc.errno != errno.ENOTEMPTY:
            raise


def _spec_maker(opts: AbOptions) -> Callable[[PlannedTrial, int], AttemptSpec]:
    items = select_slice(opts.pack, opts.slice_ids)
    secrets = _upstream_secrets(opts)
    # after `check_resume` compared it with the card's: each attempt checks the folder it binds against it
    files_hash = hash_tree(opts.agent.files, AGENT_UNPINNED) if opts.agent.files is not None else None
    program_pins = host_pins(opts.agent)  # its program and `file:` host files, bound live the same way

    def spec_for(pt: PlannedTrial, attempt: int) -> AttemptSpec:
        return AttemptSpec(
            trial_id=pt.trial_id,
            attempt=attempt,
            task=opts.task_set.task(pt.task_id),
            mode=pt.mode,
            agent=opts.agent,
            pack=opts.pack if pt.mode == "pack" else None,
            items=items if pt.mode == "pack" else (),
            model=opts.model,
            network=opts.network,
            retain=opts.retain,
            agent_timeout_s=opts.agent_timeout_s,
            verifier_timeout_s=opts.verifier_timeout_s,
            budget_usd=opts.budget_usd,
            extra_env=opts.extra_env,
            secrets=secrets,
            tamper=opts.tamper,
            reward_key=opts.reward_key,
            # only the APIs with an upstream are exported; with none configured, all (the proxy
            # then answers each call that no upstream is configured)
            upstream_apis=tuple(u.api for u in opts.all_upstreams()) or None,
            default_limits=opts.default_limits,
            agent_files_hash=files_hash,
            agent_host_pins=program_pins,
        )

    return spec_for


def _execute(
    run_dir: Path,
    opts: AbOptions,
    on_progress: Callable[[Progress], None] | None,
    units: Sequence[tuple[str, int]] | None,
    on_start: Callable[[str | None], None],
) -> str:
    log = RunLog(run_dir)
    events = log.read().events
    planned = events[0]
    if not isinstance(planned, RunPlanned):
        raise RunLogError(f"{run_dir}: the log does not start with run.planned")
    spent = logged_spend_usd(log, events)  # the fold's figure; a log it refuses is refused before any trial
    history = History(events)
    ended = [e for e in events if isinstance(e, RunEnded)]
    finished = bool(ended) and ended[-1].status == "completed"
    if finished and not any(history.needs_attempt(t.trial_id, opts.retries) for t in planned.trials):
        # nothing to do: resuming a finished run adds nothing to its log
        on_start("it completed, and every planned trial has ended with none due another attempt")
        return "completed"
    if finished and opts.sequential is not None:
        path = _look(log)
        if path is not None and path.stopped:
            # a sequential run that has decided: its later rounds are not owed
            on_start(f"its sequential test decided ({path.verdict}, {path.reason})")
            return "completed"
    on_start(None)
    executor = make_executor(opts.executor, opts.concurrency, opts.ray_address)
    executor.configure(opts, spent)
    status = "completed"
    message = ""
    with sigterm_as_interrupt(), LogWriter(log, history) as writer:
        try:
            with _meter(run_dir, opts, log, writer, spent, executor.meters_locally) as meter:
                spend: RunSpend | None = meter if isinstance(meter, RunMeter) else getattr(executor, "account", None)
                ctx = SessionContext(run_dir, writer, ArtifactStore(run_dir), meter, opts.cache_dir, StopFlag())
                executor.open(ctx)
                try:
                    sched = Scheduler(
                        planned.trials,
                        executor,
                        history,
                        _spec_maker(opts),
                        retries=opts.retries,
                        limit_reached=spend.run_limit_reached if spend is not None else lambda: False,
                        on_progress=on_progress,
                    )
                    planned_units = units if units is not None else sched.all_units()
                    if opts.sequential is None:
                        sched.run(planned_units)
                    else:
                        path = run_rounds(
                            planned_units,
                            sched.run,
                            lambda: _look(log),
                            task_ids=sorted({t.task_id for t in planned.trials if t.control is None}),
                            looks_per_round=opts.sequential.looks_per_round,
                        )
                        if path is not None and path.stopped:
                            message = f"sequential: {path.verdict} ({path.reason})"
                finally:
                    executor.close()
        except RunLimitReached as exc:
            assert spend is not None
            status = "cancelled"
            message = (
                f"the run's spend limit of {spend.run_budget_usd:g} USD was reached (known spend "
                f"{spend.run_spend_usd():.6f} USD); {exc.not_run} planned trial(s) not run; go on with "
                "a higher --run-budget-usd and memeval ab --resume RUN"
            )
            writer.append(FaultRaised(code="budget", phase="run", message=message))
        except KeyboardInterrupt:
            writer.append(RunEnded(status="cancelled", message="interrupted; go on with: memeval ab --resume RUN"))
            raise
        except MeterError as exc:  # the meter or its upstream did not start: no trial ran, and nobody interrupted it
            # ended as an error, not left `running` (listed `interrupted`, as if someone had stopped it)
            writer.append(FaultRaised(code="provider", phase="run", message=str(exc)))
            writer.append(RunEnded(status="error", message=f"{exc}; fix it and run again"))
            raise
        writer.append(RunEnded(status=status, message=message))
    return status


def _upstream_secrets(opts: AbOptions) -> dict[str, str]:
    """The upstream keys of the run, by variable name, for scrubbing what is stored."""
    out = {}
    for u in opts.all_upstreams():
        if u.key_env and os.environ.get(u.key_env):
            out[u.key_env] = os.environ[u.key_env]
    return out


def _look(log: RunLog) -> SequentialResult | None:
    """The sequential path as the run's projection computes it from the log so far."""
    from memeval.results import load_run

    record = load_run(log.run_dir, use_cache=False).result.sequential
    return record.path if record is not None else None


class RunSpend(Protocol):
    """The run's spend as the scheduler reads it (`RunMeter`, or a cluster's `RunAccount`)."""

    run_budget_usd: float | None

    def run_spend_usd(self) -> float:
        """Known spend so far, USD."""
        ...

    def run_limit_reached(self) -> bool:
        """Whether no further trial may start."""
        ...


@contextmanager
def _meter(
    run_dir: Path, opts: AbOptions, log: RunLog, writer: LogWriter, spent_usd: float, local: bool = True
) -> Iterator[TrialMeter | None]:
    """The run's meter (`memeval.runner._runmeter.open_meter`), or None; `spent_usd` is the log's (`logged_spend_usd`).

    None with `--network none`, or when the executor's nodes run their own (`local` False).
    """
    if opts.network == "none" or not local:
        yield None
        return
    upstreams = opts.all_upstreams() or (UpstreamSpec(),)
    with open_meter(
        log,
        upstreams,
        prices_file=opts.prices_file,
        run_budget_usd=opts.run_budget_usd,
        scratch=make_scratch(run_dir),
        write=writer.post,
        keep_bodies=opts.keep_bodies,
        sandboxes=max(1, opts.concurrency),
        scrub=run_scrubber(_upstream_secrets(opts), opts.extra_env).text,
        spent_before_usd=spent_usd,
    ) as meter:
        yield meter
