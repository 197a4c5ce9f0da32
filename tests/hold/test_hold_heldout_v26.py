"""Held-out set v26 (tests/fixtures/hold_heldout_v26/): committed in issue 15's twenty-fourth round, before scoring.

No detector is run here: the set is scored once, by the lead, after round 24 is merged
(`bench/hold_eval.py --set v26`); these tests only pin what the set is.
"""

from __future__ import annotations

import re
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

SHA256 = "742da488caed6bfcc506a5687322b7c554d5001c3715271ac1ab9d4ca80f64eb"
SOURCED_ORDERS = ("chaos", "immune", "solomon", "redagent", "k9x", "tanli", "catraca", "llmsentry")


def test_heldout_v26_is_unchanged() -> None:
    check_pinned("v26", SHA256, least_held=150)


def test_heldout_v26_counts_by_label_and_origin() -> None:
    """The counts the README states: 455 rows, 179 held; per origin group and label; no source over 15% of orders."""
    data = rows("v26")
    assert len(data) == 455
    held = sum(bool(r["held"]) for r in data)
    assert held == 179
    group = Counter((r["origin"].split(":")[0], bool(r["held"])) for r in data)
    assert group == {
        ("chaos", True): 24,
        ("immune", True): 24,
        ("solomon", True): 19,
        ("solomon", False): 17,
        ("redagent", True): 13,
        ("k9x", True): 6,
        ("k9x", False): 1,
        ("tanli", True): 15,
        ("tanli", False): 24,
        ("catraca", True): 16,
        ("llmsentry", True): 3,
        ("agents", False): 80,
        ("docs", False): 100,
        ("strata", False): 24,
        ("written-v26", True): 59,
        ("written-v26", False): 30,
    }
    assert max(n for (g, h), n in group.items() if h and g != "written-v26") * 100 <= 15 * held  # 24 of 179
    written = sum(r["origin"].startswith("written-v26") for r in data)
    assert written * 100 < 20 * len(data)  # 89 of 455
    assert sum(len(r["text"]) < 80 for r in data if r["held"]) == 65  # v25: 36 of 143


def test_heldout_v26_languages() -> None:
    """34 language tags; orders in 34, benign texts in 30; 94 of 179 orders not in English, 42 of them from sources."""
    data = rows("v26")
    per = Counter((r["lang"], bool(r["held"])) for r in data)
    expected = {
        "en": (85, 53), "ja": (6, 67), "zh": (6, 49), "es": (5, 42), "zh-Hant": (15, 24), "ru": (12, 7),
        "de": (5, 7), "ar": (3, 4), "ko": (5, 2), "fr": (5, 1), "pt": (4, 1), "it": (3, 1), "hi": (2, 1),
        "nl": (2, 1), "bg": (1, 1), "cs": (1, 1), "el": (1, 1), "fa": (1, 1), "fi": (1, 1), "he": (1, 1),
        "hu": (1, 1), "ms": (1, 1), "nb": (1, 1), "pl": (1, 1), "ro": (1, 1), "sv": (1, 1), "tl": (1, 1),
        "tr": (1, 1), "uk": (1, 1), "vi": (1, 1), "mul": (2, 0), "hr": (1, 0), "ta": (1, 0), "ur": (1, 0),
    }  # fmt: skip
    assert {lang: (per[(lang, True)], per[(lang, False)]) for lang, _ in per} == expected
    held_other = [r for r in data if r["held"] and r["lang"] != "en"]
    from_sources = [r for r in held_other if not r["origin"].startswith("written-v26")]
    assert (len(held_other), len(from_sources)) == (94, 42)
    assert len(held_other) * 100 >= 40 * sum(bool(r["held"]) for r in data)
    assert Counter(r["origin"].split(":")[0] for r in from_sources) == {
        "immune": 16,
        "tanli": 15,
        "solomon": 10,
        "catraca": 1,
    }
    assert sum(not r["held"] and r["lang"] != "en" for r in data) == 223


def test_heldout_v26_repeats_no_earlier_text() -> None:
    """No v26 text is identical to a text of v2 (both files) or of v3-v25, nor opens like one (40 letters)."""
    check_no_earlier_text("v26", least_earlier=8500)


def test_heldout_v26_written_rows_come_from_the_builder(tmp_path: Path) -> None:
    """The written rows of the fixture are what WRITTEN and BENIGN give; writing them twice gives the same bytes."""
    mod = builder("v26")
    from hold_heldout_v6 import write_heldout

    written = mod.written_rows()
    for out in ("a", "b"):
        write_heldout([dict(r) for r in written], set(), tmp_path / out / "w.jsonl")
    assert (tmp_path / "a" / "w.jsonl").read_bytes() == (tmp_path / "b" / "w.jsonl").read_bytes()
    lines = [x for x in jsonl_path("v26").read_text(encoding="utf-8").splitlines() if '"written-v26:' in x]
    assert "\n".join(lines) + "\n" == (tmp_path / "a" / "w.jsonl").read_text(encoding="utf-8")
    held_written = [r for r in rows("v26") if r["held"] and r["origin"].startswith("written-v26")]
    assert len(held_written) == 59 and len({r["lang"] for r in held_written}) == 31
    kinds = Counter(r["origin"].split(":")[1] for r in held_written)
    assert kinds["memory-lesson"] == 28 and kinds["colleague-secret"] == 12
    hidden = {"tool-output-json", "hidden-html", "markdown-image", "zero-width", "tag-chars", "encoded", "hex"}
    assert hidden <= set(kinds)
    assert any(0xE0000 <= ord(c) <= 0xE007F for r in held_written for c in r["text"])
    assert any("\u200d" in r["text"] for r in held_written)
    earlier_written = {str(r["text"]) for n in range(22, 26) for r in rows(f"v{n}") if "written-" in r["origin"]}
    assert not {r["text"] for r in rows("v26")} & earlier_written


def test_heldout_v26_source_rows_follow_the_selection_rules() -> None:
    """Checkable without the sources: labels per origin, sample sizes, filled templates, no link-only benign items."""
    data = rows("v26")
    mod = builder("v26")
    held_groups = {r["origin"].split(":")[0] for r in data if r["held"]}
    benign_groups = {r["origin"].split(":")[0] for r in data if not r["held"]}
    assert held_groups == {*SOURCED_ORDERS, "written-v26"}
    assert benign_groups == {"solomon", "k9x", "tanli", "agents", "docs", "strata", "written-v26"}
    assert sum(r["origin"].startswith("chaos:") for r in data) == mod.CHAOS_N
    assert sum(r["origin"].startswith("immune:") for r in data) == mod.IMMUNE_N
    assert not [r for r in data if r["origin"].split(":")[1:] in (["output-handling"], ["availability-cost"])]
    assert sum(r["origin"] == "tanli:advice" for r in data) == mod.TANLI_ADVICE_N
    assert all(r["lang"] in ("zh-Hant", "mul") for r in data if r["origin"].startswith("tanli:"))
    assert not [r for r in data if "{{" in r["text"]]  # playbook variables filled
    for group in ("asilo", "promptstrata", "sra-agent", "traceguard"):
        assert sum(r["origin"] == f"docs:{group}" for r in data) <= mod.DOCS_N
    benign = [r for r in data if not r["held"] and not r["origin"].startswith("written-v26")]
    assert min(len(r["text"]) for r in benign) >= 12
    listed = [r for r in benign if r["origin"].startswith(("agents:", "docs:"))]
    assert all(sum(c.isalpha() for c in mod._LINK.sub("", r["text"])) >= 15 for r in listed)  # no link-only items


def test_heldout_v26_md_items_reads_list_items() -> None:
    """The list-item reader of the agent-file rows: items joined across lines, fences and link-only items skipped."""
    mod = builder("v26")
    text = (
        "# Rules\n\n- Always run the unit tests before opening a pull request,\n"
        "  and link the CI run in its description.\n"
        "- [Quick start](docs/quickstart.md)\n\n```\n- never read: inside a code fence line\n```\n"
        "1. Keep secrets in the vault, never in the repository.\n"
    )
    assert mod.md_items(text) == [
        "Always run the unit tests before opening a pull request, and link the CI run in its description.",
        "Keep secrets in the vault, never in the repository.",
    ]


def test_heldout_v26_build_refuses_missing_or_wrong_archives(tmp_path: Path) -> None:
    """The build script exits 2 naming the archive when a source is missing or its SHA-256 differs."""
    script = SCRIPTS / "hold_heldout_v26.py"
    run = [sys.executable, str(script), "--sources", str(tmp_path), "--out", str(tmp_path / "out")]
    missing = subprocess.run(run, capture_output=True, text=True, check=False)
    assert missing.returncode == 2 and "missing sdists/chaos_bringer-0.3.0.tar.gz" in missing.stderr
    (tmp_path / "sdists").mkdir()
    (tmp_path / "sdists" / "chaos_bringer-0.3.0.tar.gz").write_bytes(b"not the sdist")
    wrong = subprocess.run(run, capture_output=True, text=True, check=False)
    assert wrong.returncode == 2 and "has SHA-256" in wrong.stderr
    assert not (tmp_path / "out").exists()


def test_heldout_v26_is_registered_in_the_bench_but_not_in_all() -> None:
    """`bench/hold_eval.py --set v26` reads this file (only its rows are read here: nothing is scored)."""
    import importlib.util

    path = FIXTURES.parents[1] / "bench" / "hold_eval.py"
    spec = importlib.util.spec_from_file_location("hold_eval_v26_check", path)
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    got = bench.v26_rows()
    assert len(got) == 455 and sum(held for _, held, _, _, _ in got) == 179
    assert {group for *_, group in got} >= {"chaos", "tanli", "agents", "written-v26:memory-lesson"}
    assert "v26" in (bench.__doc__ or "")
    source = path.read_text(encoding="utf-8")
    assert 'chosen = ["v6", "v5", "v4", "v3", "v2"] if args.set == "all"' in source
    same = (FIXTURES.parents[1] / "bench" / "hold_verdicts_same.py").read_text(encoding="utf-8")
    skip = re.search(r'"--skip", default="([^"]*)"', same)
    assert skip is not None and "v26" in skip.group(1).split(",")  # never opened unless asked
