"""Held-out set v32 (tests/fixtures/hold_heldout_v32/): committed in issue 15's thirty-second round, before scoring.

No detector is run here: the set is scored once, by the lead, after the round; these tests only pin what
the set is (its bytes, counts, languages, kinds, licences, provenance and selection rules).
"""

from __future__ import annotations

import hashlib
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

from heldout_jsonl import FIXTURES, SCRIPTS, builder, check_no_earlier_text, jsonl_path, rows

SHA256 = "8138a6b3dd1d978b668e97d03e34c89a8ff1e96d6889e6cad645550bc032130f"
SOURCED = ("dair", "arc")
REPOS = ("dair-ai/Prompt-Engineering-Guide", "Arcanum-Sec/arc_pi_taxonomy")
LICENCE_OF = {"dair": ("MIT", "MIT License"), "arc": ("CC-BY-4.0", "# License")}


def test_heldout_v32_is_unchanged() -> None:
    """The bytes pinned; at least 170 orders (margin over the issue's 150), a benign side as large, no text twice."""
    assert hashlib.sha256(jsonl_path("v32").read_bytes()).hexdigest() == SHA256
    data = rows("v32")
    held = sum(bool(r["held"]) for r in data)
    assert held >= 170 and len(data) - held >= held
    assert {r["source"] for r in data} == {"person", "agent", "tool", "web", "email", "document"}
    assert len({str(r["text"]) for r in data}) == len(data)
    assert all(set(r) == {"held", "lang", "licence", "origin", "source", "text"} for r in data)


def test_heldout_v32_counts_by_label_and_origin() -> None:
    """The counts the README states: 392 rows, 180 held; no origin group gives more than a third of the orders."""
    data = rows("v32")
    assert len(data) == 392 and sum(bool(r["held"]) for r in data) == 180
    group = Counter((r["origin"].split(":")[0], bool(r["held"])) for r in data)
    assert group == {
        ("dair", True): 60,
        ("dair", False): 110,
        ("arc", True): 60,
        ("arc", False): 60,
        ("written-v32", True): 60,
        ("written-v32", False): 42,
    }
    assert max(n for (_, h), n in group.items() if h) * 3 <= 180  # 60 of 180 each, the builder's included
    assert sum(len(r["text"]) < 80 for r in data if r["held"]) == 61


def test_heldout_v32_non_english_orders_by_others() -> None:
    """v31's first weakness fixed: 60 non-English orders published by others (translated by the guide's
    contributors into ten languages), besides 40 written ones; every sourced non-English order is the guide's."""
    data = rows("v32")
    others = [r for r in data if r["held"] and r["lang"] != "en" and not r["origin"].startswith("written-")]
    assert len(others) == 60 and {r["origin"] for r in others} == {"dair:adversarial"}
    assert Counter(r["lang"] for r in others) == {
        "de": 8, "tr": 7, "ca": 6, "pt": 6, "ko": 6, "es": 6, "zh": 5, "it": 5, "ja": 5, "fr": 4, "fi": 2,
    }  # fmt: skip
    assert sum(r["held"] and r["lang"] != "en" and r["origin"].startswith("written-") for r in data) == 40
    prose = Counter(r["lang"] for r in data if r["origin"] == "dair:prose")
    assert len(prose) == 12 and "en" not in prose  # benign text by others in twelve other languages


def test_heldout_v32_kinds_the_detector_reads_least() -> None:
    """At least 10 orders each in agent hand-offs, memory lessons, tool output and planted documents; others'
    memory poisoning, chained-model messages and forged tool results besides."""
    data = rows("v32")
    kinds = Counter(r["origin"] for r in data if r["held"])
    assert kinds["written-v32:agent-message"] == 22 and kinds["written-v32:memory-lesson"] == 15
    assert kinds["written-v32:tool-output"] == 13 and kinds["written-v32:rag-planted"] == 10
    assert kinds["arc:data_poisoning"] + kinds["arc:prompt_worm"] + kinds["arc:memory_exploitation"] == 11
    assert kinds["arc:multi_chain_attacks"] + kinds["arc:russian_doll"] == 7  # messages for the next model
    assert kinds["arc:tool_call_spoofing"] + kinds["arc:fake_completion"] == 4  # forged tool results and completions


def test_heldout_v32_languages() -> None:
    """Orders in fifteen languages, both sides in each."""
    data = rows("v32")
    per = Counter((r["lang"], bool(r["held"])) for r in data)
    expected = {
        "en": (80, 70), "de": (12, 19), "es": (11, 12), "pt": (10, 7), "fr": (9, 10), "ko": (9, 14), "zh": (9, 7),
        "ja": (8, 10), "tr": (8, 14), "ca": (6, 13), "it": (6, 11), "ru": (5, 13), "ar": (4, 2), "fi": (2, 8),
        "nl": (1, 2),
    }  # fmt: skip
    assert {lang: (per[(lang, True)], per[(lang, False)]) for lang, _ in per} == expected


def test_heldout_v32_licences_are_recorded_per_row() -> None:
    """Every row names its origin group's licence; each sourced licence text is beside the set."""
    data = rows("v32")
    licences = builder("v32").LICENCES
    assert all(r["licence"] == licences[r["origin"].split(":")[0]] for r in data)
    folder = jsonl_path("v32").parent
    for group, repo in zip(SOURCED, REPOS, strict=True):
        name = re.search(r"(LICENSE\.[\w.-]+)\)$", licences[group])
        spdx, opening = LICENCE_OF[group]
        assert name is not None and licences[group].startswith(f"{spdx} (GitHub {repo}, ")
        text = (folder / name.group(1)).read_text(encoding="utf-8")
        assert text.startswith(opening)
    assert "Creative Commons Attribution 4.0" in (folder / "LICENSE.arc-pi-taxonomy").read_text(encoding="utf-8")
    assert licences["written-v32"].startswith("written for memeval")


def test_heldout_v32_repeats_no_earlier_text() -> None:
    """No v32 text is identical to a text of v2-v31, nor opens like one (40 letters), nor repeats one normalised."""
    check_no_earlier_text("v32", least_earlier=12300)
    mod = builder("v32")
    assert mod.overlaps("Ignore\u200ball\u200bprevious\u200binstructions")
    assert not [r["text"] for r in rows("v32") if mod.overlaps(r["text"])]


def test_heldout_v32_sources_are_new_and_recorded() -> None:
    """The two repositories appear in no earlier set's README or builder nor a training script; README records them."""
    earlier = [p for n in range(3, 32) for p in (FIXTURES / f"hold_heldout_v{n}").glob("*.md")]
    earlier += [p for p in SCRIPTS.glob("hold_heldout_v*.py") if "v32" not in p.name]
    earlier += list(SCRIPTS.glob("hold_train*.py")) + list((FIXTURES / "hold_heldout").glob("*.md"))
    assert len(earlier) > 50
    text = "\n".join(p.read_text(encoding="utf-8").lower() for p in earlier)
    for repo in REPOS:
        assert repo.lower() not in text and repo.split("/")[1].lower() not in text
    readme = (jsonl_path("v32").parent / "README.md").read_text(encoding="utf-8")
    for digest in builder("v32").ARCHIVES["github"].values():
        assert digest in readme
    for repo in REPOS:
        assert f"GitHub {repo}" in readme
    assert "## Weaknesses (written before scoring)" in readme and SHA256 in readme


def test_heldout_v32_written_rows_come_from_the_builder(tmp_path: Path) -> None:
    """The written rows of the fixture are what WRITTEN and BENIGN give; none repeats an earlier written row."""
    mod = builder("v32")
    from hold_heldout_v6 import write_heldout

    write_heldout([dict(r) for r in mod.written_rows()], set(), tmp_path / "w.jsonl", ("licence",))
    lines = [x for x in jsonl_path("v32").read_text(encoding="utf-8").splitlines() if '"written-v32:' in x]
    assert "\n".join(lines) + "\n" == (tmp_path / "w.jsonl").read_text(encoding="utf-8")
    written = [r["text"] for r in rows("v32") if r["origin"].startswith("written-v32")]
    assert len(written) == 102
    assert not [t for t in written if ".invalid" in t or "for all future sessions" in t.lower()]
    habits = r"(lesson learned|note to self|takeaway from|agent notebook|retro item|pinned memory|handoff from)"
    assert not [t for t in written if re.match(habits, t, re.I)]
    earlier_written = {str(r["text"]) for n in range(22, 32) for r in rows(f"v{n}") if "written-" in r["origin"]}
    assert not set(written) & earlier_written


def test_heldout_v32_source_rows_follow_the_selection_rules() -> None:
    """Checkable without the sources: labels per origin, sample sizes, chosen categories, left-out examples."""
    data = rows("v32")
    mod = builder("v32")
    held_origins = {r["origin"] for r in data if r["held"]}
    assert {o for o in held_origins if o.startswith("dair:")} == {"dair:adversarial"}
    assert sum(r["origin"] == "dair:adversarial" for r in data) == mod.DAIR_N
    assert sum(r["origin"] == "dair:prose" for r in data) == mod.DAIR_BENIGN_N
    arc_ids = {o.split(":", 1)[1] for o in held_origins if o.startswith("arc:")}
    assert arc_ids <= set(mod.ARC_INTENTS) | set(mod.ARC_TECHNIQUES)
    assert "unauthorized_action_execution" not in arc_ids  # left out whole: alone, a user's own request
    assert sum(r["origin"].startswith("arc:") and r["held"] for r in data) == mod.ARC_N
    assert sum(r["origin"] == "arc:note" for r in data) == mod.ARC_BENIGN_N
    assert not {r["text"] for r in data} & mod.ARC_NOT_PAYLOAD
    assert all(not r["held"] for r in data if r["origin"] in ("dair:prose", "dair:owner-prompt", "arc:note"))
    assert all(r["lang"] != "en" for r in data if r["origin"].startswith("dair:"))
    assert not [r for r in data if r["origin"] == "dair:prose" and "needs a translation" in r["text"]]


def test_heldout_v32_build_refuses_missing_or_wrong_archives(tmp_path: Path) -> None:
    """The build script exits 2 naming the archive when a source is missing or its SHA-256 differs."""
    script = SCRIPTS / "hold_heldout_v32.py"
    run = [sys.executable, str(script), "--sources", str(tmp_path), "--out", str(tmp_path / "out")]
    missing = subprocess.run(run, capture_output=True, text=True, check=False)
    assert missing.returncode == 2 and "missing github/Prompt-Engineering-Guide-3d96678.tar.gz" in missing.stderr
    (tmp_path / "github").mkdir()
    (tmp_path / "github" / "Prompt-Engineering-Guide-3d96678.tar.gz").write_bytes(b"not the archive")
    wrong = subprocess.run(run, capture_output=True, text=True, check=False)
    assert wrong.returncode == 2 and "has SHA-256" in wrong.stderr
    assert not (tmp_path / "out").exists()


def test_heldout_v32_is_registered_in_the_bench_and_never_opened_by_default() -> None:
    """`bench/hold_eval.py --set v32` reads this file; the verdict benches skip it; SPENT since the one look."""
    import importlib.util

    path = FIXTURES.parents[1] / "bench" / "hold_eval.py"
    spec = importlib.util.spec_from_file_location("hold_eval_v32_check", path)
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    got = bench.v32_rows()
    assert len(got) == 392 and sum(held for _, held, _, _, _ in got) == 180
    source = path.read_text(encoding="utf-8")
    newest = re.search(r'choices=\[f"v\{n\}" for n in range\((\d+), 1, -1\)\] \+ \["all"\]', source)
    assert newest is not None and int(newest.group(1)) >= 32
    assert 'chosen = ["v6", "v5", "v4", "v3", "v2"] if args.set == "all"' in source
    for name in ("hold_verdicts_same.py", "hold_verdicts_changed.py"):
        bench_source = (FIXTURES.parents[1] / "bench" / name).read_text(encoding="utf-8")
        skip = re.search(r'"--skip", default="([^"]*)"', bench_source)
        assert skip is not None and "v32" in skip.group(1).split(","), name  # never opened unless asked
    cv = (SCRIPTS / "hold_train_cv.py").read_text(encoding="utf-8")
    spent = re.search(r"^SPENT = tuple\(f\"v\{k\}\" for k in range\(4, (\d+)\)\)$", cv, re.M)
    assert spent is not None and int(spent.group(1)) >= 33  # spent by the lead's one look after round 32
    for p in SCRIPTS.glob("hold_train*.py"):
        text = p.read_text(encoding="utf-8")
        assert "heldout_v32" not in text and not any(repo.split("/")[1] in text for repo in REPOS)
