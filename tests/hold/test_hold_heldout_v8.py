"""Held-out set v8 (tests/fixtures/hold_heldout_v8/): committed before issue 15's sixth round of detector work.

No detector is run here: the set is scored once, by the lead, at the end of the round
(`bench/hold_eval.py --set v8`); these tests only pin what the set is.
"""

from __future__ import annotations

from collections import Counter

from heldout_jsonl import builder, check_pinned, earlier_texts, rows

SHA256 = "6efa71e125c3d990260a5eff9dcd63a2e146adce1ff8e49e058e8642a93e1016"


def test_heldout_v8_is_unchanged() -> None:
    check_pinned("v8", SHA256, least_held=250)


def test_heldout_v8_counts_by_label_and_origin() -> None:
    """The counts the README states: 531 rows, 262 held; per origin group and label."""
    data = rows("v8")
    assert len(data) == 531
    assert sum(bool(r["held"]) for r in data) == 262
    group = Counter((r["origin"].split(":")[0], bool(r["held"])) for r in data)
    assert group == {
        ("agentdojo", True): 35,
        ("agentdojo-goal", True): 35,
        ("agentdojo-host", False): 35,
        ("agentdojo-ask", False): 40,
        ("vigia", True): 70,
        ("vigia-indirect-ask", False): 4,
        ("vigia-doc", False): 3,
        ("sphinx", False): 65,
        ("written-v8", True): 122,
        ("written-v8", False): 122,
    }


def test_heldout_v8_every_language_has_both_labels() -> None:
    """23 languages (English and 22 others), each with orders and benign texts."""
    data = rows("v8")
    held = {r["lang"] for r in data if r["held"]}
    benign = {r["lang"] for r in data if not r["held"]}
    assert held == benign
    assert len(held - {"en"}) == 22
    held_other = sum(1 for r in data if r["held"] and r["lang"] != "en")
    benign_other = sum(1 for r in data if not r["held"] and r["lang"] != "en")
    assert held_other >= 150 and benign_other >= 150


def test_heldout_v8_repeats_no_earlier_text() -> None:
    """No v8 text is identical to a text of v2 (both files), v3, v4, v5, v6 or v7."""
    earlier = earlier_texts("v8")
    assert len(earlier) > 1500
    assert not {str(r["text"]) for r in rows("v8")} & earlier


def test_heldout_v8_written_rows_come_from_the_builder() -> None:
    """The written rows of the fixture are exactly what the build script's WRITTEN and ENCODED give,
    and each encoded order decodes back to its plain text."""
    mod = builder("v8")
    built = {(r["text"].strip(), r["held"], r["lang"], r["origin"]) for r in mod.written_rows()}
    fixture = {
        (r["text"], r["held"], r["lang"], r["origin"]) for r in rows("v8") if r["origin"].startswith("written-v8")
    }
    assert fixture == built
    for _, _, kind, _, plain in mod.ENCODED:
        enc = mod._encode(kind, plain)
        assert enc != plain
        if kind == "reversed":
            assert enc[::-1] == plain
        if kind == "zw":
            assert enc.replace("\u200b", "") == plain
        if kind == "tags":
            assert "".join(chr(ord(c) - 0xE0000) for c in enc) == plain
