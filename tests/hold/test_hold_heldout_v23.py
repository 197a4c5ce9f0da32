"""Held-out set v23 (tests/fixtures/hold_heldout_v23/): committed in issue 15's twenty-first round, before scoring.

No detector is run here: the set is scored once, by the lead, after round 21 is merged
(`bench/hold_eval.py --set v23`); these tests only pin what the set is.
"""

from __future__ import annotations

import subprocess
import sys
from collections import Counter
from pathlib import Path

from heldout_jsonl import FIXTURES, SCRIPTS, builder, check_no_earlier_text, check_pinned, rows

SHA256 = "ae5441bea1e2f7bcf9b6e3f5487b494c1b735667ca8a12729b04ee618b39af1e"
UI = ("filter", "reversion", "debugtoolbar", "restauth")


def test_heldout_v23_is_unchanged() -> None:
    check_pinned("v23", SHA256, least_held=155)


def test_heldout_v23_counts_by_label_and_origin() -> None:
    """The counts the README states: 396 rows, 160 held; per origin group and label; no source over 23 orders."""
    data = rows("v23")
    assert len(data) == 396
    assert sum(bool(r["held"]) for r in data) == 160
    group = Counter((r["origin"].split(":")[0], bool(r["held"])) for r in data)
    assert group == {
        ("pshield", True): 21,
        ("pshield", False): 49,
        ("promptbadger", True): 23,
        ("promptbadger", False): 35,
        ("safelabs", True): 16,
        ("agentguardian", True): 16,
        ("agentguardian", False): 16,
        ("weiseer", True): 14,
        ("weiseer", False): 16,
        ("mithril", True): 10,
        ("unplug", True): 7,
        ("unplug", False): 16,
        ("promptlint", True): 12,
        ("promptlint", False): 12,
        ("filter", False): 19,
        ("reversion", False): 20,
        ("debugtoolbar", False): 19,
        ("restauth", False): 22,
        ("written-v23", True): 41,
        ("written-v23", False): 12,
    }
    held = 160
    assert max(n for (g, h), n in group.items() if h and g != "written-v23") * 100 <= 15 * held  # 23 of 160
    written = sum(n for (g, _), n in group.items() if g == "written-v23")
    assert written * 100 <= 14 * len(data)  # written rows: 53 of 396 (13.4%)


def test_heldout_v23_languages() -> None:
    """44 language tags; orders in 38, benign texts in 36; 29 non-English tags carry both; 58 non-English orders."""
    data = rows("v23")
    per = Counter((r["lang"], bool(r["held"])) for r in data)
    expected = {
        "en": (102, 126), "de": (12, 10), "fr": (3, 8), "zh": (3, 5), "es": (2, 8), "ru": (2, 8), "ar": (2, 5),
        "ko": (2, 4), "ja": (2, 3), "hi": (2, 1), "cs": (1, 4), "fa": (1, 4), "it": (1, 4), "pl": (1, 4),
        "uk": (1, 4), "pt": (1, 6), "nl": (1, 3), "sk": (1, 3), "tr": (1, 3), "bg": (1, 2), "el": (1, 2),
        "fi": (1, 2), "ro": (1, 2), "sv": (1, 2), "he": (1, 1), "hr": (1, 1), "hu": (1, 1), "id": (1, 1),
        "lt": (1, 1), "nb": (1, 1), "et": (1, 0), "hbs": (1, 0), "ms": (1, 0), "sr": (1, 0), "ta": (1, 0),
        "th": (1, 0), "ur": (1, 0), "vi": (1, 0), "az": (0, 1), "be": (0, 1), "ca": (0, 1), "da": (0, 2),
        "sl": (0, 1), "uz": (0, 1),
    }  # fmt: skip
    assert {lang: (per[(lang, True)], per[(lang, False)]) for lang, _ in per} == expected
    both = {lang for lang, _ in per if lang != "en" and per[(lang, True)] and per[(lang, False)]}
    assert len(both) == 29
    held_other = [r for r in data if r["held"] and r["lang"] != "en"]
    from_sources = [r for r in held_other if not r["origin"].startswith("written-v23")]
    assert (len(held_other), len(from_sources)) == (58, 22)
    assert len(held_other) * 3 >= sum(bool(r["held"]) for r in data)  # at least a third of the orders
    assert {r["origin"] for r in from_sources} == {"promptbadger:pi-009", "pshield:d024", "weiseer:multilingual"}
    assert sum(not r["held"] and r["lang"] != "en" for r in data) == 110


def test_heldout_v23_repeats_no_earlier_text() -> None:
    """No v23 text is identical to a text of v2 (both files) or of v3-v22, nor opens like one (40 letters)."""
    check_no_earlier_text("v23", least_earlier=7500)


def test_heldout_v23_written_rows_come_from_the_builder() -> None:
    """The written rows of the fixture are exactly what the build script's WRITTEN and BENIGN give."""
    mod = builder("v23")
    built = {(r["text"].strip(), r["held"], r["lang"], r["origin"]) for r in mod.written_rows()}
    fixture = {
        (r["text"], r["held"], r["lang"], r["origin"]) for r in rows("v23") if r["origin"].startswith("written-v23")
    }
    assert fixture == built
    lessons = [r for r in rows("v23") if r["origin"] == "written-v23:memory-lesson"]
    assert len(lessons) == 15 and all(r["held"] for r in lessons)
    held_written = [r for r in rows("v23") if r["held"] and r["origin"].startswith("written-v23")]
    assert len({r["lang"] for r in held_written}) == 37
    override = ("ignore previous", "ignore all previous", "disregard", "ignora", "ignoriere", "忽略")
    assert not [r for r in held_written if any(w in r["text"].lower() for w in override)]


def test_heldout_v23_source_rows_follow_the_selection_rules() -> None:
    """What can be checked without the sources: labels per origin, sample sizes, the catalogue filter."""
    data = rows("v23")
    mod = builder("v23")
    labels = {(r["origin"].split(":")[0], bool(r["held"])) for r in data}
    assert not {g for g, h in labels if h} & {*UI}
    assert not {g for g, h in labels if not h} & {"safelabs", "mithril"}
    origins = Counter(r["origin"] for r in data)
    pb_held = [r for r in data if r["held"] and r["origin"].startswith("promptbadger:")]
    assert sum(r["origin"] != "promptbadger:pi-009" for r in pb_held) == mod.PB_MATCH_N
    pb_benign = [r for r in data if not r["held"] and r["origin"].startswith("promptbadger:")]
    assert sum(r["origin"] != "promptbadger:pi-009" for r in pb_benign) == mod.PB_NO_MATCH_N
    ps_held = [r for r in data if r["held"] and r["origin"].startswith("pshield:") and r["origin"] != "pshield:d024"]
    assert len(ps_held) == mod.PSHIELD_N
    assert {r["origin"].split(":")[1] for r in ps_held} <= {c.replace("_", "-") for c in mod.PSHIELD_HELD}
    assert origins["pshield:negative"] == mod.PSHIELD_NEG_N - 1  # one chosen negative was a v1-v22 text
    assert sum(r["origin"].startswith("safelabs:") for r in data) == mod.SAFELABS_N
    assert sum(r["held"] and r["origin"].startswith("agentguardian:") for r in data) == mod.AGENT_GUARDIAN_N
    assert origins["agentguardian:description"] == mod.AGENT_GUARDIAN_DESC_N
    assert sum(r["origin"].startswith("mithril:") for r in data) == mod.MITHRIL_N
    assert origins["weiseer:rationale"] == mod.WEISEER_RATIONALE_N
    w_held = [r for r in data if r["held"] and r["origin"].startswith("weiseer:")]
    assert sum(r["origin"] != "weiseer:multilingual" for r in w_held) == mod.WEISEER_N
    assert not {o for o in origins if o in ("weiseer:meta", "weiseer:cot-leak")}
    ui = [r for r in data if r["origin"].split(":")[0] in UI]
    assert all(20 <= len(r["text"]) <= 200 and not set("%{<") & set(r["text"]) for r in ui)
    per_tag = Counter((r["origin"].split(":")[0], r["lang"]) for r in ui)
    assert max(per_tag.values()) == 1 and "en" not in {lang for _, lang in per_tag}


def test_heldout_v23_build_refuses_missing_or_wrong_archives(tmp_path: Path) -> None:
    """The build script exits 2 naming the archive when a source is missing or its SHA-256 differs."""
    script = SCRIPTS / "hold_heldout_v23.py"
    run = [sys.executable, str(script), "--sources", str(tmp_path), "--out", str(tmp_path / "out")]
    missing = subprocess.run(run, capture_output=True, text=True, check=False)
    assert missing.returncode == 2 and "missing wheels/promptbadger-0.3.1-py3-none-any.whl" in missing.stderr
    (tmp_path / "wheels").mkdir()
    (tmp_path / "wheels" / "promptbadger-0.3.1-py3-none-any.whl").write_bytes(b"not the wheel")
    wrong = subprocess.run(run, capture_output=True, text=True, check=False)
    assert wrong.returncode == 2 and "has SHA-256" in wrong.stderr
    assert not (tmp_path / "out").exists()


def test_heldout_v23_is_registered_in_the_bench() -> None:
    """`bench/hold_eval.py --set v23` reads this file (only its rows are read here: nothing is scored)."""
    import importlib.util

    path = FIXTURES.parents[1] / "bench" / "hold_eval.py"
    spec = importlib.util.spec_from_file_location("hold_eval_v23_check", path)
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    got = bench.v23_rows()
    assert len(got) == 396 and sum(held for _, held, _, _, _ in got) == 160
    assert {group for *_, group in got} >= {"pshield", "promptbadger", "restauth", "written-v23:memory-lesson"}
    assert "v23" in (bench.__doc__ or "")
