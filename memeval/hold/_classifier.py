"""A small trained hold classifier: hashed character n-grams and logistic regression.

How a text is judged (`HashedClassifier.assess`):

1. readings: the text itself and what may hide in it (`views`): text smuggled in Unicode tag
   characters, Base64, hex and 8-bit binary runs, ROT13, reversed text and leetspeak (the last
   three only when they have a word worth a look);
2. a reading longer than `WINDOW` characters is scored in overlapping windows and paragraph by
   paragraph (a long benign document with one injected paragraph does not dilute it);
3. features of a window (`features`): invisible characters dropped, NFKC, case-folded; every
   character 2-, 3-, 4- and 5-gram (with a space before and after the text) hashed into
   2**`BITS` buckets (a multiplicative hash of the code points, the same on every machine);
   counts scaled to unit length;
4. probability = logistic(w . x + b); the text's score is the highest over readings and windows;
   held when it reaches the source's threshold (stored with the weights).

The weights are trained by `scripts/hold_train_round21.py` (`hashlr-14`, the default since issue 15's round
21: hashlr-12 refitted on every spent held-out set v4-v22, its thresholds chosen out of fold),
`scripts/hold_train_round20.py` (`hashlr-13`, round 20's default: the same on v4-v21),
`scripts/hold_train_cv.py` (`hashlr-10`, round 19's default; `hashlr-11`, which
has v15 as a fold but did not beat hashlr-10 by set; `hashlr-9`, `hashlr-8`, `hashlr-7`, `hashlr-6`,
`hashlr-5`, `hashlr-4`, `hashlr-3`), `scripts/hold_train.py` (`hashlr-2`) and
`scripts/hold_train_anchored.py` (`hashlr-12`: hashlr-10 refitted on the spent sets v4-v17 and their
sources, selectable; it did not beat hashlr-10 out of fold at equal precision) from public labelled data
(provenance in `memeval/hold/README.md`) and shipped in `memeval/hold/model/` as float16 (about 0.5 MiB
each). Nothing is downloaded at run time. Formula: logistic regression with L2 penalty
(e.g. Hastie, Tibshirani, Friedman, *Elements of Statistical Learning*, 4.4); hashing trick as in
Weinberger et al. 2009.
"""

from __future__ import annotations

import json
import re
import threading
import unicodedata
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from memeval.errors import UsageError
from memeval.hold._models import SOURCES, HoldAssessment, HoldReason, Source

BITS = 18
NGRAMS = (2, 3, 4, 5)
WINDOW = 1200
"""Characters per window; texts longer than this are scored in overlapping windows."""
STRIDE = 600
MODEL_DIR = Path(__file__).resolve().parent / "model"
DEFAULT_MODEL = "hashlr-14"
"""The shipped weights the default detector reads (`hashlr-13`, round 20's, `hashlr-10`, round 19's, `hashlr-9`
to `hashlr-3`, the previous defaults, and `hashlr-2` are shipped too: the opt-in cascade's numbers were chosen
with `hashlr-2`)."""

_MIX = np.uint64(0x9E3779B97F4A7C15)
_BASE = np.uint64(1000003)
_SHIFT = np.uint64(64 - BITS)
_N_SALT = {n: np.uint64((n * 0x632BE59BD9B4E019) & 0xFFFFFFFFFFFFFFFF) for n in NGRAMS}
_TAGS = re.compile("[\U000e0020-\U000e007e]{4,}")


_CF_RANGES = (
    (0xAD, 0xAD), (0x600, 0x605), (0x61C, 0x61C), (0x6DD, 0x6DD), (0x70F, 0x70F), (0x890, 0x891),
    (0x8E2, 0x8E2), (0x180E, 0x180E), (0x200B, 0x200F), (0x202A, 0x202E), (0x2060, 0x2064),
    (0x2066, 0x206F), (0xFEFF, 0xFEFF), (0xFFF9, 0xFFFB), (0x110BD, 0x110BD), (0x110CD, 0x110CD),
    (0x13430, 0x13438), (0x1BCA0, 0x1BCA3), (0x1D173, 0x1D17A), (0xE0001, 0xE0001), (0xE0020, 0xE007F),
)  # fmt: skip
"""Every code point of Unicode category Cf (Unicode 14, Python 3.11's `unicodedata`), as ranges."""
_CF = re.compile("[" + "".join(f"{chr(a)}-{chr(b)}" for a, b in _CF_RANGES) + "]")


def prepare(text: str) -> str:
    """What the features see: Cf characters (zero-width, bidi, tags) dropped, NFKC, case-folded."""
    if text.isascii():
        return text.lower()
    return unicodedata.normalize("NFKC", _CF.sub("", text)).casefold()


def _buckets(prepared: str) -> np.ndarray:
    """Bucket index of every character n-gram of `" " + prepared + " "` (uint64 array)."""
    padded = " " + prepared + " "
    cps = np.frombuffer(padded.encode("utf-32-le"), dtype=np.uint32).astype(np.uint64)
    parts = []
    with np.errstate(over="ignore"):
        for n in NGRAMS:
            if len(cps) < n:
                continue
            h = np.zeros(len(cps) - n + 1, dtype=np.uint64)
            for k in range(n):
                h = h * _BASE + cps[k : len(cps) - n + 1 + k]
            parts.append(((h ^ _N_SALT[n]) * _MIX) >> _SHIFT)
    return np.concatenate(parts) if parts else np.zeros(0, dtype=np.uint64)


def features(text: str) -> tuple[np.ndarray, np.ndarray]:
    """Sparse feature vector of `text`: (bucket indices int64, values float32), values of unit length."""
    idx, counts = np.unique(_buckets(prepare(text)), return_counts=True)
    vals = counts.astype(np.float32)
    norm = float(np.sqrt((vals * vals).sum()))
    return idx.astype(np.int64), (vals / norm if norm else vals)


_PARAGRAPH = re.compile(r"[^\n](?:.|\n(?!\s*\n))*")


def windows(text: str) -> Iterator[tuple[int, int]]:
    """`(start, end)` spans of `text` to score: all of it when short, else windows and paragraphs.

    A text longer than `WINDOW` is covered by windows of `WINDOW` characters, `STRIDE` apart, and
    each of its blank-line separated paragraphs of 40 to `WINDOW` characters is scored alone too
    (an injected paragraph is not diluted by the document around it).
    """
    if len(text) <= WINDOW:
        yield 0, len(text)
        return
    start = 0
    while True:
        end = min(start + WINDOW, len(text))
        yield start, end
        if end == len(text):
            break
        start += STRIDE
    for m in _PARAGRAPH.finditer(text):
        if 40 <= len(m.group().strip()) and m.end() - m.start() < WINDOW:
            yield m.start(), m.end()


_HTML_COMMENT = re.compile(r"<!--(.*?)-->", re.DOTALL)
_HIDDEN_ELEMENT = re.compile(
    r"<(\w+)[^>]*style\s*=\s*[\"'][^\"']*(?:display\s*:\s*none|visibility\s*:\s*hidden|"
    r"font-size\s*:\s*0|opacity\s*:\s*0(?:\.0+)?\b)[^\"']*[\"'][^>]*>(.*?)</\1\s*>",
    re.DOTALL | re.IGNORECASE,
)


def _json_strings(value: object) -> Iterator[str]:
    """Every string (keys and values) inside a decoded JSON value, depth first."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield k
            yield from _json_strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from _json_strings(v)


def _hidden_readings(text: str) -> list[tuple[int, int, str]]:
    """HTML comments, hidden elements' contents, and the strings of a JSON text (tool output)."""
    out = [(m.start(), m.end(), m.group(1)) for m in _HTML_COMMENT.finditer(text) if m.group(1).strip()]
    out += [(m.start(), m.end(), m.group(2)) for m in _HIDDEN_ELEMENT.finditer(text) if m.group(2).strip()]
    start = min((i for i in (text.find("{"), text.find("[")) if i >= 0), default=-1)
    if start >= 0:
        try:
            value, end = json.JSONDecoder().raw_decode(text, start)
        except ValueError:
            value, end = None, start
        strings = [s for s in _json_strings(value) if len(s) >= 8]
        if strings:
            out.append((start, end, "\n".join(strings)))
    return out


def views(text: str) -> list[tuple[int, int, str]]:
    """Readings of `text` to judge: `(start, end, reading)`, offsets into `text`, itself first.

    Besides the text: HTML comments and hidden elements, the strings of JSON (tool output),
    Unicode tag-character smuggling, Base64, hex and binary runs, and ROT13, reversed and
    leetspeak readings when they have a word worth a look.
    """
    from memeval.hold._readings import _decoded_texts, _variants, variants_worth_a_look  # one definition

    out = [(0, len(text), text)]
    out += _hidden_readings(text)
    for m in _TAGS.finditer(text):
        out.append((m.start(), m.end(), "".join(chr(ord(c) - 0xE0000) for c in m.group())))
    out += _decoded_texts(text)
    out += [
        v
        for v, worth in zip(_variants(text), variants_worth_a_look(text), strict=True)
        if worth or v[1] - v[0] != len(text)
    ]
    return out


def read_head(
    folder: Path,
    name: str,
    *,
    what: str,
    train: str,
    fits: Callable[[np.ndarray, Mapping[str, Any]], bool],
    mismatch: str,
) -> tuple[np.ndarray, float, dict[Source, float], dict[str, Any]]:
    """Read a logistic head: `folder/name.npz` (float32 `weights`, `bias`) and `folder/name.json`.

    Shared by the n-gram classifier and the encoder's head (`_encoder.EncoderModel`).

    Args:
        folder: the folder holding the two files.
        name: the files' stem (`hashlr-10`).
        what: how errors name the model ("hold classifier").
        train: the command that makes it, named when the files are missing.
        fits: whether the weights and the JSON match the features this code computes.
        mismatch: the error's words when they do not ("was trained with other features").

    Returns:
        (weights, bias, thresholds per source, the JSON's whole record).

    Raises:
        UsageError: the files are missing, the head does not fit, or a source has no threshold.
    """
    npz, meta_path = folder / f"{name}.npz", folder / f"{name}.json"
    if not npz.is_file() or not meta_path.is_file():
        raise UsageError(f"{what} {name!r} not found in {folder}; run {train}")
    with np.load(npz) as data:
        weights = data["weights"].astype(np.float32)
        bias = float(data["bias"])
    meta = json.loads(meta_path.read_text(encoding="utf-8"))
    if not fits(weights, meta):
        raise UsageError(f"{what} {name!r} {mismatch}; retrain it")
    thresholds = meta.get("thresholds", {})
    if set(thresholds) != set(SOURCES):
        raise UsageError(f"{what} {name!r} has thresholds for {sorted(thresholds)}, need {SOURCES}")
    return weights, bias, thresholds, meta


@dataclass(frozen=True)
class ClassifierModel:
    """Weights and settings of a trained classifier (`memeval/hold/model/<name>.npz` + `.json`)."""

    name: str
    weights: np.ndarray
    """float32 array of 2**BITS weights."""
    bias: float
    thresholds: Mapping[Source, float]
    """Probability at which a text from each source is held."""
    meta: Mapping[str, object]
    """Training record: data sources with counts, hyper-parameters, cross-validated figures."""

    @classmethod
    def load(cls, name: str = DEFAULT_MODEL, folder: Path = MODEL_DIR) -> ClassifierModel:
        """Load `folder/name.npz` (weights, bias) and `folder/name.json` (thresholds, meta).

        Raises:
            UsageError: the files are missing, or their shape or thresholds are wrong.
        """
        weights, bias, thresholds, meta = read_head(
            folder, name, what="hold classifier", train="scripts/hold_train.py",
            fits=lambda w, m: (w.shape == (1 << BITS,) and m.get("bits") == BITS
                               and tuple(m.get("ngrams", ())) == NGRAMS),
            mismatch="was trained with other features",
        )  # fmt: skip
        return cls(name=name, weights=weights, bias=bias, thresholds=thresholds, meta=meta)

    def probability(self, text: str) -> float:
        """P(orders to an agent) of one window of text, in [0, 1]."""
        idx, vals = features(text)
        z = float(np.dot(self.weights[idx], vals)) + self.bias
        return float(1.0 / (1.0 + np.exp(-z)))


class HashedClassifier:
    """The trained classifier as a `HoldDetector` (name `hashlr/10`); see the module docstring.

    Args:
        model: weights and thresholds (default: the shipped `DEFAULT_MODEL`, `hashlr-14`).
    """

    def __init__(self, model: ClassifierModel | None = None) -> None:
        self.model = model or ClassifierModel.load()
        self.name = self.model.name.replace("-", "/", 1)

    def score(self, text: str) -> tuple[float, int, int]:
        """Highest probability over readings and windows, with the span (offsets into `text`)."""
        return self.score_views(text, views(text))

    def score_views(self, text: str, readings: list[tuple[int, int, str]]) -> tuple[float, int, int]:
        """`score(text)` given `readings`, which must be `views(text)` of this very object (`_batch` reuses them)."""
        best = (0.0, 0, 0)
        for start, end, reading in readings:
            for ws, we in windows(reading):
                p = self.model.probability(reading[ws:we])
                if p > best[0]:
                    best = (p, start + ws, start + we) if reading is text else (p, start, end)
        return best

    def assess(self, text: str, source: Source) -> HoldAssessment:
        """Judge `text` from `source`.

        Returns:
            `HoldAssessment`; one reason `classifier` spanning the window that scored highest
            when its probability is at least half the source's threshold.

        Raises:
            UsageError: `source` is not one of `SOURCES`.
        """
        return window_assessment(text, source, self.score(text), self.model.thresholds, "classifier", self.name)


def window_assessment(
    text: str,
    source: Source,
    scored: tuple[float, int, int],
    thresholds: Mapping[Source, float],
    rule: str,
    detector: str,
) -> HoldAssessment:
    """A windowed scorer's verdict on `text` (the n-gram classifier's and the encoder's).

    Args:
        text: the text judged (its excerpt is cut from the window).
        source: where the text came from; picks the threshold.
        scored: (probability, start, end) of the window that scored highest.
        thresholds: per-source probability at or above which the text is held.
        rule: the reason's name; the reason is given from half the threshold up.
        detector: the assessment's detector name.

    Raises:
        UsageError: `source` is not one of `SOURCES`.
    """
    if source not in SOURCES:
        raise UsageError(f"unknown source {source!r}; use one of {', '.join(SOURCES)}")
    from memeval.hold._excerpt import excerpt

    p, start, end = scored
    threshold = thresholds[source]
    reasons: tuple[HoldReason, ...] = ()
    if p >= threshold / 2:
        reasons = (HoldReason(rule=rule, start=start, end=end, excerpt=excerpt(text[start:end])),)
    return HoldAssessment(held=p >= threshold, score=round(p, 4), reasons=reasons, detector=detector)


_LOCK = threading.Lock()
_LOADED: dict[str, HashedClassifier] = {}


def get_hold_classifier(name: str = DEFAULT_MODEL) -> HashedClassifier:
    """A shipped classifier (`DEFAULT_MODEL`, `hashlr-14`, unless named, e.g. `hashlr-13`), loaded once per process.

    Raises:
        UsageError: no such model is shipped (see `ClassifierModel.load`).
    """
    clf = _LOADED.get(name)
    if clf is None:
        with _LOCK:
            clf = _LOADED.get(name)
            if clf is None:
                clf = _LOADED[name] = HashedClassifier(ClassifierModel.load(name))
    return clf
