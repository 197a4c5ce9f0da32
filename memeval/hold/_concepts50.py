"""Round 50's reading for the concept stage: the scripts v47's look held nothing of, lessons, secrets advice.

Issue 15, round 50: measured by `bench/hold_cv_round50.py`, read by round 50's candidate (`_stacked50`). v47's look let
through every order in Igbo, Khmer and Telugu and 6 of 8 in Georgian, 25 of 38 memory lessons, 8 of 9 skipped checks
and 11 of 16 prompt extractions, and held 5 of 28 texts of secrets advice. `vector50(text)` is
`_concepts49.vector49(text)` (114 numbers) followed by `FEATURES50_MORE` (`MORE`, 10 numbers), read from
`_concepts_lexicon50`'s lists in the first `LIMIT` characters:

- whether the text is written in one of the scripts v47 held nothing of (Khmer, Telugu, Georgian; Armenian and
  Gurmukhi, held little) or in Igbo's Latin with its dotted vowels (`ị ọ ụ ṅ`), so the stage can weigh the other
  readings apart for them;
- a standing lesson's frame (`FRAME50`), a check left out (`SKIP50`), a verb of an order (`ACT50`), a secret or
  records named (`SECRET50`), an extraction (`EXTRACT50`), an AI reader addressed in read data or "do not tell"
  (`AI50`); the frame crossed with a risky step (a check left out, or records handed over), and an order verb with
  a secret or an AI reader;
- a safe practice named (`SAFE50`: revoke, short-lived token, password manager, another channel; "declined",
  "did nothing" in a post-mortem), the reading that might tell secrets advice and post-mortems from the orders.

The lists in scripts other than Latin are read only when the text is not ASCII, so an English text pays one
`str.isascii` for them. `vector50n` is the narrower reading measured beside it: `vector48`, round 49's extraction
and skipped-check numbers only, and the same ten.
"""

from __future__ import annotations

import re
import unicodedata

from memeval.hold._concepts48 import LIMIT, _trie, framed_step48, vector48
from memeval.hold._concepts49 import framed_step49, readings49, vector49
from memeval.hold._concepts_lexicon50 import ACT50, AI50, EXTRACT50, FRAME50, SAFE50, SECRET50, SKIP50

_LATIN = re.compile(r"[a-z]")


def _matcher(forms: tuple[str, ...]) -> re.Pattern[str]:
    """One pattern for `forms`: forms whose first letter is Latin at a word's start, the others anywhere.

    Each as `_concepts48._trie` writes a trie (the longest form at each place); the forms casefolded and NFC.
    """
    parts = {unicodedata.normalize("NFC", f.casefold()) for f in forms}
    latin = sorted(f for f in parts if _LATIN.match(f))
    other = sorted(f for f in parts if not _LATIN.match(f))
    return re.compile("|".join(t for t in (_trie(other, False), _trie(latin, True)) if t))


_FRAME = _matcher(FRAME50)
_SKIP = _matcher(SKIP50)
_ACT = _matcher(ACT50)
_SECRET = _matcher(SECRET50)
_EXTRACT = _matcher(EXTRACT50)
_AI = _matcher(AI50)
_SAFE = _matcher(SAFE50)
_SCRIPT = re.compile(r"[\u1780-\u17ff\u0c00-\u0c7f\u10a0-\u10ff\u0530-\u058f\u0a00-\u0a7f\u1ecb\u1ecd\u1ee5\u1e45]")
"""Khmer, Telugu, Georgian, Armenian, Gurmukhi, and Igbo's ị ọ ụ ṅ (casefolded)."""
_INVISIBLE = re.compile("[\u200b\u200c\u200d\u2060\ufeff]")

FEATURES50_MORE = (
    "script50",
    "frame50",
    "skip50",
    "act50",
    "secret50",
    "extraction50",
    "ai50",
    "frame_x_risk50",
    "order50",
    "safe50",
)
"""The names of the numbers `vector50` adds to `vector49`'s (module docstring)."""
MORE = len(FEATURES50_MORE)


def _folded50(text: str) -> str:
    """The first `LIMIT` characters casefolded, NFC, without zero-width characters (Khmer text carries them)."""
    return _INVISIBLE.sub("", unicodedata.normalize("NFC", text[:LIMIT].casefold()))


def readings50(text: str) -> dict[str, bool]:
    """`FEATURES50_MORE`'s readings of `text` (module docstring): the English forms always, the rest when not ASCII."""
    t = _folded50(text)
    out = {
        "script50": False,
        "frame50": bool(_FRAME.search(t)),
        "skip50": bool(_SKIP.search(t)),
        "act50": False,
        "secret50": False,
        "extraction50": False,
        "ai50": False,
        "safe50": bool(_SAFE.search(t)),
    }
    if not t.isascii():
        out.update(
            script50=bool(_SCRIPT.search(t)),
            act50=bool(_ACT.search(t)),
            secret50=bool(_SECRET.search(t)),
            extraction50=bool(_EXTRACT.search(t)),
            ai50=bool(_AI.search(t)),
        )
    out["frame_x_risk50"] = out["frame50"] and (out["skip50"] or (out["act50"] and out["secret50"]))
    out["order50"] = out["act50"] and (out["secret50"] or out["ai50"])
    return out


def _more(text: str) -> list[float]:
    r = readings50(text)
    return [float(r[n]) for n in FEATURES50_MORE]


def vector50(text: str) -> list[float]:
    """`vector49`'s 114 numbers of `text`, then `FEATURES50_MORE`'s `MORE` (module docstring), each 0 or 1."""
    return [*vector49(text), *_more(text)]


FEATURES50N_MORE = ("extraction49", "skip49", *FEATURES50_MORE)
"""The names of the numbers `vector50n` adds to `vector48`'s: round 49's extraction and skipped check, then ours."""


def vector50n(text: str) -> list[float]:
    """`vector48`'s 102 numbers, round 49's `extraction49` and `skip49`, then `FEATURES50_MORE` (12 more)."""
    r49 = readings49(text)
    return [*vector48(text), float(r49["extraction49"]), float(r49["skip49"]), *_more(text)]


def _new_step(text: str) -> bool:
    if text.isascii():
        return False
    r = readings50(text)
    return r["extraction50"] or r["frame_x_risk50"] or (r["ai50"] and r["act50"])


def framed_step50(text: str) -> bool:
    """Round 50's wider gate: `framed_step48`, or in a text that is not ASCII a step `readings50` reads.

    The step: an extraction, a frame with a risky step, or an AI reader addressed with an order verb.
    """
    return framed_step48(text) or _new_step(text)


def framed_step50w(text: str) -> bool:
    """`framed_step50` over round 49's wider gate (`_concepts49.framed_step49`, which reads `framed_step48` first)."""
    return framed_step49(text) or _new_step(text)
