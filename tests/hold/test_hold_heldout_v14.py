"""Held-out set v14 (tests/fixtures/hold_heldout_v14/): committed in issue 15's twelfth round, before it was scored.

No detector is run here: the set is scored once, by the lead, after round 12 is merged
(`bench/hold_eval.py --set v14`); these tests only pin what the set is.
"""

from __future__ import annotations

import base64
import codecs
from collections import Counter

from heldout_jsonl import FIXTURES, builder, check_pinned, earlier_texts, rows

SHA256 = "b9c176fc10da515e52ce91dc35055e246ba5230a62dd324e5e1b1dc04e0fb284"


def test_heldout_v14_is_unchanged() -> None:
    check_pinned("v14", SHA256, least_held=150)


def test_heldout_v14_counts_by_label_and_origin() -> None:
    """The counts the README states: 420 rows, 200 held; per origin group and label."""
    data = rows("v14")
    assert len(data) == 420
    assert sum(bool(r["held"]) for r in data) == 200
    group = Counter((r["origin"].split(":")[0], bool(r["held"])) for r in data)
    assert group == {
        ("na0s", True): 131,
        ("na0s", False): 71,
        ("llmguard", True): 37,
        ("llmguard", False): 16,
        ("anythingllm", False): 54,
        ("nextchat", False): 25,
        ("owasp", False): 31,
        ("written-v14", True): 32,
        ("written-v14", False): 23,
    }
    written = sum(n for (g, _), n in group.items() if g == "written-v14")
    assert written * 5 <= len(data)  # written rows are under a fifth (55 of 420)


def test_heldout_v14_languages() -> None:
    """31 language tags; orders in 25 of them, benign texts in 29; non-English orders mostly from sources."""
    data = rows("v14")
    per = Counter((r["lang"], bool(r["held"])) for r in data)
    expected = {
        "en": (100, 88), "zh": (8, 14), "ja": (8, 10), "ko": (4, 10), "ru": (4, 10), "ar": (8, 7), "fr": (9, 4),
        "es": (8, 8), "de": (6, 8), "tr": (4, 6), "vi": (1, 6), "pt": (4, 4), "hi": (4, 4), "fa": (3, 4),
        "he": (1, 5), "bn": (1, 4), "id": (1, 3), "it": (2, 3), "nl": (1, 3), "pl": (1, 3), "el": (0, 3),
        "cs": (0, 2), "da": (0, 2), "nb": (0, 2), "ro": (0, 2), "sk": (0, 2), "sv": (1, 1), "th": (1, 1),
        "uk": (1, 1), "mixed": (13, 0), "translit": (6, 0),
    }  # fmt: skip
    assert {lang: (per[(lang, True)], per[(lang, False)]) for lang, _ in per} == expected
    held_other = [r for r in data if r["held"] and r["lang"] != "en"]
    from_sources = [r for r in held_other if not r["origin"].startswith("written-v14")]
    assert (len(held_other), len(from_sources)) == (100, 75)


def test_heldout_v14_repeats_no_earlier_text() -> None:
    """No v14 text is identical to a text of v2 (both files) or of v3-v13."""
    earlier = earlier_texts("v14")
    assert len(earlier) > 3900
    assert not {str(r["text"]) for r in rows("v14")} & earlier


def test_heldout_v14_written_rows_come_from_the_builder() -> None:
    """The written rows of the fixture are exactly what the build script's WRITTEN, ENCODED and
    BENIGN give, and each encoded text encodes its plain text as the kind says."""
    mod = builder("v14")
    built = {(r["text"].strip(), r["held"], r["lang"], r["origin"]) for r in mod.written_rows()}
    fixture = {
        (r["text"], r["held"], r["lang"], r["origin"]) for r in rows("v14") if r["origin"].startswith("written-v14")
    }
    assert fixture == built
    assert {kind for _, _, kind, _, _ in mod.ENCODED} == {"b64", "rot13", "reversed", "leet"}
    for _, _, kind, _, plain in mod.ENCODED:
        enc = mod._encode(kind, plain)
        assert enc != plain
        if kind == "b64":
            assert base64.b64decode(enc).decode("utf-8") == plain
        if kind == "rot13":
            assert codecs.decode(enc, "rot13") == plain
        if kind == "reversed":
            assert enc[::-1] == plain
        if kind == "leet":
            assert len(enc) == len(plain) and not set(enc) & set("aeiost")


def test_heldout_v14_source_rows_follow_the_selection_rules() -> None:
    """What can be checked without the sources: Na0S's rows per file and list, llm-guard's left-out
    cases, the UI messages per locale and their filter, OWASP's paragraphs per language."""
    data = rows("v14")
    mod = builder("v14")
    na0s = Counter((r["origin"], bool(r["held"])) for r in data if r["origin"].startswith("na0s:"))
    for file, (n_held, _) in mod.NA0S_TESTS.items():
        stem = file.removeprefix("test_scan_").removesuffix(".py")
        if n_held is not None:
            assert na0s[(f"na0s:{stem}", True)] == n_held
    assert na0s[("na0s:false-positives", False)] == mod.NA0S_FP_N
    assert na0s[("na0s:taxonomy-multilingual", True)] == mod.NA0S_LANG_N * len(mod.NA0S_LIST_LANG)
    assert na0s[("na0s:taxonomy-poisoning", True)] == mod.NA0S_POISON_N
    assert not any(r["held"] for r in data if r["origin"] == "na0s:false-positives")
    guard = [r for r in data if r["origin"].startswith("llmguard:")]
    assert not any(r["text"].startswith(mod.LLMGUARD_DISAGREE) for r in guard)
    ui = [r for r in data if r["origin"].startswith(("anythingllm:", "nextchat:"))]
    per = Counter(r["origin"] for r in ui)
    assert per == {f"anythingllm:{k}": n for k, (_, n) in mod.ANYTHINGLLM_N.items()} | {
        f"nextchat:{k}": n for k, (_, n) in mod.NEXTCHAT_N.items()
    }
    assert all(mod._plain(r["text"]) and not r["held"] for r in ui)
    owasp = Counter(r["origin"] for r in data if r["origin"].startswith("owasp:"))
    assert owasp == {f"owasp:{k or 'en'}": n for k, (_, n) in mod.OWASP_N.items()}
    assert all(80 <= len(r["text"]) <= 600 and not r["held"] for r in data if r["origin"].startswith("owasp:"))


def test_heldout_v14_is_registered_in_the_bench() -> None:
    """`bench/hold_eval.py --set v14` reads this file (only its rows are read here: nothing is scored)."""
    import importlib.util

    path = FIXTURES.parents[1] / "bench" / "hold_eval.py"
    spec = importlib.util.spec_from_file_location("hold_eval_v14_check", path)
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    got = bench.v14_rows()
    assert len(got) == 420 and sum(held for _, held, _, _, _ in got) == 200
    assert {group for *_, group in got} >= {"na0s", "llmguard", "owasp", "written-v14:memory-lesson"}
    assert "v14" in (bench.__doc__ or "")
