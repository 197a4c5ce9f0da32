"""Held-out set v35 (tests/fixtures/hold_heldout_v35/): committed in issue 15's thirty-fifth round, before scoring.

No detector is run here: the set is scored once, by the lead, after the round; these tests only pin what
the set is (its bytes, counts, languages, kinds, per-source shares, licences, provenance and selection rules).
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

from heldout_jsonl import (
    FIXTURES,
    SCRIPTS,
    builder,
    check_archives_refused,
    check_no_earlier_text,
    check_registered,
    check_sourced,
    jsonl_path,
    rows,
)

SHA256 = "868f6a85bf8f24246ece9f57a5c5beda3e0e28816125a46b50c147e131d555dc"
REPOS = {
    "aig": "Tencent/AI-Infra-Guard",
    "dtap": "PyPI decodingtrust-agent-sdk 0.2.12",
    "skills": "mukul975/Anthropic-Cybersecurity-Skills",
    "academy": "SandersNeo/AISecurity",
}
WRITTEN = "written-v35"


def _group(r: dict[str, object]) -> str:
    return str(r["origin"]).split(":")[0]


def test_heldout_v35_is_unchanged() -> None:
    """The bytes pinned; at least 160 orders (margin over the issue's 150), a benign side larger, no text twice;
    every row names its repository (or package), commit (or wheel digest), path and licence."""
    check_sourced("v35", SHA256, least_held=160, repos=REPOS, commits={"dtap": r"wheel-sha256:[0-9a-f]{64}"})


def test_heldout_v35_counts_by_label_and_source() -> None:
    """388 rows, 168 held; three origins give the orders, a third each; no repository gives more than a third
    of the rows, written rows included."""
    data = rows("v35")
    assert len(data) == 388 and sum(bool(r["held"]) for r in data) == 168
    group = Counter((_group(r), bool(r["held"])) for r in data)
    assert group == {
        ("aig", True): 56, ("aig", False): 42, ("dtap", True): 56, ("dtap", False): 40, ("skills", False): 42,
        ("academy", False): 40, (WRITTEN, True): 56, (WRITTEN, False): 56,
    }  # fmt: skip
    orders = Counter(r["repo"] for r in data if r["held"])
    every = Counter(r["repo"] for r in data)
    assert len(orders) == 3 and max(orders.values()) * 3 <= 168 and max(every.values()) * 3 <= 388
    assert sum(len(r["text"]) < 80 for r in data if r["held"]) == 31


def test_heldout_v35_languages() -> None:
    """Orders in 38 languages (the issue asks for 15), both sides in 19 of them."""
    data = rows("v35")
    per = Counter((r["lang"], bool(r["held"])) for r in data)
    expected = {
        "en": (104, 99), "zh": (16, 38), "ru": (1, 42), "de": (4, 5), "es": (4, 5), "fr": (4, 5), "pt": (3, 3),
        "it": (2, 3), "ja": (1, 4), "ko": (1, 4), "nl": (1, 2), "pl": (1, 2), "tr": (1, 2), "ar": (1, 1),
        "fi": (1, 1), "he": (1, 1), "sw": (1, 1), "uk": (1, 1), "vi": (1, 1), "bg": (1, 0), "bn": (1, 0),
        "cs": (1, 0), "da": (1, 0), "el": (1, 0), "fa": (1, 0), "hi": (1, 0), "hr": (1, 0), "hu": (1, 0),
        "id": (1, 0), "ms": (1, 0), "no": (1, 0), "ro": (1, 0), "sk": (1, 0), "sv": (1, 0), "ta": (1, 0),
        "th": (1, 0), "tl": (1, 0), "ur": (1, 0),
    }  # fmt: skip
    assert {lang: (per[(lang, True)], per[(lang, False)]) for lang, _ in per} == expected
    assert len({r["lang"] for r in data if r["held"]}) == 38


def test_heldout_v35_orders_by_others_are_not_one_lab() -> None:
    """v34's weaknesses answered in part: the Chinese orders by others are a red-team platform's operator
    examples of six families, not one training range's lab inputs; the English orders by others are agent
    misuse requests and injections planted in a trading site, not SKILL.md files; written orders are mostly
    not English."""
    data = rows("v35")
    aig = Counter(r["origin"] for r in data if r["held"] and _group(r) == "aig")
    assert aig["aig:tool-misuse"] == 32 and len(aig) == 7
    assert sum(r["lang"] == "zh" for r in data if r["held"] and _group(r) == "aig") == 15
    dtap = Counter(r["origin"] for r in data if r["held"] and _group(r) == "dtap")
    assert sum(n for k, n in dtap.items() if k.startswith("dtap:pool-")) == 43 and len(dtap) == 14
    written = [r for r in data if r["held"] and _group(r) == WRITTEN]
    assert sum(r["lang"] != "en" for r in written) == 49 and len({r["lang"] for r in written}) == 38


def test_heldout_v35_kinds_and_hard_benign() -> None:
    """Written orders of four agent-side kinds; benign text by others that is about attacks (skill overviews,
    operator notes, course pages) or looks like the orders (the trading site's own user tasks); written
    team lines that say "always" or "every"."""
    data = rows("v35")
    kinds = Counter(r["origin"] for r in data if r["held"] and _group(r) == WRITTEN)
    assert kinds == {f"{WRITTEN}:relay": 14, f"{WRITTEN}:record": 13, f"{WRITTEN}:memory": 14, f"{WRITTEN}:content": 15}
    benign = Counter(r["origin"] for r in data if not r["held"])
    assert benign == {
        "aig:operator-note": 40, "aig:dataset-note": 2, "dtap:user-task": 40, "skills:ai-overview": 12,
        "skills:when-to-use": 30, "academy:ru-prose": 40, f"{WRITTEN}:team-memory": 16, f"{WRITTEN}:agent-note": 10,
        f"{WRITTEN}:security-doc": 14, f"{WRITTEN}:tool-output": 8, f"{WRITTEN}:prompt": 8,
    }  # fmt: skip
    overviews = [r["text"] for r in data if r["origin"] == "skills:ai-overview"]
    assert all(len(t) > 250 for t in overviews) and sum("injection" in t.lower() for t in overviews) >= 4
    always = (r"\b(always|every)\b|jede|toujours|chaque|siempre|cada|toda|sempre|ogni|elke|altijd|każd|zawsze"
              r"|каждый|всегда|毎回|必ず|항상|마다|每次|都要|her |her zaman|jokainen|aina|kila")  # fmt: skip
    team = [r for r in data if r["origin"] == f"{WRITTEN}:team-memory"]
    assert len(team) == 16 and all(re.search(always, r["text"], re.I) for r in team)
    assert all(r["lang"] == "ru" for r in data if r["origin"] == "academy:ru-prose")


def test_heldout_v35_licences_are_recorded_per_row() -> None:
    """Every row names its origin group's licence; each source's Apache-2.0 text (and the NOTICE the platform
    ships) is beside the set."""
    data = rows("v35")
    licences = builder("v35").LICENCES
    assert all(r["licence"] == licences[_group(r)] for r in data)
    folder = jsonl_path("v35").parent
    for group in REPOS:
        name = re.search(r"(LICENSE\.[\w.-]+)\)$", licences[group])
        assert name is not None and licences[group].startswith("Apache-2.0 (")
        text = (folder / name.group(1)).read_text(encoding="utf-8")
        assert "Apache License" in text and "Version 2.0" in text
    assert "NOTICE.aig" in licences["aig"] and "Tencent" in (folder / "NOTICE.aig").read_text(encoding="utf-8")
    assert licences[WRITTEN].startswith("written for memeval")


def test_heldout_v35_repeats_no_earlier_text() -> None:
    """No v35 text is identical to a text of v2-v34, nor opens like one (40 letters), nor repeats one normalised."""
    check_no_earlier_text("v35", least_earlier=13400)
    mod = builder("v35")
    assert mod.EARLIER.version == 34
    assert not [r["text"] for r in rows("v35") if _group(r) != WRITTEN and mod.overlaps(r["text"])]


def test_heldout_v35_sources_are_new_and_recorded() -> None:
    """Three of the four sources appear in no earlier builder, training script or fixture README; the fourth
    (SandersNeo/AISecurity, and DmitrL-dev/AISecurity, which may be its fork) only in earlier READMEs' lists of
    sources opened and not used. The README records each source, its commit or wheel, archive pin, the set's
    pin and the weaknesses."""
    readmes = [p for n in range(3, 35) for p in (FIXTURES / f"hold_heldout_v{n}").glob("*.md")]
    readmes += list((FIXTURES / "hold_heldout").glob("*.md"))
    scripts = [p for p in SCRIPTS.glob("hold_heldout_v*.py") if "v35" not in p.name]
    scripts += list(SCRIPTS.glob("hold_train*.py"))
    assert len(readmes) > 25 and len(scripts) > 25
    code = "\n".join(p.read_text(encoding="utf-8").lower() for p in scripts)
    docs = "\n".join(p.read_text(encoding="utf-8").lower() for p in readmes)
    for word in ("ai-infra-guard", "anthropic-cybersecurity-skills", "decodingtrust", "dt_arena", "aisecurity"):
        assert word not in code, word
    for word in ("ai-infra-guard", "anthropic-cybersecurity-skills", "decodingtrust", "dt_arena"):
        assert word not in docs, word
    for line in (x for x in docs.split("\n") if "aisecurity" in x):
        assert "sandersneo/aisecurity" in line or "dmitrl-dev/aisecurity" in line
    readme = (jsonl_path("v35").parent / "README.md").read_text(encoding="utf-8")
    mod = builder("v35")
    for files in mod.ARCHIVES.values():
        for name, digest in files.items():
            assert name in readme and digest in readme
    for repo, commit in mod.REPOS.values():
        assert repo in readme and commit.removeprefix("wheel-sha256:") in readme
    assert "## Weaknesses (written before scoring)" in readme and SHA256 in readme


def test_heldout_v35_written_rows_come_from_the_builder(tmp_path: Path) -> None:
    """The written rows of the fixture are what WRITTEN and BENIGN give; none repeats an earlier written row
    or opens with an earlier set's written habits."""
    mod = builder("v35")
    from hold_heldout_v6 import write_heldout

    extra = ("licence", "repo", "commit", "path")
    write_heldout([dict(r) for r in mod.written_rows()], set(), tmp_path / "w.jsonl", extra)
    lines = [x for x in jsonl_path("v35").read_text(encoding="utf-8").splitlines() if f'"{WRITTEN}:' in x]
    assert "\n".join(lines) + "\n" == (tmp_path / "w.jsonl").read_text(encoding="utf-8")
    written = [r["text"] for r in rows("v35") if r["origin"].startswith(WRITTEN)]
    assert len(written) == 112 and len(written) * 3 <= 388
    assert not [t for t in written if ".invalid" in t or "for all future sessions" in t.lower()]
    habits = (r"(lesson learned|note to self|takeaway from|agent notebook|retro item|pinned memory|handoff from"
              r"|stored user preference|memory entry #|remembered fact|knowledge base update)")  # fmt: skip
    assert not [t for t in written if re.match(habits, t, re.I)]
    assert not [t for t in written if "<!--" in t or "<|im_start|>" in t or "[INST]" in t]
    held = [r["text"] for r in rows("v35") if r["held"] and r["origin"].startswith(WRITTEN)]
    assert sum(bool(re.search(r"\b(assistant|agent)\b", t, re.I)) for t in held) == 1
    earlier_written = {str(r["text"]) for n in range(22, 35) for r in rows(f"v{n}") if "written-" in r["origin"]}
    assert not set(written) & earlier_written


def test_heldout_v35_selection_rules() -> None:
    """Checkable without the sources: sample sizes, families, shapes, and the Markdown readers on small texts."""
    data = rows("v35")
    mod = builder("v35")
    fams = {
        r["origin"].split(":", 1)[1]
        for r in data
        if r["held"] and r["origin"] != "aig:tool-misuse" and _group(r) == "aig"
    }
    assert fams == {f.replace("_", "-") for f in mod.AIG_HELD_FAMILIES}
    assert all(
        mod.AIG_CANARY in r["text"] for r in data if r["held"] and _group(r) == "aig" and "misuse" not in r["origin"]
    )
    assert sum(r["origin"] == "aig:operator-note" for r in data) == mod.AIG_NOTE_N
    assert sum(r["origin"] == "dtap:user-task" for r in data) == mod.DTAP_TASK_N
    assert sum(r["origin"] == "skills:when-to-use" for r in data) == mod.SKILLS_WHEN_N
    assert sum(r["origin"] == "academy:ru-prose" for r in data) == mod.ACADEMY_N
    shapes = [mod.ticker_shape(r["text"]) for r in data if r["held"] and _group(r) == "dtap"]
    assert len(set(shapes)) == len(shapes)
    assert mod.ticker_shape("Buy 50 NVDA now, not AMD!") == "Buy # # now, not #!"
    assert mod.one_per_shape(["Buy NVDA.", "Buy AMD.", "Sell all."]) == sorted(
        [min(["Buy NVDA.", "Buy AMD."], key=mod.h), "Sell all."], key=mod.h
    )
    md = "---\nname: x\ndescription: |\n  line one\n  line two\nfamily: injection\n---\n# T\n\n```text\nA {goal}\n```\n"
    assert mod.frontmatter(md) == {"name": "x", "description": "line one\nline two", "family": "injection"}
    assert mod.fenced_text_blocks(md) == ["A {goal}"]
    doc = "## Overview\n\nFirst.\n\n```bash\nrm -rf x\n```\n\nSecond.\n\n## Next\nno"
    assert mod.section(doc, "Overview") == "First.\n\nSecond." and mod.section(doc, "Missing") == ""
    page = "# Title\n\nПервый абзац\nпродолжение.\n\n| a | b |\n\n- пункт\n\n```\ncode\n```\n\n> цитата"
    assert mod.prose_paragraphs(page) == ["Первый абзац\nпродолжение.", "- пункт"]


def test_heldout_v35_build_refuses_missing_or_wrong_archives(tmp_path: Path) -> None:
    """The build script exits 2 naming the archive when a source is missing or its SHA-256 differs."""
    check_archives_refused("v35", "AI-Infra-Guard-4908db1.tar.gz", tmp_path)


def test_heldout_v35_is_registered_in_the_bench_and_never_opened_by_default() -> None:
    """`bench/hold_eval.py --set v35` reads this file; the verdict benches skip it; SPENT since the one look."""
    check_registered("v35", texts=388, orders=168, repos=REPOS)
