"""Held-out set v3 (tests/fixtures/hold_heldout_v3/, committed before the classifier was trained)."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

HERE = Path(__file__).resolve().parents[1] / "fixtures" / "hold_heldout_v3"
SHA256 = "943ead8e433157991cfaa63e72b6c77bab8a020aa011fd7bb7029d829b7ff716"


def rows() -> list[dict[str, object]]:
    """The v3 rows: text, held, source, lang, origin."""
    return [json.loads(line) for line in (HERE / "heldout_v3.jsonl").read_text(encoding="utf-8").splitlines()]


def test_heldout_v3_is_unchanged() -> None:
    assert hashlib.sha256((HERE / "heldout_v3.jsonl").read_bytes()).hexdigest() == SHA256
    data = rows()
    assert len(data) >= 150
    assert len({r["lang"] for r in data if r["held"]}) >= 5
    assert len({r["lang"] for r in data if not r["held"]}) >= 5
