"""Round 47's reading for the concept stage: round 46's negation scope, also read after the step.

Issue 15, round 47 (measured by `bench/hold_cv_round47.py`). Round 46's `scoped45` reads a negation only before a risky
step (or, in Japanese and Korean, `_concepts.NEGATORS_AFTER` just after it). Hindi, Nepali, Tamil, Bengali, Marathi
and Urdu put the negation after the verb, often past the object ("बिना जाँचे कभी भी deploy मत करना", never deploy
without checking), so round 46 read such safe lessons as ordering the step. Those scripts are read as unspaced runs
(`_concepts._UNSPACED`: their vowel signs split `_TOKEN`'s words), so the negation after the step is read there:
`tail_negated` looks at the folded text after an unspaced form, up to `TAIL_CHARS` characters and the clause's end,
for a whole word of `NEGATORS_TAIL47` or a negated verb form (Tamil `...ாதீர்கள்`/`...ாதே`, Nepali `न...नुहोस्`).
`vector47` gives `FEATURES45`'s 84 numbers as `vector46` does, with the risky steps read by `scoped47`.

Kept apart from `_concepts46` so that round 46's bench reads exactly what it measured.
"""

from __future__ import annotations

import re

from memeval.hold._concepts46 import framed_risk46, scoped45, vector46

NEGATORS_TAIL47 = frozenset(
    (  # fmt: skip
        "मत",  # Hindi "don't" (after the verb or its object)
        "नहीं",  # Hindi "not"
        "न",  # Hindi "not" in "... न करें"
        "ना",  # Hindi "not" (spoken)
        "कभी नहीं",  # Hindi "never" (read word by word too)
        "कहिल्यै",  # Nepali "never"
        "हुँदैन",  # Nepali "must not"
        "नका",  # Marathi "don't" in "करू नका"
        "नये",  # Marathi "should not"
        "না",  # Bengali "not" in "মুছবেন না"
        "নয়",  # Bengali "not"
        "வேண்டாம்",  # Tamil "don't"
        "கூடாது",  # Tamil "must not"
        "ஒருபோதும்",  # Tamil "never"
        "مت",  # Urdu "don't"
        "نہ",  # Urdu "not"
        "نہیں",  # Urdu "not"
        "ਨਾ",  # Punjabi "don't"
        "ਨਹੀਂ",  # Punjabi "not"
        "નહીં",  # Gujarati "not"
        "ના",  # Gujarati "don't"
        "వద్దు",  # Telugu "don't"
        "ಬೇಡ",  # Kannada "don't"
        "അരുത്",  # Malayalam "must not"
        "വേണ്ട",  # Malayalam "don't"
    )
)
"""Whole words that negate a step written before them, in languages that put the negation after the verb. Ordinary
words, written for memeval."""

TAIL_CHARS = 40
"""How far after an unspaced form `tail_negated` reads (characters of the folded text), within the clause."""

_TAMIL_NEG = ("ாதீர்கள்", "ாதே", "ாதீர்")
"""Tamil negative imperative endings ("செய்யாதீர்கள்", do not do)."""
_NEPALI_NEG = re.compile(r"न[\u0915-\u0939].*(?:नुहोस्|नू|नु)$")
"""A Nepali verb negated by its prefix ("नगर्नुहोस्", "नमेटाउनुहोस्": do not do, do not delete)."""
_CLAUSE_END = re.compile(r"[.;:!?,\n。！？；，、।॥۔،]")
_WORDS = re.compile(r"[^\s\d.,;:!?\"'()\[\]{}<>«»“”‘’।॥۔،]+")


def tail_negated(t: str, start: int, end: int) -> bool:
    """Whether the folded text `t` negates the form at `t[start:end]` after it (module docstring).

    True when the form is the stem of a Nepali verb with the negative prefix (`न` just before `start`, at a word's
    start: "नमेटाउनुहोस्"), or when `t[end : end + TAIL_CHARS]`, up to the first clause end or comma (`_CLAUSE_END`),
    holds a word of `NEGATORS_TAIL47` or "कभी नहीं", a Tamil negative imperative or a Nepali negated verb.
    """
    if start >= 1 and t[start - 1] == "न" and (start == 1 or not t[start - 2].isalpha()):
        return True
    seg = t[end : end + TAIL_CHARS]
    cut = _CLAUSE_END.search(seg)
    if cut:
        seg = seg[: cut.start()]
    words = _WORDS.findall(seg)
    if any(w in NEGATORS_TAIL47 for w in words) or "कभी नहीं" in seg:
        return True
    return any(w.endswith(_TAMIL_NEG) or _NEPALI_NEG.match(w) for w in words)


def scoped47(text: str, limit: int = 6000) -> tuple[set[str], set[str]]:
    """`_concepts46.scoped45` with `tail_negated` read after each unspaced form: (free risky steps, negated only)."""
    return scoped45(text, limit, tail_negated)


def vector47(text: str) -> list[float]:
    """`_concepts45.FEATURES45` of `text` (84 numbers), as `_concepts46.vector46` gives them.

    The risky steps are read by `scoped47`.
    """
    return vector46(text, scoped47)


def framed_risk47(text: str) -> bool:
    """Whether `concepts45` reads a frame or a claim and `scoped47` a risky step outside a negation's scope."""
    return framed_risk46(text, scoped47)
