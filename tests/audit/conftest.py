"""Fixtures of the audit tests: a real store on SQLite and on PostgreSQL, and an event builder.

PostgreSQL: the URL comes from `MEMEVAL_TEST_PG_URL`; when unset, one throwaway cluster is
started for the session with `scripts/pg`. When neither works, PostgreSQL tests FAIL if `CI` is
set and are skipped with a loud reason otherwise. Every test gets its own SQLite file or its own
PostgreSQL database, so tests never see each other's events.
"""

from __future__ import annotations

import os
import secrets
import subprocess
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from patience import patient
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

from memeval.audit import EVENT_ADAPTER, QUEUE_TYPES, AuditEvent, SqlAuditStore

ROOT = Path(__file__).resolve().parents[2]


class PgServer:
    """A PostgreSQL server the tests may create databases on."""

    def __init__(self, url: str, data_dir: Path | None) -> None:
        self.url = url
        self.data_dir = data_dir
        """The cluster's directory when this session started it (so its files can be grepped)."""

    def new_database(self) -> str:
        name = "t_" + uuid.uuid4().hex[:16]
        admin = create_engine(make_url(self.url).set(database="postgres"), isolation_level="AUTOCOMMIT")
        with admin.connect() as c:
            c.execute(text(f'CREATE DATABASE "{name}"'))
        admin.dispose()
        return make_url(self.url).set(database=name).render_as_string(hide_password=False)


@pytest.fixture(scope="session")
def pg_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[PgServer | None]:
    url = os.environ.get("MEMEVAL_TEST_PG_URL")
    if url:
        yield PgServer(url, None)
        return
    d = Path("/tmp") / f"memeval-test-pg-{uuid.uuid4().hex[:8]}"
    proc = subprocess.run(
        [str(ROOT / "scripts" / "pg"), "start", str(d)], capture_output=True, text=True, timeout=patient(180)
    )
    if proc.returncode != 0:
        yield None
        return
    try:
        yield PgServer(proc.stdout.strip().splitlines()[-1], d)
    finally:
        subprocess.run([str(ROOT / "scripts" / "pg"), "stop", str(d)], capture_output=True, timeout=patient(60))


def _need_pg(pg: PgServer | None) -> PgServer:
    if pg is None:
        why = "PostgreSQL unavailable: MEMEVAL_TEST_PG_URL unset and `scripts/pg start` failed"
        if os.environ.get("CI"):
            pytest.fail(why)
        pytest.skip("!!! SKIPPED POSTGRES TESTS !!! " + why)
    return pg


@pytest.fixture(params=["sqlite", "postgres"])
def backend(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
def db_url(backend: str, tmp_path: Path, pg_server: PgServer | None) -> str:
    if backend == "sqlite":
        return f"sqlite:///{tmp_path / 'audit.sqlite'}"
    return _need_pg(pg_server).new_database()


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
