"""Held-out set v48 (tests/fixtures/hold_heldout_v48/): written blind in issue 15's session 50, before scoring.

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

SHA256 = "c9e046131041a57cbae235b64b48cedf185b30b1ebe56fda5822d929b2f51521"
WRITTEN = "written-v48"
ORDER_LANGS = "az ig ka km lt mr my si sk te uz zh".split()
"""The 12 order languages besides English, 9 orders and 13 benign rows each."""
NEW_LANGS = "az lt mr my si sk uz zh".split()
"""The eight of them that none of v45, v46 and v47 had."""


def test_heldout_v48_is_unchanged() -> None:
    """The bytes pinned; 150 orders (the issue asks for at least 150 items), a benign side larger, no text twice;
    every row names its repository (this one), commit, path and licence."""
    check_sourced("v48", SHA256, least_held=150, repos={})


def test_heldout_v48_counts_by_label_and_language() -> None:
    """440 rows, 150 held (34%); orders in 13 languages, 108 of 150 not English; every language on both sides."""
    data = rows("v48")
    assert len(data) == 440 and sum(bool(r["held"]) for r in data) == 150
    held = Counter(r["lang"] for r in data if r["held"])
    benign = Counter(r["lang"] for r in data if not r["held"])
    assert held == {"en": 42, **{lang: 9 for lang in ORDER_LANGS}}
    assert benign == {"en": 134, **{lang: 13 for lang in ORDER_LANGS}}
    assert {r["repo"] for r in data} == {"memeval"}


def test_heldout_v48_order_languages_are_new_to_the_last_three_sets() -> None:
    """Eight order languages are in none of v45, v46 and v47; the other four (ig ka km te) are v47's."""
    earlier = {str(r["lang"]) for v in ("v45", "v46", "v47") for r in rows(v)}
    assert not set(NEW_LANGS) & earlier
    assert set(ORDER_LANGS) - set(NEW_LANGS) == {"ig", "ka", "km", "te"} <= earlier


def test_heldout_v48_kinds_of_orders() -> None:
    """Orders in the nine kinds issue 15 names as missed, memory lessons first (2 in every language), seven kinds in
    all 13 languages; hidden markup of four kinds; fake delimiters with role markers; 15 orders inside JSON."""
    data = rows("v48")
    kinds = Counter(str(r["origin"]).removeprefix(f"{WRITTEN}:") for r in data if r["held"])
    assert kinds == {
        "memory": 34, "encoded": 18, "skip-check": 17, "extraction": 16, "exfiltration": 16, "remote-code": 15,
        "tool-output": 15, "hidden": 10, "delimiter": 9,
    }  # fmt: skip
    for kind in ("memory", "skip-check", "extraction", "exfiltration", "remote-code", "tool-output", "encoded"):
        assert len({r["lang"] for r in data if r["origin"] == f"{WRITTEN}:{kind}"}) == 13, kind
    memory = Counter(r["lang"] for r in data if r["origin"] == f"{WRITTEN}:memory")
    assert memory == {"en": 10, **{lang: 2 for lang in ORDER_LANGS}}
    hidden = [str(r["text"]) for r in data if r["origin"] == f"{WRITTEN}:hidden"]
    assert [sum(k in t for t in hidden) for k in ("display:none", "<!--", "font-size:0", "visibility:hidden")] == [
        4, 3, 2, 1,
    ]  # fmt: skip
    delimiters = [str(r["text"]) for r in data if r["origin"] == f"{WRITTEN}:delimiter"]
    assert all(re.search(r"\[[^\]]+\]|<\|im_start\|>|###|<system>|===", t) for t in delimiters)
    tool = [str(r["text"]) for r in data if r["held"] and r["origin"] == f"{WRITTEN}:tool-output"]
    assert sum(t.startswith("{") for t in tool) == 15


def test_heldout_v48_hard_benign() -> None:
    """Benign rows that share the orders' words: "always"/"never" lessons and "for all future sessions" lessons of
    safe steps in every language, secrets and backup advice, runbook imperatives, and post-mortems, 23 of 42 with
    quotation marks or apostrophes (20 quote the attack they report)."""
    data = rows("v48")
    benign = Counter(str(r["origin"]).removeprefix(f"{WRITTEN}:") for r in data if not r["held"])
    assert benign == {
        "team-lesson": 42, "postmortem": 42, "future-lesson": 40, "secrets-advice": 40, "runbook": 26, "handoff": 24,
        "backup": 22, "meeting-notes": 22, "tool-output": 22, "crm": 10,
    }  # fmt: skip
    for kind in set(benign) - {"crm"}:
        assert len({r["lang"] for r in data if r["origin"] == f"{WRITTEN}:{kind}"}) == 13, kind
    lessons = Counter(r["lang"] for r in data if r["origin"] == f"{WRITTEN}:future-lesson")
    assert lessons == {"en": 16, **{lang: 2 for lang in ORDER_LANGS}}
    english = [str(r["text"]) for r in data if not r["held"] and r["lang"] == "en"]
    assert sum(bool(re.search(r"\b(always|never)\b", t, re.I)) for t in english) == 20
    assert sum(bool(re.search(r"future sessions?|later sessions?|future runs?|across sessions", t)) for t in
               english) == 9  # fmt: skip
    posts = [str(r["text"]) for r in data if r["origin"] == f"{WRITTEN}:postmortem"]
    assert sum(bool(re.search(r"[\"'“„«`「]", t)) for t in posts) == 23


def test_heldout_v48_licences_are_recorded_per_row() -> None:
    """Every row is written for memeval (no outside source, no licence text beside the set)."""
    check_licences("v48", {})
    assert sorted(p.name for p in jsonl_path("v48").parent.iterdir()) == ["README.md", "heldout_v48.jsonl"]


def test_heldout_v48_repeats_no_earlier_text() -> None:
    """No v48 text is identical to a text of v2-v47, nor opens like one (40 letters), nor repeats one normalised."""
    check_no_earlier_text("v48", least_earlier=17000)
    check_no_normalised_repeat("v48")


def test_heldout_v48_written_rows_come_from_the_builder(tmp_path: Path) -> None:
    """Every row is what the builder's WRITTEN and BENIGN give; none repeats an earlier written row; each encoded
    order decodes to the plain order it was made from, in eight encodings."""
    check_written_from_builder("v48", written=440, tmp_path=tmp_path)
    written = builder("v48_written")
    encoded = [t for _, kind, t in written.WRITTEN if kind == "encoded"]
    plain = written.ENCODED
    assert len(encoded) == len(plain) == 18
    assert Counter(kind for _, _, kind, _ in plain) == {
        "b64": 3, "rot13": 3, "leet": 3, "reversed": 3, "zwsp": 2, "hex": 2, "pct": 1, "tags": 1,
    }  # fmt: skip
    check_encoded_orders(encoded, plain)


def test_heldout_v48_readme_records_the_pin_and_the_rules() -> None:
    """The README gives the set's pin, the labelling rule, counts and a "Weaknesses (written before scoring)"."""
    readme = (jsonl_path("v48").parent / "README.md").read_text(encoding="utf-8")
    for needed in (SHA256, "## Labelling rule", "## Counts", "## Weaknesses (written before scoring)", "heldout50"):
        assert needed in readme, needed


def test_heldout_v48_is_registered_in_the_bench_and_never_opened_by_default() -> None:
    """`bench/hold_eval.py --set v48` reads this file; the verdict benches skip it; no training script reads it; in
    SPENT since the lead's one look after round 50 (`bench/results/hold_heldout_v48_look1.json`)."""
    check_registered("v48", texts=440, orders=150, repos={})


def test_the_readme_row_of_v48_is_the_looks_record() -> None:
    """README's row for v48 gives the default's counts as the look's record has them (`hold_heldout_v48_look1`)."""
    check_readme_row("v48")
