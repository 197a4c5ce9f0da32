"""Remembered redactions (`memeval.audit._redactmemo`) are the fresh ones, each text's own, and the memo is bounded."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import memeval.redact._redactor as redactor_module
from memeval.audit import ingest_lines, open_store
from memeval.redact import SCAN_INCOMPLETE, get_redactor, request_bound

SAMPLE = Path(__file__).resolve().parents[2] / "samples" / "fernhill" / "audit" / "week.jsonl"

SECRET_END = "Rotate it soon: password=Zq8vLk2mNp4rTx9w"
"""Ends with a password after its keyword: blanked."""
PLAIN_END = "Rotate it soon: the rota is Monday 9:00am"
"""The same length and the same first 16 characters, nothing to blank."""


@pytest.fixture
def scanned(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every text the default redactor's `redact_many` is asked to scan (the memo's misses), in order; memo empty."""
    import importlib

    seen: list[str] = []
    real = redactor_module.Redactor.redact_many

    def counting(self: Any, texts: Any) -> Any:
        seen.extend(texts)
        return real(self, texts)

    monkeypatch.setattr(redactor_module.Redactor, "redact_many", counting)
    try:  # main before ingest49 has no memo: the first test then fails on what it counts, not on this import
        memo = importlib.import_module("memeval.audit._redactmemo")
    except ModuleNotFoundError:
        return seen
    monkeypatch.setattr(memo, "_MEMO", type(memo._MEMO)())
    monkeypatch.setattr(memo, "_UNITS", [0])
    monkeypatch.setattr(memo, "_OWNER", [None])
    return seen


def test_the_sample_weeks_repeated_texts_are_scanned_once_and_stored_as_fresh(
    scanned: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The sample week ingested twice over (the second time under new ids): each distinct text is scanned once.

    On main every batch's texts were scanned again (129 texts of the week, 58 distinct, each batch its own
    scan): the second ingest scanned them all a second time. The stored texts equal each text's fresh redaction.
    """
    monkeypatch.setenv("MEMEVAL_FINGERPRINT_KEY", "ab" * 32)
    monkeypatch.setenv("MEMEVAL_AUDIT_WORKERS", "0")
    week = [json.loads(line) for line in SAMPLE.read_text(encoding="utf-8").splitlines() if line.strip()]
    week = [e for e in week if e["type"] in ("memory.written", "lesson.proposed", "access.refused")]
    again = [
        {**e, "sender_event_id": e["sender_event_id"] + "-again", "subject": e["subject"] and e["subject"] + "-again"}
        for e in week
    ]
    store = open_store(f"sqlite:///{tmp_path}/a.sqlite")
    ingest_lines(store, [json.dumps(e) for e in week], sender="s", batch_size=50)
    first = len(scanned)
    ingest_lines(store, [json.dumps(e) for e in again], sender="s", batch_size=50)
    texts = [t for e in week for k in ("text", "reason") if isinstance(t := e["payload"].get(k), str) and t]
    assert len(set(texts)) < len(texts)  # the week repeats texts
    assert first == len(scanned)  # nothing scanned the second time
    assert len(scanned) == len(set(scanned))  # and each text once in all
    red = get_redactor()
    stored = {
        ev.sender_event_id: getattr(ev.payload, "text", None) or getattr(ev.payload, "reason", None)
        for ev in store.events(week[0]["team"])
    }
    for e in again:
        original = e["payload"].get("text") or e["payload"].get("reason")
        kept = stored[e["sender_event_id"]]
        if kept is not None and original:
            assert kept == red.redact(original).text


def test_two_texts_of_the_same_length_and_prefix_get_their_own_redactions(scanned: list[str]) -> None:
    from memeval.audit._redactmemo import redact_many_remembered

    assert len(SECRET_END) == len(PLAIN_END) and SECRET_END[:16] == PLAIN_END[:16]
    red = get_redactor()
    fresh = [red.redact(SECRET_END), red.redact(PLAIN_END)]
    assert fresh[0].findings and not fresh[1].findings  # they differ
    first = redact_many_remembered(red, [SECRET_END, "a filler text", PLAIN_END])
    second = redact_many_remembered(red, [PLAIN_END, SECRET_END])  # both remembered, asked the other way round
    assert [first[0], first[2]] == fresh
    assert second == [fresh[1], fresh[0]]
    assert scanned == [SECRET_END, "a filler text", PLAIN_END]  # the second call scanned nothing


def test_a_text_not_scanned_to_its_end_is_not_remembered(scanned: list[str]) -> None:
    from memeval.audit._redactmemo import redact_many_remembered

    red = get_redactor()
    with request_bound(0.0):  # nothing left of the request's bound: every text blanked whole, unread
        cut = redact_many_remembered(red, [SECRET_END, PLAIN_END])
    assert all(r.findings and r.findings[0].entity_type == SCAN_INCOMPLETE for r in cut)
    again = redact_many_remembered(red, [SECRET_END, PLAIN_END])
    assert again == [red.redact(SECRET_END), red.redact(PLAIN_END)]
    assert scanned == [SECRET_END, PLAIN_END, SECRET_END, PLAIN_END]  # read again, in full


def test_each_team_has_its_own_memo(scanned: list[str]) -> None:
    from memeval.audit._redactmemo import redact_many_remembered

    red = get_redactor()
    redact_many_remembered(red, [SECRET_END, PLAIN_END], scope="team-a")
    redact_many_remembered(red, [SECRET_END], scope="team-b")
    redact_many_remembered(red, [PLAIN_END], scope="team-a")
    assert scanned == [SECRET_END, PLAIN_END, SECRET_END]


def test_the_memo_is_bounded_and_keeps_the_recently_used(scanned: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    import memeval.audit._redactmemo as memo

    red = get_redactor()
    texts = [f"note {k:02d}: the courier comes on Tuesdays" for k in range(12)]
    per = len(texts[0]) + memo.ENTRY_UNITS
    monkeypatch.setattr(memo, "MEMO_UNITS", 5 * per)
    for k, t in enumerate(texts):
        memo.redact_many_remembered(red, [t])
        memo.redact_many_remembered(red, [texts[0]])  # used again after each new text: the last to go
        entries, units = memo.held_units()
        assert units <= memo.MEMO_UNITS and entries == min(k + 1, 5)
    del scanned[:]
    memo.redact_many_remembered(red, [texts[0], texts[-1], texts[1]])
    assert scanned == [texts[1]]  # the oldest unused went; the first (used throughout) and the last stayed
