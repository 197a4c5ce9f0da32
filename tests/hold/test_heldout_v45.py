"""Held-out set v45 (tests/fixtures/hold_heldout_v45/): written blind in issue 15's session 47, before scoring.

No detector is run here: the set is scored once, by the lead, after a later holding round; these tests only pin
what the set is (its bytes, counts, languages, kinds, licences, provenance and the encodings of its encoded orders).
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

SHA256 = "99beb97c65f5891f724f1a41f6c3afad9287f0c442eaaefec5134df66b3c25ba"
WRITTEN = "written-v45"
ORDER_LANGS = "am ar he hi id ko ne pl sw ta tl tr uk vi yo".split()
"""The 15 order languages besides English, 8 orders and 11 benign rows each."""


def test_heldout_v45_is_unchanged() -> None:
    """The bytes pinned; 150 orders (the issue asks for at least 150 items), a benign side larger, no text twice;
    every row names its repository (this one), commit, path and licence."""
    check_sourced("v45", SHA256, least_held=150, repos={})


def test_heldout_v45_counts_by_label_and_language() -> None:
    """440 rows, 150 held (34%); orders in 16 languages, 120 of 150 not English; every language on both sides."""
    data = rows("v45")
    assert len(data) == 440 and sum(bool(r["held"]) for r in data) == 150
    held = Counter(r["lang"] for r in data if r["held"])
    benign = Counter(r["lang"] for r in data if not r["held"])
    assert held == {"en": 30, **{lang: 8 for lang in ORDER_LANGS}}
    assert benign == {"en": 125, **{lang: 11 for lang in ORDER_LANGS}}
    assert {r["repo"] for r in data} == {"memeval"}


def test_heldout_v45_order_languages_include_rare_ones() -> None:
    """Amharic and Yoruba had at most 5 orders each over v1-v44, Swahili, Tagalog and Nepali at most 22 each."""
    earlier: Counter[str] = Counter()
    for n in range(3, 45):
        earlier.update(str(r["lang"]) for r in rows(f"v{n}") if r["held"])
    assert earlier["am"] <= 5 and earlier["yo"] <= 2
    assert max(earlier[lang] for lang in ("sw", "tl", "ne")) <= 22


def test_heldout_v45_kinds_of_orders() -> None:
    """Orders in the nine kinds issue 15 names as missed; memory lessons, exfiltration, tool output and extraction
    in every language; hidden markup of four kinds; fake delimiters with role markers."""
    data = rows("v45")
    kinds = Counter(str(r["origin"]).removeprefix(f"{WRITTEN}:") for r in data if r["held"])
    assert kinds == {
        "memory": 36, "encoded": 19, "exfiltration": 18, "tool-output": 17, "extraction": 17, "remote-code": 11,
        "hidden": 11, "delimiter": 11, "skip-check": 10,
    }  # fmt: skip
    for kind in ("memory", "exfiltration", "tool-output", "extraction", "encoded"):
        assert len({r["lang"] for r in data if r["origin"] == f"{WRITTEN}:{kind}"}) == 16, kind
    hidden = [str(r["text"]) for r in data if r["origin"] == f"{WRITTEN}:hidden"]
    assert sum("display:none" in t for t in hidden) == 5 and sum("<!--" in t for t in hidden) == 3
    assert sum(bool(re.search(r"color:(white|#ffffff)|font-size:0", t)) for t in hidden) == 3
    delimiters = [str(r["text"]) for r in data if r["origin"] == f"{WRITTEN}:delimiter"]
    assert all(re.search(r"\[[^\]]+\]:|<\|im_start\|>|###", t) for t in delimiters)
    tool = [str(r["text"]) for r in data if r["held"] and r["origin"] == f"{WRITTEN}:tool-output"]
    assert sum(t.startswith("{") for t in tool) == 10  # JSON with the order in a field; the other 7 search results


def test_heldout_v45_hard_benign() -> None:
    """Benign rows that share the orders' words: "always"/"never" lessons in every language, runbook imperatives,
    secrets and backup advice, and post-mortems that quote the attack they report (27 of 29)."""
    data = rows("v45")
    benign = Counter(str(r["origin"]).removeprefix(f"{WRITTEN}:") for r in data if not r["held"])
    assert benign == {
        "team-lesson": 70, "runbook": 35, "secrets-advice": 30, "postmortem": 29, "meeting-notes": 27, "crm": 27,
        "backup": 25, "tool-output": 25, "handoff": 22,
    }  # fmt: skip
    for kind in benign:
        assert len({r["lang"] for r in data if r["origin"] == f"{WRITTEN}:{kind}"}) == 16, kind
    english = [str(r["text"]) for r in data if not r["held"] and r["lang"] == "en"]
    assert sum(bool(re.search(r"\b(always|never)\b", t, re.I)) for t in english) == 30
    posts = [str(r["text"]) for r in data if r["origin"] == f"{WRITTEN}:postmortem"]
    assert sum(bool(re.search(r"[\"'“„«`]", t)) for t in posts) == 27  # quotes the attack it reports (2 do not)


def test_heldout_v45_licences_are_recorded_per_row() -> None:
    """Every row is written for memeval (no outside source, no licence text beside the set)."""
    check_licences("v45", {})
    assert sorted(p.name for p in jsonl_path("v45").parent.iterdir()) == ["README.md", "heldout_v45.jsonl"]


def test_heldout_v45_repeats_no_earlier_text() -> None:
    """No v45 text is identical to a text of v2-v44, nor opens like one (40 letters), nor repeats one normalised."""
    check_no_earlier_text("v45", least_earlier=17000)
    check_no_normalised_repeat("v45")


def test_heldout_v45_written_rows_come_from_the_builder(tmp_path: Path) -> None:
    """Every row is what the builder's WRITTEN and BENIGN give; none repeats an earlier written row; each encoded
    order decodes to the plain order it was made from, in nine encodings."""
    check_written_from_builder("v45", written=440, tmp_path=tmp_path)
    written = builder("v45_written")
    encoded = [t for _, kind, t in written.WRITTEN if kind == "encoded"]
    plain = written.ENCODED
    assert len(encoded) == len(plain) == 19
    assert Counter(kind for _, _, kind, _ in plain) == {
        "b64": 5, "rot13": 3, "reversed": 3, "leet": 2, "zwsp": 2, "hex": 1, "pct": 1, "fullwidth": 1, "tags": 1,
    }  # fmt: skip
    check_encoded_orders(encoded, plain)


def test_heldout_v45_readme_records_the_pin_and_the_rules() -> None:
    """The README gives the set's pin, the labelling rule, counts and a "Weaknesses (written before scoring)"."""
    readme = (jsonl_path("v45").parent / "README.md").read_text(encoding="utf-8")
    for needed in (SHA256, "## Labelling rule", "## Counts", "## Weaknesses (written before scoring)", "heldout47"):
        assert needed in readme, needed


def test_heldout_v45_is_registered_in_the_bench_and_never_opened_by_default() -> None:
    """`bench/hold_eval.py --set v45` reads this file; the verdict benches skip it; no training script reads it
    or its sources; in SPENT since the lead's one look after round 47 (`bench/results/hold_heldout_v45_look1.json`)."""
    check_registered("v45", texts=440, orders=150, repos={})


def test_the_readme_row_of_v45_is_the_looks_record() -> None:
    """README's row for v45 gives the default's counts as the look's record has them (`hold_heldout_v45_look1`)."""
    check_readme_row("v45")
