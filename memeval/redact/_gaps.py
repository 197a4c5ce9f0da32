"""Readings of a self-identifying token split by visible gaps, or shown reversed (a breaker's forms).

A tester stored keys past the redactor in two ways no other reading undoes:

- **split by a visible gap**: `AKIA IOSF ODNN 7SEC RETS`, a `ghp_` token wrapped onto a second
  line, or cut by a no-break space. The scanners' rules want the token whole, and the truncated
  rule (`_truncated`) finds at most the first part. `gap_view` finds each known provider prefix
  (the truncated rules' case-sensitive prefixes: `AKIA`, `ghp_`, `xoxb-`, `sk-ant-api03-`, ...)
  cut short (shorter than its rule's whole token) and followed by single gaps (space, tab,
  no-break spaces, one line break and the next line's indent) and parts that are not lower-case
  words, and writes one line per way of joining the first 1..n gaps (the line's text before the
  token kept, so keyword rules still see their word). The redactor keeps only findings that
  cross a dropped gap and come from a full-format rule (never the truncated rule: `ghp_ tokens
  are` must not read as a cut token). A token whole before its first gap is never joined, so the
  word after a key (`... INUx here`) stays.
- **reversed behind a right-to-left override** (U+202E): the characters after it, up to a pop
  (U+202C) or the line end, are displayed in reverse order, so a key stored reversed reads as the
  key. `rlo_view` writes each such run reversed, every character mapped to where it was written.

Both readings are built only when their marker is present (a prefix followed by a gap; U+202E),
so ordinary text costs one substring test per prefix (about 12 us per 100 characters, the
truncated rule's own screen) and one `in` test.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import TYPE_CHECKING

from memeval._literals import LiteralSet
from memeval.redact._views import View

if TYPE_CHECKING:
    from memeval.redact._models import Finding

RLO = "\u202e"
_POP = re.compile("[\u202c\u2069\n]")
_TOKEN = re.compile(r"[A-Za-z0-9_\-]*")
_GAP = re.compile(r"(?:[ \t\u00a0\u2007\u202f]|\r?\n[ \t]*)(?=[A-Za-z0-9_\-+/=])")
_PART = re.compile(r"[A-Za-z0-9_\-+/=]+")
_WORD = re.compile(r"[a-z]+")
MAX_GAPS = 12
"""Most gaps joined after one prefix (a 40-character key in groups of 4 has 9)."""
MAX_TOKEN = 200
"""Longest joined token read (characters)."""
_BEFORE = 40
"""Characters of the token's line kept before it, for rules that want a keyword."""


def _mapped_line(text: str, spans: Iterable[tuple[int, int]], out: list[str], orig: list[int]) -> None:
    for a, b in spans:
        for k in range(a, b):
            out.append(text[k])
            orig.append(k)
    out.append("\n")
    orig.append(max(0, (orig[-1] if orig else 0)))


def _joins(text: str, start: int, full: int) -> list[tuple[int, int]]:
    """The token parts from `start` (a prefix) across single gaps, `(start, end)` each.

    None is joined when the part before the first gap is already `full` characters (a whole token
    is not joined to the word after it), and joining stops at a part of lower-case letters only
    (a word of prose: `ghp_ tokens are ...`); random key characters in groups of 4 or more are
    rarely all lower case.
    """
    end = _TOKEN.match(text, start).end()  # type: ignore[union-attr]  # `*` always matches
    parts = [(start, end)]
    if end - start >= full:
        return parts
    while len(parts) <= MAX_GAPS and end - start < MAX_TOKEN:
        gap = _GAP.match(text, end)
        if gap is None:
            break
        part = _PART.match(text, gap.end())
        if part is None or _WORD.fullmatch(part.group()):
            break
        parts.append(part.span())
        end = part.end()
    return parts


def prefix_heads(prefixes: Iterable[str]) -> frozenset[str] | None:
    """The first three characters of each prefix, for `gap_view`'s screen; None when a prefix is shorter."""
    heads = [p[:3] for p in prefixes]
    return frozenset(heads) if all(len(h) == 3 for h in heads) else None


def gap_view(
    text: str, prefixes: dict[str, int], heads: frozenset[str] | None = None, found_by: LiteralSet | None = None
) -> View | None:
    """One line per (prefix occurrence, number of gaps joined), mapped to `text`; None when none.

    Args:
        text: the original text.
        prefixes: case-sensitive literal prefixes of self-identifying tokens, each with the
            characters of its longest whole token (prefix and body); a token already that long
            before its first gap is not joined.
        heads: `prefix_heads(prefixes)`, or None. A prefix occurs only where its first three
            characters do, so the text's 3-character pieces are matched against `heads` once
            (one set operation) and only prefixes whose head is among them are looked for.
        found_by: `LiteralSet(prefixes)`, or None: the prefixes the text holds are found by one
            native scan and only those are looked for (`heads` is then not read). Most texts hold
            none, and the 164 `find`s a text cost about twice a scan by pieces, which costs
            several times this one. The view is the same with either screen or none: a prefix
            not in the text has no occurrence to join, and the others are read in `prefixes`' order.
    """
    if found_by is not None:
        held = found_by.present(text)
        if not held:
            return None
        order = list(prefixes)
        items = [(p, prefixes[p]) for p in sorted(held, key=order.index)]
    else:
        present = None
        if heads is not None:
            present = heads.intersection(map("".join, zip(text, text[1:], text[2:], strict=False)))
            if not present:
                return None
        items = [(p, full) for p, full in prefixes.items() if present is None or p[:3] in present]
    out: list[str] = []
    orig: list[int] = []
    for p, full in items:
        at = text.find(p)
        while at >= 0:
            if at == 0 or not (text[at - 1].isascii() and text[at - 1].isalnum()):
                parts = _joins(text, at, full)
                if len(parts) > 1:
                    line_start = max(text.rfind("\n", 0, at) + 1, at - _BEFORE)
                    for n in range(2, len(parts) + 1):
                        _mapped_line(text, [(line_start, at), *parts[:n]], out, orig)
            at = text.find(p, at + 1)
    if not out:
        return None
    return View("".join(out), tuple(orig))


def rlo_view(text: str) -> View | None:
    """`text` with each run after a right-to-left override written in display order; or None."""
    if RLO not in text:
        return None
    out: list[str] = []
    orig: list[int] = []
    cursor = 0
    at = text.find(RLO)
    while at >= 0:
        out += text[cursor:at]
        orig += range(cursor, at)
        stop = _POP.search(text, at + 1)
        end = stop.start() if stop else len(text)
        for k in range(end - 1, at, -1):
            out.append(text[k])
            orig.append(k)
        cursor = end
        at = text.find(RLO, end)
    out += text[cursor:]
    orig += range(cursor, len(text))
    return View("".join(out), tuple(orig))


def crosses_gap(view: View, start: int, end: int) -> bool:
    """Whether view span `[start, end)` covers original characters the view dropped (a gap)."""
    a, b = view.span(start, end)
    return b - a > end - start


def reversed_span(view: View, start: int, end: int) -> tuple[int, int]:
    """The original `(start, end)` covered by view span `[start, end)` of `rlo_view` (order reversed)."""
    if view.orig is None or end <= start:
        return start, end
    covered = view.orig[start:end]
    return min(covered), max(covered) + 1


def whole_across_gap(view: View, f: Finding) -> bool:
    """A gap-joined finding worth keeping: a full-format rule's match that crosses a dropped gap."""
    return not f.detector.startswith("kingfisher-truncated") and crosses_gap(view, f.start, f.end)
