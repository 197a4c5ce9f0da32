"""Refusal texts and contradiction sides in the weekly report are marked as the review pages mark them (breaker31).

breaker2 marked what draws nothing in the report's held excerpts; the refusals' texts and the open
contradictions' two sides, also sent by the memory system, still reached the HTML and the PDF raw. A
right-to-left override there is laid out by the renderer (Pango applies the bidi algorithm), so the
report a person reads says something other than what was stored ("Trojan Source"): in a side stored
as `Refunds within 1`, an override, `03 days.`, what follows the override is drawn right to left. Each is now
passed through `inert`, the character named in place.
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from memeval.audit import EVENT_ADAPTER, Sanitizer, SqlAuditStore
from memeval.auditreport import build_context

WEEK = "2026-W47"
NOW = datetime(2026, 11, 30, 8, tzinfo=UTC)
RECEIVED = datetime(2026, 11, 16, 0, 5, tzinfo=UTC)
RLO = "\u202e"


def _event(kind: str, seid: str, payload: dict[str, str], subject: str | None = None):
    return EVENT_ADAPTER.validate_python({
        "type": kind, "occurred_at": "2026-11-16T00:00:01Z", "team": "fernhill", "sender_event_id": seid,
        "actor": {"kind": "agent", "id": "support-bot"}, "session": "ses_b31", "subject": subject, "payload": payload,
    })  # fmt: skip


def test_refusal_texts_and_contradiction_sides_mark_a_bidi_override(sanitizer: Sanitizer, tmp_path: Path) -> None:
    # empty, and received in the week: both lists show them
    store = SqlAuditStore(f"sqlite:///{tmp_path / 'a.sqlite'}", sanitizer=sanitizer, clock=lambda: RECEIVED)
    store.append(
        [
            _event("access.refused", "b31-ref", {"reason_code": "held_item", "text": f"Refused: asked for {RLO}txen"}),
            _event(
                "contradiction.opened",
                "b31-con",
                {
                    "a_item": "mem_b31a",
                    "a_text": f"Refunds within 1{RLO}03 days.",
                    "b_item": "mem_b31b",
                    "b_text": "Refunds within 14 days.",
                },
                subject="con_b31",
            ),
        ],
        sender="test",
    )
    ctx = build_context(store, "fernhill", WEEK, runs_dir=tmp_path / "runs", now=NOW)
    refusals = [r.text for r in ctx.refusals if r.text.startswith("Refused: asked")]
    sides = [c.a_text for c in ctx.open_contradictions if c.contradiction_id == "con_b31"]
    assert refusals and sides, (ctx.refusals, ctx.open_contradictions)
    for text in refusals + sides:
        assert RLO not in text and "U+202E" in text, text
