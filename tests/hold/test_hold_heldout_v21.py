"""Held-out set v21 (tests/fixtures/hold_heldout_v21/): committed in issue 15's nineteenth round, before it was scored.

No detector is run here: the set is scored once, by the lead, after round 19 is merged
(`bench/hold_eval.py --set v21`); these tests only pin what the set is.
"""

from __future__ import annotations

import subprocess
import sys
from collections import Counter
from pathlib import Path

from heldout_jsonl import FIXTURES, SCRIPTS, builder, check_pinned, earlier_texts, rows

SHA256 = "b3c0bf4f76d48c59725629b76f44af83636a66241c24744d937f30ad5f99fa3b"


def test_heldout_v21_is_unchanged() -> None:
    check_pinned("v21", SHA256, least_held=140)


def test_heldout_v21_counts_by_label_and_origin() -> None:
    """The counts the README states: 335 rows, 144 held; per origin group and label; no source over 28 orders."""
    data = rows("v21")
    assert len(data) == 335
    assert sum(bool(r["held"]) for r in data) == 144
    group = Counter((r["origin"].split(":")[0], bool(r["held"])) for r in data)
    assert group == {
        ("honeypot", True): 28,
        ("honeypot", False): 1,
        ("rag-redteam", True): 28,
        ("rag-redteam", False): 8,
        ("llmvault", True): 25,
        ("jailscan", True): 9,
        ("jailscan", False): 10,
        ("tripwire", True): 6,
        ("finagent", True): 4,
        ("finagent", False): 19,
        ("mcp-adversarial", True): 3,
        ("mcp-adversarial", False): 1,
        ("agentharm", False): 41,
        ("import-export", False): 43,
        ("simple-history", False): 36,
        ("dendrita", True): 8,
        ("dendrita", False): 18,
        ("agentview", True): 1,
        ("agentview", False): 1,
        ("written-v21", True): 32,
        ("written-v21", False): 13,
    }
    assert max(n for (g, held), n in group.items() if held and g != "written-v21") <= 28  # under 20% of 144 orders
    written = sum(n for (g, _), n in group.items() if g == "written-v21")
    assert written * 100 <= 15 * len(data)  # written rows at most 15% (45 of 335)


def test_heldout_v21_languages() -> None:
    """35 language tags; orders in 31, benign texts in 27; 22 non-English tags carry both."""
    data = rows("v21")
    per = Counter((r["lang"], bool(r["held"])) for r in data)
    expected = {
        "en": (103, 81), "es": (9, 21), "ar": (2, 6), "ru": (2, 6), "zh": (2, 6), "de": (1, 6), "fr": (1, 6),
        "pl": (1, 6), "cs": (1, 5), "pt": (1, 5), "uk": (1, 5), "id": (1, 3), "it": (1, 3), "ko": (1, 3),
        "nb": (1, 3), "nl": (1, 3), "tr": (1, 3), "ur": (1, 3), "fa": (1, 2), "fi": (1, 2), "he": (1, 2),
        "ja": (1, 2), "bg": (0, 2), "ca": (0, 2), "hi": (1, 1), "kk": (0, 2), "sk": (0, 2), "bn": (1, 0),
        "da": (1, 0), "el": (1, 0), "hu": (1, 0), "ms": (1, 0), "sv": (1, 0), "th": (1, 0), "vi": (1, 0),
    }  # fmt: skip
    assert {lang: (per[(lang, True)], per[(lang, False)]) for lang, _ in per} == expected
    both = {lang for lang, _ in per if lang != "en" and per[(lang, True)] and per[(lang, False)]}
    assert len(both) == 22
    held_other = [r for r in data if r["held"] and r["lang"] != "en"]
    from_sources = [r for r in held_other if not r["origin"].startswith("written-v21")]
    assert (len(held_other), len(from_sources)) == (41, 11)
    assert {r["origin"].split(":")[0] for r in from_sources} == {"llmvault", "dendrita"}
    benign_other = [r for r in data if not r["held"] and r["lang"] != "en"]
    assert len(benign_other) == 110


def test_heldout_v21_repeats_no_earlier_text() -> None:
    """No v21 text is identical to a text of v2 (both files) or of v3-v20, nor opens like one (40 letters)."""
    mod = builder("v21")
    earlier = earlier_texts("v21")
    assert len(earlier) > 6900
    texts = {str(r["text"]) for r in rows("v21")}
    assert not texts & earlier
    near = {k for k in map(mod._near_key, earlier) if k}
    assert not {mod._near_key(t) for t in texts} & near


def test_heldout_v21_written_rows_come_from_the_builder() -> None:
    """The written rows of the fixture are exactly what the build script's WRITTEN and BENIGN give."""
    mod = builder("v21")
    built = {(r["text"].strip(), r["held"], r["lang"], r["origin"]) for r in mod.written_rows()}
    fixture = {
        (r["text"], r["held"], r["lang"], r["origin"]) for r in rows("v21") if r["origin"].startswith("written-v21")
    }
    assert fixture == built
    lessons = [r for r in rows("v21") if r["origin"] == "written-v21:memory-lesson"]
    assert len(lessons) == 5 and all(r["held"] for r in lessons)
    held_written = [r for r in rows("v21") if r["held"] and r["origin"].startswith("written-v21")]
    assert len({r["lang"] for r in held_written}) == 31


def test_heldout_v21_source_rows_follow_the_selection_rules() -> None:
    """What can be checked without the sources: labels per origin, sample sizes, the hidden pages, the .po filter."""
    data = rows("v21")
    mod = builder("v21")
    labels = {(r["origin"].split(":")[0], bool(r["held"])) for r in data}
    assert not labels & {("tripwire", False), ("llmvault", False), ("agentharm", True), ("import-export", True)}
    assert not labels & {("simple-history", True)}
    held_origins = {r["origin"] for r in data if r["held"]}
    not_held = {"jailscan:description", "finagent:mitigation", "finagent:policy", "honeypot:control-page"}
    assert not held_origins & not_held and {r["origin"] for r in data} >= not_held
    assert not any(o.startswith("finagent:unbounded") for o in held_origins)
    assert sum(r["held"] and r["origin"].startswith("honeypot:") for r in data) == mod.HONEYPOT_N
    pages = [r for r in data if r["origin"].startswith("honeypot:")]
    assert all(r["text"].startswith("<!doctype html>") for r in pages)
    assert sum(r["origin"].startswith("llmvault:multilang") for r in data) == 3
    po = Counter(r["origin"] for r in data if r["origin"].startswith(("import-export:", "simple-history:")))
    assert max(n for o, n in po.items() if o.startswith("import")) == mod.PO_N
    assert max(n for o, n in po.items() if o.startswith("simple")) == mod.HISTORY_PO_N
    assert sum(r["held"] and r["origin"].startswith("dendrita:") for r in data) == mod.DENDRITA_POISON_N
    assert sum(r["origin"] == "dendrita:query" for r in data) == mod.DENDRITA_QUERY_N
    po_rows = [r for r in data if r["origin"].startswith(("import-export:", "simple-history:"))]
    assert all(20 <= len(r["text"]) <= 200 and not set("%{<") & set(r["text"]) for r in po_rows)


def test_heldout_v21_build_refuses_missing_or_wrong_wheels(tmp_path: Path) -> None:
    """The build script exits 2 naming the wheel when a source is missing or its SHA-256 differs."""
    script = SCRIPTS / "hold_heldout_v21.py"
    run = [sys.executable, str(script), "--sources", str(tmp_path), "--out", str(tmp_path / "out")]
    missing = subprocess.run(run, capture_output=True, text=True, check=False)
    assert missing.returncode == 2 and "missing wheels/honeypot_ai-0.3.0b1-py3-none-any.whl" in missing.stderr
    (tmp_path / "wheels").mkdir()
    (tmp_path / "wheels" / "honeypot_ai-0.3.0b1-py3-none-any.whl").write_bytes(b"not the wheel")
    wrong = subprocess.run(run, capture_output=True, text=True, check=False)
    assert wrong.returncode == 2 and "has SHA-256" in wrong.stderr
    assert not (tmp_path / "out").exists()


def test_heldout_v21_is_registered_in_the_bench() -> None:
    """`bench/hold_eval.py --set v21` reads this file (only its rows are read here: nothing is scored)."""
    import importlib.util

    path = FIXTURES.parents[1] / "bench" / "hold_eval.py"
    spec = importlib.util.spec_from_file_location("hold_eval_v21_check", path)
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    got = bench.v21_rows()
    assert len(got) == 335 and sum(held for _, held, _, _, _ in got) == 144
    assert {group for *_, group in got} >= {"honeypot", "rag-redteam", "tripwire", "written-v21:memory-lesson"}
    assert "v21" in (bench.__doc__ or "")
