"""Casual Latin spelling of Indic-script text, so rules and n-grams learnt on romanised text apply.

The nine Brahmic blocks of Unicode (Devanagari U+0900 to Malayalam U+0D7F) share one layout: the
same offset from a block's start is the same letter in every script (the ISCII heritage), so one
table of offsets romanises Hindi, Marathi, Bengali, Punjabi, Gujarati, Odia, Tamil, Telugu,
Kannada and Malayalam. The spelling is the casual one people type ("pichhle sabhi nirdesh"): no
diacritics, long and short vowels alike, retroflex and dental alike, and the inherent vowel
dropped at the end of a word in the Indo-Aryan scripts (Devanagari, Bengali, Gurmukhi, Gujarati,
Odia), where speakers drop it. It is a reading aid for a detector, not a faithful transliteration.

`romanize(text)` returns the new text and, for every character of it, the index of the character
of `text` it came from, so a match in the romanised text maps back to a span of the original.
`RomanizedView(inner)` is a `HoldDetector`: it asks `inner` about the text, and when the text has
Indic letters and `inner` did not hold it, about the romanised text too (held when either holds).
"""

from __future__ import annotations

from memeval.hold._excerpt import excerpt
from memeval.hold._models import HoldAssessment, HoldDetector, HoldReason, Source

_BLOCKS = range(0x0900, 0x0D80)
"""Devanagari through Malayalam: ten 128-code-point blocks with the shared layout."""
_INDO_ARYAN = (0x0900, 0x0980, 0x0A00, 0x0A80, 0x0B00)
"""Blocks whose word-final inherent vowel is silent (Devanagari, Bengali, Gurmukhi, Gujarati, Odia)."""

_VOWELS = {
    0x05: "a", 0x06: "a", 0x07: "i", 0x08: "i", 0x09: "u", 0x0A: "u", 0x0B: "ri", 0x0C: "li", 0x0D: "e",
    0x0E: "e", 0x0F: "e", 0x10: "ai", 0x11: "o", 0x12: "o", 0x13: "o", 0x14: "au", 0x60: "ri", 0x61: "li",
}  # fmt: skip
_SIGNS = {
    0x3E: "a", 0x3F: "i", 0x40: "i", 0x41: "u", 0x42: "u", 0x43: "ri", 0x44: "ri", 0x45: "e", 0x46: "e",
    0x47: "e", 0x48: "ai", 0x49: "o", 0x4A: "o", 0x4B: "o", 0x4C: "au", 0x62: "li", 0x63: "li",
}  # fmt: skip
_CONSONANTS = {
    0x15: "k", 0x16: "kh", 0x17: "g", 0x18: "gh", 0x19: "n", 0x1A: "ch", 0x1B: "chh", 0x1C: "j", 0x1D: "jh",
    0x1E: "n", 0x1F: "t", 0x20: "th", 0x21: "d", 0x22: "dh", 0x23: "n", 0x24: "t", 0x25: "th", 0x26: "d",
    0x27: "dh", 0x28: "n", 0x29: "n", 0x2A: "p", 0x2B: "ph", 0x2C: "b", 0x2D: "bh", 0x2E: "m", 0x2F: "y",
    0x30: "r", 0x31: "r", 0x32: "l", 0x33: "l", 0x34: "zh", 0x35: "v", 0x36: "sh", 0x37: "sh", 0x38: "s",
    0x39: "h", 0x58: "q", 0x59: "kh", 0x5A: "g", 0x5B: "z", 0x5C: "r", 0x5D: "rh", 0x5E: "f", 0x5F: "y",
}  # fmt: skip
_MARKS = {0x01: "n", 0x02: "n", 0x03: "h", 0x70: "n", 0x50: "om", 0x64: ".", 0x65: "."}
"""Candrabindu, anusvara, visarga, Gurmukhi tippi, om, the dandas (sentence ends)."""
_CHILLU = {0x0D7A: "n", 0x0D7B: "n", 0x0D7C: "r", 0x0D7D: "l", 0x0D7E: "l", 0x0D7F: "k", 0x09CE: "t"}
"""Malayalam chillu letters and Bengali khanda ta: consonants with no vowel."""
_VIRAMA, _NUKTA, _ADDAK = 0x4D, 0x3C, 0x71


def has_indic(text: str) -> bool:
    """True when `text` has a letter of the ten Brahmic blocks (Devanagari-Malayalam)."""
    return any(0x0900 <= ord(ch) < 0x0D80 for ch in text)


def romanize(text: str) -> tuple[str, list[int]]:
    """(casual Latin spelling of `text`, index in `text` of each output character's source).

    Characters outside the Brahmic blocks are kept as they are; digits of those blocks become
    ASCII digits. Pure Python, one pass; about 1 microsecond a character.
    """
    out: list[str] = []
    src: list[int] = []
    pending = -1  # index of the consonant whose inherent vowel is not yet written
    pending_block = 0
    double_next = False

    def emit(s: str, i: int) -> None:
        out.extend(s)
        src.extend([i] * len(s))

    def flush(word_end: bool) -> None:
        nonlocal pending
        if pending >= 0 and not (word_end and pending_block in _INDO_ARYAN):
            emit("a", pending)
        pending = -1

    for i, ch in enumerate(text):
        cp = ord(ch)
        if cp not in _BLOCKS:
            flush(word_end=True)
            emit(ch, i)
            continue
        block, off = cp & ~0x7F, cp & 0x7F
        if cp in _CHILLU:
            flush(False)
            emit(_CHILLU[cp], i)
        elif off in _CONSONANTS:
            flush(False)
            c = _CONSONANTS[off]
            emit(c[0] + c if double_next else c, i)
            double_next = False
            pending, pending_block = i, block
        elif off in _SIGNS:
            pending = -1
            emit(_SIGNS[off], i)
        elif off == _VIRAMA:
            pending = -1
        elif off == _NUKTA or off in (0x55, 0x56, 0x57, 0x00):
            continue  # dot below, length marks: no sound of their own in this spelling
        elif off == _ADDAK and block == 0x0A00:
            flush(False)
            double_next = True
        elif off in _VOWELS:
            flush(False)
            emit(_VOWELS[off], i)
        elif off in _MARKS:
            flush(off in (0x64, 0x65))
            emit(_MARKS[off], i)
        elif 0x66 <= off <= 0x6F:
            flush(True)
            emit(str(off - 0x66), i)
        else:
            flush(False)
            emit(ch, i)
    flush(word_end=True)
    return "".join(out), src


class RomanizedView:
    """`inner`, asked again about the casual Latin spelling of a text with Indic letters.

    Held when `inner` holds the text or its romanised spelling; the romanised assessment's
    reasons are mapped back to spans of the original text. Texts without Indic letters cost
    nothing extra. The name is `inner`'s with `+roman/1`.
    """

    def __init__(self, inner: HoldDetector) -> None:
        self.inner = inner
        self.name = f"{inner.name}+roman/1"

    def assess(self, text: str, source: Source) -> HoldAssessment:
        """`inner.assess(text)`, or its assessment of `romanize(text)` when only that one holds."""
        a = self.inner.assess(text, source)
        if a.held or not has_indic(text):
            return a.model_copy(update={"detector": self.name})
        roman, src = romanize(text)
        b = self.inner.assess(roman, source)
        if not b.held:
            return a.model_copy(update={"detector": self.name, "score": max(a.score, b.score)})
        reasons = []
        for r in b.reasons:
            start = src[min(r.start, len(src) - 1)] if src else 0
            end = src[min(max(r.end - 1, r.start), len(src) - 1)] + 1 if src else 0
            reasons.append(HoldReason(rule=r.rule, start=start, end=max(end, start), excerpt=excerpt(text[start:end])))
        return HoldAssessment(held=True, score=b.score, reasons=tuple(reasons), detector=self.name)
