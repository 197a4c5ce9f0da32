"""The write path's stored-ids lookup searches the (team, sender, sender_event_id) index, sender by sender.

Filtered on team and ids alone, each batch's lookup read every stored row of its team (an ingest
slowed as the store grew: 3 ms a batch on PostgreSQL at 5,000 stored events, 100 ms at 25,000).
`select_keys` with `EVERY_STORED` lists the team's senders first and then searches the index for
each (sender, id) pair. These tests check the rows it finds (every sender's, none of another team)
and, through the databases' own plans, that it searches the index with all three columns.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import Connection, create_engine, text

from memeval.audit import SqlAuditStore
from memeval.audit._project import EVERY_STORED, _key_sql, select_keys

_SLICE = {"slice_id": "sl", "slice_hash": "h"}


def _store_three_senders(store: SqlAuditStore, make: Any) -> None:
    """Events `e1`..`e3` of team `t1` under senders `a`, `b`, `c` (each its own: another actor); `e1` of team `t2`."""
    for sender, ids in (("a", ["e1", "e2"]), ("b", ["e2", "e3"]), ("c", ["e3"])):
        store.append(
            [make("session.started", None, _SLICE, team="t1", id=i, actor=("agent", f"bot-{sender}")) for i in ids],
            sender=sender,
        )
    store.append([make("session.started", None, _SLICE, team="t2", id="e1", session="s_x")], sender="a")


def test_the_lookup_finds_each_sender_s_copy_of_an_id_in_its_team_only(store: SqlAuditStore, make: Any) -> None:
    _store_three_senders(store, make)
    with store.engine.connect() as conn:
        rows = select_keys(
            conn, "audit_event", ("sender", "sender_event_id"), {"team": "t1", "sender": EVERY_STORED},
            "sender_event_id", ["e1", "e2", "e3", "e4"],
        )  # fmt: skip
        none = select_keys(
            conn, "audit_event", ("sender",), {"team": "t3", "sender": EVERY_STORED}, "sender_event_id", ["e1"]
        )
    assert sorted(rows) == [("a", "e1"), ("a", "e2"), ("b", "e2"), ("b", "e3"), ("c", "e3")]
    assert none == []


def _plan(conn: Connection, team: str, ids: list[str]) -> str:
    """The database's plan of the lookup, as one string."""
    sql, params = _key_sql(conn, "audit_event", ("sender", "sender_event_id"), {"team": team, "sender": EVERY_STORED},
                           "sender_event_id", ids)  # fmt: skip
    if conn.dialect.name == "sqlite":
        rows = conn.exec_driver_sql("EXPLAIN QUERY PLAN " + sql, params).fetchall()
        return "\n".join(str(r[-1]) for r in rows)
    return "\n".join(r[0] for r in conn.exec_driver_sql("EXPLAIN " + sql, params).fetchall())


def test_the_lookup_searches_the_index_by_team_sender_and_id(db_url: str) -> None:
    """20,000 rows of one team under two senders, bodies of 600 characters (a stored event's are 300-1,000).

    On a table of short rows a scan of the team costs less than the searches by PostgreSQL's
    reckoning; at this size it searches (on a store of 25,000 bench events: 0.38 s of server CPU
    for 5,000 more events, against 5.4 s reading the team's rows).
    """
    SqlAuditStore(db_url, fingerprint_key=b"k" * 32).engine.dispose()  # the tables
    engine = create_engine(db_url)
    try:
        with engine.begin() as conn:
            conn.execute(
                text(
                    "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 20000) "
                    "INSERT INTO audit_event (event_id, team, seq, type, occurred_us, recorded_us, sender, "
                    "sender_event_id, actor_kind, actor_id, quantity, prev_hash, hash, body) "
                    "SELECT 'ev_' || i, 't1', i, 'session.started', 0, 0, CASE WHEN i % 2 = 0 THEN 'a' ELSE 'b' END, "
                    "'e' || i, 'agent', 'a', 1, 'p', 'h', '{\"text\": \"' || substr(i || :pad, 1, 600) || '\"}' FROM n"
                ),
                {"pad": "x" * 600},
            )
            if conn.dialect.name == "postgresql":
                conn.exec_driver_sql("ANALYZE audit_event")  # the statistics a running database keeps
        with engine.connect() as conn:
            plan = _plan(conn, "t1", [f"e{i}" for i in range(1, 20000, 200)])
    finally:
        engine.dispose()
    if db_url.startswith("sqlite"):
        assert "(team=? AND sender=? AND sender_event_id=?)" in plan, plan
    else:
        # the index condition holds all three columns (no filter on the ids over the team's rows)
        cond = next((line for line in plan.splitlines() if "Index Cond" in line and "sender_event_id" in line), "")
        assert "team" in cond and "sender = ANY" in cond, plan
        assert "Filter" not in plan.split("InitPlan")[0], plan


def test_a_store_without_statistics_still_finds_the_rows(db_url: str) -> None:
    """A fresh PostgreSQL database (no ANALYZE yet) may plan a scan of the team: the rows found are the same."""
    engine = create_engine(db_url)
    try:
        SqlAuditStore(db_url, fingerprint_key=b"k" * 32).engine.dispose()
        with engine.begin() as conn:
            for n, (sender, eid) in enumerate((("x", "e1"), ("y", "e1"), ("x", "e2"))):
                conn.execute(
                    text(
                        "INSERT INTO audit_event (event_id, team, seq, type, occurred_us, recorded_us, sender, "
                        "sender_event_id, actor_kind, actor_id, quantity, prev_hash, hash, body) VALUES "
                        "(:ev, 't', :seq, 'session.started', 0, 0, :s, :e, 'agent', 'a', 1, 'p', 'h', '{}')"
                    ),
                    {"ev": f"ev_{n}", "seq": n + 1, "s": sender, "e": eid},
                )
        with engine.connect() as conn:
            rows = select_keys(
                conn, "audit_event", ("sender", "sender_event_id"), {"team": "t", "sender": EVERY_STORED},
                "sender_event_id", ["e1"],
            )  # fmt: skip
    finally:
        engine.dispose()
    assert sorted(rows) == [("x", "e1"), ("y", "e1")]
