"""A deadline for receiving each HTTP request, so a client cannot hold a server's connection by sending slowly.

uvicorn times nothing while a request arrives: its keep-alive timer runs only between requests and is
reset by every byte received, so a connection that sends nothing, a request head one byte a second,
or a body slower still was held for as long as the client liked (a "slowloris"). Every such
connection keeps a file descriptor, and once the process's descriptor limit is reached the server
accepts nobody: one client with a few thousand idle sockets stopped `memeval audit serve` and
`memeval serve` from taking any batch or login.

`ReadTimeoutH11Protocol` is uvicorn's h11 protocol with the rule of Apache httpd's mod_reqtimeout
(its documented default `header=20-40,MinRate=500 body=20,MinRate=500`): the request head must
arrive within `base` seconds of its first byte (of the connection, for a first request), one second
more for each `MIN_RATE` bytes received, `HEAD_MAX_FACTOR` times `base` at most; the body within
`base` seconds of the head, one second more for each `MIN_RATE` bytes, with no cap (the body limits
of the app bound it). Past the deadline the connection is closed; the app reading the body sees the
client gone. While uvicorn itself stops reading (the app has not yet taken the body it holds) the
clock does not run against the client. Between requests uvicorn's own keep-alive timeout applies.

`MEMEVAL_HTTP_READ_TIMEOUT_S` sets `base` (default 20 s, at most a day).
"""

from __future__ import annotations

import asyncio
import os
import time
from typing import Any

import h11
import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol

from memeval._cpubudget import env_seconds

READ_TIMEOUT_ENV = "MEMEVAL_HTTP_READ_TIMEOUT_S"
DEFAULT_READ_TIMEOUT_S = 20.0
"""Seconds a request head, and then its body, may take before any allowance for bytes received."""
MIN_RATE = 500
"""Bytes per second a slow client must keep up: each `MIN_RATE` bytes received add a second."""
HEAD_MAX_FACTOR = 2.0
"""A request head gets at most this many times the base timeout, however fast its bytes come."""


def read_timeout_s() -> float:
    """The base read timeout in seconds (`MEMEVAL_HTTP_READ_TIMEOUT_S`, default 20).

    Raises:
        UsageError: the variable is not a number of seconds above 0 and at most a day (named, with the fix).
    """
    return env_seconds(READ_TIMEOUT_ENV, DEFAULT_READ_TIMEOUT_S, "the time an HTTP request may take to arrive")


class ReadTimeoutH11Protocol(H11Protocol):
    """uvicorn's h11 protocol that closes a connection whose request arrives too slowly (module docstring).

    Give the class to `uvicorn.Config(http=...)`; the base timeout is read when the class is first
    used by `read_timeout_s` (a bad value is refused before the server starts by calling it first).
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._base_s = read_timeout_s()
        self._phase = "head"  # head, body, or "" (nothing being received: answered, or between requests)
        self._since = 0.0
        self._got = 0
        self._timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]  # uvicorn narrows BaseTransport
        """Start the first request's head clock: a connection that sends nothing is closed too."""
        super().connection_made(transport)
        self._start("head")

    def connection_lost(self, exc: Exception | None) -> None:
        """Stop the clock."""
        self._stop()
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        """Count the bytes toward the phase they arrived in, then let uvicorn handle them."""
        if not self._phase and self.conn.their_state is h11.IDLE:
            self._start("head")  # the next request on a kept-alive connection
        self._got += len(data)
        super().data_received(data)
        self._follow()

    def on_response_complete(self) -> None:
        """Between requests uvicorn's keep-alive timeout applies, which every byte received resets.

        So a body still arriving once the app has answered (a login refused before its form was read)
        keeps its clock, and a pipelined request starts its own.
        """
        body = self._phase == "body"
        self._stop()
        super().on_response_complete()
        if body and self.conn.their_state is h11.SEND_BODY:
            self._start("body")
        self._follow()

    def _follow(self) -> None:
        state = self.conn.their_state
        if self._phase != "body" and state is h11.SEND_BODY:
            self._start("body")
        elif self._phase and state is not h11.IDLE and state is not h11.SEND_BODY:
            self._stop()  # the request is in (or the connection is ending): no clock while it is answered

    def _start(self, phase: str) -> None:
        self._stop()
        self._phase = phase
        self._since = time.monotonic()
        self._got = 0
        self._timer = self.loop.call_later(self._allowed_s(), self._check)

    def _stop(self) -> None:
        self._phase = ""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _allowed_s(self) -> float:
        allowed = self._base_s + self._got / MIN_RATE
        return min(allowed, HEAD_MAX_FACTOR * self._base_s) if self._phase == "head" else allowed

    def _check(self) -> None:
        self._timer = None
        if not self._phase or self.transport.is_closing():
            return
        now = time.monotonic()
        if self.flow.read_paused:
            # uvicorn stopped reading until the app takes what it holds: not the client's delay
            self._since, self._got = now, 0
        left = self._since + self._allowed_s() - now
        if left > 0:
            self._timer = self.loop.call_later(left, self._check)
            return
        self._phase = ""
        self.transport.close()


def uvicorn_config(app: Any, **options: Any) -> uvicorn.Config:
    """The uvicorn configuration memeval's servers use: `app` (and `options`) over `ReadTimeoutH11Protocol`.

    Each request must arrive within `MEMEVAL_HTTP_READ_TIMEOUT_S` (module docstring); uvicorn logs warnings
    only unless `options` says otherwise. `memeval audit serve`, `memeval serve` and `memeval view` build
    their servers here.

    A client's `X-Forwarded-For` is believed only from the proxies named in `FORWARDED_ALLOW_IPS`
    (uvicorn's own setting; comma-separated addresses or networks), none by default. uvicorn's own
    default believes it from 127.0.0.1, where memeval's servers listen and so where every client of
    a default server connects from: any client named its own address per request, and the review
    login's per-address throttle never filled (breaker47). Behind a reverse proxy on this host, set
    `FORWARDED_ALLOW_IPS=127.0.0.1` so each browser is counted under its own address; without it every
    browser is counted under the proxy's.

    Raises:
        UsageError: `MEMEVAL_HTTP_READ_TIMEOUT_S` is not a number of seconds above 0 and at most a day (refused
            here, before the server starts).
    """
    read_timeout_s()
    proxies = os.environ.get("FORWARDED_ALLOW_IPS", "").strip()
    trust = {"proxy_headers": True, "forwarded_allow_ips": proxies} if proxies else {"proxy_headers": False}
    return uvicorn.Config(app, http=ReadTimeoutH11Protocol, **{"log_level": "warning", **trust, **options})
