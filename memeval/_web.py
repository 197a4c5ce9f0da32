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

    A header the application already set is left as it is.
    """

    def __init__(self, app: ASGIApp, csp: str) -> None:
        self.app = app
        self.headers = ((b"content-security-policy", csp.encode()), *BASE_HEADERS)

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
