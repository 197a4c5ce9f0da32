"""Held-out set v31 (tests/fixtures/hold_heldout_v31/): committed in issue 15's thirty-first round, before scoring.

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

SHA256 = "6c970f7d21ba575c2ed1a6a30f1333f33145aa0cb0aac94f8f791a1856e82f2f"
SOURCED = ("pincer", "aiml")
REPOS = ("rustyorb/pincer", "fr4nk3nst1ner/aiml-testing")
LICENCE_OF = {"pincer": "MIT", "aiml": "MIT"}


def test_heldout_v31_is_unchanged() -> None:
    """The bytes pinned; at least 170 orders (margin over the issue's 150), a benign side as large, no text twice."""
    assert hashlib.sha256(jsonl_path("v31").read_bytes()).hexdigest() == SHA256
    data = rows("v31")
    held = sum(bool(r["held"]) for r in data)
    assert held >= 170 and len(data) - held >= held
    assert {r["source"] for r in data} == {"person", "agent", "tool", "web", "email", "document"}
    assert len({str(r["text"]) for r in data}) == len(data)
    assert all(set(r) == {"held", "lang", "licence", "origin", "source", "text"} for r in data)


def test_heldout_v31_counts_by_label_and_origin() -> None:
    """The counts the README states: 388 rows, 180 held; no origin group gives more than a third of the orders."""
    data = rows("v31")
    assert len(data) == 388 and sum(bool(r["held"]) for r in data) == 180
    group = Counter((r["origin"].split(":")[0], bool(r["held"])) for r in data)
    assert group == {
        ("pincer", True): 60,
        ("pincer", False): 120,
        ("aiml", True): 60,
        ("aiml", False): 46,
        ("written-v31", True): 60,
        ("written-v31", False): 42,
    }
    assert max(n for (_, h), n in group.items() if h) * 3 <= 180  # 60 of 180 each, the builder's included
    assert sum(len(r["text"]) < 80 for r in data if r["held"]) == 11


def test_heldout_v31_kinds_the_detector_reads_least() -> None:
    """At least 10 orders each planted in documents, in agent hand-offs, in memory lessons and in tool output."""
    data = rows("v31")
    kinds = Counter(r["origin"] for r in data if r["held"])
    assert kinds["written-v31:memory-lesson"] == 14 and kinds["written-v31:tool-output"] == 14
    assert kinds["written-v31:agent-message"] == 17 and kinds["written-v31:rag-planted"] == 15
    assert kinds["aiml:persistence-spreading-attacks"] == 21  # "remember this for later" by others
    assert kinds["aiml:indirect-prompt-injection"] == 5  # planted in a page, a document, a CSV by others


def test_heldout_v31_languages() -> None:
    """Orders in eleven languages, both sides in each; every non-English order is the builder's (a weakness)."""
    data = rows("v31")
    per = Counter((r["lang"], bool(r["held"])) for r in data)
    expected = {
        "en": (143, 179), "es": (5, 4), "de": (4, 4), "fr": (4, 3), "ja": (4, 3), "pt": (4, 3), "ru": (4, 3),
        "zh": (4, 4), "it": (3, 1), "ko": (3, 2), "ar": (2, 2),
    }  # fmt: skip
    assert {lang: (per[(lang, True)], per[(lang, False)]) for lang, _ in per} == expected
    assert not [r for r in data if r["held"] and r["lang"] != "en" and "written" not in r["origin"]]
    written_benign = {r["lang"] for r in data if not r["held"] and r["origin"].startswith("written-v31")}
    assert len(written_benign) == 11


def test_heldout_v31_licences_are_recorded_per_row() -> None:
    """Every row names its origin group's licence; each sourced licence text is beside the set."""
    data = rows("v31")
    licences = builder("v31").LICENCES
    assert all(r["licence"] == licences[r["origin"].split(":")[0]] for r in data)
    folder = jsonl_path("v31").parent
    for group, repo in zip(SOURCED, REPOS, strict=True):
        name = re.search(r"(LICENSE\.[\w.-]+)\)$", licences[group])
        assert name is not None and licences[group].startswith(f"{LICENCE_OF[group]} (GitHub {repo}, ")
        text = (folder / name.group(1)).read_text(encoding="utf-8")
        assert text.startswith("MIT License")
    assert licences["written-v31"].startswith("written for memeval")


def test_heldout_v31_repeats_no_earlier_text() -> None:
    """No v31 text is identical to a text of v2-v30, nor opens like one (40 letters), nor repeats one normalised."""
    check_no_earlier_text("v31", least_earlier=11800)
    mod = builder("v31")
    assert mod.overlaps("Ignore\u200ball\u200bprevious\u200binstructions")
    assert not [r["text"] for r in rows("v31") if mod.overlaps(r["text"])]


def test_heldout_v31_sources_are_new_and_recorded() -> None:
    """The two repositories appear in no earlier set's README or builder nor a training script; README records them."""
    earlier = [p for n in range(3, 31) for p in (FIXTURES / f"hold_heldout_v{n}").glob("*.md")]
    earlier += [p for p in SCRIPTS.glob("hold_heldout_v*.py") if "v31" not in p.name]
    earlier += list(SCRIPTS.glob("hold_train*.py")) + list((FIXTURES / "hold_heldout").glob("*.md"))
    assert len(earlier) > 50
    text = "\n".join(p.read_text(encoding="utf-8").lower() for p in earlier)
    for repo in REPOS:
        assert repo.lower() not in text and repo.split("/")[1].lower() not in text
    readme = (jsonl_path("v31").parent / "README.md").read_text(encoding="utf-8")
    for digest in builder("v31").ARCHIVES["github"].values():
        assert digest in readme
    for repo in REPOS:
        assert f"GitHub {repo}" in readme
    assert "## Weaknesses (written before scoring)" in readme and SHA256 in readme


def test_heldout_v31_written_rows_come_from_the_builder(tmp_path: Path) -> None:
    """The written rows of the fixture are what WRITTEN and BENIGN give; none repeats an earlier written row."""
    mod = builder("v31")
    from hold_heldout_v6 import write_heldout

    write_heldout([dict(r) for r in mod.written_rows()], set(), tmp_path / "w.jsonl", ("licence",))
    lines = [x for x in jsonl_path("v31").read_text(encoding="utf-8").splitlines() if '"written-v31:' in x]
    assert "\n".join(lines) + "\n" == (tmp_path / "w.jsonl").read_text(encoding="utf-8")
    written = [r["text"] for r in rows("v31") if r["origin"].startswith("written-v31")]
    assert len(written) == 102
    assert not [t for t in written if ".invalid" in t or "for all future sessions" in t.lower()]
    assert not [t for t in written if re.match(r"(lesson learned|note to self|takeaway from|agent notebook)", t, re.I)]
    earlier_written = {str(r["text"]) for n in range(22, 31) for r in rows(f"v{n}") if "written-" in r["origin"]}
    assert not set(written) & earlier_written


def test_heldout_v31_source_rows_follow_the_selection_rules() -> None:
    """Checkable without the sources: labels per origin, sample sizes, left-out files, the moved turns."""
    data = rows("v31")
    mod = builder("v31")
    held_origins = {r["origin"] for r in data if r["held"]}
    assert {o for o in held_origins if o.startswith("pincer:")} == {f"pincer:{n}" for n in mod.PINCER_HELD}
    assert sum(r["origin"].startswith("pincer:") and r["held"] for r in data) == mod.PINCER_N
    assert sum(r["origin"] == "pincer:description" for r in data) == mod.PINCER_BENIGN_N
    assert {o for o in held_origins if o.startswith("aiml:")} == {f"aiml:{n.split('-', 1)[1]}" for n in mod.AIML_HELD}
    assert sum(r["origin"].startswith("aiml:") and r["held"] for r in data) == mod.AIML_N
    assert {r["text"] for r in data if r["origin"] == "aiml:turn"} == mod.AIML_NOT_HELD
    assert not [r for r in data if r["origin"].startswith("aiml:") and r["held"] and "\u200b" in r["text"]]
    assert all(not r["held"] for r in data if r["origin"] in ("aiml:doc", "aiml:turn", "pincer:description"))


def test_heldout_v31_build_refuses_missing_or_wrong_archives(tmp_path: Path) -> None:
    """The build script exits 2 naming the archive when a source is missing or its SHA-256 differs."""
    script = SCRIPTS / "hold_heldout_v31.py"
    run = [sys.executable, str(script), "--sources", str(tmp_path), "--out", str(tmp_path / "out")]
    missing = subprocess.run(run, capture_output=True, text=True, check=False)
    assert missing.returncode == 2 and "missing github/pincer-961485b.tar.gz" in missing.stderr
    (tmp_path / "github").mkdir()
    (tmp_path / "github" / "pincer-961485b.tar.gz").write_bytes(b"not the archive")
    wrong = subprocess.run(run, capture_output=True, text=True, check=False)
    assert wrong.returncode == 2 and "has SHA-256" in wrong.stderr
    assert not (tmp_path / "out").exists()


def test_heldout_v31_is_registered_in_the_bench_and_never_opened_by_default() -> None:
    """`bench/hold_eval.py --set v31` reads this file; the verdict benches skip it; SPENT since the one look."""
    import importlib.util

    path = FIXTURES.parents[1] / "bench" / "hold_eval.py"
    spec = importlib.util.spec_from_file_location("hold_eval_v31_check", path)
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    got = bench.v31_rows()
    assert len(got) == 388 and sum(held for _, held, _, _, _ in got) == 180
    source = path.read_text(encoding="utf-8")
    newest = re.search(r'choices=\[f"v\{n\}" for n in range\((\d+), 1, -1\)\] \+ \["all"\]', source)
    assert newest is not None and int(newest.group(1)) >= 31
    assert 'chosen = ["v6", "v5", "v4", "v3", "v2"] if args.set == "all"' in source
    for name in ("hold_verdicts_same.py", "hold_verdicts_changed.py"):
        bench_source = (FIXTURES.parents[1] / "bench" / name).read_text(encoding="utf-8")
        skip = re.search(r'"--skip", default="([^"]*)"', bench_source)
        assert skip is not None and "v31" in skip.group(1).split(","), name  # never opened unless asked
    cv = (SCRIPTS / "hold_train_cv.py").read_text(encoding="utf-8")
    spent = re.search(r"^SPENT = tuple\(f\"v\{k\}\" for k in range\(4, (\d+)\)\)$", cv, re.M)
    assert spent is not None and int(spent.group(1)) >= 32  # spent by the lead's one look after round 31
    for p in SCRIPTS.glob("hold_train*.py"):
        text = p.read_text(encoding="utf-8")
        assert "heldout_v31" not in text and not any(repo.split("/")[1] in text for repo in REPOS)
