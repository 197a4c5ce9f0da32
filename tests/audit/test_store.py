"""The store: idempotent replay, all-or-nothing batches, the hash chain and tampering, projections."""

from __future__ import annotations

import pytest
from sqlalchemy import inspect, select, text

from memeval.audit import GENESIS_HASH, verify_chain
from memeval.audit._tables import AuditEventRow, SchemaMigration
from memeval.errors import ResentUnderAnotherSender, TransitionRefused


def _week(make, n=5):
    return [
        make(
            "session.started",
            None,
            {"slice_id": "sl_1", "slice_hash": "sha256:ab"},
            session=f"s{i}",
            id=f"s{i}",
        )
        for i in range(n)
    ]


def test_idempotent_replay_stores_once(store, make):
    batch = _week(make) + [
        make(
            "memory.written",
            "m1",
            {"text": "Orders after 14:00 leave the next working day."},
            id="m1",
        )
    ]
    first = store.append(batch, sender="s1")
    again = store.append(batch, sender="s1")
    assert (first.stored, again.stored, again.duplicates) == (6, 0, 6)
    # repeats are skipped per sender; the same events under another sender are refused, not stored twice
    with pytest.raises(ResentUnderAnotherSender) as ei:
        store.append(batch, sender="s2")
    assert (ei.value.earlier_sender, ei.value.index) == ("s1", 0)
    # the same ids with other contents (another time) are s2's own events
    own = [e.model_copy(update={"occurred_at": e.occurred_at.replace(hour=11)}) for e in batch]
    assert store.append(own, sender="s2").stored == 6
    assert [e.seq for e in store.events("fernhill")] == list(range(1, 13))


def test_duplicate_inside_one_batch_stored_once(store, make):
    e = make("session.started", None, {"slice_id": "sl", "slice_hash": "h"}, id="x")
    assert store.append([e, e], sender="s").stored == 1


def test_batch_is_all_or_nothing(store, make):
    good = _week(make, 3)
    bad = make("lesson.proposed", "les_dup", {"text": "Twice."})
    with pytest.raises(TransitionRefused) as ei:
        store.append([*good, bad, make("lesson.proposed", "les_dup", {"text": "Twice."})], sender="s")
    assert ei.value.index == 4
    assert list(store.events("fernhill")) == []
    assert store.append(good, sender="s").stored == 3


def test_chain_links_and_hashes(store, make):
    store.append(_week(make, 4), sender="s")
    evs = list(store.events("fernhill"))
    assert evs[0].prev_hash == GENESIS_HASH
    for a, b in zip(evs, evs[1:], strict=False):
        assert b.prev_hash == a.hash
    for e in evs:
        assert e.hash == e.compute_hash()
        assert e.recorded_at is not None and e.recorded_at.utcoffset().total_seconds() == 0
    assert verify_chain(store, "fernhill").ok


@pytest.mark.parametrize(
    "tamper",
    [
        "UPDATE audit_event SET body = REPLACE(body, 'sl_1', 'sl_9') WHERE seq = 3",
        "UPDATE audit_event SET type = 'memory.written' WHERE seq = 3",
        "UPDATE audit_event SET occurred_us = occurred_us + 1 WHERE seq = 3",
        "DELETE FROM audit_event WHERE seq = 3",
    ],
)
def test_tampering_is_detected(store, make, tamper):
    store.append(_week(make, 5), sender="s")
    with store.engine.begin() as c:
        c.execute(text(tamper))
    rep = verify_chain(store, "fernhill")
    assert not rep.ok
    assert rep.broken_seq == 3 and rep.checked == 2, rep


def test_tampering_last_row_with_recomputed_hash_is_detected(store, make):
    store.append(_week(make, 3), sender="s")
    import hashlib

    with store.engine.begin() as c:
        body = c.execute(text("SELECT body FROM audit_event WHERE seq = 3")).scalar().replace("sl_1", "sl_X")
        h = "sha256:" + hashlib.sha256(body.encode()).hexdigest()
        c.execute(text("UPDATE audit_event SET body = :b, hash = :h WHERE seq = 3"), {"b": body, "h": h})
    rep = verify_chain(store, "fernhill")
    assert not rep.ok and "head" in rep.problem


def test_projections_rebuild_to_the_same_rows(store, make):
    p = ("person", "p_rev")
    store.append(
        [
            make("lesson.proposed", "l1", {"text": "Start the payment mock first."}),
            make("lesson.proposed", "l2", {"text": "Discounts stop at 10%."}),
            make(
                "contradiction.opened",
                "c1",
                {"a_item": "m1", "a_text": "x", "b_item": "m2", "b_text": "y"},
            ),
            make("memory.written", "m1", {"text": "Refunds within 14 days."}),
            make("memory.retired", "m1", {"reason": "Superseded."}),
        ],
        sender="s",
    )
    store.append([make("lesson.approved", "l1", {"decision_id": "d1"}, actor=p)], sender="s")
    from memeval.audit._tables import PROJECTION_TABLES

    def snapshot():
        with store.read_session() as s:
            return {
                m.__tablename__: sorted(r.model_dump_json() for r in s.execute(select(m)).scalars())
                for m in PROJECTION_TABLES
            }

    before = snapshot()
    assert store.rebuild_projections() == 6
    assert snapshot() == before
    assert before["lesson_state"] and before["memory_state"]


def test_migrations_are_recorded_once(store, db_url):
    from memeval.audit import SqlAuditStore

    SqlAuditStore(db_url, fingerprint_key=b"k" * 32)  # re-open: nothing to apply
    with store.read_session() as s:
        rows = s.execute(select(SchemaMigration.version, SchemaMigration.name)).all()
    assert [tuple(r) for r in rows] == [(1, "0001_initial"), (2, "0002_covering_count_index")]
    with store.read_session() as s:
        names = {ix["name"] for ix in inspect(s.connection()).get_indexes("audit_event")}
    assert "ix_audit_event_counts" in names and "ix_audit_event_team_type_occurred" not in names


def test_no_update_or_delete_path_on_the_log():
    """The log table is only ever inserted into: no module builds an UPDATE or DELETE of it."""
    import pathlib
    import re

    src = pathlib.Path(__file__).resolve().parents[2] / "memeval" / "audit"
    for f in src.glob("*.py"):
        code = f.read_text()
        assert not re.search(r"(update|delete)\(\s*AuditEventRow", code), f
        assert not re.search(r"(UPDATE|DELETE FROM)\s+audit_event\b", code), f
    assert AuditEventRow.__tablename__ == "audit_event"


def test_teams_have_separate_chains(store, make):
    store.append(
        [
            make("session.started", None, {"slice_id": "a", "slice_hash": "h"}, team="fernhill"),
            make("session.started", None, {"slice_id": "a", "slice_hash": "h"}, team="oakbank"),
        ],
        sender="s",
    )
    assert [e.seq for e in store.events("oakbank")] == [1]
    assert store.teams() == ["fernhill", "oakbank"]
    assert all(verify_chain(store, t).ok for t in store.teams())


def test_stored_body_is_the_body_of_the_stored_copy(make):
    """The write path builds a stored event's body from the draft's (`stored_body`); the bytes it hashes
    are those of `body()` on the stored copy, for every event type of the sample week and odd times."""
    import datetime as dt
    import json
    from pathlib import Path

    from memeval.audit._events import EVENT_ADAPTER, canonical_json
    from memeval.audit._store import stored_body

    week = Path(__file__).resolve().parents[2] / "samples" / "fernhill" / "audit" / "week.jsonl"
    drafts = [EVENT_ADAPTER.validate_python(json.loads(line)) for line in week.read_text().splitlines()]
    times = [
        dt.datetime(2026, 12, 2, 9, 0, tzinfo=dt.UTC),
        dt.datetime(2026, 12, 2, 9, 0, 0, 1, tzinfo=dt.UTC),
        dt.datetime(2026, 12, 2, 9, 0, 0, 123456, tzinfo=dt.UTC),
        dt.datetime(1999, 1, 1, 23, 59, 59, 999999, tzinfo=dt.UTC),
    ]
    for k, draft in enumerate(drafts):
        fields = {
            "event_id": f"ev_{k:024x}",
            "seq": k + 1,
            "recorded_at": times[k % len(times)],
            "sender": "sample",
            "prev_hash": "sha256:" + f"{k:064x}",
        }
        assert canonical_json(stored_body(draft, fields)) == canonical_json(draft.model_copy(update=fields).body())
    assert len({d.type for d in drafts}) >= 5


def test_log_row_is_the_row_of_the_stored_copy():
    """The write path builds a log row from the draft and the store fields (`log_row`); its values are
    `row_values` of the stored copy (the one `memeval audit verify` compares rows with), column for column,
    for every event type of the sample week, blanked secrets (count, facet) and holds included."""
    import json
    from pathlib import Path

    from memeval.audit._events import EVENT_ADAPTER, canonical_json
    from memeval.audit._sanitize import Sanitizer
    from memeval.audit._store import LOG_COLUMNS, log_row, row_values, stored_body
    from memeval.hold import get_hold_detector
    from memeval.redact import get_redactor

    week = Path(__file__).resolve().parents[2] / "samples" / "fernhill" / "audit" / "week.jsonl"
    drafts = [EVENT_ADAPTER.validate_python(json.loads(line)) for line in week.read_text().splitlines()]
    sanitizer = Sanitizer(get_redactor(), get_hold_detector(), b"k" * 32)
    expanded = [ev for evs in sanitizer.sanitize_many(drafts, "sample") for ev in evs]
    assert {"secret.blanked", "hold.created"} <= {e.type for e in expanded}
    for k, ev in enumerate(expanded):
        fields = _stored_fields(k)
        body = canonical_json(stored_body(ev, fields))
        digest = "sha256:" + f"{k + 7:064x}"
        want = row_values(ev.model_copy(update={**fields, "hash": digest}), body)
        assert log_row(ev, fields, digest, body) == tuple(want[c] for c in LOG_COLUMNS), ev.type


def _stored_fields(k: int) -> dict[str, object]:
    """The fields the store adds to the `k`-th event (0-based) of a made-up log."""
    import datetime as dt

    return {
        "event_id": f"ev_{k:024x}",
        "seq": k + 1,
        "recorded_at": dt.datetime(2026, 12, 2, 9, 0, 0, k, tzinfo=dt.UTC),
        "sender": "sample",
        "prev_hash": "sha256:" + f"{k:064x}",
    }


def test_canonical_body_is_canonical_json_of_the_stored_copy():
    """`canonical_body` (msgspec for bodies without floats) gives `canonical_json` of the stored copy's
    `body()` and its UTF-8 bytes: every event of the sample week once sanitised (holds with their float
    score, blanked secrets), odd characters in text, and a hold whose score msgspec would write otherwise."""
    import json
    from pathlib import Path

    from memeval.audit import _payloads as p
    from memeval.audit._events import EVENT_ADAPTER, canonical_json
    from memeval.audit._logrow import canonical_body
    from memeval.audit._sanitize import Sanitizer
    from memeval.hold import get_hold_detector
    from memeval.redact import get_redactor

    week = Path(__file__).resolve().parents[2] / "samples" / "fernhill" / "audit" / "week.jsonl"
    drafts = [EVENT_ADAPTER.validate_python(json.loads(line)) for line in week.read_text().splitlines()]
    mem = next(d for d in drafts if d.type == "memory.written")
    weird = 'tab\t nl\n ctl\x01\x1f del\x7f ls\u2028 q" bs\\ é 漢 😀 \ufeff'
    drafts.append(mem.model_copy(update={"payload": mem.payload.model_copy(update={"text": weird})}))
    sanitizer = Sanitizer(get_redactor(), get_hold_detector(), b"k" * 32)
    expanded = [ev for evs in sanitizer.sanitize_many(drafts, "sample") for ev in evs]
    held = next(e for e in expanded if e.type == "hold.created")
    expanded.append(held.model_copy(update={"payload": held.payload.model_copy(update={"score": 1e-05})}))
    assert isinstance(expanded[-1].payload, p.HoldCreated)
    assert {"secret.blanked", "hold.created", "memory.written"} <= {e.type for e in expanded}
    for k, ev in enumerate(expanded):
        fields = _stored_fields(k)
        text, raw = canonical_body(ev, fields)
        assert text == canonical_json(ev.model_copy(update=fields).body()), ev.type
        assert raw == text.encode()
    assert '"score":1e-05' in canonical_body(expanded[-1], fields)[0]
