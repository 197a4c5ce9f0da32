r"""Round 52's readings for the concept stage: shapes of an order that do not depend on its language (issue 15).

Measured by `bench/hold_cv_round52.py`, read by round 52's candidate (`_stacked52`). v49's look (stack/51 70/150)
missed most orders in its twelve languages other than English, and each blind set brings languages no set had before,
so these readings use no word of any language: they read how a text is built, not what its words are.

- **An encoded run that decodes to text** (`decodes52`): a run of hexadecimal digits, base64 or percent-escapes
  (`%E1%9E%87...`) that decodes to UTF-8 text with letters (a key, a hash or an image does not decode to words).
  Issue 15 names encoded orders; v49 carried them in hexadecimal, base64 and URL encoding in six scripts.
- **Letters split by invisible characters** (`interleaved52`): zero-width characters inside words (`A\u200bI
  h\u200be\u200bl...`), which no typed text has; round 51 dropped them before reading lists, which also hid the shape.
- **Leetspeak** (`leet52`): several words that mix letters with the digits and signs that stand for letters
  (`4$1$73n7`), read by their shape (a letter-digit mix inside one word, at least three such words, a fifth of the
  words), not against a list.
- **Reversed lines** (`reversed52`): a line that opens with a sentence's end mark and does not end with one
  (`.ખાન ...`), that is, a sentence written back to front, in any script.
- **A fake end of input and a role mark** (`delimiter52`): a line of repeated marks (`===`, `###`, `---`) with words
  between, or a line that opens with a bracketed word and a colon (`[SYSTEM]:`, `[СИСТЕМ]:`), in any script.
- **An address or an AI named inside text in another script** (`latin_in_foreign52`): most letters outside the
  Latin alphabet, yet an e-mail address, a web address, or the word AI/LLM/GPT in Latin letters (command flags and
  code are left out: the reference pages of v4 carry them in every script); v49's exfiltrations and hidden notes in
  Kazakh, Mongolian, Gujarati, Khmer, Sinhala and Burmese named an address or "AI" this way.
- **Reads as any of these** (`shape52`).
- **Loanwords for whom an order is aimed at and what it asks for** (`aimed_loan52`, `hidden_loan52`): in a text not
  in English, the international words agent, assistant, session, chatbot, AI, and instructions, system, prompt, read
  in `latinized52(text)` (Cyrillic and Georgian spelt out in Latin letters, Indic scripts romanised, accents dropped):
  "агентке", "sessiyalardyng", "aģentam", "sistemiin" are the same words in four languages. These are one list of
  international stems, not a list per language; over v4-v49 they mark 731 orders and 418 benign texts, so they mean
  little alone, and the stage weighs them with the rest.

The wider gate (`framed_step52`): round 51's, or one of the first five shapes, or a loanword of either kind: a text
the default lets through is then asked of the stage below the gate.

`vector52(text)` is `_concepts51.vector51` (130 numbers) followed by `FEATURES52_MORE` (`MORE`, 9 numbers), each 0
or 1.
"""

from __future__ import annotations

import base64
import binascii
import re
import unicodedata

from memeval.hold._concepts48 import LIMIT
from memeval.hold._concepts51 import framed_step51, vector51

FEATURES52_MORE = (
    "decodes52",
    "interleaved52",
    "leet52",
    "reversed52",
    "delimiter52",
    "latin_in_foreign52",
    "shape52",
    "aimed_loan52",
    "hidden_loan52",
)
"""The names of the numbers `vector52` adds to `vector51`'s (module docstring)."""
MORE = len(FEATURES52_MORE)

_HEX = re.compile(r"(?<![0-9A-Za-z])(?:[0-9a-fA-F]{2}){16,}(?![0-9A-Za-z])")
_B64 = re.compile(r"(?<![A-Za-z0-9+/])[A-Za-z0-9+/]{24,}={0,2}(?![A-Za-z0-9+/=])")
_PCT = re.compile(r"(?:%[0-9A-Fa-f]{2}){6,}")
_INTERLEAVED = re.compile("[A-Za-z\u00c0-\u024f][\u200b\u2060\ufeff][A-Za-z\u00c0-\u024f]")
"""A zero-width space, word joiner or byte-order mark between two Latin letters (the joiners Persian and Indic
scripts write, U+200C and U+200D, and a space between Thai words are not read)."""
_WORD = re.compile(r"\S+")
_LEET = re.compile(r"(?=\S*[A-Za-z\u00c0-\u024f])(?=\S*[013457$@])[A-Za-z\u00c0-\u024f013457$@]{3,}")
"""A word of at least 3 characters mixing letters (Latin, with accents) and the digits and signs leetspeak uses for
letters (0 1 3 4 5 7 $ @), nothing else."""
_SWAP = re.compile(r"[A-Za-z\u00c0-\u024f][013457$@]|[013457$@][A-Za-z\u00c0-\u024f]")
"""A letter beside a digit or sign leetspeak uses: the swap happens inside the word, not at a number's end only."""
_END_MARKS = ".!?\u3002\u0964\u104b\u17d4"
_ROLE = re.compile(r"(?m)^\s*\[[^\W\d_]{3,20}\]\s*:")
_RULE_LINE = re.compile(r"(?m)^\s*([=#*~\-_])\1{2,}[^\n]*\w[^\n]*\1{3}\s*$")
_CODE = re.compile(
    r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+"  # an e-mail address
    r"|https?://\S+"  # a web address
    r"|(?<![A-Za-z])(?:AI|LLM|GPT)(?![A-Za-z])"  # an AI named in Latin letters
)


def _texty(raw: bytes) -> bool:
    """Whether `raw` is UTF-8 text of mostly letters and spaces (at least 8 letters, 60% of its characters)."""
    try:
        s = raw.decode("utf-8")
    except UnicodeDecodeError:
        return False
    letters = sum(c.isalpha() for c in s)
    return letters >= 8 and (letters + s.count(" ")) >= 0.6 * len(s)


def decodes52(text: str) -> bool:
    """Whether a hexadecimal, base64 or percent-escaped run of `text` decodes to UTF-8 text (`_texty`).

    A run cut short (an odd hex digit, a base64 length not a multiple of 4) is read up to its last whole unit; a
    multi-byte character cut at the end is dropped, not counted against the run.
    """
    t = text[:LIMIT]
    for m in _HEX.finditer(t):
        if _texty(_trim(bytes.fromhex(m.group()))):
            return True
    for m in _B64.finditer(t):
        run = m.group().rstrip("=")
        run = run[: len(run) - len(run) % 4]
        if len(run) < 24 or not re.search(r"[a-z]", run) or not re.search(r"[A-Z0-9+/]", run):
            continue
        try:
            raw = base64.b64decode(run, validate=True)
        except (binascii.Error, ValueError):
            continue
        if _texty(_trim(raw)):
            return True
    for m in _PCT.finditer(t):
        if _texty(_trim(_pct_bytes(m.group()))):
            return True
    return False


def _pct_bytes(run: str) -> bytes:
    """The bytes a run of `%XX` escapes stands for."""
    return bytes(int(run[i + 1 : i + 3], 16) for i in range(0, len(run), 3))


def _trim(raw: bytes) -> bytes:
    """`raw` without a UTF-8 character cut at its end (up to 3 trailing bytes of an unfinished sequence)."""
    for cut in range(4):
        try:
            (raw[: len(raw) - cut] if cut else raw).decode("utf-8")
            return raw[: len(raw) - cut] if cut else raw
        except UnicodeDecodeError:
            continue
    return raw


def interleaved52(text: str) -> bool:
    """Whether at least 5 zero-width characters of `text` sit between two word characters."""
    return len(_INTERLEAVED.findall(text[:LIMIT])) >= 5


def leet52(text: str) -> bool:
    """Whether at least 3 words of `text`, and a fifth of them, are leetspeak-shaped (`_LEET`, whole words only).

    Words that are numbers with a unit or a version ("v2", "10s", "x86") fail the fifth, which a sentence of ordinary
    words keeps far off; e-mail addresses and web addresses are left out of the count.
    """
    words = [w.strip(".,;:!?()[]{}\"'") for w in _WORD.findall(text[:LIMIT])]
    words = [w for w in words if w and "://" not in w and not re.fullmatch(r"[\w.+-]+@[\w.-]+", w)]
    leet = sum(1 for w in words if _LEET.fullmatch(w) and _SWAP.search(w))
    return leet >= 3 and leet >= 0.2 * len(words)


def reversed52(text: str) -> bool:
    """Whether a line of `text` (after a colon, when it has one) starts with a sentence's end mark and runs on.

    A sentence written back to front opens with its full stop and does not end with one: ".ખાન ીઢાક ..." or
    "။ါပ်ကျ...". At least 12 letters and two spaces must follow the mark (".env" or a dotted path is not read).
    """
    for line in text[:LIMIT].split("\n"):
        tail = line.rsplit(":", 1)[-1].strip() if ":" in line else line.strip()
        if len(tail) > 1 and tail[0] in _END_MARKS and tail[1] not in _END_MARKS and tail[-1] not in _END_MARKS:
            if sum(c.isalpha() for c in tail) >= 12 and tail.count(" ") >= 2:
                return True
    return False


def delimiter52(text: str) -> bool:
    """Whether a line of `text` is a banner of repeated marks with words between, or opens with `[WORD]:`."""
    t = text[:LIMIT]
    return bool(_RULE_LINE.search(t) or _ROLE.search(t))


def _non_latin_share(text: str) -> float:
    """The share of `text`'s letters that are not Latin (0 for a text without letters)."""
    letters = [c for c in text if c.isalpha()]
    if not letters:
        return 0.0
    latin = sum(1 for c in letters if "LATIN" in unicodedata.name(c, ""))
    return 1 - latin / len(letters)


def latin_in_foreign52(text: str) -> bool:
    """Whether most of `text`'s letters are outside the Latin alphabet and it holds an address or AI (`_CODE`)."""
    t = text[:LIMIT]
    return _non_latin_share(t) >= 0.5 and bool(_CODE.search(t))


def readings52(text: str) -> dict[str, bool]:
    """`FEATURES52_MORE`'s readings of `text` (module docstring)."""
    r = {
        "decodes52": decodes52(text),
        "interleaved52": interleaved52(text),
        "leet52": leet52(text),
        "reversed52": reversed52(text),
        "delimiter52": delimiter52(text),
        "latin_in_foreign52": latin_in_foreign52(text),
    }
    r["shape52"] = any(r.values())
    r["aimed_loan52"], r["hidden_loan52"] = loanwords52(text)
    return r


def vector52(text: str) -> list[float]:
    """`vector51`'s 130 numbers of `text`, then `FEATURES52_MORE`'s `MORE` (module docstring), each 0 or 1."""
    r = readings52(text)
    return [*vector51(text), *(float(r[n]) for n in FEATURES52_MORE)]


def framed_step52(text: str) -> bool:
    """Round 52's wider gate: `framed_step51`, one of the first five shapes, or a loanword (`loanwords52`).

    The shapes: an encoded, interleaved, leet, reversed or delimited text.
    """
    if framed_step51(text):
        return True
    if decodes52(text) or interleaved52(text) or leet52(text) or reversed52(text) or delimiter52(text):
        return True
    return any(loanwords52(text))


_CYR = dict(zip(
    "абвгдеёжзийклмнопрстуфхцчшщъыьэюяіїєґўқғңүұһөәҳӣӯ",
    ["a", "b", "v", "g", "d", "e", "e", "zh", "z", "i", "i", "k", "l", "m", "n", "o", "p", "r", "s", "t", "u", "f",
     "kh", "ts", "ch", "sh", "shch", "", "y", "", "e", "yu", "ya", "i", "i", "ye", "g", "u", "q", "g", "ng", "u", "u",
     "h", "o", "a", "h", "i", "u"],
    strict=True,
))  # fmt: skip
_GEO = dict(zip(
    "აბგდევზთიკლმნოპჟრსტუფქღყშჩცძწჭხჯჰ",
    ["a", "b", "g", "d", "e", "v", "z", "t", "i", "k", "l", "m", "n", "o", "p", "zh", "r", "s", "t", "u", "p", "k",
     "gh", "q", "sh", "ch", "ts", "dz", "ts", "ch", "kh", "j", "h"],
    strict=True,
))  # fmt: skip
_FOLD = {**_CYR, **_GEO, "ß": "ss", "ø": "o", "æ": "ae", "þ": "th", "ð": "d", "ı": "i", "ł": "l"}
_AIMED = re.compile(r"\b(?:agent|agjent|aient|ajan|ejant|ejent|as+ist|as+yst|sess|sesi|seans|chatbot)|\bai\b")
"""International words for whom an order is aimed at, after `latinized52`: agent, assistant, session, chatbot, AI."""
_HIDDEN = re.compile(r"\b(?:instru[ckt]|instrux|sist[eé]m|sys+t[eè]m|sisteem|susteem|prompt|promt)")
"""International words for what an extraction asks for, after `latinized52`: instructions, the system, the prompt."""


def latinized52(text: str) -> str:
    """`text` casefolded in Latin letters, accents dropped: a reading aid for loanwords, not a transliteration.

    Cyrillic and Georgian letters are spelt out (`_FOLD`), Indic scripts romanised (`_encoder_romanize.romanize`).
    """
    from memeval.hold._encoder_romanize import has_indic, romanize

    t = text[:LIMIT].casefold()
    if has_indic(t):
        t = romanize(t)[0]
    t = "".join(_FOLD.get(c, c) for c in t)
    return unicodedata.normalize("NFKD", t).encode("ascii", "ignore").decode("ascii")


def _foreign(text: str) -> bool:
    """Whether at least a twentieth of `text`'s letters are not ASCII (a text in English is read by other lists)."""
    letters = [c for c in text[:LIMIT] if c.isalpha()]
    return bool(letters) and sum(1 for c in letters if not c.isascii()) >= 0.05 * len(letters)


def loanwords52(text: str) -> tuple[bool, bool]:
    """(an agent, session or assistant named; instructions, the system or a prompt named), as loanwords.

    Read in `latinized52(text)` for a text not in English (`_foreign`); (False, False) for an English text.
    """
    if not _foreign(text):
        return False, False
    t = latinized52(text)
    return bool(_AIMED.search(t)), bool(_HIDDEN.search(t))
