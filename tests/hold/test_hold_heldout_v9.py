"""Held-out set v9 (tests/fixtures/hold_heldout_v9/): committed during issue 15's seventh round, before it was scored.

No detector is run here: the set is scored once, by the lead, at the end of the round
(`bench/hold_eval.py --set v9`); these tests only pin what the set is.
"""

from __future__ import annotations

from collections import Counter

from heldout_jsonl import builder, check_pinned, earlier_texts, rows

SHA256 = "d72b8e4296c27db8fb62a48e66022338639109cf39219044d80e0dc5546296bd"


def test_heldout_v9_is_unchanged() -> None:
    check_pinned("v9", SHA256, least_held=180)


def test_heldout_v9_counts_by_label_and_origin() -> None:
    """The counts the README states: 433 rows, 228 held; per origin group and label."""
    data = rows("v9")
    assert len(data) == 433
    assert sum(bool(r["held"]) for r in data) == 228
    group = Counter((r["origin"].split(":")[0], bool(r["held"])) for r in data)
    assert group == {
        ("agentic-redteam", True): 57,
        ("agentic-redteam", False): 10,
        ("agent-redteam", True): 70,
        ("agent-redteam", False): 45,
        ("jupyterlab", False): 45,
        ("written-v9", True): 101,
        ("written-v9", False): 105,
    }


def test_heldout_v9_languages() -> None:
    """13 languages (English and 12 others, among them Chinese, Japanese, Korean, Arabic, Hindi,
    Russian and Turkish), each with orders and benign texts."""
    data = rows("v9")
    held = {r["lang"] for r in data if r["held"]}
    benign = {r["lang"] for r in data if not r["held"]}
    assert held == benign
    assert held - {"en"} == {"ar", "de", "es", "fr", "hi", "ja", "ko", "pt", "ru", "tr", "vi", "zh"}
    held_other = sum(1 for r in data if r["held"] and r["lang"] != "en")
    benign_other = sum(1 for r in data if not r["held"] and r["lang"] != "en")
    assert (held_other, benign_other) == (140, 151)


def test_heldout_v9_repeats_no_earlier_text() -> None:
    """No v9 text is identical to a text of v2 (both files), v3, v4, v5, v6, v7 or v8."""
    earlier = earlier_texts("v9")
    assert len(earlier) > 2000
    assert not {str(r["text"]) for r in rows("v9")} & earlier


def test_heldout_v9_written_rows_come_from_the_builder() -> None:
    """The written rows of the fixture are exactly what the build script's WRITTEN and ENCODED give,
    and each encoded text decodes back to its plain text."""
    mod = builder("v9")
    built = {(r["text"].strip(), r["held"], r["lang"], r["origin"]) for r in mod.written_rows()}
    fixture = {
        (r["text"], r["held"], r["lang"], r["origin"]) for r in rows("v9") if r["origin"].startswith("written-v9")
    }
    assert fixture == built
    kinds = Counter(kind for _, _, kind, _, _ in mod.ENCODED)
    assert set(kinds) == {"b64", "rot13", "leet", "reversed", "zw", "tags"}
    for _, _, kind, _, plain in mod.ENCODED:
        enc = mod._encode(kind, plain)
        assert enc != plain
        if kind == "b64":
            assert mod.base64.b64decode(enc).decode("utf-8") == plain
        if kind == "rot13":
            assert mod.codecs.decode(enc, "rot13") == plain
        if kind == "reversed":
            assert enc[::-1] == plain
        if kind == "zw":
            assert enc.replace("\u200b", "") == plain
        if kind == "tags":
            assert "".join(chr(ord(c) - 0xE0000) for c in enc) == plain
