"""The plan of a paired run: its options, its run card and trials, its folder, and the checks on resuming it.

Arms are interleaved task by task, and which arm goes first alternates, so that drift in the
provider or the machine over a run falls on both arms alike. `memeval.runner._session.execute`
runs what is planned here.
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from memeval.agents import AgentSpec
from memeval.errors import RunCardMismatch, UsageError
from memeval.eventlog import ModelCalled, PlannedTrial, RunCard, RunLog, RunPlanned
from memeval.packs import Pack, select_slice
from memeval.runner._agentcheck import check_agent_program
from memeval.runner._backends import meters_locally
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
from memeval.runner._repin import unpinned_prices_problem, unpinned_resume_fix
from memeval.runner._room import check_room
from memeval.runner._runmeter import check_agent_upstreams, check_meter_connections
from memeval.runner._shown import check_hidden_from_agent
from memeval.runner._upstream import UpstreamSpec
from memeval.sandbox import DefaultLimits, get_backend, limits_mechanism
from memeval.stats import SequentialDesign
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
    modes: tuple[Mode, ...] = MODES
    """The arms planned (`--arms`): both, or one alone, recorded on the run card as `modes` (no verdict then)."""

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
        **({"prices": prices_pin(opts.prices_file)} if opts.prices_file is not None else {}),
        **({"modes": opts.modes} if opts.modes != MODES else {}),  # a paired run's card reads as it always did
    )


def prices_pin(path: Path) -> str:
    """`sha256:` of a user price file's bytes (the run card's `prices`).

    Raises:
        OSError: the file cannot be read (the CLI checked it before planning).
    """
    with path.open("rb") as f:
        return "sha256:" + hashlib.file_digest(f, "sha256").hexdigest()


def _upstream_label(opts: AbOptions) -> str:
    if not opts.extra_upstreams:
        return opts.upstream.label() if opts.upstream else "none"
    return "; ".join(f"{u.api}: {u.label()}" for u in opts.all_upstreams())


MAX_PLANNED_TRIALS = 200_000
"""Most trials one run may plan (tasks x modes x repeats): the plan is one event held in memory,
and a typo such as `--repeats 100000000` used to fill the machine's memory before any output."""


def plan_trials(opts: AbOptions) -> tuple[PlannedTrial, ...]:
    """Every trial, arms interleaved: per repeat, per task, each planned mode (`opts.modes`), the first alternating."""
    out: list[PlannedTrial] = []
    for r in range(1, opts.repeats + 1):
        for i, t in enumerate(opts.task_set.tasks):
            modes = opts.modes if (i + r) % 2 == 0 else opts.modes[::-1]
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
            set, a runs folder whose disk cannot hold what the trials at once may write:
            `memeval.runner._room.check_room`).
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
    n_modes = len(opts.modes)
    if not n_modes or set(opts.modes) - set(MODES):
        raise UsageError(f"modes {opts.modes!r}: plan baseline, pack or both (--arms)")
    if opts.sequential is not None and opts.modes != MODES:
        raise UsageError("--until-decided runs until the paired verdict decides: it needs both arms (--arms both)")
    if n_tasks * n_modes * opts.repeats > MAX_PLANNED_TRIALS:
        most = max(1, MAX_PLANNED_TRIALS // (n_tasks * n_modes))
        raise UsageError(
            f"--repeats {opts.repeats} with {n_tasks} task(s) plans {n_tasks * n_modes * opts.repeats:,} trials,"
            f" over the limit of {MAX_PLANNED_TRIALS:,} a run: use --repeats {most:,} or fewer (or fewer tasks)"
        )
    if opts.sequential is not None and opts.sequential.looks_per_round > len(opts.task_set.tasks):
        raise UsageError(
            f"--looks-per-round {opts.sequential.looks_per_round} exceeds the {len(opts.task_set.tasks)} tasks; "
            "a look needs at least one task's trials (use at most the number of tasks)"
        )
    if opts.agent.refusal:
        raise UsageError(f"agent {opts.agent.name}: {opts.agent.refusal}")
    check_hidden_from_agent(opts.task_set, opts.agent, opts.runs_dir)  # no task's tests shown to its agent
    check_room(opts)  # before any run folder is made, and again on every resume
    if opts.network != "none" and meters_locally(opts.executor):  # a Ray node runs its own proxy
        check_meter_connections(opts.concurrency)
    if opts.network == "proxy":
        a = opts.agent
        check_agent_upstreams(a.apis, opts.all_upstreams(), a.name, a.model_api, opts.model)
        for u in opts.all_upstreams():
            u.key()  # a key variable that is not set is refused before any run folder is made
            u.check_command()  # so is a scripted upstream's program that is not there
    check_agent_program(opts.agent, opts.task_set, opts.extra_env)  # the agent's program on neither host nor world
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


def planned_modes(run_dir: Path) -> tuple[Mode, ...]:
    """The arms run `run_dir` was planned with: its card's `modes`, or both for a card without it (a paired run)."""
    planned = RunLog(run_dir).read().events[0]
    assert isinstance(planned, RunPlanned)
    return planned.run_card.modes or MODES


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

    A run whose card pins no price file (planned before cards pinned one, or planned with none) is checked against
    its own recorded costs instead (`memeval.runner._repin`): resumed with a file that prices every recorded call as
    it was priced, refused naming the first call that disagrees. Nothing stored changes either way.

    Raises:
        RunCardMismatch: naming what changed (task set, pack, slice, a run-card field, or a recorded call the price
            file would price otherwise).
    """
    events = RunLog(run_dir).read().events
    planned = events[0]
    assert isinstance(planned, RunPlanned)
    now = plan_run(opts)
    old_card, new_card = planned.run_card, now.run_card
    if old_card.prices is None:  # planned before cards pinned the file, or with none: its calls' costs decide
        new_card = new_card.model_copy(update={"prices": None})
        repin = unpinned_prices_problem((e for e in events if isinstance(e, ModelCalled)), opts.prices_file)
        if repin is not None:
            raise RunCardMismatch(f"cannot resume {run_dir.name}: {unpinned_resume_fix(repin)}")
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
        diffs.append("the planned trials changed (tasks, repeats or arms)")
    if diffs:
        raise RunCardMismatch(f"cannot resume {run_dir.name}: " + "; ".join(diffs))
