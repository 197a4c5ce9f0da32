"""The Ray executor's node side: one attempt run on a node, its events and artifacts streamed back.

`run_on_node` is the body of the Ray task (a streaming generator): it unpacks the bundle, moves
the attempt onto the node's copy of its task (`_rebase`), runs it in a sandbox behind the node's
metering proxy (`_NodeMeter`, one per Ray worker process and run) and yields what the attempt
writes, in order, for the driver to stamp and log. `node_facts` and `node_problems` are the
driver's check of each node before a run. See `memeval.runner._ray` for the executor as a whole.
"""

from __future__ import annotations

import contextlib
import dataclasses
import glob
import hashlib
import os
import queue
import shutil
import socket
import tempfile
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import SecretStr

from memeval import __version__
from memeval.eventlog import Event, TrialEnded
from memeval.runner._attempt import Attempt
from memeval.runner._attemptspec import AttemptSpec
from memeval.runner._executors import kill_run_sandboxes
from memeval.runner._internal import described
from memeval.runner._ray_bundle import _unpacked
from memeval.runner._ray_world import WORLD, pack_world, send_world
from memeval.runner._upstream import UpstreamSpec
from memeval.types import FaultCode, Role


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
        if isinstance(ev, TrialEnded) and ev.retained:  # the kept world goes to the driver's run folder
            world = self.node_run_dir / ev.retained
            packed = self.node_run_dir / "packed" / f"{world.name}.tar"
            pack_world(world, packed)
            shutil.rmtree(world, ignore_errors=True)
            self.q.put((WORLD, (ev.retained, packed)))  # sent in pieces by `run_on_node` (`send_world`)
        self.q.put(("event", ev.model_dump(mode="json")))
        return ev

    def put(self, data: bytes) -> str:
        digest = "sha256:" + hashlib.sha256(data).hexdigest()
        self.q.put(("artifact", (digest, data)))
        return digest

    def put_file(self, path: Path) -> str:
        return self.put(path.read_bytes())


def node_temp_paths(run_id: str, tmp: Path | None = None) -> tuple[str, str]:
    """What a run leaves under a node's temporary folder, as glob patterns.

    Returns `(<tmp>/memeval-ray-<run>-*, <tmp>/memeval-ray/<run>)`: the Ray workers' scratch folders
    (metering proxy socket, scripted upstream's port file and log) and the run's node folder
    (attempts' `.work/`, kept worlds before they are sent to the driver).
    """
    base = glob.escape(str(tmp or Path(tempfile.gettempdir())))
    run = glob.escape(run_id)
    return f"{base}/memeval-ray-{run}-*", f"{base}/memeval-ray/{run}"


def clear_node_run(run_id: str) -> list[str]:
    """Remove what run `run_id` left on this node; the paths removed (run on each node by the driver).

    The driver runs it when it opens a run (what a killed session left) and when it closes it (Ctrl-C
    and SIGTERM included): this worker's proxy for the run is stopped, every worker's recorded helper
    servers (the scripted upstream) are stopped and their scratch folders removed, sandboxes still
    running from the node folder are killed and the node folder goes (kept worlds were sent to the
    driver as each attempt ended). `<tmp>/memeval-ray/` itself goes when it is empty.
    """
    from memeval.runner._scratch import clear_leftovers

    current = _NODE.get("meter")
    if current is not None and current.key[0] == run_id:
        _NODE.pop("meter").close()
    scratch, node_run = node_temp_paths(run_id)
    removed = []
    for d in sorted(glob.glob(scratch)):
        if Path(d).name.removeprefix(f"memeval-ray-{run_id}-").isdigit():  # not another run named `<run>-...`
            clear_leftovers(Path(Path(d).name.removeprefix("memeval-")))
            removed.append(d)
    for d in glob.glob(node_run):
        kill_run_sandboxes(Path(d) / ".work")
        shutil.rmtree(d, ignore_errors=True)
        removed.append(d)
    with contextlib.suppress(OSError):  # not empty: another run's folder is there
        (Path(tempfile.gettempdir()) / "memeval-ray").rmdir()
    return removed


class _NodeMeter:
    """The node's metering proxy for one run, kept by the worker process between trials."""

    def __init__(self, job: NodeJob, bundle: Path) -> None:
        from memeval.meter import MeterProxy, PriceBook, Upstream
        from memeval.runner._callstats import CallStats
        from memeval.runner._runmeter import RunMeter, _log_call
        from memeval.runner._scratch import make_scratch
        from memeval.runner._scrub import run_scrubber
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
        stats = CallStats(no_upstreams=not ups)

        scrub = run_scrubber(job.spec.secrets, job.spec.extra_env).text  # the run's: the same in each of its jobs

        def on_call(call: Any) -> None:
            channel = self.channel
            if channel is not None:
                _log_call(channel.append, call, scrub, stats.attempt_of(str(call.trial_id)))
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
    folder stays until a later trial on the node finds the process gone, or the driver clears
    its run (`clear_node_run`, when the run opens and closes).
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

    def register_trial(
        self, trial_id: str, role: Role = "subject", budget_usd: float | None = None, attempt: int | None = None
    ) -> str:
        return str(self._m.register_trial(trial_id, role, self._job.limit_usd, attempt))

    def trial_socket(self, name: str, owner: str | None = None) -> Path:
        """A socket of the node's proxy for one sandbox, serving `owner`'s key alone (`RunMeter.trial_socket`)."""
        return Path(self._m.trial_socket(name, owner))

    def drop_socket(self, path: Path) -> None:
        self._m.drop_socket(path)

    def unregister_trial(self, trial_id: str) -> None:
        self._m.unregister_trial(trial_id)

    def budget_exhausted(self, trial_id: str) -> bool:
        return bool(self._m.budget_exhausted(trial_id))

    def calls_made(self, trial_id: str) -> int:
        return int(self._m.calls_made(trial_id))

    def wait_calls_recorded(self, trial_id: str) -> int:
        return int(self._m.wait_calls_recorded(trial_id))

    def harness_failure(self, trial_id: str) -> tuple[FaultCode, str] | None:
        failure: tuple[FaultCode, str] | None = self._m.harness_failure(trial_id)  # a Ray actor call: untyped
        return failure

    def budget_message(self, trial_id: str) -> str:
        j = self._job
        if j.share_of_run:
            return (
                f"this trial's share of the run's spend limit of {j.run_budget_usd:g} USD was reached "
                f"({j.limit_usd:.6f} USD, reserved for it by the driver among the trials running at once)"
            )
        return str(self._m.budget_message(trial_id))


SETUP_FAILED = "setup_failed"
"""The kind of the one item `run_on_node` yields when the attempt could not be set up on the node:
its payload is `where` (the node, as `node_name` gives it) and the exception (`described`)."""


def node_name() -> str:
    """This node as a fault's message names it: `<address> (<host name>, node <first 12 of its Ray id>)`."""
    import ray

    node_id = ray.get_runtime_context().get_node_id()
    address = ray.util.get_node_ip_address()  # type: ignore[no-untyped-call]  # Ray's own function has no types
    return f"{address} ({socket.gethostname()}, node {node_id[:12]})"


def run_on_node(job: NodeJob) -> Iterator[tuple[str, Any]]:
    """Run one attempt on this node; yield ("event", json), ("artifact", (id, bytes)) and a kept world in order.

    A kept world comes as `memeval.runner._ray_world.send_world`'s items: its size, then its archive's pieces.

    The body of the Ray task (a streaming generator). Interrupted (the driver cancels the task),
    the attempt's sandboxes are killed and it ends `cancelled` like on one machine. An exception
    while the attempt is set up on the node, before it starts (unpacking the bundle, moving the
    attempt onto it, starting the node's proxy, making the attempt), is yielded as the one item
    (`SETUP_FAILED`, (this node's name, the exception described)): the driver records it as the
    trial's `internal` fault, and the run goes on.
    """
    try:
        attempt, channel, meter, node_run = _set_up(job)
    except Exception as exc:  # noqa: BLE001 - sent to the driver, which records it as the trial's fault
        try:
            where = node_name()
        except Exception as again:  # noqa: BLE001 - the node is still named by its host
            where = f"{socket.gethostname()} (its Ray id unknown: {described(again)})"
        yield SETUP_FAILED, (where, described(exc))
        return
    cancel = attempt.cancel

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
            if item[0] == WORLD:  # a packed kept world: its pieces, one Ray object each
                yield from send_world(*item[1])
                continue
            yield item
    finally:
        if t.is_alive():  # cancelled: stop the sandboxes, let the attempt record its end
            cancel.set()
            while t.is_alive():
                kill_run_sandboxes(node_run / ".work")
                t.join(0.2)
        if meter is not None:
            meter.channel = None


def _set_up(job: NodeJob) -> tuple[Attempt, _Channel, _NodeMeter | None, Path]:
    """The attempt made on this node: the bundle unpacked, the attempt moved onto it, the node's proxy started.

    Returns:
        (the attempt, its channel to the driver, the node's meter or None, the run's node folder).
    """
    bundle = _unpacked(job.bundle_hash, job.bundle)
    spec = _rebase(job.spec, bundle, job.where)
    node_run = Path(tempfile.gettempdir()) / "memeval-ray" / job.run_id
    node_run.mkdir(parents=True, exist_ok=True)
    meter = None
    if job.network == "proxy":
        current = _NODE.get("meter")
        if current is not None and current.key != (job.run_id, job.bundle_hash):
            _NODE.pop("meter").close()
            current = None
        if current is None:
            current = _NODE["meter"] = _NodeMeter(job, bundle)
        meter = current
    channel = _Channel(node_run)
    attempt = Attempt(
        spec,
        node_run,
        channel,
        channel,
        cache_dir=Path.home() / ".cache" / "memeval",
        meter=_ShareMeter(meter.meter, job) if meter else None,
        cancel=threading.Event(),
    )
    if meter is not None:
        meter.channel = channel
    return attempt, channel, meter, node_run


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
