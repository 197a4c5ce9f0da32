"""The memory-item lifecycle registry: one declaration per kind, every other table derived from it."""

from __future__ import annotations

import dataclasses
import typing

import pytest

from memeval.audit import (
    LIFECYCLES,
    Decision,
    EventType,
    Lifecycle,
    _authority,
    _machine,
    _payloads,
    _project,
    _store,
    all_decisions,
    for_event,
    lifecycle,
)
from memeval.audit._events import SUBJECT_REQUIRED
from memeval.audit._lifecycle import projection_tables, register
from memeval.review import ACTIONS, NEEDS_REASON
from memeval.review import _read as review_read
from memeval.review._queue import ITEM_TYPES
from memeval.review._web import FORMS, LABELS


def test_the_built_in_kinds_are_registered_in_order():
    assert list(LIFECYCLES) == ["lesson", "contradiction", "hold"]
    assert _payloads.ReviewClaimed(item_type="hold").item_type == "hold"
    with pytest.raises(ValueError, match="item type 'note' is unknown: use one of lesson, contradiction, hold"):
        _payloads.ReviewClaimed(item_type="note")


def test_derived_tables_say_what_the_hand_written_ones_said():
    assert _machine.OPENING == {"lesson.proposed": "lesson", "contradiction.opened": "contradiction",
                                "hold.created": "hold"}  # fmt: skip
    assert _machine.DECISIONS == {
        "lesson.approved": ("lesson", "waiting", "approved"),
        "lesson.rejected": ("lesson", "waiting", "rejected"),
        "contradiction.settled": ("contradiction", "open", "settled"),
        "hold.released": ("hold", "held", "released"),
        "hold.discarded": ("hold", "held", "discarded"),
    }
    assert review_read.WAITING_STATE == {"lesson": "waiting", "contradiction": "open", "hold": "held"}
    assert ACTIONS == {
        "approve": ("lesson", "lesson.approved"),
        "reject": ("lesson", "lesson.rejected"),
        "settle": ("contradiction", "contradiction.settled"),
        "release": ("hold", "hold.released"),
        "discard": ("hold", "hold.discarded"),
    }
    assert NEEDS_REASON == {"reject", "discard", "settle"}
    assert FORMS == {"lesson": ("approve", "reject"), "contradiction": ("settle",), "hold": ("release", "discard")}
    assert set(LABELS) == set(ACTIONS)
    assert ITEM_TYPES == ("lesson", "contradiction", "hold")
    assert _store.STORE_ONLY_TYPES == {"secret.blanked", "hold.created"}
    assert {"lesson.proposed", "contradiction.opened"} <= _authority.INGEST_TYPES
    assert "hold.created" not in _authority.INGEST_TYPES
    decisions = {"lesson.approved", "lesson.rejected", "contradiction.settled", "hold.released", "hold.discarded"}
    assert _authority.QUEUE_TYPES == decisions | {"review.claimed", "review.commented"}


@pytest.mark.parametrize("lc", list(LIFECYCLES.values()), ids=list(LIFECYCLES))
def test_each_lifecycle_is_consistent_with_the_events_and_tables(lc: Lifecycle):
    types = set(typing.get_args(EventType))
    assert set(lc.event_types) <= types
    assert set(lc.event_types) <= SUBJECT_REQUIRED
    assert lc.table in projection_tables()
    fields = lc.table.model_fields
    assert {lc.key, lc.opened_seq, lc.opened_us, "team", "status", "decision_id", "decided_by"} <= set(fields)
    for t in lc.event_types:
        assert for_event(t) is lc
        assert _project._SUBJECT_MODEL[t] == (lc.table, lc.key)
    states = {d.leads_to for d in lc.decisions}
    assert lc.waiting not in states and len(states) == len(lc.decisions)
    assert lifecycle(lc.kind) is lc


def test_registering_a_kind_twice_or_reusing_its_events_is_refused():
    lesson = lifecycle("lesson")
    with pytest.raises(ValueError, match="registered twice"):
        register(lesson)
    clash = dataclasses.replace(lesson, kind="note", decisions=(Decision("note.done", "done", "approve", "Done"),))
    with pytest.raises(ValueError, match=r"reuses \['lesson.proposed', 'approve'\]"):
        register(clash)
    assert "note" not in LIFECYCLES
    assert for_event("note.done") is None


def test_all_decisions_lists_every_decision_once():
    pairs = [(lc.kind, d.event_type) for lc, d in all_decisions()]
    assert len(pairs) == len(set(pairs)) == 5
