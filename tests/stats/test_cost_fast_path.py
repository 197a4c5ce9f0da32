"""The chunked cost-of-pass bootstrap gives what a plain reading of its documented stream gives.

The reference below draws the resamples as `_Resamples` documents them (`_CHUNK_ROWS` rows at a
time, `integers(0, n, (rows, n))` in 16-bit indices from `default_rng(seed)`), keeps them all, and
sums each arm's spend and passes with one float64 gather per arm; the fast path gathers both arms'
spends as one complex array and their passes packed into one int64 (issue 17 item 5). The sums may
differ in their last bits (another order of addition), never more.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

import memeval.stats._cost as cost
from memeval.results import load_run

GOLDEN = Path(__file__).resolve().parents[1] / "fixtures" / "runlog_v1"


def reference_rows(n: int, seed: int, resamples: int) -> np.ndarray:
    """Every resample's task indices, drawn as `_Resamples` documents its stream."""
    rng = np.random.default_rng(seed)
    chunks = [
        rng.integers(0, n, (min(cost._CHUNK_ROWS, resamples - start), n), dtype=np.uint16)
        for start in range(0, resamples, cost._CHUNK_ROWS)
    ]
    return np.concatenate(chunks).astype(np.intp)


class _Plain:
    """The resamples of the documented stream, summed one arm and one figure at a time."""

    def __init__(self, n: int, seed: int, resamples: int, arms: object = ()) -> None:
        self._rows = reference_rows(n, seed, resamples)

    def ratio(self, spend: np.ndarray, passes: np.ndarray) -> np.ndarray:
        with np.errstate(divide="ignore", invalid="ignore"):
            return np.asarray(spend[self._rows].sum(axis=-1) / passes[self._rows].sum(axis=-1))


@pytest.mark.parametrize("run", sorted(p.name for p in GOLDEN.iterdir()))
def test_golden_logs_replay_the_same_with_either_path(run: str, monkeypatch: pytest.MonkeyPatch) -> None:
    fast = load_run(GOLDEN / run, use_cache=False).result.verdict
    monkeypatch.setattr(cost, "_Resamples", _Plain)
    plain = load_run(GOLDEN / run, use_cache=False).result.verdict
    assert fast is not None and plain is not None
    for a, b in zip(_ends(fast.cost_of_pass), _ends(plain.cost_of_pass), strict=True):
        assert (a is None and b is None) or a == pytest.approx(b, rel=1e-12, abs=1e-15)


def _ends(block: object) -> list[float | None]:
    out: list[float | None] = []
    for part in ("baseline", "pack", "pack_minus_baseline"):
        ci = getattr(getattr(block, part), "ci", None) if getattr(block, part) is not None else None
        out += list(ci) if ci is not None else [None, None]
    return out


@pytest.mark.parametrize(("n", "resamples"), [(2, 9999), (31, 999), (1666, 9999)])
@pytest.mark.parametrize("kind", ["whole", "halves", "huge"])
def test_the_sums_are_the_plain_sums(n: int, resamples: int, kind: str) -> None:
    rng = np.random.default_rng(n)
    spend = rng.random(n) * (rng.random(n) < 0.9) * 3.7
    passes = rng.integers(0, 4, n).astype(np.float64)
    if kind == "halves":  # not whole: summed as floats, not packed
        passes = passes / 2
    elif kind == "huge":  # whole but too large to pack two arms' sums in one int64
        passes = passes * 2.0**40
    other = spend[::-1].copy()
    fast, plain = cost._Resamples(n, 11, resamples, ((spend, passes), (other, passes))), _Plain(n, 11, resamples)
    for arm in (spend, other):
        a, b = fast.ratio(arm, passes), plain.ratio(arm, passes)
        assert np.array_equal(np.isfinite(a), np.isfinite(b))
        assert np.allclose(a, b, rtol=1e-12, atol=0, equal_nan=True)
    block = cost.cost_of_pass(
        cost.ArmCostData(tuple(spend), tuple(int(x) for x in passes), n, n),
        cost.ArmCostData(tuple(spend[::-1]), tuple(int(x) for x in passes), n, n),
        boot_seed=11,
        boot_resamples=resamples,
    )
    assert block.baseline.value is not None


def test_one_arm_and_three_arms_are_summed_as_well() -> None:
    """An odd number of arms (the last spend gathered alone) gives the plain sums too."""
    n, rng = 40, np.random.default_rng(5)
    arms = tuple((rng.random(n), rng.integers(0, 3, n).astype(np.float64)) for _ in range(3))
    for k in (1, 3):
        fast, plain = cost._Resamples(n, 3, 999, arms[:k]), _Plain(n, 3, 999)
        for spend, passes in arms[:k]:
            assert np.allclose(fast.ratio(spend, passes), plain.ratio(spend, passes), rtol=1e-12, equal_nan=True)


def test_the_same_seed_gives_the_same_bits() -> None:
    n, rng = 300, np.random.default_rng(8)
    arms = ((rng.random(n), rng.integers(0, 2, n).astype(np.float64)),) * 2
    a, b = cost._Resamples(n, 9, 999, arms), cost._Resamples(n, 9, 999, arms)
    assert np.array_equal(a.ratio(*arms[0]), b.ratio(*arms[0]), equal_nan=True)
    c = cost._Resamples(n, 10, 999, arms)
    assert not np.array_equal(a.ratio(*arms[0]), c.ratio(*arms[0]), equal_nan=True)
