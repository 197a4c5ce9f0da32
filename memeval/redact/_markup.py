r"""A reading of a text as rendered: a key cut or wrapped by tags, comments, terminal colours or emphasis.

A key written through markup reads as the key to whoever sees it rendered (a browser, a terminal, a Markdown
viewer), but the scanners read the markup's characters between its parts and found at most the first one
(breaker33: `<span>ghp_A1b2</span><span>C3d4...</span>` stored the tail raw), and a keyword rule read a tag
between its keyword and the value (`apollo: <code>...</code>`). `markup_view` reads the text with the markup
drawn as a renderer draws it:

- a phrasing (inline) HTML tag (`<b>`, `</span><span class="x">`, `<code>`, `<wbr>`: the HTML Living Standard's
  phrasing content, section 3.2.5.2.5; tag syntax section 13.1.2) and a comment (`<!-- ... -->`) draw nothing:
  dropped; so is a `<br>` between two non-space characters (a key wrapped by hand inside `<code>`, as a long
  line is: the gap-joined reading's case). Any other tag (`</td><td>`, `<p>`, an XML element such as
  `<password>`) stays: a cell or a block is not part of its neighbour, and the XML rules read the element;
- an ANSI terminal code (ECMA-48 section 5.4: `ESC[1;32m`, a terminal hyperlink) draws nothing: dropped;
- Markdown emphasis, strikethrough and code marks (`*`, `**`, `~~`, backticks: CommonMark 0.31 sections 6.1 and
  6.2, GFM's strikethrough extension) draw nothing between two characters: dropped where they stand between two
  key characters (`ghp_**A1b2**C3...`); elsewhere the boundary view reads them already.

A soft hyphen (U+00AD, `&shy;`) and zero-width characters need no reading here: the boundary view drops them
(Unicode format characters), after the entity reading decodes `&shy;`.

A text gets this reading only when a tag, comment or terminal code stands between two non-space characters, or
a place markup was taken out of sits in a run of `MIN_JOINED` or more non-space characters (a key is that long;
`2*3`, `a <b>bold</b> word` are not), so prose and most markup cost one screen. The redactor keeps a finding here
only when it comes from a full-format rule and crosses or touches a place markup was taken out of
(`touches_markup`): one the text as written holds away from markup it found there.
The blank covers the key's characters on both sides and the markup between them.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from memeval.redact._decode import _replaced
from memeval.redact._views import ANSI, View

if TYPE_CHECKING:
    from memeval.redact._models import Finding

_PHRASING = frozenset(
    "a abbr b bdi bdo cite code data del dfn em font i ins kbd mark nobr q s samp small span strike strong sub sup "
    "time tt u var wbr".split()
)
"""Phrasing-content tags a browser draws inline (HTML Living Standard 3.2.5.2.5, and the obsolete `font`, `nobr`,
`strike`, `tt`): the characters on both sides of one are drawn side by side."""
_PIECE = re.compile(
    r"(?P<comment><!--[\s\S]{0,400}?-->)"  # bounded: an unclosed `<!--` reads at most 400 characters on
    r"|</?(?P<tag>[A-Za-z][A-Za-z0-9:\-]{0,31})(?:[ \t\r\n/][^<>]{0,400})?>"
    rf"|(?P<ansi>{ANSI})"
    r"|(?P<mark>(?<!\*)\*{1,3}(?!\*)|(?<!~)~~(?!~)|`+)"  # a whole run of marks: `********` is no emphasis
)
"""One piece of markup: a comment, a start or end tag (attributes and `/` included), an ANSI code, a Markdown mark."""
_SCREEN = ("<", "\x1b", "*", "`", "~~")
"""What every piece starts with."""
_NON_SPACE = re.compile(r"\S+")
MIN_JOINED = 10
"""Non-space characters a run must hold where markup was taken out for the text to get the reading: the shortest
keys the rules take whole (a 10-character password, `AKIA` and 16) are no shorter."""


@dataclass(frozen=True)
class MarkupView(View):
    """A `View` of `markup_view`, with the places markup was taken out of."""

    pieces: tuple[tuple[int, int], ...] = ()
    """`(start, end)` in the original text of each run of markup taken out."""

    @property
    def ends_of_pieces(self) -> list[int]:
        """The end of each of `pieces`, in order (they do not overlap)."""
        return [q for _, q in self.pieces]


def _glued(text: str, a: int, b: int) -> bool:
    """Whether `text[a:b]` has a non-space character right before it and one other than `<` (a next tag) after it."""
    return 0 < a and b < len(text) and not text[a - 1].isspace() and not text[b].isspace() and "<" != text[b]


_KEY_SIDE = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-+/=@")
"""Characters a Markdown mark must stand between to be read as cutting a key: a key's (or an address's) characters.
Not `.`, `,`, `:` or `)` after it, which close a span at a sentence's or clause's end (`` `test_checkout.py`. ``);
`.` and `:` before it are a host's or a pair's (`0c.p4.r1.**auth0.com`, `id:**secret**`)."""


def _in_key(text: str, a: int, b: int) -> bool:
    """Whether `text[a:b]` stands after a key character, `.` or `:` and before a key character (`_KEY_SIDE`)."""
    return 0 < a and b < len(text) and (text[a - 1] in _KEY_SIDE or text[a - 1] in ".:") and text[b] in _KEY_SIDE


def markup_view(text: str) -> MarkupView | None:
    """`text` read as rendered (see the module docstring); None when no place markup is taken out of needs it.

    Characters kept map to themselves; markup taken out maps to nothing.
    """
    if not any(c in text for c in _SCREEN):  # most texts: one native search a character
        return None
    runs: list[list[int]] = []  # [start, end, marks only] of each run of adjacent pieces taken out
    for m in _PIECE.finditer(text):
        tag = m.group("tag")
        if tag is not None:
            name = tag.lower()
            if name not in _PHRASING and not (name == "br" and _glued(text, *m.span())):
                continue
        elif m.group("mark") is not None and not _in_key(text, *m.span()):
            continue
        mark = int(m.group("mark") is not None)
        if runs and runs[-1][1] == m.start():
            runs[-1][1] = m.end()
            runs[-1][2] &= mark
        else:
            runs.append([m.start(), m.end(), mark])
    if not runs:
        return None
    view = _replaced(text, [(a, b, "") for a, b, _ in runs])
    assert view is not None and view.orig is not None  # runs is not empty
    if not any(not marks and _glued(text, a, b) for a, b, marks in runs) and not _worth_reading(view, runs):
        return None
    return MarkupView(view.text, view.orig, view.ends, tuple((a, b) for a, b, _ in runs))


def _worth_reading(view: View, runs: list[list[int]]) -> bool:
    """Whether a place a run was taken out of lies in or beside a run of `MIN_JOINED` non-space characters."""
    assert view.orig is not None
    long_runs = [m.span() for m in _NON_SPACE.finditer(view.text) if m.end() - m.start() >= MIN_JOINED]
    if not long_runs:
        return False
    orig = view.orig
    for lo, hi in long_runs:  # the original stretch a long run covers, and one character either side
        a, b = (orig[lo - 1] if lo else -1), (orig[hi] if hi < len(orig) else len(orig) + 10**9)
        k = bisect.bisect_left(runs, [a])
        if k < len(runs) and runs[k][0] <= b:
            return True
    return False


def touches_markup(view: View, f: Finding) -> bool:
    """A finding of `markup_view` worth keeping: a full-format rule's match that crosses or touches markup taken out.

    Never the truncated rule (a key's head before a tag is the as-written reading's).
    """
    if f.detector.startswith("kingfisher-truncated") or not isinstance(view, MarkupView):
        return False
    a, b = view.span(f.start, f.end)
    k = bisect.bisect_left(view.ends_of_pieces, a)  # the first run taken out that ends at or after the finding's start
    return k < len(view.pieces) and view.pieces[k][0] <= b
