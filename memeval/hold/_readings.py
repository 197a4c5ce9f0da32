"""Readings of a text an attacker may have hidden orders in, decoded for holding to judge again.

Variation-selector runs and Base64 (`_decoded_texts`), ROT13, reversal, leetspeak, hex and 8-bit
binary (`_variants`, `byte_readings`). The rule detector (`_detector.py`), the classifier's views
(`_classifier.py`) and the decoded views stage (`_views.py`) all read through these, so each
encoding has one definition. Source of the encodings: the obfuscation tactics named in public
prompt-injection corpora.
"""

from __future__ import annotations

import base64
import binascii
import functools
import re
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from itertools import islice
from typing import TypeVar

from memeval._escapes import spelt_out
from memeval.ignorable import DEFAULT_IGNORABLE

_T = TypeVar("_T")

_BASE64 = re.compile(r"[A-Za-z0-9+/]{24,}={0,2}")
_SELECTORS = re.compile("[\ufe00-\ufe0f\U000e0100-\U000e01ef]{4,}")
"""A run of variation selectors long enough to spell words: one byte each (0-15: U+FE00.., 16-255: U+E0100..),
the encoding of variation-selector smuggling; an emoji's own presentation selector is one."""


def _selector_bytes(run: str) -> bytes:
    return bytes(ord(c) - 0xFE00 if ord(c) <= 0xFE0F else ord(c) - 0xE0100 + 16 for c in run)


_HIDDEN = re.compile(
    "(?:" + "|".join(f"[{re.escape(chr(lo))}-{re.escape(chr(hi))}]" for lo, hi in DEFAULT_IGNORABLE) + ")+"
)
"""A run of characters that draw nothing (Unicode's default-ignorable set)."""
_SPELLS = re.compile("[\ufe00-\ufe0f\U000e0020-\U000e007e\U000e0100-\U000e01ef]")
"""The hidden characters that spell something: tag characters (ASCII plus 0xE0000) and variation selectors (bytes)."""


def _is_tag(c: str) -> bool:
    return "\U000e0020" <= c <= "\U000e007e"


def _spelt(chars: str) -> bytes:
    """The bytes spelt by tag characters (their ASCII code) and variation selectors (a byte each)."""
    return bytes(ord(c) - 0xE0000 if _is_tag(c) else _selector_bytes(c)[0] for c in chars)


def _interleaved_runs(text: str) -> list[tuple[int, int, str]]:
    """Hidden runs that spell text with other hidden characters between the spelling ones, or with both kinds.

    A zero-width space (or a cancel tag, a joiner) after each tag character or variation selector
    broke the runs `_SELECTORS` and the tag readers look for, and a spelling alternating tags and
    selectors matched neither: orders hidden so were never read. The run from its first to its last
    spelling character is read as UTF-8, the other characters dropped; a run those readers already
    read (one kind, nothing between) is left to them.
    """
    out: list[tuple[int, int, str]] = []
    for m in _HIDDEN.finditer(text):
        spelling = list(_SPELLS.finditer(m.group()))
        if len(spelling) < 4:
            continue
        start, end = m.start() + spelling[0].start(), m.start() + spelling[-1].end()
        chars = "".join(c.group() for c in spelling)
        tags = sum(map(_is_tag, chars))
        if tags in (0, len(chars)) and end - start == len(chars):
            continue
        try:
            out.append((start, end, _spelt(chars).decode("utf-8")))
        except UnicodeDecodeError:
            continue
    return out


_REMEMBERED = 64
"""Texts whose readings are kept (`functools.lru_cache`): the rules, the classifier's views and the
decoded views stage each read the same text's encodings, one after the other. A batch reads more
texts than that between two readings of one text (`_batch.primed` reads every text's views first,
the rules read each text after): `readings_kept` keeps a batch's readings for its duration."""

_KEPT = threading.local()
"""`readings_kept`'s memo for this thread: (reading function, text) -> its readings; None outside it."""


@contextmanager
def readings_kept() -> Iterator[None]:
    """Within the block, every text's readings (`_decoded_texts`, `byte_readings`, `_variants`) are made once.

    For a batch (`_batch.assess_many`, `_budget.assess_many_budgeted`): the classifier's views of
    every text are made first (`_batch.primed`), then the rules read each text's encodings again,
    and with more than `_REMEMBERED` texts the LRU had dropped them by then (each made twice: about
    a sixth of a bench text's assessment). The memo is this thread's and is dropped when the
    outermost block ends, so it holds one batch's readings at most (what `primed` holds anyway).
    The readings are pure functions of the text: the same values with or without it.
    """
    if getattr(_KEPT, "memo", None) is not None:  # nested: the outer block keeps them
        yield
        return
    _KEPT.memo = {}
    try:
        yield
    finally:
        _KEPT.memo = None


KEPT_MAX_CHARS = 8192
"""Longest text whose readings `readings_kept` keeps: ROT13 and reversal copy a text whole, so a call of
400 texts of 64 Ki characters could hold some 50 MB; a longer text's readings are made again (rare)."""


def _kept(fn: Callable[[str], _T], text: str) -> _T:
    """`fn(text)`, from `readings_kept`'s memo when a block is open in this thread."""
    memo: dict[tuple[Callable[[str], object], str], object] | None = getattr(_KEPT, "memo", None)
    if memo is None or len(text) > KEPT_MAX_CHARS:
        return fn(text)
    key = (fn, text)
    hit = memo.get(key)
    if hit is None:
        hit = memo[key] = fn(text)
    return hit  # type: ignore[return-value]  # stored by this very function under `fn`


def _decoded_texts(text: str) -> list[tuple[int, int, str]]:
    """Selector runs, interleaved hidden runs and Base64 blobs of `text` read as UTF-8: `(start, end, decoded)`."""
    return list(_kept(_decoded_once, text))


@functools.lru_cache(maxsize=_REMEMBERED)
def _decoded_once(text: str) -> tuple[tuple[int, int, str], ...]:
    out = _interleaved_runs(text) if not text.isascii() and max(text) >= "\ufe00" else []  # in C: the same test
    for m in _SELECTORS.finditer(text):
        try:
            out.append((m.start(), m.end(), _selector_bytes(m.group()).decode("utf-8")))
        except UnicodeDecodeError:
            continue
    for m in _BASE64.finditer(text):
        blob = m.group()
        try:
            raw = base64.b64decode(blob + "=" * (-len(blob) % 4), validate=True)
            decoded = raw.decode("utf-8")
        except (binascii.Error, UnicodeDecodeError):
            continue
        printable = sum(c.isprintable() or c.isspace() for c in decoded)
        if decoded and " " in decoded and printable / len(decoded) >= 0.95:
            out.append((m.start(), m.end(), decoded))
    return tuple(out)


_TWELVE_LETTERS = re.compile(r"(?:[^A-Za-z]*+[A-Za-z]){12}")
"""Twelve ASCII letters anywhere in a text (`match` at its start): one search instead of a match a letter."""
_LEET = str.maketrans({"0": "o", "1": "i", "3": "e", "4": "a", "5": "s", "7": "t", "@": "a", "$": "s", "|": "l"})
_LEET_WORD = re.compile(r"\b(?=\w*[a-z])(?=\w*[013457])\w{3,}\b", re.IGNORECASE)


def leet_words_at_least_three(text: str) -> bool:
    """Whether three or more words of `text` mix letters with 0/1/3/4/5/7 (`_LEET_WORD`): its leetspeak is read.

    Asked of each hold text by its readings (`_variants`) and by the decoded views (`_views._segment_views`);
    answered once a text (`_kept`), and the search stops at the third such word (the same answer as counting
    them all).
    """
    return _kept(_leet_once, text)


@functools.lru_cache(maxsize=_REMEMBERED)
def _leet_once(text: str) -> bool:
    return next(islice(_LEET_WORD.finditer(text), 2, None), None) is not None


_HEX = re.compile(r"(?:\b[0-9a-fA-F]{2}[ :]?){12,}")
_HEX_NEAR = re.compile(r"[ :][0-9a-fA-F]{2}[ :][0-9a-fA-F]{2}[ :]")
"""What every `_HEX` run (12 pairs or more) holds: its second and third pairs, each after a space or colon, and the
space or colon before its fourth (a pair follows a pair only after one: between two hex digits there is no word
boundary). A search for it skips letters in C, about four times faster than `_HEX` finding none; a text without
it has no run."""
_BINARY = re.compile(r"(?:\b[01]{8}\b\s?){6,}")
_ROT13 = str.maketrans(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz", "NOPQRSTUVWXYZABCDEFGHIJKLMnopqrstuvwxyzabcdefghijklm"
)


_SPELLING_MARKS = re.compile(r"&#|&[A-Za-z][A-Za-z0-9]{1,31};|\\(?:[uUx]|[0-7])")
"""Where a character may be spelt as an HTML reference or a string escape (`memeval._escapes`)."""
_SPELLINGS_LEAST = 4
"""References or escapes a text needs before its spelt-out reading is judged: an `&amp;` or a path's `\\1` is no
message. Orders spelt whole in `&#73;&#103;...` or `\\u0049\\u0067...` were judged as written and stored (breaker33)."""


def byte_readings(text: str) -> list[tuple[str, int, int, str]]:
    """Runs of hex pairs (`_HEX`) and of 8-bit binary groups (`_BINARY`) read as UTF-8 text.

    Returns:
        `(kind, start, end, decoded)` per run, `kind` "hex" or "binary", hex runs first; a run
        is kept only when it decodes as UTF-8 and the text has a space (words, not a hash).
    """
    return list(_kept(_byte_readings_once, text))


@functools.lru_cache(maxsize=_REMEMBERED)
def _byte_readings_once(text: str) -> tuple[tuple[str, int, int, str], ...]:
    out: list[tuple[str, int, int, str]] = []
    for m in _HEX.finditer(text) if _HEX_NEAR.search(text) else ():
        digits = re.sub(r"[^0-9a-fA-F]", "", m.group())
        try:
            decoded = bytes.fromhex(digits[: len(digits) // 2 * 2]).decode("utf-8")
        except (ValueError, UnicodeDecodeError):
            continue
        if " " in decoded:
            out.append(("hex", m.start(), m.end(), decoded))
    for m in _BINARY.finditer(text):
        try:
            decoded = bytes(int(b, 2) for b in m.group().split()).decode("utf-8")
        except (ValueError, UnicodeDecodeError):
            continue
        if " " in decoded:
            out.append(("binary", m.start(), m.end(), decoded))
    return tuple(out)


WORTH_A_LOOK = re.compile(
    r"ignor|instruct|system|prompt|password|secret|credential|send|reveal|forget|disregard|"
    r"assistant|rules|curl|token|\.env|api key|execute"
)
"""A reading (`_variants`) is judged only when, lower-cased, it has one of these words (most readings are noise)."""


def variants_worth_a_look(text: str) -> list[bool]:
    """For each of `_variants(text)`, in order: whether its reading has a `WORTH_A_LOOK` word (lower-cased).

    The rules (`memeval.hold._detector`) and the classifier (`memeval.hold._classifier`) both ask it of every
    text; answered once a text (`_kept`, like the readings themselves) instead of a search of each reading
    lower-cased in each of them.
    """
    return list(_kept(_worth_once, text))


@functools.lru_cache(maxsize=_REMEMBERED)
def _worth_once(text: str) -> tuple[bool, ...]:
    return tuple(WORTH_A_LOOK.search(decoded.lower()) is not None for _, _, decoded in _kept(_variants_once, text))


def _variants(text: str) -> list[tuple[int, int, str]]:
    """Readings of `text` an attacker may have hidden orders in: `(start, end, decoded)`.

    ROT13 and reversed text (the whole text), leetspeak (when three or more words mix letters
    with 0/1/3/4/5/7), hex and 8-bit binary runs (decoded as UTF-8), and the whole text with its HTML
    character references and string escapes spelt out (`memeval._escapes`) when it has four or more.
    Source of the encodings: the obfuscation tactics named in public prompt-injection corpora (base64,
    hex, binary, ROT13, leetspeak, reversal; HTML references and escapes: breaker33).
    """
    return list(_kept(_variants_once, text))


@functools.lru_cache(maxsize=_REMEMBERED)
def _variants_once(text: str) -> tuple[tuple[int, int, str], ...]:
    out: list[tuple[int, int, str]] = []
    if _TWELVE_LETTERS.match(text):  # 12+ ASCII letters
        out.append((0, len(text), text.translate(_ROT13)))
        out.append((0, len(text), text[::-1]))
    if leet_words_at_least_three(text):
        out.append((0, len(text), text.translate(_LEET)))
    out += ((start, end, decoded) for _, start, end, decoded in _kept(_byte_readings_once, text))
    if ("&" in text or "\\" in text) and len(list(islice(_SPELLING_MARKS.finditer(text), _SPELLINGS_LEAST))) == (
        _SPELLINGS_LEAST
    ):
        spelt = spelt_out(text)
        if spelt != text:
            out.append((0, len(text), spelt))
    return tuple(out)
