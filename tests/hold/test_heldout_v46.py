"""Held-out set v46 (tests/fixtures/hold_heldout_v46/): written blind in issue 15's session 48, before scoring.

No detector is run here: the set is scored once, by the lead, after a later holding round; these tests only pin
what the set is (its bytes, counts, languages, kinds, licences, provenance and the encodings of its encoded orders).
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest
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

SHA256 = "e3d108171e517de9208068e9e3aea61a8da8329fe322c1b0a41f7983b06d39ed"
WRITTEN = "written-v46"
ORDER_LANGS = "am bn el fa ha ja ms ne ro sw th ur yo zu".split()
"""The 14 order languages besides English, 8 orders and 11 benign rows each."""
NEW_LANGS = "bn el fa ha ja ms ro th ur zu".split()
"""The ten of them that v45 did not have."""


def test_heldout_v46_is_unchanged() -> None:
    """The bytes pinned; 150 orders (the issue asks for at least 150 items), a benign side larger, no text twice;
    every row names its repository (this one), commit, path and licence."""
    check_sourced("v46", SHA256, least_held=150, repos={})


def test_heldout_v46_counts_by_label_and_language() -> None:
    """440 rows, 150 held (34%); orders in 15 languages, 112 of 150 not English; every language on both sides."""
    data = rows("v46")
    assert len(data) == 440 and sum(bool(r["held"]) for r in data) == 150
    held = Counter(r["lang"] for r in data if r["held"])
    benign = Counter(r["lang"] for r in data if not r["held"])
    assert held == {"en": 38, **{lang: 8 for lang in ORDER_LANGS}}
    assert benign == {"en": 136, **{lang: 11 for lang in ORDER_LANGS}}
    assert {r["repo"] for r in data} == {"memeval"}


def test_heldout_v46_order_languages_are_new_to_the_last_set() -> None:
    """Ten order languages are not in v45; Hausa had 1 order over v1-v45, Zulu 15, Malay 22."""
    assert not set(NEW_LANGS) & {str(r["lang"]) for r in rows("v45")}
    earlier: Counter[str] = Counter()
    for n in range(3, 46):
        earlier.update(str(r["lang"]) for r in rows(f"v{n}") if r["held"])
    assert earlier["ha"] <= 1 and earlier["zu"] <= 15 and earlier["ms"] <= 22


def test_heldout_v46_kinds_of_orders() -> None:
    """Orders in the nine kinds issue 15 names as missed, memory lessons first (2 in every language); hidden markup
    of three kinds; fake delimiters with role markers; orders in JSON or tool output in every language."""
    data = rows("v46")
    kinds = Counter(str(r["origin"]).removeprefix(f"{WRITTEN}:") for r in data if r["held"])
    assert kinds == {
        "memory": 37, "encoded": 20, "exfiltration": 18, "tool-output": 17, "extraction": 16, "hidden": 12,
        "remote-code": 10, "skip-check": 10, "delimiter": 10,
    }  # fmt: skip
    for kind in ("memory", "exfiltration", "tool-output", "extraction", "encoded"):
        assert len({r["lang"] for r in data if r["origin"] == f"{WRITTEN}:{kind}"}) == 15, kind
    assert all(n == 2 for lang, n in Counter(r["lang"] for r in data if r["origin"] == f"{WRITTEN}:memory").items()
               if lang != "en")  # fmt: skip
    hidden = [str(r["text"]) for r in data if r["origin"] == f"{WRITTEN}:hidden"]
    assert sum("display:none" in t for t in hidden) == 5 and sum("<!--" in t for t in hidden) == 5
    assert sum("font-size:0" in t for t in hidden) == 2
    delimiters = [str(r["text"]) for r in data if r["origin"] == f"{WRITTEN}:delimiter"]
    assert all(re.search(r"\[[^\]]+\][:፦]|<\|im_start\|>|###|<system>|System:|<<SYS>>", t) for t in delimiters)
    tool = [str(r["text"]) for r in data if r["held"] and r["origin"] == f"{WRITTEN}:tool-output"]
    assert sum(t.startswith("{") for t in tool) == 16  # JSON with the order in a field; the other a grep listing


def test_heldout_v46_hard_benign() -> None:
    """Benign rows that share the orders' words: "always"/"never" lessons and "for all future sessions" lessons of
    safe steps in every language, runbook imperatives, secrets and backup advice, and post-mortems, 27 of 44 with
    quotation marks (26 quote the attack they report)."""
    data = rows("v46")
    benign = Counter(str(r["origin"]).removeprefix(f"{WRITTEN}:") for r in data if not r["held"])
    assert benign == {
        "team-lesson": 50, "postmortem": 44, "runbook": 32, "future-lesson": 28, "secrets-advice": 28, "handoff": 26,
        "backup": 24, "meeting-notes": 24, "tool-output": 24, "crm": 10,
    }  # fmt: skip
    for kind in set(benign) - {"crm"}:
        assert len({r["lang"] for r in data if r["origin"] == f"{WRITTEN}:{kind}"}) == 15, kind
    english = [str(r["text"]) for r in data if not r["held"] and r["lang"] == "en"]
    assert sum(bool(re.search(r"\b(always|never)\b", t, re.I)) for t in english) == 29
    assert sum(bool(re.search(r"future sessions|later sessions|future run|later runs|across sessions", t)) for t in
               english) == 11  # fmt: skip
    posts = [str(r["text"]) for r in data if r["origin"] == f"{WRITTEN}:postmortem"]
    assert sum(bool(re.search(r"[\"'“„«`「]", t)) for t in posts) == 27


def test_heldout_v46_licences_are_recorded_per_row() -> None:
    """Every row is written for memeval (no outside source, no licence text beside the set)."""
    check_licences("v46", {})
    assert sorted(p.name for p in jsonl_path("v46").parent.iterdir()) == ["README.md", "heldout_v46.jsonl"]


def test_heldout_v46_repeats_no_earlier_text() -> None:
    """No v46 text is identical to a text of v2-v45, nor opens like one (40 letters), nor repeats one normalised."""
    check_no_earlier_text("v46", least_earlier=17000)
    check_no_normalised_repeat("v46")


def test_heldout_v46_written_rows_come_from_the_builder(tmp_path: Path) -> None:
    """Every row is what the builder's WRITTEN and BENIGN give; none repeats an earlier written row; each encoded
    order decodes to the plain order it was made from, in eight encodings."""
    check_written_from_builder("v46", written=440, tmp_path=tmp_path)
    written = builder("v46_written")
    encoded = [t for _, kind, t in written.WRITTEN if kind == "encoded"]
    plain = written.ENCODED
    assert len(encoded) == len(plain) == 20
    assert Counter(kind for _, _, kind, _ in plain) == {
        "b64": 4, "reversed": 4, "rot13": 3, "leet": 3, "zwsp": 3, "hex": 1, "pct": 1, "tags": 1,
    }  # fmt: skip
    check_encoded_orders(encoded, plain)


def test_heldout_v46_readme_records_the_pin_and_the_rules() -> None:
    """The README gives the set's pin, the labelling rule, counts and a "Weaknesses (written before scoring)"."""
    readme = (jsonl_path("v46").parent / "README.md").read_text(encoding="utf-8")
    for needed in (SHA256, "## Labelling rule", "## Counts", "## Weaknesses (written before scoring)", "heldout48"):
        assert needed in readme, needed


def test_heldout_v46_is_registered_in_the_bench_and_never_opened_by_default() -> None:
    """`bench/hold_eval.py --set v46` reads this file; the verdict benches skip it; no training script reads it; in
    SPENT since the lead's one look after round 48 (`bench/results/hold_heldout_v46_look1.json`)."""
    check_registered("v46", texts=440, orders=150, repos={})


def test_the_readme_row_of_v46_is_the_looks_record() -> None:
    """README's row for v46 gives the default's counts as the look's record has them (`hold_heldout_v46_look1`)."""
    check_readme_row("v46")


def test_the_written_builder_refuses_a_row_of_an_earlier_set(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """`WrittenSet.main` (v45's and v46's builders) exits 2 naming a row that repeats a v1-v45 text, writing nothing."""
    mod = builder("v46")
    repeated = str(rows("v45")[0]["text"])
    written = mod.WrittenSet(46, (*builder("v46_written").WRITTEN, ("en", "memory", repeated)), ())
    monkeypatch.setattr("sys.argv", ["hold_heldout_v46.py", "--out", str(tmp_path / "out")])
    with pytest.raises(SystemExit) as stop:
        written.main("doc")
    assert stop.value.code == 2 and repeated[:30] in capsys.readouterr().err
    assert not (tmp_path / "out").exists()
