"""The paired runner: plan a run, start the meter, run every trial of both arms, resume a run.

Arms are interleaved task by task, and which arm goes first alternates, so that drift in the
provider or the machine over a run falls on both arms alike.
"""

from __future__ import annotations

import fcntl
import os
import secrets
import shutil
import signal
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Protocol

from memeval.agents import AgentSpec
from memeval.errors import RunCardMismatch, RunLogError, UsageError
from memeval.eventlog import (
    ArtifactStore,
    FaultRaised,
    PlannedTrial,
    RunCard,
    RunEnded,
    RunLog,
    RunPlanned,
)
from memeval.packs import Pack, select_slice
from memeval.runner._attempt import AttemptSpec, StopFlag, TrialMeter
from memeval.runner._backends import make_executor
from memeval.runner._card import (
    agent_identity,
    arm_card,
    build_manifest,
    card_differences,
    check_pairable,
    env_hash,
    sha256_json,
)
from memeval.runner._diff import tree_stats
from memeval.runner._executors import SessionContext
from memeval.runner._history import History
from memeval.runner._rounds import run_rounds
from memeval.runner._runmeter import RunMeter, check_agent_upstreams, logged_spend_usd, open_meter
from memeval.runner._schedule import Progress, RunLimitReached, Scheduler
from memeval.runner._scratch import clear_leftovers, make_scratch
from memeval.runner._upstream import UpstreamSpec
from memeval.runner._writer import LogWriter
from memeval.sandbox import DefaultLimits, get_backend, limits_mechanism
from memeval.stats import SequentialDesign, SequentialResult
from memeval.tasks import TaskSet
from memeval.types import MODES, Mode, NetworkMode, Retain, TamperPolicy

_CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"


def new_run_id(now: datetime | None = None) -> str:
    """A ULID-style id: 10 characters of milliseconds, 16 of randomness (Crockford base32)."""
    ms = int((now or datetime.now(UTC)).timestamp() * 1000)
    n = (ms << 80) | secrets.randbits(80)
    return "".join(_CROCKFORD[(n >> (5 * i)) & 31] for i in reversed(range(26)))


@dataclass
class AbOptions:
    """Everything `memeval ab` was asked to do. See the CLI help for each option.

    `upstream` and `extra_upstreams` give at most one upstream per API (one run can forward both
    OpenAI and Anthropic calls); `run_budget_usd` is the run's spend limit in USD (see
    `memeval.runner._runmeter`).
    """

    task_set: TaskSet
    agent: AgentSpec
    pack: Pack | None = None
    slice_ids: list[str] | None = None
    repeats: int = 1
    model: str | None = None
    upstream: UpstreamSpec | None = None
    prices_file: Path | None = None
    network: NetworkMode = "proxy"
    retain: Retain = "failed"
    agent_timeout_s: float | None = None
    verifier_timeout_s: float | None = None
    budget_usd: float | None = None
    run_budget_usd: float | None = None
    extra_upstreams: tuple[UpstreamSpec, ...] = ()
    retries: int = 0
    reward_key: str | None = None
    extra_env: dict[str, str] = field(default_factory=dict)
    runs_dir: Path = Path("runs")
    cache_dir: Path = Path.home() / ".cache" / "memeval"
    seed: int = 20240601
    tamper: TamperPolicy = "flag"
    concurrency: int = 1
    """Trials run at once (see `memeval.runner._executors`); recorded on the run card."""
    executor: str = "serial"
    """`serial`, `local` or `ray`."""
    ray_address: str | None = None
    """The Ray cluster to join with `executor="ray"` (None: `RAY_ADDRESS`, else a local one)."""
    sequential: SequentialDesign | None = None
    """With `--until-decided`: run round by round and stop when this design decides; `repeats`
    must equal its `max_rounds` (see `memeval.runner._rounds`)."""
    keep_bodies: bool = True
    """Keep every model call's request and response bodies (redacted) as artifacts of its trial."""
    default_limits: DefaultLimits = field(default_factory=DefaultLimits)
    """Storage and memory limits for tasks whose task.toml names none (`--default-storage-mb`,
    `--default-memory-mb`); recorded on the run card."""

    def all_upstreams(self) -> tuple[UpstreamSpec, ...]:
        """`upstream` (if set) followed by `extra_upstreams`."""
        return ((self.upstream,) if self.upstream else ()) + self.extra_upstreams


def run_card(opts: AbOptions) -> RunCard:
    """The run card both arms share, built from the options."""
    a = opts.agent
    return RunCard(
        model=opts.model,
        upstream=_upstream_label(opts),
        task_set={"name": opts.task_set.name, "version": opts.task_set.version, "hash": opts.task_set.content_hash},
        checked_by="held-back tests (tests/test.sh) run after the agent's turn, level L2v",
        tools_allowed=a.tools or ("agent's own",),
        agent={
            "name": a.name,
            "version": a.version,
            "control": a.control or "",
            **agent_identity(a),
            **({"mounts": "; ".join(a.mounts)} if a.mounts else {}),
        },
        timeouts={
            "agent_s": str(opts.agent_timeout_s or "per task"),
            "verifier_s": str(opts.verifier_timeout_s or "per task"),
        },
        environment_hash=env_hash(opts.extra_env),
        network=opts.network,
        repeats=opts.repeats,
        budget_usd=opts.budget_usd,
        sandbox=get_backend().describe(),
        tamper=opts.tamper,
        reward_key=opts.reward_key,
        concurrency=opts.concurrency,
        executor=opts.executor,
        sequential=opts.sequential.model_dump(mode="json") if opts.sequential else None,
        **({"default_limits": d} if (d := opts.default_limits.card(limits_mechanism())) else {}),
    )


def _upstream_label(opts: AbOptions) -> str:
    if not opts.extra_upstreams:
        return opts.upstream.label() if opts.upstream else "none"
    return "; ".join(f"{u.api}: {u.label()}" for u in opts.all_upstreams())


MAX_PLANNED_TRIALS = 200_000
"""Most trials one run may plan (tasks x 2 modes x repeats): the plan is one event held in memory,
and a typo such as `--repeats 100000000` used to fill the machine's memory before any output."""


def plan_trials(opts: AbOptions) -> tuple[PlannedTrial, ...]:
    """Every trial, arms interleaved: per repeat, per task, both modes, the first one alternating."""
    out: list[PlannedTrial] = []
    for r in range(1, opts.repeats + 1):
        for i, t in enumerate(opts.task_set.tasks):
            modes: tuple[Mode, ...] = MODES if (i + r) % 2 == 0 else MODES[::-1]
            for m in modes:
                out.append(
                    PlannedTrial(
                        trial_id=f"{t.task_id}:{m}:{r}", task_id=t.task_id, mode=m, repeat=r, control=opts.agent.control
                    )
                )
    return tuple(out)


def _workspace(ts: TaskSet) -> dict[str, Any]:
    files = size = 0
    digests = []
    for t in ts.tasks:
        st = tree_stats(t.environment_dir)
        files += st.files
        size += st.bytes
        digests.append(st.hash)
    return {"hash": sha256_json(digests), "files": files, "bytes": size}


def plan_run(opts: AbOptions) -> RunPlanned:
    """Build the `run.planned` event: check pairability, pin the manifest, list the trials.

    Raises:
        RunCardMismatch: the arms would differ in more than mode and slice.
        UsageError: bad options (repeats < 1, more than `MAX_PLANNED_TRIALS` trials, an empty
            task set, an agent whose API has no upstream, an upstream key variable that is not
            set).
    """
    if opts.repeats < 1:
        raise UsageError(f"--repeats must be at least 1, got {opts.repeats}")
    if opts.sequential is not None and opts.sequential.max_rounds != opts.repeats:
        raise UsageError(
            f"--max-repeats {opts.sequential.max_rounds} and repeats {opts.repeats} differ; a sequential "
            "run plans its most rounds as its repeats"
        )
    if not opts.task_set.tasks:
        raise UsageError("the task set has no task to run")
    n_tasks = len(opts.task_set.tasks)
    if n_tasks * len(MODES) * opts.repeats > MAX_PLANNED_TRIALS:
        most = max(1, MAX_PLANNED_TRIALS // (n_tasks * len(MODES)))
        raise UsageError(
            f"--repeats {opts.repeats} with {n_tasks} task(s) plans {n_tasks * len(MODES) * opts.repeats:,} trials,"
            f" over the limit of {MAX_PLANNED_TRIALS:,} a run: use --repeats {most:,} or fewer (or fewer tasks)"
        )
    if opts.sequential is not None and opts.sequential.looks_per_round > len(opts.task_set.tasks):
        raise UsageError(
            f"--looks-per-round {opts.sequential.looks_per_round} exceeds the {len(opts.task_set.tasks)} tasks; "
            "a look needs at least one task's trials (use at most the number of tasks)"
        )
    if opts.agent.refusal:
        raise UsageError(f"agent {opts.agent.name}: {opts.agent.refusal}")
    if opts.network == "proxy":
        a = opts.agent
        check_agent_upstreams(a.apis, opts.all_upstreams(), a.name, a.model_api, opts.model)
        for u in opts.all_upstreams():
            u.key()  # a key variable that is not set is refused before any run folder is made
    card = run_card(opts)
    items = select_slice(opts.pack, opts.slice_ids)
    check_pairable(arm_card(card, "baseline", None, ()), arm_card(card, "pack", opts.pack, items))
    manifest = build_manifest(
        opts.task_set, card, opts.pack, _workspace(opts.task_set), get_backend().describe(), tuple(i.id for i in items)
    )
    return RunPlanned(
        run_id=new_run_id(),
        manifest=manifest,
        run_card=card,
        trials=plan_trials(opts),
        seeds={"stats": opts.seed},
    )


@contextmanager
def _sigterm_as_interrupt() -> Iterator[None]:
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def handler(signum: int, frame: object) -> None:
        raise KeyboardInterrupt

    old = signal.signal(signal.SIGTERM, handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, old)


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
            fcntl.flock(f.fileno(), fcntl.LOCK_UN)


def _spec_maker(opts: AbOptions) -> Callable[[PlannedTrial, int], AttemptSpec]:
    items = select_slice(opts.pack, opts.slice_ids)
    secrets = _upstream_secrets(opts)

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
    executor.configure(opts, logged_spend_usd(log))
    status = "completed"
    message = ""
    with _sigterm_as_interrupt(), LogWriter(log, history) as writer:
        try:
            with _meter(run_dir, opts, log, writer, executor.meters_locally) as meter:
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
    run_dir: Path, opts: AbOptions, log: RunLog, writer: LogWriter, local: bool = True
) -> Iterator[TrialMeter | None]:
    """The run's meter (`memeval.runner._runmeter.open_meter`), or None.

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
    ) as meter:
        yield meter


def start_run(opts: AbOptions) -> Path:
    """Plan a new run and create its folder with the `run.planned` event; return the folder."""
    planned = plan_run(opts)
    run_dir = opts.runs_dir / planned.run_id
    opts.runs_dir.mkdir(parents=True, exist_ok=True)
    run_dir.mkdir(mode=0o700)  # worlds under it were shaped by agents: keep other users out
    RunLog(run_dir).append(planned)
    return run_dir


def planned_selection(run_dir: Path) -> tuple[tuple[str, ...], int]:
    """The task ids (in plan order, each once) and the repeats a run was planned with.

    `memeval ab --resume` takes these when `--tasks` / `--repeats` are not given again, so the
    line it prints on an interrupt (`memeval ab TASKS --resume ID`) goes on with the same plan.
    """
    planned = RunLog(run_dir).read().events[0]
    assert isinstance(planned, RunPlanned)
    ids = tuple(dict.fromkeys(t.task_id for t in planned.trials))
    return ids, max((t.repeat for t in planned.trials), default=1)


def planned_default_limits(run_dir: Path) -> DefaultLimits:
    """The default limits run `run_dir` was planned with (none, i.e. 0 and 0, for a card from before the field)."""
    planned = RunLog(run_dir).read().events[0]
    assert isinstance(planned, RunPlanned)
    card = planned.run_card.default_limits or {}

    def mb(key: str) -> int:
        first = card.get(key, "none").split(" ", 1)[0]
        return int(first) if first.isdigit() else 0

    return DefaultLimits(storage_mb=mb("storage_mb"), memory_mb=mb("memory_mb"))


def check_resume(run_dir: Path, opts: AbOptions) -> None:
    """Refuse to resume `run_dir` under options that would change its manifest or run card.

    Raises:
        RunCardMismatch: naming what changed (task set, pack, slice, or a run-card field).
    """
    planned = RunLog(run_dir).read().events[0]
    assert isinstance(planned, RunPlanned)
    now = plan_run(opts)
    old_card, new_card = planned.run_card, now.run_card
    diffs = card_differences(old_card, new_card)
    for key in sorted(k for k in old_card.agent.keys() | new_card.agent.keys() if k.startswith("file:")):
        if old_card.agent.get(key) != new_card.agent.get(key):
            diffs.insert(0, f"the agent's file {key[5:]} changed since the run was planned")
    if planned.manifest.task_set != now.manifest.task_set:
        diffs.append("task_set changed")
    if planned.manifest.slice != now.manifest.slice:
        diffs.append("slice changed")
    if planned.manifest.cells.pack != now.manifest.cells.pack:
        diffs.append("pack changed")
    if [t.trial_id for t in planned.trials] != [t.trial_id for t in now.trials]:
        diffs.append("the planned trials changed (tasks or repeats)")
    if diffs:
        raise RunCardMismatch(f"cannot resume {run_dir.name}: " + "; ".join(diffs))
