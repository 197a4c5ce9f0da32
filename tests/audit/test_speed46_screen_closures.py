"""The hold screen makes a clause of one literal set, or an `and` of up to four, without compiling code (issue 17).

Every process that holds (`audit ingest`, `audit serve`, its hold guard, each ingest worker) builds
the screen before its first text; compiling a function per clause was about 90 us each, and most
clauses are that simple. Checked: the screen's simple clauses are closures (on main every clause was
compiled code, named `<string>`), and every test answers as `holds` on its condition.
"""

from __future__ import annotations

import random

import memeval.hold._screen as screen_module
from memeval.hold._screen import Formula, _compile, _flat, holds, literals

WORDS = tuple("abcdefgh")


def _simple(f: Formula) -> bool:
    """One set, or an `and` of one to four sets, once flattened."""
    g = _flat(f)
    if isinstance(g, frozenset):
        return True
    return isinstance(g, tuple) and g[0] == "and" and 0 < len(g[1]) <= 4 and all(isinstance(x, frozenset) for x in g[1])


def _compiled(test: object) -> bool:
    return test.__code__.co_filename == "<string>"


def test_simple_clauses_are_closures_and_answer_as_their_condition() -> None:
    screen_module.rules_skipped("warm up", "warm up")  # builds the screen of every rule table
    screen = screen_module._ALL
    assert screen is not None
    rng = random.Random(46)
    clauses = {i: f for i, f in enumerate(screen.needs) if f is not True}
    simple = [f for f in clauses.values() if _simple(f)]
    assert simple, "the screen has simple conditions"
    for f in simple:
        test = _compile(f)
        assert not _compiled(test), f
        lits = sorted(literals(f))
        for _ in range(6):
            present = frozenset(w for w in lits if rng.random() < 0.5)
            assert test(present) is holds(f, present), f
    # the clause tests the screen made: a simple clause's is a closure, any other's compiled code
    made = screen._clause_tests
    assert sum(not _compiled(t) for t in made) > len(made) // 2


def test_random_conditions_answer_alike_either_way() -> None:
    rng = random.Random(4646)
    shapes = 0
    for _ in range(600):
        n = rng.randint(1, 6)
        parts = tuple(frozenset(rng.sample(WORDS, rng.randint(1, 3))) for _ in range(n))
        f: Formula = parts[0] if n == 1 and rng.random() < 0.5 else ("and", parts)
        test = _compile(f)
        shapes += not _compiled(test)
        assert _compiled(test) is not _simple(f), f
        for _ in range(8):
            present = frozenset(w for w in WORDS if rng.random() < 0.4)
            assert test(present) is holds(f, present), (f, present)
    assert shapes > 100
