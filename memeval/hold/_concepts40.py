"""Round 40's reading for the concept stage (issue 15, round 40; measured by `bench/hold_cv_round40.py`, not shipped).

`vector40(text)` is `_concepts.vector38(text)` followed by `_concepts_lexicon40.LEXICON40`'s concepts (an act that
changes or leaks something, a stored lesson or hand-off or authority claimed, a check skipped, in about 50 languages),
read with a negation scope (`scoped40`), and their products with round 38's acts and frames. Kept apart from
`_concepts` so that rounds 36-38's stages read exactly what they were fitted on (`vector38` and `concepts38` give the
same numbers as before this module existed, checked over the 15,306 bench rows of v4-v39).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable

from memeval.hold._concepts import (
    _UNSPACED,
    _UNSPACED_RUN,
    FEATURES38,
    SCOPE_WORDS,
    _index,
    _negator,
    _scan,
    clause_words,
    scoped_acts,
    unspaced_negated,
    vector38,
)
from memeval.hold._concepts_lexicon40 import LEXICON40

_P40, _E40, _PH40, _S40 = _index(LEXICON40)
_P40_LENS = tuple(sorted({len(k) for k in _P40}))
_S40_LENS = tuple(sorted({len(k) for k in _S40}))


def concepts40(text: str, limit: int = 6000) -> set[str]:
    """The concepts of `LEXICON40` (`act40`, `frame40`, `skip40`) in the first `limit` characters of `text`.

    Matched as `_concepts.concepts` matches `LEXICON`'s forms.
    """
    return _scan(text, limit, _P40, _E40, _PH40, _S40, _P40_LENS, _S40_LENS)


def scoped_unspaced(
    t: str,
    sub: dict[str, tuple[str, ...]],
    sub_lens: tuple[int, ...],
    wanted: frozenset[str],
    free: set[str],
    negated: set[str],
    tail: Callable[[str, int, int], bool] | None = None,
) -> None:
    """Sort the `wanted` concepts of one lexicon's unspaced entries in the folded text `t` into `free` or `negated`.

    In place, as `unspaced_negated` reads each occurrence, or (when given) as `tail(t, start, end)` reads the text
    around it (`start`, `end`: the entry's offsets in `t`); `sub` is an `_index` table of the lexicon.

    The unspaced half of `_concepts40.scoped40` and `_concepts46.scoped45`: every substring of a run of an unspaced
    script whose length is in `sub_lens` is looked up (at a run's end a shorter slice may match a shorter entry).
    """
    if not _UNSPACED.search(t):
        return
    for m in _UNSPACED_RUN.finditer(t):
        run, start = m.group(), m.start()
        for i in range(len(run)):
            for k in sub_lens:
                c = sub.get(run[i : i + k])
                if c is None:
                    continue
                found = set(c) & wanted
                if found:
                    neg = unspaced_negated(run, i, k) or (tail is not None and tail(t, start + i, start + i + k))
                    (negated if neg else free).update(found)


def scoped40(text: str, limit: int = 6000) -> tuple[set[str], set[str]]:
    """`LEXICON40`'s acts and `skip40` in the first `limit` characters of `text`, split by negation scope.

    Split as `_concepts.scoped_acts` splits `ACTS`, with `NEGATORS40` as well. Returns (found at least once outside a
    negation's scope, found only under one).
    """
    t = unicodedata.normalize("NFKC", text[:limit]).casefold()
    free: set[str] = set()
    negated: set[str] = set()
    words, breaks = clause_words(t)
    last_neg = -(10**6)
    n = len(words)
    for i, w in enumerate(words):
        if i in breaks:
            last_neg = -(10**6)
        if _negator(words, i) or w in NEGATORS40:
            last_neg = i
            continue
        hit = set(_E40.get(w, ()))
        for k in _P40_LENS:
            if k > len(w):
                break
            hit.update(_P40.get(w[:k], ()))
        for form, whole, concept in _PH40.get(w, ()):
            m = len(form)
            if i + m <= n and all(words[i + j].startswith(form[j]) for j in range(1, m)):
                if not whole or words[i + m - 1] == form[-1]:
                    hit.add(concept)
        for c in hit & _SCOPED40:
            (negated if i - last_neg <= SCOPE_WORDS else free).add(c)
    scoped_unspaced(t, _S40, _S40_LENS, _SCOPED40, free, negated)
    return free, negated - free


_SCOPED40 = frozenset(("act40", "act40w", "skip40"))

NEGATORS40 = frozenset(
    (  # fmt: skip
        "aldri",
        "aldrig",
        "aldrei",
        "ikkje",
        "koskaan",
        "älä",
        "ära",
        "niekada",
        "nekad",
        "nikdy",
        "nigdy",
        "nikada",
        "nikoli",
        "никога",
        "никогда",
        "ніколи",
        "ποτέ",
        "μην",
        "soha",
        "sose",
        "niciodată",
        "asla",
        "hech",
        "heç",
        "არასოდეს",
        "არ",
        "երբեք",
        "մի",
        "kurrë",
        "mos",
        "choíche",
        "ná",
        "byth",
        "peidiwch",
        "inoiz",
        "ez",
        "nooit",
        "nimmer",
        "moenie",
        "kamwe",
        "usi",
        "usiwe",
        "ungalokothi",
        "máṣe",
        "không",
        "đừng",
        "jangan",
        "usah",
        "huwag",
        "kailanman",
        "hindi",
    )
)
"""Whole words that open a negation in the languages `LEXICON40` adds (read by `scoped40` only, besides `NEGATORS`
and the lexicon's negation forms, so that `scoped_acts` reads exactly what round 38's stage was fitted on)."""

FEATURES40 = (
    *FEATURES38,
    *(f"concept_{c}" for c in LEXICON40),
    "act40_free",
    "act40_negated_only",
    "act40w_risky",
    "act_any",
    "frame_any",
    "skip_any",
    "frame_any_x_act_any",
    "skip_any_x_act_any",
    "frame_x_act_undescribed",
)
"""The names of `vector40`'s numbers: `FEATURES38`, then `LEXICON40`'s concepts and their products."""

_FRAME_CONCEPTS38 = ("memory-frame", "authority-claim")
_FRAME_CONCEPTS = ("future", "relay")


def frame_and_act(v40: list[float]) -> bool:
    """Whether a `vector40` reads a frame and an act (round 40's gate in `bench/hold_cv_round40.py`).

    A frame: a stored lesson, a hand-off, authority claimed, "from now on", a speaker's frame; an act: one that changes
    or leaks something.
    """
    return v40[_FRAME_X_ACT] > 0


def vector40(text: str) -> list[float]:
    """`FEATURES40` of `text` (62 numbers).

    `vector38`'s numbers, then whether `LEXICON40`'s concepts occur, an act of any list (`act40`; `act40w`, run,
    give, change, only with an object, a skipped check, an outside place or rights named; or an act `scoped_acts`
    reads as ordered in a text that forbids no act: round 38's five-word scope leaves "faktur" in "jangan pernah
    menyetujui pembayaran tanpa memeriksa faktur" ordered), a frame of any list (`frame40`, `LEXICON38`'s stored
    lesson or authority claimed, `LEXICON`'s "from now on" or relayed message, `_FRAME`'s speaker), a check skipped
    of either list, and their products; the last also requires no words of description ("the attacker", "for example").

    `act40`, `act40w` and `skip40` count as ordered only outside a negation's scope (`scoped40`): "jangan pernah
    menyetujui pembayaran tanpa memeriksa faktur" (never approve a payment without checking the invoice) orders
    nothing.
    """
    v38 = vector38(text)
    more = concepts40(text)
    free40, negated40 = scoped40(text)
    has = dict(zip(FEATURES38, v38, strict=True))
    forbids = bool(negated40) or bool(scoped_acts(text)[1])
    act = "act40" in free40 or (has["acts_free_log1p"] > 0 and not forbids)
    frame = (
        "frame40" in more
        or any(has[f"concept_{c}"] > 0 for c in _FRAME_CONCEPTS38 + _FRAME_CONCEPTS)
        or has["speaker_frame"] > 0
    )
    skip = "skip40" in free40 or has["concept_skip-check"] > 0
    weak = "act40w" in free40 and (
        skip or has["objects_log1p"] > 0 or has["concept_external"] > 0 or has["concept_admin"] > 0
    )
    act = act or weak
    return [
        *v38,
        *(float(c in more) for c in LEXICON40),
        float("act40" in free40),
        float("act40" in negated40),
        float(weak),
        float(act),
        float(frame),
        float(skip),
        float(frame and act),
        float(skip and act),
        float(frame and act and has["concept_describe"] == 0),
    ]


_FRAME_X_ACT = FEATURES40.index("frame_any_x_act_any")
