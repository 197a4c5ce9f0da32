"""A reading of a text with Cyrillic and Greek look-alikes of Latin letters in a Latin token read as those letters.

A key whose prefix has one letter swapped for its look-alike (`ghр_...` with a Cyrillic `р`, `АKIA...` with a
Cyrillic `А`, `sk-prοj-...` with a Greek `ο`) matches no rule, yet its body, the secret itself, is whole and
anyone who reads the text knows what it is (breaker33 stored three such keys raw). NFKC folds none of them.
This reading swaps each look-alike back in every token that mixes it with ASCII letters or digits; a word
written wholly in Cyrillic or Greek has no ASCII letter and is read as written. One character for one, so a
finding's span is the span written.

Source of the pairs: Unicode's confusables.txt (UTS #39), the Cyrillic and Greek letters it lists as
confusable with a single Latin letter in both cases, and the marks it lists as confusable with `_` and `-`;
upper and lower case are kept apart (keys are case-sensitive).
"""

from __future__ import annotations

import re

from memeval.redact._views import View

LATIN_LOOKALIKES: dict[str, str] = {
    # Cyrillic capitals, then small letters
    "\u0410": "A", "\u0412": "B", "\u0415": "E", "\u041a": "K", "\u041c": "M", "\u041d": "H", "\u041e": "O",
    "\u0420": "P", "\u0421": "C", "\u0422": "T", "\u0425": "X", "\u0423": "Y", "\u0406": "I", "\u0408": "J",
    "\u0405": "S", "\u04ae": "Y", "\u0417": "3",
    "\u0430": "a", "\u0435": "e", "\u043e": "o", "\u0440": "p", "\u0441": "c", "\u0443": "y", "\u0445": "x",
    "\u0456": "i", "\u0458": "j", "\u0455": "s", "\u0501": "d", "\u051b": "q", "\u051d": "w", "\u04bb": "h",
    "\u04cf": "l", "\u0261": "g",
    # Greek capitals, then small letters
    "\u0391": "A", "\u0392": "B", "\u0395": "E", "\u0396": "Z", "\u0397": "H", "\u0399": "I", "\u039a": "K",
    "\u039c": "M", "\u039d": "N", "\u039f": "O", "\u03a1": "P", "\u03a4": "T", "\u03a5": "Y", "\u03a7": "X",
    "\u03bf": "o", "\u03b1": "a", "\u03bd": "v", "\u03b9": "i", "\u03ba": "k", "\u03c1": "p", "\u03c5": "u",
    "\u03c7": "x",
    # marks keys are built with: a modifier low macron for `_`, hyphens and a non-breaking hyphen for `-`
    "\u02cd": "_", "\u2010": "-", "\u2011": "-", "\u2012": "-", "\u2043": "-",
}  # fmt: skip
"""Look-alike -> the Latin letter (or digit) it reads as."""
_TABLE = str.maketrans(LATIN_LOOKALIKES)
_LOOKALIKE = re.compile("[" + "".join(LATIN_LOOKALIKES) + "]")
_TOKEN = re.compile("[\\w.+/=\u02cd\u2010\u2011\u2012\u2043-]+")
"""A token of a key's characters (`\\w` is any script's letters and digits, `_` included)."""
_ASCII_ALNUM = re.compile(r"[A-Za-z0-9]")


def homoglyph_view(text: str) -> View | None:
    """`text` with look-alikes read as Latin letters in every token that also has an ASCII letter or digit; or None."""
    if text.isascii() or _LOOKALIKE.search(text) is None:
        return None
    chars = list(text)
    changed = False
    for m in _TOKEN.finditer(text):
        token = m.group()
        if _LOOKALIKE.search(token) is None or _ASCII_ALNUM.search(token) is None:
            continue
        chars[m.start() : m.end()] = token.translate(_TABLE)
        changed = True
    return View("".join(chars)) if changed else None
