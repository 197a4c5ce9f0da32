"""The proxy's request handler: attribute, forward unchanged, meter a copy, record.

Routes are the registered providers' (`memeval.meter._providers`), on the SDKs' own paths, so
`OPENAI_BASE_URL=<proxy>/v1` and `ANTHROPIC_BASE_URL=<proxy>` work: `POST /v1/chat/completions`
and `POST /v1/responses` go to the `openai` upstream (whose base URL ends in `/v1`, so the path
after `/v1` is appended); `POST /v1/messages` goes to the `anthropic` upstream (whose base URL has
no `/v1`, so the whole path is appended). Free look-ups (`GET /v1/models[/id]`, `POST
/v1/messages/count_tokens`) are forwarded to the upstream the request's key header points at
(`ModelProvider.claims`: `x-api-key` -> anthropic, else openai) and not recorded as model calls.
The Gemini API's `POST /v1beta/models/{model}:generateContent` / `:streamGenerateContent` go to
the `google` upstream (base URL without `/v1beta`, whole path appended), with its free look-ups
(see `memeval.meter._google`). Every other path is refused with a 404, so nothing billed can go
around the meter or the budget.
"""

from __future__ import annotations

import asyncio
import logging
import time
import uuid
from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from memeval._finitejson import utf8_text
from memeval.clock import utc_now
from memeval.meter import _json
from memeval.meter import _providers as registry
from memeval.meter._ledger import Ledger, Reservation, SpendPool
from memeval.meter._prices import PriceBook, request_tier, worst_case_usd
from memeval.meter._provider import Headers, ModelProvider, header
from memeval.meter._records import Cost, ModelCall, Upstream
from memeval.meter._relay import HOP_BY_HOP, Call, Relay
from memeval.meter._reply import Reply, Request
from memeval.meter._shapes import ErrorAnswer, Refusal, error_answer
from memeval.meter._unpriced import call_cost
from memeval.meter._upstream import UpstreamPool, UpstreamUnreachable
from memeval.meter._usage import ParsedUsage
from memeval.meter._wire import readable_accept_encoding

log = logging.getLogger(__name__)


CUT_AT_STOP = "memeval's proxy stopped with the call in flight, so its usage and cost are unknown"
"""Said of a call the proxy was still forwarding when it stopped (its `error`, after the meter's reason)."""


BodiesHook = Callable[[ModelCall, bytes, bytes, "str | None"], None]
"""`on_bodies(record, request body, response body, response content-encoding)`."""


class ForwardApp:
    """The metering proxy's request handler (`handle`, served by `memeval.meter._server.HttpServer`).

    `on_call` runs on the proxy's event-loop thread after each recorded call, and
    `on_bodies` (when given) just before it, with the forwarded call's bodies as sent and received
    (never a header: the keys are in headers only).
    """

    def __init__(
        self,
        upstreams: Mapping[str, Upstream],
        prices: PriceBook,
        ledger: Ledger,
        on_call: Callable[[ModelCall], None] | None,
        on_bodies: BodiesHook | None = None,
    ) -> None:
        self._upstreams = dict(upstreams)
        self._prices = prices
        self._ledger = ledger
        self._on_call = on_call
        self._on_bodies = on_bodies
        self._pool: UpstreamPool | None = None

    def start(self, loop: asyncio.AbstractEventLoop) -> None:
        """Open the upstream connection pool on `loop` (the loop every call will run on)."""
        self._pool = UpstreamPool(loop)

    def close(self) -> None:
        """Close every upstream connection."""
        if self._pool is not None:
            self._pool.close()

    async def handle(self, request: Request, reply: Reply) -> None:
        """Serve one request (`memeval.meter._reply.Handler`)."""
        t0 = time.perf_counter()
        started_at = utc_now()
        method = request.method
        path = request.path
        headers: Headers = request.headers
        query = request.query
        routed = registry.route(method, path)
        if routed is None:
            provider = registry.claimant(path, headers)
            api: str | None = None
            path_model: str | None = None
        else:
            provider, route = routed
            api, path_model = route.api, route.model
        caller = self._ledger.lookup(registry.placeholder(headers, provider, query))
        if caller is not None and request.owner is not None and caller.trial_id != request.owner:
            # another trial's key on this trial's socket: keys travel (a channel between the two arms, which run
            # side by side), and calls billed by key alone let one arm's agent spend as the other, moving its
            # cost, tokens and spend limit to the other arm
            caller = None
        if caller is None:
            _answer(
                reply,
                error_answer(
                    provider,
                    "unknown_key",
                    (
                        "memeval meter: unknown or revoked placeholder key; use the key the "
                        "harness registered for this trial"
                    ),
                ),
            )
            return
        if routed is None and not registry.free_path(method, path):
            _answer(
                reply,
                error_answer(
                    provider,
                    "not_found",
                    f"memeval meter: {method} {path} is not forwarded; the proxy forwards model "
                    "calls it can meter (POST /v1/chat/completions, /v1/responses, /v1/messages, "
                    "/v1beta/models/MODEL:generateContent and :streamGenerateContent) and free "
                    "look-ups (GET /v1/models, POST /v1/messages/count_tokens, GET /v1beta/models, "
                    "POST /v1beta/models/MODEL:countTokens)",
                ),
            )
            return
        body = request.body
        doc = _request_doc(body, headers)
        hide = False
        wire = registry.wire_api(api)[1] if api is not None else None
        if wire is not None and wire.ask_for_usage is not None and doc is not None:
            asked = wire.ask_for_usage(body, doc)
            if asked is not None:
                body, hide = asked, True
        call = Call(
            caller,
            provider,
            api,
            path_model if path_model is not None else _requested_model(doc),
            _attempt(headers),
            started_at,
            t0,
            hide,
            answers=provider.output_choices(doc),
            tier=request_tier(doc) if wire is not None else None,
            long_cache=wire is not None and provider.asks_long_cache(body, doc),
        )
        coding = _content_coding(headers)
        if api is not None and coding is not None:
            self._refuse(
                reply,
                call,
                "encoded_body",
                f"memeval meter: a model call's request body in content-encoding {coding!r} is not forwarded: "
                "the meter reads every request (to ask a stream for its usage, to price a spend limit); send it "
                "uncompressed",
            )
            return
        hidden = provider.hidden_usage(query, headers, doc) if api is not None else None
        if hidden is not None:
            self._refuse(
                reply,
                call,
                "hidden_usage",
                f"memeval meter: a model call is not forwarded when its answer would leave out the usage the meter "
                f"reads: {hidden}; drop it",
            )
            return
        upstream = self._upstreams.get(provider.name)
        if upstream is None:
            self._refuse(reply, call, "no_upstream", f"memeval meter: no {provider.name!r} upstream is configured")
            return
        if api is not None:
            held: Reservation | SpendPool
            if self._ledger.limited(caller.trial_id):
                if (unbounded := provider.unbounded_input(doc)) is not None:
                    self._refuse(reply, call, "budget", _unbounded_message(call, unbounded))
                    return
                worst = self._worst_case(call, body, doc)
                held = self._ledger.reserve(caller.trial_id, worst)
                if isinstance(held, SpendPool):
                    self._refuse(reply, call, "budget", _budget_message(call, held, worst, request_tier(doc)))
                    return
            else:  # nothing to admit against: the worst case is priced only if the cost stays unknown
                known = call
                held = self._ledger.hold_unlimited(caller.trial_id, lambda: self._worst_case(known, body, doc))
            call = replace(call, reservation=held)
        self._ledger.call_began(caller.trial_id)  # the runner waits for it before reading the trial
        try:
            await self._forward(request, reply, call, upstream, body)
        finally:
            if call.reservation is not None:
                call.reservation.settle(None)  # only if `_record` never ran: charge the worst case
            self._ledger.call_ended(caller.trial_id)

    def _worst_case(self, call: Call, body: bytes, doc: Any) -> float | None:
        """The most the call can cost (USD), reserved against its limits; None: unpriced.

        `doc` is the request body parsed (`_request_doc`), None when it is not a readable JSON object.
        """
        return worst_case_usd(
            self._prices,
            provider=call.provider.genai_prices_id,
            model=call.requested_model,
            prompt_bytes=len(body),
            max_output_tokens=call.provider.max_output_tokens(doc),
            at=call.started_at,
            choices=call.provider.output_choices(doc),
            tier=request_tier(doc),
        )

    def _refuse(self, reply: Reply, call: Call, refusal: Refusal, message: str) -> None:
        answer = error_answer(call.provider, refusal, message)
        _answer(reply, answer)
        if call.api is not None:
            self._record(
                call,
                answer.status,
                ParsedUsage(),
                streamed=False,
                ttfb=None,
                forwarded=refusal == "unreachable",
                error=message,
            )

    async def _forward(self, request: Request, reply: Reply, call: Call, upstream: Upstream, body: bytes) -> None:
        assert self._pool is not None, "ForwardApp.start() was not called"
        relay = Relay(reply, call, keep=self._on_bodies is not None)
        try:
            await self._pool.exchange(
                call.provider.upstream_url(upstream.base_url, request.path, request.query),
                request.method,
                _request_headers(request.headers, call.provider, upstream, identity_only=call.hide_usage_chunk),
                body,
                relay,
            )
        except UpstreamUnreachable as exc:
            message = f"memeval meter: upstream {upstream.base_url} unreachable: {exc}"
            self._refuse(reply, call, "unreachable", message)
            return
        except asyncio.CancelledError:
            # The proxy is stopping (the run's end, ^C) with the call still in flight: it was forwarded, and the
            # provider bills what it generates, but its usage never came. Unrecorded, the call was on no record at
            # all and its trial's cost read as known: an agent could start a long call and exit, and have it
            # uncounted. Recorded as an answered call whose usage was not read: its cost, and its trial's, unknown.
            if call.api is not None:
                usage = relay.meter.finish() if relay.meter is not None else ParsedUsage(error="no response was read")
                self._record(
                    call,
                    relay.status,
                    usage,
                    streamed=relay.streamed,
                    ttfb=relay.ttfb,
                    forwarded=True,
                    error=f"{usage.error or 'the response ended before its terminal event'}: {CUT_AT_STOP}",
                )
            raise
        if call.api is not None:
            assert relay.meter is not None
            self._record(
                call,
                relay.status,
                relay.meter.finish(),
                streamed=relay.streamed,
                ttfb=relay.ttfb,
                forwarded=True,
                error=relay.error,
                bodies=None if relay.kept is None else (body, b"".join(relay.kept), relay.encoding),
            )

    def _record(
        self,
        call: Call,
        status: int,
        usage: ParsedUsage,
        *,
        streamed: bool,
        ttfb: float | None,
        forwarded: bool,
        error: str | None,
        bodies: tuple[bytes, bytes, str | None] | None = None,
    ) -> None:
        assert call.api is not None
        ok = 200 <= status < 300
        if ok or usage.has_usage:
            # An answer that says what it used is billed as it says, whatever its status: an error status with a
            # usage object (an OpenAI-compatible server's failed Responses object) is no free call. The providers'
            # documented error bodies (Anthropic's, OpenAI's, Gemini's) carry none: such an answer is not billed.
            cost = call_cost(
                self._prices,
                usage,
                provider=call.provider.genai_prices_id,
                models=(usage.model, call.requested_model),
                at=call.started_at,
                tier=call.tier,
                long_cache=call.long_cache,
            )
        else:  # error answers without usage (429, 529, 5xx, refusals) are not billed
            cost = Cost(cost_usd=None, reason="usage_missing")
        record = ModelCall(
            call_id=uuid.uuid4().hex,
            trial_id=call.caller.trial_id,
            role=call.caller.role,
            provider=call.provider.name,
            api=call.api,
            requested_model=call.requested_model,
            response_model=usage.model,
            status=status,
            attempt=call.attempt,
            streamed=streamed,
            completed=ok and usage.completed and error is None,
            forwarded=forwarded,
            input_tokens=usage.input_tokens,
            uncached_input_tokens=usage.uncached_input_tokens,
            output_tokens=usage.output_tokens,
            cache_read_tokens=usage.cache_read_tokens,
            cache_write_tokens=usage.cache_write_tokens,
            reasoning_tokens=usage.reasoning_tokens,
            tool_calls=usage.tool_calls,
            tool_names=usage.tool_names,
            hosted_tool_calls=usage.hosted_tool_calls,
            started_at=call.started_at,
            latency_ms=(time.perf_counter() - call.t0) * 1000,
            ttfb_ms=ttfb,
            cost=cost,
            error=error or usage.error,
            error_status=usage.error_status if ok else None,  # a 4xx/5xx says its status itself
        )
        self._ledger.record(record, call.reservation)
        if bodies is not None and self._on_bodies is not None:
            try:
                self._on_bodies(record, *bodies)
            except Exception:  # noqa: BLE001 - a caller's bug must not stop the proxy
                log.exception("on_bodies raised for call %s", record.call_id)
        if self._on_call is not None:
            try:
                self._on_call(record)
            except Exception:  # noqa: BLE001 - a caller's bug must not stop the proxy
                log.exception("on_call raised for call %s of trial %s", record.call_id, record.trial_id)


def _answer(reply: Reply, answer: ErrorAnswer) -> None:
    reply.answer(answer.status, answer.headers, answer.body)


MAX_RETRY_DIGITS = 6
"""A retry count longer than this is no SDK's (they retry a handful of times): the header is the
agent's to write, so a longer one is ignored rather than read (Python refuses to read an integer of
more than 4,300 digits, and the proxy answered 500)."""


def _attempt(headers: Headers) -> int:
    """The call's 1-based attempt from the SDK's `x-stainless-retry-count` header (the agent's claim), else 1."""
    raw = header(headers, b"x-stainless-retry-count")
    if raw is None:
        return 1
    raw = raw.strip()
    return int(raw) + 1 if raw.isdigit() and len(raw) <= MAX_RETRY_DIGITS else 1


def _content_coding(headers: Headers) -> str | None:
    """The request's content codings other than `identity` (every `Content-Encoding` header), or None.

    A model call whose body is encoded is refused (`encoded_body`): unread, a Chat Completions stream was
    forwarded without asking for its usage, so an agent could make any call's cost unknown at will.
    """
    codings = [
        c.strip().decode("latin-1")
        for k, v in headers
        if k.lower() == b"content-encoding"
        for c in v.split(b",")
        if c.strip().lower() not in (b"", b"identity")
    ]
    return ", ".join(codings) or None


def _request_doc(body: bytes, headers: Headers) -> Any:
    """The request body parsed once, or None when it is content-encoded or not a JSON object.

    Bodies may be large (agents resend the whole conversation every call), so one parse serves
    the usage rewrite, the requested model and the worst case. Parsed as `json.loads` parses bytes
    (`memeval.meter._json`), as a Python server reads them: a body opening with a byte-order mark, or
    in UTF-16 or UTF-32, is read too (it was left unread, so a stream sent so was never asked for its usage).
    """
    if header(headers, b"content-encoding"):
        return None
    try:
        return _json.loads(body)
    except ValueError:
        return None


def _requested_model(doc: Any) -> str | None:
    r"""The request's `model`, a lone surrogate in it read as U+FFFD.

    Kept raw (`"gpt-4o\ud800"`, the agent's text), its `model.called` line could not be encoded and the whole run
    ended in `UnicodeEncodeError`.
    """
    model = doc.get("model") if isinstance(doc, dict) else None
    return utf8_text(model) if isinstance(model, str) else None


def _budget_message(call: Call, pool: SpendPool, worst_usd: float | None, tier: str | None = None) -> str:
    """The refusal a call gets when a pool cannot admit it; `tier`: the service tier the request asks for."""
    if worst_usd is None and tier is not None:
        shown = tier if tier.isidentifier() and len(tier) <= 32 else "(not a short name)"
        why = (
            f"no price is known for model {call.requested_model!r} at service tier {shown!r}, so its cost cannot "
            "be bounded (ask for the standard tier, or give the model's price with --prices)"
        )
    elif worst_usd is None:
        why = (
            f"no price is known for model {call.requested_model!r}, so its cost cannot be bounded "
            "(give its price with --prices)"
        )
    else:
        why = (
            f"known spend {pool.spent_usd:.6f} USD, {pool.charged_usd:.6f} USD charged for calls "
            f"of unknown cost, {pool.reserved_usd:.6f} USD held by calls in flight"
        )
    return (
        f"memeval budget exhausted for trial {call.caller.trial_id!r}: the spend limit of "
        f"{pool.limit_usd:g} USD cannot admit this call ({why}); further model calls are refused"
    )


def _unbounded_message(call: Call, why: str) -> str:
    """The refusal of a call, under a spend limit, whose billed input its body does not bound (`unbounded_input`)."""
    return (
        f"memeval budget: trial {call.caller.trial_id!r} runs under a spend limit, and this call's cost cannot be "
        f"bounded before it is sent: {why}, or run without a spend limit"
    )


def _request_headers(
    headers: Headers,
    provider: ModelProvider,
    upstream: Upstream,
    *,
    identity_only: bool = False,
) -> list[tuple[bytes, bytes]]:
    """The headers sent upstream.

    The caller's, less hop-by-hop and key headers, with the real key, and an `Accept-Encoding` the
    meter can decode (`identity` when the proxy edits the stream).
    """
    drop = HOP_BY_HOP | registry.key_headers() | {b"accept-encoding"}
    out = [(k, v) for k, v in headers if k.lower() not in drop]
    out.append(
        (
            b"accept-encoding",
            readable_accept_encoding(header(headers, b"accept-encoding"), identity_only=identity_only),
        )
    )
    if upstream.api_key is not None:
        out += provider.auth_headers(upstream.api_key.get_secret_value().encode("latin-1"))
    return out
