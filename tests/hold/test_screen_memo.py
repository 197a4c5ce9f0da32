"""The rule screen's memo (`RuleScreen.possible_given`, `rules_skipped`) answers what evaluating the conditions answers.

One screen reads every hold fixture and sample text in turn (its memo filling up and hit many
times); each answer is compared with that of a screen whose memo is emptied before every text,
so each of its answers is computed from the conditions.
"""

from __future__ import annotations

import functools
import sys
from pathlib import Path

import pytest

import memeval.hold._detector as detector_module
import memeval.hold._screen as screen_module
from memeval.hold._normalize import normalize
from memeval.hold._screen import RuleScreen, literals, rules_skipped

sys.path.insert(0, str(Path(__file__).resolve().parent))

from test_hold_fast_paths import ALL_RULES, _fixtures, _sample  # noqa: E402


@functools.cache  # five checks here and test_screen_literals' read them: made once a process
def _readings() -> tuple[tuple[str, str], ...]:
    """(normalised text, the same with inline code masked) of each of `_fixtures() + _sample()`, in order."""
    out = []
    for text, _ in _fixtures() + _sample():
        t = normalize(text).text
        out.append((t, detector_module.INLINE_CODE.sub(lambda m: " " * len(m.group()), t)))
    return tuple(out)


def test_remembered_verdicts_are_the_computed_ones() -> None:
    shared, fresh = RuleScreen(ALL_RULES), RuleScreen(ALL_RULES)
    readings = _readings()
    computed = []  # each reading's verdicts from a memo emptied first: the same in both passes (speed46b)
    for t, masked in readings:
        fresh._memo.clear()
        computed.append(fresh.possible(t, masked))
    for (t, masked), want in zip(readings + readings, computed + computed, strict=True):
        assert shared.possible(t, masked) == want, t[:80]  # the second pass answers from the memo
    assert len(shared._memo) < len(readings), "texts share pairs of literal sets, or the memo buys nothing"


def test_rules_skipped_from_the_memo_is_the_computed_set() -> None:
    readings = _readings()
    first = [rules_skipped(t, m) for t, m in readings]
    assert screen_module._SKIPPED, "rules_skipped remembers its answers"
    screen = screen_module._ALL
    assert screen is not None
    for (t, masked), skipped in zip(readings, first, strict=True):
        screen._memo.clear()
        screen_module._SKIPPED.clear()
        computed = {id(r) for r, maybe in zip(screen.rules, screen.possible(t, masked), strict=True) if not maybe}
        assert skipped == computed == rules_skipped(t, masked), t[:80]


@pytest.mark.slow  # 18 s in the full suite
def test_compiled_conditions_answer_what_holds_answers() -> None:
    """Each rule's compiled test (`_screen._compile`, generated code) equals `holds` on its condition, text by text."""
    screen = RuleScreen(ALL_RULES)
    readings = _readings()
    # Both answers are functions of the set of literals a text has (`present_pair`), and texts share few
    # sets: each set is compared once, named by its first text.
    sets: dict[frozenset[str], str] = {}
    plain: set[frozenset[str]] = set()  # `present` of each reading's text: what the last assertion reads
    for t, masked in readings:
        pair = screen.present_pair(t, masked)
        plain.add(pair[0])
        for seen in pair:
            sets.setdefault(seen, t)
    # `holds(need, seen)` reads only the literals `need` names (`literals(need)`), so its answer is worked out
    # once per rule and part of a set that rule can see (40,000 calls instead of 830,000); every compiled
    # test still gets each whole set.
    names = [literals(need) for need in screen.needs]
    want: dict[tuple[int, frozenset[str]], bool] = {}
    answers: set[bool] = set()
    compared = 0
    for seen, t in sets.items():
        read = seen in plain
        for i, (need, test) in enumerate(zip(screen.needs, screen._tests, strict=True)):
            key = (i, seen & names[i])
            if key not in want:
                want[key] = screen_module.holds(need, seen)
            got = test(seen)
            assert got == want[key], (t[:80], need)
            compared += 1
            if read:
                answers.add(got)
    # both answers occur on the texts' sets, or the comparison proves little
    assert answers == {True, False} and compared > 1000, (answers, compared)


def test_clauses_tested_answer_what_the_conditions_answer() -> None:
    """`possible_set` (each rule's or-clauses filed under their own keys) keeps the rules whose whole condition holds.

    Read on every fixture and sample text, and on each text with inline code blanked (the markup rules' reading);
    each rule's whole condition is its compiled test (`_tests`, checked against `holds` by the test above).
    """
    screen = RuleScreen(ALL_RULES)
    kept_any = 0
    for found, found_masked in {screen.present_pair(t, masked) for t, masked in _readings()}:
        expected = {i for i, test in enumerate(screen._tests) if test(found_masked if i in screen._markup else found)}
        assert screen.possible_set(found, found_masked) == expected, sorted(found)[:20]
        kept_any += bool(expected)
    assert kept_any > 100, "the texts keep some rules, or the comparison proves little"


def test_texts_that_keep_the_same_rules_share_one_skipped_set(monkeypatch: pytest.MonkeyPatch) -> None:
    """`rules_skipped` answers one frozenset object per set of kept rules, so the detector's memo of kept rules
    finds it by identity (on main every new set of literals made a new set of some 140 ids to hash and compare)."""
    readings = _readings()
    # The memo starts over when full (`MEMO_SIZE` sets), and then makes a new object for a set it had: empty it
    # first, so what an earlier test of this worker read cannot fill it during this one (seen in the suite).
    screen_module._SKIPPED.clear()
    screen_module._BY_POSSIBLE.clear()
    # and room for every set: the fixtures' 12,597 readings keep 4,430 sets of rules under rules/24, past `MEMO_SIZE`
    monkeypatch.setattr(screen_module, "MEMO_SIZE", 1 << 20)
    by_value: dict[frozenset[int], set[int]] = {}
    for t, masked in readings:
        skipped = rules_skipped(t, masked)
        by_value.setdefault(skipped, set()).add(id(skipped))
    assert len(by_value) < len(readings) / 2, "texts share sets of kept rules"
    assert all(len(objects) == 1 for objects in by_value.values())
