"""Run a uvicorn server in the foreground until Ctrl-C or SIGTERM (`memeval serve`, `memeval audit serve`).

uvicorn catches SIGINT and SIGTERM, shuts down (open requests finished, the app's shutdown run),
then raises the caught signal again with the handlers it found. With Python's defaults a SIGTERM
then killed the process with no word (exit 143, as from `kill` or a service manager's stop).
Here SIGTERM is a normal stop: a line on stderr and exit 0. Ctrl-C stays an interruption
(`KeyboardInterrupt`: "interrupted", exit 130, as every command).
"""

from __future__ import annotations

import errno
import os
import signal
import socket
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import FrameType
from typing import TYPE_CHECKING, Any

import typer

from memeval.cli._loading import AnswerWhileLoading
from memeval.cli.app import fail
from memeval.sigint import stop_if_interrupted

if TYPE_CHECKING:
    import uvicorn


SERVERS = "another `memeval serve` or `memeval audit serve`?"
"""The likely holders of a taken port, for `bind_port`'s `who`: both serve on 8765 by default, and
`memeval serve` serves the ingest endpoint too, so README's walkthrough (`memeval serve &`) holds
the port a later `memeval audit serve` asks for; naming only the same command sent users looking
for a server they never started."""


def bind_port(host: str, port: int, who: str = SERVERS) -> socket.socket:
    """A TCP socket bound to (`host`, `port`), not yet listening (uvicorn listens on it).

    Binds the way uvicorn would (IPv6 when `host` has a colon, `SO_REUSEADDR` so a port in
    TIME_WAIT after a restart is taken), but before anything slow is loaded, so a port in use is
    one line naming the port and the fix, at once: left to uvicorn, `memeval audit serve` loaded
    its redactor and hold detector first (13-30 s on a busy machine), then printed uvicorn's
    "ERROR: [Errno 98] ..." and exited 3.

    Args:
        host: the address to listen on (`--host`).
        port: the TCP port (`--port`).
        who: the likely holder of a taken port, in the message (`SERVERS`).

    Raises:
        typer.Exit: (2) the port is in use, needs privileges, or the address is not this machine's.
    """
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as exc:
        sock.close()
        if exc.errno == errno.EADDRINUSE:
            why = f"port {port} on {host} is already in use ({who})"
            fix = f"stop that server, or serve on another port: --port {port + 1 if port < 65535 else 8766}"
        elif exc.errno == errno.EACCES:
            why = f"no permission to listen on port {port} (ports below 1024 need privileges)"
            fix = "serve on a port from 1024 up: --port 8765"
        else:  # an address this machine does not have, or a name that does not resolve
            why = f"cannot listen on {host} port {port}: {exc.strerror or exc}"
            fix = "pass --host with an address of this machine (default 127.0.0.1)"
        raise fail(f"{why}: {fix}") from exc
    return sock


def bound_port(sock: socket.socket) -> int:
    """The TCP port `sock` is bound to: the one asked for, or with `--port 0` the free one the system gave.

    The servers name it in the address of their first line, so a caller that asked for port 0
    (a test, a script) reads the port there instead of probing a free one and racing others for it.
    """
    return int(sock.getsockname()[1])


def bare_host(host: str) -> str:
    """`host` (a `--host` value) without the brackets of a URL's IPv6 literal: `[::1]` -> `::1`, else unchanged.

    A user copies `[::1]` from a URL; the socket takes `::1` (with the brackets it said "Name or
    service not known").
    """
    return host[1:-1] if len(host) > 2 and host[0] == "[" and host[-1] == "]" else host


def loopback(host: str) -> bool:
    """True when `host` (a `--host` value) is reachable from this machine only.

    Loopback: `localhost` (any case), 127.0.0.0/8, `::1`, an IPv4-mapped loopback address
    (`::ffff:127.0.0.1`), each also in brackets (`[::1]`). Any other address (`0.0.0.0`, `::`, a
    LAN or public address, a name other than `localhost`) is taken as reachable from the network.
    """
    import ipaddress

    bare = bare_host(host)
    try:
        ip = ipaddress.ip_address(bare)
    except ValueError:  # a name: it may resolve anywhere
        return bare.lower() == "localhost"
    mapped = ip.ipv4_mapped if isinstance(ip, ipaddress.IPv6Address) else None
    return ip.is_loopback or (mapped is not None and mapped.is_loopback)


def plain_http_warning(what: str, host: str) -> str | None:
    """The line `memeval audit serve` prints on stderr when it listens beyond loopback, or None on loopback.

    It serves plain HTTP: each sender's bearer token and every event (before redaction) would cross
    the network readable by anyone on the path, and a token read there lets its reader send as that
    sender. The fix is a TLS-terminating proxy in front (listening on 127.0.0.1 behind it).
    """
    if loopback(host):
        return None
    return (
        f"warning: {what} listens on {host} over plain HTTP: bearer tokens and events cross the network "
        "unencrypted; put a TLS-terminating proxy (e.g. nginx, Caddy) in front and serve on --host 127.0.0.1"
    )


def say_start_warnings(what: str, host: str | None = None) -> None:
    """Print on stderr, one line each, what a server `what` warns of at start, before it loads anything.

    `plain_http_warning(what, host)` when `host` is given (the ingest endpoint's bearer tokens), then the review
    passwords' light cost when `MEMEVAL_REVIEW_PASSWORD_COST=light` (`memeval.review.light_cost_warning`).
    """
    from memeval.review import light_cost_warning

    for warning in (plain_http_warning(what, host) if host is not None else None, light_cost_warning(what)):
        if warning:
            typer.echo(warning, err=True)


def check_budget_settings(http: bool) -> None:
    """Read the redaction and hold CPU budget settings now, so a bad one is refused before anything loads.

    They were read when the first text was redacted or assessed: after the 2-8 s of loading the
    engines, under a server's "loading the redactor ..." line, a bad value said nothing until then.

    Args:
        http: also the per-request bounds (`MEMEVAL_REDACT_REQUEST_BUDGET_S`,
            `MEMEVAL_HOLD_REQUEST_BUDGET_S`), which only the HTTP endpoint reads, and the time a
            request may take to arrive (`MEMEVAL_HTTP_READ_TIMEOUT_S`).

    Raises:
        UsageError: a setting is not a positive number of seconds (named, with its value and the fix;
            `memeval._cpubudget.env_seconds`).
    """
    import memeval.hold
    import memeval.redact

    memeval.redact.budget_seconds()
    memeval.hold.budget_seconds()
    if http:
        from memeval._readtimeout import read_timeout_s

        memeval.redact.request_budget_seconds()
        memeval.hold.request_budget_seconds()
        read_timeout_s()


class StoppedWhileLoading(BaseException):
    """SIGTERM arrived while a server was still loading: raised in the main thread by `sigterm_ends_loading`.

    A BaseException, so no `except Exception` in the code it interrupts (imports, the engines' warm-up)
    takes it for an error of its own.
    """


def _stop_loading(_sig: int, _frame: FrameType | None) -> None:
    raise StoppedWhileLoading


@contextmanager
def _stop_never_dropped() -> Iterator[None]:
    """Within the block, a stop that Python drops is not lost: SIGTERM or SIGINT is sent again.

    Python drops an exception raised where nothing can take it (a `__del__` the collector runs, a
    weakref callback) after printing it as "Exception ignored in": a SIGTERM that lands there was
    lost, and the engines loaded to the end (seen once under load, speed27). Such a drop is not
    printed, and the signal is sent again 10 ms later from a thread (not from inside the hook), so
    the loading stops at its next step. A ^C's `KeyboardInterrupt` dropped there is sent again the
    same way: it was lost as silently (`memeval.sigint` keeps quiet about it), so a ^C while
    `memeval audit serve` loaded was, about one time in eight, never heard: the server loaded and
    served (newuser35). Other dropped exceptions go to the previous hook.
    """
    previous = sys.unraisablehook

    def _dropped(unraisable: Any) -> None:
        if isinstance(unraisable.exc_value, StoppedWhileLoading):
            again = signal.SIGTERM
        elif isinstance(unraisable.exc_value, KeyboardInterrupt):
            again = signal.SIGINT
        else:
            previous(unraisable)
            return
        threading.Timer(0.01, os.kill, (os.getpid(), again)).start()

    sys.unraisablehook = _dropped
    try:
        yield
    finally:
        sys.unraisablehook = previous


@contextmanager
def sigterm_ends_loading(what: str) -> Iterator[None]:
    """Within the block, SIGTERM stops the server's start at once: "WHAT: stopped by SIGTERM ...", exit 0.

    A server loads for seconds (its modules, the store, the redactor and hold detector: 13-30 s on a
    busy machine) before uvicorn serves. A SIGTERM then only set a flag that was read once the loading
    had ended, so `kill PID` waited out the whole load (28 s at load 10) and the server first said it
    had loaded. Now the handler raises `StoppedWhileLoading` where the main thread is, and the block
    ends with the usual stop line and exit 0 (`typer.Exit`); `serve_until_stopped` hands SIGTERM to uvicorn
    once it serves, and `memeval view` to its own handler.

    Args:
        what: how the stop line names the server (`memeval review on http://127.0.0.1:8765/`).
    """
    previous = signal.signal(signal.SIGTERM, _stop_loading)
    try:
        with _stop_never_dropped():
            yield
    except StoppedWhileLoading:
        typer.echo(f"{what}: stopped by SIGTERM, shut down cleanly", err=True)
        raise typer.Exit(0) from None  # the command ends here: nothing after the block runs
    finally:
        signal.signal(signal.SIGTERM, previous)


def say_loading(sock: socket.socket, what: str, skip: str = "", url: str = "") -> Callable[[], None]:
    """Say at once that the server loads, with its address; return what prints "... loaded in N s" later.

    Called right after `bind_port`, before the server's heavy modules (the store's SQLAlchemy, the
    web app, the redactor and hold detector) are imported: the line was printed only after them, so
    `memeval serve` printed nothing for its first 3.7-7.6 s (load 0.5-10). The socket listens from
    here, so a request sent meanwhile waits in the queue and is answered (503 while loading,
    `_loading`) instead of refused.

    Args:
        sock: the server's bound socket (`bind_port`).
        what: how the lines name the server (`memeval audit serve`).
        skip: how to go without the loading, added to the line (`--no-ingest`), or "".
        url: the address it serves (`http://127.0.0.1:8765/`), named in the line, or "".

    Returns:
        A callable that prints "WHAT: redactor and hold detector loaded in N s", N from this line.
    """
    sock.listen(2048)  # uvicorn's default backlog; queued, not refused, until something accepts
    how = f"; {skip} skips it" if skip else ""
    at = f" {url}" if url else ""
    typer.echo(
        f"{what}: loading the redactor and hold detector before serving{at} (about 6 s of CPU over the server"
        f" and its two guard processes: seconds, a minute on a busy machine; requests meanwhile are answered 503,"
        f" Retry-After: 5{how})",
        err=True,
    )
    t0 = time.monotonic()

    def loaded() -> None:
        typer.echo(f"{what}: redactor and hold detector loaded in {time.monotonic() - t0:.1f} s", err=True)

    return loaded


def warm_ingest(loaded: Callable[[], None]) -> Callable[[], None]:
    """What to run before an ingest endpoint serves: load the redactor and hold detector, then say so.

    They load on first use (`memeval.audit.warm_engines`): left to the first batch, it waited for
    them (15-55 s on a busy 2-core machine, beside the worker pool loading the same), with no word
    why. Now the server loads them before uvicorn serves, after `say_loading`'s line and before
    `loaded`'s (the port answers 503 meanwhile, `_loading`).

    Args:
        loaded: what `say_loading` returned.
    """

    def warm() -> None:
        from memeval.audit import warm_engines

        warm_engines()
        loaded()

    return warm


def server_config(app: Any, **options: Any) -> uvicorn.Config:
    """The uvicorn configuration both servers use: `memeval._readtimeout.uvicorn_config` (the read timeout).

    Imported when a server starts, not when the command line loads (uvicorn is not a start-up import).

    Raises:
        UsageError: `MEMEVAL_HTTP_READ_TIMEOUT_S` is not a number of seconds above 0 and at most a day.
    """
    from memeval._readtimeout import uvicorn_config

    return uvicorn_config(app, **options)


def serve_until_stopped(
    config: uvicorn.Config,
    what: str,
    sockets: list[socket.socket] | None = None,
    prepare: Callable[[], None] | None = None,
    pages: bool = False,
    then: str | None = None,
    at_stop: Callable[[], None] | None = None,
) -> None:
    """Serve `config` until stopped: "WHAT (Ctrl-C to stop)" once listening, a line on SIGTERM, then return.

    The start line is printed only when uvicorn listens and the app has started, so an address
    is never announced that does not answer. A SIGTERM before that (while `prepare` runs or the
    app is built) stops the server before it serves, and the address is never announced.

    Args:
        config: the server's configuration (app, and host and port unless `sockets` is given).
        what: how both lines name it (`memeval review on http://127.0.0.1:8765/`).
        sockets: sockets bound beforehand (None: uvicorn binds the config's host and port).
        prepare: run before the server starts (`warm_ingest`), after SIGTERM is handled: a SIGTERM
            while it runs stops it at once (`StoppedWhileLoading`), before it serves, with the usual line. Meanwhile
            `sockets` listen and each request is answered 503 with `Retry-After` (`_loading`).
        pages: the app serves HTML pages (`memeval serve`): while `prepare` runs, a request for a path
            outside `/api` gets the 503 as a small HTML page, not JSON (`_loading.loading_page`).
        then: a line said on stderr right after the start line (what the served store still lacks).
        at_stop: run once the server has stopped, before the stop line (the stop line stays the last):
            `memeval.cli._unused_store.UnusedStore.sweep`.

    Raises:
        KeyboardInterrupt: Ctrl-C (SIGINT), raised again by uvicorn after its shutdown.
    """
    import uvicorn

    class _Server(uvicorn.Server):
        async def startup(self, sockets: list[socket.socket] | None = None) -> None:
            await super().startup(sockets)
            if self.started and not self.should_exit:  # listening, the app started and not being stopped
                typer.echo(f"{what} (Ctrl-C to stop)", err=True)
                if then:
                    typer.echo(then, err=True)

    server = _Server(config)
    stopped: list[int] = []

    def _term(sig: int, _frame: FrameType | None) -> None:
        stopped.append(sig)
        server.should_exit = True  # uvicorn's own flag: a signal before it listens ends it at start-up

    previous = signal.signal(signal.SIGTERM, _stop_loading)  # while it loads, SIGTERM ends the loading at once
    try:
        with _stop_never_dropped():
            if prepare is not None and sockets:
                with AnswerWhileLoading(sockets, what.partition(" on ")[0], pages):  # 503 + Retry-After
                    prepare()
            elif prepare is not None:
                prepare()
            stop_if_interrupted()  # a ^C something in the loading took and went on from: never serve after it
        signal.signal(signal.SIGTERM, _term)
        server.run(sockets=sockets)  # restores _term, then calls it again for a SIGTERM it caught
    except StoppedWhileLoading:
        stopped.append(signal.SIGTERM)
    finally:
        signal.signal(signal.SIGTERM, previous)
    if at_stop is not None:
        at_stop()
    if stopped:
        typer.echo(f"{what}: stopped by SIGTERM, shut down cleanly", err=True)
