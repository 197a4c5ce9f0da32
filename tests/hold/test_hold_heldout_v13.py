"""Held-out set v13 (tests/fixtures/hold_heldout_v13/): committed in issue 15's eleventh round, before it was scored.

No detector is run here: the set is scored once, by the lead, after round 11 is merged
(`bench/hold_eval.py --set v13`); these tests only pin what the set is.
"""

from __future__ import annotations

from collections import Counter

from heldout_jsonl import FIXTURES, builder, check_encoded, check_pinned, earlier_texts, rows

SHA256 = "416b725622f44a39b204884361af737634af6683d87e83d55ff9958bd5fd5610"


def test_heldout_v13_is_unchanged() -> None:
    check_pinned("v13", SHA256, least_held=150)


def test_heldout_v13_counts_by_label_and_origin() -> None:
    """The counts the README states: 342 rows, 174 held; per origin group and label."""
    data = rows("v13")
    assert len(data) == 342
    assert sum(bool(r["held"]) for r in data) == 174
    group = Counter((r["origin"].split(":")[0], bool(r["held"])) for r in data)
    assert group == {
        ("aegisrt", True): 73,
        ("aegisrt", False): 22,
        ("jbb", True): 18,
        ("jbb", False): 15,
        ("finagent", True): 6,
        ("finagent", False): 1,
        ("jade", True): 40,
        ("jade", False): 20,
        ("chatbox", False): 67,
        ("awesome-copilot", False): 20,
        ("written-v13", True): 37,
        ("written-v13", False): 23,
    }
    written = sum(n for (g, _), n in group.items() if g == "written-v13")
    assert written * 5 <= len(data)  # written rows are under a fifth (60 of 342)


def test_heldout_v13_languages() -> None:
    """23 language tags; orders in 20 of them, benign texts in 20; non-English orders mostly from sources."""
    data = rows("v13")
    per = Counter((r["lang"], bool(r["held"])) for r in data)
    expected = {
        "en": (96, 76), "zh": (28, 22), "ru": (5, 8), "ja": (5, 9), "ko": (4, 8), "ar": (4, 8), "es": (4, 6),
        "de": (3, 6), "hi": (3, 1), "th": (3, 1), "tr": (3, 1), "vi": (3, 1), "fa": (2, 1), "he": (2, 1),
        "pt": (2, 4), "fr": (1, 5), "id": (1, 1), "mixed": (3, 0), "sw": (1, 0), "uk": (1, 0),
        "it": (0, 3), "nb": (0, 3), "sv": (0, 3),
    }  # fmt: skip
    assert {lang: (per[(lang, True)], per[(lang, False)]) for lang, _ in per} == expected
    held_other = [r for r in data if r["held"] and r["lang"] != "en"]
    from_sources = [r for r in held_other if not r["origin"].startswith("written-v13")]
    assert (len(held_other), len(from_sources)) == (78, 44)


def test_heldout_v13_repeats_no_earlier_text() -> None:
    """No v13 text is identical to a text of v2 (both files) or of v3-v12."""
    earlier = earlier_texts("v13")
    assert len(earlier) > 3600
    assert not {str(r["text"]) for r in rows("v13")} & earlier


def test_heldout_v13_written_rows_come_from_the_builder() -> None:
    """The written rows of the fixture are exactly what the build script's WRITTEN, ENCODED and
    BENIGN give, and each encoded text decodes back to its plain text."""
    mod = builder("v13")
    built = {(r["text"].strip(), r["held"], r["lang"], r["origin"]) for r in mod.written_rows()}
    fixture = {
        (r["text"], r["held"], r["lang"], r["origin"]) for r in rows("v13") if r["origin"].startswith("written-v13")
    }
    assert fixture == built
    check_encoded(mod)


def test_heldout_v13_source_rows_follow_the_selection_rules() -> None:
    """What can be checked without the sources: aegisrt's rows per probe, JailbreakBench's categories,
    finagent's worlds, JADE's rows per part and the sub-category and request filter of its Chinese
    questions, Chatbox's rows per locale and their length filter, awesome-copilot's count (no two
    equal)."""
    data = rows("v13")
    mod = builder("v13")
    probes = Counter(r["origin"].split(":")[1] for r in data if r["origin"].startswith("aegisrt:"))
    expected = {name: n for name, (_, _, n) in mod.AEGISRT_SEEDS.items()}
    expected["injection"] -= 1  # one seed is a v1-v12 text, dropped by the builder
    expected |= {"multilingual": 18, "about": mod.AEGISRT_ABOUT}
    assert dict(probes) == expected
    assert all(mod.PROMPT_REQUEST.search(r["text"]) for r in data if r["origin"] == "aegisrt:exfiltration")
    jbb = [r for r in data if r["origin"].startswith("jbb:")]
    assert {r["origin"].split(":")[2] for r in jbb} <= {"malware", "fraud", "privacy"}
    assert Counter(bool(r["held"]) for r in jbb) == {True: mod.JBB_N, False: mod.JBB_BENIGN_N}
    fin = {r["origin"].split(":")[1]: bool(r["held"]) for r in data if r["origin"].startswith("finagent:")}
    assert fin == {w.removeprefix("_world_"): w in mod.FINAGENT_HELD for w in mod.FINAGENT_HELD + mod.FINAGENT_BENIGN}
    chat = Counter(r["origin"].split(":")[1] for r in data if r["origin"].startswith("chatbox:"))
    assert dict(chat) == {name: n for name, (_, n) in mod.CHATBOX_N.items()}
    assert all(mod._plain(r["text"]) for r in data if r["origin"].startswith("chatbox:"))
    jade = Counter(
        r["origin"].rsplit(":", 1)[0] if r["origin"].startswith("jade:zh") else r["origin"]
        for r in data
        if r["origin"].startswith("jade:")
    )
    assert dict(jade) == {"jade:zh": mod.JADE_N, "jade:mcp-description": 8, "jade:mcp-return": 8} | {
        f"jade:rule:{lang}": n for lang, n in mod.JADE_RULES_N.items()
    }
    zh = [r for r in data if r["origin"].startswith("jade:zh:")]
    assert all(r["origin"].split(":")[2] in mod.JADE_SUBCATEGORIES and mod.JADE_REQUEST.search(r["text"]) for r in zh)
    copilot = [r["text"] for r in data if r["origin"] == "awesome-copilot"]
    assert len(copilot) == len(set(copilot)) == mod.COPILOT_N
    assert all(not r["held"] for r in data if r["origin"] in {"awesome-copilot", "aegisrt:about", "jade:rule:zh"})


def test_heldout_v13_is_registered_in_the_bench() -> None:
    """`bench/hold_eval.py --set v13` reads this file (only its rows are read here: nothing is scored)."""
    import importlib.util

    path = FIXTURES.parents[1] / "bench" / "hold_eval.py"
    spec = importlib.util.spec_from_file_location("hold_eval_v13_check", path)
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    got = bench.v13_rows()
    assert len(got) == 342 and sum(held for _, held, _, _, _ in got) == 174
    assert {group for *_, group in got} >= {"aegisrt", "jade", "jbb", "chatbox", "written-v13:memory-lesson"}
    assert "v13" in (bench.__doc__ or "")
