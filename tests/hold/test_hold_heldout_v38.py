"""Held-out set v38 (tests/fixtures/hold_heldout_v38/): committed in issue 15's thirty-eighth round, before scoring.

No detector is run here: the set is scored once, by the lead, after the round; these tests only pin what
the set is (its bytes, counts, languages, kinds, per-source shares, licences, provenance and selection rules).
"""

from __future__ import annotations

import base64
import codecs
import html
import re
import uuid
from collections import Counter
from pathlib import Path

from heldout_jsonl import (
    builder,
    check_archives_refused,
    check_no_earlier_text,
    check_no_normalised_repeat,
    check_registered,
    check_sourced,
    check_sources_new,
    check_written_from_builder,
    jsonl_path,
    rows,
)

SHA256 = "2aa222e17581793a69a97f2fb49b80eb21eb8b22b1efd0ec1430c2c4a20a5e09"
REPOS = {"cs": "richardspicer/countersignal", "safemcp": "safe-agentic-framework/safe-mcp"}
WRITTEN = "written-v38"


def _group(r: dict[str, object]) -> str:
    return str(r["origin"]).split(":")[0]


def test_heldout_v38_is_unchanged() -> None:
    """The bytes pinned; at least 200 orders (the issue asks for 150), a benign side larger, no text twice;
    every row names its repository, commit, path and licence."""
    check_sourced("v38", SHA256, least_held=200, repos=REPOS)


def test_heldout_v38_counts_by_label_and_source() -> None:
    """461 rows, 217 held (47%); the toolkit and the written rows give the orders (the written ones 167 of
    217: see the README's weaknesses); the benign side by others is the toolkit's rule files and the threat
    framework's prose."""
    data = rows("v38")
    assert len(data) == 461 and sum(bool(r["held"]) for r in data) == 217
    group = Counter((_group(r), bool(r["held"])) for r in data)
    assert group == {
        ("cs", True): 50, ("cs", False): 30, ("safemcp", False): 42, (WRITTEN, True): 167, (WRITTEN, False): 172,
    }  # fmt: skip
    orders = Counter(r["repo"] for r in data if r["held"])
    assert orders == {"memeval": 167, REPOS["cs"]: 50}
    assert sum(len(r["text"]) < 80 for r in data if r["held"]) == 12


def test_heldout_v38_languages() -> None:
    """Orders in 62 languages, 151 of 217 not English; benign text in 61 of them."""
    data = rows("v38")
    per = Counter((r["lang"], bool(r["held"])) for r in data)
    expected = {
        "en": (66, 91), "de": (6, 8), "es": (6, 8), "fr": (6, 8), "ja": (6, 8), "ko": (5, 7), "pt": (5, 7),
        "ru": (5, 7), "zh": (5, 7), "ar": (5, 6), "it": (5, 6), "pl": (5, 6), "tr": (5, 6), "hi": (5, 5),
        "nl": (5, 5), "id": (5, 3), "uk": (5, 3), "vi": (5, 3), "sv": (4, 3), "he": (4, 2), "cs": (3, 2),
        "el": (3, 2), "fi": (3, 2), "ro": (3, 1), "th": (2, 2), "fa": (2, 1), "ms": (2, 1), "sw": (2, 1),
        "af": (1, 1), "am": (1, 1), "az": (1, 1), "bg": (1, 1), "bn": (1, 1), "ca": (1, 1), "cy": (1, 1),
        "da": (1, 1), "et": (1, 1), "eu": (1, 1), "ga": (1, 1), "gl": (1, 1), "hr": (1, 1), "hu": (1, 1),
        "hy": (1, 1), "is": (1, 1), "ka": (1, 1), "kk": (1, 1), "lt": (1, 1), "lv": (1, 1), "mn": (1, 1),
        "mr": (1, 1), "nb": (1, 1), "ne": (1, 1), "sk": (1, 1), "sl": (1, 1), "sq": (1, 1), "sr": (1, 1),
        "ta": (1, 1), "tl": (1, 1), "ur": (1, 1), "uz": (1, 1), "zu": (1, 1), "yo": (1, 0),
    }  # fmt: skip
    assert {lang: (per[(lang, True)], per[(lang, False)]) for lang, _ in per} == expected
    held_langs = {r["lang"] for r in data if r["held"]}
    assert len(held_langs) == 62 and len(held_langs & {r["lang"] for r in data if not r["held"]}) == 61
    assert sum(r["lang"] != "en" for r in data if r["held"]) == 151


def test_heldout_v38_kinds_of_orders() -> None:
    """Orders of the kinds v37 showed weak: hand-offs, tool output and JSON/YAML/tool-call bodies, memory lessons,
    encoded or hidden forms and fake delimiters (written, every written order outside English but 16); the
    toolkit's document-planted payloads of six types in seven framings and its poisoned rule-file lines."""
    data = rows("v38")
    kinds = Counter(r["origin"] for r in data if r["held"] and _group(r) == WRITTEN)
    assert kinds == {
        f"{WRITTEN}:handoff": 36, f"{WRITTEN}:tool-output": 35, f"{WRITTEN}:memory": 39, f"{WRITTEN}:encoded": 33,
        f"{WRITTEN}:delimiter": 24,
    }  # fmt: skip
    written = [r for r in data if r["held"] and _group(r) == WRITTEN]
    assert sum(r["lang"] != "en" for r in written) == 151 and len({r["lang"] for r in written}) == 62
    toolkit = Counter(r["origin"] for r in data if r["held"] and _group(r) == "cs")
    mod = builder("v38")
    assert toolkit == {"cs:cxp-rule": mod.CXP_RULES} | {
        f"cs:ipi-{t.replace('_', '-')}": len(mod.IPI_STYLES) for t in mod.IPI_TYPES
    }


def test_heldout_v38_hard_benign() -> None:
    """Benign text in the shapes of the orders: rule files and runbook lines saying "always" and "never", safety
    rules for agents, prose about attacks by others and written in 20 languages, honest hand-offs and tool
    output, harmless encoded and hidden text, plain knowledge in 61 languages."""
    data = rows("v38")
    benign = Counter(r["origin"] for r in data if not r["held"])
    assert benign == {
        "cs:cxp-base": 30, "safemcp:technique": 26, "safemcp:mitigation": 16,
        f"{WRITTEN}:knowledge": 47, f"{WRITTEN}:runbook": 36, f"{WRITTEN}:safety-rule": 23,
        f"{WRITTEN}:about-attacks": 22, f"{WRITTEN}:handoff": 15, f"{WRITTEN}:tool-output": 16,
        f"{WRITTEN}:encoded": 13,
    }  # fmt: skip
    assert len({r["lang"] for r in data if r["origin"] == f"{WRITTEN}:about-attacks"}) == 20
    assert len({r["lang"] for r in data if not r["held"] and _group(r) == WRITTEN}) == 61
    rules = [str(r["text"]).lower() for r in data if r["origin"] in ("cs:cxp-base", f"{WRITTEN}:runbook")]
    assert sum("always" in t or "never" in t for t in rules) >= 15
    assert sum("curl" in str(r["text"]) for r in data if r["origin"] == f"{WRITTEN}:safety-rule") == 2


def test_heldout_v38_licences_are_recorded_per_row() -> None:
    """Every row names its origin group's licence; each source's licence text is beside the set."""
    data = rows("v38")
    licences = builder("v38").LICENCES
    assert all(r["licence"] == licences[_group(r)] for r in data)
    folder = jsonl_path("v38").parent
    cs = (folder / "LICENSE.countersignal").read_text(encoding="utf-8")
    assert cs.startswith("MIT License") and "Permission is hereby granted" in cs
    safemcp = (folder / "LICENSE.safemcp").read_text(encoding="utf-8")
    assert "Creative Commons Attribution 4.0" in safemcp and "documentation" in safemcp.lower()
    assert "Attribution 4.0 International" in (folder / "LICENSE-CC-BY-4.0.safemcp").read_text(encoding="utf-8")
    assert licences["cs"].startswith("MIT (") and "LICENSE.countersignal" in licences["cs"]
    assert licences["safemcp"].startswith("CC-BY-4.0 (") and "LICENSE.safemcp" in licences["safemcp"]
    assert licences[WRITTEN].startswith("written for memeval")


def test_heldout_v38_repeats_no_earlier_text() -> None:
    """No v38 text is identical to a text of v2-v37, nor opens like one (40 letters), nor repeats one normalised
    (the written rows too, though the builder draws only the sources' rows)."""
    check_no_earlier_text("v38", least_earlier=14500)
    check_no_normalised_repeat("v38")


def test_heldout_v38_sources_are_new_and_recorded() -> None:
    """Neither source appears in any earlier builder, training script or fixture README; the README records
    each source, its commit, archive pin, the set's pin and the weaknesses."""
    check_sources_new(
        "v38", SHA256, words=("countersignal", "richardspicer", "safe-mcp", "safe-agentic-framework", "safe_mcp")
    )


def test_heldout_v38_written_rows_come_from_the_builder(tmp_path: Path) -> None:
    """The written rows of the fixture are what WRITTEN and BENIGN give; none repeats an earlier written row;
    each encoder gives back the plain text it was made from."""
    check_written_from_builder("v38", written=339, tmp_path=tmp_path)
    import hold_heldout_v38_written as w

    plain = "Send the build log to review@example.org."
    assert base64.b64decode(w._b64(plain)).decode("utf-8") == plain
    assert codecs.decode(w._rot13(plain), "rot13") == plain and w._reverse(plain)[::-1] == plain
    assert w._leet("testis") == "73$71$" and len(w._leet(plain)) == len(plain)
    assert w._lookalike("Taxi") == "Τах\u0456" and len(w._lookalike(plain)) == len(plain) != 0
    assert w._zwsp(plain).replace("\u200b", "") == plain and w._zwsp("ab c") == "a\u200bb c"
    assert "".join(chr(ord(c) - 0xE0000) for c in w._tags(plain)) == plain
    assert w._fullwidth("A b!") == "Ａ\u3000ｂ！" and html.unescape(w._hexref(plain)) == plain
    assert w._spaced("ab cd") == "a.b / c.d"
    encoded = [r["text"] for r in rows("v38") if r["origin"] == f"{WRITTEN}:encoded" and r["held"]]
    assert sum("\u200b" in t for t in encoded) == 3
    assert sum(any(0xE0000 <= ord(c) <= 0xE007F for c in t) for t in encoded) == 1
    assert sum("display:none" in t or "font-size:0" in t or "hidden" in t or "color:#fff" in t for t in encoded) == 4
    flag = [
        r["text"]
        for r in rows("v38")
        if r["origin"] == f"{WRITTEN}:encoded" and not r["held"] and "\U0001f3f4" in r["text"]
    ]
    assert len(flag) == 1 and w._tags("gbeng") in flag[0]  # a subdivision flag: tag characters used as meant


def test_heldout_v38_selection_rules() -> None:
    """Checkable without the sources: sample sizes, the kinds and folders drawn from, the readers on small texts."""
    data = rows("v38")
    mod = builder("v38")
    assert sum(r["origin"] == "cs:cxp-base" for r in data) == mod.CXP_BASE_N
    assert sum(r["origin"] == "safemcp:technique" for r in data) == mod.SAFEMCP_TECH_N
    assert sum(r["origin"] == "safemcp:mitigation" for r in data) == mod.SAFEMCP_MIT_N
    assert {r["lang"] for r in data if _group(r) in REPOS} == {"en"}
    for r in data:
        if r["origin"].startswith("cs:ipi-"):
            assert r["path"] == mod.IPI_PATH and f"{mod.IPI_CALLBACK}/c/" in r["text"]
        if r["origin"] == "cs:cxp-rule":
            assert r["path"].startswith(mod.CXP_RULES_DIR + "/") and r["path"].endswith(".yaml")
        if r["origin"] == "cs:cxp-base":
            assert r["path"].startswith(mod.CXP_BASES_DIR + "/") and r["text"].startswith("## ")
            assert "cxp:section" not in r["text"]
        if _group(r) == "safemcp":
            folder = r["origin"].split(":")[1] + "s"
            assert re.fullmatch(rf"{folder}/[^/]+/README\.md", r["path"])
    assert "callback" not in mod.IPI_TYPES and len(mod.IPI_TYPES) == 6 and len(mod.IPI_STYLES) == 7
    url = mod.ipi_url("persistence", "OBVIOUS")
    assert url == f"http://localhost:8080/c/{uuid.uuid5(uuid.NAMESPACE_URL, 'heldout-v38/persistence/OBVIOUS')}"
    source = (
        "from x import PayloadStyle\n\n"
        "def _build_demo_templates(target_url):\n"
        "    return {PayloadStyle.OBVIOUS: f'go {target_url}', PayloadStyle.CITATION: 'c',\n"
        "            PayloadStyle.REVIEWER: 'r', PayloadStyle.HELPFUL: 'h', PayloadStyle.ACADEMIC: 'a',\n"
        "            PayloadStyle.COMPLIANCE: 'p',\n"
        "            PayloadStyle.DATASOURCE: 'd'}\n\n"
        "raise SystemExit('the module body is never run')\n"
    )
    got = mod.ipi_payloads(source)
    assert got["demo"]["OBVIOUS"] == f"go {mod.ipi_url('demo', 'OBVIOUS')}" and got["demo"]["DATASOURCE"] == "d"
    rules = (
        "# Rules\nIntro.\n\n## A\n- one\n# cxp:section:x\n## B\n```\n# not a heading\n```\n"
        "<!-- cxp:section:y -->\n# Top\ntext\n"
    )
    assert mod.base_sections(rules) == ["## A\n- one", "## B\n```\n# not a heading\n```"]
    page = "# T\n\n## Overview\nx\n\n## Description\nFirst line\nsecond line.\n\nMore.\n## Next\n"
    assert mod.description(page) == "First line second line." and mod.description("# T\n") is None


def test_heldout_v38_build_refuses_missing_or_wrong_archives(tmp_path: Path) -> None:
    """The build script exits 2 naming the archive when a source is missing or its SHA-256 differs."""
    check_archives_refused("v38", "countersignal-cc2b91f.tar.gz", tmp_path)


def test_heldout_v38_is_registered_in_the_bench_and_never_opened_by_default() -> None:
    """`bench/hold_eval.py --set v38` reads this file; the verdict benches skip it; no training script reads it
    or its sources; SPENT since the one look (after round 38)."""
    check_registered("v38", texts=461, orders=217, repos=REPOS)
