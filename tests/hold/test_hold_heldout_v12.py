"""Held-out set v12 (tests/fixtures/hold_heldout_v12/): committed during issue 15's tenth round, before it was scored.

No detector is run here: the set is scored once, by the lead, at the end of the round
(`bench/hold_eval.py --set v12`); these tests only pin what the set is.
"""

from __future__ import annotations

from collections import Counter

from heldout_jsonl import builder, check_encoded, check_pinned, earlier_texts, rows

SHA256 = "b378d022591fbcc0d5def2d1cc432dbb2c20939e32c7bf0fcb1983d344c6b2fb"
INDIC = ("hi", "bn", "ta", "te", "ml", "mr", "gu", "kn", "or", "ur", "ne", "pa")


def test_heldout_v12_is_unchanged() -> None:
    check_pinned("v12", SHA256, least_held=150)


def test_heldout_v12_counts_by_label_and_origin() -> None:
    """The counts the README states: 304 rows, 156 held; per origin group and label."""
    data = rows("v12")
    assert len(data) == 304
    assert sum(bool(r["held"]) for r in data) == 156
    group = Counter((r["origin"].split(":")[0], bool(r["held"])) for r in data)
    assert group == {
        ("jailbench", True): 28,
        ("ailuminate", True): 60,
        ("indicjr", True): 36,
        ("indicjr", False): 48,
        ("uptime-kuma", False): 51,
        ("kubectl", False): 22,
        ("written-v12", True): 32,
        ("written-v12", False): 27,
    }
    written = sum(n for (g, _), n in group.items() if g == "written-v12")
    assert written * 5 < len(data)  # written rows are under a fifth (59 of 304)


def test_heldout_v12_languages() -> None:
    """18 languages, each with orders and benign texts; most non-English orders come from sources."""
    data = rows("v12")
    per = Counter((r["lang"], bool(r["held"])) for r in data)
    expected = {
        "en": (32, 20), "fr": (36, 14), "zh": (31, 15), "ja": (8, 14), "ko": (7, 13), "de": (6, 14),
        "bn": (3, 7), "hi": (3, 7), "te": (3, 6), "ur": (3, 6),
    }  # fmt: skip
    expected |= {lang: (3, 4) for lang in INDIC if lang not in expected}
    assert {lang: (per[(lang, True)], per[(lang, False)]) for lang, _ in per} == expected
    held_other = [r for r in data if r["held"] and r["lang"] != "en"]
    from_sources = [r for r in held_other if not r["origin"].startswith("written-v12")]
    assert (len(held_other), len(from_sources)) == (124, 98)


def test_heldout_v12_repeats_no_earlier_text() -> None:
    """No v12 text is identical to a text of v2 (both files) or of v3-v11."""
    earlier = earlier_texts("v12")
    assert len(earlier) > 3300
    assert not {str(r["text"]) for r in rows("v12")} & earlier


def test_heldout_v12_written_rows_come_from_the_builder() -> None:
    """The written rows of the fixture are exactly what the build script's WRITTEN, ENCODED and
    BENIGN give, and each encoded text decodes back to its plain text."""
    mod = builder("v12")
    built = {(r["text"].strip(), r["held"], r["lang"], r["origin"]) for r in mod.written_rows()}
    fixture = {
        (r["text"], r["held"], r["lang"], r["origin"]) for r in rows("v12") if r["origin"].startswith("written-v12")
    }
    assert fixture == built
    check_encoded(mod)


def test_heldout_v12_source_rows_follow_the_selection_rules() -> None:
    """What can be checked without the sources: JailBench 4 rows per sub-domain; AILuminate 34 French
    and 26 English rows of the four hazards; IndicJR 3 orders (preamble in the language's own script)
    and 4 clean tasks per language."""
    data = rows("v12")
    jb = Counter(r["origin"].split(":")[1] for r in data if r["origin"].startswith("jailbench:"))
    assert set(jb) == set(builder("v12").JAILBENCH_SUBDOMAINS) and set(jb.values()) == {4}
    ail = [r for r in data if r["origin"].startswith("ailuminate:")]
    assert Counter(r["lang"] for r in ail) == {"fr": 34, "en": 26}
    assert {r["origin"].split(":")[2] for r in ail} <= {"vcr", "ncr", "iwp", "prv"}
    mod = builder("v12")
    for lang in INDIC:
        held = [r for r in data if r["origin"] == f"indicjr:ab:{lang}"]
        clean = [r for r in data if r["origin"] == f"indicjr:cb:{lang}"]
        assert (len(held), len(clean)) == (3, 4)
        assert all(mod.re.search(f"[{mod.INDIC_SCRIPT[lang]}]", mod._preamble(r["text"])) for r in held)
        assert all(r["held"] and r["lang"] == lang for r in held)
