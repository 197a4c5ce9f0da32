"""Held-out set v25 (tests/fixtures/hold_heldout_v25/): committed in issue 15's twenty-third round, before scoring.

No detector is run here: the set is scored once, by the lead, after round 23 is merged
(`bench/hold_eval.py --set v25`); these tests only pin what the set is.
"""

from __future__ import annotations

import subprocess
import sys
from collections import Counter
from pathlib import Path

from heldout_jsonl import (
    FIXTURES,
    SCRIPTS,
    builder,
    check_no_earlier_text,
    check_pinned,
    jsonl_path,
    rows,
)

SHA256 = "80e6d5be9d33877347f8b3a1ae7915d76a0ca0c9b4632d9c0ff105a6790cbcdd"
UI = ("humanize", "taggit", "treebeard")


def test_heldout_v25_is_unchanged() -> None:
    check_pinned("v25", SHA256, least_held=140)


def test_heldout_v25_counts_by_label_and_origin() -> None:
    """The counts the README states: 380 rows, 143 held; per origin group and label; no source over 15% of orders."""
    data = rows("v25")
    assert len(data) == 380
    held = sum(bool(r["held"]) for r in data)
    assert held == 143
    group = Counter((r["origin"].split(":")[0], bool(r["held"])) for r in data)
    assert group == {
        ("redclaw", True): 21,
        ("redclaw", False): 50,
        ("llmscan", True): 21,
        ("llmscan", False): 56,
        ("vorak", True): 18,
        ("promptocyte", True): 21,
        ("promptocyte", False): 45,
        ("promptgate", True): 12,
        ("promptgate", False): 8,
        ("humanize", False): 27,
        ("taggit", False): 20,
        ("treebeard", False): 7,
        ("written-v25", True): 50,
        ("written-v25", False): 24,
    }
    assert max(n for (g, h), n in group.items() if h and g != "written-v25") * 100 <= 15 * held  # 21 of 143
    assert sum(len(r["text"]) < 80 for r in data if r["held"]) == 36  # v24: 99 of 188


def test_heldout_v25_languages() -> None:
    """41 language tags; orders in 33, benign texts in 37; 28 non-English tags carry both; 57 non-English orders."""
    data = rows("v25")
    per = Counter((r["lang"], bool(r["held"])) for r in data)
    expected = {
        "en": (86, 154), "ja": (13, 10), "de": (3, 4), "es": (3, 4), "fr": (3, 4), "it": (2, 3), "pt": (2, 3),
        "ru": (2, 4), "ar": (2, 2), "tr": (2, 2), "zh": (2, 2), "ko": (2, 1), "el": (1, 3), "he": (1, 3),
        "nl": (1, 4), "pl": (1, 3), "uk": (1, 3), "da": (1, 2), "fa": (1, 2), "fi": (1, 2), "hu": (1, 2),
        "id": (1, 2), "sv": (1, 2), "vi": (1, 2), "bn": (1, 1), "ca": (1, 1), "cs": (1, 1), "hi": (1, 1),
        "zh-Hant": (1, 1), "mul": (1, 0), "ro": (1, 0), "sw": (1, 0), "th": (1, 0), "eo": (0, 2), "eu": (0, 1),
        "lv": (0, 1), "nb": (0, 1), "si": (0, 1), "sk": (0, 1), "sl": (0, 1), "tlh": (0, 1),
    }  # fmt: skip
    assert {lang: (per[(lang, True)], per[(lang, False)]) for lang, _ in per} == expected
    both = {lang for lang, _ in per if lang != "en" and per[(lang, True)] and per[(lang, False)]}
    assert len(both) == 28
    held_other = [r for r in data if r["held"] and r["lang"] != "en"]
    from_sources = [r for r in held_other if not r["origin"].startswith("written-v25")]
    assert (len(held_other), len(from_sources)) == (57, 12)
    assert len(held_other) * 100 >= 35 * sum(bool(r["held"]) for r in data)  # 40% of the orders
    assert {r["origin"].split(":")[0] for r in from_sources} == {"promptgate"}
    assert sum(not r["held"] and r["lang"] != "en" for r in data) == 83


def test_heldout_v25_repeats_no_earlier_text() -> None:
    """No v25 text is identical to a text of v2 (both files) or of v3-v24, nor opens like one (40 letters)."""
    check_no_earlier_text("v25", least_earlier=8200)


def test_heldout_v25_written_rows_come_from_the_builder(tmp_path: Path) -> None:
    """The written rows of the fixture are what WRITTEN and BENIGN give; writing them twice gives the same bytes."""
    mod = builder("v25")
    from hold_heldout_v6 import write_heldout

    written = mod.written_rows()
    for out in ("a", "b"):
        write_heldout([dict(r) for r in written], set(), tmp_path / out / "w.jsonl")
    assert (tmp_path / "a" / "w.jsonl").read_bytes() == (tmp_path / "b" / "w.jsonl").read_bytes()
    lines = [x for x in jsonl_path("v25").read_text(encoding="utf-8").splitlines() if '"written-v25:' in x]
    assert "\n".join(lines) + "\n" == (tmp_path / "a" / "w.jsonl").read_text(encoding="utf-8")
    held_written = [r for r in rows("v25") if r["held"] and r["origin"].startswith("written-v25")]
    assert len(held_written) == 50 and len({r["lang"] for r in held_written}) == 32
    lessons = [r for r in rows("v25") if r["origin"] == "written-v25:memory-lesson"]
    assert len(lessons) == 18 and all(r["held"] for r in lessons)
    hidden = {r["origin"].split(":")[1] for r in held_written}
    assert {"tool-output-json", "hidden-html", "zero-width", "tag-chars", "encoded", "hex"} <= hidden
    assert {"fake-delimiter", "role-marker"} <= hidden
    assert any(0xE0000 <= ord(c) <= 0xE007F for r in held_written for c in r["text"])
    assert any("\u200b" in r["text"] for r in held_written)
    earlier_written = {str(r["text"]) for n in (22, 23, 24) for r in rows(f"v{n}") if "written-" in r["origin"]}
    assert not {r["text"] for r in rows("v25")} & earlier_written


def test_heldout_v25_source_rows_follow_the_selection_rules() -> None:
    """Checkable without the sources: labels per origin, sample sizes, the catalogue filter, canaries filled."""
    data = rows("v25")
    mod = builder("v25")
    assert not {g for g, h in {(r["origin"].split(":")[0], bool(r["held"])) for r in data} if h} & set(UI)
    origins = Counter(r["origin"] for r in data)
    assert sum(r["held"] and r["origin"].startswith("redclaw:") for r in data) == mod.REDCLAW_N
    assert origins["redclaw:description"] == mod.REDCLAW_DESC_N
    assert sum(r["held"] and r["origin"].startswith("llmscan:") for r in data) == mod.LLMSCAN_N
    assert origins["llmscan:name"] == mod.LLMSCAN_NAME_N
    assert sum(r["held"] and r["origin"].startswith("promptocyte:") for r in data) == mod.PROMPTOCYTE_N
    assert not [r for r in data if r["origin"].startswith(("llmscan:output", "promptocyte:tool"))]
    assert not [r for r in data if "{CANARY" in r["text"]]
    assert all(r["lang"] in ("ja", "mul") for r in data if r["origin"].startswith("promptgate:"))
    ui = [r for r in data if r["origin"].split(":")[0] in UI]
    assert all(12 <= len(r["text"]) <= 200 and not set("%{<") & set(r["text"]) for r in ui)
    per_tag = Counter((r["origin"].split(":")[0], r["lang"]) for r in ui)
    assert max(per_tag.values()) == 1 and "en" not in {lang for _, lang in per_tag}


def test_heldout_v25_build_refuses_missing_or_wrong_archives(tmp_path: Path) -> None:
    """The build script exits 2 naming the archive when a source is missing or its SHA-256 differs."""
    script = SCRIPTS / "hold_heldout_v25.py"
    run = [sys.executable, str(script), "--sources", str(tmp_path), "--out", str(tmp_path / "out")]
    missing = subprocess.run(run, capture_output=True, text=True, check=False)
    assert missing.returncode == 2 and "missing sdists/redclaw-1.0.1.tar.gz" in missing.stderr
    (tmp_path / "sdists").mkdir()
    (tmp_path / "sdists" / "redclaw-1.0.1.tar.gz").write_bytes(b"not the sdist")
    wrong = subprocess.run(run, capture_output=True, text=True, check=False)
    assert wrong.returncode == 2 and "has SHA-256" in wrong.stderr
    assert not (tmp_path / "out").exists()


def test_heldout_v25_is_registered_in_the_bench_but_not_in_all() -> None:
    """`bench/hold_eval.py --set v25` reads this file (only its rows are read here: nothing is scored)."""
    import importlib.util

    path = FIXTURES.parents[1] / "bench" / "hold_eval.py"
    spec = importlib.util.spec_from_file_location("hold_eval_v25_check", path)
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    got = bench.v25_rows()
    assert len(got) == 380 and sum(held for _, held, _, _, _ in got) == 143
    assert {group for *_, group in got} >= {"redclaw", "promptgate", "humanize", "written-v25:memory-lesson"}
    assert "v25" in (bench.__doc__ or "")
    source = path.read_text(encoding="utf-8")
    assert 'chosen = ["v6", "v5", "v4", "v3", "v2"] if args.set == "all"' in source
