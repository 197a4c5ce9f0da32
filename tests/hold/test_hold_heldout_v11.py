"""Held-out set v11 (tests/fixtures/hold_heldout_v11/): committed during issue 15's ninth round, before it was scored.

No detector is run here: the set is scored once, by the lead, at the end of the round
(`bench/hold_eval.py --set v11`); these tests only pin what the set is.
"""

from __future__ import annotations

from collections import Counter

from heldout_jsonl import builder, check_pinned, earlier_texts, rows

SHA256 = "581b22707afbc0de4d789f63eb454f1923cf1d998e39931ce5b95e648ac8e481"
CJK = {"zh", "ja", "ko"}


def test_heldout_v11_is_unchanged() -> None:
    check_pinned("v11", SHA256, least_held=150)


def test_heldout_v11_counts_by_label_and_origin() -> None:
    """The counts the README states: 524 rows, 262 held; per origin group and label."""
    data = rows("v11")
    assert len(data) == 524
    assert sum(bool(r["held"]) for r in data) == 262
    group = Counter((r["origin"].split(":")[0], bool(r["held"])) for r in data)
    assert group == {
        ("xsafety", True): 80,
        ("multijail", True): 41,
        ("xstest", True): 30,
        ("xstest", False): 45,
        ("raccoonbench-ko", True): 14,
        ("raccoonbench", True): 8,
        ("redteam-ko", True): 10,
        ("injecagent", True): 24,
        ("injecagent", False): 17,
        ("memory-graft", True): 10,
        ("memory-graft", False): 17,
        ("plone", False): 114,
        ("written-v11", True): 45,
        ("written-v11", False): 69,
    }
    written = sum(n for (g, _), n in group.items() if g == "written-v11")
    assert written * 4 < len(data)  # written rows are under a quarter (114 of 524)


def test_heldout_v11_languages() -> None:
    """13 languages, each with orders and benign texts; most non-English orders come from sources."""
    data = rows("v11")
    per = Counter((r["lang"], bool(r["held"])) for r in data)
    assert {lang: (per[(lang, True)], per[(lang, False)]) for lang, _ in per} == {
        "ar": (23, 15), "de": (6, 12), "en": (90, 89), "es": (6, 12), "fa": (12, 16),
        "fr": (6, 12), "hi": (8, 13), "ja": (21, 16), "ko": (35, 21), "ru": (8, 13),
        "th": (14, 15), "vi": (9, 13), "zh": (24, 15),
    }  # fmt: skip
    held_other = [r for r in data if r["held"] and r["lang"] != "en"]
    from_sources = [r for r in held_other if not r["origin"].startswith("written-v11")]
    assert (len(held_other), len(from_sources)) == (172, 135)
    assert sum(r["lang"] in CJK for r in held_other) == 80


def test_heldout_v11_repeats_no_earlier_text() -> None:
    """No v11 text is identical to a text of v2 (both files) or of v3-v10."""
    earlier = earlier_texts("v11")
    assert len(earlier) > 2800
    assert not {str(r["text"]) for r in rows("v11")} & earlier


def test_heldout_v11_written_rows_come_from_the_builder() -> None:
    """The written rows of the fixture are exactly what the build script's WRITTEN, ENCODED and
    BENIGN give, and each encoded text decodes back to its plain text."""
    mod = builder("v11")
    built = {(r["text"].strip(), r["held"], r["lang"], r["origin"]) for r in mod.written_rows()}
    fixture = {
        (r["text"], r["held"], r["lang"], r["origin"]) for r in rows("v11") if r["origin"].startswith("written-v11")
    }
    assert fixture == built
    kinds = Counter(kind for _, _, kind, _, _ in mod.ENCODED)
    assert set(kinds) == {"b64", "hex", "reversed", "zw"}
    for _, _, kind, _, plain in mod.ENCODED:
        enc = mod._encode(kind, plain)
        assert enc != plain
        if kind == "b64":
            assert mod.base64.b64decode(enc).decode("utf-8") == plain
        if kind == "hex":
            assert bytes.fromhex(enc).decode("utf-8") == plain
        if kind == "reversed":
            assert enc[::-1] == plain
        if kind == "zw":
            assert enc.replace("\u200b", "") == plain


def test_heldout_v11_source_rows_follow_the_selection_rules() -> None:
    """What can be checked without the sources: XSafety rows each carry an override of the request
    before it, one language per prompt; Plone gives 9 messages a language (15 Korean)."""
    data = rows("v11")
    xs = [r for r in data if r["origin"].startswith("xsafety:")]
    assert Counter(r["lang"] for r in xs) == {
        "ja": 16, "zh": 12, "ar": 12, "ru": 8, "hi": 8, "de": 6, "fr": 6, "es": 6, "en": 6
    }  # fmt: skip
    assert all(r["held"] for r in xs)
    plone = Counter(r["lang"] for r in data if r["origin"].startswith("plone:"))
    assert plone == {lang: 15 if lang == "ko" else 9 for lang in plone} and len(plone) == 12
