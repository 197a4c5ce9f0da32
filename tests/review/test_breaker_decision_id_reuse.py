"""Another reviewer's decision id does not make one's own decision "already recorded" (breaker, round of 2026-12-03).

A decision id seen again on a decided item was read as a double-submitted form and answered as a repeat, whoever
sent it and whatever it asked for. The id is on show: the refusal a late reviewer gets names it (`decision
'dec_...'`). So bob, sending `reject` with alice's id on the lesson alice approved, was told his reject was
`already recorded` (`"repeated": true` in the API, `reject ...: already recorded (approved).` on the page), and a
client that trusts it believes a rejection exists that no log holds. A repeat is now only the same person sending
the same action with the same id; anything else is `wrong_state`, naming who decided what.
"""

from __future__ import annotations

import pytest
from review_helpers import NOW, decisions

from memeval.errors import ReviewRefused
from memeval.review import DecisionRequest, decide_item, get_account

DEC = "dec_alice_00000001"


def _req(action: str, reason: str | None = None) -> DecisionRequest:
    return DecisionRequest(action, "lesson", "fernhill", "les_courier", reason, decision_id=DEC)


@pytest.mark.parametrize(("who", "action"), [("bob", "reject"), ("bob", "approve"), ("alice", "reject")])
def test_a_decision_id_reused_by_another_person_or_action_is_refused(store, seeded, who: str, action: str):
    alice = get_account(store, "alice")
    first = decide_item(store, alice, _req("approve"), now=NOW)
    assert (first.item.status, first.repeated) == ("approved", False)
    with pytest.raises(ReviewRefused) as ei:
        decide_item(store, get_account(store, who), _req(action, "not as advertised"), now=NOW)
    assert ei.value.code == "wrong_state" and ei.value.state == "approved"
    assert "by 'alice'" in str(ei.value), ei.value
    assert len(decisions(store, "fernhill", "les_courier")) == 1


def test_the_same_person_sending_the_same_decision_again_is_a_repeat(store, seeded):
    alice = get_account(store, "alice")
    decide_item(store, alice, _req("approve"), now=NOW)
    again = decide_item(store, alice, _req("approve"), now=NOW)
    assert (again.item.status, again.repeated) == ("approved", True)
    assert len(decisions(store, "fernhill", "les_courier")) == 1
