"""What a pooled psycopg connection sends to PostgreSQL, read from libpq's own trace (`traced_messages`).

For tests that count round trips or check which statements a code path sends. Each traced message is
one line `F\t<length>\t<type>\t<contents>` (sent by the client; `B` lines are the server's answers):
`Query` (a simple-protocol statement), `Parse`/`Bind`/`Execute` (the extended protocol, pipelines),
`Sync`, `CopyData`, `CopyDone`.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, event

Sent = tuple[str, str]
"""One message the client sent: (its type, e.g. `Parse` or `Sync`; its contents as traced)."""


def traced_messages(engine: Engine, trace: Path, run: Callable[[], Any]) -> list[Sent]:
    """The messages the client sent on `engine`'s connections while `run()` ran, in order.

    Tracing starts at each checkout and stops at its checkin (`trace` is the file libpq writes).
    """
    import psycopg

    def on_checkout(dbapi_conn: Any, _rec: Any, _proxy: Any) -> None:
        pgconn = dbapi_conn.pgconn
        pgconn.trace(out.fileno())
        pgconn.set_trace_flags(psycopg.pq.Trace.SUPPRESS_TIMESTAMPS | psycopg.pq.Trace.REGRESS_MODE)

    def on_checkin(dbapi_conn: Any, _rec: Any) -> None:
        dbapi_conn.pgconn.untrace()

    with trace.open("w") as out:
        event.listen(engine, "checkout", on_checkout)
        event.listen(engine, "checkin", on_checkin)
        try:
            run()
        finally:
            event.remove(engine, "checkout", on_checkout)
            event.remove(engine, "checkin", on_checkin)
    sent = [line.split("\t") for line in trace.read_text().splitlines() if line.startswith("F\t")]
    return [(parts[2], parts[3] if len(parts) > 3 else "") for parts in sent]


WAITS = frozenset({"Sync", "Query", "CopyDone"})
"""Messages after which the client waits for the server's answer: one round trip each (`round_trips`)."""


def round_trips(sent: list[Sent]) -> list[list[Sent]]:
    """`sent` cut after each message the client then waits on (`WAITS`): one group a round trip, in order.

    Messages after the last wait (a pipeline's closing `Flush`) are no round trip and are left out.
    """
    groups: list[list[Sent]] = [[]]
    for message in sent:
        groups[-1].append(message)
        if message[0] in WAITS:
            groups.append([])
    return groups[:-1]
