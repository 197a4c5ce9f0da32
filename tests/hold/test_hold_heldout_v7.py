"""Held-out set v7 (tests/fixtures/hold_heldout_v7/): committed before issue 15's fifth round of detector work."""

from __future__ import annotations

from heldout_jsonl import check_pinned

SHA256 = "7f3107a006ad521c2984180f2060aa4ab325bca0186173c64b6bda14d2150715"


def test_heldout_v7_is_unchanged() -> None:
    check_pinned("v7", SHA256, least_held=200)
