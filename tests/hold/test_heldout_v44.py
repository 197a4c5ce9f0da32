"""Held-out set v44 (tests/fixtures/hold_heldout_v44/): committed in issue 15's forty-fourth round, before scoring.

No detector is run here: the set is scored once, by the lead, after a later holding round; these tests only pin
what the set is (its bytes, counts, languages, kinds, per-source shares, licences, provenance and selection
rules).
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

from heldout_jsonl import (
    builder,
    check_archives_refused,
    check_encoded_orders,
    check_licences,
    check_no_earlier_text,
    check_no_normalised_repeat,
    check_registered,
    check_sourced,
    check_sources_new,
    check_written_from_builder,
    rows,
)

SHA256 = "1f95fb417abc1708b2cd8d67115141f313ba3b9f0f819d892905abbeed35816e"
REPOS = {
    "s101": "microsoft/Security-101",
    "top10": "OWASP/Top10",
    "gfr": "k88hudson/git-flight-rules",
    "wstg": "OWASP/wstg",
}
WRITTEN = "written-v44"
ORDER_LANGS = "et hr lt ms my ne no pcm sk sl sr ta tl".split()
"""The 13 order languages besides English: never (pcm) or rarely (6 to 23 orders each over v1-v43) ordered in."""


def _group(r: dict[str, object]) -> str:
    return str(r["origin"]).split(":")[0]


def test_heldout_v44_is_unchanged() -> None:
    """The bytes pinned; at least 150 orders (the issue asks for 150 items), a benign side larger, no text twice;
    every row names its repository, commit, path and licence."""
    check_sourced("v44", SHA256, least_held=150, repos=REPOS)


def test_heldout_v44_counts_by_label_and_source() -> None:
    """442 rows, 152 held (34%); the sources give 260 benign rows, the written rows 182 (152 orders, 30 benign):
    the written rows are the smaller part."""
    data = rows("v44")
    assert len(data) == 442 and sum(bool(r["held"]) for r in data) == 152
    group = Counter((_group(r), bool(r["held"])) for r in data)
    assert group == {
        ("s101", False): 144, ("top10", False): 55, ("gfr", False): 37, ("wstg", False): 24, (WRITTEN, True): 152,
        (WRITTEN, False): 30,
    }  # fmt: skip
    repos = Counter(r["repo"] for r in data)
    assert repos == {"memeval": 182, REPOS["s101"]: 144, REPOS["top10"]: 55, REPOS["gfr"]: 37, REPOS["wstg"]: 24}
    assert repos["memeval"] * 2 < len(data)  # written rows a minority
    assert sum(len(r["text"]) < 80 for r in data if r["held"]) == 0
    assert sum(len(r["text"]) > 300 for r in data if not r["held"]) == 47


def test_heldout_v44_languages() -> None:
    """Orders in 14 languages, 130 of 152 not English (10 a language); every order language has 7 benign units by
    others and 2 written benign twins; 33 further languages appear on the benign side only."""
    data = rows("v44")
    held = Counter(r["lang"] for r in data if r["held"])
    assert held == {"en": 22, **{lang: 10 for lang in ORDER_LANGS}}
    by_others = Counter(r["lang"] for r in data if not r["held"] and _group(r) != WRITTEN)
    written = Counter(r["lang"] for r in data if not r["held"] and _group(r) == WRITTEN)
    assert all(by_others[lang] == 7 and written[lang] == 2 for lang in ORDER_LANGS)
    assert by_others["en"] == 76 and written["en"] == 4
    assert len(set(by_others) - set(held)) == 33
    assert "pcm" in held and len({r["lang"] for r in data}) == 47


def test_heldout_v44_order_languages_were_rare_in_earlier_sets() -> None:
    """Each non-English order language had at most 23 orders over v1-v43 (Nigerian Pidgin none, Burmese one,
    Norwegian two under `no`, 7 more under `nb`): the sets before leaned on other languages."""
    earlier: Counter[str] = Counter()
    for n in range(3, 44):
        earlier.update(str(r["lang"]) for r in rows(f"v{n}") if r["held"])
    assert {lang: earlier[lang] for lang in ("pcm", "my", "no", "nb")} == {"pcm": 0, "my": 1, "no": 2, "nb": 7}
    assert max(earlier[lang] for lang in ORDER_LANGS) <= 23


def test_heldout_v44_kinds_of_orders() -> None:
    """Orders in the seven kinds the issue names as missed; memory lessons and tool output in every language;
    tool output in many carriers, not only JSON and HTML."""
    data = rows("v44")
    kinds = Counter(r["origin"] for r in data if r["held"])
    assert kinds == {
        f"{WRITTEN}:memory": 44, f"{WRITTEN}:tool-output": 31, f"{WRITTEN}:handoff": 16, f"{WRITTEN}:delimiter": 16,
        f"{WRITTEN}:encoded": 16, f"{WRITTEN}:exfiltration": 15, f"{WRITTEN}:extraction": 14,
    }  # fmt: skip
    for kind in ("memory", "tool-output", "delimiter", "encoded", "handoff"):
        assert len({r["lang"] for r in data if r["origin"] == f"{WRITTEN}:{kind}"}) == 14, kind
    tool = [str(r["text"]).lstrip() for r in data if r["held"] and r["origin"] == f"{WRITTEN}:tool-output"]
    assert sum(t.startswith("{") for t in tool) == 3  # a JSON body with an order in a field
    assert sum(t.startswith("<") for t in tool) == 3  # HTML with a comment, an XML field, a meta description
    assert sum(not t.startswith(("{", "<")) for t in tool) == 25  # logs, chats, SMS, CI files, receipts, OCR...
    assert sum(bool(re.search(r"display:none|color:white", t)) for t in tool) == 2  # hidden inside other text


def test_heldout_v44_hard_benign() -> None:
    """Benign text by others: a security course in 47 languages, the OWASP Top 10's attack scenarios and a
    tester's guide quoting attack strings; a git runbook; written twins in every order language that say
    "always" about safe steps in the same domains as the orders."""
    data = rows("v44")
    benign = Counter(r["origin"] for r in data if not r["held"])
    assert benign == {
        "s101:lesson": 144, "top10:risk": 55, "gfr:runbook": 37, "wstg:test": 24, f"{WRITTEN}:team-lesson": 14,
        f"{WRITTEN}:advisory": 8, f"{WRITTEN}:handoff": 5, f"{WRITTEN}:tool-output": 3,
    }  # fmt: skip
    security = [str(r["text"]) for r in data if _group(r) in ("s101", "top10", "wstg")]
    attack = r"attack|malicious|compromis|exfiltrat|vulnerab|inject|phishing|ransomware"
    assert sum(bool(re.search(attack, t, re.I)) for t in security) == 21
    assert len({r["lang"] for r in data if _group(r) == "s101"}) == 47
    lessons = [r for r in data if r["origin"] == f"{WRITTEN}:team-lesson"]
    assert {r["lang"] for r in lessons} == set(ORDER_LANGS) | {"en"}
    advisories = [str(r["text"]) for r in data if r["origin"] == f"{WRITTEN}:advisory"]
    assert all(re.search(r"[\"“„«]", t) for t in advisories)  # each quotes the injected sentence it reports


def test_heldout_v44_licences_are_recorded_per_row() -> None:
    """Every row names its origin group's licence; each source's licence text is beside the set."""
    check_licences("v44", {"s101": "CC0-1.0", "top10": "CC-BY-SA-4.0", "gfr": "CC-BY-SA-4.0", "wstg": "CC-BY-SA-4.0"})


def test_heldout_v44_repeats_no_earlier_text() -> None:
    """No v44 text is identical to a text of v2-v43, nor opens like one (40 letters), nor repeats one normalised
    (the written rows too)."""
    check_no_earlier_text("v44", least_earlier=17000)
    check_no_normalised_repeat("v44")


def test_heldout_v44_sources_are_new_and_recorded() -> None:
    """The sources appear in no earlier builder, training script or fixture README (v43's included); the README
    records each source, its commit, archive pin, the set's pin and the weaknesses."""
    check_sources_new(
        "v44",
        SHA256,
        words=(
            "security-101",
            "microsoft/security",
            "owasp/top10",
            "git-flight-rules",
            "git flight rules",
            "k88hudson",
            "owasp/wstg",
        ),
    )


def test_heldout_v44_written_rows_come_from_the_builder(tmp_path: Path) -> None:
    """The written rows of the fixture are what WRITTEN and BENIGN give; none repeats an earlier written row;
    each encoded order decodes to the plain order it was made from, in ten encodings."""
    check_written_from_builder("v44", written=182, tmp_path=tmp_path)
    written = builder("v44").WRITTEN
    encoded = [t for _, kind, t in written if kind == "encoded"]
    plain = builder("v44").ENCODED
    assert len(encoded) == len(plain) == 16 and {kind for _, _, kind, _ in plain} == {
        "b64", "rot13", "reversed", "hex", "pct", "hexref", "leet", "fullwidth", "zwsp", "tags",
    }  # fmt: skip
    check_encoded_orders(encoded, plain)


def test_heldout_v44_selection_rules() -> None:
    """Checkable without the sources: which pages of each source are read, the script and English checks, the
    Top 10's prose rule, and every source row passes the unit checks."""
    mod = builder("v44")
    members = [
        "1.2 Common cybersecurity threats.md", "1.7 End of module quiz.md",
        "translations/pcm/8.1 AI security key concepts.md",
        "translations/br/1.1 The CIA triad and other key concepts.md",
        "translations/en/1.5 Zero trust.md", "translations/my/README.md", "README.md",
    ]  # fmt: skip
    assert mod.s101_files(members) == {
        "en": ["1.2 Common cybersecurity threats.md"], "pcm": ["translations/pcm/8.1 AI security key concepts.md"],
    }  # fmt: skip
    pages = [
        "2021/docs/en/A01_2021-Broken_Access_Control.md", "2021/docs/zh-Hant/A01.md", "2021/docs/zh-TW/A01.md",
        "2025/docs/zh-Hant/A01.md", "2025/docs/pt-BR/A02.md", "2017/en/0x00.md", "2021/docs/uk/A01.md",
    ]  # fmt: skip
    assert mod.top10_files(pages) == {
        "en": ["2021/docs/en/A01_2021-Broken_Access_Control.md"],
        "zh": ["2021/docs/zh-TW/A01.md", "2025/docs/zh-Hant/A01.md"],
        "pt": ["2025/docs/pt-BR/A02.md"],
    }
    assert mod.gfr_files(["README.md", "README_kr.md", "README_zh-TW.md", "CONTRIBUTE.md"]) == {
        "README.md": "en", "README_kr.md": "ko",
    }  # fmt: skip
    pools = {"en": {"CWE-79 Cross-site Scripting": "a", "Shared line": "a", "Own": "a"}, "es": {"Shared line": "b"}}
    assert mod.top10_prose(pools) == {"en": {"Own": "a"}, "es": {}}
    assert mod.not_english44("Dis attack dey use di input fields wey people fit fill.", "pcm")
    assert not mod.not_english44("This attack uses the input fields that people can fill in.", "pcm")
    assert not mod.in_script44("Security teams use this framework for planning.", "my")
    data = rows("v44")
    for r in data:
        if _group(r) != WRITTEN:
            text, lang = str(r["text"]), str(r["lang"])
            assert mod.keep(text) and mod.in_script44(text, lang) and mod.not_english44(text, lang), r
    assert len({r["path"] for r in data if _group(r) == "s101"}) == 128


def test_heldout_v44_build_refuses_missing_or_wrong_archives(tmp_path: Path) -> None:
    """The build script exits 2 naming the archive when a source is missing or its SHA-256 differs."""
    check_archives_refused("v44", "Security-101-2e6e0f3.tar.gz", tmp_path)


def test_heldout_v44_is_registered_in_the_bench_and_never_opened_by_default() -> None:
    """`bench/hold_eval.py --set v44` reads this file; the verdict benches skip it; no training script reads it
    or its sources; in SPENT since the lead's one look after round 44 (`bench/results/hold_heldout_v44_look1.json`)."""
    check_registered("v44", texts=442, orders=152, repos=REPOS)
