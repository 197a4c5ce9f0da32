"""Held-out set v19 (tests/fixtures/hold_heldout_v19/): committed in issue 15's seventeenth round, before it was scored.

No detector is run here: the set is scored once, by the lead, after round 17 is merged
(`bench/hold_eval.py --set v19`); these tests only pin what the set is.
"""

from __future__ import annotations

from collections import Counter

from heldout_jsonl import FIXTURES, builder, check_pinned, earlier_texts, rows

SHA256 = "d9cfcf4d5929fd697e6e4e11a052d7eaa091695fcbb393b0dbed2d239d3784d2"
INDIC = {"hi", "bn", "ta", "te", "kn", "mr", "gu", "pa", "ml", "ne", "si", "ur"}


def test_heldout_v19_is_unchanged() -> None:
    check_pinned("v19", SHA256, least_held=300)


def test_heldout_v19_counts_by_label_and_origin() -> None:
    """The counts the README states: 625 rows, 339 held; per origin group and label."""
    data = rows("v19")
    assert len(data) == 625
    assert sum(bool(r["held"]) for r in data) == 339
    group = Counter((r["origin"].split(":")[0], bool(r["held"])) for r in data)
    assert group == {
        ("lmtwt", True): 49,
        ("lmtwt", False): 60,
        ("promptshields", True): 151,
        ("promptshields", False): 37,
        ("asb", True): 60,
        ("asb", False): 50,
        ("oubliette", True): 33,
        ("flask-security", False): 92,
        ("django-axes", False): 21,
        ("written-v19", True): 46,
        ("written-v19", False): 26,
    }
    written = sum(n for (g, _), n in group.items() if g == "written-v19")
    assert 10 * len(data) <= written * 100 <= 15 * len(data)  # written rows are 10-15% (72 of 625)


def test_heldout_v19_languages() -> None:
    """52 language tags; orders in 40, benign texts in 38; romanised text tagged `<lang>-Latn`."""
    data = rows("v19")
    per = Counter((r["lang"], bool(r["held"])) for r in data)
    expected = {
        "en": (295, 152), "ar": (2, 9), "pt": (1, 10), "de": (1, 9), "fr": (0, 8), "ru": (0, 8),
        "pl": (0, 7), "tr": (0, 7), "es": (1, 6), "hy": (1, 5), "nl": (1, 5), "af": (0, 5), "ca": (0, 5),
        "da": (0, 5), "eu": (0, 5), "hu": (0, 5), "is": (0, 5), "it": (0, 5), "fa": (1, 3), "zh": (1, 3),
        "id": (0, 2), "hi": (2, 1), "bn": (2, 1), "ne": (2, 1), "th": (2, 1),
        "am": (1, 1), "he": (1, 1), "hi-Latn": (1, 1), "ja": (1, 1), "ka": (1, 1), "km": (1, 1), "ko": (1, 1),
        "si": (1, 1), "sw": (1, 1), "ta": (1, 1), "te": (1, 1), "uk": (1, 1), "ur": (1, 1),
        "bn-Latn": (1, 0), "el": (1, 0), "gu": (1, 0), "kk": (1, 0), "kn": (1, 0), "ml": (1, 0), "mr": (1, 0),
        "ms": (1, 0), "my": (1, 0), "pa": (1, 0), "ta-Latn": (1, 0), "tl": (1, 0), "ur-Latn": (1, 0),
        "vi": (1, 0),
    }  # fmt: skip
    assert {lang: (per[(lang, True)], per[(lang, False)]) for lang, _ in per} == expected
    held_other = [r for r in data if r["held"] and r["lang"] != "en"]
    from_sources = [r for r in held_other if not r["origin"].startswith("written-v19")]
    assert (len(held_other), len(from_sources)) == (44, 2)
    indic = [r for r in data if r["lang"].split("-")[0] in INDIC]
    assert (sum(bool(r["held"]) for r in indic), sum(not r["held"] for r in indic)) == (19, 8)
    romanised = [r for r in data if r["lang"].endswith("-Latn")]
    assert (len(romanised), sum(bool(r["held"]) for r in romanised)) == (5, 4)


def test_heldout_v19_repeats_no_earlier_text() -> None:
    """No v19 text is identical to a text of v2 (both files) or of v3-v18, nor opens like one (40 letters)."""
    mod = builder("v19")
    earlier = earlier_texts("v19")
    assert len(earlier) > 6000
    texts = {str(r["text"]) for r in rows("v19")}
    assert not texts & earlier
    near = {k for k in map(mod._near_key, earlier) if k}
    assert not {mod._near_key(t) for t in texts} & near


def test_heldout_v19_written_rows_come_from_the_builder() -> None:
    """The written rows of the fixture are exactly what the build script's WRITTEN and BENIGN give."""
    mod = builder("v19")
    built = {(r["text"].strip(), r["held"], r["lang"], r["origin"]) for r in mod.written_rows()}
    fixture = {
        (r["text"], r["held"], r["lang"], r["origin"]) for r in rows("v19") if r["origin"].startswith("written-v19")
    }
    assert fixture == built
    lessons = [r for r in rows("v19") if r["origin"] == "written-v19:memory-lesson"]
    assert len(lessons) == 18 and len({r["lang"] for r in lessons}) == 17 and all(r["held"] for r in lessons)
    mocks = [r for r in rows("v19") if "payment mock" in r["text"] or "पेमेंट मॉक" in r["text"]]
    assert len(mocks) == 2 and not any(r["held"] for r in mocks)


def test_heldout_v19_source_rows_follow_the_selection_rules() -> None:
    """What can be checked without the sources: labels per origin, the sample sizes, the locales taken."""
    data = rows("v19")
    mod = builder("v19")
    labels = {(r["origin"].split(":")[0], bool(r["held"])) for r in data}
    assert not labels & {("oubliette", False), ("flask-security", True), ("django-axes", True)}
    held_origins = {r["origin"] for r in data if r["held"] and not r["origin"].startswith("written-v19")}
    assert not {
        o for o in held_origins if o.endswith(("benign", "probe-description", "tool-description", "agent-task"))
    }
    asb = [r for r in data if r["origin"].startswith("asb:") and r["held"]]
    assert len(asb) == mod.ASB_N
    assert sum(r["origin"] == "asb:agent-task" for r in data) == mod.ASB_TASK_N
    assert sum(r["origin"] == "lmtwt:probe-description" for r in data) == mod.LMTWT_DESC_N
    assert not any(r["origin"] == "promptshields:crescendo" for r in data)
    po = Counter(r["origin"] for r in data if r["origin"].startswith(("flask-security:", "django-axes:")))
    assert max(n for o, n in po.items() if o.startswith("flask")) == mod.FLASK_N
    assert max(n for o, n in po.items() if o.startswith("django")) == mod.AXES_N
    assert not any(o.split(":")[1].startswith("en") for o in po)
    assert all(20 <= len(r["text"]) <= 200 for r in data if r["origin"].startswith(("flask-security:", "django-axes:")))


def test_heldout_v19_is_registered_in_the_bench() -> None:
    """`bench/hold_eval.py --set v19` reads this file (only its rows are read here: nothing is scored)."""
    import importlib.util

    path = FIXTURES.parents[1] / "bench" / "hold_eval.py"
    spec = importlib.util.spec_from_file_location("hold_eval_v19_check", path)
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    got = bench.v19_rows()
    assert len(got) == 625 and sum(held for _, held, _, _, _ in got) == 339
    assert {group for *_, group in got} >= {
        "lmtwt",
        "promptshields",
        "asb",
        "oubliette",
        "flask-security",
        "written-v19:memory-lesson",
    }
    assert "v19" in (bench.__doc__ or "")
