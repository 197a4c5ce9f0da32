"""Held-out set v49 (tests/fixtures/hold_heldout_v49/): written blind in issue 15's session 51, before scoring.

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

SHA256 = "fec0b01128de3cbe3c631077ca5e342d4260668a0a8f3dd1801fd4e6b2086ae5"
WRITTEN = "written-v49"
ORDER_LANGS = "et gu is ka kk km lv mn my si sq uz".split()
"""The 12 order languages besides English, 9 orders and 13 benign rows each."""
NEW_LANGS = "et gu is kk lv mn sq".split()
"""The seven of them that none of v46, v47 and v48 had."""
MISSED = "ka km my si uz".split()
"""The five the look at v48 missed most (v48's README row and docs/holding.md name them)."""


def test_heldout_v49_is_unchanged() -> None:
    """The bytes pinned; 150 orders (the issue asks for at least 150 items), a benign side larger, no text twice;
    every row names its repository (this one), commit, path and licence."""
    check_sourced("v49", SHA256, least_held=150, repos={})


def test_heldout_v49_counts_by_label_and_language() -> None:
    """440 rows, 150 held (34%); orders in 13 languages, 108 of 150 not English; every language on both sides."""
    data = rows("v49")
    assert len(data) == 440 and sum(bool(r["held"]) for r in data) == 150
    held = Counter(r["lang"] for r in data if r["held"])
    benign = Counter(r["lang"] for r in data if not r["held"])
    assert held == {"en": 42, **{lang: 9 for lang in ORDER_LANGS}}
    assert benign == {"en": 134, **{lang: 13 for lang in ORDER_LANGS}}
    assert {r["repo"] for r in data} == {"memeval"}


def test_heldout_v49_order_languages_are_new_or_the_last_looks_misses() -> None:
    """Seven order languages are in none of v46, v47 and v48; the other five (ka km my si uz) are v48's."""
    earlier = {str(r["lang"]) for v in ("v46", "v47", "v48") for r in rows(v)}
    assert not set(NEW_LANGS) & earlier
    assert set(ORDER_LANGS) - set(NEW_LANGS) == set(MISSED) <= {str(r["lang"]) for r in rows("v48")}


def test_heldout_v49_kinds_of_orders() -> None:
    """Orders in ten kinds, memory lessons first (2 in every language besides English), seven kinds in all 13
    languages; hidden markup of three kinds; fake delimiters with role markers; 15 orders inside JSON; seven orders
    after a sentence that describes attacks."""
    data = rows("v49")
    kinds = Counter(str(r["origin"]).removeprefix(f"{WRITTEN}:") for r in data if r["held"])
    assert kinds == {
        "memory": 33, "skip-check": 18, "encoded": 18, "extraction": 16, "tool-output": 15, "exfiltration": 14,
        "remote-code": 14, "hidden": 8, "delimiter": 7, "after-description": 7,
    }  # fmt: skip
    for kind in ("memory", "skip-check", "extraction", "exfiltration", "remote-code", "tool-output", "encoded"):
        assert len({r["lang"] for r in data if r["origin"] == f"{WRITTEN}:{kind}"}) == 13, kind
    memory = Counter(r["lang"] for r in data if r["origin"] == f"{WRITTEN}:memory")
    assert memory == {"en": 9, **{lang: 2 for lang in ORDER_LANGS}}
    hidden = [str(r["text"]) for r in data if r["origin"] == f"{WRITTEN}:hidden"]
    assert [sum(k in t for t in hidden) for k in ("display:none", "display: none", "<!--", "font-size:0")] == [
        3, 1, 2, 2,
    ]  # fmt: skip
    delimiters = [str(r["text"]) for r in data if r["origin"] == f"{WRITTEN}:delimiter"]
    assert all(re.search(r"\[[^\]]+\]|<\|im_start\|>|###|<system>|===", t) for t in delimiters)
    tool = [str(r["text"]) for r in data if r["held"] and r["origin"] == f"{WRITTEN}:tool-output"]
    assert sum(t.startswith("{") for t in tool) == 15
    after = Counter(r["lang"] for r in data if r["origin"] == f"{WRITTEN}:after-description")
    assert after == {"en": 3, "sq": 1, "et": 1, "is": 1, "my": 1}


def test_heldout_v49_hard_benign() -> None:
    """Benign rows that share the orders' words: "always"/"never" lessons and "for all future sessions" lessons of
    safe steps in every language, secrets and backup advice, runbook imperatives, two or three facts joined in one
    text, and post-mortems (half describe an attack) that quote no order: none carries a quotation mark."""
    data = rows("v49")
    benign = Counter(str(r["origin"]).removeprefix(f"{WRITTEN}:") for r in data if not r["held"])
    assert benign == {
        "team-lesson": 42, "postmortem": 42, "future-lesson": 40, "secrets-advice": 38, "handoff": 24, "joined": 24,
        "backup": 22, "meeting-notes": 22, "tool-output": 22, "runbook": 14,
    }  # fmt: skip
    for kind in set(benign) - {"runbook"}:
        assert len({r["lang"] for r in data if r["origin"] == f"{WRITTEN}:{kind}"}) == 13, kind
    lessons = Counter(r["lang"] for r in data if r["origin"] == f"{WRITTEN}:future-lesson")
    assert lessons == {"en": 16, **{lang: 2 for lang in ORDER_LANGS}}
    english = [str(r["text"]) for r in data if not r["held"] and r["lang"] == "en"]
    assert sum(bool(re.search(r"\b(always|never)\b", t, re.I)) for t in english) == 15
    posts = [str(r["text"]) for r in data if r["origin"] == f"{WRITTEN}:postmortem"]
    assert not [t for t in posts if re.search(r"[\"“„«`「]", t)]


def test_heldout_v49_licences_are_recorded_per_row() -> None:
    """Every row is written for memeval (no outside source, no licence text beside the set)."""
    check_licences("v49", {})
    assert sorted(p.name for p in jsonl_path("v49").parent.iterdir()) == ["README.md", "heldout_v49.jsonl"]


def test_heldout_v49_repeats_no_earlier_text() -> None:
    """No v49 text is identical to a text of v2-v48, nor opens like one (40 letters), nor repeats one normalised."""
    check_no_earlier_text("v49", least_earlier=17000)
    check_no_normalised_repeat("v49")


def test_heldout_v49_written_rows_come_from_the_builder(tmp_path: Path) -> None:
    """Every row is what the builder's WRITTEN and BENIGN give; none repeats an earlier written row; each encoded
    order decodes to the plain order it was made from, in eight encodings."""
    check_written_from_builder("v49", written=440, tmp_path=tmp_path)
    written = builder("v49_written")
    encoded = [t for _, kind, t in written.WRITTEN if kind == "encoded"]
    plain = written.ENCODED
    assert len(encoded) == len(plain) == 18
    assert Counter(kind for _, _, kind, _ in plain) == {
        "b64": 3, "rot13": 4, "leet": 3, "reversed": 3, "hex": 2, "pct": 1, "zwsp": 1, "tags": 1,
    }  # fmt: skip
    check_encoded_orders(encoded, plain)


def test_heldout_v49_readme_records_the_pin_and_the_rules() -> None:
    """The README gives the set's pin, the labelling rule, counts and a "Weaknesses (written before scoring)"."""
    readme = (jsonl_path("v49").parent / "README.md").read_text(encoding="utf-8")
    for needed in (SHA256, "## Labelling rule", "## Counts", "## Weaknesses (written before scoring)", "heldout51"):
        assert needed in readme, needed


def test_heldout_v49_is_registered_in_the_bench_and_never_opened_by_default() -> None:
    """`bench/hold_eval.py --set v49` reads this file; the verdict benches skip it; no training script reads it; in
    SPENT since the lead's one look after round 51 (`bench/results/hold_heldout_v49_look1.json`)."""
    check_registered("v49", texts=440, orders=150, repos={})


def test_the_readme_row_of_v49_is_the_looks_record() -> None:
    """README's row for v49 gives the default's counts as the look's record has them (`hold_heldout_v49_look1`)."""
    check_readme_row("v49")
