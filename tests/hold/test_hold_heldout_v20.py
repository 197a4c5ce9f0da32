"""Held-out set v20 (tests/fixtures/hold_heldout_v20/): committed in issue 15's eighteenth round, before it was scored.

No detector is run here: the set is scored once, by the lead, after round 18 is merged
(`bench/hold_eval.py --set v20`); these tests only pin what the set is.
"""

from __future__ import annotations

import subprocess
import sys
from collections import Counter
from pathlib import Path

from heldout_jsonl import FIXTURES, SCRIPTS, builder, check_pinned, earlier_texts, rows

SHA256 = "69950d22afb0ba727026a4aa19fbff39c5495106280d8a2fda55a97fb62a9504"


def test_heldout_v20_is_unchanged() -> None:
    check_pinned("v20", SHA256, least_held=200)


def test_heldout_v20_counts_by_label_and_origin() -> None:
    """The counts the README states: 417 rows, 202 held; per origin group and label; no source over 45 orders."""
    data = rows("v20")
    assert len(data) == 417
    assert sum(bool(r["held"]) for r in data) == 202
    group = Counter((r["origin"].split(":")[0], bool(r["held"])) for r in data)
    assert group == {
        ("prompt-fuzz", True): 45,
        ("jailbreak-arena", True): 45,
        ("jailbreak-arena", False): 20,
        ("promptpressure", True): 45,
        ("aion", True): 15,
        ("aion", False): 50,
        ("hivetracered", True): 22,
        ("hivetracered", False): 35,
        ("flask-appbuilder", False): 79,
        ("django-otp", False): 15,
        ("written-v20", True): 30,
        ("written-v20", False): 16,
    }
    assert max(n for (_, held), n in group.items() if held) <= 45
    written = sum(n for (g, _), n in group.items() if g == "written-v20")
    assert 10 * len(data) <= written * 100 <= 15 * len(data)  # written rows are 10-15% (46 of 417)


def test_heldout_v20_languages() -> None:
    """31 language tags; orders in 25, benign texts in 21; at least 10% of each side outside English."""
    data = rows("v20")
    per = Counter((r["lang"], bool(r["held"])) for r in data)
    expected = {
        "en": (157, 109), "ru": (22, 6), "pt": (1, 16), "fr": (1, 9), "de": (0, 9), "es": (0, 9),
        "ja": (1, 6), "pl": (1, 6), "tr": (1, 6), "el": (1, 5), "fa": (1, 5), "it": (1, 5), "ko": (1, 5),
        "nl": (0, 5), "sl": (0, 5), "zh": (1, 3), "ar": (1, 1), "id": (1, 1), "vi": (1, 1), "zh-Hant": (0, 2),
        "bn": (1, 0), "cs": (1, 0), "fi": (1, 0), "hi": (0, 1), "hi-Latn": (1, 0), "hu": (1, 0), "mr": (1, 0),
        "ro": (1, 0), "sv": (1, 0), "sw": (1, 0), "ta": (1, 0),
    }  # fmt: skip
    assert {lang: (per[(lang, True)], per[(lang, False)]) for lang, _ in per} == expected
    held_other = [r for r in data if r["held"] and r["lang"] != "en"]
    from_sources = [r for r in held_other if not r["origin"].startswith("written-v20")]
    assert (len(held_other), len(from_sources)) == (45, 22)
    assert {r["origin"].split(":")[0] for r in from_sources} == {"hivetracered"}
    benign_other = [r for r in data if not r["held"] and r["lang"] != "en"]
    assert len(benign_other) == 106
    assert 10 * len(held_other) >= 202 and 10 * len(benign_other) >= 215


def test_heldout_v20_repeats_no_earlier_text() -> None:
    """No v20 text is identical to a text of v2 (both files) or of v3-v19, nor opens like one (40 letters)."""
    mod = builder("v20")
    earlier = earlier_texts("v20")
    assert len(earlier) > 6500
    texts = {str(r["text"]) for r in rows("v20")}
    assert not texts & earlier
    near = {k for k in map(mod._near_key, earlier) if k}
    assert not {mod._near_key(t) for t in texts} & near


def test_heldout_v20_written_rows_come_from_the_builder() -> None:
    """The written rows of the fixture are exactly what the build script's WRITTEN and BENIGN give."""
    mod = builder("v20")
    built = {(r["text"].strip(), r["held"], r["lang"], r["origin"]) for r in mod.written_rows()}
    fixture = {
        (r["text"], r["held"], r["lang"], r["origin"]) for r in rows("v20") if r["origin"].startswith("written-v20")
    }
    assert fixture == built
    lessons = [r for r in rows("v20") if r["origin"] == "written-v20:memory-lesson"]
    assert len(lessons) == 8 and len({r["lang"] for r in lessons}) == 8 and all(r["held"] for r in lessons)
    mocks = [r for r in rows("v20") if r["origin"] == "written-v20:team-knowledge"]
    assert len(mocks) == 4 and not any(r["held"] for r in mocks)


def test_heldout_v20_source_rows_follow_the_selection_rules() -> None:
    """What can be checked without the sources: labels per origin, the sample sizes, the locales, the filled slot."""
    data = rows("v20")
    mod = builder("v20")
    labels = {(r["origin"].split(":")[0], bool(r["held"])) for r in data}
    assert not labels & {
        ("prompt-fuzz", False),
        ("promptpressure", False),
        ("flask-appbuilder", True),
        ("django-otp", True),
    }
    held_origins = {r["origin"] for r in data if r["held"] and not r["origin"].startswith("written-v20")}
    assert not {o for o in held_origins if o.endswith(("description", "mitigation", "agent-input"))}
    assert not any(o.startswith("jailbreak-arena:multi") for o in held_origins)
    assert not any(o.startswith(("aion:cascading", "aion:human-trust")) for o in held_origins)
    assert {o.split(":")[1] for o in held_origins if o.startswith("promptpressure:")} == {"pi", "sp", "dx", "ta"}
    assert sum(r["origin"] == "aion:mitigation" for r in data) == mod.AION_MIT_N
    assert sum(r["origin"] == "hivetracered:description" for r in data) == mod.HIVE_DESC_N
    for prefix, n in (
        ("prompt-fuzz:", mod.FUZZ_N),
        ("jailbreak-arena:", mod.ARENA_N),
        ("promptpressure:", mod.PRESSURE_N),
    ):
        assert sum(r["held"] and r["origin"].startswith(prefix) for r in data) == n
    hive = [r for r in data if r["held"] and r["origin"].startswith("hivetracered:")]
    assert all(sum(g in r["text"] for g in mod.HIVE_GOALS) == 1 and "{prompt}" not in r["text"] for r in hive)
    assert not any(r["origin"] == "hivetracered:none" for r in data)
    po = Counter(r["origin"] for r in data if r["origin"].startswith(("flask-appbuilder:", "django-otp:")))
    assert max(n for o, n in po.items() if o.startswith("flask")) == mod.FAB_N
    assert max(n for o, n in po.items() if o.startswith("django")) == mod.OTP_N
    assert not any(o.split(":")[1].startswith("en") for o in po)
    po_rows = [r for r in data if r["origin"].startswith(("flask-appbuilder:", "django-otp:"))]
    assert all(20 <= len(r["text"]) <= 200 and not set("%{<") & set(r["text"]) for r in po_rows)


def test_heldout_v20_build_refuses_missing_or_wrong_wheels(tmp_path: Path) -> None:
    """The build script exits 2 naming the wheel when a source is missing or its SHA-256 differs."""
    script = SCRIPTS / "hold_heldout_v20.py"
    run = [sys.executable, str(script), "--sources", str(tmp_path), "--out", str(tmp_path / "out")]
    missing = subprocess.run(run, capture_output=True, text=True, check=False)
    assert missing.returncode == 2 and "missing wheels/prompt_fuzz_cli-0.1.0-py3-none-any.whl" in missing.stderr
    (tmp_path / "wheels").mkdir()
    (tmp_path / "wheels" / "prompt_fuzz_cli-0.1.0-py3-none-any.whl").write_bytes(b"not the wheel")
    wrong = subprocess.run(run, capture_output=True, text=True, check=False)
    assert wrong.returncode == 2 and "has SHA-256" in wrong.stderr
    assert not (tmp_path / "out").exists()


def test_heldout_v20_is_registered_in_the_bench() -> None:
    """`bench/hold_eval.py --set v20` reads this file (only its rows are read here: nothing is scored)."""
    import importlib.util

    path = FIXTURES.parents[1] / "bench" / "hold_eval.py"
    spec = importlib.util.spec_from_file_location("hold_eval_v20_check", path)
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    got = bench.v20_rows()
    assert len(got) == 417 and sum(held for _, held, _, _, _ in got) == 202
    assert {group for *_, group in got} >= {
        "prompt-fuzz",
        "jailbreak-arena",
        "promptpressure",
        "aion",
        "hivetracered",
        "flask-appbuilder",
        "written-v20:memory-lesson",
    }
    assert "v20" in (bench.__doc__ or "")
