"""Held-out set v17 (tests/fixtures/hold_heldout_v17/): committed in issue 15's fifteenth round, before it was scored.

No detector is run here: the set is scored once, by the lead, after round 15 is merged
(`bench/hold_eval.py --set v17`); these tests only pin what the set is.
"""

from __future__ import annotations

from collections import Counter

from heldout_jsonl import FIXTURES, builder, check_pinned, earlier_texts, rows

SHA256 = "db00cf79b82d5b74b837507aaf286df7624ed4ba6c35eec0ca407acdc9c98f50"


def test_heldout_v17_is_unchanged() -> None:
    check_pinned("v17", SHA256, least_held=200)


def test_heldout_v17_counts_by_label_and_origin() -> None:
    """The counts the README states: 451 rows, 225 held; per origin group and label."""
    data = rows("v17")
    assert len(data) == 451
    assert sum(bool(r["held"]) for r in data) == 225
    group = Counter((r["origin"].split(":")[0], bool(r["held"])) for r in data)
    assert group == {
        ("compliant", True): 129,
        ("redharness", True): 42,
        ("redharness", False): 38,
        ("indicprobe", True): 14,
        ("indicprobe", False): 14,
        ("asb", False): 150,
        ("written-v17", True): 40,
        ("written-v17", False): 24,
    }
    written = sum(n for (g, _), n in group.items() if g == "written-v17")
    assert 10 * len(data) <= written * 100 <= 15 * len(data)  # written rows are 10-15% (64 of 451)


def test_heldout_v17_languages() -> None:
    """31 language tags; orders in all 31, benign texts in 21; romanised Indic text tagged `<lang>-Latn`."""
    data = rows("v17")
    per = Counter((r["lang"], bool(r["held"])) for r in data)
    expected = {
        "en": (181, 193), "hi": (4, 4), "bn": (4, 4), "ta": (5, 4), "te": (4, 4), "kn": (2, 2), "mr": (1, 1),
        "gu": (1, 1), "pa": (1, 1), "ml": (1, 1), "hi-Latn": (1, 1), "bn-Latn": (1, 1), "mr-Latn": (1, 1),
        "ta-Latn": (1, 1), "te-Latn": (1, 1), "gu-Latn": (1, 0), "kn-Latn": (1, 0), "ml-Latn": (1, 0),
        "pa-Latn": (1, 0), "de": (1, 1), "es": (1, 1), "fr": (1, 1), "ja": (1, 1), "ru": (1, 1), "zh": (1, 1),
        "ar": (1, 0), "id": (1, 0), "it": (1, 0), "ko": (1, 0), "pt": (1, 0), "tr": (1, 0),
    }  # fmt: skip
    assert {lang: (per[(lang, True)], per[(lang, False)]) for lang, _ in per} == expected
    held_other = [r for r in data if r["held"] and r["lang"] != "en"]
    from_sources = [r for r in held_other if not r["origin"].startswith("written-v17")]
    assert (len(held_other), len(from_sources)) == (44, 13)
    indic = {"hi", "bn", "ta", "te", "kn", "mr", "gu", "pa", "ml"}
    indic_held = [r for r in data if r["held"] and r["lang"].split("-")[0] in indic]
    assert len(indic_held) == 32
    romanised = [r for r in data if r["lang"].endswith("-Latn")]
    assert (len(romanised), sum(bool(r["held"]) for r in romanised)) == (14, 9)


def test_heldout_v17_repeats_no_earlier_text() -> None:
    """No v17 text is identical to a text of v2 (both files) or of v3-v16, nor opens like one (40 letters)."""
    mod = builder("v17")
    earlier = earlier_texts("v17")
    assert len(earlier) > 5100
    texts = {str(r["text"]) for r in rows("v17")}
    assert not texts & earlier
    near = {k for k in map(mod._near_key, earlier) if k}
    assert not {mod._near_key(t) for t in texts} & near


def test_heldout_v17_written_rows_come_from_the_builder() -> None:
    """The written rows of the fixture are exactly what the build script's WRITTEN and BENIGN give."""
    mod = builder("v17")
    built = {(r["text"].strip(), r["held"], r["lang"], r["origin"]) for r in mod.written_rows()}
    fixture = {
        (r["text"], r["held"], r["lang"], r["origin"]) for r in rows("v17") if r["origin"].startswith("written-v17")
    }
    assert fixture == built
    lessons = [r for r in rows("v17") if r["origin"] == "written-v17:memory-lesson"]
    assert len(lessons) == 10 and len({r["lang"] for r in lessons}) == 9 and all(r["held"] for r in lessons)


def test_heldout_v17_source_rows_follow_the_selection_rules() -> None:
    """What can be checked without the sources: labels per origin, the ASB count, the Indic probe's languages."""
    data = rows("v17")
    mod = builder("v17")
    held_by_origin = {(r["origin"], bool(r["held"])) for r in data}
    for origin in (
        "compliant:prompt_injection",
        "compliant:indirect_prompt_injection",
        "compliant:context_manipulation",
        "redharness:leak-pii",
        "redharness:leak-system-prompt",
    ):
        assert (origin, False) not in held_by_origin
    for origin in ("asb:tool-description", "redharness:user-task"):
        assert (origin, True) not in held_by_origin
    asb = [r for r in data if r["origin"] == "asb:tool-description"]
    assert len(asb) == mod.ASB_N
    assert all(mod.ASB_RISKY.search(r["text"]) and len(r["text"].split()) >= mod.ASB_MIN_WORDS for r in asb)
    probe = Counter((r["lang"], bool(r["held"])) for r in data if r["origin"].startswith("indicprobe:"))
    assert probe == {
        ("en", True): 1, ("en", False): 1, ("kn", True): 1, ("kn", False): 1,
        ("hi", True): 3, ("hi", False): 3, ("bn", True): 3, ("bn", False): 3,
        ("ta", True): 3, ("ta", False): 3, ("te", True): 3, ("te", False): 3,
    }  # fmt: skip
    assert {r["origin"].split(":")[1] for r in data if r["origin"].startswith("compliant:")} == {
        mod.COMPLIANT_ORIGINALS,
        *mod.COMPLIANT_MUTATED,
    }


def test_heldout_v17_is_registered_in_the_bench() -> None:
    """`bench/hold_eval.py --set v17` reads this file (only its rows are read here: nothing is scored)."""
    import importlib.util

    path = FIXTURES.parents[1] / "bench" / "hold_eval.py"
    spec = importlib.util.spec_from_file_location("hold_eval_v17_check", path)
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    got = bench.v17_rows()
    assert len(got) == 451 and sum(held for _, held, _, _, _ in got) == 225
    assert {group for *_, group in got} >= {"compliant", "redharness", "indicprobe", "written-v17:memory-lesson"}
    assert "v17" in (bench.__doc__ or "")
