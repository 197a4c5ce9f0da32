"""One decision id sent for a second item is refused, not answered "already recorded" (breaker18).

A decision is stored as the event `ACTION:DECISION_ID` from its interface's sender, and the store keeps one
event per sender event id. A client that sent the id of its decision on one lesson with a decision on another
(a script with a fixed id, a form whose `ref` was edited and posted again) had the second event skipped as a
resend: `decide_item` answered `repeated`, the web page said "approve ...: already recorded" and the API
`"repeated": true`, while the second lesson stayed `waiting` with no decision on any record.
"""

from __future__ import annotations

import pytest
from review_helpers import NOW, decisions

from memeval.errors import ReviewRefused
from memeval.review import DecisionRequest, decide_item, get_account, get_item

DEC = "dec_alice_00000002"


def test_a_decision_id_already_used_on_another_item_is_refused(store, seeded):
    alice = get_account(store, "alice")
    first = decide_item(store, alice, DecisionRequest("approve", "lesson", "fernhill", "les_courier", decision_id=DEC),
                        now=NOW)  # fmt: skip
    assert (first.item.status, first.repeated) == ("approved", False)
    with pytest.raises(ReviewRefused) as ei:
        decide_item(store, alice, DecisionRequest("approve", "lesson", "fernhill", "les_fresh", decision_id=DEC),
                    now=NOW)  # fmt: skip
    assert ei.value.code == "bad_choice", ei.value
    assert DEC in str(ei.value) and "nothing was recorded" in str(ei.value), str(ei.value)
    item = get_item(store, "lesson", "fernhill", "les_fresh")
    assert item is not None and item.status == "waiting"
    assert decisions(store, "fernhill", "les_fresh") == []
