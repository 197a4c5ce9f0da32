"""Held-out set v6 (tests/fixtures/hold_heldout_v6/): committed before this round's detector work."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

HERE = Path(__file__).resolve().parents[1] / "fixtures" / "hold_heldout_v6"
SHA256 = "8f885e4856618d07b75ab8a18bb583894ae50278193e24ef35ae77ef24aacc2d"


def rows() -> list[dict[str, object]]:
    """The v6 rows: text, held, source, lang, origin."""
    return [json.loads(line) for line in (HERE / "heldout_v6.jsonl").read_text(encoding="utf-8").splitlines()]


def test_heldout_v6_is_unchanged() -> None:
    assert hashlib.sha256((HERE / "heldout_v6.jsonl").read_bytes()).hexdigest() == SHA256
    data = rows()
    assert len(data) >= 150
    assert sum(bool(r["held"]) for r in data) >= 100
    assert len({r["lang"] for r in data if r["held"]}) >= 10
    assert len({r["lang"] for r in data if not r["held"]}) >= 10
    assert {r["source"] for r in data} == {"person", "agent", "tool", "web", "email", "document"}
    assert len({str(r["text"]) for r in data}) == len(data)
