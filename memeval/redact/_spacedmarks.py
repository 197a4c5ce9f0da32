"""Keys letter-spaced by marks that differ from gap to gap, or by their own mark (redact24, issue 15).

The `spaced` readings (`_decode.spaced_view`, `spaced_apart_view`) join a key written with one gap
throughout (`g.h.p._.Z`), spaces, or one mark with varying spaces (`g. h.p. _.Z`), but not one
whose marks differ (`g.h-p,_,Z`), nor one holding the gap's own mark under mixed gaps
(`A- 3---P - J` is `A3-PJ`, `S. ..P` is `S.P`): in those a mark is read as a gap where it is the
key's. `spaced_marks_view` reads them with two more patterns (`_ONE_MARK`, `_OWN_MARK`), as a
reading of its own: the `spaced` readings' runs stay as they were, and a text is read this way
only when it holds a run they do not read (none of the owned corpus's or of seven of the eight
fresh corpora's texts, in 46 contexts, does).
"""

from __future__ import annotations

import bisect
import functools
from collections.abc import Sequence

import regex

from memeval.redact._decode import (
    _ALNUM,
    _KEY_CHAR,
    _MARK,
    _MAYBE,
    _OTHER_KEY_CHAR,
    _SPACE,
    _replaced,
    _Run,
    _run,
    _runs,
)
from memeval.redact._views import View

_ONE_MARK = regex.compile(rf"(?P<k>{_KEY_CHAR})(?:{_SPACE}{{0,2}}{_MARK}{_SPACE}{{0,2}}(?P<k>{_KEY_CHAR})){{11,}}")
"""Twelve or more single key characters each exactly one mark apart, the mark free to differ from
gap to gap, with up to two spaces of any kind either side (redact24): `g.h-p,_,Z`, `g. h- p ,_`.
Every other character that is not a space is the key's, so a key character may be any mark, the
gaps' own included (`A- 3---P` reads `A3-P`, `a. b . . .c` reads `ab.c`). The parse is forced
(a key character and a mark are one character each, spaces are neither), so a search is linear."""
_OWN_GAP = rf"{_SPACE}{{0,2}}(?P=mk){{1,2}}{_SPACE}{{0,2}}"
_OWN_STEP = rf"(?>(?:(?P<k>(?P=mk)){_OWN_GAP}){{0,2}}?(?P<k>{_OTHER_KEY_CHAR}))"
_OWN_MARK = regex.compile(
    rf"(?P<k>{_KEY_CHAR}){_SPACE}{{0,2}}(?P<mk>{_MARK})(?P=mk)?{_SPACE}{{0,2}}{_OWN_STEP}"
    rf"(?:{_OWN_GAP}{_OWN_STEP}){{8,}}"
)
"""`_MIXED`'s gaps (one mark, once or twice, up to two spaces either side) around key characters
that may be that mark too (redact24): a mark between two gaps of it is the key's, one or two in a
row, the fewest that fit (`S. ..P` reads `S.P`, `1..u. .. j` reads `1u.j`, five marks in a row
one, eight two). Each step is atomic: however its marks are read, it ends at the next character
that is neither a space nor the mark, so no other reading goes further and a search is linear.
Ten steps may read twelve characters or more (`_mark_runs` keeps those of twelve)."""
_FIVE = regex.compile(r"([^\sA-Za-z0-9])\1{4}")
"""Five copies of a mark in a row: the one gap `_OWN_MARK` reads two ways (redact29). `x-----y` is `x-y` with gaps
of two or `x--y` with gaps of one; it reads the fewest, `x-y`."""
_EVERY_WAY_MOST = 4
"""Places read two ways a run may hold for `spaced_marks_most_view` to read every way (15 readings); a run with
more is read by how many of them are two (the first one, two, ...): a rule's length is what a misreading breaks."""
_READINGS_MOST = 64
"""Readings `spaced_marks_most_view` writes for a whole text at most (a text of many such runs costs no more)."""
_MARK_RUNS = (_ONE_MARK, _OWN_MARK)
_LEAST = 12
"""Key characters a run reads at least (as the `spaced` readings' runs do)."""
_WORD_CHAR = regex.compile(r"[A-Za-z0-9_]")


def _operator(text: str, first: tuple[int, int], second: tuple[int, int]) -> bool:
    """True when a run's first key character is an operator's, not the key's (`:= "`, `=> '`).

    Its first two key characters (`first`, `second`: spans into `text`) are marks, and the first
    has its gap's mark glued to it and a space after that.
    """
    a, b = first[0], second[0]
    return (
        not text[a].isalnum()
        and not text[b].isalnum()
        and b - a >= 3  # noqa: PLR2004  # the mark, its gap's mark, a space
        and not text[a + 1].isspace()
        and text[b - 1].isspace()
    )


_EDGE_MARKS = 2
"""Marks a run may read before its first letter or digit, or after its last (`["q...",`)."""


def _ends(text: str, chars: str, spans: list[tuple[int, int]]) -> tuple[int, int]:
    """Where a run's reading starts and ends among its key characters `chars` (at `spans` in `text`).

    A leading operator is left to the text (`_operator`), and so are the marks before the run's
    first letter or digit, or after its last, but the `_EDGE_MARKS` nearest it: a rule of marks
    (`=====`, `-----`) running into a word is not a key's.
    """
    alnum = [i for i, c in enumerate(chars) if c.isalnum()]
    if not alnum:
        return 0, 0
    lead = max(0, alnum[0] - _EDGE_MARKS)
    while lead + 1 < len(chars) and _operator(text, spans[lead], spans[lead + 1]):
        lead += 1
    return lead, min(len(chars), alnum[-1] + 1 + _EDGE_MARKS)


def _read_before(run: _Run, spaced: tuple[_Run, ...], starts: list[int]) -> bool:
    """True when the `spaced` readings read `run` already.

    One of `spaced` (their runs, sorted; `starts` their starts) holds it and reads its characters
    in a row (the same run, or a run read from a later character of one).
    """
    at = bisect.bisect(starts, run.start) - 1
    return at >= 0 and run.end <= spaced[at].end and run.chars in spaced[at].chars


def may_be_spaced(text: str) -> bool:
    """False when no letter-spaced run can start anywhere in `text` (`_MAYBE` finds no place), else True.

    Then `_decode.spaced_view`, `_decode.spaced_apart_view` and `spaced_marks_view` are all
    None for `text` (each reads only runs found from a place `_MAYBE` finds), so a caller that asks all three
    of many short texts (the id scan's readings, `Redactor.detect_credentials_many`) asks this once instead.
    """
    return _MAYBE.search(text) is not None


@functools.lru_cache(maxsize=8)
def maybe_start(text: str) -> int | None:
    """Where `_MAYBE` first finds a place a run may start in `text`, or None (cached: several readings ask)."""
    m = _MAYBE.search(text)
    return None if m is None else m.start()


@functools.lru_cache(maxsize=8)
def _mark_runs(text: str, patterns: tuple[regex.Pattern[str], ...] = _MARK_RUNS) -> tuple[_Run, ...]:
    """The runs of `patterns` in `text` that the `spaced` readings do not read, left to right, not overlapping.

    Where two overlap the longer is kept (then the first). A run the `spaced` readings read
    already (`_read_before`: inside one of `_runs`, its characters in a row there) is left out
    before choosing, and the pattern searched again once from its second character, so the run of
    another reading inside it is found
    (`root -- p- Z- v - G`: `_MIXED` reads `tpZv...` from the `t`, `_ONE_MARK` `-pZv...` from the
    `-`). Its ends are trimmed (`_ends`: `:= ".c-e` starts at the quote) and it must read twelve
    characters or more, half of them letters or digits (`# =====...` before `1.1.1.1` is no key).

    Searched from the places `_MAYBE` finds (a gap is at most six characters, and an own mark is one
    of the six key characters `_MAYBE` looks for), so linear in the text. Cached for the few texts
    last read (the `spaced-marks`, `spaced-late` and `spaced-copies` readings read the same text).
    """
    first = maybe_start(text)
    if first is None:  # no place a run can start (ordinary prose, code, ids): one search
        return ()
    spaced = _runs(text)
    starts = [r.start for r in spaced]
    cands: list[tuple[int, int, _Run]] = []
    for pattern in patterns:
        pos = first
        retried = False
        while (maybe := _MAYBE.search(text, pos)) and (m := pattern.search(text, maybe.start())):
            pos = m.end()
            if _ALNUM.search(text, m.start(), m.end()) is None:  # marks only (`-.-.-.`, `=====`): no key
                retried = False
                continue
            spans = m.spans("k")
            chars = "".join(m.captures("k"))
            lead, last = _ends(text, chars, spans)
            read = chars[lead:last]
            if len(read) < _LEAST or 2 * len(_ALNUM.findall(read)) < len(read):
                retried = False
                continue
            end = spans[last - 1][1] if last < len(chars) else m.end()
            run = _run(text, spans[lead][0], end, read, (spans[lead + 1][0], spans[last - 2][1]))
            if _read_before(run, spaced, starts):
                if not retried:  # once: a second run inside it may read otherwise; more would be quadratic
                    pos = m.start() + 1
                retried = not retried
            else:
                retried = False
                cands.append((-len(run.chars), run.start, run))
    kept: list[_Run] = []  # sorted, not overlapping: a run overlaps one only next to where it goes
    for _n, _start, r in sorted(cands):
        at = bisect.bisect(kept, r)
        if (at == 0 or kept[at - 1].end <= r.start) and (at == len(kept) or r.end <= kept[at].start):
            kept.insert(at, r)
    return tuple(kept)


def spaced_marks_view(text: str) -> View | None:
    """`text` with keys letter-spaced by differing marks joined (`g.h-p,_,Z`), or by their own mark; or None.

    The runs are `_MARK_RUNS`'s: each key character one mark apart, the mark differing from gap to
    gap (`g.h-p,_`), or one mark once or twice apart with the key's own copies of it read between
    two gaps (`S. ..P`); either may be the gap's own mark (`A- 3---P`), which the `spaced` readings
    cannot read (there a gap's mark is never the key's unless every gap is the same). A run glued
    to a word character (`KEY=g.h-p...` read from the `Y`) is joined without that character and its
    gap, which stay with the word. Every joined character maps to the whole run. None when there is
    no such run, or each is one of the `spaced` readings' runs, which read it already.
    """
    return joined_runs(text, _mark_runs(text))


def _fives(written: str) -> list[tuple[int, int]]:
    """Where `written` holds exactly five of a mark in a row (more are read one way)."""
    return [
        m.span()
        for m in _FIVE.finditer(written)
        if (m.start() == 0 or written[m.start() - 1] != m.group(1))
        and (m.end() == len(written) or written[m.end()] != m.group(1))
    ]


def spaced_marks_most_view(text: str) -> View | None:
    """`text` with each `spaced-marks` run that holds five of its mark in a row read every other way; or None.

    A key holding its gaps' own mark, written one or two of it apart, has `x-----y` both where `-` stands between
    gaps of two and where `--` stands between gaps of one (a Dropbox `sl.` key holding `--`, redact29);
    `_OWN_MARK` reads `-`, so such a key read one character short missed its rule's length. Here each such place
    is read as one mark or two in turn (three in a row read one, six two; every way for up to `_EVERY_WAY_MOST`
    of them, else by how many), `_READINGS_MOST` readings in the text; the readings other than
    `spaced_marks_view`'s stand side by side, a space apart, each mapped to the whole run. None for a text
    without five of a mark in a row (nearly all) or a run with none.
    """
    if maybe_start(text) is None or _FIVE.search(text) is None:
        return None
    pieces = []
    left = _READINGS_MOST
    for r in _mark_runs(text):
        written = text[r.start : r.end]
        fives = _fives(written)
        k = len(fives)
        every = range(1, 2**k) if k <= _EVERY_WAY_MOST else [2**j - 1 for j in range(1, k + 1)]
        if not fives or len(every) > left:
            continue
        left -= len(every)
        readings = []
        for ways in every:
            out, at = [], 0
            for bit, (a, b) in enumerate(fives):
                out += [written[at:a], written[a] * (6 if ways >> bit & 1 else 3)]
                at = b
            m = _OWN_MARK.match("".join([*out, written[at:]]))
            if m is not None:
                readings.append("".join(m.captures("k")))
        if readings:
            pieces.append((r.start, r.end, " ".join(readings)))
    return _replaced(text, pieces)


def joined_runs(text: str, runs: Sequence[_Run]) -> View | None:
    """`text` with `runs` joined, a run glued to a word character joined without it; None when there is none."""
    if not runs:
        return None
    pieces = []
    for r in runs:
        head = r.head and _WORD_CHAR.match(text, r.start - 1) is not None
        tail = r.tail and _WORD_CHAR.match(text, r.end) is not None
        start = r.inner[0] if head else r.start
        end = r.inner[1] if tail else r.end
        pieces.append((start, end, r.chars[1 if head else 0 : len(r.chars) - 1 if tail else len(r.chars)]))
    return _replaced(text, pieces)
