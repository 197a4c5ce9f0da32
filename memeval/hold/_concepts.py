"""A language-agnostic reading of risk: words of 30 languages mapped to 25 shared concepts (issue 15, round 36).

The character n-gram classifiers (hashlr-14, hashlr-16) learn an order's words language by language: what the
English rows teach them about "send the customer list to this outside address, do not tell the team" does not reach
the same order in Polish or Swahili, and the blind looks v31-v35 missed most orders outside English (v35: 15 of 64).
This module maps the words that carry such an order in about 30 languages onto shared concepts (an AI reader, a
message relayed between agents, a standing frame such as "from now on", an act: send, delete, switch off, conceal,
grant rights, pay, approve, run; an object: secrets, other people's data, logs, safeguards; and words of
description: "the attacker", "for example"), so that a model fitted on the pooled rows of every language reads the
same few numbers for all of them. The lists (`_concepts_lexicon`) are written for memeval (translation tables of
ordinary words, no text copied from any set or project), not learnt. Round 36's stage (`_stacked36`) reads them.

`concepts(text)` returns the set of concept names found; `vector(text)` the stage's numbers (`FEATURES`).
Matching: the text is NFKC-normalised and case-folded; a word of a spaced script matches a form when it starts with
the form's stem (a form ending in "=" must be the whole word); a form of several words matches consecutive words; a
form in a script written without spaces between words (Han, kana, Hangul, Thai, the Indic scripts, and Arabic,
Persian and Hebrew, where articles and conjunctions are written onto the word) matches anywhere as a substring.
Cost: about 0.03 ms of CPU a text of the ingest bench (words memoised; `bench/hold_cv_round36.py --cpu`).
"""

from __future__ import annotations

import math
import re
import unicodedata
from collections.abc import Iterable

from memeval.hold._concepts_lexicon import LEXICON

CONCEPTS = tuple(LEXICON)
"""The concepts, in the order of `vector`'s first numbers."""

ACTS = ("ignore", "reveal", "send", "delete", "disable", "conceal", "admin", "money", "approve", "execute", "persona")
"""The concepts that name a risky act."""

ADDRESS = ("ai-reader", "whoever", "relay", "future")
"""The concepts that say who or what the order is for."""

FEATURES = (
    *(f"concept_{c}" for c in CONCEPTS),
    "acts_log1p",
    "objects_log1p",
    "act_x_address",
    "act_x_object",
    "send_x_external",
    "act_x_conceal",
    "act_x_describe",
    "act_x_negation",
    "act_x_structured",
)
"""The names of `vector`'s numbers."""

_UNSPACED = re.compile(r"[\u0590-\u06ff\u0900-\u0dff\u0e00-\u0e7f\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af\uf900-\ufaff]")
_UNSPACED_RUN = re.compile(
    r"[\u0590-\u06ff\u0900-\u0dff\u0e00-\u0e7f\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af\uf900-\ufaff ]+"
)
_WORD = re.compile(r"[^\W\d_]+|[$€]")


def _index() -> tuple[
    dict[str, tuple[str, ...]],
    dict[str, tuple[str, ...]],
    dict[str, list[tuple[tuple[str, ...], bool, str]]],
    dict[str, tuple[str, ...]],
]:
    """The lookup tables of `LEXICON`.

    Returns:
        (stem -> concepts, whole word -> concepts, first word -> [(the phrase's words, last word whole, concept)],
        substring -> concepts).
    """
    prefix: dict[str, set[str]] = {}
    exact: dict[str, set[str]] = {}
    phrase: dict[str, list[tuple[tuple[str, ...], bool, str]]] = {}
    sub: dict[str, set[str]] = {}
    for concept, forms in LEXICON.items():
        for raw in forms:
            form = unicodedata.normalize("NFKC", raw).casefold().strip()
            if _UNSPACED.search(form):
                sub.setdefault(form, set()).add(concept)
                continue
            whole = form.endswith("=")
            words = tuple(_WORD.findall(form.rstrip("=")))
            if not words:
                continue
            if len(words) > 1:
                phrase.setdefault(words[0], []).append((words, whole, concept))
            else:
                (exact if whole else prefix).setdefault(words[0], set()).add(concept)
    return _frozen(prefix), _frozen(exact), phrase, _frozen(sub)


def _frozen(table: dict[str, set[str]]) -> dict[str, tuple[str, ...]]:
    """`table` with each set of concepts as a sorted tuple."""
    return {k: tuple(sorted(v)) for k, v in table.items()}


_PREFIX, _EXACT, _PHRASE, _SUB = _index()
_PREFIX_LENS = tuple(sorted({len(k) for k in _PREFIX}))
_SUB_LENS: dict[str, tuple[int, ...]] = {}
for _k in _SUB:
    _SUB_LENS[_k[0]] = tuple(sorted({*_SUB_LENS.get(_k[0], ()), len(_k)}))
_WORD_MEMO: dict[str, tuple[str, ...]] = {}
_MEMO_MAX = 200_000


def _word(w: str) -> tuple[str, ...]:
    """The concepts one word carries by itself (its whole form or a stem it starts with), memoised."""
    hit = _WORD_MEMO.get(w)
    if hit is not None:
        return hit
    out: set[str] = set(_EXACT.get(w, ()))
    for k in _PREFIX_LENS:
        if k > len(w):
            break
        out.update(_PREFIX.get(w[:k], ()))
    res = tuple(out)
    if len(_WORD_MEMO) >= _MEMO_MAX:
        _WORD_MEMO.clear()
    _WORD_MEMO[w] = res
    return res


def concepts(text: str, limit: int = 6000) -> set[str]:
    """The concept names whose forms occur in the first `limit` characters of `text` (see the module docstring)."""
    t = unicodedata.normalize("NFKC", text[:limit]).casefold()
    found: set[str] = set()
    words = _WORD.findall(t)
    n = len(words)
    for i, w in enumerate(words):
        found.update(_word(w))
        for form, whole, concept in _PHRASE.get(w, ()):
            m = len(form)
            if i + m > n or concept in found:
                continue
            ok = all(words[i + j].startswith(form[j]) for j in range(1, m))
            if ok and (not whole or words[i + m - 1] == form[-1]):
                found.add(concept)
    if _UNSPACED.search(t):
        for run in _UNSPACED_RUN.findall(t):
            r = len(run)
            for i, ch in enumerate(run):
                for k in _SUB_LENS.get(ch, ()):
                    if i + k > r:
                        break
                    c = _SUB.get(run[i : i + k])
                    if c is not None:
                        found.update(c)
    return found


OBJECTS = ("secret", "people", "logs", "safeguard", "rules")
"""The concepts that name what a risky act is done to."""

_STRUCTURED = re.compile(r'(?m)^\s*[\[{<]|"[\w-]+"\s*:|^[^\n;,]{1,40}[;,][^\n;,]{1,40}[;,]|^\s*[\w.-]+\s*[=:]\s*\S')
"""Data rather than prose: JSON, markup, a CSV or INI line, a key-value line (where a tool's output or a record
carries an order for whoever reads it)."""


def vector(text: str) -> list[float]:
    """`FEATURES` of `text`: one 0/1 per concept, then counts and products (see `FEATURES`)."""
    found = concepts(text)
    acts = sum(c in found for c in ACTS)
    objects = sum(c in found for c in OBJECTS)
    address = any(c in found for c in ADDRESS)
    return [
        *(float(c in found) for c in CONCEPTS),
        math.log1p(acts),
        math.log1p(objects),
        float(acts > 0 and address),
        float(acts > 0 and objects > 0),
        float("send" in found and ("external" in found or "people" in found or "secret" in found)),
        float(acts > 0 and "conceal" in found),
        float(acts > 0 and "describe" in found),
        float(acts > 0 and "negation" in found),
        float(acts > 0 and _STRUCTURED.search(text[:6000]) is not None),
    ]


def names(found: Iterable[str]) -> str:
    """The found concepts joined for printing."""
    return ",".join(sorted(found))
