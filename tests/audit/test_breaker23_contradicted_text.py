"""A contradicted fact shipped in the pack under another id (breaker round 23).

`pack build` left out the two item ids a contradiction names, but a memory system writes one fact
under many ids (the sample's week: 110 items, 39 texts). So both sides of an open contradiction
("Refunds are decided within 14 days." / "... 30 days.") went into the pack when written again as
other memories, which is what "agents act on neither side of an open one" forbids; and in the
sample itself, the side a person turned down when settling con_02 ("The Thursday courier cut-off
is 16:30.", kept: b) shipped in README's pack through seven other memories. Now an item whose text
equals a side (normalised, as duplicates are merged) is left out as that side is, and says why.
The commands (ingest, the reviewer's account, the settlement, the pack build) run in the test's process
(`ingest_events.memeval_here`): the claim is the pack and what `pack build` says, not the process.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from ingest_events import memeval_here, user_env

A14 = "Refunds are decided within 14 days."
B30 = "Refunds are decided within 30 days."
CUT_A = "The Thursday courier cut-off is 16:30."
CUT_B = "The Thursday courier cut-off is 17:00."


def _memory(i: int, subject: str, text: str) -> dict[str, object]:
    return {"type": "memory.written", "occurred_at": f"2026-11-16T10:{i:02d}:00Z", "team": "fernhill",
            "sender_event_id": f"m{i}", "actor": {"kind": "agent", "id": "support-bot"}, "session": "ses_1",
            "subject": subject, "payload": {"kind": "fact", "text": text}}  # fmt: skip


def _opened(i: int, subject: str, a: tuple[str, str], b: tuple[str, str]) -> dict[str, object]:
    return {"type": "contradiction.opened", "occurred_at": f"2026-11-16T11:{i:02d}:00Z", "team": "fernhill",
            "sender_event_id": f"c{i}", "actor": {"kind": "system", "id": "memory-checker"}, "subject": subject,
            "payload": {"a_item": a[0], "a_text": a[1], "b_item": b[0], "b_text": b[1]}}  # fmt: skip


@pytest.mark.slow  # 25 s in the suite (91c579d9, three workers): handed out first
def test_neither_side_of_a_contradiction_ships_under_another_id(tmp_path: Path) -> None:
    events = [
        _memory(1, "mem_c0a", A14), _memory(2, "mem_c0b", B30),
        _memory(3, "mem_dup_a", A14), _memory(4, "mem_dup_b", "refunds are decided  within 30 DAYS."),
        _memory(5, "mem_cut_a", CUT_A), _memory(6, "mem_cut_a2", CUT_A), _memory(7, "mem_cut_b2", CUT_B),
        _memory(8, "mem_other", "Olive trees ship on a pallet."),
        _opened(1, "con_00", ("mem_c0a", A14), ("mem_c0b", B30)),
        _opened(2, "con_02", ("mem_c2a", CUT_A), ("mem_c2b", CUT_B)),
        _memory(9, "mem_late_a", A14),  # written again after the contradiction was opened
        # breaker round 24: the same sides with characters that show nothing (zero-width space, soft hyphen)
        _memory(10, "mem_zw_b", "Refunds are decided within 30\u200b days."),
        _memory(11, "mem_shy_a", "The Thursday cou\u00adrier cut-off is 16:30\u2060."),
    ]  # fmt: skip
    f = tmp_path / "events.jsonl"
    f.write_text("".join(json.dumps(e) + "\n" for e in events), encoding="utf-8")
    (tmp_path / "store").mkdir()
    db = f"sqlite:///{tmp_path / 'store' / 'audit.sqlite'}"
    env = {**user_env(tmp_path / "home"), "MEMEVAL_DB": db}
    memeval_here(["audit", "ingest", str(f), "--sender", "bot"], env)
    memeval_here(["users", "add", "root", "--role", "admin", "--password-stdin"], env, stdin="pw-admin-123456")
    settle = ["review", "settle", "contradiction/fernhill/con_02", "--keep", "b", "--reason", "17:00 since Nov",
              "--user", "root", "--password-stdin"]  # fmt: skip
    said = memeval_here(settle, env, stdin="pw-admin-123456")
    assert "settled" in said, said
    out = memeval_here(["pack", "build", "--team", "fernhill", "--out", str(tmp_path / "p.json")], env)

    texts = [i["text"] for i in json.loads((tmp_path / "p.json").read_text(encoding="utf-8"))["items"]]
    assert not [t for t in texts if "Refunds" in t], texts  # open: neither side, under any id
    assert CUT_A not in texts, texts  # settled for b: a's text is out under any id
    assert CUT_B in texts and "Olive trees ship on a pallet." in texts, texts  # the kept side, the rest
    assert "left out mem_dup_a: same text as side a of open contradiction con_00" in out, out
    assert "left out mem_cut_a2: same text as side a, not kept when con_02 was settled" in out, out
    assert "left out mem_zw_b: same text as side b of open contradiction con_00" in out, out
    assert "left out mem_shy_a: same text as side a, not kept when con_02 was settled" in out, out
