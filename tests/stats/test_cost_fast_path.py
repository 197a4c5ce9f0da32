"""The chunked cost-of-pass bootstrap gives the results the one-gather path gave, bit for bit.

The old path (kept here as the reference) drew int64 row indices and gathered every resample of an
arm at once; the fast path draws int32 indices and gathers 256 resamples at a time, both arms in one
pass, their passes packed into one int64 gather when they are small whole numbers (issue 17 item 5).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

import memeval.stats._cost as cost
from memeval.results import load_run, result_json

GOLDEN = Path(__file__).resolve().parents[1] / "fixtures" / "runlog_v1"


class _OneGather:
    """The resamples as they were drawn and summed before the fast path."""

    def __init__(self, n: int, seed: int, resamples: int, arms: object = ()) -> None:
        self._rows = np.random.default_rng(seed).integers(0, n, (resamples, n), dtype="int64")
        self._sums: dict[int, tuple[np.ndarray, np.ndarray]] = {}

    def ratio(self, spend: np.ndarray, passes: np.ndarray) -> np.ndarray:
        key = id(spend)
        if key not in self._sums:
            self._sums[key] = (spend[..., self._rows].sum(axis=-1), passes[..., self._rows].sum(axis=-1))
        s, p = self._sums[key]
        with np.errstate(divide="ignore", invalid="ignore"):
            return np.asarray(s / p)


@pytest.mark.parametrize("run", sorted(p.name for p in GOLDEN.iterdir()))
def test_golden_logs_replay_the_same_with_either_path(run: str, monkeypatch: pytest.MonkeyPatch) -> None:
    fast = result_json(load_run(GOLDEN / run, use_cache=False))
    monkeypatch.setattr(cost, "_Resamples", _OneGather)
    assert result_json(load_run(GOLDEN / run, use_cache=False)) == fast


@pytest.mark.parametrize(("n", "resamples"), [(2, 9999), (31, 999), (1666, 9999)])
@pytest.mark.parametrize("kind", ["whole", "halves", "huge"])
def test_the_sums_are_the_same_bits(n: int, resamples: int, kind: str) -> None:
    rng = np.random.default_rng(n)
    spend = rng.random(n) * (rng.random(n) < 0.9) * 3.7
    passes = rng.integers(0, 4, n).astype(np.float64)
    if kind == "halves":  # not whole: summed as floats, not packed
        passes = passes / 2
    elif kind == "huge":  # whole but too large to pack two arms' sums in one int64
        passes = passes * 2.0**40
    other = spend[::-1].copy()
    fast, old = cost._Resamples(n, 11, resamples, ((spend, passes), (other, passes))), _OneGather(n, 11, resamples)
    assert np.array_equal(fast._rows, old._rows)
    for arm in (spend, other):
        a, b = fast.ratio(arm, passes), old.ratio(arm, passes)
        assert np.array_equal(a, b, equal_nan=True)
    block = cost.cost_of_pass(
        cost.ArmCostData(tuple(spend), tuple(int(x) for x in passes), n, n),
        cost.ArmCostData(tuple(spend[::-1]), tuple(int(x) for x in passes), n, n),
        boot_seed=11,
        boot_resamples=resamples,
    )
    assert block.baseline.value is not None
