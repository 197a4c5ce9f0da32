r"""Which bundled rules `_batch.crossing` runs over a joined batch, kept between processes; compiled on first use.

`_batch.crossing` runs the bundled kingfisher rules that can hold the separator's line breaks in a
row (256 of 488) and those anchored at a text's edge (`_linebreaks.edge_free`), each behind the
strings one of which its every match holds (`_prefilter.needs`). Working that out parses every rule's
pattern twice with Python's own parser, and compiling the chosen patterns in `regex` took as long
again: about 0.3 s of CPU in every process that redacts (2026-12, a loaded 2-core machine), before its
first text, though a batch of ordinary texts runs about 6 of the rules (the others need a string it
does not hold) and a process that redacts one text at a time runs none.

`crossing_plan()` is that reading: the rule ids, their strings, and whether every chosen pattern
compiles. It is a pure function of the catalogue (`_solo.rule_details`), of this reading's code and of
Python's and `regex`'s versions, so it is kept in the derived cache (`memeval._diskcache`, keyed by
all of them) and read back in a few milliseconds. The patterns themselves compile on their first
search (`LazyRegex`): the same `regex` objects, made later. `tests/redact/test_crossing_plan.py`
compares a kept plan with one worked out afresh.
"""

from __future__ import annotations

import functools
import json
import logging
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple

import regex

from memeval import _diskcache
from memeval.redact import _linebreaks, _prefilter, _solo
from memeval.redact._linebreaks import CAP, edge_free, max_line_breaks
from memeval.redact._prefilter import Need, needs
from memeval.redact._scanners import BATCH_SEPARATOR
from memeval.redact._solo import python_form, rule_details, rule_pattern

log = logging.getLogger(__name__)

KIND = "redact-crossing"
"""The derived cache's name for the kept plan (`memeval._diskcache`)."""

_EDGE = regex.compile(r"(?<!\\)\$|\\[zZA]|(?<![\[\\])\^")
"""A pattern that may anchor at a text's edge (errs upwards: a `$` in a class counts too)."""


class CrossingPlan(NamedTuple):
    """What `_batch.crossing` runs: rule ids in the catalogue's order with their `_prefilter.needs`.

    Attributes:
        rules: (rule id, needs) of each rule whose match can hold the separator's line breaks in a row.
        edges: (rule id, needs of its edges-per-line form) of each rule anchored at a text's edge where
            the separator reads otherwise (`_linebreaks.edge_free`).
        rules_compile: every pattern of `rules` compiles in `regex` (else no batch is checked).
        edges_compile: every pattern of `edges`, in both forms, compiles (else no batch is checked).
        bad: the ids of the rules that do not compile (empty when both flags are True).
    """

    rules: tuple[tuple[str, Need], ...]
    edges: tuple[tuple[str, Need], ...]
    rules_compile: bool
    edges_compile: bool
    bad: tuple[str, ...]


@functools.cache
def edge_pattern(rule_id: str) -> regex.Pattern[str] | None:
    r"""Rule `rule_id`'s pattern, `\z` and `\Z` read as `$` and `\A` as `^`, `regex.MULTILINE`; None: no compile."""
    try:
        return regex.compile(python_form(rule_details()[rule_id].pattern, edges_per_line=True), regex.MULTILINE)
    except regex.error:
        return None


def worked_out() -> CrossingPlan:
    """The plan read from the catalogue now: every rule's pattern parsed, the chosen ones compiled (about 0.3 CPU s)."""
    least = min(CAP, len(BATCH_SEPARATOR))  # line breaks a match must hold in a row to span two texts
    details = rule_details()
    crossable = [i for i, d in details.items() if max_line_breaks(d.pattern) >= least]
    bad = [i for i in crossable if rule_pattern(i) is None]
    rules = tuple((i, needs(python_form(details[i].pattern))) for i in crossable)
    edges: list[tuple[str, Need]] = []
    edge_bad: list[str] = []
    for rule_id, d in details.items():
        if not _EDGE.search(d.pattern) or edge_free(d.pattern.replace(r"\z", r"\Z")):
            continue  # no anchor, or each one beside a class the separator's line break satisfies
        if edge_pattern(rule_id) is None or rule_pattern(rule_id) is None:
            edge_bad.append(rule_id)
            break  # as before the plan was kept: the first rule that does not compile stops the edge pass
        edges.append((rule_id, needs(python_form(d.pattern, edges_per_line=True))))
    return CrossingPlan(rules, tuple(edges), not bad, not edge_bad, tuple(bad + edge_bad))


def _key() -> str | None:
    """The derived cache's key of the plan: the catalogue's key, this reading's code, Python's and `regex`'s."""
    catalogue = _solo.rules_key()
    if catalogue is None:
        return None
    parts: list[str | bytes] = [KIND, "v1", catalogue, sys.version, str(regex.__version__)]
    for module in (sys.modules[__name__], _linebreaks, _prefilter, _solo):
        try:
            parts.append(Path(str(module.__file__)).read_bytes())
        except OSError as exc:  # only bytecode installed: nothing to key the plan by
            log.info("redaction: %s's source is not readable (%s); the crossing plan is not kept", module.__name__, exc)
            return None
    return _diskcache.key_of(*parts)


def _need_data(need: Need) -> list[str] | None:
    return None if need is None else sorted(need)


def _need_of(data: Any) -> Need:
    if data is None:
        return None
    if not isinstance(data, list) or not all(isinstance(s, str) for s in data):
        raise TypeError("a need is not a list of strings")
    return frozenset(data)


def encoded(plan: CrossingPlan) -> bytes:
    """The plan as JSON bytes (what `decoded` reads)."""
    return json.dumps(
        {
            "rules": [[i, _need_data(n)] for i, n in plan.rules],
            "edges": [[i, _need_data(n)] for i, n in plan.edges],
            "rules_compile": plan.rules_compile,
            "edges_compile": plan.edges_compile,
            "bad": list(plan.bad),
        }
    ).encode("utf-8")


def decoded(raw: bytes, known: Callable[[str], bool]) -> CrossingPlan:
    """`encoded`'s inverse.

    Args:
        raw: the JSON bytes.
        known: whether a rule id is in the catalogue.

    Raises:
        ValueError: not JSON, or a rule id the catalogue lacks.
        TypeError, KeyError: not the shape `encoded` writes.
    """
    data = json.loads(raw.decode("utf-8"))
    rules = tuple((str(i), _need_of(n)) for i, n in data["rules"])
    edges = tuple((str(i), _need_of(n)) for i, n in data["edges"])
    flags = (data["rules_compile"], data["edges_compile"])
    if not all(isinstance(f, bool) for f in flags):
        raise TypeError("a compile flag is not a bool")
    unknown = [i for i, _ in (*rules, *edges) if not known(i)]
    if unknown:
        raise ValueError(f"rule ids not in the catalogue: {unknown[:3]}")
    return CrossingPlan(rules, edges, flags[0], flags[1], tuple(map(str, data["bad"])))


@functools.cache
def crossing_plan() -> CrossingPlan:
    """`worked_out()`, read from the derived cache if it holds this catalogue's plan, else worked out, kept."""
    key = _key()
    raw = _diskcache.read(KIND, key) if key else None
    if raw is not None:
        details = rule_details()
        try:
            return decoded(raw, details.__contains__)
        except (ValueError, TypeError, KeyError) as exc:
            log.warning("the kept crossing plan does not decode (%s); working it out again", exc)
    plan = worked_out()
    if key:
        _diskcache.write(KIND, key, encoded(plan))
    return plan


class LazyRegex:
    """A `regex` pattern made by `make()` on its first search: the same object's matches, compiled later.

    Args:
        pattern: the pattern's source, as the compiled pattern's `.pattern` gives it (read without compiling).
        make: returns the compiled pattern, or None when it does not compile (a search then raises `regex.error`).
    """

    __slots__ = ("_compiled", "_make", "pattern")

    def __init__(self, pattern: str, make: Callable[[], regex.Pattern[str] | None]) -> None:
        self.pattern = pattern
        self._make = make
        self._compiled: regex.Pattern[str] | None = None

    def compiled(self) -> regex.Pattern[str]:
        """The compiled pattern (compiled on the first call).

        Raises:
            regex.error: the pattern does not compile.
        """
        c = self._compiled
        if c is None:
            c = self._make()
            if c is None:
                raise regex.error(f"pattern does not compile in `regex`: {self.pattern[:60]!r}")
            self._compiled = c
        return c

    @property
    def is_compiled(self) -> bool:
        """Whether a search (or `compiled()`) has compiled it in this process."""
        return self._compiled is not None

    @property
    def groups(self) -> int:
        """`regex.Pattern.groups` (compiles)."""
        groups: int = self.compiled().groups
        return groups

    def finditer(self, *args: Any, **kwargs: Any) -> Any:
        """`regex.Pattern.finditer` (compiles on first use)."""
        return self.compiled().finditer(*args, **kwargs)

    def search(self, *args: Any, **kwargs: Any) -> Any:
        """`regex.Pattern.search` (compiles on first use)."""
        return self.compiled().search(*args, **kwargs)

    def __repr__(self) -> str:
        return f"LazyRegex({self.pattern[:60]!r}{'...' if len(self.pattern) > 60 else ''})"
