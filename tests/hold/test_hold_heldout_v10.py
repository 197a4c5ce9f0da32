"""Held-out set v10 (tests/fixtures/hold_heldout_v10/): committed during issue 15's eighth round, before it was scored.

No detector is run here: the set is scored once, by the lead, at the end of the round
(`bench/hold_eval.py --set v10`); these tests only pin what the set is.
"""

from __future__ import annotations

from collections import Counter

from heldout_jsonl import builder, check_pinned, earlier_texts, rows

SHA256 = "2858d91757bc6330f37bdcd6ffa7cf208ffb04fe053da52cfbbca51d1e7eda63"
CJK = {"zh", "ja", "ko"}


def test_heldout_v10_is_unchanged() -> None:
    check_pinned("v10", SHA256, least_held=150)


def test_heldout_v10_counts_by_label_and_origin() -> None:
    """The counts the README states: 456 rows, 228 held; per origin group and label."""
    data = rows("v10")
    assert len(data) == 456
    assert sum(bool(r["held"]) for r in data) == 228
    group = Counter((r["origin"].split(":")[0], bool(r["held"])) for r in data)
    assert group == {
        ("raucle-bench", True): 76,
        ("raucle-bench", False): 40,
        ("redteam-foundry", False): 44,
        ("ckan", False): 72,
        ("written-v10", True): 152,
        ("written-v10", False): 72,
    }


def test_heldout_v10_languages() -> None:
    """14 languages, each with orders and benign texts; at least 60 orders in Chinese, Japanese
    and Korean and at least 50 in the other non-English languages, as issue 15's brief asks."""
    data = rows("v10")
    per = Counter((r["lang"], bool(r["held"])) for r in data)
    assert {lang for lang, _ in per} == {
        "ar", "de", "en", "fa", "hi", "id", "ja", "ko", "pl", "ru", "th", "tr", "vi", "zh"
    }  # fmt: skip
    assert all(per[(lang, True)] and per[(lang, False)] for lang, _ in per)
    assert (per[("en", True)], per[("en", False)]) == (99, 73)
    cjk_held = sum(n for (lang, held), n in per.items() if held and lang in CJK)
    other_held = sum(n for (lang, held), n in per.items() if held and lang not in CJK | {"en"})
    other_benign = sum(n for (lang, held), n in per.items() if not held and lang != "en")
    assert (cjk_held, other_held, other_benign) == (69, 60, 155)


def test_heldout_v10_repeats_no_earlier_text() -> None:
    """No v10 text is identical to a text of v2 (both files) or of v3-v9."""
    earlier = earlier_texts("v10")
    assert len(earlier) > 2400
    assert not {str(r["text"]) for r in rows("v10")} & earlier


def test_heldout_v10_written_rows_come_from_the_builder() -> None:
    """The written rows of the fixture are exactly what the build script's WRITTEN and ENCODED give,
    and each encoded text decodes back to its plain text."""
    mod = builder("v10")
    built = {(r["text"].strip(), r["held"], r["lang"], r["origin"]) for r in mod.written_rows()}
    fixture = {
        (r["text"], r["held"], r["lang"], r["origin"]) for r in rows("v10") if r["origin"].startswith("written-v10")
    }
    assert fixture == built
    kinds = Counter(kind for _, _, kind, _, _ in mod.ENCODED)
    assert set(kinds) == {"b64", "hex", "rot13", "leet", "reversed", "zw", "tags"}
    for _, _, kind, _, plain in mod.ENCODED:
        enc = mod._encode(kind, plain)
        assert enc != plain
        if kind == "b64":
            assert mod.base64.b64decode(enc).decode("utf-8") == plain
        if kind == "hex":
            assert bytes.fromhex(enc).decode("utf-8") == plain
        if kind == "rot13":
            assert mod.codecs.decode(enc, "rot13") == plain
        if kind == "reversed":
            assert enc[::-1] == plain
        if kind == "zw":
            assert enc.replace("\u200b", "") == plain
        if kind == "tags":
            assert "".join(chr(ord(c) - 0xE0000) for c in enc) == plain
