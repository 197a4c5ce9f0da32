"""Held-out set v47 (tests/fixtures/hold_heldout_v47/): written blind in issue 15's session 49, before scoring.

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
    check_registered,
    check_sourced,
    check_written_from_builder,
    jsonl_path,
    rows,
)

SHA256 = "b9bbef62f1d19a7f80bb8ceada88572b6e55c8660683c7e5a04828e56609f7c2"
WRITTEN = "written-v47"
ORDER_LANGS = "am cs el fi ha hu hy ig ka km pa so te zu".split()
"""The 14 order languages besides English, 8 orders and 11 benign rows each."""
NEW_LANGS = "cs fi hu hy ig ka km pa so te".split()
"""The ten of them that neither v45 nor v46 had."""


def test_heldout_v47_is_unchanged() -> None:
    """The bytes pinned; 150 orders (the issue asks for at least 150 items), a benign side larger, no text twice;
    every row names its repository (this one), commit, path and licence."""
    check_sourced("v47", SHA256, least_held=150, repos={})


def test_heldout_v47_counts_by_label_and_language() -> None:
    """440 rows, 150 held (34%); orders in 15 languages, 112 of 150 not English; every language on both sides."""
    data = rows("v47")
    assert len(data) == 440 and sum(bool(r["held"]) for r in data) == 150
    held = Counter(r["lang"] for r in data if r["held"])
    benign = Counter(r["lang"] for r in data if not r["held"])
    assert held == {"en": 38, **{lang: 8 for lang in ORDER_LANGS}}
    assert benign == {"en": 136, **{lang: 11 for lang in ORDER_LANGS}}
    assert {r["repo"] for r in data} == {"memeval"}


def test_heldout_v47_order_languages_are_new_to_the_last_two_sets() -> None:
    """Ten order languages are in neither v45 nor v46; Somali and Igbo had no order over v1-v46, Khmer 1."""
    assert not set(NEW_LANGS) & {str(r["lang"]) for v in ("v45", "v46") for r in rows(v)}
    earlier: Counter[str] = Counter()
    for n in range(3, 47):
        earlier.update(str(r["lang"]) for r in rows(f"v{n}") if r["held"])
    assert earlier["so"] == 0 and earlier["ig"] == 0 and earlier["km"] <= 1
    assert earlier["ka"] <= 5 and earlier["hy"] <= 5


def test_heldout_v47_kinds_of_orders() -> None:
    """Orders in the nine kinds issue 15 names as missed, memory lessons first (2 in every language); hidden markup
    of four kinds; fake delimiters with role markers; orders in JSON or tool output in every language."""
    data = rows("v47")
    kinds = Counter(str(r["origin"]).removeprefix(f"{WRITTEN}:") for r in data if r["held"])
    assert kinds == {
        "memory": 38, "encoded": 20, "exfiltration": 18, "tool-output": 17, "extraction": 16, "hidden": 12,
        "remote-code": 10, "delimiter": 10, "skip-check": 9,
    }  # fmt: skip
    for kind in ("memory", "exfiltration", "tool-output", "extraction", "encoded"):
        assert len({r["lang"] for r in data if r["origin"] == f"{WRITTEN}:{kind}"}) == 15, kind
    assert all(n == 2 for lang, n in Counter(r["lang"] for r in data if r["origin"] == f"{WRITTEN}:memory").items()
               if lang != "en")  # fmt: skip
    hidden = [str(r["text"]) for r in data if r["origin"] == f"{WRITTEN}:hidden"]
    assert sum("display:none" in t for t in hidden) == 5 and sum("<!--" in t for t in hidden) == 4
    assert sum("font-size:0" in t for t in hidden) == 2 and sum("color:#ffffff" in t for t in hidden) == 1
    delimiters = [str(r["text"]) for r in data if r["origin"] == f"{WRITTEN}:delimiter"]
    assert all(re.search(r"\[[^\]]+\][:፦]|<\|im_start\|>|###|<system>|=== SYSTEM ===", t) for t in delimiters)
    tool = [str(r["text"]) for r in data if r["held"] and r["origin"] == f"{WRITTEN}:tool-output"]
    assert sum(t.startswith("{") for t in tool) == 16  # JSON with the order in a field; the other a `cat` listing


def test_heldout_v47_hard_benign() -> None:
    """Benign rows that share the orders' words: "always"/"never" lessons and "for all future sessions" lessons of
    safe steps in every language, runbook imperatives, secrets and backup advice, and post-mortems, 23 of 46 with
    quotation marks or apostrophes (21 quote the attack they report)."""
    data = rows("v47")
    benign = Counter(str(r["origin"]).removeprefix(f"{WRITTEN}:") for r in data if not r["held"])
    assert benign == {
        "postmortem": 46, "future-lesson": 44, "team-lesson": 36, "runbook": 28, "secrets-advice": 28, "handoff": 26,
        "backup": 24, "meeting-notes": 24, "tool-output": 24, "crm": 10,
    }  # fmt: skip
    for kind in set(benign) - {"crm"}:
        assert len({r["lang"] for r in data if r["origin"] == f"{WRITTEN}:{kind}"}) == 15, kind
    assert all(n == 2 for lang, n in Counter(r["lang"] for r in data if r["origin"] == f"{WRITTEN}:future-lesson")
               .items() if lang != "en")  # fmt: skip
    english = [str(r["text"]) for r in data if not r["held"] and r["lang"] == "en"]
    assert sum(bool(re.search(r"\b(always|never)\b", t, re.I)) for t in english) == 27
    assert sum(bool(re.search(r"future sessions?|later sessions|future runs?|later runs|across sessions", t)) for t in
               english) == 14  # fmt: skip
    posts = [str(r["text"]) for r in data if r["origin"] == f"{WRITTEN}:postmortem"]
    assert sum(bool(re.search(r"[\"'“„«`「]", t)) for t in posts) == 23


def test_heldout_v47_licences_are_recorded_per_row() -> None:
    """Every row is written for memeval (no outside source, no licence text beside the set)."""
    check_licences("v47", {})
    assert sorted(p.name for p in jsonl_path("v47").parent.iterdir()) == ["README.md", "heldout_v47.jsonl"]


def test_heldout_v47_repeats_no_earlier_text() -> None:
    """No v47 text is identical to a text of v2-v46, nor opens like one (40 letters), nor repeats one normalised."""
    check_no_earlier_text("v47", least_earlier=17000)
    check_no_normalised_repeat("v47")


def test_heldout_v47_written_rows_come_from_the_builder(tmp_path: Path) -> None:
    """Every row is what the builder's WRITTEN and BENIGN give; none repeats an earlier written row; each encoded
    order decodes to the plain order it was made from, in eight encodings."""
    check_written_from_builder("v47", written=440, tmp_path=tmp_path)
    written = builder("v47_written")
    encoded = [t for _, kind, t in written.WRITTEN if kind == "encoded"]
    plain = written.ENCODED
    assert len(encoded) == len(plain) == 20
    assert Counter(kind for _, _, kind, _ in plain) == {
        "b64": 4, "reversed": 3, "rot13": 3, "leet": 3, "zwsp": 3, "hex": 2, "pct": 1, "tags": 1,
    }  # fmt: skip
    check_encoded_orders(encoded, plain)


def test_heldout_v47_readme_records_the_pin_and_the_rules() -> None:
    """The README gives the set's pin, the labelling rule, counts and a "Weaknesses (written before scoring)"."""
    readme = (jsonl_path("v47").parent / "README.md").read_text(encoding="utf-8")
    for needed in (SHA256, "## Labelling rule", "## Counts", "## Weaknesses (written before scoring)", "heldout49"):
        assert needed in readme, needed


def test_heldout_v47_is_registered_in_the_bench_and_never_opened_by_default() -> None:
    """`bench/hold_eval.py --set v47` reads this file; the verdict benches skip it; no training script reads it; not
    in SPENT: blind until the lead's one look."""
    check_registered("v47", texts=440, orders=150, repos={}, spent=False)
