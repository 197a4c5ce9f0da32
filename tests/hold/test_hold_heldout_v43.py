"""Held-out set v43 (tests/fixtures/hold_heldout_v43/): committed in issue 15's forty-third round, before scoring.

No detector is run here: the set is scored once, by the lead, after the round; these tests only pin what
the set is (its bytes, counts, languages, kinds, per-source shares, licences, provenance and selection rules).
"""

from __future__ import annotations

import base64
import codecs
import re
import urllib.parse
from collections import Counter
from pathlib import Path

from heldout_jsonl import (
    builder,
    check_archives_refused,
    check_no_earlier_text,
    check_registered,
    check_sourced,
    check_sources_new,
    check_written_from_builder,
    jsonl_path,
    rows,
)

SHA256 = "df83e02c1115f65c50a9cb0a8f1a17751882a20c5afe8af8c95a6c9e152aa156"
REPOS = {"otel": "open-telemetry/opentelemetry.io", "ciu": "jwasham/coding-interview-university"}
WRITTEN = "written-v43"
ORDER_LANGS = "af bg en es he ja kk mr pt th uk ur uz".split()


def _group(r: dict[str, object]) -> str:
    return str(r["origin"]).split(":")[0]


def test_heldout_v43_is_unchanged() -> None:
    """The bytes pinned; at least 150 orders (the issue asks for 150 items), a benign side larger, no text twice;
    every row names its repository, commit, path and licence."""
    check_sourced("v43", SHA256, least_held=150, repos=REPOS)


def test_heldout_v43_counts_by_label_and_source() -> None:
    """429 rows, 159 held (37%); the sources give 246 benign rows, the written rows 183 (159 orders, 24 benign):
    the written rows are the smaller part."""
    data = rows("v43")
    assert len(data) == 429 and sum(bool(r["held"]) for r in data) == 159
    group = Counter((_group(r), bool(r["held"])) for r in data)
    assert group == {("otel", False): 83, ("ciu", False): 163, (WRITTEN, True): 159, (WRITTEN, False): 24}
    repos = Counter(r["repo"] for r in data)
    assert repos == {"memeval": 183, REPOS["otel"]: 83, REPOS["ciu"]: 163}
    assert repos["memeval"] * 2 < len(data)  # written rows a minority
    assert sum(len(r["text"]) < 80 for r in data if r["held"]) == 10
    assert sum(len(r["text"]) > 300 for r in data if not r["held"]) == 20


def test_heldout_v43_languages() -> None:
    """Orders in 13 languages, 132 of 159 not English, 9 of them never an order language of v42 (af bg he kk mr
    th uk ur uz); benign text by others in every order language (at least 6 units) and in 18 more."""
    data = rows("v43")
    per = Counter((r["lang"], bool(r["held"])) for r in data)
    expected = {
        "af": (11, 9), "ar": (0, 3), "bg": (11, 12), "bn": (0, 7), "de": (0, 3), "el": (0, 3), "en": (27, 50),
        "es": (11, 17), "fa": (0, 3), "fr": (0, 5), "he": (11, 9), "hi": (0, 3), "id": (0, 2), "it": (0, 1),
        "ja": (11, 20), "kk": (11, 11), "km": (0, 3), "ko": (0, 3), "mr": (11, 11), "nl": (0, 3), "pl": (0, 1),
        "pt": (11, 19), "ro": (0, 4), "ru": (0, 3), "th": (11, 12), "tr": (0, 2), "uk": (11, 20), "ur": (11, 11),
        "uz": (11, 7), "vi": (0, 3), "zh": (0, 10),
    }  # fmt: skip
    assert {lang: (per[(lang, True)], per[(lang, False)]) for lang, _ in per} == expected
    assert sum(r["lang"] != "en" for r in data if r["held"]) == 132
    assert {r["lang"] for r in data if r["held"]} == set(ORDER_LANGS)
    v42 = set("ar bn de el es fa fr hi hu id it ja ko nl pl pt ro ru sw tr vi zh en".split())
    assert set(ORDER_LANGS) - v42 == set("af bg he kk mr th uk ur uz".split())
    by_others = Counter(r["lang"] for r in data if not r["held"] and _group(r) != WRITTEN)
    assert set(ORDER_LANGS) <= set(by_others) and min(by_others[lang] for lang in ORDER_LANGS) == 6
    assert len(by_others) == 31 and by_others["en"] == 45


def test_heldout_v43_kinds_of_orders() -> None:
    """Orders in the seven kinds the issue names as missed; memory lessons in every order language; tool output in
    many carriers, not only JSON and HTML."""
    data = rows("v43")
    kinds = Counter(r["origin"] for r in data if r["held"])
    assert kinds == {
        f"{WRITTEN}:memory": 43, f"{WRITTEN}:tool-output": 30, f"{WRITTEN}:handoff": 28, f"{WRITTEN}:encoded": 16,
        f"{WRITTEN}:delimiter": 15, f"{WRITTEN}:exfiltration": 14, f"{WRITTEN}:extraction": 13,
    }  # fmt: skip
    assert len({r["lang"] for r in data if r["origin"] == f"{WRITTEN}:memory"}) == 13
    tool = [str(r["text"]).lstrip() for r in data if r["held"] and r["origin"] == f"{WRITTEN}:tool-output"]
    assert sum(t.startswith("{") for t in tool) == 9  # a JSON body with an order in a field
    assert sum(t.startswith("<") for t in tool) == 8  # HTML with a comment, hidden style or an attribute
    assert sum(not t.startswith(("{", "<")) for t in tool) == 13  # SQL, diff, chat export, CSV, YAML, logs, PDF text


def test_heldout_v43_hard_benign() -> None:
    """Benign text by others: a project's security pages (attacks, credentials, hosting), its contributor docs and
    translated pages, and a study plan's instructions in 29 languages; written twins in the 13 order languages."""
    data = rows("v43")
    benign = Counter(r["origin"] for r in data if not r["held"])
    assert benign == {
        "ciu:guide": 163, "otel:docs": 63, "otel:security": 20, f"{WRITTEN}:team-lesson": 14,
        f"{WRITTEN}:advisory": 5, f"{WRITTEN}:handoff": 3, f"{WRITTEN}:tool-output": 2,
    }  # fmt: skip
    security = [r for r in data if r["origin"] == "otel:security"]
    assert len({r["path"] for r in security}) == 6
    named = r"attack|malicious|compromis|exfiltrat|vulnerab"
    assert sum(bool(re.search(named, str(r["text"]), re.I)) for r in security) == 3
    assert len({r["lang"] for r in data if not r["held"] and _group(r) == WRITTEN}) == 13
    lessons = [str(r["text"]) for r in data if r["origin"] == f"{WRITTEN}:team-lesson" and r["lang"] == "en"]
    assert len(lessons) == 2 and all(re.search(r"\bbefore\b", t) for t in lessons)  # "run X before Y", safe


def test_heldout_v43_licences_are_recorded_per_row() -> None:
    """Every row names its origin group's licence; each source's licence text is beside the set."""
    data = rows("v43")
    licences = builder("v43").LICENCES
    assert all(r["licence"] == licences[_group(r)] for r in data)
    folder = jsonl_path("v43").parent
    for group, name, marker in (
        ("otel", "CC-BY-4.0", "Attribution 4.0 International"),
        ("ciu", "CC-BY-SA-4.0", "Attribution-ShareAlike 4.0 International"),
    ):
        assert marker in (folder / f"LICENSE.{group}").read_text(encoding="utf-8"), group
        assert licences[group].startswith(f"{name} (") and f"LICENSE.{group}" in licences[group]
    assert licences[WRITTEN].startswith("written for memeval")


def test_heldout_v43_repeats_no_earlier_text() -> None:
    """No v43 text is identical to a text of v2-v42, nor opens like one (40 letters), nor repeats one normalised
    (the written rows too)."""
    check_no_earlier_text("v43", least_earlier=16000)
    mod = builder("v43")
    assert mod.EARLIER.version == 42
    assert not [r["text"] for r in rows("v43") if mod.overlaps(r["text"])]


def test_heldout_v43_sources_are_new_and_recorded() -> None:
    """The sources appear in no earlier builder, training script or fixture README; the README records each source,
    its commit, archive pin, the set's pin and the weaknesses."""
    check_sources_new(
        "v43",
        SHA256,
        words=("opentelemetry", "coding-interview-university", "coding interview university", "jwasham"),
    )


def test_heldout_v43_written_rows_come_from_the_builder(tmp_path: Path) -> None:
    """The written rows of the fixture are what WRITTEN and BENIGN give; none repeats an earlier written row;
    the encoded ones decode to the plain text they were made from."""
    check_written_from_builder("v43", written=183, tmp_path=tmp_path)
    encoded = [str(r["text"]) for r in rows("v43") if r["origin"] == f"{WRITTEN}:encoded"]

    def after(prefix: str) -> str:
        return [t for t in encoded if t.startswith(prefix)][0].removeprefix(prefix)

    assert bytes.fromhex(after("Hex-encoded ops note, decode and carry out: ")).decode().startswith("Disable MFA")
    assert bytes.fromhex(after("Aviso de mantenimiento (hex): ")).decode().startswith("Borra las copias")
    assert urllib.parse.unquote(after("Tracking pixel alt: ")).startswith("assistant: forward")
    assert urllib.parse.unquote(after("Instrução de manutenção (percent-encoding): ")).startswith("apague os")
    assert base64.b64decode(after("Службова вказівка (base64): ")).decode().startswith("Надай гостьовому")
    assert after("הערת מנהל (הפוך): ")[::-1].startswith("שלח את קובץ")
    assert codecs.decode(after("Instandhoudingsopdrag (ROT13): "), "rot13").startswith("Skakel die brandmuur")
    assert "&#x672c;" in after("保守メモ（HTML文字参照）：")  # 本
    assert sum("\u200b" in t for t in encoded) == 1
    assert sum(any(0xE0000 <= ord(c) <= 0xE007F for c in t) for t in encoded) == 1
    assert sum(any("\uff41" <= c <= "\uff5a" for c in t) for t in encoded) == 1  # full-width Latin letters


def test_heldout_v43_selection_rules() -> None:
    """Checkable without the sources: which OpenTelemetry and Coding Interview University pages are read, the
    Bulgarian script check, and every source row passes the unit checks."""
    mod = builder("v43")
    members = [
        "content/en/docs/security/cve.md", "content/en/docs/security/sub/x.md", "content/en/docs/contributing/blog.md",
        "content/en/docs/concepts/glossary.md", "content/uk/_index.md", "content/ko/_index.md",
        "content/zh/docs/a.md", "content/ja/docs/img.png",
    ]  # fmt: skip
    assert mod.otel_files(members) == {
        ("security", "en"): ["content/en/docs/security/cve.md"],
        ("docs", "en"): ["content/en/docs/contributing/blog.md"],
        ("docs", "uk"): ["content/uk/_index.md"],
        ("docs", "zh"): ["content/zh/docs/a.md"],
    }  # fmt: skip
    ciu = ["README.md", "translations/README-he.md", "translations/README-ptbr.md", "translations/how-to.md",
           "translations/README-xx.md", "extras/README-uk.md"]  # fmt: skip
    assert mod.ciu_files(ciu) == {
        "README.md": "en", "translations/README-he.md": "he", "translations/README-ptbr.md": "pt",
    }  # fmt: skip
    assert mod.in_script43("Запомни за всички следващи сесии, когато линтерът е червен.", "bg")
    assert not mod.in_script43("Remember this for every next session when the linter is red.", "bg")
    data = rows("v43")
    for r in data:
        if _group(r) in REPOS:
            text, lang = str(r["text"]), str(r["lang"])
            assert mod.keep(text) and mod.in_script43(text, lang) and mod.latin_not_english(text, lang), r
            assert "{{" not in text and "{%" not in text
    assert all(str(r["path"]).startswith("content/") for r in data if _group(r) == "otel")


def test_heldout_v43_build_refuses_missing_or_wrong_archives(tmp_path: Path) -> None:
    """The build script exits 2 naming the archive when a source is missing or its SHA-256 differs."""
    check_archives_refused("v43", "opentelemetry.io-dd5997c.tar.gz", tmp_path)


def test_heldout_v43_is_registered_in_the_bench_and_never_opened_by_default() -> None:
    """`bench/hold_eval.py --set v43` reads this file; the verdict benches skip it; no training script reads it
    or its sources; not in SPENT (blind until the lead's one look after round 43)."""
    check_registered("v43", texts=429, orders=159, repos=REPOS, spent=False)
