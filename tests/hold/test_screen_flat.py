"""The screen's compiled tests read a flattened condition (`_screen._flat`) that answers as the condition does.

`_flat` merges an `or`'s literal sets into one and lifts nested `and`s and `or`s into their parent,
so the compiled test makes fewer set tests; it must answer `holds(f, present)` for every `f` and
every `present`. Checked on random conditions and on every condition of the rule tables' screen.
"""

from __future__ import annotations

import random

import memeval.hold._screen as screen_module
from memeval.hold._screen import Formula, _compile, _flat, holds, literals

WORDS = tuple("abcdefghij")


def _random_formula(rng: random.Random, depth: int) -> Formula:
    if depth == 0 or rng.random() < 0.3:
        return frozenset(rng.sample(WORDS, rng.randint(0, 3)))
    return (rng.choice(("and", "or")), tuple(_random_formula(rng, depth - 1) for _ in range(rng.randint(1, 4))))


def _leaves(f: Formula) -> int:
    if isinstance(f, frozenset):
        return 1
    if isinstance(f, tuple):
        return sum(_leaves(g) for g in f[1])
    return 0


def test_flat_answers_as_the_condition_on_random_conditions() -> None:
    rng = random.Random(17)
    for _ in range(2000):
        f = _random_formula(rng, 4)
        test = _compile(f)
        for _ in range(8):
            present = frozenset(w for w in WORDS if rng.random() < 0.3)
            assert holds(_flat(f), present) == holds(f, present) == test(present), (f, present)


def test_flat_answers_as_each_screened_rule_condition_with_fewer_set_tests() -> None:
    screen_module.rules_skipped("warm up", "warm up")  # builds the screen of every rule table
    screen = screen_module._ALL
    assert screen is not None
    rng = random.Random(7)
    before = after = 0
    for f in screen.needs:
        before, after = before + _leaves(f), after + _leaves(_flat(f))
        lits = sorted(literals(f))
        for _ in range(20):
            present = frozenset(w for w in lits if rng.random() < 0.2)
            assert holds(_flat(f), present) == holds(f, present), f
    assert after < before, "merging an or's literal sets leaves fewer sets to test"
