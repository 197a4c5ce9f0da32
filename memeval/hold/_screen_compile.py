"""The hold screen's conditions flattened (`flat`) and made into functions of the literals present (`compile_test`).

Kept apart from `_screen` for its length. `compile_test` turns each clause of a rule's condition
into a function of the literals present in a text. Compiling generated code costs about 90 us a
clause (0.075 s of CPU for the screen's 846 clauses in every process that holds: `audit ingest`,
`audit serve`, its hold guard and each worker; issue 17), and 575 of the clauses are one set or an
`and` of two to four sets: for those the same expression is a closure over the sets (`sets_met`),
the same set tests in the same order.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from memeval.hold._screen import Formula

Test = Callable[[frozenset[str] | set[str]], bool]
"""A clause's test: whether the clause holds given the literals present."""


def _one(a: frozenset[str]) -> Test:
    return lambda present: not a.isdisjoint(present)


def _two(a: frozenset[str], b: frozenset[str]) -> Test:
    return lambda present: not a.isdisjoint(present) and not b.isdisjoint(present)


def _three(a: frozenset[str], b: frozenset[str], c: frozenset[str]) -> Test:
    return lambda present: not a.isdisjoint(present) and not b.isdisjoint(present) and not c.isdisjoint(present)


def _four(a: frozenset[str], b: frozenset[str], c: frozenset[str], d: frozenset[str]) -> Test:
    return lambda present: (
        not a.isdisjoint(present)
        and not b.isdisjoint(present)
        and not c.isdisjoint(present)
        and not d.isdisjoint(present)
    )


_SETS_MET: tuple[Callable[..., Test], ...] = (_one, _two, _three, _four)
"""Closures testing that each of 1-4 literal sets meets `present`, in order, stopping at the first that does not."""
MOST_SETS = len(_SETS_MET)
"""The most sets a closure here tests (`sets_met`); `compile_test` compiles code for a longer `and`."""


def sets_met(sets: tuple[frozenset[str], ...]) -> Test:
    """`compile_test`'s test of an `and` of 1-4 literal `sets` (one set: that set) as a closure, no code compiled.

    The expression `compile_test` would generate for them: the same set tests in the same order (module docstring).

    Raises:
        IndexError: no set, or more than `MOST_SETS`.
    """
    return _SETS_MET[len(sets) - 1](*sets)


def compile_test(f: Formula) -> Test:
    """`holds(f, present)` as a function of `present`: one Python expression, the tree walked once here.

    The condition becomes `(not L0.isdisjoint(present)) and (... or ...)`, with each literal set
    `Lk` bound as a constant: `and`/`or` short-circuit as `all`/`any` do, so the answer is
    `holds(f, present)`'s for every `present` (`tests/hold/test_screen_memo.py` compares them),
    for about a third of the CPU of nested closures and generators. A condition that flattens to
    one set or an `and` of up to `MOST_SETS` sets gets the same expression as a closure (`sets_met`).
    """
    flat_f = flat(f)
    if isinstance(flat_f, frozenset):  # most clauses are one set or an `and` of a few: a closure, no code compiled
        return sets_met((flat_f,))
    if isinstance(flat_f, tuple) and flat_f[0] == "and" and all(isinstance(g, frozenset) for g in flat_f[1]):
        sets: tuple[frozenset[str], ...] = flat_f[1]  # type: ignore[assignment]  # every part a set, checked above
        if 0 < len(sets) <= MOST_SETS:
            return sets_met(sets)
    consts: list[frozenset[str]] = []

    def expr(g: Formula) -> str:
        if isinstance(g, frozenset):
            consts.append(g)
            return f"(not _L{len(consts) - 1}.isdisjoint(present))"
        if isinstance(g, tuple):
            return "(" + f" {g[0]} ".join(expr(x) for x in g[1]) + ")"
        return "True"

    body = expr(flat_f)
    scope: dict[str, Any] = {f"_L{k}": c for k, c in enumerate(consts)}
    exec(f"def test(present):\n    return {body}\n", scope)  # noqa: S102  # code made here from literal sets only
    return scope["test"]  # type: ignore[no-any-return]  # the function just defined


def flat(f: Formula) -> Formula:
    """`f` with the same answer for every set of literals present, in fewer set tests (for `compile_test`).

    An `and` inside an `and` (an `or` inside an `or`) gives its parts to its parent; an `or`'s
    literal sets become one set, their union: one of `A` or one of `B` is present exactly when one
    of `A | B` is. The screen's conditions (5,602 literal sets in all) then test 2,032 sets.
    """
    if not isinstance(f, tuple):
        return f
    op, parts = f
    out: list[Formula] = []
    for g in map(flat, parts):
        if isinstance(g, tuple) and g[0] == op:
            out.extend(g[1])
        else:
            out.append(g)
    if op == "or":
        sets = [g for g in out if isinstance(g, frozenset)]
        if len(sets) > 1:
            out = [frozenset().union(*sets), *(g for g in out if not isinstance(g, frozenset))]
    if op == "and":  # one set's test first: the cheapest to fail (a pure test, so the order changes no answer)
        out.sort(key=lambda g: not isinstance(g, frozenset))
    return out[0] if len(out) == 1 else (op, tuple(out))
