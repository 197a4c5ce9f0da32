r"""A cheap screen in front of the hold rules: which rules could match a text at all.

Most texts a memory system sends match no rule, yet every rule's pattern is run over every
text (about 1 ms of CPU for a 90-character text with the rules of `rules/5`). The screen is
derived from the rule table when this module is imported, so rules added later are covered
with no hand-written list:

1. each rule's pattern is parsed (Python's own regular-expression parser) into a condition on
   literal strings that every match must contain: a sequence needs all of its parts, an
   alternation one of its branches, a part that can match anything (`\w*`, `.`, a large
   character class, a back-reference, a flag that changes case) needs nothing. Adjacent parts
   with few spellings (`api[ _-]?keys?`) are joined into their spellings, so the condition asks
   for `api key`, not for `api` and `key` apart;
2. the literals of all conditions are looked up in the text by one native multi-literal scan
   (`memeval._literals.LiteralSet`: Hyperscan, about 13 us a 95-character text);
3. a rule whose condition is false cannot match, so `RuleDetector` does not run it.

Parsing every rule's pattern (1) took about 0.65 s of CPU in every process; the conditions are kept
between processes in the derived cache (`memeval._diskcache`, `_screen_kept.kept_needs`), keyed by the patterns,
this module's source and Python's version, so a process reads them in a few milliseconds.

The screen only ever skips a rule that could not have matched, so the rule detector's matches,
and hence its verdicts, scores and reasons, are the same with or without it
(`tests/hold/test_screen.py` checks that on every hold fixture, the sample's texts and random
texts). A pattern this parser cannot read is never skipped.
"""

from __future__ import annotations

import functools
import importlib
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from itertools import chain, compress
from operator import not_
from typing import Any, Protocol

from memeval._literals import LiteralSet
from memeval.hold._screen_compile import compile_test as _compile
from memeval.hold._screen_compile import flat as _flat

_parser: Any = importlib.import_module("re._parser")
_c: Any = importlib.import_module("re._constants")

Formula = frozenset[str] | tuple[str, tuple["Formula", ...]] | bool
"""A condition on the literals present in a text: a frozenset (any one of these literals), `("and", parts)`,
`("or", parts)`, or True (nothing is needed: the pattern may match any text)."""

MAX_SPELLINGS = 64
"""Adjacent parts are joined into their spellings while there are at most this many."""
MAX_LITERALS = 16
"""A condition naming more literals than this names their first `PREFIX` characters instead."""
PREFIX = 8
MAX_CLASS = 12
"""A character class of at most this many characters counts as that many one-character spellings."""
MAX_REPEAT = 3
"""A repeat of at most this many copies of a part with spellings counts as its spellings."""


@dataclass(frozen=True)
class _Part:
    """What a piece of a pattern needs: its spellings (None: too many or unknown) and its condition."""

    spellings: frozenset[str] | None
    need: Formula


_IGNORECASE = int(re.IGNORECASE)
_ANYTHING = _Part(None, True)
_EMPTY = _Part(frozenset({""}), True)


def _any_of(lits: frozenset[str]) -> Formula:
    """The condition "one of `lits` is present"; True when the empty string is one of them."""
    if "" in lits:
        return True
    if len(lits) > MAX_LITERALS:  # a prefix is in every text its literal is in: fewer, weaker literals
        lits = frozenset(x[:PREFIX] for x in lits)
    # a literal that contains a shorter one of the set adds nothing: the shorter one is present too
    return frozenset(x for x in lits if not any(y != x and y in x for y in lits))


def _need_of(part: _Part) -> Formula:
    return _any_of(part.spellings) if part.spellings is not None else part.need


def _all_of(parts: list[Formula]) -> Formula:
    kept = [f for f in parts if f is not True]
    if not kept:
        return True
    return kept[0] if len(kept) == 1 else ("and", tuple(kept))


def _one_of(parts: list[Formula]) -> Formula:
    if any(f is True for f in parts):
        return True
    if all(isinstance(f, frozenset) for f in parts):
        return _any_of(frozenset().union(*parts))  # type: ignore[arg-type]  # all frozensets, checked above
    return ("or", tuple(parts))


def _char_class(items: Sequence[tuple[Any, Any]]) -> _Part:
    chars: set[str] = set()
    for op, av in items:
        if op is _c.LITERAL:
            chars.add(chr(av))
        elif op is _c.RANGE and av[1] - av[0] < MAX_CLASS:
            chars.update(chr(x) for x in range(av[0], av[1] + 1))
        else:  # NEGATE, CATEGORY (\w, \s...), a large range
            return _ANYTHING
        if len(chars) > MAX_CLASS:
            return _ANYTHING
    return _Part(frozenset(chars), True)


def _sequence(items: Iterable[tuple[Any, Any]], flags: int) -> _Part:
    """A sequence of nodes: every part is needed; adjacent parts with spellings are joined."""
    needs: list[Formula] = []
    current: frozenset[str] = frozenset({""})
    joined_all = True
    for op, av in items:
        part = _node(op, av, flags)
        if part.spellings is not None and len(current) * len(part.spellings) <= MAX_SPELLINGS:
            current = frozenset(a + b for a in current for b in part.spellings)
            continue
        joined_all = False
        needs.append(_any_of(current))
        needs.append(_need_of(part))
        current = frozenset({""})
    if joined_all:
        return _Part(current, True)
    needs.append(_any_of(current))
    return _Part(None, _all_of(needs))


def _node(op: Any, av: Any, flags: int) -> _Part:
    """What one parsed node needs (see the module docstring); `flags` a plain int."""
    if op is _c.LITERAL:
        return _ANYTHING if flags & _IGNORECASE else _Part(frozenset({chr(av)}), True)
    if op is _c.IN:
        return _ANYTHING if flags & _IGNORECASE else _char_class(av)
    if op is _c.AT:
        return _EMPTY  # ^, $, \b: zero width
    if op in (_c.ASSERT, _c.ASSERT_NOT):
        return _EMPTY  # a look-around adds no character to the match
    if op is _c.SUBPATTERN:
        _group, add, remove, sub = av
        return _sequence(sub, (flags | int(add)) & ~int(remove))
    if op is _c.ATOMIC_GROUP:
        return _sequence(av, flags)
    if op is _c.BRANCH:
        alts = [_sequence(alt, flags) for alt in av[1]]
        if all(a.spellings is not None for a in alts):
            union = frozenset().union(*(a.spellings for a in alts if a.spellings is not None))
            if len(union) <= MAX_SPELLINGS:
                return _Part(union, True)
        return _Part(None, _one_of([_need_of(a) for a in alts]))
    if op in (_c.MAX_REPEAT, _c.MIN_REPEAT, _c.POSSESSIVE_REPEAT):
        low, high, sub = av
        body = _sequence(sub, flags)
        if body.spellings is not None and high <= MAX_REPEAT:
            spellings = {""} if low == 0 else set()
            layer: set[str] = {""}
            for k in range(1, high + 1):
                layer = {a + b for a in layer for b in body.spellings}
                if len(layer) > MAX_SPELLINGS:
                    break
                if k >= low:
                    spellings |= layer
            else:
                if len(spellings) <= MAX_SPELLINGS:
                    return _Part(frozenset(spellings), True)
        return _Part(None, _need_of(body)) if low >= 1 else _ANYTHING
    return _ANYTHING  # ANY, NOT_LITERAL, GROUPREF, GROUPREF_EXISTS, CATEGORY...


def pattern_need(pattern: re.Pattern[str]) -> Formula:
    """The condition on literals every match of `pattern` meets (True: none known).

    Raises nothing: a pattern the parser cannot read needs nothing (it is never skipped).
    """
    try:
        parsed = _parser.parse(pattern.pattern, pattern.flags)
    except (re.error, TypeError, ValueError, RecursionError):
        return True
    return _need_of(_sequence(list(parsed), int(parsed.state.flags)))


def literals(f: Formula) -> frozenset[str]:
    """Every literal a condition names."""
    if isinstance(f, frozenset):
        return f
    if isinstance(f, tuple):
        return frozenset().union(*(literals(x) for x in f[1]))
    return frozenset()


def _key(f: Formula) -> frozenset[str] | None:
    """One set of literals of which any text meeting `f` has one: the rarest-looking part of an `and`."""
    if isinstance(f, frozenset):
        return f
    if isinstance(f, tuple):
        keys = [_key(x) for x in f[1]]
        if f[0] == "and":
            known = [k for k in keys if k is not None]
            return max(known, key=lambda k: (min(map(len, k), default=0), -len(k))) if known else None
        if any(k is None for k in keys):
            return None
        return frozenset().union(*keys)  # type: ignore[arg-type]  # no None, checked above
    return None


def holds(f: Formula, present: frozenset[str] | set[str]) -> bool:
    """Whether the condition `f` is met by the literals `present` in a text."""
    if isinstance(f, frozenset):
        return not f.isdisjoint(present)
    if isinstance(f, tuple):
        if f[0] == "and":
            return all(holds(x, present) for x in f[1])
        return any(holds(x, present) for x in f[1])
    return True


class _RuleLike(Protocol):
    pattern: re.Pattern[str]
    markup: bool


class RuleScreen:
    """The screen for a sequence of hold rules (`_rules.Rule`: a `pattern`, run over the masked text when `markup`).

    Args:
        rules: the rules, in the order the detector runs them.
    """

    def __init__(self, rules: Sequence[_RuleLike]) -> None:
        self.rules = tuple(rules)
        from memeval.hold._screen_kept import kept_needs

        self.needs: tuple[Formula, ...]
        self.needs, self.needs_from = kept_needs(self.rules)  # "cache" or "parsed"
        keys = [_key(f) for f in self.needs]
        self._always = tuple(i for i, k in enumerate(keys) if k is None)
        self._markup = frozenset(i for i, r in enumerate(self.rules) if r.markup)
        self._clause_rule, self._clause_tests, self._clauses_of_by_markup = self._clauses(keys)
        by = self._clauses_of_by_markup
        # both kinds of rules' clauses per literal, for a text whose masked reading has the same literals
        self._clauses_of_either = {w: by[False].get(w, ()) + by[True].get(w, ()) for w in {*by[False], *by[True]}}
        # the literals with clauses filed under them: a text's other literals (most of them) are not looked up
        self._filed_words = {
            False: frozenset(by[False]),
            True: frozenset(by[True]),
            None: frozenset(self._clauses_of_either),
        }
        vocabulary: set[str] = set().union(*(literals(f) for f in self.needs))
        self._literals = LiteralSet(vocabulary)  # one native scan a text (`memeval._literals`)
        self._memo: dict[tuple[frozenset[str], frozenset[str]], tuple[bool, ...]] = {}

    @functools.cached_property
    def _tests(self) -> tuple[Callable[[frozenset[str] | set[str]], bool], ...]:
        """Each rule's whole condition compiled (`_compile`): read only by the tests that compare it with `holds`.

        Made on first use: building all 162 in every process that holds cost about 0.05 s of CPU (issue 17).
        """
        return tuple(_compile(f) for f in self.needs)

    def _clauses(
        self, keys: Sequence[frozenset[str] | None]
    ) -> tuple[
        tuple[int, ...], tuple[Callable[[frozenset[str] | set[str]], bool], ...], dict[bool, dict[str, tuple[int, ...]]]
    ]:
        """Each rule's condition cut at its top `or` into clauses, each filed under its own key (`possible_set`).

        Returns the rule of each clause, its compiled test (`_compile`), and per `markup` the clauses filed under
        each literal. A rule whose condition's key is None (`_always`) has no clause: it is always possible.
        """
        rule_of: list[int] = []
        tests: list[Callable[[frozenset[str] | set[str]], bool]] = []
        filed: dict[bool, dict[str, list[int]]] = {False: {}, True: {}}
        for i, (need, key) in enumerate(zip(self.needs, keys, strict=True)):
            if key is None:
                continue  # in `_always`
            flat = _flat(need)
            for part in flat[1] if isinstance(flat, tuple) and flat[0] == "or" else (flat,):
                part_key = _key(part)
                if part_key is None:  # cannot be: the `or`'s key would be None (kept for safety: test it always)
                    part_key = key
                clause = len(rule_of)
                rule_of.append(i)
                tests.append(_compile(part))
                for w in part_key:
                    filed[i in self._markup].setdefault(w, []).append(clause)
        return (
            tuple(rule_of),
            tuple(tests),
            {markup: {w: tuple(v) for w, v in by.items()} for markup, by in filed.items()},
        )

    def possible_set(self, found: frozenset[str], found_masked: frozenset[str]) -> frozenset[int]:
        """Indexes of the rules that may match, from the literals present (`present_pair`); not remembered.

        The same rules as `possible_given`'s True verdicts, in fewer set tests: a rule's condition is an
        `or` of clauses (after `_flat`), it holds when one clause does, and a clause can hold only when a
        literal of its own key (`_key`) is present. So only the clauses filed under a literal present are
        tested, and a rule's other clauses are not tested once one holds. The screen's largest conditions
        (`standing-risky-order`: an `or` of 48-64 clauses) used to test every clause whenever any literal
        of the union of their keys was present. Only the literals present that have clauses filed under them
        are looked up (about 10 of a hold text's 53), and when `found_masked` is `found` (`present_pair`'s
        answer for a text with no inline code: most texts) both kinds of rules' clauses are gathered in one
        walk (together a third of the instructions a call, the same rules).
        """
        possible = set(self._always)
        rule_of, tests = self._clause_rule, self._clause_tests
        by, words = self._clauses_of_by_markup, self._filed_words
        # one walk when both readings have the same literals (`present_pair` gives one set: most texts)
        walks = (
            ((found, self._clauses_of_either, words[None]),)
            if found_masked is found
            else ((found, by[False], words[False]), (found_masked, by[True], words[True]))
        )
        for seen, filed, filed_words in walks:
            for clause in set(chain.from_iterable(map(filed.__getitem__, filed_words.intersection(seen)))):
                rule = rule_of[clause]
                if rule not in possible and tests[clause](seen):
                    possible.add(rule)
        return frozenset(possible)

    def present(self, text: str) -> set[str]:
        """The literals of the screen's conditions that occur in `text` (`memeval._literals.LiteralSet.present`)."""
        return self._literals.present(text)

    def present_pair(self, text: str, masked: str | None = None) -> tuple[frozenset[str], frozenset[str]]:
        """`present` of `text` and of `masked` (the same set when `masked` is None or equals `text`).

        What `possible` decides on: the verdict of every rule depends on these two sets alone.
        """
        found = frozenset(self.present(text))
        return found, found if masked is None or masked == text else frozenset(self.present(masked))

    def possible(self, text: str, masked: str | None = None) -> list[bool]:
        """Per rule: False when its pattern cannot match anywhere in its text, True when it may.

        Args:
            text: the normalised text the rules run over.
            masked: the same with inline code blanked, which `markup` rules run over (None: `text`).
        """
        return list(self.possible_given(*self.present_pair(text, masked)))

    def possible_given(self, found: frozenset[str], found_masked: frozenset[str]) -> tuple[bool, ...]:
        """`possible` from the literals present (`present_pair`), remembered per pair of sets.

        The verdicts are a function of the two sets, and texts share few of them (932 texts of
        the ingest bench give 71 pairs), so each pair's conditions are evaluated once per process
        (the memo is emptied at `MEMO_SIZE` pairs).
        """
        key = (found, found_masked)
        hit = self._memo.get(key)
        if hit is not None:
            return hit
        possible = self.possible_set(found, found_masked)
        if len(self._memo) >= MEMO_SIZE:
            self._memo.clear()
        hit = self._memo[key] = tuple(i in possible for i in range(len(self.rules)))
        return hit


MEMO_SIZE = 4096
"""Pairs of literal sets whose verdicts a screen remembers (`RuleScreen.possible_given`)."""


_SCREENS: dict[tuple[int, ...], RuleScreen] = {}


def screen_for(rules: Sequence[_RuleLike]) -> RuleScreen:
    """The screen of `rules`, built on first use and kept for the process (keyed by the rules' identity).

    The screen keeps the rules alive, so an id in the key is never reused by another rule.
    """
    key = tuple(map(id, rules))
    screen = _SCREENS.get(key)
    if screen is None:
        screen = _SCREENS[key] = RuleScreen(rules)
    return screen


def rules_skipped(text: str, masked: str) -> frozenset[int]:
    """`id` of each rule of every rule table (`_rules`' `RULES`..., `_rules_v19`'s to 25's) that cannot match.

    The tables are found by name when first asked, so a table added later is screened too (rules/19's and 20's
    tables live in their own modules, outside `_rules`); a rule in no table is never in the set (it is always
    run). The set is remembered per pair of literal sets (`RuleScreen.present_pair`), as the verdicts are
    (`RuleScreen.possible_given`).

    Args:
        text: the normalised text the rules run over.
        masked: the same with inline code blanked, which `markup` rules run over.
    """
    global _ALL
    if _ALL is None:
        from memeval.hold import (
            _rules,
            _rules_v19,
            _rules_v20,
            _rules_v21,
            _rules_v22,
            _rules_v23,
            _rules_v24,
            _rules_v25,
        )

        tables = [getattr(_rules, n) for n in sorted(dir(_rules)) if re.fullmatch(r"RULES(?:_V\d+)?", n)]
        tables += [
            _rules_v19.RULES_V19,
            _rules_v20.RULES_V20,
            _rules_v21.RULES_V21,
            _rules_v22.RULES_V22,
            _rules_v23.RULES_V23,
            _rules_v24.RULES_V24,
            _rules_v25.RULES_V25,
        ]
        screen = screen_for(tuple(r for table in tables for r in table))
        _ALL_IDS[:] = map(id, screen.rules)  # before `_ALL`: another thread may read both once `_ALL` is set
        _ALL = screen
    key = _ALL.present_pair(text, masked)
    hit = _SKIPPED.get(key)
    if hit is None:
        possible = _ALL.possible_set(*key)
        # texts with different literals mostly keep the same few rules (24 sets of kept rules on 2,106 bench
        # texts, 2,000 sets of literals): one frozenset object per set of kept rules, so `RuleDetector._runnable`
        # finds it by its cached hash and identity
        hit = _BY_POSSIBLE.get(possible)
        if hit is None:
            # the ids of the rules not possible, picked in C (`compress` by the negated membership tests)
            hit = frozenset(compress(_ALL_IDS, map(not_, map(possible.__contains__, range(len(_ALL_IDS))))))
            if len(_BY_POSSIBLE) >= MEMO_SIZE:
                _BY_POSSIBLE.clear()
            _BY_POSSIBLE[possible] = hit
        if len(_SKIPPED) >= MEMO_SIZE:
            _SKIPPED.clear()
        _SKIPPED[key] = hit
    return hit


_ALL: RuleScreen | None = None
_ALL_IDS: list[int] = []
"""`id` of each rule of `_ALL`, in its order (set with `_ALL`)."""
_SKIPPED: dict[tuple[frozenset[str], frozenset[str]], frozenset[int]] = {}
"""`rules_skipped`'s answer per pair of literal sets of `_ALL`."""
_BY_POSSIBLE: dict[frozenset[int], frozenset[int]] = {}
"""`rules_skipped`'s answer per set of possible rules (indexes into `_ALL.rules`)."""
