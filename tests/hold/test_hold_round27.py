"""Issue 15's round 27: v27 spent (training data), v28 too since its look; the bench's per-carrier threshold helper.

Round 27 measured cues of who speaks to whom and thresholds per carrier as parts of the stacked stage
(`bench/hold_cv_round27.py`, memeval/hold/README.md, round 27); these tests pin the data boundary and the helper
its `carrier` figures rest on.
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


def test_v27_to_v50_are_spent_and_v51_is_not() -> None:
    """Training may read v27 (looked at after round 26), v28 (27), v29-v44 (29-44), v45 (after 47), v46 (after 48),
    v47 (after 49), v48 (after 50), v49 (after 51), v50 (after 52); none later."""
    cv = _import("scripts", "hold_train_cv")
    assert {f"v{k}" for k in range(27, 51)} <= set(cv.SPENT) and "v51" not in cv.SPENT
    assert cv.SPENT == tuple(f"v{k}" for k in range(4, 51))
    assert len(cv.set_rows("v27")) == 515
    assert len(cv.set_rows("v28")) == 539
    assert len(cv.set_rows("v29")) == 333
    assert len(cv.set_rows("v30")) == 314
    assert len(cv.set_rows("v31")) == 388
    assert len(cv.set_rows("v32")) == 392
    assert len(cv.set_rows("v33")) == 392
    assert len(cv.set_rows("v34")) == 392
    assert len(cv.set_rows("v35")) == 388
    assert len(cv.set_rows("v36")) == 362
    assert len(cv.set_rows("v37")) == 389
    assert len(cv.set_rows("v38")) == 461
    assert len(cv.set_rows("v39")) == 491
    assert len(cv.set_rows("v40")) == 584
    assert len(cv.set_rows("v41")) == 414
    assert len(cv.set_rows("v42")) == 446
    assert len(cv.set_rows("v43")) == 429
    assert len(cv.set_rows("v44")) == 442
    assert len(cv.set_rows("v45")) == 440
    assert len(cv.set_rows("v46")) == 440
    assert len(cv.set_rows("v47")) == 440
    assert len(cv.set_rows("v48")) == 440
    assert len(cv.set_rows("v49")) == 440
    assert len(cv.set_rows("v50")) == 440
    with pytest.raises(SystemExit, match="not tuning data"):
        cv.set_rows("v51")


def test_each_carrier_gets_the_lowest_threshold_at_its_own_precision() -> None:
    """`carrier_thresholds` applies the pooled rule within each carrier: one carrier's benign rows cost only it."""
    b27 = _import("bench", "hold_cv_round27")
    p = np.array([0.9, 0.8, 0.7, 0.9, 0.8, 0.7])
    y = np.array([1.0, 1.0, 1.0, 1.0, 0.0, 1.0])
    forced = np.zeros(6, dtype=bool)
    kind = np.array(["read"] * 3 + ["person"] * 3)
    ts = b27.carrier_thresholds(p, y, forced, kind, 0.95)
    assert ts == {"read": pytest.approx(0.7), "person": pytest.approx(0.9)}
    assert b27.CARRIERS["tool"] == b27.CARRIERS["document"] == "read"


def test_two_thresholds_chosen_together_reach_the_pooled_precision() -> None:
    """`joint_thresholds` lowers one side's threshold as far as the pooled precision allows, not each side's alone."""
    b27s = _import("bench", "hold_cv_round27_script")
    p = np.array([0.9, 0.8, 0.7, 0.6, 0.9, 0.8, 0.7])
    y = np.array([1.0, 1.0, 0.0, 1.0, 1.0, 1.0, 1.0])
    two = np.array([False] * 4 + [True] * 3)
    assert b27s.joint_thresholds(p, y, np.zeros(7, dtype=bool), two, 0.95) == (0.8, 0.7)
    assert b27s.joint_thresholds(p, y, np.zeros(7, dtype=bool), two, 0.8) == (0.6, 0.7)  # 6 of 7 held: 0.857
    assert b27s.script_kind("plain words") == "ascii" and b27s.script_kind("今日は良い天気") == "other"
