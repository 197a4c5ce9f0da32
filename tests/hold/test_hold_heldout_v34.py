"""Held-out set v34 (tests/fixtures/hold_heldout_v34/): committed in issue 15's thirty-fourth round, before scoring.

No detector is run here: the set is scored once, by the lead, after the round; these tests only pin what
the set is (its bytes, counts, languages, kinds, per-source shares, licences, provenance and selection rules).
"""

from __future__ import annotations

import re
import sys
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

SHA256 = "f053ba834069a284e6fc6393712de020aab21bc4463f6b3af706fe87ebb56c35"
REPOS = {
    "aiseclab": "250wuyifan/AISecLab",
    "progent": "Agentic-AI-Risk-Mitigation/progent",
    "promptshield": "stlas/PromptShield",
}


def _group(r: dict[str, object]) -> str:
    return str(r["origin"]).split(":")[0]


def test_heldout_v34_is_unchanged() -> None:
    """The bytes pinned; at least 170 orders (margin over the issue's 150), a benign side as large, no text twice;
    every row names its repository, commit, path and licence."""
    check_sourced("v34", SHA256, least_held=170, repos=REPOS)


def test_heldout_v34_counts_by_label_and_source() -> None:
    """392 rows, 180 held; no source gives more than a third of the orders or of the rows, written rows included."""
    data = rows("v34")
    assert len(data) == 392 and sum(bool(r["held"]) for r in data) == 180
    group = Counter((_group(r), bool(r["held"])) for r in data)
    assert group == {
        ("aiseclab", True): 57, ("aiseclab", False): 68, ("progent", True): 60, ("progent", False): 40,
        ("promptshield", True): 4, ("promptshield", False): 60, ("written-v34", True): 59, ("written-v34", False): 44,
    }  # fmt: skip
    orders = Counter(r["repo"] for r in data if r["held"])
    every = Counter(r["repo"] for r in data)
    assert max(orders.values()) * 3 <= 180 and max(every.values()) * 3 <= 392
    assert sum(len(r["text"]) < 80 for r in data if r["held"]) == 46


def test_heldout_v34_languages() -> None:
    """Orders in 26 languages (the issue asks for 15), both sides in 17 of them."""
    data = rows("v34")
    per = Counter((r["lang"], bool(r["held"])) for r in data)
    expected = {
        "en": (73, 104), "zh": (54, 71), "de": (4, 6), "fr": (4, 5), "es": (4, 4), "pt": (3, 4), "it": (3, 2),
        "ja": (3, 4), "ko": (3, 3), "ru": (3, 2), "ar": (2, 1), "id": (2, 1), "nl": (2, 1), "pl": (2, 1),
        "tr": (2, 1), "vi": (2, 1), "sv": (1, 1), "fa": (2, 0), "he": (2, 0), "hi": (2, 0), "th": (2, 0),
        "cs": (1, 0), "el": (1, 0), "hu": (1, 0), "ro": (1, 0), "uk": (1, 0),
    }  # fmt: skip
    assert {lang: (per[(lang, True)], per[(lang, False)]) for lang, _ in per} == expected
    assert len({r["lang"] for r in data if r["held"]}) == 26


def test_heldout_v34_orders_by_others_not_in_english() -> None:
    """v33's weakness answered in part: the Chinese orders by others are the training range's own (memory
    injections, forged contexts and reasoning, planted grading orders, poisoned templates, leak requests), not
    one-line test cases marked as translations; written orders are mostly not English."""
    data = rows("v34")
    chinese = Counter(r["origin"] for r in data if r["held"] and _group(r) == "aiseclab" and r["lang"] == "zh")
    assert sum(chinese.values()) == 54
    assert {k.split(":")[1] for k in chinese} == {
        "memory-inject", "prompt-leak", "reasoning-leak", "context-confusion", "cot-hijack", "evaluator-hack",
        "prompt-url", "system-prompt-poison",
    }  # fmt: skip
    written = [r for r in data if r["held"] and _group(r) == "written-v34"]
    assert sum(r["lang"] != "en" for r in written) == 53 and len({r["lang"] for r in written}) == 25


def test_heldout_v34_kinds_the_brief_names() -> None:
    """Written orders of the agent-side kinds the brief names; whole planted skill files by others; benign
    memory-shaped team knowledge that says "always" or "every"."""
    data = rows("v34")
    kinds = Counter(r["origin"] for r in data if r["held"])
    written = {k.split(":")[1]: n for k, n in kinds.items() if k.startswith("written-v34:")}
    assert written == {"handoff": 15, "tool-output": 14, "memory": 15, "planted-doc": 15}
    skills = [r for r in data if r["held"] and _group(r) == "progent"]
    assert len(skills) == 60 and len({r["origin"] for r in skills}) == 10
    assert all(len(r["text"]) > 900 and "DATASET" not in r["text"][:200] for r in skills)
    assert sum(r["origin"] == "aiseclab:memory-inject" for r in data) == 18
    benign = Counter(r["origin"] for r in data if not r["held"] and _group(r) == "written-v34")
    assert benign == {
        "written-v34:team-memory": 19, "written-v34:handoff": 6, "written-v34:tool-output": 5,
        "written-v34:attack-prose": 8, "written-v34:prompt": 6,
    }  # fmt: skip
    always = (r"\b(always|every)\b|immer|jedem|toujours|chaque|siempre|cada|sempre|todo|必ず|毎回|항상|매주|每次"
              r"|всегда|zawsze|każdą|altijd|elke|her|alltid|دائمًا|luôn|setiap|任何")  # fmt: skip
    team = [r for r in data if r["origin"] == "written-v34:team-memory"]
    assert len(team) == 19 and all(re.search(always, r["text"], re.I) for r in team)


def test_heldout_v34_licences_are_recorded_per_row() -> None:
    """Every row names its origin group's licence; each source's licence text is beside the set."""
    data = rows("v34")
    licences = builder("v34").LICENCES
    assert all(r["licence"] == licences[_group(r)] for r in data)
    for group, repo in REPOS.items():
        name = re.search(r"(LICENSE\.[\w.-]+)\)$", licences[group])
        assert name is not None and licences[group].startswith(f"MIT (GitHub {repo}, ")
        text = (jsonl_path("v34").parent / name.group(1)).read_text(encoding="utf-8")
        assert text.startswith("MIT License") and "Permission is hereby granted" in text
    assert licences["written-v34"].startswith("written for memeval")


def test_heldout_v34_repeats_no_earlier_text() -> None:
    """No v34 text is identical to a text of v2-v33, nor opens like one (40 letters), nor repeats one normalised."""
    check_no_earlier_text("v34", least_earlier=12900)
    mod = builder("v34")
    assert mod.EARLIER.version == 33
    assert not [r["text"] for r in rows("v34") if _group(r) != "written-v34" and mod.overlaps(r["text"])]


def test_heldout_v34_sources_are_new_and_recorded() -> None:
    """The three repositories appear in no earlier builder nor training script, and in no earlier set's README
    but v33's list of sources opened and not used; the README records each, its commit, archive pin, the set's
    pin and the weaknesses."""
    readmes = [p for n in range(3, 34) for p in (FIXTURES / f"hold_heldout_v{n}").glob("*.md")]
    readmes += list((FIXTURES / "hold_heldout").glob("*.md"))
    scripts = [p for p in SCRIPTS.glob("hold_heldout_v*.py") if "v34" not in p.name]
    scripts += list(SCRIPTS.glob("hold_train*.py"))
    assert len(readmes) > 25 and len(scripts) > 25
    v33 = FIXTURES / "hold_heldout_v33" / "README.md"
    text = "\n".join(p.read_text(encoding="utf-8").lower() for p in [*scripts, *readmes] if p != v33)
    text += re.split(r"opened\s+and\s+not\s+used", v33.read_text(encoding="utf-8").lower())[0]
    for word in (*(r.lower() for r in REPOS.values()), "aiseclab", "skill_injection", "moltbook", "progent"):
        assert word not in text, word
    readme = (jsonl_path("v34").parent / "README.md").read_text(encoding="utf-8")
    mod = builder("v34")
    for digest in mod.ARCHIVES["github"].values():
        assert digest in readme
    for repo, commit in mod.REPOS.values():
        assert f"GitHub {repo}" in readme and commit in readme
    assert "## Weaknesses (written before scoring)" in readme and SHA256 in readme


def test_heldout_v34_written_rows_come_from_the_builder(tmp_path: Path) -> None:
    """The written rows of the fixture are what WRITTEN and BENIGN give; none repeats an earlier written row
    or opens with an earlier set's written habits."""
    mod = builder("v34")
    from hold_heldout_v6 import write_heldout

    extra = ("licence", "repo", "commit", "path")
    write_heldout([dict(r) for r in mod.written_rows()], set(), tmp_path / "w.jsonl", extra)
    lines = [x for x in jsonl_path("v34").read_text(encoding="utf-8").splitlines() if '"written-v34:' in x]
    assert "\n".join(lines) + "\n" == (tmp_path / "w.jsonl").read_text(encoding="utf-8")
    written = [r["text"] for r in rows("v34") if r["origin"].startswith("written-v34")]
    assert len(written) == 103 and len(written) * 3 <= 392
    assert not [t for t in written if ".invalid" in t or "for all future sessions" in t.lower()]
    habits = (r"(lesson learned|note to self|takeaway from|agent notebook|retro item|pinned memory|handoff from"
              r"|stored user preference|memory entry #|remembered fact|knowledge base update)")  # fmt: skip
    assert not [t for t in written if re.match(habits, t, re.I)]
    assert not [t for t in written if "<!--" in t or "<|im_start|>" in t or "[INST]" in t]
    earlier_written = {str(r["text"]) for n in range(22, 34) for r in rows(f"v{n}") if "written-" in r["origin"]}
    assert not set(written) & earlier_written


def test_heldout_v34_source_rows_follow_the_selection_rules() -> None:
    """Checkable without the sources: labels per origin, sample sizes, chosen labs and kinds, left-out texts."""
    data = rows("v34")
    mod = builder("v34")
    held_labs = {r["origin"].split(":", 1)[1] for r in data if r["held"] and _group(r) == "aiseclab"}
    assert held_labs == set(mod.AISECLAB_HELD_LABS) | {"memory-inject", "prompt-leak", "system-prompt-poison"}
    assert not {r["text"] for r in data} & mod.AISECLAB_NOT_ORDERS
    assert all(not r["held"] for r in data if r["origin"] in ("aiseclab:ask", "aiseclab:prose", "progent:note"))
    assert sum(r["origin"] == "aiseclab:prose" for r in data) == mod.AISECLAB_PROSE_N
    assert all(r["lang"] == "zh" for r in data if r["origin"] == "aiseclab:prose")
    assert sum(r["origin"] == "progent:note" for r in data) == mod.PROGENT_NOTE_N
    per_class = Counter(r["origin"] for r in data if r["held"] and _group(r) == "progent")
    assert set(per_class.values()) == {mod.PROGENT_PER_CLASS} and len(per_class) == mod.PROGENT_CLASSES
    assert sum(r["origin"] == "promptshield:safe" for r in data) == mod.PROMPTSHIELD_N
    shield = {r["origin"].split(":")[1] for r in data if r["held"] and _group(r) == "promptshield"}
    assert shield == {k.replace("_", "-") for k in mod.PROMPTSHIELD_HELD_TYPES}
    tree, blanked = mod.parse_py311("x = 1\ny = f'{d['k']}'\nz = 'kept'\n")
    assert blanked == (0 if sys.version_info >= (3, 12) else 1)
    assert "kept" in [n.value for n in mod.ast.walk(tree) if isinstance(n, mod.ast.Constant)]
    assert mod.PROGENT_MARK.sub("", "<!-- DATASET: x\npurpose: y -->\n\n# Title\nbody") == "# Title\nbody"


def test_heldout_v34_build_refuses_missing_or_wrong_archives(tmp_path: Path) -> None:
    """The build script exits 2 naming the archive when a source is missing or its SHA-256 differs."""
    check_archives_refused("v34", "AISecLab-58a3b13.tar.gz", tmp_path)


def test_heldout_v34_is_registered_in_the_bench_and_never_opened_by_default() -> None:
    """`bench/hold_eval.py --set v34` reads this file; the verdict benches skip it; SPENT since the one look."""
    check_registered("v34", texts=392, orders=180, repos=REPOS)
