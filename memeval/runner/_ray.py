"""`--executor ray`: trials as Ray tasks on a cluster's nodes, the driver the only writer.

What runs where:

- The driver (the `memeval ab` process) plans, schedules, and is the only writer of the run's
  log and artifact store. It checks every node first (bubblewrap present, the same version as
  the run card's, the same memeval), packs what trials need (the tasks, the agent's folder, a
  scripted upstream's folder, the price file) into one archive that travels by its content hash,
  and holds the run-wide spend limit.
- A node runs each attempt in its own bubblewrap sandbox behind its own metering proxy (one per
  Ray worker process, started on its first trial of the run and kept for the next). The archive
  is unpacked once per node into `~/.cache/memeval/bundles/<hash>/` and reused. The attempt's
  events and content-addressed artifacts stream back to the driver as they happen (a Ray
  streaming generator), in order; the driver stamps and writes them.
- A node (or the worker process) lost mid-trial: the driver records a `process` fault and the
  attempt's end, and the policy decides on a retry, as for a sandbox killed on one machine.
  Ray's own task retries are off, so an attempt is never run twice behind the log's back.

Spend on a cluster: each node's proxy only sees its own trials, so the run-wide limit is held by
the driver as reservations: before an attempt is sent, it reserves a share of what is left of
the run's limit (what is left and not reserved, divided among the free slots); the node's
proxy enforces the smaller of that share and the trial's own limit; when the attempt ends, the
driver settles it at the spend its model-call events report. A trial stopped by its share ends
with a `budget` fault that says so, and no further trial starts (resume with a higher limit).

This module is the driver side (`RayExecutor`, `RunAccount`); the bundle is built in
`_ray_bundle.py` and the node side lives in `_ray_node.py`, whose names are re-exported here.
"""

from __future__ import annotations

import contextlib
import os
import sys
import threading
from concurrent.futures import Future
from typing import TYPE_CHECKING, Any

from memeval._cpubudget import env_positive
from memeval.errors import UsageError
from memeval.eventlog import (
    AgentStarted,
    Event,
    FaultRaised,
    ModelCalled,
    TrialEnded,
    TrialStarted,
    VerifierStarted,
    parse_event,
)
from memeval.runner._attemptspec import AttemptSpec
from memeval.runner._ending import Stage
from memeval.runner._executors import SessionContext, TrialExecutor
from memeval.runner._internal import described, internal_text
from memeval.runner._ray_bundle import BUNDLE_CACHE, _require_ray, build_bundle
from memeval.runner._ray_local import KeptNode, start_local_head
from memeval.runner._ray_node import (
    SETUP_FAILED,
    NodeFacts,
    NodeJob,
    clear_node_run,
    node_facts,
    node_problems,
    node_temp_paths,
    run_on_node,
)
from memeval.runner._ray_world import WORLD, WORLD_BACKLOG, ChunkReader, unpack_world
from memeval.runner._scrub import run_scrubber
from memeval.runner._upstream import UpstreamSpec
from memeval.sigint import interrupts_held

if TYPE_CHECKING:
    from memeval.runner._plan import AbOptions

__all__ = [
    "BUNDLE_CACHE",
    "CPUS_PER_TRIAL",
    "NodeFacts",
    "NodeJob",
    "RayExecutor",
    "RunAccount",
    "build_bundle",
    "cpus_per_trial",
    "node_facts",
    "node_problems",
    "run_on_node",
]

CPUS_PER_TRIAL = 0.25
"""Ray CPUs one trial asks for by default: a trial mostly waits on its model, so 4 share one CPU."""
CPUS_ENV = "MEMEVAL_RAY_CPUS_PER_TRIAL"
MAX_CPUS_PER_TRIAL = 1024.0
"""The most `MEMEVAL_RAY_CPUS_PER_TRIAL` takes: more is a typo, not a trial."""


def cpus_per_trial() -> float:
    """Ray CPUs one trial asks for: `MEMEVAL_RAY_CPUS_PER_TRIAL`, else `CPUS_PER_TRIAL` (unset or blank).

    Raises:
        UsageError: the value is not a number above 0 and at most `MAX_CPUS_PER_TRIAL` (named, with the fix).
    """
    return env_positive(CPUS_ENV, CPUS_PER_TRIAL, MAX_CPUS_PER_TRIAL, "CPUs", "what each trial asks Ray for")


class RunAccount:
    """The run-wide spend limit as reservations, held by the driver (thread-safe).

    Args:
        limit_usd: the run's limit (None: no limit; every method is then a no-op).
        spent_usd: known spend already in the log.
        slots: how many attempts run at once.
    """

    def __init__(self, limit_usd: float | None, spent_usd: float, slots: int) -> None:
        self.run_budget_usd = limit_usd
        self._spent = spent_usd
        self._slots = slots
        self._held: dict[str, float] = {}
        self._lock = threading.Lock()
        self._stopped = False

    def reserve(self, key: str) -> float | None:
        """Reserve a share for attempt `key`: what is left and not reserved, over the free slots."""
        with self._lock:
            if self.run_budget_usd is None:
                return None
            free = max(0.0, self.run_budget_usd - self._spent - sum(self._held.values()))
            share = free / max(1, self._slots - len(self._held))
            self._held[key] = share
            return share

    def settle(self, key: str, spent_usd: float, stopped_by_share: bool) -> None:
        """Release the reservation and count what the attempt spent."""
        with self._lock:
            self._held.pop(key, None)
            self._spent += spent_usd
            self._stopped = self._stopped or stopped_by_share

    def run_spend_usd(self) -> float:
        """Known spend of the run so far (USD)."""
        with self._lock:
            return self._spent

    def run_limit_reached(self) -> bool:
        """Whether the run's known spend reached its limit, or a trial was stopped by its share."""
        with self._lock:
            return self.run_budget_usd is not None and (self._stopped or self._spent >= self.run_budget_usd)


def _messages_to_stderr() -> None:
    """Send the cluster's messages to the driver ("a worker died ...") to standard error.

    Ray prints them on standard output, where `memeval ab --json` writes its document. This
    wraps Ray's private `print_to_stdstream`; if a Ray version lacks it, nothing changes.
    """
    from ray._private import worker

    original = getattr(worker, "print_to_stdstream", None)
    if original is None or getattr(original, "_memeval", False):
        return

    def to_stderr(data: dict[str, Any], ignore_prefix: bool) -> None:
        original({**data, "is_err": True}, ignore_prefix)

    to_stderr._memeval = True  # type: ignore[attr-defined]  # a marker on our own wrapper, so it is not wrapped twice
    worker.print_to_stdstream = to_stderr


def _init_keeping_sigterm(ray: Any, address: str | None) -> None:
    """`ray.init()` on `address`, whole, with the SIGTERM handler this process had before (main thread).

    Connecting a driver sets Python's SIGTERM handler to Ray's (`sys.exit(15)`) and its core
    library's crash handler (prints "*** SIGTERM received ***", aborts: exit status -6): a run
    stopped with SIGTERM recorded no cancelled trial and cleared nothing. memeval's handler
    (SIGTERM as Ctrl-C, `memeval.sigint.sigterm_as_interrupt`) is registered again after the call.

    A ^C or SIGTERM meanwhile waits for the call to end (`memeval.sigint.interrupts_held`): one raised
    inside it left the driver's core worker half made (while `ray._raylet.CoreWorker(...)` ran), so
    `ray.is_initialized()` said False, the run stopped the node without `ray.shutdown()`, and the
    process crashed as it exited (SIGSEGV instead of exit 130; at load 20, 5 of 5 times a ^C came
    0.5-3 s after `ray start` returned). `ray.init` gives up on its own when the node does not answer.
    """
    with interrupts_held():  # puts memeval's handlers back as it ends, over what Ray registered
        ray.init(address=address, logging_level="WARNING", log_to_driver=False, include_dashboard=False)


def _stage_after(stage: Stage, ev: Event) -> Stage:
    """How far an attempt had got once its node sent `ev` (`memeval.runner._ending.Stage`)."""
    if isinstance(ev, AgentStarted):
        return "agent"
    if isinstance(ev, VerifierStarted):
        return "verify"
    return stage


class RayExecutor(TrialExecutor):
    """Attempts as Ray tasks; see the module's docstring."""

    name = "ray"
    meters_locally = False

    @classmethod
    def check(cls, concurrency: int) -> None:
        """Ray must be installed here (the `memeval[ray]` extra).

        Raises:
            UsageError: `MEMEVAL_RAY_CPUS_PER_TRIAL` is wrong, or Ray is not installed.
        """
        cpus_per_trial()
        _require_ray()

    @classmethod
    def create(cls, concurrency: int, ray_address: str | None = None) -> RayExecutor:
        """A Ray executor joining the cluster at `ray_address` (None: `RAY_ADDRESS`, else a local one).

        A local cluster is started by the executor under a keeper (`_ray_local`), so it ends with
        the run however the run ends, `kill -9` included.
        """
        return cls(concurrency, ray_address)

    def __init__(self, concurrency: int, address: str | None = None) -> None:
        super().__init__(concurrency)
        self.address = address
        self._ray: Any = None
        self._refs: dict[str, Any] = {}
        self._lock = threading.Lock()
        self.account: RunAccount | None = None
        self._opts: AbOptions | None = None
        self._local: KeptNode | None = None
        self._task: Any = None

    def configure(self, opts: AbOptions, spent_before_usd: float) -> None:
        """Take the run's options (the driver packs the bundle and reads keys from them)."""
        self._opts = opts
        self.account = RunAccount(opts.run_budget_usd, spent_before_usd, self.concurrency)

    def open(self, ctx: SessionContext) -> None:
        """Join the cluster, check every node, ship the bundle."""
        super().open(ctx)
        assert self._opts is not None, "configure() the ray executor first"
        ray = self._ray = _require_ray()
        address = self.address or os.environ.get("RAY_ADDRESS")
        if not ray.is_initialized():
            _messages_to_stderr()
            if address is None:  # the keeper also removes what the run left under /tmp, kill -9 included
                self._local, address = start_local_head(clear=node_temp_paths(ctx.run_dir.name))
        try:
            if not ray.is_initialized():
                _init_keeping_sigterm(ray, address)
            self._open_on_cluster()
        except BaseException:
            self.close()  # a local node must not outlive a failed start either
            raise

    def _open_on_cluster(self) -> None:
        """Check every node, ship the bundle, make the remote task."""
        ray = self._ray
        assert self._opts is not None
        self._check_nodes()
        self._clear_nodes()  # what a killed session of this run left on the nodes
        data, self._bundle_hash, self._where = build_bundle(self._opts)
        self._bundle = ray.put(data)
        self._upstreams = tuple((u, u.key()) for u in self._opts.all_upstreams() or (UpstreamSpec(),))
        self._task = ray.remote(run_on_node).options(
            num_returns="streaming",
            max_retries=0,
            retry_exceptions=False,
            num_cpus=cpus_per_trial(),
            _generator_backpressure_num_objects=WORLD_BACKLOG,  # a kept world's pieces wait for the driver
        )

    def _check_nodes(self) -> None:
        """Refuse nodes without bubblewrap, with another bubblewrap version, or another memeval.

        Raises:
            UsageError: naming each node and what is wrong with it.
        """
        from ray.util.scheduling_strategies import NodeAffinitySchedulingStrategy

        from memeval.sandbox import get_backend

        ray = self._ray
        want = get_backend().describe()
        facts = ray.remote(node_facts)
        nodes = [n for n in ray.nodes() if n.get("Alive")]
        refs = [
            facts.options(
                num_cpus=0, scheduling_strategy=NodeAffinitySchedulingStrategy(n["NodeID"], soft=False)
            ).remote()
            for n in nodes
        ]
        facts_of = [
            (n.get("NodeManagerAddress", "?"), f) for n, f in zip(nodes, ray.get(refs, timeout=120), strict=True)
        ]
        problems = node_problems(facts_of, want)
        if problems:
            raise UsageError(
                "the Ray cluster has nodes this run cannot use (a run has one sandbox version): " + "; ".join(problems)
            )

    def _clear_nodes(self) -> None:
        """Remove what this run left in every live node's temporary folder (`clear_node_run`).

        Raises:
            ray.exceptions.GetTimeoutError: a node did not answer within 120 s.
        """
        from ray.util.scheduling_strategies import NodeAffinitySchedulingStrategy

        ray = self._ray
        assert self.ctx is not None
        clear = ray.remote(clear_node_run)
        refs = [
            clear.options(
                num_cpus=0, scheduling_strategy=NodeAffinitySchedulingStrategy(n["NodeID"], soft=False)
            ).remote(self.ctx.run_dir.name)
            for n in ray.nodes()
            if n.get("Alive")
        ]
        ray.get(refs, timeout=120)

    def submit(self, spec: AttemptSpec) -> Future[None]:
        """Send the attempt to the cluster; a driver thread relays what comes back."""
        fut: Future[None] = Future()
        threading.Thread(target=self._drive, args=(spec, fut), name=f"memeval-ray-{spec.trial_id}", daemon=True).start()
        return fut

    def _drive(self, spec: AttemptSpec, fut: Future[None]) -> None:
        ctx, opts, account = self.ctx, self._opts, self.account
        assert ctx is not None and opts is not None and account is not None
        key = f"{spec.trial_id}#{spec.attempt}"
        share = account.reserve(key)
        own = spec.budget_usd
        limit = share if own is None or (share is not None and share < own) else own
        job = NodeJob(
            run_id=ctx.run_dir.name,
            spec=spec,
            bundle_hash=self._bundle_hash,
            bundle=self._bundle,
            where=self._where,
            upstreams=self._upstreams,
            network=opts.network,
            limit_usd=limit,
            share_of_run=share is not None and limit == share,
            run_budget_usd=opts.run_budget_usd,
        )
        started = ended = False
        stage: Stage = "build"
        spent = 0.0
        budget_fault = False
        try:
            gen = self._task.remote(job)
            with self._lock:
                self._refs[key] = gen
            items = (self._ray.get(ref) for ref in gen)
            for kind, payload in items:
                if kind == SETUP_FAILED:  # the node could not set the attempt up: it never started
                    where, what = payload
                    self._end_internal(
                        spec, started, "build", f"on Ray node {where}, while it set the attempt up", what
                    )
                    ended = True
                    continue
                if kind == WORLD:  # kept by --retain: into the run folder, as on one machine, as its pieces come
                    rel, size = payload
                    pieces = ChunkReader(items, size)
                    unpack_world(ctx.run_dir, rel, pieces)  # type: ignore[arg-type]  # a RawIOBase is read as a file
                    pieces.drain()
                    continue
                if kind == "artifact":
                    digest, data = payload
                    if ctx.artifacts.put(data) != digest:
                        raise RuntimeError(f"artifact {digest} arrived damaged from the node")
                    continue
                ev = parse_event(payload)
                started = started or isinstance(ev, TrialStarted)
                ended = ended or isinstance(ev, TrialEnded)
                stage = _stage_after(stage, ev)
                budget_fault = budget_fault or (isinstance(ev, FaultRaised) and ev.code == "budget")
                if isinstance(ev, ModelCalled):
                    spent += ev.call.cost.cost_usd or 0.0
                ctx.log.append(ev)
        except Exception as exc:  # noqa: BLE001 - sorted below: recorded as the trial's fault, or the run stops
            try:
                if not ended:
                    self._end_failed(spec, exc, started, stage)
            except Exception as again:  # noqa: BLE001 - no fault could be recorded (the log): the run stops
                fut.set_exception(again)
        finally:
            with self._lock:
                self._refs.pop(key, None)
            account.settle(key, spent, budget_fault and job.share_of_run)
        if not fut.done():
            if ctx.cancel.is_set():
                fut.set_exception(KeyboardInterrupt())
            else:
                fut.set_result(None)

    def _end_failed(self, spec: AttemptSpec, exc: Exception, started: bool, stage: Stage) -> None:
        """Record the end of an attempt whose Ray task failed before it recorded its own end.

        A lost node or worker process (Ray's own errors) is a `process` fault; the run's stop, `cancelled`;
        any other exception (the task raised on its node, or the driver could not send the attempt or take
        what came back) an `internal` fault at the stage the attempt had reached, as `Attempt.run` records
        one on one machine.
        """
        errors = self._ray.exceptions
        assert self.ctx is not None
        raised = isinstance(exc, errors.RayTaskError) and not isinstance(exc, errors.TaskCancelledError)
        if self.ctx.cancel.is_set() or (isinstance(exc, errors.RayError) and not raised):
            if not started:
                self._log(TrialStarted(trial_id=spec.trial_id, attempt=spec.attempt))
            self._end_lost(spec, exc)
            return
        if raised:
            where, doing = f"on Ray node {getattr(exc, 'ip', '?')}", "while it ran the attempt"
            cause = getattr(exc, "cause", None)
            what = described(cause) if isinstance(cause, BaseException) else described(exc)
        else:
            where, doing = "on this machine (the Ray driver)", "while it sent the attempt or took what came back"
            what = described(exc)
        self._end_internal(spec, started, stage, f"{where}, {doing}", what)

    def _end_internal(self, spec: AttemptSpec, started: bool, stage: Stage, where: str, what: str) -> None:
        """Record the attempt's `internal` fault and its end; the run goes on (`internal_text`'s words)."""
        if not started:
            self._log(TrialStarted(trial_id=spec.trial_id, attempt=spec.attempt))
        message = internal_text(what, f"{stage} stage", where)
        scrub = run_scrubber(spec.secrets, spec.extra_env).text
        self._log(FaultRaised(trial_id=spec.trial_id, code="internal", phase=stage, message=scrub(message)))
        self._log(TrialEnded(trial_id=spec.trial_id, attempt=spec.attempt, assessment="unscored"))

    def _log(self, ev: Event) -> None:
        assert self.ctx is not None
        self.ctx.log.append(ev)

    def _end_lost(self, spec: AttemptSpec, exc: BaseException) -> None:
        """Record the end of an attempt whose node or worker was lost (`process`), or that the run's stop cut."""
        ctx = self.ctx
        assert ctx is not None
        if ctx.cancel.is_set():
            code, msg = "cancelled", f"{ctx.cancel.reason}; its Ray task was cancelled"
        else:
            code = "process"
            msg = f"the Ray node or worker running the trial was lost: {type(exc).__name__}: {str(exc)[:300]}"
        ctx.log.append(FaultRaised(trial_id=spec.trial_id, code=code, phase="agent", message=msg))
        ctx.log.append(TrialEnded(trial_id=spec.trial_id, attempt=spec.attempt, assessment="unscored"))

    def stop_all(self) -> None:
        """Cancel every running Ray task (its node kills the sandboxes and records the end)."""
        with self._lock:
            refs = list(self._refs.values())
        for gen in refs:
            with contextlib.suppress(Exception):
                self._ray.cancel(gen, force=False)

    def close(self) -> None:
        """Clear the run's temporary folders on the nodes, leave the cluster, stop a local one.

        The nodes' proxies and helper servers stop with the clearing (and with their worker
        processes); a node that cannot be cleared is named in a warning, and the next session of
        the run (`--resume`) clears it.
        """
        try:
            if self._ray is not None and self._ray.is_initialized():
                if self._task is not None:
                    try:
                        self._clear_nodes()
                    except Exception as exc:  # noqa: BLE001 - the run's result stands; said, and cleared on resume
                        print(
                            f"warning: the run's temporary folders on the Ray nodes were not all removed "
                            f"({type(exc).__name__}: {str(exc)[:300]}); `memeval ab --resume` removes them",
                            file=sys.stderr,
                        )
                with interrupts_held():  # not left halfway: see `_init_keeping_sigterm`
                    self._ray.shutdown()
        finally:
            if self._local is not None:
                with interrupts_held():  # the keeper is told and waited for, then the ^C goes on
                    self._local.close()
                self._local = None
