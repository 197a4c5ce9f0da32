"""The current-state tables recomputed from the chain, and checked against the stored ones.

`fold_chain(store, team)` replays a team's events, in `seq` order, through the same `project`
function the write path uses, into a private in-memory SQLite database: what the projection tables
must hold if nobody touched them. `verify_projections` compares that, row by row and column by
column, with the tables in the store. `memeval audit verify` runs it after the chain walk, and
`pack build` refuses to build when it fails and then builds from the fold itself, never from the
stored tables.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError
from sqlalchemy import create_engine, select
from sqlalchemy.pool import StaticPool
from sqlmodel import Session

from memeval.audit._lifecycle import projection_tables
from memeval.audit._project import project
from memeval.audit._store import SqlAuditStore
from memeval.audit._tables import AuditBase

_KEYS = {"lesson_state": "lesson_id", "contradiction_state": "contradiction_id", "hold_state": "hold_id",
         "memory_state": "memory_id"}  # fmt: skip


def fold_chain(store: SqlAuditStore, team: str) -> Session:
    """A session on an in-memory database holding `team`'s projections folded from its chain.

    The caller closes it. Reads the log in pages (`SqlAuditStore.events`).
    """
    engine = create_engine("sqlite://", poolclass=StaticPool, connect_args={"check_same_thread": False})
    AuditBase.metadata.create_all(engine, tables=[m.__table__ for m in projection_tables()])
    s = Session(engine, autoflush=False, expire_on_commit=False)
    for ev in store.events(team):
        project(s, ev)
    s.flush()
    s.info.pop("audit_rows", None)
    return s


@dataclass(frozen=True)
class ProjectionReport:
    """Whether a team's stored current-state tables equal the fold of its chain.

    Attributes:
        team: the team.
        ok: True when every row and column agrees.
        rows: rows compared (stored and folded, union).
        problem: the first difference, in words (None when ok).
    """

    team: str
    ok: bool
    rows: int
    problem: str | None = None


def _rows(session: Session, model: Any, team: str) -> dict[str, dict[str, Any]]:
    table = model.__table__
    key = _KEYS[table.name]
    out = {}
    for row in session.execute(select(table).where(table.c.team == team)).mappings():
        out[row[key]] = dict(row)
    return out


def verify_projections(store: SqlAuditStore, team: str, folded: Session | None = None) -> ProjectionReport:
    """Compare `team`'s stored projection tables with the fold of its chain (see module docstring).

    Args:
        store: the audit store.
        team: the team.
        folded: a fold made already by `fold_chain` (made here when None).

    A stored body that does not parse as an event (a row edited or cut short) cannot be folded:
    the report then says so (not ok, 0 rows) instead of raising, and the chain walk
    (`verify_chain`) names the row.
    """
    own = folded is None
    try:
        fold = fold_chain(store, team) if folded is None else folded
    except ValidationError as exc:
        return ProjectionReport(team, False, 0, "not recomputed: a stored event's body does not parse as an event "
                                f"({exc.errors()[0]['msg']}); the chain walk names the row")  # fmt: skip
    n = 0
    try:
        with store.read_session() as s:
            for model in projection_tables():
                name = model.__table__.name
                stored, want = _rows(s, model, team), _rows(fold, model, team)
                n += len(set(stored) | set(want))
                for key in sorted(set(stored) | set(want)):
                    if key not in want:
                        return ProjectionReport(team, False, n, f"{name} row {key!r} is not made by any event "
                                                "of the chain: it was added to the table")  # fmt: skip
                    if key not in stored:
                        return ProjectionReport(team, False, n, f"{name} row {key!r} that the chain makes is "
                                                "missing from the table")  # fmt: skip
                    for col, value in want[key].items():
                        if stored[key][col] != value:
                            return ProjectionReport(team, False, n, f"{name} row {key!r}: column {col!r} differs "
                                                    "from what the chain says: the table was altered")  # fmt: skip
    finally:
        if own:
            fold.close()
    return ProjectionReport(team, True, n)
