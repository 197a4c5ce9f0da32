"""Issue 15's round 25: v26 is spent (training data); the encoder-input bench's helpers read what they say.

Round 25 measured the encoder head's out-of-fold probability as an input of the stacked stage
(`bench/hold_cv_round25.py`) and shipped no detector (memeval/hold/README.md, round 25), so these tests pin the
data boundary and the two helpers the bench's figures rest on.
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest

ROOT = Path(__file__).resolve().parents[2]


def _import(folder: str, name: str):  # noqa: ANN202 - a module
    sys.path.insert(0, str(ROOT / folder))
    return __import__(name)


def test_v26_is_spent() -> None:
    """The training scripts may read v26 (the lead looked at it after round 24; later sets: test_hold_round27)."""
    cv = _import("scripts", "hold_train_cv")
    assert "v26" in cv.SPENT
    assert len(cv.set_rows("v26")) == 455


def test_a_texts_encoder_probability_is_its_highest_chunks() -> None:
    """`head_probability` gives each text the highest probability over its own chunks (as `EncoderClassifier.score`)."""
    b25 = _import("bench", "hold_cv_round25")
    emb = np.array([[1.0, 0.0], [0.0, 1.0], [0.0, -1.0], [-1.0, 0.0]])
    beta = np.array([0.0, 2.0, 1.0])  # bias, then one weight a dimension
    p = b25.head_probability(beta, emb, np.array([0, 0, 1, 2]), 3)
    sig = lambda z: 1 / (1 + np.exp(-z))  # noqa: E731
    assert p == pytest.approx([sig(2.0), sig(-1.0), sig(-2.0)])


def test_the_curve_figure_counts_rule_holds_and_stops_at_the_floor() -> None:
    """`curve_at` holds what the rules hold plus the rest from the lowest threshold still at the precision floor."""
    b25 = _import("bench", "hold_cv_round25")
    p = np.array([0.9, 0.8, 0.7, 0.6, 0.1])
    y = np.array([1.0, 1.0, 0.0, 1.0, 1.0])
    forced = np.array([False, False, False, False, True])
    assert b25.curve_at(p, y, forced, 0.95).startswith("3/4 = 0.750 at 1.000 (0 benign held")
    assert b25.auc(np.array([0.1, 0.4, 0.35, 0.8]), np.array([0.0, 0.0, 1.0, 1.0])) == pytest.approx(0.75)
