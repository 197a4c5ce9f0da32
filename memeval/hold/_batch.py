"""Holding a batch of texts at once: the same verdicts as one text at a time, for less CPU.

`assess_many(detector, items)` returns `[detector.assess(text, source) for text, source in items]`,
bit for bit. For the default detector (`RulesWithClassifier` over the n-gram classifier
`HashedClassifier`) the classifier's probabilities of every window of every text are computed
first, together (`probabilities`): the n-grams of all windows are hashed in one pass of numpy
operations and counted with one sort, instead of about twenty small numpy calls and one sort
per window. Each window's features (sorted buckets, unit-length float32 counts) and dot product
are then exactly those `ClassifierModel.probability` computes, so the probabilities are the same
floats. The detector then judges each text as usual, reading a window's probability from that
table (a window not in it is computed as before). Any other detector is called one text at a
time.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

import numpy as np

from memeval.hold import _classifier as c
from memeval.hold._classifier import ClassifierModel, HashedClassifier
from memeval.hold._models import HoldAssessment, HoldDetector, Source

_MASK = np.uint64((1 << c.BITS) - 1)
_EXACT = float(1 << 24)


def probabilities(model: ClassifierModel, texts: Sequence[str]) -> list[float]:
    """`[model.probability(t) for t in texts]`, the same floats, hashed and counted in one batch.

    `probabilities_each` with one model.
    """
    return probabilities_each([model], texts)[0]


def probabilities_each(models: Sequence[ClassifierModel], texts: Sequence[str]) -> list[list[float]]:
    """`[[m.probability(t) for t in texts] for m in models]`, the same floats, the texts hashed and counted once.

    The n-grams of `" " + prepare(t) + " "` of every text are hashed over the texts joined end
    to end (an n-gram that would cross from one text into the next is dropped), tagged with the
    text's number above the bucket bits, and counted by one `np.unique`: per text, that gives the
    sorted buckets and counts `features` gives. The unit-length scaling is elementwise (the same
    IEEE operations, all at once); the sum of squares under it is an exact integer (below 2**24,
    else the text is computed one by one); the dot product is `np.dot` text by text, as in
    `ClassifierModel.probability`.
    """
    if not texts:
        return [[] for _ in models]
    padded = [" " + c.prepare(t) + " " for t in texts]
    lengths = np.fromiter((len(p) for p in padded), dtype=np.int64, count=len(padded))
    cps = np.frombuffer("".join(padded).encode("utf-32-le"), dtype=np.uint32).astype(np.uint64)
    # keys are (text number << BITS) | bucket: 32 bits while there are fewer than 2**(32 - BITS) texts
    kind = np.uint32 if len(texts) < 1 << (32 - c.BITS) else np.uint64
    owner = np.repeat(np.arange(len(texts), dtype=kind), lengths)
    parts = []
    with np.errstate(over="ignore"):
        for n in c.NGRAMS:
            m = len(cps) - n + 1
            if m <= 0:
                continue
            h = np.zeros(m, dtype=np.uint64)
            for k in range(n):
                h = h * c._BASE + cps[k : m + k]
            buckets = ((h ^ c._N_SALT[n]) * c._MIX) >> c._SHIFT
            inside = owner[:m] == owner[n - 1 :]
            parts.append((owner[:m][inside] << kind(c.BITS)) | buckets[inside].astype(kind))
    keys, counts = np.unique(np.concatenate(parts), return_counts=True)
    owners = (keys >> kind(c.BITS)).astype(np.int64)
    bounds = np.searchsorted(owners, np.arange(len(texts) + 1))
    buckets = (keys & kind(_MASK)).astype(np.int64)
    # the float32 sum of squared counts in `features` is exact (whatever its order) while it stays
    # below 2**24, the integers float32 holds exactly; a text with more is done as `features` does
    squares = np.bincount(owners, weights=(counts * counts).astype(np.float64), minlength=len(texts))
    norms = np.sqrt(squares.astype(np.float32))
    vals = counts.astype(np.float32) / norms[owners]
    outs = []
    for model in models:
        weights = model.weights[buckets]
        out = []
        for j in range(len(texts)):
            if squares[j] >= _EXACT:
                out.append(model.probability(texts[j]))
                continue
            a, b = bounds[j], bounds[j + 1]
            z = float(np.dot(weights[a:b], vals[a:b])) + model.bias
            out.append(float(1.0 / (1.0 + np.exp(-z))))
        outs.append(out)
    return outs


@dataclass(frozen=True)
class _PrimedModel(ClassifierModel):
    """A classifier model that reads the probabilities of windows computed ahead (`probabilities`)."""

    ahead: Mapping[str, float] = field(default_factory=dict)

    def probability(self, text: str) -> float:
        """The probability computed ahead for this window, else `ClassifierModel.probability`."""
        p = self.ahead.get(text)
        return super().probability(text) if p is None else p


class _PrimedClassifier(HashedClassifier):
    """A `HashedClassifier` that reuses the readings (`views`) `primed` computed for its texts.

    `views(text)` costs about as much as scoring a short text's windows once their probabilities
    are known, and `primed` needs them first to find the windows. A reading list is reused only
    for the very `text` object it was made from (`HashedClassifier.score` tells the text itself
    from its other readings by identity); any other text is read again.
    """

    def __init__(self, model: ClassifierModel, readings: Mapping[str, list[tuple[int, int, str]]]) -> None:
        super().__init__(model)
        self.readings = readings

    def score(self, text: str) -> tuple[float, int, int]:
        """`HashedClassifier.score`, from the readings made ahead when they are this text's."""
        ahead = self.readings.get(text)
        if ahead is None or ahead[0][2] is not text:
            return super().score(text)
        return self.score_views(text, ahead)


def primed(detector: HoldDetector, texts: Sequence[str]) -> HoldDetector:
    """`detector` with its n-gram classifier's window probabilities for `texts` computed ahead.

    For a detector with a `classifier` attribute that is exactly a `HashedClassifier` (the
    default `RulesWithClassifier`), a shallow copy whose classifier reads the table; with a `refit` attribute that
    is one too (round 34's stage, `_stacked.Stacked34Detector`), its probabilities are read from the same hashing
    pass; any other detector is returned as it is.
    """
    inner = getattr(detector, "classifier", None)
    if type(inner) is not HashedClassifier or not texts:
        return detector
    model = inner.model
    readings = {t: c.views(t) for t in dict.fromkeys(texts)}
    windows = list(
        dict.fromkeys(
            reading[s:e] for views in readings.values() for _, _, reading in views for s, e in c.windows(reading)
        )
    )
    refit = getattr(detector, "refit", None)  # round 34's stage reads a second classifier over the same windows
    models = [model] + ([refit.model] if type(refit) is HashedClassifier else [])
    tables = [dict(zip(windows, p, strict=True)) for p in probabilities_each(models, windows)]
    fast = copy.copy(detector)
    fast.classifier = _PrimedClassifier(  # type: ignore[attr-defined]  # checked above: it has one
        _PrimedModel(model.name, model.weights, model.bias, model.thresholds, model.meta, tables[0]), readings
    )
    if len(models) == 2:
        m = models[1]
        fast.refit = _PrimedClassifier(  # type: ignore[attr-defined]  # checked above: it has one
            _PrimedModel(m.name, m.weights, m.bias, m.thresholds, m.meta, tables[1]), readings
        )
    return fast


def assess_many(detector: HoldDetector, items: Sequence[tuple[str, Source]]) -> list[HoldAssessment]:
    """`[detector.assess(text, source) for text, source in items]`, the same assessments (see the module docstring)."""
    from memeval.hold._readings import readings_kept

    with readings_kept():  # the readings `primed` makes are read again by the rules
        fast = primed(detector, [t for t, _ in items])
        return [fast.assess(t, s) for t, s in items]
