"""Fixtures of the audit tests: a real store on SQLite and on PostgreSQL, and an event builder.

PostgreSQL: the session's server (`tests/pg_fixture.py`: `MEMEVAL_TEST_PG_URL`, else a throwaway
cluster). Every test gets its own SQLite file or its own
PostgreSQL database, so tests never see each other's events.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from pg_fixture import PgServer, need_pg
from served import Served, served

from memeval.audit import EVENT_ADAPTER, QUEUE_TYPES, AuditEvent, SqlAuditStore

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(params=["sqlite", "postgres"])
def backend(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
def db_url(backend: str, tmp_path: Path, pg_server: PgServer | None) -> str:
    if backend == "sqlite":
        return f"sqlite:///{tmp_path / 'audit.sqlite'}"
    return need_pg(pg_server).new_database()


class QueueStore(SqlAuditStore):
    """The real store, whose `append` without an explicit origin takes a batch of decisions as the
    review queue's (the queue authenticated the person) and anything else as ingest.

    For tests of the state machines and projections; the authority tests pass `origin` or go
    through `ingest_lines` / HTTP, which always name their origin.
    """

    def append(self, drafts, *, sender, origin=None):  # type: ignore[no-untyped-def,override]
        if origin is None:
            origin = "review" if drafts and all(d.type in QUEUE_TYPES for d in drafts) else "ingest"
        return super().append(drafts, sender=sender, origin=origin)


@pytest.fixture(scope="session")
def plain_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """One `memeval audit serve` (`served`, no settings added) for the tests of group `plain-served`.

    Starting one costs about 6 CPU s (imports, the hold and redaction guards' engines); the tests that
    need a plain server share this one, each as a team of its own (`served_team`). A test asking for it
    carries `pytest.mark.xdist_group("plain-served")`, so one xdist worker starts it once.
    """
    with served(tmp_path_factory.mktemp("plain-served"), {}) as running:
        yield running


@pytest.fixture
def served_team(plain_server: Served, request: pytest.FixtureRequest) -> Served:
    """`plain_server` as a team of this test's own (a new token; its texts; the log from the test's start)."""
    group = request.node.get_closest_marker("xdist_group")
    assert group is not None and group.args == ("plain-served",), "mark the test xdist_group('plain-served')"
    return plain_server.for_team("served-" + hashlib.sha256(request.node.nodeid.encode()).hexdigest()[:12])


@pytest.fixture
def store(db_url: str) -> Iterator[SqlAuditStore]:
    st = QueueStore(db_url, fingerprint_key=secrets.token_bytes(32))
    yield st
    st.engine.dispose()
    st._write_engine.dispose()


Make = Callable[..., AuditEvent]


@pytest.fixture
def make() -> Make:
    """Build a draft: make(type, subject=..., payload=..., actor=("agent","a1"), at=..., id=...)."""
    counter = iter(range(1, 10**9))

    def _make(
        typ: str,
        subject: str | None = None,
        payload: dict[str, Any] | None = None,
        *,
        actor: tuple[str, str] = ("agent", "support-bot"),
        at: str = "2026-11-17T10:00:00Z",
        session: str | None = "ses_1",
        id: str | None = None,
        team: str = "fernhill",
    ) -> AuditEvent:
        return EVENT_ADAPTER.validate_python(
            {
                "type": typ,
                "occurred_at": at,
                "team": team,
                "sender_event_id": id or f"e{next(counter)}",
                "actor": {"kind": actor[0], "id": actor[1]},
                "session": session,
                "subject": subject,
                "payload": payload or {},
            }
        )

    return _make
