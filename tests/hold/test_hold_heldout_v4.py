"""Held-out set v4 (tests/fixtures/hold_heldout_v4/): committed before this round's detector work."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

HERE = Path(__file__).resolve().parents[1] / "fixtures" / "hold_heldout_v4"
SHA256 = "47d975e3775af61c863f3a5420c6c7bf22aae2e971a0fa3a07eefb33866a64fa"


def rows() -> list[dict[str, object]]:
    """The v4 rows: text, held, source, lang, origin."""
    return [json.loads(line) for line in (HERE / "heldout_v4.jsonl").read_text(encoding="utf-8").splitlines()]


def test_heldout_v4_is_unchanged() -> None:
    assert hashlib.sha256((HERE / "heldout_v4.jsonl").read_bytes()).hexdigest() == SHA256
    data = rows()
    assert len(data) >= 150
    assert sum(bool(r["held"]) for r in data) >= 150
    assert sum(r["lang"] == "tr" and r["held"] for r in data) >= 30
    assert len({r["lang"] for r in data if r["held"]}) >= 5
    assert len({r["lang"] for r in data if not r["held"]}) >= 5
    assert {r["source"] for r in data} == {"person", "agent", "tool", "web", "email", "document"}
