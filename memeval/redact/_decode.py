r"""Decoded readings of a text: encoded or split secrets, blanked where they were written.

Secrets written URL-encoded, JSON- or repr-escaped, Base64, hex, or split into string literals.

Outside testers stored keys past the redactor by encoding them (`ghp%5F...`, `"\u0067hp_..."`,
`echo Z2hwX... | base64 -d`, `6768705f...`) or splitting them (`"ghp_abc" + "def..."`). Each
reading here undoes one such form; the redactor scans the decoded text with every detector (one
level deep into another encoding) and blanks the ORIGINAL characters the secret came from:

- character readings (`unescape_view`, `url_view`, `joined_view`) map every decoded character
  back to the escape or literal it came from (`View.orig` / `View.ends`), so a finding covers
  exactly the encoded characters of the secret;
- segment readings (`encoded_segments`: Base64, hex) cannot be mapped character by character:
  when the decoded bytes hold any finding the whole encoded segment is blanked.

Decoding formats: string escapes and HTML character references as `memeval._escapes` reads them
(JSON's, Python's, C's octal, `\u{...}`; `&#103;`, `&#x67;`, `&lowbar;`); percent-encoding
(RFC 3986 section 2.1, UTF-8 octets); quoted-printable (RFC 2045 section 6.7, soft line breaks
dropped); Base64 standard and URL-safe alphabets (RFC 4648 sections 4 and 5, padding optional; a run of 11-15
characters only when `=` padding completes its last group of four: an SSN's 11 bytes, redact43); hex pairs
(RFC 4648 section 8, either case). A decoded segment is read only when it is text (UTF-8, nearly all printable): a
Base64 image, a digest or a random key body decodes to bytes that are not, and is left to the other readings.
"""

from __future__ import annotations

import base64
import binascii
import functools
import re
from collections import Counter
from collections.abc import Callable
from typing import NamedTuple

import regex

from memeval._escapes import CSS_ESCAPE, ESCAPE, REFERENCE, css_unescape, dereference, unescape
from memeval.ignorable import DEFAULT_IGNORABLE
from memeval.redact._views import View

_PERCENT = re.compile(r"(?:%[0-9A-Fa-f]{2})+")
_B64 = re.compile(r"(?a)(?<![\w+/-])(?:[\w+/-]{16,}={0,2}|[\w+/-]{11,15}={1,2})(?![\w+/=-])")
_HEX = re.compile(r"(?<![0-9A-Fa-f])(?:[0-9A-Fa-f]{2}){8,}(?![0-9A-Fa-f])")
_SIXTEEN = re.compile(r"[A-Za-z0-9+/_\-]{16}")  # in every `_B64`, `_HEX` match; a quarter of their search's CPU
_JOIN = re.compile(
    r"""(?<!\\)(?P<q>["'`])(?:[ \t]*(?:\+|\.|\|\||&)[ \t]*(?:\\?\r?\n[ \t]*)?|[ \t]*\\?\r?\n[ \t]*|[ \t]+)(?P=q)"""
    r"""|(?<=[A-Za-z0-9_\-+/=])\\\r?\n[ \t]*(?=[A-Za-z0-9_\-+/=])"""
)
"""Where a value was cut into string literals (`"ab" + "cd"`, `'ab' 'cd'`, `"ab" .\\n "cd"`) or
by a line continuation (`ab\\` newline `cd`): the cut is dropped in the joined reading."""
MIN_DECODED = 8
"""Decoded segments shorter than this (characters) are not read: nothing fits in them."""


def _rewrite(
    text: str, pattern: re.Pattern[str] | regex.Pattern[str], decode: Callable[[re.Match[str]], str | None]
) -> View | None:
    """`text` with each match of `pattern` replaced by `decode(match)`; None when nothing changed."""
    return _replaced(
        text, [(m.start(), m.end(), new) for m in pattern.finditer(text) if (new := decode(m)) is not None]
    )


def _replaced(text: str, replacements: list[tuple[int, int, str]]) -> View | None:
    """`text` with each `(start, end, new)` (in order, not overlapping) put in; None when there is none.

    Every character of `new` maps to the whole span `[start, end)` it replaces.
    """
    if not replacements:
        return None
    # a kept run goes in as one slice and two ranges, a replacement as its text and two repeats: the same
    # view as a character at a time, for a fraction of the CPU on long texts (a model call's JSON body)
    out: list[str] = []
    orig: list[int] = []
    ends: list[int] = []
    cursor = 0
    for start, end, new in replacements:
        kept = text[cursor:start]
        out += (kept, new)
        orig += range(cursor, cursor + len(kept))
        ends += range(cursor + 1, cursor + len(kept) + 1)
        orig += [start] * len(new)
        ends += [end] * len(new)
        cursor = end
    kept = text[cursor:]
    out.append(kept)
    orig += range(cursor, cursor + len(kept))
    ends += range(cursor + 1, cursor + len(kept) + 1)
    return View("".join(out), tuple(orig), tuple(ends))


def unescape_view(text: str) -> View | None:
    """`text` with JSON / Python string escapes decoded; None when it has none."""
    if "\\" not in text:
        return None
    view = _rewrite(text, ESCAPE, unescape)
    if view is None:
        return None
    # surrogate pairs (\ud83d\ude00) stay as two escapes above; JSON text rarely encodes a key that way
    return view


def css_view(text: str) -> View | None:
    r"""`text` with CSS escapes decoded (`\67 hp_...`, `\000067hp_...`, Markdown's `ghp\_...`); None without one.

    Read apart from `unescape_view`, where `\67` is octal. Only a text with an escape that spells a visible
    ASCII character gets this reading (a regular expression's `\d` or a Windows path's `\a1` spells none).
    """
    if "\\" not in text:
        return None
    found = [(m.start(), m.end(), new) for m in CSS_ESCAPE.finditer(text) if (new := css_unescape(m)) is not None]
    if not any("!" <= new <= "~" for _, _, new in found):
        return None
    return _replaced(text, found)


def entity_view(text: str) -> View | None:
    """`text` with HTML character references decoded (`&#103;hp_...`, `&#x67;`, `ghp&lowbar;`); None when it has none.

    Text taken from a web page or its source keeps a key written in references, and every browser,
    HTML parser or agent reading it back gets the key; each decoded character maps to its reference.
    """
    if "&" not in text:
        return None
    return _rewrite(text, REFERENCE, dereference)


def _percent(m: re.Match[str]) -> str | None:
    raw = bytes.fromhex(m.group().replace("%", ""))
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return None


def url_view(text: str) -> View | None:
    """`text` with percent-encoded runs decoded (UTF-8); None when it has none.

    A run that is not UTF-8 is left as written. Each decoded character maps to the whole run it
    came from (a run of `%XX` triples is the unit of decoding).
    """
    if "%" not in text:
        return None
    return _rewrite(text, _PERCENT, _percent)


_QUOTED = re.compile(r"(?:=[0-9A-F]{2})+|=\r?\n")
"""Quoted-printable (RFC 2045 section 6.7): a run of `=XX` octets (upper-case hex, as the RFC writes them), or a soft
line break (`=` at a line's end), which the encoding puts in every line over 76 characters, so in a long key."""
_QUOTED_ASCII = frozenset(b"=_?")
"""The ASCII octets read from `=XX`: `=` itself, and `_` and `?` in an encoded word (RFC 2047). An encoder writes any
other printable ASCII as itself, so `password=01...` or `Expires=17` is no encoding; nor is `Date=20...` (a space,
which an encoder writes as `=20` only at a line's end, where no key goes on)."""
_SOFT_LINE = range(70, 77)
"""Lengths, `=` included, of a line an encoder ended with a soft break: it fills lines up to 76 characters. A
shorter line ending in `=` is Base64 padding (a WireGuard key, then its next line), not a break."""


def _quoted(m: re.Match[str]) -> str | None:
    if m.group()[1] in "\r\n":  # a soft line break: the line goes on, if it was filled as an encoder fills them
        return "" if m.start() - m.string.rfind("\n", 0, m.start()) in _SOFT_LINE else None
    raw = bytes.fromhex(m.group().replace("=", ""))
    if any(b < 0x80 and b not in _QUOTED_ASCII for b in raw):
        return None
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return None


def quoted_printable_view(text: str) -> View | None:
    """`text` with quoted-printable octets decoded and soft line breaks dropped (an e-mail's body as sent); or None.

    A key in a mail body kept as sent was cut by a soft break after its first characters and only they were
    blanked (breaker33); each decoded character maps to its run, a dropped break to nothing.
    """
    if "=" not in text:
        return None
    return _rewrite(text, _QUOTED, _quoted)


def joined_view(text: str) -> View | None:
    """`text` with string-literal cuts and line continuations inside a value dropped; or None."""
    if not any(q in text for q in "\"'`\\"):
        return None
    return _rewrite(text, _JOIN, lambda m: "")


_MARKS = regex.compile(r"[A-Za-z0-9_+/=.-]\p{M}+")
"""Combining marks (any of Unicode's category M) on an ASCII key character: U+0336 draws a line
through it ("g̶h̶p̶_̶..."), U+0332 one under it, U+0483 a titlo over it,
and the key still reads plainly; NFKC keeps them (no precomposed form), so the scanners saw no key."""


def unmarked_view(text: str) -> View | None:
    """`text` with combining marks on ASCII letters, digits and key punctuation dropped; None when it has none.

    Strikethrough or underlined text (a combining long stroke or low line after each character) is
    the key to anyone who reads it; a finding here covers the marked characters it came from.
    """
    if text.isascii() or max(text) < "\u0300":  # no character a mark could be: nothing to drop (checked in C)
        return None
    return _rewrite(text, _MARKS, lambda m: m.group()[0])  # each character stands for itself and its marks


_SPACE = "[ \t\n\u00a0\u1680\u2000-\u200a\u202f\u205f\u3000]"
"""A space of any kind (a space, a tab, a no-break, thin or ideographic space, a line break: one character a line)."""
_MARK = r"[\p{P}\p{S}]"
"""A punctuation mark or symbol (Unicode categories P and S: `.` `-` `_` `/` `|` `,` `:` `*` `·` `•` ...)."""
_KEY_CHAR = "[!-~]"
"""A key character: any printable ASCII character but the space (keys hold `.`, `$`, `:`, `~` too)."""
_GAP_MOST = 6
"""Most characters in a gap holding a mark: `",\n  "` between the items of a JSON list printed one a line."""
_SPACED = regex.compile(
    rf"{_KEY_CHAR}(?P<gap>(?={_SPACE}{{0,3}}{_MARK})(?:{_SPACE}|{_MARK}){{1,{_GAP_MOST}}})"
    rf"{_KEY_CHAR}(?:(?P=gap){_KEY_CHAR}){{10,}}"
    rf"|{_KEY_CHAR}(?:{_SPACE}{{1,3}}{_KEY_CHAR}){{11,}}"
)
"""Twelve or more single key characters: each the same gap apart, a gap of up to six characters
holding a punctuation mark or symbol (`g.h.p._.Z...`, `g-h-p`, `g | h | p`, `g·h·p`, `'g', 'h'`, a
JSON or YAML list of them one a line); else each one to three spaces of any kind apart, not always
the same (`g h p _ Z q 8 v ...`, two spaces, no-break spaces, one a line). A key so written reads
plainly, and no rule matches it spaced. A gap with a mark is tried first, so `S . T . S . . . P`
reads `STS.P`, not `S.T.S...P`; it is the same throughout, since a mark may be one of the key's
characters (`g._.Z` is `g`, `_`, `Z`); a space never is, so spaces may vary."""
_OTHER_KEY_CHAR = rf"(?!(?P=mk)){_KEY_CHAR}"
"""A key character that is not the run's mark (`(?P<mk>...)`, set by its first gap)."""
_MIXED = regex.compile(
    rf"(?P<k>{_KEY_CHAR}){_SPACE}{{0,2}}(?P<mk>{_MARK})(?P=mk)?{_SPACE}{{0,2}}(?P<k>{_OTHER_KEY_CHAR})"
    rf"(?:{_SPACE}{{0,2}}(?P=mk){{1,2}}{_SPACE}{{0,2}}(?P<k>{_OTHER_KEY_CHAR})){{10,}}"
)
"""Twelve or more single key characters with mixed gaps (redact23): one mark, once or twice, with up
to two spaces of any kind either side, varying from gap to gap (`g. h.p. _.Z`, `g - h- p`, `g, h,p`,
`g..h.p`). The key's characters are any but that mark (`_` is one in `g. _.Z`; in a dotted run a
`.` is not). Read after `_SPACED`, whose runs it may take in (`_with_mixed`)."""
_SPACES = re.compile(_SPACE)
_MAYBE = re.compile("[!-~]" + f"[^A-Za-z0-9]{{1,{_GAP_MOST}}}[!-~]" * 5)
"""Six key characters each one to six characters apart, none of them a letter or digit: where a
run may start (every run starts so; `re` finds it about six times faster than `_SPACED` finds none)."""
_ALNUM = re.compile("[A-Za-z0-9]")
_HAS_MARK = regex.compile(_MARK)


class _Run(NamedTuple):
    """A letter-spaced run: where it is, its characters without the gaps, and where its inside is."""

    start: int
    end: int
    chars: str
    inner: tuple[int, int]
    """From its second character to the end of its last but one (offsets into the text)."""
    head: bool
    """Glued to the character before it (no space between): its first character may be that word's."""
    tail: bool
    """Glued to the character after it: its last character may be that word's."""


def _mark_heavy(chars: str, gap: str | None) -> bool:
    """True for a run read spaces apart of which one mark makes two characters in five or more.

    `. 0 . W . H ...`, or `A . 2 . B . 6` after a word, read from the `.` or the word's last letter:
    the run is the letters a `space mark space` gap apart, found from a later character.
    """
    if gap is not None:
        return False
    marks = Counter(c for c in chars if _HAS_MARK.match(c))
    return bool(marks) and 5 * marks.most_common(1)[0][1] >= 2 * len(chars)


_RETRIES = 4
"""Mark-heavy matches (`_mark_heavy`) searched past from their second character in a row; then from their end."""


@functools.lru_cache(maxsize=8)
def _runs(text: str) -> tuple[_Run, ...]:
    """The letter-spaced runs of `text` (`_SPACED`), left to right, not overlapping.

    `_MAYBE` finds where one may start (a text of ordinary prose, code or ids has no such place:
    none of the ingest bench's texts does), and `_SPACED` is searched from there. A match of marks
    only (`-.-.-.`, `+-+-+`, `. . .`: rules and art hold no key) is searched past from its end; a
    mark-heavy one from its second character (up to `_RETRIES` in a row), so the search stays
    linear in the text. Cached for the few texts last read: the two spaced readings read the same
    text one after the other.
    """
    if _MAYBE.search(text) is None:  # most texts: no place a run may start, so no `_SPACED` or `_MIXED` run either
        return ()
    found: list[_Run] = []
    pos = retries = 0
    while (maybe := _MAYBE.search(text, pos)) is not None and (m := _SPACED.search(text, maybe.start())) is not None:
        gap = m.group("gap")
        if gap is not None:
            step = len(gap) + 1
            chars = m.group()[::step]
            inner = (m.start() + step, m.end() - step)
        else:
            chars = _SPACES.sub("", m.group())
            at = [m.start() + i for i, c in enumerate(m.group()) if not c.isspace()]
            inner = (at[1], at[-2] + 1)
        if not _ALNUM.search(chars):
            pos = m.end()
            continue
        if _mark_heavy(chars, gap):
            retries += 1
            pos = m.start() + 1 if retries <= _RETRIES else m.end()
            continue
        retries = 0
        found.append(_run(text, m.start(), m.end(), chars, inner))
        pos = m.end()
    return _with_mixed(text, found)


def _run(text: str, start: int, end: int, chars: str, inner: tuple[int, int]) -> _Run:
    head = start > 0 and not text[start - 1].isspace()
    tail = end < len(text) and not text[end].isspace()
    return _Run(start, end, chars, inner, head, tail)


_OUTSIDE_LEAST = 12
"""Key characters a mixed-gap run must read outside the runs read before it for it to take their place."""


def _outside(spans: list[tuple[int, int]], runs: list[_Run]) -> int:
    """How many of `spans` (sorted) lie in none of `runs` (sorted, not overlapping); one pass over both."""
    count = k = 0
    for a, b in spans:
        while k < len(runs) and runs[k].end <= a:
            k += 1
        count += not (k < len(runs) and runs[k].start <= a and b <= runs[k].end)
    return count


def _with_mixed(text: str, found: list[_Run]) -> tuple[_Run, ...]:
    """`found` (the `_SPACED` runs) with the mixed-gap runs (`_MIXED`) of `text`, left to right, not overlapping.

    A mixed-gap run is kept where it overlaps no run found before, or where it holds whole the runs
    it overlaps and reads `_OUTSIDE_LEAST` or more key characters outside them (`9·6 · g·p ...
    F·g·O·A·j·V·G·0·R·Q·r·A· c`: its stretch with one gap throughout is a run too); those runs are
    then dropped, read as part of it.
    So a run read before is never cut, and one a mixed run only extends by a glued character
    (`root --p-Z-v...` read from the `t`) is kept as read. Searched from the places `_MAYBE` finds (a
    mixed gap is at most six characters), so linear in the text.
    """
    mixed: list[_Run] = []
    dropped: set[int] = set()
    pos = first = 0  # found[first:] are the runs ending after the last match (both go left to right)
    while (maybe := _MAYBE.search(text, pos)) is not None and (m := _MIXED.search(text, maybe.start())) is not None:
        pos = m.end()
        chars = "".join(m.captures("k"))
        while first < len(found) and found[first].end <= m.start():
            first += 1
        last = first
        while last < len(found) and found[last].start < m.end():
            last += 1
        over = found[first:last]
        if not _ALNUM.search(chars) or any(r.start < m.start() or r.end > m.end() for r in over):
            continue
        spans = m.spans("k")
        if over and _outside(spans, over) < _OUTSIDE_LEAST:
            continue
        dropped.update(range(first, last))
        mixed.append(_run(text, m.start(), m.end(), chars, (spans[1][0], spans[-2][1])))
    return tuple(sorted([r for i, r in enumerate(found) if i not in dropped] + mixed))


def spaced_view(text: str) -> View | None:
    """`text` with letter-spaced runs of key characters joined; None when it has none.

    Every joined character maps to the whole run (its gaps included), so a finding blanks the run.
    A run glued to a word reads on into it here (`KEY=g.h.p._...` reads `KEY=ghp_...`);
    `spaced_apart_view` reads the other way.
    """
    return _replaced(text, [(r.start, r.end, r.chars) for r in _runs(text)])


def spaced_apart_view(text: str) -> View | None:
    """`text` with the letter-spaced runs glued to a word joined without the character next to it; or None.

    A run glued to the word before it may begin with that word's last character (`--token g f P U
    ...` is found from the `n`; `-p p y p i ...` from the flag's `p`) or not (`` `g h p _ ...` ``,
    `KEY=g.h.p._...`: `spaced_view`); likewise at its end. Here that character and its gap stay as
    written, with the word, and the rest of the run is joined (`--token gfPU...`, `-p pypi-...`). None
    when no run is glued to a word (`spaced_view` reads them all).
    """
    pieces = []
    for r in _runs(text):
        if r.head or r.tail:
            start = r.inner[0] if r.head else r.start
            end = r.inner[1] if r.tail else r.end
            pieces.append((start, end, r.chars[1 if r.head else 0 : len(r.chars) - 1 if r.tail else len(r.chars)]))
    return _replaced(text, pieces)


def _printable(decoded: bytes) -> str | None:
    try:
        s = decoded.decode("utf-8")
    except UnicodeDecodeError:
        return None
    if len(s) < MIN_DECODED:
        return None
    good = sum(1 for c in s if c.isprintable() or c in "\n\r\t")
    return s if good >= 0.95 * len(s) else None


_SELECTORS = re.compile("[\ufe00-\ufe0f\U000e0100-\U000e01ef]{4,}")
"""A run of variation selectors spelling bytes (variation-selector smuggling); an emoji's own selector is one."""
_HIDDEN = re.compile(
    "(?:" + "|".join(f"[{re.escape(chr(lo))}-{re.escape(chr(hi))}]" for lo, hi in DEFAULT_IGNORABLE) + ")+"
)
"""A run of characters that draw nothing (Unicode's default-ignorable set: tag characters, variation
selectors, zero-width spaces and joiners, ...)."""
_SPELLING = 4
"""Characters spelling something (tag characters, variation selectors) a hidden run needs to be read:
an emoji's own selector or a flag's short tag sequence is not a message."""


def _hidden_bytes(run: str) -> bytes | None:
    """The bytes a hidden run spells, or None when it spells fewer than `_SPELLING`.

    A tag character U+E0020-U+E007E spells its ASCII code (code point minus 0xE0000, "ASCII
    smuggling"); a variation selector one byte (U+FE00-FE0F: 0-15, U+E0100-E01EF: 16-255); every
    other character of the run (zero-width space, cancel tag, joiner) spells nothing and is dropped,
    so interleaving them cannot break a spelling apart.
    """
    out = bytearray()
    for c in run:
        code = ord(c)
        if 0xE0020 <= code <= 0xE007E:
            out.append(code - 0xE0000)
        elif 0xFE00 <= code <= 0xFE0F:
            out.append(code - 0xFE00)
        elif 0xE0100 <= code <= 0xE01EF:
            out.append(code - 0xE0100 + 16)
    return bytes(out) if len(out) >= _SPELLING else None


def _reveal(m: re.Match[str]) -> str | None:
    raw = _hidden_bytes(m.group())
    if raw is None:
        return None
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return None


def hidden_view(text: str) -> View | None:
    """`text` with each run of hidden characters replaced by what it spells; None when none spells anything.

    Tag characters and variation selectors are ASCII or bytes written invisibly: a key spelt in them
    (whole, after a visible prefix such as `ghp_`, or interleaved with zero-width spaces, cancel tags
    or the other kind) is read here in place, so a finding covers the visible characters it includes
    and the whole hidden run it came from (each decoded character maps to the run).
    """
    if text.isascii() or max(text) < "\ufe00":  # no tag character or variation selector (checked in C)
        return None
    return _rewrite(text, _HIDDEN, _reveal)


def _b64(segment: str) -> str | None:
    body = segment.rstrip("=")
    if len(body) % 4 == 1 or (len(body) < 16 and len(segment) % 4):
        return None
    padded = body + "=" * (-len(body) % 4)
    alt = "-" in body or "_" in body
    try:
        raw = base64.b64decode(padded, altchars=b"-_" if alt else None, validate=True)
    except (binascii.Error, ValueError):
        return None
    return _printable(raw)


def encoded_segments(text: str) -> list[tuple[int, int, str]]:
    """Base64, hex and variation-selector segments of `text` that decode to text (hidden runs: `hidden_view`).

    Returns `(start, end, decoded)` for each.

    A run of hex digits is read as hex only (it is valid Base64 too); a segment that decodes to
    bytes that are not text is not returned.
    """
    out: list[tuple[int, int, str]] = []
    hex_spans: set[tuple[int, int]] = set()
    runs = _SIXTEEN.search(text) is not None
    for m in _HEX.finditer(text) if runs else ():
        decoded = _printable(bytes.fromhex(m.group()))
        hex_spans.add(m.span())
        if decoded is not None:
            out.append((m.start(), m.end(), decoded))
    for m in _B64.finditer(text) if runs or "=" in text else ():
        if m.span() in hex_spans:
            continue
        decoded = _b64(m.group())
        if decoded is not None:
            out.append((m.start(), m.end(), decoded))
    selectors = () if text.isascii() else _SELECTORS.finditer(text)  # an ASCII text holds none
    for m in selectors:  # one byte per variation selector: 0-15 U+FE00.., 16-255 U+E0100..
        raw = bytes(ord(c) - 0xFE00 if ord(c) <= 0xFE0F else ord(c) - 0xE0100 + 16 for c in m.group())
        decoded = _printable(raw)
        if decoded is not None:
            out.append((m.start(), m.end(), decoded))
    return out
