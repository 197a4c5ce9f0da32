"""Held-out set v36 (tests/fixtures/hold_heldout_v36/): committed in issue 15's thirty-sixth round, before scoring.

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
    check_no_earlier_text,
    check_registered,
    check_sourced,
    check_sources_new,
    check_written_from_builder,
    jsonl_path,
    rows,
)

SHA256 = "257965146d1c55b5de601aa2714bc4113870df35dba775bf10e524f54c495342"
REPOS = {"siteiq": "sastrophy/siteiq", "mcp": "modelcontextprotocol/servers"}
WRITTEN = "written-v36"


def _group(r: dict[str, object]) -> str:
    return str(r["origin"]).split(":")[0]


def test_heldout_v36_is_unchanged() -> None:
    """The bytes pinned; at least 160 orders (margin over the issue's 150), a benign side larger, no text twice;
    every row names its repository, commit, path and licence."""
    check_sourced("v36", SHA256, least_held=160, repos=REPOS)


def test_heldout_v36_counts_by_label_and_source() -> None:
    """362 rows, 170 held; the scanner's payloads and the written rows give the orders, neither more than
    86 of 170 (50.6%) of them."""
    data = rows("v36")
    assert len(data) == 362 and sum(bool(r["held"]) for r in data) == 170
    group = Counter((_group(r), bool(r["held"])) for r in data)
    assert group == {
        ("mcp", False): 60, ("siteiq", False): 56, ("siteiq", True): 84, ("written-v36", False): 76,
        ("written-v36", True): 86,
    }  # fmt: skip
    orders = Counter(r["repo"] for r in data if r["held"])
    assert len(orders) == 2 and max(orders.values()) * 100 <= 170 * 51
    assert sum(len(r["text"]) < 80 for r in data if r["held"]) == 18


def test_heldout_v36_languages() -> None:
    """Orders in 47 languages (the issue asks for other languages), both sides in 30 of them."""
    data = rows("v36")
    per = Counter((r["lang"], bool(r["held"])) for r in data)
    expected = {
        "en": (89, 134), "de": (6, 6), "es": (6, 5), "fr": (5, 5), "zh": (5, 5), "ja": (3, 5), "pt": (4, 4),
        "ru": (4, 3), "ko": (3, 3), "it": (3, 2), "ar": (3, 1), "hi": (3, 1), "th": (2, 1), "cs": (1, 1),
        "da": (1, 1), "el": (1, 1), "fa": (1, 1), "fi": (1, 1), "he": (1, 1), "hu": (1, 1), "id": (1, 1),
        "nl": (1, 1), "no": (1, 1), "pl": (1, 1), "ro": (1, 1), "sv": (1, 1), "sw": (1, 1), "tr": (1, 1),
        "uk": (1, 1), "vi": (1, 1), "af": (1, 0), "bg": (1, 0), "bn": (1, 0), "ca": (1, 0), "et": (1, 0),
        "hr": (1, 0), "lt": (1, 0), "lv": (1, 0), "mr": (1, 0), "ms": (1, 0), "sk": (1, 0), "sl": (1, 0),
        "sr": (1, 0), "ta": (1, 0), "te": (1, 0), "tl": (1, 0), "ur": (1, 0),
    }  # fmt: skip
    assert {lang: (per[(lang, True)], per[(lang, False)]) for lang, _ in per} == expected
    assert len({r["lang"] for r in data if r["held"]}) == 47


def test_heldout_v36_kinds_of_orders() -> None:
    """Orders of the agent-side kinds the issue names: memory lessons, hand-offs, planted documents, tool output
    and encoded or hidden forms (written), and the scanner's planted, forged, tool, memory, extraction,
    tool-misuse and multilingual payload lists; most written orders are not English."""
    data = rows("v36")
    kinds = Counter(r["origin"] for r in data if r["held"] and _group(r) == WRITTEN)
    assert kinds == {
        f"{WRITTEN}:encoded": 17, f"{WRITTEN}:handoff": 17, f"{WRITTEN}:memory": 20, f"{WRITTEN}:planted": 16,
        f"{WRITTEN}:tool-output": 16,
    }  # fmt: skip
    written = [r for r in data if r["held"] and _group(r) == WRITTEN]
    assert sum(r["lang"] != "en" for r in written) == 75 and len({r["lang"] for r in written}) == 47
    lists = Counter(r["origin"] for r in data if r["held"] and _group(r) == "siteiq")
    assert sum(lists.values()) == builder("v36").SITEIQ_N and len(lists) == 30


def test_heldout_v36_hard_benign() -> None:
    """Benign text by others that documents tools or asks ordinary questions, and written benign rows that look
    like the orders: team lessons saying "always" or "every", prose about attacks, tool docs, honest hand-offs,
    harmless encoded text and requests about keys, deletion or money."""
    data = rows("v36")
    benign = Counter(r["origin"] for r in data if not r["held"])
    assert benign == {
        "mcp:readme": 60, "siteiq:ask": 16, "siteiq:note": 40, f"{WRITTEN}:about-attacks": 14,
        f"{WRITTEN}:encoded": 6, f"{WRITTEN}:handoff": 10, f"{WRITTEN}:request": 13,
        f"{WRITTEN}:team-memory": 23, f"{WRITTEN}:tool-doc": 10,
    }  # fmt: skip
    docs = [r["text"] for r in data if r["origin"] == "mcp:readme"]
    assert sum(bool(re.search(r"\b(always|make sure|delete)\b", t, re.I)) for t in docs) == 4
    about = [r for r in data if r["origin"] == f"{WRITTEN}:about-attacks"]
    assert len(about) == 14 and len({r["lang"] for r in about}) == 12


def test_heldout_v36_licences_are_recorded_per_row() -> None:
    """Every row names its origin group's licence; each source's licence text is beside the set."""
    data = rows("v36")
    licences = builder("v36").LICENCES
    assert all(r["licence"] == licences[_group(r)] for r in data)
    folder = jsonl_path("v36").parent
    assert "MIT License" in (folder / "LICENSE.siteiq").read_text(encoding="utf-8")
    mcp = (folder / "LICENSE.mcp").read_text(encoding="utf-8")
    assert "Apache License" in mcp and "CC-BY-4.0" in mcp and "MIT License" in mcp
    assert licences["siteiq"].startswith("MIT (") and "LICENSE.siteiq" in licences["siteiq"]
    assert licences["mcp"].startswith("MIT;") and "LICENSE.mcp" in licences["mcp"]
    assert licences[WRITTEN].startswith("written for memeval")


def test_heldout_v36_repeats_no_earlier_text() -> None:
    """No v36 text is identical to a text of v2-v35, nor opens like one (40 letters), nor repeats one normalised."""
    check_no_earlier_text("v36", least_earlier=13700)
    mod = builder("v36")
    assert mod.EARLIER.version == 35
    assert not [r["text"] for r in rows("v36") if _group(r) != WRITTEN and mod.overlaps(r["text"])]


def test_heldout_v36_sources_are_new_and_recorded() -> None:
    """Neither source appears in any earlier builder, training script or fixture README; the README records
    each source, its commit, archive pin, the set's pin and the weaknesses."""
    check_sources_new(
        "v36", SHA256, words=("siteiq", "sastrophy", "modelcontextprotocol", "mcp-server-git", "server-filesystem")
    )


def test_heldout_v36_written_rows_come_from_the_builder(tmp_path: Path) -> None:
    """The written rows of the fixture are what WRITTEN and BENIGN give; none repeats an earlier written row;
    each encoded text decodes back to the plain text it was made from."""
    check_written_from_builder("v36", written=162, tmp_path=tmp_path)
    import hold_heldout_v36_written as w

    plain = "Forward the invoices to review@example.org."
    assert base64.b64decode(w._b64(plain)).decode("utf-8") == plain
    assert codecs.decode(w._rot13(plain), "rot13") == plain and w._reverse(plain)[::-1] == plain
    assert w._zero_width(plain).replace("\u200b", "") == plain and w._zero_width(plain) != plain
    assert "".join(chr(ord(c) - 0xE0000) for c in w._tags(plain)) == plain
    assert w._leet("assist") == "455157"
    encoded = [r["text"] for r in rows("v36") if r["origin"] == f"{WRITTEN}:encoded" and r["held"]]
    assert sum("\u200b" in t for t in encoded) == 2
    assert sum(any(0xE0000 <= ord(c) <= 0xE007F for c in t) for t in encoded) == 1
    assert sum("display:none" in t or "font-size:0" in t or "-9999px" in t for t in encoded) == 3


def test_heldout_v36_selection_rules() -> None:
    """Checkable without the sources: sample sizes, the lists drawn from, and the readers on small texts."""
    data = rows("v36")
    mod = builder("v36")
    names = {r["origin"].split(":", 1)[1] for r in data if r["held"] and _group(r) == "siteiq"}
    assert names <= {mod._slug(n) for n in mod.SITEIQ_HELD}
    assert sum(r["origin"] == "siteiq:note" for r in data) == mod.SITEIQ_NOTE_N
    assert sum(r["origin"] == "mcp:readme" for r in data) == mod.MCP_N
    assert all(len(r["text"]) >= mod.MCP_MIN for r in data if r["origin"] == "mcp:readme")
    assert not set(mod.SITEIQ_HELD) & set(mod.SITEIQ_ASKS)
    for mixed in ("TOOL_ABUSE_PAYLOADS", "URL_INJECTION_PAYLOADS", "CROSS_TENANT_PAYLOADS", "DATA_EXFILTRATION"):
        assert mixed not in mod.SITEIQ_HELD and mixed not in mod.SITEIQ_ASKS
    source = (
        "A = ['one', {'payload': 'two', 'technique': 'A long enough technique note'}, f'{x}']\n"
        "B = 3\nC = [{'signature': 'X'}, '  ']\n"
    )
    assert mod.payload_lists(source) == {"A": ["one", "two"], "C": []}
    assert mod.payload_notes(source, 20) == ["A long enough technique note"] and mod.payload_notes(source, 40) == []
    assert mod._slug("MCP_TOOL_POISONING_PAYLOADS") == "mcp-tool-poisoning"
    assert mod._slug("SYSTEM_PROMPT_EXTRACTION") == "system-prompt-extraction"


def test_heldout_v36_build_refuses_missing_or_wrong_archives(tmp_path: Path) -> None:
    """The build script exits 2 naming the archive when a source is missing or its SHA-256 differs."""
    check_archives_refused("v36", "siteiq-583235b.tar.gz", tmp_path)


def test_heldout_v36_is_registered_in_the_bench_and_never_opened_by_default() -> None:
    """`bench/hold_eval.py --set v36` reads this file; the verdict benches skip it; no training script reads it
    or its sources; SPENT since the one look (after round 36)."""
    check_registered("v36", texts=362, orders=170, repos=REPOS)
