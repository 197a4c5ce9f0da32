"""Property tests: the procedure is symmetric in the arms and its p-values are probabilities."""

from __future__ import annotations

import math

import hypothesis.strategies as st
import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from statsmodels.stats.multitest import multipletests

from memeval.stats import PairedVerdict, TaskTrials, TrialObs, holm_adjust, paired_verdict

QUICK = {"boot_resamples": 99, "mc_resamples": 2000}
FLIP = {"better": "worse", "worse": "better", "unresolved": "unresolved"}

trials = st.builds(
    TrialObs,
    outcome=st.sampled_from(["pass", "fail", "fault"]),
    cost_usd=st.one_of(st.none(), st.floats(0, 2, allow_nan=False)),
)
arm = st.lists(trials, min_size=0, max_size=4).map(tuple)


@st.composite
def runs(draw: st.DrawFn) -> list[TaskTrials]:
    n = draw(st.integers(0, 22))
    return [TaskTrials(task_id=f"t{i}", baseline=draw(arm), pack=draw(arm)) for i in range(n)]


def swapped(tasks: list[TaskTrials]) -> list[TaskTrials]:
    return [TaskTrials(task_id=t.task_id, baseline=t.pack, pack=t.baseline) for t in tasks]


def _check_probabilities(r: PairedVerdict) -> None:
    for p in (r.p_value, r.p_sign_test, r.p_value_exact_convolution, r.p_paired_t):
        assert p is None or 0.0 <= p <= 1.0
    if r.p_method in ("exact", "exact(binomtest)", "no_informative_tasks"):
        assert math.isclose(r.p_value, r.p_value_exact_convolution, abs_tol=1e-12)


def _swap_words(reason: str) -> str:
    return reason.replace("'better'", "\0").replace("'worse'", "'better'").replace("\0", "'worse'")


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(runs())
def test_swapping_arms_flips_the_verdict_and_negates_the_estimate(tasks: list[TaskTrials]) -> None:
    r = paired_verdict(tasks, **QUICK)
    s = paired_verdict(swapped(tasks), **QUICK)
    _check_probabilities(r)
    _check_probabilities(s)
    # The reason names the direction the faults were counted against, which swaps with the arms.
    assert s.verdict == FLIP[r.verdict] and s.reason == _swap_words(r.reason)
    assert (s.delta is None) == (r.delta is None)
    if r.delta is not None:
        assert s.delta == -r.delta
    assert (s.n_pos, s.n_neg, s.n_tied) == (r.n_neg, r.n_pos, r.n_tied)
    assert math.isclose(s.p_value, r.p_value, abs_tol=1e-12)
    assert (s.pass_rate_pack, s.pass_rate_baseline) == (r.pass_rate_baseline, r.pass_rate_pack)
    assert s.cost_of_pass.pack.value == r.cost_of_pass.baseline.value
    assert s.cost_of_pass.baseline.cost_coverage == r.cost_of_pass.pack.cost_coverage
    assert (s.faults.baseline, s.faults.pack) == (r.faults.pack, r.faults.baseline)
    assert s.tasks_dropped == r.tasks_dropped


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(runs())
def test_intervals_hold_their_estimates(tasks: list[TaskTrials]) -> None:
    r = paired_verdict(tasks, **QUICK)
    eps = 1e-12
    if r.delta_ci is not None and r.delta is not None:
        assert r.delta_ci.lower - eps <= r.delta <= r.delta_ci.upper + eps
    for ci, rate in (
        (r.pass_rate_ci_baseline, r.pass_rate_baseline),
        (r.pass_rate_ci_pack, r.pass_rate_pack),
    ):
        if ci is not None and rate is not None:
            assert ci.lower - eps <= rate <= ci.upper + eps
    for block in (r.cost_of_pass.baseline, r.cost_of_pass.pack):
        if block.value is None:
            assert block.passes == 0 and block.ci is None
        else:
            assert math.isfinite(block.value) and block.value >= 0
    assert r.n_tasks_paired + len(r.tasks_dropped) == r.n_tasks_total


@given(st.lists(st.floats(0, 1, allow_nan=False), min_size=1, max_size=30))
def test_holm_is_monotone_and_bounded(p_values: list[float]) -> None:
    got = holm_adjust(p_values)
    assert all(p <= g <= 1.0 for g, p in zip(got, p_values, strict=True))
    order = sorted(range(len(p_values)), key=lambda i: p_values[i])
    assert all(got[a] <= got[b] for a, b in zip(order, order[1:], strict=False))


# statsmodels' multipletests runs gc.collect() on every call (~0.1 s here), so a fixed seeded
# batch is compared rather than hypothesis examples.
HOLM_VECTORS = [
    [0.01, 0.04, 0.03, 0.005],
    [0.0, 1.0, 0.5, 0.5],
    [0.2],
    *np.random.default_rng(7).uniform(0, 0.2, size=(6, 12)).tolist(),
]


def test_holm_matches_statsmodels() -> None:
    for p_values in HOLM_VECTORS:
        expected = multipletests(p_values, method="holm")[1]
        got = holm_adjust(p_values)
        assert all(math.isclose(g, e, abs_tol=1e-12) for g, e in zip(got, expected, strict=True))


def test_holm_refuses_a_non_probability() -> None:
    with pytest.raises(ValueError, match="got 1.2"):
        holm_adjust([0.1, 1.2])
    with pytest.raises(ValueError, match="got nan"):
        holm_adjust([math.nan])
