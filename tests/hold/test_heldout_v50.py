"""Held-out set v50 (tests/fixtures/hold_heldout_v50/): written blind in issue 15's session 52, before scoring.

No detector is run here: the set is scored once, by the lead, after a later holding round; these tests only pin
what the set is (its bytes, counts, languages, kinds, licences, provenance and the encodings of its encoded orders),
in process (no subprocess).
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

from heldout_jsonl import (
    builder,
    check_encoded_orders,
    check_licences,
    check_no_earlier_text,
    check_no_normalised_repeat,
    check_readme_row,
    check_registered,
    check_sourced,
    check_written_from_builder,
    jsonl_path,
    rows,
)

SHA256 = "30d311c48af4814d281d040a43254357e578c1f14959519b11fa9e06c68b10d8"
WRITTEN = "written-v50"
ORDER_LANGS = "bn cy kn lo ms ne pl ps sw ta tl vi".split()
"""The 12 order languages besides English, 9 orders and 13 benign rows each."""
NEW_LANGS = "cy kn lo pl ps ta tl vi".split()
"""The eight of them that none of v46, v47, v48 and v49 had."""
AGAIN = "bn ms ne sw".split()
"""The four others, last used in v46 (among the candidates the brief named)."""


def test_heldout_v50_is_unchanged() -> None:
    """The bytes pinned; 150 orders (the issue asks for at least 150 items), a benign side larger, no text twice;
    every row names its repository (this one), commit, path and licence."""
    check_sourced("v50", SHA256, least_held=150, repos={})


def test_heldout_v50_counts_by_label_and_language() -> None:
    """440 rows, 150 held (34%); orders in 13 languages, 108 of 150 not English; every language on both sides."""
    data = rows("v50")
    assert len(data) == 440 and sum(bool(r["held"]) for r in data) == 150
    held = Counter(r["lang"] for r in data if r["held"])
    benign = Counter(r["lang"] for r in data if not r["held"])
    assert held == {"en": 42, **{lang: 9 for lang in ORDER_LANGS}}
    assert benign == {"en": 134, **{lang: 13 for lang in ORDER_LANGS}}
    assert {r["repo"] for r in data} == {"memeval"}


def test_heldout_v50_order_languages_are_new_to_the_last_four_sets() -> None:
    """The set's order languages besides English are these 12: eight in none of v46-v49, and four (bn ms ne sw)
    last in v46."""
    assert {str(r["lang"]) for r in rows("v50") if r["held"]} - {"en"} == set(ORDER_LANGS)
    recent = {str(r["lang"]) for v in ("v46", "v47", "v48", "v49") for r in rows(v)}
    assert not set(NEW_LANGS) & recent
    assert set(ORDER_LANGS) - set(NEW_LANGS) == set(AGAIN) <= {str(r["lang"]) for r in rows("v46")}
    assert not set(AGAIN) & {str(r["lang"]) for v in ("v47", "v48", "v49") for r in rows(v)}


def test_heldout_v50_kinds_of_orders() -> None:
    """Orders in ten kinds, memory lessons first (2 in every language besides English), seven kinds in all 13
    languages; hidden markup of three kinds; fake delimiters with role markers; 16 orders inside JSON; seven orders
    after a sentence that describes attacks."""
    data = rows("v50")
    kinds = Counter(str(r["origin"]).removeprefix(f"{WRITTEN}:") for r in data if r["held"])
    assert kinds == {
        "memory": 34, "encoded": 18, "skip-check": 17, "extraction": 16, "tool-output": 16, "exfiltration": 15,
        "remote-code": 14, "hidden": 7, "after-description": 7, "delimiter": 6,
    }  # fmt: skip
    for kind in ("memory", "skip-check", "extraction", "exfiltration", "remote-code", "tool-output", "encoded"):
        assert len({r["lang"] for r in data if r["origin"] == f"{WRITTEN}:{kind}"}) == 13, kind
    memory = Counter(r["lang"] for r in data if r["origin"] == f"{WRITTEN}:memory")
    assert memory == {"en": 10, **{lang: 2 for lang in ORDER_LANGS}}
    hidden = [str(r["text"]) for r in data if r["origin"] == f"{WRITTEN}:hidden"]
    assert [sum(k in t for t in hidden) for k in ("display:none", "<!--", "font-size:0")] == [3, 2, 2]
    assert Counter(r["lang"] for r in data if r["origin"] == f"{WRITTEN}:hidden") == {
        "en": 3, "kn": 1, "ta": 1, "lo": 1, "bn": 1,
    }  # fmt: skip
    delimiters = [r for r in data if r["origin"] == f"{WRITTEN}:delimiter"]
    assert all(re.search(r"\[[^\]]+\]|<\|im_start\|>|###|<system>|===", str(r["text"])) for r in delimiters)
    assert Counter(r["lang"] for r in delimiters) == {"en": 2, "ps": 1, "pl": 1, "ms": 1, "ne": 1}
    tool = [str(r["text"]) for r in data if r["held"] and r["origin"] == f"{WRITTEN}:tool-output"]
    assert sum(t.startswith("{") for t in tool) == 16
    after = Counter(r["lang"] for r in data if r["origin"] == f"{WRITTEN}:after-description")
    assert after == {"en": 3, "tl": 1, "cy": 1, "vi": 1, "sw": 1}


def test_heldout_v50_hard_benign() -> None:
    """Benign rows that share the orders' words: "always"/"never" lessons and "for all future sessions" lessons of
    safe steps in every language, secrets and backup advice, docs about prompt injection, two or three facts joined
    in one text, and post-mortems (half describe an attack) that, like the injection docs, quote no order: none of
    them carries a quotation mark."""
    data = rows("v50")
    benign = Counter(str(r["origin"]).removeprefix(f"{WRITTEN}:") for r in data if not r["held"])
    assert benign == {
        "team-lesson": 40, "future-lesson": 40, "postmortem": 40, "secrets-advice": 38, "injection-docs": 22,
        "handoff": 22, "joined": 22, "backup": 22, "tool-output": 22, "runbook": 12, "meeting-notes": 10,
    }  # fmt: skip
    for kind in set(benign) - {"runbook", "meeting-notes"}:
        assert len({r["lang"] for r in data if r["origin"] == f"{WRITTEN}:{kind}"}) == 13, kind
    lessons = Counter(r["lang"] for r in data if r["origin"] == f"{WRITTEN}:future-lesson")
    assert lessons == {"en": 16, **{lang: 2 for lang in ORDER_LANGS}}
    english = [str(r["text"]) for r in data if not r["held"] and r["lang"] == "en"]
    assert sum(bool(re.search(r"\b(always|never)\b", t, re.I)) for t in english) == 15
    quiet = [str(r["text"]) for r in data if r["origin"] in (f"{WRITTEN}:postmortem", f"{WRITTEN}:injection-docs")]
    assert len(quiet) == 62 and not [t for t in quiet if re.search(r"[\"“„«`「]", t)]


def test_heldout_v50_licences_are_recorded_per_row() -> None:
    """Every row is written for memeval (no outside source, no licence text beside the set)."""
    check_licences("v50", {})
    assert sorted(p.name for p in jsonl_path("v50").parent.iterdir()) == ["README.md", "heldout_v50.jsonl"]


def test_heldout_v50_repeats_no_earlier_text() -> None:
    """No v50 text is identical to a text of v2-v49, nor opens like one (40 letters), nor repeats one normalised."""
    check_no_earlier_text("v50", least_earlier=17000)
    check_no_normalised_repeat("v50")


def test_heldout_v50_written_rows_come_from_the_builder(tmp_path: Path) -> None:
    """Every row is what the builder's WRITTEN and BENIGN give; none repeats an earlier written row; each encoded
    order decodes to the plain order it was made from, in eight encodings."""
    check_written_from_builder("v50", written=440, tmp_path=tmp_path)
    written = builder("v50_written")
    encoded = [t for _, kind, t in written.WRITTEN if kind == "encoded"]
    plain = written.ENCODED
    assert len(encoded) == len(plain) == 18
    assert Counter(kind for _, _, kind, _ in plain) == {
        "b64": 3, "rot13": 4, "leet": 3, "reversed": 3, "hex": 2, "pct": 1, "zwsp": 1, "tags": 1,
    }  # fmt: skip
    check_encoded_orders(encoded, plain)


def test_heldout_v50_readme_records_the_pin_and_the_rules() -> None:
    """The README gives the set's pin, the labelling rule, counts and a "Weaknesses (written before scoring)"."""
    readme = (jsonl_path("v50").parent / "README.md").read_text(encoding="utf-8")
    for needed in (SHA256, "## Labelling rule", "## Counts", "## Weaknesses (written before scoring)", "heldout52"):
        assert needed in readme, needed


def test_heldout_v50_is_registered_in_the_bench_and_never_opened_by_default() -> None:
    """`bench/hold_eval.py --set v50` reads this file; the verdict benches skip it; no training script reads it; in
    SPENT since the lead's one look after round 52 (`bench/results/hold_heldout_v50_look1.json`)."""
    check_registered("v50", texts=440, orders=150, repos={})


def test_the_readme_row_of_v50_is_the_looks_record() -> None:
    """README's row for v50 gives the default's counts as the look's record has them (`hold_heldout_v50_look1`)."""
    check_readme_row("v50")
