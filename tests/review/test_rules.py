"""The queue's rules at the library level: claim leases over time, overdue listing, settings docs."""

from __future__ import annotations

from datetime import timedelta

import pytest
from review_helpers import NOW, decisions

from memeval.errors import ReviewRefused
from memeval.review import (
    DecisionRequest,
    ReviewSettings,
    active_leases,
    claim_item,
    decide_item,
    get_account,
    overdue_items,
    resolve,
)


def test_claim_lapses_after_its_lease(store, seeded):
    alice, bob = get_account(store, "alice"), get_account(store, "bob")
    item = resolve(store, seeded.lesson)
    claim = claim_item(store, alice, item, lease_s=300, now=NOW)
    assert claim.expires_at == NOW + timedelta(seconds=300)
    req = DecisionRequest("approve", "lesson", "fernhill", "les_courier", decision_id="dec_lapse_0001")
    with pytest.raises(ReviewRefused) as ei:
        decide_item(store, bob, req, now=NOW + timedelta(seconds=299))
    assert ei.value.code == "claimed" and "alice" in str(ei.value)
    assert decisions(store, "fernhill", "les_courier") == []
    # one second after the lease, bob may decide; the claim is gone afterwards
    res = decide_item(store, bob, req, now=NOW + timedelta(seconds=301))
    assert res.item.status == "approved" and res.item.decided_by == "bob" and not res.repeated
    assert active_leases(store, NOW) == {}
    # renewing one's own claim keeps it, and writes one review.claimed event only
    hold = resolve(store, seeded.hold)
    claim_item(store, alice, hold, lease_s=300, now=NOW)
    claim_item(store, alice, hold, lease_s=300, now=NOW + timedelta(seconds=200))
    from memeval.review import item_events

    assert [e.type for e in item_events(store, "fernhill", hold.item_id)].count("review.claimed") == 1
    assert active_leases(store, NOW + timedelta(seconds=450))[("hold", "fernhill", hold.item_id)].holder == "alice"


def test_decided_item_cannot_be_claimed(store, seeded):
    alice = get_account(store, "alice")
    decide_item(store, alice, DecisionRequest("settle", "contradiction", "fernhill", "con_hours", "both sides hold",
                                              "both", "dec_rules_0001"), now=NOW)  # fmt: skip
    with pytest.raises(ReviewRefused) as ei:
        claim_item(store, alice, resolve(store, seeded.contradiction), lease_s=60, now=NOW)
    assert ei.value.code == "wrong_state" and ei.value.state == "settled"


def test_overdue_items_for_the_weekly_report(store, seeded):
    rows = overdue_items(store, now=NOW, overdue_after_h=60)
    assert [r.ref for r in rows] == [seeded.other_team_lesson, seeded.lesson, seeded.own_lesson]
    assert [r.ref for r in overdue_items(store, now=NOW, overdue_after_h=60, team="rowan")] == [
        seeded.other_team_lesson
    ]


def test_every_setting_is_documented():
    from memeval.review import _settings

    doc = _settings.__doc__ or ""
    for name, field in ReviewSettings.model_fields.items():
        if name not in ("secret_key", "secure_cookies"):
            assert f"MEMEVAL_REVIEW_{name.upper()}" in doc, name
        assert field.description, f"setting {name} has no docstring"
    assert "MEMEVAL_REVIEW_SECRET" in doc and "--secure-cookies" in _cli_help()


def _cli_help() -> str:
    from typer.testing import CliRunner

    from memeval.cli import app

    return CliRunner().invoke(app, ["serve", "--help"], env={"COLUMNS": "200"}).stdout
