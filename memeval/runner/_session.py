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
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from memeval.agents import AgentSpec
from memeval.errors import RunCardMismatch, RunLogError, UsageError
from memeval.eventlog import (
    ArtifactStore,
    FaultRaised,
    PlannedTrial,
    RunEnded,
    RunLog,
    RunPlanned,
    TrialEnded,
    TrialStarted,
)
from memeval.packs import Pack, select_slice
from memeval.runner._attempt import Attempt, AttemptSpec, TrialMeter
from memeval.runner._card import (
    RunCard,
    arm_card,
    build_manifest,
    card_differences,
    check_pairable,
    env_hash,
    sha256_json,
)
from memeval.runner._diff import tree_stats
from memeval.runner._policy import FAULT_POLICY
from memeval.runner._runmeter import RunMeter, check_agent_upstreams, open_meter
from memeval.runner._upstream import UpstreamSpec
from memeval.sandbox import bwrap_version
from memeval.tasks import TaskSet
from memeval.types import MODES, Mode, NetworkMode, Retain

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
    extra_env: dict[str, str] = field(default_factory=dict)
    runs_dir: Path = Path("runs")
    cache_dir: Path = Path.home() / ".cache" / "memeval"
    seed: int = 20240601
    keep_bodies: bool = True
    """Keep every model call's request and response bodies (redacted) as artifacts of its trial."""

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
            "command_hash": sha256_json(list(a.command)),
            "control": a.control or "",
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
        sandbox=f"bubblewrap {bwrap_version()}",
    )


def _upstream_label(opts: AbOptions) -> str:
    if not opts.extra_upstreams:
        return opts.upstream.label() if opts.upstream else "none"
    return "; ".join(f"{u.api}: {u.label()}" for u in opts.all_upstreams())


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
        UsageError: bad options (repeats < 1, an empty task set, an agent whose API has no
            upstream).
    """
    if opts.repeats < 1:
        raise UsageError(f"--repeats must be at least 1, got {opts.repeats}")
    if not opts.task_set.tasks:
        raise UsageError("the task set has no task to run")
    if opts.agent.refusal:
        raise UsageError(f"agent {opts.agent.name}: {opts.agent.refusal}")
    if opts.network == "proxy":
        a = opts.agent
        check_agent_upstreams(a.apis, opts.all_upstreams(), a.name, a.model_api, opts.model)
    card = run_card(opts)
    items = select_slice(opts.pack, opts.slice_ids)
    check_pairable(arm_card(card, "baseline", None, ()), arm_card(card, "pack", opts.pack, items))
    manifest = build_manifest(opts.task_set, card, opts.pack, _workspace(opts.task_set), bwrap_version())
    manifest["slice"] = [i.id for i in items]
    return RunPlanned(
        run_id=new_run_id(),
        manifest=manifest,
        run_card=card.model_dump(mode="json"),
        trials=plan_trials(opts),
        seeds={"stats": opts.seed},
    )


@dataclass(frozen=True)
class Progress:
    """One step of progress: trials finished so far, out of the total, and the latest trial."""

    done: int
    total: int
    trial_id: str
    assessment: str
    """What became of the trial: `passed`, `failed`, `fault: CODE`, or `ended before this resume`."""


def _attempts(log: RunLog) -> dict[str, list[tuple[int, bool, str | None]]]:
    """Per trial: (attempt, ended, fault code of that attempt)."""
    seen: dict[str, list[tuple[int, bool, str | None]]] = {}
    faults: dict[tuple[str, int], str] = {}
    current: dict[str, int] = {}
    for ev in log:
        if isinstance(ev, TrialStarted):
            seen.setdefault(ev.trial_id, []).append((ev.attempt, False, None))
            current[ev.trial_id] = ev.attempt
        elif ev.event == "fault.raised" and ev.trial_id:
            faults[(ev.trial_id, current[ev.trial_id])] = ev.code
        elif isinstance(ev, TrialEnded):
            lst = seen[ev.trial_id]
            lst[-1] = (ev.attempt, True, faults.get((ev.trial_id, ev.attempt)))
    return seen


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


def execute(run_dir: Path, opts: AbOptions, on_progress: Callable[[Progress], None] | None = None) -> str:
    """Run (or go on with) every planned trial of the run in `run_dir`.

    A trial already ended is skipped; one started but never ended (a crash) gets a new attempt,
    the unfinished one kept as evidence; a faulted one is retried while the policy allows and
    `opts.retries` is not used up.

    Once the run's known spend reaches `opts.run_budget_usd`, no further trial is started: a
    run-level `budget` fault says how many planned trials were not run, and the run ends
    `cancelled` (resume with a higher limit to go on).

    Returns:
        The run's status: `completed` or `cancelled` (KeyboardInterrupt and SIGTERM are recorded
        as a `cancelled` fault and `run.ended`, then re-raised; the run's spend limit as above).
    """
    with run_lock(run_dir):
        return _execute(run_dir, opts, on_progress)


def _needs_attempt(history: list[tuple[int, bool, str | None]], retries: int) -> bool:
    if not history or not history[-1][1]:
        return True
    last_fault = history[-1][2]
    return (
        last_fault is not None
        and FAULT_POLICY[last_fault].retried  # type: ignore[index]
        and len(history) <= retries
    )


@contextmanager
def run_lock(run_dir: Path) -> Iterator[None]:
    """Hold the run folder exclusively for one memeval process (an advisory `flock`).

    On entry, whatever a crashed earlier process of this run left behind is cleared: sandboxes
    still running from its `.work/` folder are killed and `.work/` is emptied (it only ever holds
    unfinished attempts; the log keeps their evidence).

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
        _kill_stale_sandboxes(run_dir / ".work")
        shutil.rmtree(run_dir / ".work", ignore_errors=True)
        try:
            yield
        finally:
            fcntl.flock(f.fileno(), fcntl.LOCK_UN)


def _kill_stale_sandboxes(work: Path) -> None:
    """SIGKILL bubblewrap processes whose command line binds a folder under `work`."""
    needle = str(work).encode() + b"/"
    for d in Path("/proc").iterdir():
        if not d.name.isdigit():
            continue
        try:
            argv = (d / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue  # the process ended while we looked
        if argv and argv[0].endswith(b"bwrap") and any(a.startswith(needle) for a in argv):
            try:
                os.kill(int(d.name), signal.SIGKILL)
            except ProcessLookupError:
                continue


def _execute(run_dir: Path, opts: AbOptions, on_progress: Callable[[Progress], None] | None) -> str:
    log = RunLog(run_dir)
    art = ArtifactStore(run_dir)
    events = log.read().events
    planned = events[0]
    if not isinstance(planned, RunPlanned):
        raise RunLogError(f"{run_dir}: the log does not start with run.planned")
    attempts = _attempts(log)
    if not any(_needs_attempt(attempts.get(t.trial_id, []), opts.retries) for t in planned.trials):
        ended = [e for e in events if isinstance(e, RunEnded)]
        if ended and ended[-1].status == "completed":
            return "completed"  # nothing to do: resuming a finished run adds nothing to its log
    items = select_slice(opts.pack, opts.slice_ids)
    cancel = threading.Event()
    status = "completed"
    message = ""
    with _sigterm_as_interrupt(), _meter(run_dir, opts, log) as meter:
        total = len(planned.trials)
        done = 0
        try:
            for pt in planned.trials:
                outcome = "ended before this resume"
                while True:
                    history = _attempts(log).get(pt.trial_id, [])
                    if not _needs_attempt(history, opts.retries):
                        break
                    if isinstance(meter, RunMeter) and meter.run_limit_reached():
                        raise _RunLimitReached
                    spec = AttemptSpec(
                        trial_id=pt.trial_id,
                        attempt=len(history) + 1,
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
                        upstream_apis=tuple(u.api for u in opts.all_upstreams()),
                    )
                    attempt = Attempt(spec, run_dir, log, art, cache_dir=opts.cache_dir, meter=meter, cancel=cancel)
                    attempt.run()
                    outcome = "passed" if attempt.passed else "failed"
                done += 1
                if on_progress:
                    fault = _attempts(log)[pt.trial_id][-1][2]
                    on_progress(Progress(done, total, pt.trial_id, f"fault: {fault}" if fault else outcome))
        except _RunLimitReached:
            assert isinstance(meter, RunMeter)
            status = "cancelled"
            message = (
                f"the run's spend limit of {meter.run_budget_usd:g} USD was reached (known spend "
                f"{meter.run_spend_usd():.6f} USD); {total - done} planned trial(s) not run; go on with "
                "a higher --run-budget-usd and memeval ab --resume RUN"
            )
            log.append(FaultRaised(code="budget", phase="run", message=message))
        except KeyboardInterrupt:
            status = "cancelled"
            log.append(RunEnded(status="cancelled", message="interrupted; go on with: memeval ab --resume RUN"))
            raise
    log.append(RunEnded(status=status, message=message))
    return status


class _RunLimitReached(Exception):
    """Stops `execute` from scheduling more trials: the run's spend limit was reached."""


@contextmanager
def _meter(run_dir: Path, opts: AbOptions, log: RunLog) -> Iterator[TrialMeter | None]:
    """The run's meter (`memeval.runner._runmeter.open_meter`), or None with `--network none`."""
    if opts.network == "none":
        yield None
        return
    upstreams = opts.all_upstreams() or (UpstreamSpec(),)
    with open_meter(
        log, upstreams, prices_file=opts.prices_file, run_budget_usd=opts.run_budget_usd, keep_bodies=opts.keep_bodies
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


def check_resume(run_dir: Path, opts: AbOptions) -> None:
    """Refuse to resume `run_dir` under options that would change its manifest or run card.

    Raises:
        RunCardMismatch: naming what changed (task set, pack, slice, or a run-card field).
    """
    planned = RunLog(run_dir).read().events[0]
    assert isinstance(planned, RunPlanned)
    now = plan_run(opts)
    old_card = RunCard.model_validate(planned.run_card)
    new_card = RunCard.model_validate(now.run_card)
    diffs = card_differences(old_card, new_card)
    for key in ("task_set", "slice"):
        if planned.manifest.get(key) != now.manifest.get(key):
            diffs.append(f"{key} changed")
    if planned.manifest["cells"]["pack"] != now.manifest["cells"]["pack"]:
        diffs.append("pack changed")
    if [t.trial_id for t in planned.trials] != [t.trial_id for t in now.trials]:
        diffs.append("the planned trials changed (tasks or repeats)")
    if diffs:
        raise RunCardMismatch(f"cannot resume {run_dir.name}: " + "; ".join(diffs))
