"""Normalisation before matching, keeping a map back to the original offsets.

Steps, per character: drop invisible characters (Unicode category Cf: zero-width space and
joiners, word joiner, soft hyphen, BOM, bidi controls, tag characters) and combining marks on an
ASCII character (a line through or under a letter or a space, a ring around it: the words still
read); NFKC (full-width and
styled letters become plain ones); case-fold (Turkish dotted I becomes i); fold common Cyrillic
and Greek homoglyphs of Latin letters inside words that mix them with Latin letters (a subset of
Unicode's confusables.txt). Then letter-spaced words ("i g n o r e") are joined, and each word is
corrected to a rule keyword when it is one or two edits away (Damerau-Levenshtein, optimal string
alignment), so "iunstructions" and "igonre" still match.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache

HOMOGLYPHS = str.maketrans(
    {
        # Cyrillic
        "а": "a",
        "в": "b",
        "е": "e",
        "ё": "e",
        "к": "k",
        "м": "m",
        "н": "h",
        "о": "o",
        "р": "p",
        "с": "c",
        "т": "t",
        "у": "y",
        "х": "x",
        "і": "i",
        "ї": "i",
        "ј": "j",
        "ѕ": "s",
        "ԁ": "d",
        "ԛ": "q",
        "ԝ": "w",
        "ɡ": "g",
        # Greek (after case-folding)
        "α": "a",
        "β": "b",
        "ε": "e",
        "η": "n",
        "ι": "i",
        "κ": "k",
        "ν": "v",
        "ο": "o",
        "ρ": "p",
        "τ": "t",
        "υ": "u",
        "χ": "x",
        "ζ": "z",
    }
)

KEYWORDS = frozenset(
    {
        "ignore",
        "disregard",
        "forget",
        "override",
        "bypass",
        "previous",
        "instructions",
        "instruction",
        "guidelines",
        "directions",
        "directives",
        "system",
        "prompt",
        "assistant",
        "reveal",
        "exfiltrate",
        "credentials",
        "password",
        "passwords",
        "secrets",
        "restrictions",
        "developer",
        "unrestricted",
        "jailbreak",
        "jailbroken",
        "earlier",
        "everything",
        "policies",
        "administrator",
        "authorized",
        "immediately",
        "forward",
        "conversation",
        "history",
    }
)
"""Words the rules look for; a word within one edit (two from 9 letters) becomes the keyword."""
_SORTED_KEYWORDS = tuple(sorted(KEYWORDS))

_LETTER_SPACED = re.compile(r"\b[a-z](?P<gap>[ \t\n]{1,3})[a-z](?:(?P=gap)[a-z]){2,}\b")
"""Four or more single letters the same gap apart: one space ("i g n o r e"), two, a tab, a line
break (one letter a line); the words' own gaps, wider, end each run."""
_PUNCTUATED = re.compile(
    r"(?<![\w-])[a-z](?:-[a-z])+(?:[ \t]{1,2}[a-z](?:-[a-z])+)*(?![\w-])"
    r"|(?<![\w.])[a-z](?:\.[a-z])+\.?(?:[ \t]{1,2}[a-z](?:\.[a-z])+\.?)*(?![\w.])"
)
"""rules/22: words spelt with a hyphen or a dot between their letters ("i-g-n-o-r-e a-l-l", "i.g.n.o.r.e"), a run of
them one or two spaces apart; `_punctuated_runs` joins a run with a word of 4 letters or two of 3 ("x-ray" is not)."""
_PUNCTUATED_HINT = re.compile(r"[-.][a-z][-.]")
"""A letter between two hyphens or dots: every run `_PUNCTUATED` joins has one (a search that opens on a two-character
class is a fast scan; most texts have none, and `_PUNCTUATED`'s lookbehinds are tried at every place)."""
_WORD = re.compile(r"[a-z]+")
_LONG_WORD = re.compile(r"[a-z]{6,}")
"""The words of `_WORD` of 6 letters or more: a run of 6 or more matches whole from its first letter, a shorter run
not at all (no part of it is 6 long), so these are exactly `_WORD`'s matches that `correct` may change."""


@dataclass(frozen=True)
class Normalized:
    """Normalised text and, for each of its characters, the index of its original character."""

    text: str
    origin: tuple[int, ...]
    invisible_at: tuple[int, ...]
    """Original offsets of invisible characters dropped inside words (a letter on both sides)."""
    folded_at: tuple[int, ...]
    """Original offsets of Cyrillic or Greek letters folded to Latin ones."""
    spaced_at: tuple[tuple[int, int], ...]
    """Original spans of letter-spaced words that were joined ("i g n o r e")."""
    fixed: int
    """How many misspelt keywords were corrected."""

    def span(self, start: int, end: int, original_len: int) -> tuple[int, int]:
        """Original `(start, end)` of the normalised span `[start, end)`."""
        if not self.origin:
            return 0, 0
        s = self.origin[min(start, len(self.origin) - 1)]
        e = self.origin[min(max(end - 1, 0), len(self.origin) - 1)] + 1
        return s, min(max(e, s), original_len)


def _osa(a: str, b: str) -> int:
    """Optimal-string-alignment distance (Levenshtein plus adjacent transpositions)."""
    prev2: list[int] = []
    prev = list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        cur = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            cost = 0 if a[i - 1] == b[j - 1] else 1
            cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                cur[j] = min(cur[j], prev2[j - 2] + 1)
        prev2, prev = prev, cur
    return prev[-1]


@lru_cache(maxsize=65536)
def correct(word: str) -> str:
    """The keyword `word` is a small misspelling of, or `word` itself.

    Only words of 6+ letters are corrected (one edit; two from 9 letters), and only toward
    keywords sharing their first letter or last two letters, so short ordinary words never are.
    """
    if word in KEYWORDS or len(word) < 6:
        return word
    limit = 2 if len(word) >= 9 else 1
    best: tuple[int, str] | None = None
    for kw in _SORTED_KEYWORDS:
        if abs(len(kw) - len(word)) > limit or not (kw[0] == word[0] or kw[-2:] == word[-2:]):
            continue
        d = _osa(word, kw)
        if d <= limit and (best is None or d < best[0]):
            best = (d, kw)
    return best[1] if best else word


_WORD_RUN = re.compile(r"[^\W\d_]+")
_LATIN = re.compile(r"[a-zA-Z]")
_CYRILLIC_GREEK = re.compile(r"[\u0370-\u03ff\u0400-\u04ff]")


def _mixed_script_chars(text: str) -> set[int]:
    """Offsets of the characters of words that mix Latin with Cyrillic or Greek letters.

    Only there is a Cyrillic or Greek letter a disguise; in a Russian or Greek word it is a letter
    (folding every Cyrillic letter made all Russian text look disguised, and unreadable to rules).
    """
    out: set[int] = set()
    for m in _WORD_RUN.finditer(text):
        word = m.group()
        if _LATIN.search(word) and _CYRILLIC_GREEK.search(word):
            out.update(range(m.start(), m.end()))
    return out


def _fold_chars(text: str) -> tuple[str, list[int], list[int], list[int]]:
    """Per character: drop Cf, NFKC, case-fold, fold homoglyphs; with the origin of each."""
    if text.isascii():  # ASCII has no Cf characters, no compatibility forms and no homoglyphs
        return text.lower(), list(range(len(text))), [], []
    chars: list[str] = []
    origin: list[int] = []
    invisible: list[int] = []
    folded: list[int] = []
    mixed = _mixed_script_chars(text)
    base = ""  # the last character that was not a combining mark
    for i, ch in enumerate(text):
        category = unicodedata.category(ch)
        if category in ("Mn", "Me") and base and base.isascii():
            continue  # struck through, underlined, enclosed: "i̶g̶n̶o̶r̶e̶" reads as "ignore" (breaker round 24)
        base = ch
        if category == "Cf":
            before = text[i - 1] if i else ""
            after = text[i + 1] if i + 1 < len(text) else ""
            # ZWNJ/ZWJ are ordinary inside Persian, Arabic and Indic words; a sign only in Latin ones
            joiner_in_script = ch in "\u200c\u200d" and not (before.isascii() and after.isascii())
            if before.isalpha() and after.isalpha() and not joiner_in_script:
                invisible.append(i)
            continue
        out = unicodedata.normalize("NFKC", ch).casefold().replace("\u0307", "")  # Turkish İ -> i
        mapped = out.translate(HOMOGLYPHS) if i in mixed else out
        if mapped != out:
            folded.append(i)
        for c in mapped:
            chars.append(c)
            origin.append(i)
    return "".join(chars), origin, invisible, folded


def _punctuated_runs(flat: str, origin: list[int], spaced: list[tuple[int, int]]) -> tuple[str, list[int]]:
    """`flat` with each run of `_PUNCTUATED` that has a word of 4+ letters or two of 3+ joined; origins to match.

    A joined run loses its hyphens or dots and keeps its spaces; its original span is appended to `spaced`.
    """
    pieces: list[str] = []
    origins: list[int] = []
    cursor = 0
    for m in _PUNCTUATED.finditer(flat):
        lengths = [len(w.rstrip(".")) // 2 + 1 for w in m.group().split()]
        if max(lengths) < 4 and sum(n >= 3 for n in lengths) < 2:
            continue
        pieces.append(flat[cursor : m.start()])
        origins += origin[cursor : m.start()]
        keep = [k for k in range(m.start(), m.end()) if flat[k] not in "-."]
        pieces.append("".join(flat[k] for k in keep))
        origins += [origin[k] for k in keep]
        cursor = m.end()
        spaced.append((origin[m.start()], origin[m.end() - 1] + 1))
    pieces.append(flat[cursor:])
    origins += origin[cursor:]
    return "".join(pieces), origins


def normalize(text: str, as_written: frozenset[str] = frozenset(), punctuated: bool = False) -> Normalized:
    """Normalise `text` for matching (see the module docstring); never raises.

    `as_written`: lower-case words the keyword corrector leaves as they are, real words one or two edits from a
    keyword ("unauthorized" is two from "authorized"); empty by default, so earlier rules read as before.
    `punctuated` (rules/22): join words spelt with hyphens or dots between their letters (`_PUNCTUATED`) too.
    """
    flat, origin, invisible, folded = _fold_chars(text)
    spaced: list[tuple[int, int]] = []
    if punctuated and _PUNCTUATED_HINT.search(flat):
        flat, origin = _punctuated_runs(flat, origin, spaced)
    if _LETTER_SPACED.search(flat):
        pieces: list[tuple[str, list[int]]] = []
        cursor = 0
        for m in _LETTER_SPACED.finditer(flat):
            pieces.append((flat[cursor : m.start()], origin[cursor : m.start()]))
            keep = [k for k in range(m.start(), m.end()) if not flat[k].isspace()]
            pieces.append(("".join(flat[k] for k in keep), [origin[k] for k in keep]))
            cursor = m.end()
            spaced.append((origin[m.start()], origin[m.end() - 1] + 1))
        pieces.append((flat[cursor:], origin[cursor:]))
        flat = "".join(p for p, _ in pieces)
        origin = [o for _, os in pieces for o in os]
    changes = [
        (m, fixed)
        for m in _LONG_WORD.finditer(flat)  # `correct` leaves a shorter word as it is
        if (word := m.group()) not in as_written and (fixed := correct(word)) != word
    ]
    if changes:
        out_text: list[str] = []
        out_origin: list[int] = []
        cursor = 0
        for m, fixed_word in changes:
            out_text.append(flat[cursor : m.start()])
            out_origin += origin[cursor : m.start()]
            out_text.append(fixed_word)
            span = origin[m.start() : m.end()]
            out_origin += [span[min(k, len(span) - 1)] for k in range(len(fixed_word))]
            cursor = m.end()
        out_text.append(flat[cursor:])
        out_origin += origin[cursor:]
        flat, origin = "".join(out_text), out_origin
    return Normalized(flat, tuple(origin), tuple(invisible), tuple(folded), tuple(spaced), len(changes))
