"""Held-out set v18 (tests/fixtures/hold_heldout_v18/): committed in issue 15's sixteenth round, before it was scored.

No detector is run here: the set is scored once, by the lead, after round 16 is merged
(`bench/hold_eval.py --set v18`); these tests only pin what the set is.
"""

from __future__ import annotations

from collections import Counter

from heldout_jsonl import FIXTURES, builder, check_pinned, earlier_texts, rows

SHA256 = "09d110a3dbe0ae3ce4249694dda31ce52d06f5f21e0a64c1020285766a3987f0"
INDIC = {"hi", "bn", "ta", "te", "kn", "mr", "gu", "pa", "ml", "or", "as", "ur"}


def test_heldout_v18_is_unchanged() -> None:
    check_pinned("v18", SHA256, least_held=200)


def test_heldout_v18_counts_by_label_and_origin() -> None:
    """The counts the README states: 520 rows, 269 held; per origin group and label."""
    data = rows("v18")
    assert len(data) == 520
    assert sum(bool(r["held"]) for r in data) == 269
    group = Counter((r["origin"].split(":")[0], bool(r["held"])) for r in data)
    assert group == {
        ("harmbench", True): 70,
        ("strongreject", True): 50,
        ("aisploit", True): 1,
        ("aisploit", False): 10,
        ("guardmeter", True): 36,
        ("guardmeter", False): 64,
        ("agent-security-bench", True): 21,
        ("agent-security-bench", False): 24,
        ("agentsec-bench", True): 2,
        ("agentsec-bench", False): 6,
        ("skill-scanner", False): 22,
        ("two-factor", False): 105,
        ("aicu", True): 39,
        ("written-v18", True): 50,
        ("written-v18", False): 20,
    }
    written = sum(n for (g, _), n in group.items() if g == "written-v18")
    assert 10 * len(data) <= written * 100 <= 15 * len(data)  # written rows are 10-15% (70 of 520)


def test_heldout_v18_languages() -> None:
    """53 language tags; orders in 39, benign texts in 44; romanised Indic text tagged `<lang>-Latn`."""
    data = rows("v18")
    per = Counter((r["lang"], bool(r["held"])) for r in data)
    expected = {
        "en": (221, 107), "fa": (2, 25), "hi": (3, 1), "bn": (2, 1), "ta": (2, 1), "te": (2, 1), "kn": (2, 1),
        "mr": (1, 1), "gu": (1, 1), "pa": (1, 1), "ml": (1, 1), "or": (1, 1), "ur": (1, 1), "as": (1, 0),
        "hi-Latn": (2, 1), "bn-Latn": (1, 1), "ta-Latn": (1, 1), "te-Latn": (1, 1), "ml-Latn": (1, 1),
        "mr-Latn": (1, 0), "gu-Latn": (1, 0), "kn-Latn": (1, 0), "pa-Latn": (1, 0),
        "ar": (2, 4), "de": (1, 4), "es": (1, 4), "fr": (1, 5), "it": (1, 4), "ja": (1, 5), "pl": (1, 4),
        "pt": (1, 4), "ru": (1, 4), "tr": (1, 4), "vi": (1, 4), "zh": (2, 1), "mixed": (1, 0),
        "id": (1, 0), "ko": (1, 0),
        "sw": (1, 0), "az": (0, 4), "cs": (0, 4), "da": (0, 4), "fi": (0, 4), "ha": (0, 4), "he": (0, 4),
        "hu": (0, 4), "lt": (0, 4), "nb": (0, 4), "nl": (0, 4), "ro": (0, 4), "sr": (0, 4), "sr-Latn": (0, 4),
        "sv": (0, 4),
    }  # fmt: skip
    assert {lang: (per[(lang, True)], per[(lang, False)]) for lang, _ in per} == expected
    held_other = [r for r in data if r["held"] and r["lang"] != "en"]
    from_sources = [r for r in held_other if not r["origin"].startswith("written-v18")]
    assert (len(held_other), len(from_sources)) == (48, 4)
    indic = [r for r in data if r["lang"].split("-")[0] in INDIC]
    assert (sum(bool(r["held"]) for r in indic), sum(not r["held"] for r in indic)) == (28, 16)
    romanised = [r for r in data if r["lang"].endswith("-Latn") and r["lang"].split("-")[0] in INDIC]
    assert (len(romanised), sum(bool(r["held"]) for r in romanised)) == (15, 10)


def test_heldout_v18_repeats_no_earlier_text() -> None:
    """No v18 text is identical to a text of v2 (both files) or of v3-v17, nor opens like one (40 letters)."""
    mod = builder("v18")
    earlier = earlier_texts("v18")
    assert len(earlier) > 5500
    texts = {str(r["text"]) for r in rows("v18")}
    assert not texts & earlier
    near = {k for k in map(mod._near_key, earlier) if k}
    assert not {mod._near_key(t) for t in texts} & near


def test_heldout_v18_written_rows_come_from_the_builder() -> None:
    """The written rows of the fixture are exactly what the build script's WRITTEN and BENIGN give."""
    mod = builder("v18")
    built = {(r["text"].strip(), r["held"], r["lang"], r["origin"]) for r in mod.written_rows()}
    fixture = {
        (r["text"], r["held"], r["lang"], r["origin"]) for r in rows("v18") if r["origin"].startswith("written-v18")
    }
    assert fixture == built
    lessons = [r for r in rows("v18") if r["origin"] == "written-v18:memory-lesson"]
    assert len(lessons) == 16 and len({r["lang"] for r in lessons}) == 15 and all(r["held"] for r in lessons)


def test_heldout_v18_source_rows_follow_the_selection_rules() -> None:
    """What can be checked without the sources: labels per origin, the sample sizes, the locales taken."""
    data = rows("v18")
    mod = builder("v18")
    labels = {(r["origin"].split(":")[0], bool(r["held"])) for r in data}
    assert not labels & {("harmbench", False), ("strongreject", False), ("aicu", False)}
    assert not labels & {("two-factor", True), ("skill-scanner", True)}
    hb = [r for r in data if r["origin"].startswith("harmbench:")]
    assert len(hb) == mod.HARMBENCH_N
    cats = {c.replace("_", "-") for c in mod.HARMBENCH_CATS}
    assert {r["origin"].split(":")[1] for r in hb} <= cats
    sr = [r for r in data if r["origin"].startswith("strongreject:")]
    assert len(sr) == mod.STRONGREJECT_N
    tf = Counter(r["origin"].split(":")[1] for r in data if r["origin"].startswith("two-factor:"))
    assert max(tf.values()) == mod.TWO_FACTOR_N and not any(k.startswith("en") for k in tf)
    assert all(30 <= len(r["text"]) <= 200 for r in data if r["origin"].startswith("two-factor:"))
    asb = {(r["origin"], bool(r["held"])) for r in data if r["origin"].startswith("agent-security-bench:")}
    assert all(held == o.split(":")[1].startswith("hostile-") for o, held in asb)


def test_heldout_v18_is_registered_in_the_bench() -> None:
    """`bench/hold_eval.py --set v18` reads this file (only its rows are read here: nothing is scored)."""
    import importlib.util

    path = FIXTURES.parents[1] / "bench" / "hold_eval.py"
    spec = importlib.util.spec_from_file_location("hold_eval_v18_check", path)
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    got = bench.v18_rows()
    assert len(got) == 520 and sum(held for _, held, _, _, _ in got) == 269
    assert {group for *_, group in got} >= {
        "harmbench",
        "aicu",
        "guardmeter",
        "two-factor",
        "written-v18:memory-lesson",
    }
    assert "v18" in (bench.__doc__ or "")
