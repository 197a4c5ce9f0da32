"""Held-out set v15 (tests/fixtures/hold_heldout_v15/): committed in issue 15's thirteenth round, before it was scored.

No detector is run here: the set is scored once, by the lead, after round 13 is merged
(`bench/hold_eval.py --set v15`); these tests only pin what the set is.
"""

from __future__ import annotations

import base64
import codecs
from collections import Counter

from heldout_jsonl import FIXTURES, builder, check_pinned, earlier_texts, rows

SHA256 = "e084dab25f018554150c0d8bd6bdfd90da65662aab23a4509e17dd9fbea6cb07"


def test_heldout_v15_is_unchanged() -> None:
    check_pinned("v15", SHA256, least_held=150)


def test_heldout_v15_counts_by_label_and_origin() -> None:
    """The counts the README states: 442 rows, 202 held; per origin group and label."""
    data = rows("v15")
    assert len(data) == 442
    assert sum(bool(r["held"]) for r in data) == 202
    group = Counter((r["origin"].split(":")[0], bool(r["held"])) for r in data)
    assert group == {
        ("openclaw", True): 85,
        ("openclaw", False): 24,
        ("moltshield", True): 43,
        ("moltshield", False): 76,
        ("hinglish", True): 33,
        ("hinglish", False): 12,
        ("hermeskatana", True): 9,
        ("hermeskatana", False): 8,
        ("zugashield", False): 24,
        ("redoubt", False): 8,
        ("mutant", False): 10,
        ("agenticfirewall", False): 8,
        ("chainlit", False): 45,
        ("written-v15", True): 32,
        ("written-v15", False): 25,
    }
    written = sum(n for (g, _), n in group.items() if g == "written-v15")
    assert written * 100 <= 15 * len(data)  # written rows are at most 15% (57 of 442)


def test_heldout_v15_languages() -> None:
    """33 language tags; orders in 24 of them, benign texts in 27; non-English orders mostly from sources."""
    data = rows("v15")
    per = Counter((r["lang"], bool(r["held"])) for r in data)
    expected = {
        "en": (83, 148), "translit": (32, 8), "ja": (13, 7), "zh": (11, 6), "es": (10, 6), "de": (8, 7),
        "ko": (10, 5), "fr": (8, 5), "ru": (9, 3), "ar": (3, 5), "pt": (2, 5), "hi": (1, 4), "it": (1, 4),
        "nl": (1, 3), "he": (1, 2), "mixed": (1, 2), "bn": (0, 2), "da": (0, 2), "el": (0, 2), "gu": (0, 2),
        "kn": (0, 2), "ml": (0, 2), "mr": (0, 2), "pl": (1, 1), "ta": (0, 2), "te": (0, 2), "tr": (1, 1),
        "fa": (1, 0), "id": (1, 0), "sv": (1, 0), "th": (1, 0), "uk": (1, 0), "vi": (1, 0),
    }  # fmt: skip
    assert {lang: (per[(lang, True)], per[(lang, False)]) for lang, _ in per} == expected
    held_other = [r for r in data if r["held"] and r["lang"] != "en"]
    from_sources = [r for r in held_other if not r["origin"].startswith("written-v15")]
    assert (len(held_other), len(from_sources)) == (119, 94)


def test_heldout_v15_repeats_no_earlier_text() -> None:
    """No v15 text is identical to a text of v2 (both files) or of v3-v14, nor opens like one (40 letters)."""
    mod = builder("v15")
    earlier = earlier_texts("v15")
    assert len(earlier) > 4300
    texts = {str(r["text"]) for r in rows("v15")}
    assert not texts & earlier
    near = {k for k in map(mod._near_key, earlier) if k}
    assert not {mod._near_key(t) for t in texts} & near


def test_heldout_v15_written_rows_come_from_the_builder() -> None:
    """The written rows of the fixture are exactly what the build script's WRITTEN, ENCODED and
    BENIGN give, and each encoded text encodes its plain text as the kind says."""
    mod = builder("v15")
    built = {(r["text"].strip(), r["held"], r["lang"], r["origin"]) for r in mod.written_rows()}
    fixture = {
        (r["text"], r["held"], r["lang"], r["origin"]) for r in rows("v15") if r["origin"].startswith("written-v15")
    }
    assert fixture == built
    assert {kind for _, _, kind, _, _ in mod.ENCODED} == {"b64", "rot13"}
    for _, _, kind, _, plain in mod.ENCODED:
        enc = mod._encode(kind, plain)
        assert enc != plain
        if kind == "b64":
            assert base64.b64decode(enc).decode("utf-8") == plain
        if kind == "rot13":
            assert codecs.decode(enc, "rot13") == plain


def test_heldout_v15_source_rows_follow_the_selection_rules() -> None:
    """What can be checked without the sources: the per-origin counts the constants give, the left-out
    openclaw and Hinglish cases, the UI messages per locale and their filter, labels per origin."""
    data = rows("v15")
    mod = builder("v15")
    per = Counter(r["origin"] for r in data)
    assert per["zugashield:signatures"] == mod.ZUGA_N
    assert per["mutant:dimensions"] == mod.MUTANT_N
    assert per["agenticfirewall:remediation"] == mod.FIREWALL_N
    assert per["hinglish:clean"] == mod.HINGLISH_CLEAN_N
    held_by_origin = {(r["origin"], bool(r["held"])) for r in data}
    for origin in ("openclaw:injection-attempts", "hinglish:stealth-heldout", "hermeskatana:meta-request"):
        assert (origin, False) not in held_by_origin
    for origin in (
        "openclaw:benign-messages", "moltshield:benign-prompts", "moltshield:multilingual", "hinglish:clean",
        "hermeskatana:taxonomy", "zugashield:signatures", "redoubt:fix", "mutant:dimensions",
        "agenticfirewall:remediation",
    ):  # fmt: skip
        assert (origin, True) not in held_by_origin
    assert not any(r["text"].startswith(mod.OPENCLAW_DISAGREE) for r in data if r["origin"].startswith("openclaw:"))
    ui = [r for r in data if r["origin"].startswith("chainlit:")]
    assert Counter(r["origin"] for r in ui) == {f"chainlit:{k}": n for k, (_, n) in mod.CHAINLIT_N.items()}
    assert all(mod._plain(r["text"]) and not r["held"] for r in ui)
    assert all(r["text"].startswith("Attacker ") for r in data if r["origin"] == "hermeskatana:taxonomy")


def test_heldout_v15_is_registered_in_the_bench() -> None:
    """`bench/hold_eval.py --set v15` reads this file (only its rows are read here: nothing is scored)."""
    import importlib.util

    path = FIXTURES.parents[1] / "bench" / "hold_eval.py"
    spec = importlib.util.spec_from_file_location("hold_eval_v15_check", path)
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    got = bench.v15_rows()
    assert len(got) == 442 and sum(held for _, held, _, _, _ in got) == 202
    assert {group for *_, group in got} >= {"openclaw", "moltshield", "hinglish", "written-v15:memory-lesson"}
    assert "v15" in (bench.__doc__ or "")
