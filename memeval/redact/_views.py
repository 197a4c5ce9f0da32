r"""Views of a text that detectors scan, each with a map back to offsets in the ORIGINAL text.

Why: the scanners' bundled rules (gitleaks style) require a secret to be followed by a space, a
quote, `;` or the end of the line. A token followed by `.` `,` `)` `]` `!` `>` (prose, markdown,
JSON in brackets, HTML) or glued to non-Latin text fails that suffix and is not reported. Rather
than edit hundreds of maintained rules, the text is shown to them a second time with those
characters turned into spaces, so every context reads like the plain one the rules were written
for.

- `boundary_view(text)`: invisible characters (Unicode category Cf: zero-width, word joiner,
  bidi, tag characters; and every other default-ignorable code point of
  `memeval.ignorable`: variation selectors, the grapheme joiner, Hangul fillers, Mongolian
  and Khmer ones) dropped; each character NFKC-normalised (full-width letters and digits
  become ASCII; so do the decimal digits of every other script, `٤` and `४` as `4`, which NFKC
  keeps); every non-ASCII character and every character no rule uses (brackets, braces,
  `,` `;` `!` `&` `*` `#`) becomes a space; runs of the characters rules do use (quotes,
  backticks, `|` `<` `>` `.` `?` `@` `/`) become spaces where they touch a space or an end
  (sentence ends, closing quotes) and stay between two token characters; `:` after a token of
  8+ characters and before a space becomes a space too. A backslash before a quote or `/`
  (text holding escaped JSON) is dropped.
  `\n`, `\t`, `\r` escapes (JSON strings) become two spaces.
- `normal_view(text)`: the same dropping and NFKC, dashes and non-breaking spaces made ASCII,
  punctuation kept; personal-data recognizers and the context rules read this one.

- `slash_view(text)`: the boundary view with `/` a space as well (keys in URL paths); read
  only when the text has a `/`.

A `View` maps view offsets back: a span `[s, e)` of the view covers `[orig[s], orig[e-1] + 1)`
of the original, so blanking that covers every original character the match came from,
invisible ones inside it included. For ASCII text with nothing to drop the map is the identity
and is not built.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple

from memeval.ignorable import IGNORABLE_CHARS

if TYPE_CHECKING:
    from memeval.redact._models import Finding

_ALWAYS_BREAK = "()[]{},;!&*#<"
"""Characters no scanner rule needs: always a space in the boundary view."""
_EDGE_BREAK = re.compile(
    r"""(?=[<>|'"`\\.?@/:])(?:(?:(?<=\s)|^)[<>|'"`\\.?@/]+|[<>|'"`\\.?@/]+(?=\s|$)|(?<=[^\s:]{8}):(?=\s|$)"""
    r"""(?!(?<=[A-Za-z_\-]{8}:)[ \t]+[A-Za-z0-9+/=_\-.~:]{16}))"""
)
"""Runs of characters that rules do use (quotes, `|`, `>`): a space only at a token's edge (next
to a space or the end), so `key = "value"` keeps its syntax while `"value".` ends; `=` stays,
and `:` goes only after a token of 8+ characters (`<key>: rotated`), not after a short key
(`token: x`); longer keys keep theirs in the as-written reading and the context rules. Since redact37
a `:` also stays after a name (its last 8 characters letters, `_` or `-`) followed by a value of 16+
key characters (`deepgram-api: 6c8b...`, `BUNDLE_ENTERPRISE__CONTRIBSYS__COM: cafebabe:deadbeef`): a
provider rule reads that as its assignment, and inside brackets or before `.` only this view could
show it to the rule (the as-written reading has the bracket glued to the value).

The leading lookahead changes no match (each alternative starts at one of those characters,
`:` included) and lets the engine pass over every other character with one set test instead of
trying the three alternatives there: about 8x less CPU on a batch of ids
(`tests/redact/test_views_edge.py` checks it against the pattern without it)."""
_ESCAPE = re.compile(r"\\[nrt]")
ANSI = (
    r"\x1b\[[0-?]{0,32}[ -/]{0,4}[@-~]"  # a control sequence (ECMA-48 5.4): colours, bold (`ESC[1;32m`)
    r"|\x1b\][^\x07\x1b]{0,400}(?:\x07|\x1b\\)"  # an operating-system command: a terminal hyperlink, a title
)
"""An ANSI terminal code: what a terminal draws as nothing (a pattern's text, shared with `_markup`)."""
_ANSI = re.compile(ANSI)


def _unansi(text: str) -> str:
    """`text` with each ANSI terminal code a run of spaces as long (a coloured key ends where its colour does)."""
    return _ANSI.sub(lambda m: " " * len(m.group()), text) if "\x1b" in text else text


_DASHES = {
    "\u2010": "-",
    "\u2011": "-",
    "\u2012": "-",
    "\u2013": "-",
    "\u2014": "-",
    "\u2015": "-",
    "\u2212": "-",
    "\ufe63": "-",
    "\uff0d": "-",
    "\u00a0": " ",
    "\u2007": " ",
    "\u202f": " ",
    "\u3000": " ",
}


@dataclass(frozen=True)
class View:
    """One view of a text.

    Attributes:
        text: what detectors read.
        orig: `orig[i]` is the original offset of view character i (None: identity map).
    """

    text: str
    orig: tuple[int, ...] | None = None
    ends: tuple[int, ...] | None = None
    """`ends[i]`: one past the last original character view character i came from (None: `orig[i] + 1`).
    Set by decoding views, where one view character stands for an escape such as `%2F` or `\\u002F`."""

    def span(self, start: int, end: int) -> tuple[int, int]:
        """The original `(start, end)` covered by the view span `[start, end)`."""
        if self.orig is None or end <= start:
            return start, end
        return self.orig[start], (self.ends[end - 1] if self.ends is not None else self.orig[end - 1] + 1)


_BREAK_TABLE = str.maketrans({c: " " for c in _ALWAYS_BREAK})
_SLASH_TABLE = str.maketrans({c: " " for c in _ALWAYS_BREAK + "/"})


def _breaks(text: str, slash: bool = False) -> str:
    text = _ESCAPE.sub("  ", text) if "\\" in text else text
    text = text.translate(_SLASH_TABLE if slash else _BREAK_TABLE)
    return _EDGE_BREAK.sub(lambda m: " " * len(m.group()), text)


def _normalise(text: str, *, breaks: bool, slash: bool = False) -> View:
    text = _unansi(text)
    escaped = '\\"' in text or "\\'" in text or "\\/" in text
    if text.isascii() and not escaped:
        return View(_breaks(text, slash) if breaks else text)
    out: list[str] = []
    orig: list[int] = []
    identity = True
    # a run of ASCII characters is kept as it is, each at its own offset: one slice and one range a run
    # (the same `out` and `orig` as a character at a time, for about a third of the CPU on prose); with
    # escapes, a backslash before a quote or `/` is dropped (whatever precedes it: `\\\"` keeps the first)
    pos = 0
    for m in (_ESCAPED_OR_NON_ASCII if escaped else _NON_ASCII).finditer(text):
        i = m.start()
        if i > pos:
            out.append(text[pos:i])
            orig.extend(range(pos, i))
        if text[i] == "\\":
            identity = False
        else:
            identity = _non_ascii(text, i, breaks, out, orig) and identity
        pos = i + 1
    out.append(text[pos:])
    orig.extend(range(pos, len(text)))
    joined = "".join(out)
    return View(_breaks(joined, slash) if breaks else joined, None if identity else tuple(orig))


_NON_ASCII = re.compile(r"[^\x00-\x7f]")
_ESCAPED_OR_NON_ASCII = re.compile(r"""\\(?=["'/])|[^\x00-\x7f]""")
"""A backslash `_normalise` drops (before a quote or `/`: escaped JSON, `\\/`) or a character it reads alone."""


def _non_ascii(text: str, i: int, breaks: bool, out: list[str], orig: list[int]) -> bool:
    """`_normalise` of the non-ASCII character `text[i]`: its reading to `out`, `i` once a character of it to `orig`.

    Returns False when the view's offsets stop being the text's (the character is dropped or reads as
    other than one character).
    """
    ch = text[i]
    if ch in IGNORABLE_CHARS or unicodedata.category(ch) == "Cf":  # Cf and the rest of what draws nothing
        return False
    # dashes become "-" for the context rules (card and phone separators), a space for scanners;
    # a dash that ends a token (`key—` then a space, punctuation or the end) is a space for both:
    # as "-" it read as the key's last character, and rules that end a key before `-` missed it
    norm = None if breaks else _DASHES.get(ch)
    if norm == "-" and i and text[i - 1].isalnum() and not text[i + 1 : i + 2].isalnum():
        norm = " "
    norm = norm or unicodedata.normalize("NFKC", ch)
    if not norm.isascii() and norm.isdecimal() and len(norm) == 1:
        # a decimal digit of another script (Arabic-Indic `٤١١١`, Persian `۴۱۱۱`, Devanagari `४१११`):
        # NFKC keeps it, but it is the digit to every reader, so a card or IBAN written in it is one
        norm = chr(0x30 + unicodedata.decimal(norm))
    for c in norm:
        out.append(c if (c.isascii() or not breaks) else " ")
        orig.append(i)
    return len(norm) == 1


def boundary_view(text: str) -> View:
    """The view the credential scanners read a second time (see module docstring)."""
    return _normalise(text, breaks=True)


def slash_view(text: str) -> View:
    """The boundary view with every `/` a space too: a key inside a URL path (`/docs/<key>/x`).

    A third reading, because keys that contain `/` (Base64) must keep it in the second one.
    """
    return _normalise(text, breaks=True, slash=True)


def normal_view(text: str) -> View:
    """NFKC, invisible characters dropped, dashes and odd spaces made ASCII; punctuation kept."""
    return _normalise(text, breaks=False)


def boundary_views(texts: list[str], *, slash: bool = False) -> list[View]:
    """`[boundary_view(t) for t in texts]` (or `slash_view`), the same views, with the ASCII texts done together.

    For a text of ASCII characters with no backslash the view is `_breaks(text)`, the same length
    as the text, with the identity map. `_breaks` of such texts joined by a newline is the join of
    each text's `_breaks`: it replaces characters one for one, and every rule of `_EDGE_BREAK`
    reads a newline as it reads a text's edge (a space-like character that none of its runs
    contains). So those texts go through one `_breaks` call and are cut apart by length; any
    other text goes through `_normalise` on its own.
    """
    return [v if isinstance(v, View) else View(v) for v in boundary_reads(texts, slash=slash)]


def boundary_reads(texts: list[str], *, slash: bool = False) -> list[str | View]:
    """`boundary_views(texts)`, each view with the identity map given as its text alone (a `str`), others as `View`s.

    For a caller that reads hundreds of short texts a call (the redactor's scans of a batch's ids):
    it compares and joins the views' texts and maps back only the spans found, so a `View` object
    per text is work for nothing.
    """
    make = slash_view if slash else boundary_view
    out: list[str | View | None] = [None] * len(texts)
    simple = [i for i, t in enumerate(texts) if t.isascii() and "\\" not in t]
    if len(simple) > 1:
        broken = _breaks(_unansi("\n".join([texts[i] for i in simple])), slash)
        pos = 0
        for i in simple:
            end = pos + len(texts[i])
            out[i] = broken[pos:end]
            pos = end + 1
    return [v if v is not None else _plain(make(texts[i])) for i, v in enumerate(out)]


def _plain(view: View) -> str | View:
    """`view`'s text when its map is the identity (no `orig`, no `ends`), else `view`."""
    return view.text if view.orig is None and view.ends is None else view


class Reading(NamedTuple):
    """A character reading of a text that the redactor scans too (`Redactor._decoded`).

    `make` gives the reading's view of a text or None; `span` maps a finding's span in the view back to
    the text; `keep` says which findings in it count (all, unless the reading says otherwise).
    """

    kind: str
    make: Callable[[str], View | None]
    span: Callable[[View, int, int], tuple[int, int]] = View.span
    keep: Callable[[View, Finding], bool] = lambda _view, _finding: True
    spaced: bool = False
    """True for a letter-spaced reading: `make` is None for every text where no spaced run can start
    (`_decode.may_be_spaced` False), so `Redactor._decoded` does not call it there."""
