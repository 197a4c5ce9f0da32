"""What every web page memeval serves shares: security headers on each response.

Used by the review queue (`memeval serve`) and the run viewer (`memeval view`). Each passes its
own Content-Security-Policy; both forbid scripts, because the text they show (held items, agent
output) is hostile by definition.
"""

from __future__ import annotations

from starlette.types import ASGIApp, Message, Receive, Scope, Send

BASE_HEADERS: tuple[tuple[bytes, bytes], ...] = (
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),
    (b"cache-control", b"no-store"),
)


class SecurityHeaders:
    """ASGI middleware adding a Content-Security-Policy and `BASE_HEADERS` to every HTTP response.

    Args:
        app: the wrapped application.
        csp: the Content-Security-Policy value (see the CSP Level 3 specification).
        referrer: the `Referrer-Policy` in place of `BASE_HEADERS`' `no-referrer` (None: that one). The
            review pages send `same-origin`: under `no-referrer` a browser sends `Origin: null` with
            every form post, their own included, so the pages' origin check could not tell them apart.

    A header the application already set is left as it is.
    """

    def __init__(self, app: ASGIApp, csp: str, referrer: str | None = None) -> None:
        self.app = app
        base = [(k, referrer.encode() if referrer and k == b"referrer-policy" else v) for k, v in BASE_HEADERS]
        self.headers = ((b"content-security-policy", csp.encode()), *base)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                names = {k.lower() for k, _ in message.get("headers", [])}
                extra = [(k, v) for k, v in self.headers if k not in names]
                message["headers"] = [*message.get("headers", []), *extra]
            await send(message)

        await self.app(scope, receive, send_with_headers)


FORM_MAX_BYTES = 4 * 1024 * 1024
"""The largest request body the review pages and their API read (4 MiB). Their largest form, a bulk
decision of a queue page (at most 1,000 fields, Starlette's own limit) with a reason of 65,536
characters each written as `%XX%XX%XX`, is under 1 MiB."""

_TOO_LARGE = b"the request body is larger than this page takes (4 MiB): nothing was read or done"


class BoundedBody:
    """ASGI middleware answering 413 to a request whose body is longer than `limit` bytes.

    Starlette reads a form whole before any check of the route runs (the CSRF token and the login are
    form fields): an unauthenticated `POST /login` of 300 MiB was parsed to its end, 85 s of the event
    loop's time at load 12 with 264 MiB held, and answered 403. A declared `Content-Length` over the
    bound is answered at once, unread; a chunked body is cut where it passes the bound.

    Args:
        app: the wrapped application.
        limit: bytes a body may have.
        exempt: paths with a bound of their own (the ingest endpoint's batches), passed through.
    """

    def __init__(self, app: ASGIApp, limit: int = FORM_MAX_BYTES, exempt: tuple[str, ...] = ()) -> None:
        self.app = app
        self.limit = limit
        self.exempt = exempt

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["path"] in self.exempt:
            await self.app(scope, receive, send)
            return
        declared = dict(scope["headers"]).get(b"content-length", b"")
        if declared.isdigit() and int(declared) > self.limit:
            await _answer_too_large(send)
            return
        got = 0
        started = False
        answered = False

        async def bounded_receive() -> Message:
            nonlocal got, answered
            if answered:
                return {"type": "http.disconnect"}
            message = await receive()
            if message["type"] == "http.request":
                got += len(message.get("body", b""))
                if got > self.limit and not started:
                    # answered here: the app sees the client gone, and its own answer is dropped
                    answered = True
                    await _answer_too_large(send)
                    return {"type": "http.disconnect"}
            return message

        async def watched_send(message: Message) -> None:
            nonlocal started
            if answered:
                return
            started = started or message["type"] == "http.response.start"
            await send(message)

        await self.app(scope, bounded_receive, watched_send)


async def _answer_too_large(send: Send) -> None:
    headers = [(b"content-type", b"text/plain; charset=utf-8"), (b"connection", b"close")]
    await send({"type": "http.response.start", "status": 413, "headers": headers})
    await send({"type": "http.response.body", "body": _TOO_LARGE})
