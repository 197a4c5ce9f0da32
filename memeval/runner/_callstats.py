"""Per registration of a trial with the metering proxy: its calls' outcomes, the attempt it serves, its bodies.

Split from `_runmeter.py`. `CallStats` is the proxy's `on_call` and `on_bodies` hooks' side of a run's meter: it
counts each registration's calls as the runner reads them after a turn (what fault, if any, the calls make of it),
remembers the attempt each registration serves (so a call that ends after its attempt is still logged under it) and
holds the bodies of the calls for the turn's transcript.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Any

from memeval.meter import UPSTREAM_CUT
from memeval.types import FaultCode

MAX_KEPT_BODY_BYTES = 8 << 20
"""Largest request body kept for the transcript (responses are cut at the same size by the proxy,
`memeval.meter._relay.MAX_CAPTURE_BYTES`). A body is redacted whole after the turn, which takes
memeval about 70 bytes of memory per character and up to about 4 s of CPU per MB of key-like text
(measured on this project's redactor): the proxy's own bound on a request, 64 MiB, would let one
call take some 4.5 GB."""

MAX_KEPT_BYTES = 64 << 20
"""Request and response bytes kept per registration (an attempt's turn) for its transcript. Past it
a call's bodies are not kept (its index entry says so; it is metered as any call): an agent making
calls without end made memeval hold every body in memory for the whole turn, then redact and store
them all, with no bound of any kind."""


def _mib(n: int) -> str:
    return f"{n >> 20} MiB" if n >= 1 << 20 and not n % (1 << 20) else f"{n >> 10} KiB"


@dataclass(frozen=True)
class Exchange:
    """One forwarded model call's bodies, as sent and as received (not yet redacted).

    Attributes:
        call_id: the `ModelCall`'s id.
        api: its API (`anthropic-messages`, `openai-chat`, `openai-responses`, `gemini-generate-content`).
        request: the request body as the agent sent it.
        response: the response body as the upstream sent it (cut at 8 MiB).
        encoding: the response's content-encoding, or None.
        note: why the bodies were not kept (both then empty), or "".
    """

    call_id: str
    api: str
    request: bytes
    response: bytes
    encoding: str | None
    note: str = ""


CUT = "cut mid-response"
"""How a call whose upstream connection failed after its answer began is named among a turn's server errors."""


class CallStats:
    """Per registration: successful calls, and calls the proxy could not deliver (thread-safe).

    A call "not delivered" is one the proxy answered itself because the upstream was unreachable,
    or, in a run with no upstream at all (`no_upstreams`), not configured: a failure of the harness,
    not of the agent. In a run with upstreams, a call to an API that has none is the agent's own:
    its variables were never handed to it (`memeval.runner._agentenv.proxy_vars`), and counting
    such a call would let an agent make its trial a retried `process` fault at will.

    A call "answered down" is one the provider itself answered with a 5xx (500-599, which takes in
    Anthropic's 529 overloaded), or whose 200 stream it ended with an error event standing for one
    (`ModelCall.outcome_status`: Anthropic's `overloaded_error` event is its 529, OpenAI's `server_error`
    chunk its 500; a success only when it stands for none), or whose upstream connection failed after its answer
    began (`UPSTREAM_CUT`: the provider's server or network dropped the stream; the client hanging up never cuts
    it, the proxy reads on): the provider failed, not the agent. A turn whose every call was answered down is a
    `provider` fault. A 429 is not one: an agent can provoke rate limits by
    flooding the provider, so a rate-limited turn stays the agent's. The proxy's own answers
    (`memeval meter: ...`, some of them 503) are never provider answers.
    """

    def __init__(self, *, no_upstreams: bool = False) -> None:
        self._no_upstreams = no_upstreams
        self._lock = threading.Lock()
        self._ok: dict[str, int] = {}
        self._undelivered: dict[str, list[str]] = {}
        self._calls: dict[str, int] = {}
        self._down: dict[str, list[str]] = {}
        """Registration id -> how each call answered down failed: its status (`"503"`), or `CUT` for a cut one."""
        self._bodies: dict[str, list[Exchange]] = {}
        self._kept: dict[str, int] = {}
        self._taken: set[str] = set()
        """Registrations whose trial took its bodies (`take_bodies`): a later body is not held (breaker50)."""
        self._attempts: dict[str, int] = {}
        """Registration id -> the trial's attempt it serves (`name_attempt`); kept for the run, since a
        registration's call may end (and be logged) long after its attempt did."""

    def name_attempt(self, rid: str, attempt: int | None) -> None:
        """Say which attempt of its trial registration `rid` serves (None: not known; nothing is kept)."""
        if attempt is not None:
            with self._lock:
                self._attempts[rid] = attempt

    def attempt_of(self, rid: str) -> int | None:
        """The attempt registration `rid` serves (`name_attempt`), or None when none was named."""
        with self._lock:
            return self._attempts.get(rid)

    def keep_bodies(self, call: Any, request: bytes, response: bytes, encoding: str | None) -> None:
        """The proxy's `on_bodies` hook: hold a call's bodies until its trial takes them.

        Bounded: a request body over `MAX_KEPT_BODY_BYTES`, or bodies that would take the
        registration's kept bytes past `MAX_KEPT_BYTES`, are dropped here and the call is held with
        empty bodies and a note saying why.
        """
        rid, size = str(call.trial_id), len(request) + len(response)
        with self._lock:
            if rid in self._taken:  # the call outlived its trial, whose index is written: nothing would take it
                return
            kept = self._kept.get(rid, 0)
            note = ""
            if len(request) > MAX_KEPT_BODY_BYTES:
                note = f"bodies not kept: the request body of {len(request)} bytes is over {_mib(MAX_KEPT_BODY_BYTES)}"
            elif kept + size > MAX_KEPT_BYTES:
                note = f"bodies not kept: the turn's kept bodies would pass {_mib(MAX_KEPT_BYTES)} ({size} bytes more)"
            if note:
                request = response = b""
            else:
                self._kept[rid] = kept + size
            self._bodies.setdefault(rid, []).append(
                Exchange(str(call.call_id), str(call.api), request, response, encoding, note)
            )
        if not note:
            from memeval.runner._exchanges import warm_redactor  # lazy: `_exchanges` imports this module

            warm_redactor()  # the redactor builds during the turn, not after it

    def take_bodies(self, rid: str) -> list[Exchange]:
        """Every body kept for registration `rid`, in arrival order; they are forgotten here.

        A body of `rid`'s that comes after this (a call left in flight when the turn ended) is not held: on main it
        stayed in memory for the rest of the run, up to `MAX_KEPT_BYTES` a trial, and was never stored (breaker50).
        """
        with self._lock:
            self._taken.add(rid)
            self._kept.pop(rid, None)
            return self._bodies.pop(rid, [])

    def note(self, call: Any) -> None:
        """Count one recorded call."""
        rid = str(call.trial_id)
        err = call.error or ""
        status = int(call.outcome_status)  # a 200 stream the provider ended with an error event: that error's
        cut = 200 <= status < 300 and call.forwarded and err.startswith(UPSTREAM_CUT)  # began, then dropped
        with self._lock:
            self._calls[rid] = self._calls.get(rid, 0) + 1
            if cut:
                self._down.setdefault(rid, []).append(CUT)
            elif 200 <= status < 300:
                self._ok[rid] = self._ok.get(rid, 0) + 1
            elif err.startswith("memeval meter: upstream") or (
                self._no_upstreams and err.startswith("memeval meter: no ")
            ):
                self._undelivered.setdefault(rid, []).append(err)
            elif call.forwarded and 500 <= status < 600 and not err.startswith("memeval meter:"):
                self._down.setdefault(rid, []).append(str(status))

    def harness_failure(self, rid: str) -> tuple[FaultCode, str] | None:
        """The fault a registration's calls make of its turn, as (code, message), or None.

        `process` when some call could not be delivered and none succeeded; `provider` when at least one
        call was made, the provider answered every one with a 5xx and none succeeded (see the class).
        Anything else (a success among them, a 429, a 4xx, a proxy refusal) leaves the turn scored.
        """
        with self._lock:
            errors = self._undelivered.get(rid, [])
            if errors and not self._ok.get(rid):
                last = errors[-1].removeprefix("memeval meter: ")
                return "process", f"{len(errors)} model call(s) could not be delivered: {last}"
            down = self._down.get(rid, [])
            if down and len(down) == self._calls.get(rid, 0):
                codes = ", ".join(sorted(set(down)))
                why = f"the model provider answered all {len(down)} model call(s) with a server error ({codes})"
                return "provider", f"{why}: it was down"
            return None
