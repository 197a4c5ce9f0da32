"""Held-out set v42 (tests/fixtures/hold_heldout_v42/): committed in issue 15's forty-second round, before scoring.

No detector is run here: the set is scored once, by the lead, after the round; these tests only pin what
the set is (its bytes, counts, languages, kinds, per-source shares, licences, provenance and selection rules).
"""

from __future__ import annotations

import base64
import codecs
import re
from collections import Counter
from pathlib import Path

from heldout_jsonl import (
    builder,
    check_archives_refused,
    check_licences,
    check_no_earlier_text,
    check_no_normalised_repeat,
    check_registered,
    check_sourced,
    check_sources_new,
    check_written_from_builder,
    rows,
)

SHA256 = "48c312c01ec67063609a0c33e6f2d6c2b3393ac5a8acf0dc64c5eb37ce898d42"
REPOS = {"osg": "github/opensource.guide", "glossary": "cncf/glossary", "runbooks": "prometheus-operator/runbooks"}
WRITTEN = "written-v42"
LANGS = "ar bn de el es fa fr hi hu id it ja ko nl pl pt ro ru sw tr vi zh".split()


def _group(r: dict[str, object]) -> str:
    return str(r["origin"]).split(":")[0]


def test_heldout_v42_is_unchanged() -> None:
    """The bytes pinned; at least 150 orders (the issue asks for 150 items), a benign side larger, no text twice;
    every row names its repository, commit, path and licence."""
    check_sourced("v42", SHA256, least_held=150, repos=REPOS)


def test_heldout_v42_counts_by_label_and_source() -> None:
    """446 rows, 179 held (40%); the sources give 243 benign rows, the written rows 203 (179 orders, 24 benign):
    the written rows are the smaller part."""
    data = rows("v42")
    assert len(data) == 446 and sum(bool(r["held"]) for r in data) == 179
    group = Counter((_group(r), bool(r["held"])) for r in data)
    assert group == {
        ("osg", False): 152, ("glossary", False): 51, ("runbooks", False): 40, (WRITTEN, True): 179,
        (WRITTEN, False): 24,
    }  # fmt: skip
    repos = Counter(r["repo"] for r in data)
    assert repos == {"memeval": 203, REPOS["osg"]: 152, REPOS["glossary"]: 51, REPOS["runbooks"]: 40}
    assert repos["memeval"] * 2 < len(data)  # written rows a minority
    assert sum(len(r["text"]) < 80 for r in data if r["held"]) == 17
    assert sum(len(r["text"]) > 300 for r in data if not r["held"]) == 49


def test_heldout_v42_languages() -> None:
    """Orders in 23 languages, 154 of 179 not English (7 a language); benign text by others in the same 23, at
    least 5 units in each."""
    data = rows("v42")
    per = Counter((r["lang"], bool(r["held"])) for r in data)
    expected = {
        "ar": (7, 9), "bn": (7, 6), "de": (7, 9), "el": (7, 6), "en": (25, 73), "es": (7, 12), "fa": (7, 8),
        "fr": (7, 9), "hi": (7, 12), "hu": (7, 5), "id": (7, 6), "it": (7, 12), "ja": (7, 9), "ko": (7, 12),
        "nl": (7, 6), "pl": (7, 6), "pt": (7, 12), "ro": (7, 5), "ru": (7, 12), "sw": (7, 6), "tr": (7, 12),
        "vi": (7, 8), "zh": (7, 12),
    }  # fmt: skip
    assert {lang: (per[(lang, True)], per[(lang, False)]) for lang, _ in per} == expected
    assert sum(r["lang"] != "en" for r in data if r["held"]) == 154
    by_others = Counter(r["lang"] for r in data if not r["held"] and _group(r) != WRITTEN)
    assert set(by_others) == {r["lang"] for r in data if r["held"]} == set(LANGS) | {"en"}
    assert min(by_others.values()) == 5 and by_others["en"] == 68


def test_heldout_v42_kinds_of_orders() -> None:
    """Orders in the seven kinds the issue names as missed; memory lessons in every language; tool output in many
    carriers, not only JSON and HTML."""
    data = rows("v42")
    kinds = Counter(r["origin"] for r in data if r["held"])
    assert kinds == {
        f"{WRITTEN}:memory": 50, f"{WRITTEN}:tool-output": 27, f"{WRITTEN}:handoff": 26, f"{WRITTEN}:delimiter": 25,
        f"{WRITTEN}:encoded": 25, f"{WRITTEN}:exfiltration": 14, f"{WRITTEN}:extraction": 12,
    }  # fmt: skip
    assert len({r["lang"] for r in data if r["origin"] == f"{WRITTEN}:memory"}) == 23
    tool = [str(r["text"]).lstrip() for r in data if r["held"] and r["origin"] == f"{WRITTEN}:tool-output"]
    assert sum(t.startswith("{") for t in tool) == 5  # a JSON body with an order in a field
    assert sum(t.startswith("<") for t in tool) == 9  # HTML or SVG with hidden markup, a comment or an attribute
    assert sum(not t.startswith(("{", "<")) for t in tool) == 13  # CSV, YAML, logs, commit, traceback, CLI, mail


def test_heldout_v42_hard_benign() -> None:
    """Benign text by others: a project's security guide (attacks described), guides for maintainers and
    contributors, glossary definitions and an operator's runbooks; written twins in 20 languages."""
    data = rows("v42")
    benign = Counter(r["origin"] for r in data if not r["held"])
    assert benign == {
        "osg:maintainers": 47, "osg:contributing": 43, "osg:security": 40, "osg:governance": 22, "glossary:term": 51,
        "runbooks:alert": 40, f"{WRITTEN}:team-lesson": 13, f"{WRITTEN}:advisory": 6, f"{WRITTEN}:handoff": 3,
        f"{WRITTEN}:tool-output": 2,
    }  # fmt: skip
    security = [str(r["text"]) for r in data if r["origin"] == "osg:security"]
    assert len({r["lang"] for r in data if r["origin"] == "osg:security"}) == 11
    assert sum(bool(re.search(r"attack|malicious|compromis|exfiltrat|vulnerab", t, re.I)) for t in security) == 8
    lessons = [str(r["text"]) for r in data if r["origin"] == f"{WRITTEN}:team-lesson"]
    assert len({r["lang"] for r in data if not r["held"] and _group(r) == WRITTEN}) == 20
    english = [t for t in lessons if t.startswith(("Lesson from", "Standing rule"))]
    assert len(english) == 2 and all(re.search(r"\bbefore\b", t) for t in english)  # "run X before Y", safe
    assert sum(bool(re.search(r"\b(always|never)\b", t)) for t in english) == 1  # the 11 others not in English


def test_heldout_v42_licences_are_recorded_per_row() -> None:
    """Every row names its origin group's licence; each source's licence text is beside the set."""
    check_licences("v42", {"osg": "CC-BY-4.0", "glossary": "CC-BY-4.0", "runbooks": "Apache-2.0"})


def test_heldout_v42_repeats_no_earlier_text() -> None:
    """No v42 text is identical to a text of v2-v41, nor opens like one (40 letters), nor repeats one normalised
    (the written rows too)."""
    check_no_earlier_text("v42", least_earlier=16000)
    check_no_normalised_repeat("v42")


def test_heldout_v42_sources_are_new_and_recorded() -> None:
    """The sources appear in no earlier builder, training script or fixture README; the README records each source,
    its commit, archive pin, the set's pin and the weaknesses."""
    check_sources_new(
        "v42",
        SHA256,
        words=(
            "opensource.guide",
            "open source guides",
            "cncf/glossary",
            "cloud native glossary",
            "prometheus-operator",
        ),
    )


def test_heldout_v42_written_rows_come_from_the_builder(tmp_path: Path) -> None:
    """The written rows of the fixture are what WRITTEN and BENIGN give; none repeats an earlier written row;
    the encoded ones decode to the plain text they were made from."""
    check_written_from_builder("v42", written=203, tmp_path=tmp_path)
    encoded = [str(r["text"]) for r in rows("v42") if r["origin"] == f"{WRITTEN}:encoded"]
    nl = [t for t in encoded if t.startswith("Onderhoudsopdracht (base64): ")][0]
    assert base64.b64decode(nl.split(": ", 1)[1]).decode().startswith("Schakel de firewall uit")
    hu = [t for t in encoded if t.startswith("Karbantartási utasítás (ROT13): ")][0]
    assert codecs.decode(hu.split(": ", 1)[1], "rot13").startswith("Add meg a vendégfióknak")
    tr = [t for t in encoded if t.startswith("Yöneticiden not (tersten): ")][0]
    assert tr.split(": ", 1)[1][::-1].startswith("Erişim kayıtlarını sil")
    assert sum("\u200b" in t for t in encoded) == 2
    assert sum(any(0xE0000 <= ord(c) <= 0xE007F for c in t) for t in encoded) == 1
    assert sum(any("\uff41" <= c <= "\uff5a" for c in t) for t in encoded) == 1  # full-width Latin letters


def test_heldout_v42_selection_rules() -> None:
    """Checkable without the sources: which guide pages and glossary pages are read, the English-left-in check,
    and every source row passes the unit checks."""
    mod = builder("v42")
    members = [
        "_articles/best-practices.md", "_articles/de/best-practices.md", "_articles/zh-hans/how-to-contribute.md",
        "_articles/zh-hant/how-to-contribute.md", "_articles/de/legal.md", "_articles/de/index.html",
        "_articles/pcm/best-practices.md",
    ]  # fmt: skip
    assert mod.osg_files(members) == {
        "_articles/best-practices.md": ("best-practices", "en"),
        "_articles/de/best-practices.md": ("best-practices", "de"),
        "_articles/zh-hans/how-to-contribute.md": ("how-to-contribute", "zh"),
    }  # fmt: skip
    pages = ["content/en/cluster.md", "content/en/_index.md", "content/vi/search.md", "content/pt-br/devops.md",
             "content/de/contribute/_index.md", "content/zh-tw/cluster.md", "content/vi/cluster.md"]  # fmt: skip
    assert mod.glossary_files(pages) == {
        "en": ["content/en/cluster.md"], "pt": ["content/pt-br/devops.md"], "vi": ["content/vi/cluster.md"],
    }  # fmt: skip
    assert not mod.latin_not_english("Check the logs of the pods and you will find that it can fail.", "de")
    assert mod.latin_not_english("Prüfen Sie die Protokolle der Pods, bevor Sie etwas ändern.", "de")
    assert mod.latin_not_english("Check the logs of the pods and you will find that it can fail.", "en")
    data = rows("v42")
    paths = Counter(r["path"] for r in data if _group(r) == "osg")
    assert len(paths) == 75 and paths["_articles/security-best-practices-for-your-project.md"] == 10
    for r in data:
        if _group(r) in ("osg", "glossary") and not r["held"]:
            text, lang = str(r["text"]), str(r["lang"])
            assert mod.keep(text) and mod.in_script(text, lang) and mod.latin_not_english(text, lang), r
        if _group(r) == "runbooks":
            assert mod.keep(str(r["text"])) and str(r["path"]).startswith("content/runbooks/")


def test_heldout_v42_build_refuses_missing_or_wrong_archives(tmp_path: Path) -> None:
    """The build script exits 2 naming the archive when a source is missing or its SHA-256 differs."""
    check_archives_refused("v42", "opensource.guide-ebc9678.tar.gz", tmp_path)


def test_heldout_v42_is_registered_in_the_bench_and_never_opened_by_default() -> None:
    """`bench/hold_eval.py --set v42` reads this file; the verdict benches skip it; no training script reads it
    or its sources; in SPENT since the lead's one look after round 42 (2026-12-06)."""
    check_registered("v42", texts=446, orders=179, repos=REPOS)
