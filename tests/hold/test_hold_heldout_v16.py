"""Held-out set v16 (tests/fixtures/hold_heldout_v16/): committed in issue 15's fourteenth round, before it was scored.

No detector is run here: the set is scored once, by the lead, after round 14 is merged
(`bench/hold_eval.py --set v16`); these tests only pin what the set is.
"""

from __future__ import annotations

from collections import Counter

from heldout_jsonl import FIXTURES, builder, check_pinned, earlier_texts, rows

SHA256 = "aa2243b358ea2731522cc4f7449288a5183016f3d8961e3b23eed2a74e2285fd"


def test_heldout_v16_is_unchanged() -> None:
    check_pinned("v16", SHA256, least_held=150)


def test_heldout_v16_counts_by_label_and_origin() -> None:
    """The counts the README states: 429 rows, 209 held; per origin group and label."""
    data = rows("v16")
    assert len(data) == 429
    assert sum(bool(r["held"]) for r in data) == 209
    group = Counter((r["origin"].split(":")[0], bool(r["held"])) for r in data)
    assert group == {
        ("dhvani", True): 84,
        ("dhvani", False): 102,
        ("promptwall", True): 69,
        ("promptwall", False): 62,
        ("giskard", True): 16,
        ("giskard", False): 9,
        ("0din", True): 5,
        ("0din", False): 6,
        ("elengtis", True): 3,
        ("elengtis", False): 16,
        ("written-v16", True): 32,
        ("written-v16", False): 25,
    }
    written = sum(n for (g, _), n in group.items() if g == "written-v16")
    assert 10 * len(data) <= written * 100 <= 15 * len(data)  # written rows are 10-15% (57 of 429)


def test_heldout_v16_languages() -> None:
    """41 language tags; orders in all 41, benign texts in 30; romanised text tagged `<lang>-Latn`."""
    data = rows("v16")
    per = Counter((r["lang"], bool(r["held"])) for r in data)
    expected = {
        "en": (89, 112), "hi": (16, 10), "hi-Latn": (13, 11), "bn": (4, 6), "bn-Latn": (4, 6),
        "gu-Latn": (4, 6), "kn-Latn": (4, 6), "ml-Latn": (4, 6), "mr": (4, 6), "mr-Latn": (4, 6),
        "pa-Latn": (4, 6), "ta": (4, 6), "ta-Latn": (4, 6), "te": (4, 6), "te-Latn": (4, 6), "ko": (5, 1),
        "ja": (4, 1), "ar": (4, 0), "ru": (4, 0), "de": (2, 1), "fr": (3, 0), "cs": (1, 1), "el": (1, 1),
        "es": (1, 1), "fi": (1, 1), "id": (1, 1), "it": (2, 0), "ja-Latn": (1, 1), "pl": (1, 1), "pt": (1, 1),
        "sv": (1, 1), "tr": (1, 1), "vi": (1, 1), "zh": (1, 1), "ar-Latn": (1, 0), "da": (1, 0), "fa": (1, 0),
        "nl": (1, 0), "ru-Latn": (1, 0), "tl": (1, 0), "uk": (1, 0),
    }  # fmt: skip
    assert {lang: (per[(lang, True)], per[(lang, False)]) for lang, _ in per} == expected
    held_other = [r for r in data if r["held"] and r["lang"] != "en"]
    from_sources = [r for r in held_other if not r["origin"].startswith("written-v16")]
    assert (len(held_other), len(from_sources)) == (120, 96)
    romanised = [r for r in data if r["lang"].endswith("-Latn")]
    assert (len(romanised), sum(bool(r["held"]) for r in romanised)) == (108, 48)


def test_heldout_v16_repeats_no_earlier_text() -> None:
    """No v16 text is identical to a text of v2 (both files) or of v3-v15, nor opens like one (40 letters)."""
    mod = builder("v16")
    earlier = earlier_texts("v16")
    assert len(earlier) > 4700
    texts = {str(r["text"]) for r in rows("v16")}
    assert not texts & earlier
    near = {k for k in map(mod._near_key, earlier) if k}
    assert not {mod._near_key(t) for t in texts} & near


def test_heldout_v16_written_rows_come_from_the_builder() -> None:
    """The written rows of the fixture are exactly what the build script's WRITTEN, ENCODED and
    BENIGN give, and each encoded text encodes its plain text as the kind says."""
    mod = builder("v16")
    built = {(r["text"].strip(), r["held"], r["lang"], r["origin"]) for r in mod.written_rows()}
    fixture = {
        (r["text"], r["held"], r["lang"], r["origin"]) for r in rows("v16") if r["origin"].startswith("written-v16")
    }
    assert fixture == built
    assert {kind for _, _, kind, _, _ in mod.ENCODED} == {"reversed", "leet"}
    for _, _, kind, _, plain in mod.ENCODED:
        enc = mod._encode(kind, plain)
        assert enc != plain
        if kind == "reversed":
            assert enc[::-1] == plain
        if kind == "leet":
            assert enc.translate(str.maketrans("431057", "aeiost")) == plain
    lessons = [r for r in rows("v16") if r["origin"] == "written-v16:memory-lesson"]
    assert len(lessons) == 11 and len({r["lang"] for r in lessons}) == 10 and all(r["held"] for r in lessons)


def test_heldout_v16_source_rows_follow_the_selection_rules() -> None:
    """What can be checked without the sources: the per-origin counts the constants give, the
    left-out promptwall type, labels per origin, the language tags of dhvaniguard's rows."""
    data = rows("v16")
    mod = builder("v16")
    multi = Counter((r["lang"], bool(r["held"])) for r in data if r["origin"] == "dhvani:multilang")
    assert multi == {
        (tag, held): (mod.DHVANI_HELD_N if held else mod.DHVANI_BENIGN_N)
        for tag in mod.DHVANI_LANG.values()
        for held in (True, False)
    }
    kinds = {r["origin"].split(":")[1] for r in data if r["origin"].startswith("promptwall:") and r["held"]}
    assert kinds <= set(mod.PROMPTWALL_TAKE) and "multi_turn_drift" not in kinds
    pw_en = [r for r in data if r["origin"].startswith("promptwall:") and r["held"] and r["lang"] == "en"]
    assert len(pw_en) == mod.PROMPTWALL_EN_N
    held_by_origin = {(r["origin"], bool(r["held"])) for r in data}
    for origin in ("giskard:jailbreak", "giskard:hijacking-attacks", "0din:nday-prompt"):
        assert (origin, False) not in held_by_origin
    for origin in ("promptwall:safe", "giskard:finding", "0din:nday-description", "elengtis:scenario"):
        assert (origin, True) not in held_by_origin
    notes = [r for r in data if r["origin"] == "elengtis:note"]
    assert all(r["held"] == (mod.ELENGTIS_ORDER in r["text"]) for r in notes)


def test_heldout_v16_is_registered_in_the_bench() -> None:
    """`bench/hold_eval.py --set v16` reads this file (only its rows are read here: nothing is scored)."""
    import importlib.util

    path = FIXTURES.parents[1] / "bench" / "hold_eval.py"
    spec = importlib.util.spec_from_file_location("hold_eval_v16_check", path)
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    got = bench.v16_rows()
    assert len(got) == 429 and sum(held for _, held, _, _, _ in got) == 209
    assert {group for *_, group in got} >= {"dhvani", "promptwall", "giskard", "written-v16:memory-lesson"}
    assert "v16" in (bench.__doc__ or "")
