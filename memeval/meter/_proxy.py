"""`MeterProxy`: the metering proxy as a real HTTP server on a background thread.

Serves the `ForwardApp` with `memeval.meter._server` (asyncio protocols, httptools parsing) on its own event loop,
on a free 127.0.0.1 port and, optionally, a unix socket (both sockets serve the same app); upstream calls go over
`memeval.meter._upstream`'s kept-alive connections. Usable from synchronous code.

The loop is uvloop's when uvloop is installed (`LOOP`), else asyncio's. Measured side by side with
bench/proxy_latency.py (issue 17 item 3): see README's proxy section for the figures.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import gc
import logging
import socket
import threading
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from types import TracebackType
from typing import Literal

from genai_prices import data_snapshot as genai_snapshot

from memeval.errors import MeterError
from memeval.meter._forward import BodiesHook, ForwardApp
from memeval.meter._ledger import Ledger, SpendPool
from memeval.meter._prices import PriceBook
from memeval.meter._providers import provider_names
from memeval.meter._records import ModelCall, TrialSpend, Upstream
from memeval.meter._server import HttpServer, reserve_connections
from memeval.types import Role

log = logging.getLogger(__name__)

START_TIMEOUT_S = 10.0
STOP_TIMEOUT_S = 10.0
SOCKET_WAIT_S = 300.0
"""How long `add_socket` waits for the proxy's loop to take a new socket while that loop's thread is alive.

On a 2-core machine at load 13-19 the loop did not get to a new socket within `START_TIMEOUT_S`, and 3 of 28 trials
of the README's `memeval ab samples/fernhill --pack audit/fernhill.pack.json` became `internal` faults (the verdict
`unresolved`; newuser36). What held the loop was the `on_bodies` hook waiting for the redactor's lock, which another
trial held while its bodies were redacted (`memeval.runner._exchanges.warm_redactor`, fixed by proxy50), not the
event log: a run's `on_call` hands each call's event to the log's writer thread (`LogWriter.post`) and every fsync
runs there. A busy loop is still waited for; a dead one (its thread gone) is said at once."""


LOOP: Literal["uvloop", "asyncio"] = "uvloop"
"""The event loop the proxy runs on; `uvloop` falls back to asyncio's when uvloop is not installed."""


_heap_settled = False


def _settle_heap() -> None:
    """Load the price table now, then, once per process, collect and freeze the heap (`gc.freeze`).

    Everything alive when the first proxy starts (modules, the price table, the runner's state) is long-lived: it is
    kept out of the collector's scans from then on. A full collection, which the call records piling up set off
    every few hundred calls, walked about 55,000 objects here (50 ms of CPU at load 15, a stall for every call in
    flight); it now walks only what came after. The garbage lying about is collected first, so none is frozen.
    """
    global _heap_settled
    genai_snapshot.get_snapshot()
    if not _heap_settled:
        _heap_settled = True
        gc.collect()
        gc.freeze()


def new_loop() -> asyncio.AbstractEventLoop:
    """A fresh event loop of the kind `LOOP` names."""
    if LOOP == "uvloop":
        try:
            import uvloop
        except ModuleNotFoundError:
            log.debug("uvloop is not installed; the meter proxy runs on asyncio's loop")
        else:
            return uvloop.new_event_loop()
    return asyncio.new_event_loop()


class MeterProxy:
    """A local proxy that forwards agents' model calls unchanged and meters each one.

    Example:
        >>> proxy = MeterProxy({"openai": Upstream(base_url="https://api.openai.com/v1",
        ...                                        api_key=SecretStr(real_key))}, on_call=q.put)
        >>> proxy.start()
        >>> key = proxy.register_trial("t1", budget_usd=2.0)
        >>> # run the agent with OPENAI_BASE_URL=f"{proxy.base_url}/v1", OPENAI_API_KEY=key
        >>> proxy.trial_spend("t1").cost_usd_known
        >>> proxy.stop()

    Args:
        upstreams: registered provider names (`"openai"`, `"anthropic"`, `"google"`, ...; see
            `memeval.meter._providers`) -> where to forward, with the real key.
        prices: the price book; default genai-prices only.
        on_call: called once per recorded call **on the proxy's own thread**, after the response
            was passed on. It must be thread-safe on the caller's side (for example
            `queue.Queue.put`) and quick: it runs on the event loop that serves every call. An
            exception it raises is logged and does not stop the proxy.
        unix_socket: also serve on this unix socket path (removed on `stop()`).
        sandboxes: the most sandboxes that use the proxy at once (a run's `--concurrency`): each gets a share of
            the connections the proxy holds (`memeval.meter._server.reserve_connections`), so one cannot take
            another's. None: `MAX_PEER_CONNECTIONS` each, and one cap over all.
        on_bodies: called with each forwarded call's record, request body, response body (as
            received, cut at 8 MiB) and the response's content-encoding, on the proxy's thread just
            before `on_call`; same rules as `on_call`. None: bodies are not kept.

    Raises:
        MeterError: an upstream name that is no registered provider's.
    """

    def __init__(
        self,
        upstreams: Mapping[str, Upstream],
        prices: PriceBook | None = None,
        on_call: Callable[[ModelCall], None] | None = None,
        unix_socket: Path | None = None,
        on_bodies: BodiesHook | None = None,
        sandboxes: int | None = None,
    ) -> None:
        names = provider_names()
        unknown = set(upstreams) - set(names)
        if unknown:
            known = ", ".join(repr(n) for n in names[:-1]) + f" and/or {names[-1]!r}"
            raise MeterError(f"unknown upstream name(s) {sorted(unknown)}; use {known}")
        self._upstreams: dict[str, Upstream] = {}
        for provider in names:
            if provider in upstreams:
                self._upstreams[provider] = upstreams[provider]
        self._ledger = Ledger()
        self._app = ForwardApp(self._upstreams, prices or PriceBook(), self._ledger, on_call, on_bodies)
        self._unix_socket = unix_socket
        self._sandboxes = sandboxes
        self._peer_connections: int | None = None
        """Each sandbox's share of connections, set by `start()` when `sandboxes` is given."""
        self._server: HttpServer | None = None
        self._extra: dict[Path, asyncio.Server] = {}
        """Sockets served by `add_socket`, by path."""
        self._thread: threading.Thread | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stopping: asyncio.Event | None = None
        self._started = threading.Event()
        self._ended = threading.Event()
        """Set by the server thread as its last step (`stop` waits on it)."""
        self._port: int | None = None
        self._failure: BaseException | None = None

    def __repr__(self) -> str:
        names = ", ".join(f"{n}={u.base_url}" for n, u in self._upstreams.items())
        return f"MeterProxy({names}, base_url={self._port and self.base_url})"

    @property
    def base_url(self) -> str:
        """`http://127.0.0.1:<port>` (add `/v1` for OpenAI clients, nothing for Anthropic's).

        Raises:
            MeterError: the proxy is not started.
        """
        if self._port is None:
            raise MeterError("the meter proxy is not started; call start() first")
        return f"http://127.0.0.1:{self._port}"

    @property
    def unix_socket(self) -> Path | None:
        """The unix socket path also served, if any."""
        return self._unix_socket

    def add_socket(self, path: Path, owner: str | None = None) -> None:
        """Serve on one more unix socket at `path` (one per sandbox; see `remove_socket`).

        Every sandbox bound the same socket file, whose times any of them could set (`connect` needs write
        permission, and so does `utime`) and all could read: a signal between two trials running at once. A socket
        of its own is a file of its own.

        `owner`: the trial id (`register_trial`) whose key alone is served on the socket; a call with another
        trial's key gets the unknown-key answer. None: any registered key. Keys are secret, but the two arms of a
        pair run side by side and can pass one to the other (README names the channels still open); served by key
        alone, one arm's calls were billed to the other, moving cost, tokens and spend limit between the arms.

        Raises:
            MeterError: the proxy is not started, or the socket cannot be bound or served.
        """
        loop, server = self._loop, self._server
        if loop is None or server is None:
            raise MeterError("the meter proxy is not started; call start() first")
        sock = _unix_socket(path)
        try:
            served = self._on_loop(asyncio.run_coroutine_threadsafe(server.listen(sock, owner), loop))
        except Exception as exc:
            sock.close()
            raise MeterError(f"the meter proxy could not serve {path}: {exc!r}") from exc
        self._extra[path] = served

    def _on_loop(self, future: concurrent.futures.Future[asyncio.Server]) -> asyncio.Server:
        """`future`'s result once the loop got to it: waited for while the loop's thread lives, up to `SOCKET_WAIT_S`.

        Raises:
            TimeoutError: the loop's thread is gone, or the wait ran out (the future is cancelled).
        """
        deadline = time.monotonic() + SOCKET_WAIT_S
        while True:
            try:
                return future.result(1.0)
            except concurrent.futures.TimeoutError:
                thread = self._thread
                if thread is None or not thread.is_alive():
                    future.cancel()
                    raise TimeoutError("the proxy's event loop is no longer running") from None
                if time.monotonic() > deadline:
                    future.cancel()
                    raise TimeoutError(f"the proxy's event loop did not get to it in {SOCKET_WAIT_S:.0f} s") from None

    def remove_socket(self, path: Path) -> None:
        """Stop accepting on a socket `add_socket` served (its open connections go on) and remove its file."""
        served = self._extra.pop(path, None)
        loop = self._loop
        if served is not None and loop is not None:
            loop.call_soon_threadsafe(served.close)
        with contextlib.suppress(FileNotFoundError):
            path.unlink()

    def start(self) -> None:
        """Bind the sockets and serve on a background thread; returns once it accepts calls.

        Raises:
            MeterError: already started, the file limit cannot give `sandboxes` their shares of connections, a
                socket cannot be bound, or the server did not come up
                within `START_TIMEOUT_S`.
        """
        if self._thread is not None:
            raise MeterError("the meter proxy is already started")
        if self._sandboxes is not None:
            try:
                self._peer_connections = reserve_connections(self._sandboxes)
            except ValueError as exc:
                raise MeterError(f"the meter proxy cannot serve {self._sandboxes} sandboxes at once: {exc}") from exc
        sockets = [_tcp_socket()]
        if self._unix_socket is not None:
            sockets.append(_unix_socket(self._unix_socket))
        self._port = sockets[0].getsockname()[1]
        _settle_heap()  # one-off work (price table, heap freeze): before the timed wait, not inside it
        self._started.clear()
        self._stopping = asyncio.Event()  # bound to the proxy's loop on first use there
        self._ended = threading.Event()
        self._thread = threading.Thread(target=self._run, args=(sockets,), name="memeval-meter", daemon=True)
        self._thread.start()
        if not self._started.wait(START_TIMEOUT_S) or self._failure is not None:
            failure = self._failure
            self.stop()
            raise MeterError(f"the meter proxy did not start: {failure or 'timed out'}")

    def _run(self, sockets: list[socket.socket]) -> None:
        loop = new_loop()
        self._loop = loop
        try:
            loop.run_until_complete(self._serve(sockets))
        except BaseException as exc:  # noqa: BLE001 - handed to start()/stop() and logged
            self._failure = exc
            log.exception("the meter proxy's server stopped with an error")
        finally:
            self._started.set()  # never leave start() waiting on a thread that ended
            for sock in sockets:
                sock.close()
            loop.close()
            self._ended.set()

    async def _serve(self, sockets: list[socket.socket]) -> None:
        assert self._stopping is not None
        server = HttpServer(self._app.handle, self._peer_connections)
        self._app.start(asyncio.get_running_loop())
        try:
            for sock in sockets:
                await server.listen(sock)
            self._server = server
            self._started.set()
            await self._stopping.wait()
            await server.stop(STOP_TIMEOUT_S)
        finally:
            self._server = None
            self._app.close()

    def stop(self) -> None:
        """Stop serving (in-flight calls get `STOP_TIMEOUT_S` to finish) and remove the socket.

        A Ctrl-C while it waits (a second one, as a run stops) does not cut the wait short: the calls
        still in flight are recorded first (answered, or cut as unmeasured), since their events are the
        only record of what the provider billed, and the KeyboardInterrupt is raised once the server
        thread has ended. Cut short, the run wrote its end and exited with them on no record, their
        attempts' spend read as complete (breaker37). The wait is on an event the thread sets as it
        ends, not on `Thread.join`: a join that a KeyboardInterrupt cuts marks a running thread as
        ended in Python 3.11 (its `_wait_for_tstate_lock` releases the thread's lock on the way out).

        Raises:
            MeterError: the server thread did not end in time.
            KeyboardInterrupt: SIGINT came while it waited (raised after the wait).
        """
        thread, self._thread = self._thread, None
        loop, stopping = self._loop, self._stopping
        interrupted: KeyboardInterrupt | None = None
        if thread is not None:
            if loop is not None and stopping is not None and thread.is_alive():
                loop.call_soon_threadsafe(stopping.set)
            deadline = time.monotonic() + STOP_TIMEOUT_S + 5
            while not self._ended.is_set() and (left := deadline - time.monotonic()) > 0:
                try:
                    self._ended.wait(left)
                except KeyboardInterrupt as exc:  # raised again below, once the calls in flight are recorded
                    interrupted = exc
            if not self._ended.is_set():
                raise MeterError("the meter proxy's thread did not stop; calls are still open") from interrupted
            thread.join(5)  # it has set `_ended` as its last step
        self._loop = self._stopping = None
        for path in list(self._extra):
            self.remove_socket(path)
        if self._unix_socket is not None:
            with contextlib.suppress(FileNotFoundError):
                self._unix_socket.unlink()
        self._port = None
        if interrupted is not None:
            raise interrupted

    def __enter__(self) -> MeterProxy:
        self.start()
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None) -> None:
        self.stop()

    def register_trial(
        self,
        trial_id: str,
        role: Role = "subject",
        budget_usd: float | None = None,
        shared: SpendPool | None = None,
    ) -> str:
        """Register a trial and return its placeholder key (`mk-<32 hex>`) to give the agent.

        Args:
            trial_id: the trial the calls made with this key are attributed to.
            role: `subject` (the agent under test) or `assessor` (a judge), summed apart.
            budget_usd: the trial's spend limit (USD): each call reserves its worst case before it
                is forwarded (`memeval.meter._ledger`), so the spend passes the limit by at most
                one call's worst case, however many calls run at once.
            shared: a pool the trial also draws on (the run-wide limit), or None.

        Raises:
            MeterError: the trial id is already registered or the budget is negative.
        """
        return self._ledger.register(trial_id, role, budget_usd, shared)

    def unregister_trial(self, trial_id: str) -> None:
        """Revoke the trial's key (later calls get 401); `trial_spend` still answers.

        Raises:
            MeterError: the trial was never registered.
        """
        self._ledger.unregister(trial_id)

    def trial_spend(self, trial_id: str) -> TrialSpend:
        """What the trial spent so far.

        Raises:
            MeterError: the trial was never registered.
        """
        return self._ledger.spend(trial_id)


def _tcp_socket() -> socket.socket:
    """The TCP listener, with Nagle's algorithm off for every connection it accepts.

    asyncio turns Nagle off only on sockets whose `proto` is `IPPROTO_TCP`; a socket made with
    the default proto 0 (and the connections accepted from it) kept it on, so a response written
    as headers then body waited for the client's delayed ACK: about 40 ms a call. Naming the proto
    and setting TCP_NODELAY on the listener (Linux hands it to accepted sockets) removes the stall.
    """
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    try:
        sock.bind(("127.0.0.1", 0))
    except OSError as exc:
        sock.close()
        raise MeterError(f"cannot bind a port on 127.0.0.1: {exc}") from exc
    return sock


def _unix_socket(path: Path) -> socket.socket:
    if path.exists() and not path.is_socket():
        raise MeterError(f"unix socket path {path} exists and is not a socket; choose another path")
    with contextlib.suppress(FileNotFoundError):
        path.unlink()
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        sock.bind(str(path))
    except OSError as exc:
        sock.close()
        raise MeterError(f"cannot bind unix socket {path}: {exc}; check the folder exists") from exc
    return sock
