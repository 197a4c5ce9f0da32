"""`SqlAuditStore.rebuild_projections` itself refuses a broken chain (left by breaker14, which fixed the CLI).

`memeval audit rebuild` walked the chain first and refused a broken one, but the function it calls
replayed whatever the stored bodies said: a program (or the review app's maintenance) calling it
wrote an edited body's text into the tables the review pages read, and a team whose head row was
deleted had its tables emptied and not rebuilt. The function now checks every row as `audit
verify` does, and each head, inside its one transaction: a broken chain raises `AuditStoreError`
and the tables stay as they were. SQLite and PostgreSQL, real store.
"""

from __future__ import annotations

import pytest
from sqlalchemy import text

from memeval.errors import AuditStoreError


def _lessons(store) -> list[tuple[str, str]]:
    with store.engine.connect() as c:
        return sorted((str(a), str(b)) for a, b in c.execute(text("SELECT lesson_id, text FROM lesson_state")))


def test_rebuild_refuses_an_edited_body_and_a_deleted_head(store, make) -> None:
    store.append([make("lesson.proposed", f"les_{i}", {"text": f"Ship order {i} by courier."}) for i in range(3)],
                 sender="s")  # fmt: skip
    assert store.rebuild_projections() == 3  # an intact chain replays
    before = _lessons(store)
    with store.engine.begin() as c:  # one stored body rewritten in place, its hash left as it was
        n = c.execute(text("UPDATE audit_event SET body = replace(body, 'Ship order 1', 'Refund order 1') "
                           "WHERE subject = 'les_1'")).rowcount  # fmt: skip
        assert n == 1
    with pytest.raises(AuditStoreError, match=r"fernhill's chain is broken at seq 2: the stored body does not match"):
        store.rebuild_projections()
    with pytest.raises(AuditStoreError, match="broken at seq 2"):
        store.rebuild_projections("fernhill")
    assert _lessons(store) == before  # nothing written, nothing deleted
    with store.engine.begin() as c:  # put the body back, then lose the head row
        c.execute(text("UPDATE audit_event SET body = replace(body, 'Refund order 1', 'Ship order 1') "
                       "WHERE subject = 'les_1'"))  # fmt: skip
        c.execute(text("DELETE FROM audit_head WHERE team = 'fernhill'"))
    with pytest.raises(AuditStoreError, match="no head row"):
        store.rebuild_projections()  # not emptied and skipped as a team without a head
    assert _lessons(store) == before
