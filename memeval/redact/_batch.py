r"""A batch's texts joined for one scanner call, and each finding sent back to the one text it is in.

The scanners cost a fixed time per call, so `Redactor.detect_many` scans a batch's texts joined by
`BATCH_SEPARATOR` (all but betterleaks, whose keywords, filters and components read the whole text
it is given: it reads each text alone, `Redactor._scan_views`). No separator can part every rule: a
pattern with an unbounded blank run or a count of lines (`curl-auth-user`, in kingfisher's rules as in
betterleaks', reads up to ten line breaks after `curl`) runs from one text into the next, where it
both misses what the first text holds alone and reports what the next one does not. So a finding
decides only when its whole rule match (`MATCH_KEY`, else its span) and its span lie inside one
text; the texts any other finding touches are scanned again alone (`sort_out`'s second answer), so
each text's findings are the ones it would get alone.

A match the scanners found and then dropped (an allow-listed value, a stop word) reports nothing,
yet it still took its place: a `curl` line ending in a line continuation in one text matched on
into the next one's `-u` lines, took their last (allowed) credential, was dropped, and the next
text's first credential was never matched. So `crossing` also runs every bundled rule's pattern
over the joined text, from every position, and has the texts any raw match spans scanned alone.

A rule anchored at the text's edge (`$`, `\z`, `^`, `\A`; 355 of 488, 10 where it matters:
`_linebreaks.edge_free`) matches at a text's end or start
alone but not inside the joined text (betterleaks' `sidekiq-sensitive-url` ends `(?:[/#?:]|$)`: a
Sidekiq URL ending one text was named a generic `URL_PASSWORD` in a batch). So those rules also run
with the edges read at every line (`regex.MULTILINE`), and a text that such a match ends or starts
exactly at, and that the rule as the scanners run it does not match there, is scanned alone
(`_edge_texts`).
"""

from __future__ import annotations

import bisect
import functools
import logging
import time
from collections.abc import Sequence
from itertools import accumulate
from typing import NamedTuple

import regex

from memeval._literals import LiteralSet
from memeval.redact._crossplan import LazyRegex, crossing_plan
from memeval.redact._prefilter import Need, fold
from memeval.redact._result import RecognizerResult
from memeval.redact._scanners import ALONE_KEY, BATCH_SEPARATOR, MATCH_KEY
from memeval.redact._solo import python_form, rule_details, rule_pattern

__all__ = ["BATCH_SEPARATOR", "CROSSING_TIMEOUT_S", "Joined", "crossing", "join", "overlapping", "sort_out"]

log = logging.getLogger(__name__)

CROSSING_TIMEOUT_S = 0.5
"""Wall seconds `crossing` gives all the rules' searches of one joined batch together; past it every
text of the batch is read alone (a planted text that makes a pattern backtrack: `"A." * 20000`)."""


class Joined(NamedTuple):
    """Texts joined by `BATCH_SEPARATOR`: the joined text, each text's start in it, and its length."""

    text: str
    starts: list[int]
    lengths: list[int]


def join(texts: Sequence[str]) -> Joined:
    """`texts` joined by `BATCH_SEPARATOR`, with where each one starts (character offsets)."""
    lengths = [len(t) for t in texts]
    starts = list(accumulate([n + len(BATCH_SEPARATOR) for n in lengths[:-1]], initial=0))
    return Joined(BATCH_SEPARATOR.join(texts), starts, lengths)


def overlapping(starts: Sequence[int], lengths: Sequence[int], start: int, end: int) -> list[int]:
    """Indexes of the joined texts (at `starts`, of `lengths`) that the joined span `[start, end)` overlaps."""
    i = bisect.bisect_right(starts, start) - 1
    hits = []
    while 0 <= i < len(starts) and starts[i] < end:
        if start < starts[i] + lengths[i]:
            hits.append(i)
        i += 1
    return hits


def sort_out(results: Sequence[RecognizerResult], joined: Joined) -> tuple[list[list[RecognizerResult]], set[int]]:
    """Each result found in `joined.text`, moved into the text it is wholly in; and the texts crossed.

    A result decides for text i only when its rule match (`MATCH_KEY` in its metadata, else its own
    span) and its span both lie in text i and its rule needs no partner (`ALONE_KEY`). Any other
    result (a match that starts in one text and ends in the next, a value placed in one text by a
    match in another, a secret reported because its partner is in another text) decides nothing:
    every text it touches is in the returned set, to be scanned again alone by the caller.

    Returns:
        (per text: its results with offsets into that text and no `MATCH_KEY`; indexes of the texts
        to scan again alone). The caller drops what the first list holds for those texts.
    """
    starts, lengths = joined.starts, joined.lengths
    per_text: list[list[RecognizerResult]] = [[] for _ in starts]
    crossed: set[int] = set()
    for r in results:
        meta = dict(r.recognition_metadata or {})
        m_lo, m_hi = meta.pop(MATCH_KEY, None) or (r.start, r.end)
        lo, hi = min(m_lo, r.start), max(m_hi, r.end)
        i = bisect.bisect_right(starts, lo) - 1
        if not meta.pop(ALONE_KEY, False) and i >= 0 and hi <= starts[i] + lengths[i]:
            if r.end > r.start:
                at = starts[i]
                per_text[i].append(
                    RecognizerResult(r.entity_type, r.start - at, r.end - at, r.score, recognition_metadata=meta)
                )
        else:
            crossed.update(overlapping(starts, lengths, lo, max(hi, lo + 1)))
    return per_text, crossed


@functools.cache
def _rule_patterns() -> tuple[tuple[LazyRegex, Need], ...] | None:
    """Every bundled kingfisher rule's pattern (`_solo.rule_pattern`) and the strings its match holds one of, once.

    betterleaks' rules are among them. Only the rules whose match can hold the separator's line breaks
    in a row (`_linebreaks`: 256 of 488 with kingfisher-secret-scanner's current rules): no other can
    span two texts. The strings are `_prefilter.needs` of the pattern as compiled (None: it always
    runs). None when one does not compile (then no batch can be checked: each text of every batch is
    read alone). Which rules, their strings and whether all compile come from `_crossplan.crossing_plan`
    (kept between processes); each pattern compiles on its first search (`LazyRegex`).
    """
    plan = crossing_plan()
    if not plan.rules_compile:
        bad = ", ".join(plan.bad)
        log.warning("kingfisher rules %s do not compile in `regex`; each text of a batch is scanned alone", bad)
        return None
    return tuple((LazyRegex(python_form(rule_details()[i].pattern), functools.partial(rule_pattern, i)), need)
                 for i, need in plan.rules)  # fmt: skip


@functools.cache
def _edge_patterns() -> tuple[tuple[LazyRegex, LazyRegex, Need], ...] | None:
    r"""The bundled rules that may anchor at a text's edge: (edges at every line, as the scanners read it, its needs).

    The first reads `\z`, `\Z` as `$` and `\A` as `^` under `regex.MULTILINE`, so a match that alone
    would end at the text's end (or start at its start) ends before the separator's first line
    break (or starts after its last) in the joined text; the second is `_solo.rule_pattern`; the third
    `_prefilter.needs` of the first (a batch without one of its strings holds no match of it). None
    when one does not compile (each text of every batch is then read alone). Which rules and their
    strings come from `_crossplan.crossing_plan`; each pattern compiles on its first search.
    """
    plan = crossing_plan()
    if not plan.edges_compile:
        log.warning(
            "kingfisher rule %s does not compile in `regex`; each text of a batch is scanned alone", ", ".join(plan.bad)
        )
        return None
    out: list[tuple[LazyRegex, LazyRegex, Need]] = []
    for rule_id, need in plan.edges:
        edged = python_form(rule_details()[rule_id].pattern, edges_per_line=True)
        plain = LazyRegex(python_form(rule_details()[rule_id].pattern), functools.partial(rule_pattern, rule_id))
        out.append((LazyRegex(edged, functools.partial(regex.compile, edged, regex.MULTILINE)), plain, need))
    return tuple(out)


def _edge_texts(joined: Joined, deadline: float, here: frozenset[str] | None = None) -> set[int]:
    """Texts that an edge-anchored rule reads differently joined than alone.

    Its match alone ends at the text's end (or starts at its start), and no match of the rule as
    the scanners run it over the joined text holds the same secret (group 1, else the match).
    `(?:^|[^a-z0-9-])` matches the separator's line break as it matched the text's start;
    `(?:[/#?:]|$)` does not.

    The last text's end and the first text's start are the joined text's own edges: no need.
    `here`: the `_prefilter` strings the joined text holds (a rule none of whose strings it holds is
    not run); None runs every rule. Raises TimeoutError past `deadline` (`time.monotonic()`).
    """
    patterns = _edge_patterns()
    if patterns is None:
        return set(range(len(joined.starts)))
    if here is not None:  # no match of a rule in this batch that holds none of the strings every match holds
        patterns = tuple((e, p, n) for e, p, n in patterns if n is None or n & here)
        if not patterns:
            return set()
    last = len(joined.starts) - 1
    ends = {s + n: i for i, (s, n) in enumerate(zip(joined.starts, joined.lengths, strict=True)) if i < last}
    starts = {s: i for i, s in enumerate(joined.starts) if i > 0}
    sep = len(BATCH_SEPARATOR)
    out: set[int] = set()
    for edged, plain, _need in patterns:
        left = deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError
        for m in edged.finditer(joined.text, overlapped=True, timeout=left):
            text = ends.get(m.end(), starts.get(m.start()))
            if text is None or text in out:
                continue
            secret = m.span(1) if edged.groups else m.span()
            lo, hi = max(0, m.start() - sep), min(len(joined.text), m.end() + sep + 1)
            found = plain.finditer(
                joined.text, lo, hi, overlapped=True, timeout=max(deadline - time.monotonic(), 0.001)
            )
            if not any((f.span(1) if plain.groups else f.span()) == secret for f in found):
                out.add(text)
    return out


@functools.cache
def _needed() -> LiteralSet:
    """Every string some rule of `crossing` needs (`_prefilter.needs`), to find in a folded text; once a process."""
    pairs = [*(_rule_patterns() or ()), *((e, n) for e, _, n in _edge_patterns() or ())]
    return LiteralSet(s for _, need in pairs if need is not None for s in need)


def prepare() -> None:
    """Read `crossing`'s plan and build its literal set now, once a process.

    `Redactor()` calls it so the build never runs under a text's CPU budget: built there, a budget
    shorter than the build (`MEMEVAL_REDACT_BUDGET_S=0.1`) interrupted it on every text, the cache
    never filled, and every later text of the process was blanked whole as `SCAN_INCOMPLETE`. The plan
    is read from the derived cache in a few milliseconds (`_crossplan.crossing_plan`; worked out, about
    0.3 CPU s, when it is not kept); the patterns compile on their first search, a few for a batch, each
    about a millisecond (`_compile_first`).
    """
    _rule_patterns()
    _edge_patterns()
    _needed()


def _compile_first(chosen: Sequence[tuple[LazyRegex, Need]], here: frozenset[str] | None) -> None:
    """Compile the patterns a batch's searches run (`chosen`, and the edge pass's for `here`) before their deadline.

    Each compiles on first use (`_crossplan.LazyRegex`, about 1 ms of CPU each); outside the searches'
    wall-clock limit, so a first batch is not read alone for its compiling.

    Raises:
        regex.error: a pattern does not compile.
    """
    for pattern, _ in chosen:
        pattern.compiled()
    for edged, plain, need in _edge_patterns() or ():
        if here is None or need is None or need & here:
            edged.compiled()
            plain.compiled()


def crossing(joined: Joined, timeout_s: float = CROSSING_TIMEOUT_S, *, prefilter: bool = True) -> set[int]:
    """Indexes of the joined texts that some rule's raw match, reported or not, spans with another text.

    Each bundled rule's pattern is run over `joined.text` from every position (`regex`'s
    `overlapped`, so a match the scanners' own left-to-right search began elsewhere is not missed),
    before any allow-list, stop word or entropy filter: a match the scanners dropped still took its
    text. A match that reaches only into a separator spans one text and counts for nothing.

    With `prefilter` (the default), a rule runs only when the case-folded joined text holds one of the
    strings every match of it holds (`_prefilter`; a rule with none always runs): a rule left out
    has no match there, so the answer is the same as without (`tests/redact/test_prefilter.py`).
    Cost: about 2.3 ms of CPU for the ingest bench's batches of 100 events (4.4 KB) without it;
    about 6 of the 256 rules run for such a batch with it.

    Returns:
        The texts to scan alone: every index when a pattern does not compile or the searches took
        over `timeout_s` wall seconds in all (fail safe: the linear-time scanners then read each text).
    """
    everyone = set(range(len(joined.starts)))
    patterns = _rule_patterns()
    if patterns is None:
        return everyone
    if len(joined.starts) < 2:
        return set()
    here = frozenset(_needed().present(fold(joined.text))) if prefilter else None
    # no match of a rule in this batch that holds none of the strings every match of it holds
    chosen = [(p, need) for p, need in patterns if here is None or need is None or need & here]
    try:
        _compile_first(chosen, here)
    except regex.error:  # not for a kept plan that says they compile; fail safe all the same
        log.warning("a crossing pattern did not compile; the %d texts of a batch are read alone", len(everyone))
        return everyone
    deadline = time.monotonic() + timeout_s
    out: set[int] = set()
    try:
        for pattern, _need in chosen:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError
            for m in pattern.finditer(joined.text, overlapped=True, timeout=left):
                hit = overlapping(joined.starts, joined.lengths, m.start(), m.end())
                if len(hit) > 1:
                    out.update(hit)
        out |= _edge_texts(joined, deadline, here)
    except TimeoutError:
        log.info(
            "the rules' search of a joined batch took over %.2f s; its %d texts are read alone",
            timeout_s,
            len(everyone),
        )
        return everyone
    return out
