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
"""

from __future__ import annotations

import contextlib
import dataclasses
import hashlib
import io
import os
import queue
import shutil
import socket
import tarfile
import tempfile
import threading
from collections.abc import Iterator
from concurrent.futures import Future
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import SecretStr

from memeval import __version__
from memeval.errors import UsageError
from memeval.eventlog import Event, FaultRaised, ModelCalled, TrialEnded, TrialStarted, parse_event
from memeval.runner._attempt import Attempt, AttemptSpec
from memeval.runner._executors import SessionContext, TrialExecutor, kill_run_sandboxes
from memeval.runner._upstream import UpstreamSpec
from memeval.types import Role

if TYPE_CHECKING:
    from memeval.runner._session import AbOptions

CPUS_PER_TRIAL = float(os.environ.get("MEMEVAL_RAY_CPUS_PER_TRIAL", "0.25"))
"""Ray CPUs one trial asks for: a trial mostly waits on its model, so 4 share one CPU by default."""

BUNDLE_CACHE = Path.home() / ".cache" / "memeval" / "bundles"


def _require_ray() -> Any:
    try:
        import ray
    except ImportError as exc:
        raise UsageError(
            "--executor ray needs Ray: install memeval with the ray extra (pip install 'memeval[ray]') "
            "on this machine and on every node"
        ) from exc
    return ray


# ----------------------------------------------------------------------------------------------
# The bundle: what a node needs to run the run's trials, addressed by content hash.


def _add_tree(tar: tarfile.TarFile, root: Path, arcname: str) -> None:
    """Add `root` under `arcname`, sorted, with fixed owners and times (same bytes, same hash)."""
    paths = [root, *sorted(root.rglob("*"), key=lambda p: p.relative_to(root).as_posix())]
    for p in paths:
        rel = p.relative_to(root).as_posix()
        info = tar.gettarinfo(str(p), arcname=f"{arcname}/{rel}" if rel != "." else arcname)
        info.uid = info.gid = 0
        info.uname = info.gname = ""
        info.mtime = 0
        if info.isreg():
            with p.open("rb") as f:
                tar.addfile(info, f)
        elif info.isdir() or info.issym():
            tar.addfile(info)


def build_bundle(opts: AbOptions) -> tuple[bytes, str, dict[str, str]]:
    """Pack the tasks, the agent's folder, scripted upstreams' folders and the price file.

    Returns:
        (archive bytes, `sha256:<hex>` of them, name -> folder inside the bundle).
    """
    buf = io.BytesIO()
    where: dict[str, str] = {}
    with tarfile.open(fileobj=buf, mode="w", format=tarfile.PAX_FORMAT) as tar:
        for t in opts.task_set.tasks:
            _add_tree(tar, t.path, f"tasks/{t.task_id}")
        if opts.agent.files is not None:
            _add_tree(tar, opts.agent.files, "agent")
            where["agent"] = "agent"
        for u in opts.all_upstreams():
            if u.command and u.cwd is not None:
                _add_tree(tar, u.cwd, f"upstream-{u.api}")
                where[f"upstream-{u.api}"] = f"upstream-{u.api}"
        if opts.prices_file is not None:
            info = tar.gettarinfo(str(opts.prices_file), arcname="prices.toml")
            info.mtime, info.uid, info.gid, info.uname, info.gname = 0, 0, 0, "", ""
            with opts.prices_file.open("rb") as f:
                tar.addfile(info, f)
            where["prices"] = "prices.toml"
    data = buf.getvalue()
    return data, "sha256:" + hashlib.sha256(data).hexdigest(), where


def _unpacked(bundle_hash: str, data_ref: Any) -> Path:
    """The bundle unpacked on this node (once per node: later trials reuse the folder)."""
    ray = _require_ray()
    dest = BUNDLE_CACHE / bundle_hash.removeprefix("sha256:")
    if (dest / ".ready").exists():
        return dest
    data: bytes = ray.get(data_ref)
    if "sha256:" + hashlib.sha256(data).hexdigest() != bundle_hash:
        raise RuntimeError(f"the task bundle arrived damaged (its hash is not {bundle_hash})")
    BUNDLE_CACHE.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=".unpack-", dir=BUNDLE_CACHE))
    with tarfile.open(fileobj=io.BytesIO(data)) as tar:
        tar.extractall(tmp, filter="data")
    (tmp / ".ready").write_text("ok\n")
    try:
        tmp.rename(dest)
    except OSError:
        shutil.rmtree(tmp, ignore_errors=True)  # another worker on this node unpacked it first
    return dest


# ----------------------------------------------------------------------------------------------
# The node side.


@dataclass(frozen=True)
class NodeFacts:
    """What the driver checks of each node before a run starts."""

    node: str
    sandbox: str | None
    """The sandbox as the run card names it (`bubblewrap X.Y.Z, ...`), or None when it is missing."""
    problem: str
    memeval: str


def node_facts() -> NodeFacts:
    """This node's sandbox and memeval versions (run on each node by the driver's check)."""
    from memeval.errors import SandboxError
    from memeval.sandbox import get_backend

    try:
        sandbox: str | None = get_backend().describe()
        problem = ""
    except (SandboxError, OSError) as exc:
        sandbox, problem = None, str(exc)
    return NodeFacts(socket.gethostname(), sandbox, problem, __version__)


@dataclass(frozen=True)
class NodeJob:
    """One attempt as sent to a node.

    Attributes:
        run_id: the run's id (names the node's work folder).
        spec: the attempt, its task and agent folder as on the driver (rebased on the node).
        bundle_hash: content hash of the bundle; `bundle` its object reference.
        where: name -> folder inside the bundle (`agent`, `upstream-<api>`, `prices`).
        upstreams: the upstreams with their real keys, read on the driver.
        network: `proxy` or `none`.
        limit_usd: the limit the node's proxy enforces for this attempt (None: none).
        share_of_run: whether `limit_usd` is the attempt's share of the run's limit.
        run_budget_usd: the run's limit (for the budget fault's message).
    """

    run_id: str
    spec: AttemptSpec
    bundle_hash: str
    bundle: Any
    where: dict[str, str]
    upstreams: tuple[tuple[UpstreamSpec, SecretStr | None], ...]
    network: str
    limit_usd: float | None
    share_of_run: bool
    run_budget_usd: float | None


def node_problems(nodes: list[tuple[str, NodeFacts]], want: str) -> list[str]:
    """What makes each node unusable for a run whose card names the sandbox `want`, one line each.

    Args:
        nodes: (node address, its facts) per node.
        want: the run card's sandbox string (the driver's `describe()`).
    """
    problems = []
    for address, f in nodes:
        where = f"node {address} ({f.node})"
        if f.sandbox is None:
            problems.append(f"{where} has no bubblewrap ({f.problem}); install it there: apt-get install bubblewrap")
        elif f.sandbox != want:
            problems.append(f"{where} has {f.sandbox!r}, the run card has {want!r}; install the same version")
        if f.memeval != __version__:
            problems.append(f"{where} has memeval {f.memeval}, this driver {__version__}")
    return problems


class _Channel:
    """The running attempt's way back to the driver: events and artifacts, in order."""

    def __init__(self, node_run_dir: Path) -> None:
        self.q: queue.SimpleQueue[tuple[str, Any] | None] = queue.SimpleQueue()
        self.node_run_dir = node_run_dir

    def append(self, ev: Event) -> Event:
        if isinstance(ev, TrialEnded) and ev.retained:
            ev = ev.model_copy(update={"retained": f"{socket.gethostname()}:{self.node_run_dir / ev.retained}"})
        self.q.put(("event", ev.model_dump(mode="json")))
        return ev

    def put(self, data: bytes) -> str:
        digest = "sha256:" + hashlib.sha256(data).hexdigest()
        self.q.put(("artifact", (digest, data)))
        return digest

    def put_file(self, path: Path) -> str:
        return self.put(path.read_bytes())


class _NodeMeter:
    """The node's metering proxy for one run, kept by the worker process between trials."""

    def __init__(self, job: NodeJob, bundle: Path) -> None:
        from memeval.meter import MeterProxy, PriceBook, Upstream
        from memeval.runner._runmeter import CallStats, RunMeter, _log_call
        from memeval.runner._scratch import make_scratch
        from memeval.runner._upstream import RunningUpstream

        self.key = (job.run_id, job.bundle_hash)
        self.channel: _Channel | None = None
        self._stack = contextlib.ExitStack()
        _clear_dead_workers()
        scratch = make_scratch(Path(f"ray-{job.run_id}-{os.getpid()}"))
        self._stack.callback(shutil.rmtree, scratch, True)
        ups = {}
        for spec, key in job.upstreams:
            if spec.command:
                spec = dataclasses.replace(spec, cwd=bundle / job.where[f"upstream-{spec.api}"])
            up = self._stack.enter_context(RunningUpstream(spec, scratch))
            if up.base_url:
                ups[spec.api] = Upstream(base_url=up.base_url, api_key=key)
        stats = CallStats()

        def on_call(call: Any) -> None:
            channel = self.channel
            if channel is not None:
                _log_call(channel.append, call)
            stats.note(call)

        prices = bundle / job.where["prices"] if "prices" in job.where else None
        proxy = MeterProxy(ups, prices=PriceBook(user_file=prices), on_call=on_call, unix_socket=scratch / "proxy.sock")
        proxy.start()
        self._stack.callback(proxy.stop)
        self.meter = RunMeter(proxy, None, 0.0, stats)

    def close(self) -> None:
        self._stack.close()


_NODE: dict[str, _NodeMeter] = {}


def _clear_dead_workers() -> None:
    """Clear what this node's dead worker processes left: helpers and scratch folders.

    A worker is killed with its job or lost with its node; its `<tmp>/memeval-ray-<run>-<pid>`
    folder stays until a later trial on the node finds the process gone.
    """
    from memeval.runner._scratch import clear_leftovers

    for d in Path(tempfile.gettempdir()).glob("memeval-ray-*-*"):
        pid = d.name.rsplit("-", 1)[1]
        if pid.isdigit() and not Path(f"/proc/{pid}").exists():
            clear_leftovers(Path(d.name.removeprefix("memeval-")))


class _ShareMeter:
    """The node's meter as one attempt sees it: its limit is the driver's grant."""

    def __init__(self, meter: Any, job: NodeJob) -> None:
        self._m = meter
        self._job = job
        self.unix_socket = meter.unix_socket

    def register_trial(self, trial_id: str, role: Role = "subject", budget_usd: float | None = None) -> str:
        return str(self._m.register_trial(trial_id, role, self._job.limit_usd))

    def unregister_trial(self, trial_id: str) -> None:
        self._m.unregister_trial(trial_id)

    def budget_exhausted(self, trial_id: str) -> bool:
        return bool(self._m.budget_exhausted(trial_id))

    def calls_made(self, trial_id: str) -> int:
        return int(self._m.calls_made(trial_id))

    def wait_calls_recorded(self, trial_id: str) -> int:
        return int(self._m.wait_calls_recorded(trial_id))

    def harness_failure(self, trial_id: str) -> str | None:
        failure: str | None = self._m.harness_failure(trial_id)  # a Ray actor call: its result is untyped
        return failure

    def budget_message(self, trial_id: str) -> str:
        j = self._job
        if j.share_of_run:
            return (
                f"this trial's share of the run's spend limit of {j.run_budget_usd:g} USD was reached "
                f"({j.limit_usd:.6f} USD, reserved for it by the driver among the trials running at once)"
            )
        return str(self._m.budget_message(trial_id))


def run_on_node(job: NodeJob) -> Iterator[tuple[str, Any]]:
    """Run one attempt on this node; yield ("event", json) and ("artifact", (id, bytes)) in order.

    The body of the Ray task (a streaming generator). Interrupted (the driver cancels the task),
    the attempt's sandboxes are killed and it ends `cancelled` like on one machine.
    """
    bundle = _unpacked(job.bundle_hash, job.bundle)
    spec = _rebase(job.spec, bundle, job.where)
    node_run = Path(tempfile.gettempdir()) / "memeval-ray" / job.run_id
    node_run.mkdir(parents=True, exist_ok=True)
    meter = None
    if job.network == "proxy":
        current = _NODE.get("meter")
        if current is not None and current.key != (job.run_id, job.bundle_hash):
            current.close()
            current = None
        if current is None:
            current = _NODE["meter"] = _NodeMeter(job, bundle)
        meter = current
    channel = _Channel(node_run)
    if meter is not None:
        meter.channel = channel
    cancel = threading.Event()
    attempt = Attempt(
        spec,
        node_run,
        channel,
        channel,
        cache_dir=Path.home() / ".cache" / "memeval",
        meter=_ShareMeter(meter.meter, job) if meter else None,
        cancel=cancel,
    )

    def body() -> None:
        try:
            attempt.run()
        except KeyboardInterrupt:
            pass
        finally:
            channel.q.put(None)

    t = threading.Thread(target=body, name="memeval-attempt", daemon=True)
    t.start()
    try:
        while True:
            item = channel.q.get()
            if item is None:
                break
            yield item
    finally:
        if t.is_alive():  # cancelled: stop the sandboxes, let the attempt record its end
            cancel.set()
            while t.is_alive():
                kill_run_sandboxes(node_run / ".work")
                t.join(0.2)
        if meter is not None:
            meter.channel = None


def _rebase(spec: AttemptSpec, bundle: Path, where: dict[str, str]) -> AttemptSpec:
    """The attempt with its task and agent folder moved to the node's copy, hashes checked."""
    from memeval.tasks import load_task_set

    local = load_task_set(bundle / "tasks" / spec.task.task_id).tasks[0]
    if local.content_hash != spec.task.content_hash:
        raise RuntimeError(f"task {spec.task.task_id}: the node's copy does not match the driver's")
    agent = spec.agent
    if agent.files is not None:
        agent = dataclasses.replace(agent, files=bundle / where["agent"])
    return dataclasses.replace(spec, task=local, agent=agent)


# ----------------------------------------------------------------------------------------------
# The driver side.


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


class RayExecutor(TrialExecutor):
    """Attempts as Ray tasks; see the module's docstring."""

    name = "ray"
    meters_locally = False

    @classmethod
    def check(cls, concurrency: int) -> None:
        """Ray must be installed here (the `memeval[ray]` extra).

        Raises:
            UsageError: Ray is not installed.
        """
        _require_ray()

    @classmethod
    def create(cls, concurrency: int, ray_address: str | None = None) -> RayExecutor:
        """A Ray executor joining the cluster at `ray_address` (None: `RAY_ADDRESS`, else a local one)."""
        return cls(concurrency, ray_address)

    def __init__(self, concurrency: int, address: str | None = None) -> None:
        super().__init__(concurrency)
        self.address = address
        self._ray: Any = None
        self._refs: dict[str, Any] = {}
        self._lock = threading.Lock()
        self.account: RunAccount | None = None
        self._opts: AbOptions | None = None

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
            ray.init(address=address, logging_level="WARNING", log_to_driver=False, include_dashboard=False)
        self._check_nodes()
        data, self._bundle_hash, self._where = build_bundle(self._opts)
        self._bundle = ray.put(data)
        self._upstreams = tuple((u, u.key()) for u in self._opts.all_upstreams() or (UpstreamSpec(),))
        self._task = ray.remote(run_on_node).options(
            num_returns="streaming", max_retries=0, retry_exceptions=False, num_cpus=CPUS_PER_TRIAL
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
        spent = 0.0
        budget_fault = False
        try:
            gen = self._task.remote(job)
            with self._lock:
                self._refs[key] = gen
            for ref in gen:
                kind, payload = self._ray.get(ref)
                if kind == "artifact":
                    digest, data = payload
                    if ctx.artifacts.put(data) != digest:
                        raise RuntimeError(f"artifact {digest} arrived damaged from the node")
                    continue
                ev = parse_event(payload)
                started = started or isinstance(ev, TrialStarted)
                ended = ended or isinstance(ev, TrialEnded)
                budget_fault = budget_fault or (isinstance(ev, FaultRaised) and ev.code == "budget")
                if isinstance(ev, ModelCalled):
                    spent += ev.call.cost.cost_usd or 0.0
                ctx.log.append(ev)
        except Exception as exc:  # noqa: BLE001 - sorted below: a bug is raised, a lost node recorded
            if isinstance(exc, self._ray.exceptions.RayTaskError) and not isinstance(
                exc, self._ray.exceptions.TaskCancelledError
            ):
                fut.set_exception(exc)  # the harness failed on the node (not the node): stop the run
            elif not ended:
                if not started:
                    ctx.log.append(TrialStarted(trial_id=spec.trial_id, attempt=spec.attempt))
                self._end_lost(spec, exc)
        finally:
            with self._lock:
                self._refs.pop(key, None)
            account.settle(key, spent, budget_fault and job.share_of_run)
        if not fut.done():
            if ctx.cancel.is_set():
                fut.set_exception(KeyboardInterrupt())
            else:
                fut.set_result(None)

    def _end_lost(self, spec: AttemptSpec, exc: BaseException) -> None:
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
        """Leave the cluster (the nodes' proxies stop with their worker processes)."""
        if self._ray is not None and self._ray.is_initialized():
            self._ray.shutdown()
