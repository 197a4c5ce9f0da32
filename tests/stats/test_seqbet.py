"""The betting test (hedged capital process): hand-checked capital and its error rate."""

from __future__ import annotations

import numpy as np
import pytest

from memeval.stats._seqbet import betting_decisions, hedged_capital
from memeval.stats._seqsim import simulate_betting


def test_capital_by_hand_with_truncated_bets() -> None:
    # y = (d + 1) / 2 = 1, 1. Task 1: s2 = 1/4 / 1, h = 1 ln 2, sqrt(2 ln 40 / (0.25 * 0.693)) = 6.5
    # > c / m = 1.5, so the bet is 1.5: up = 1 + 1.5 * 0.5 = 1.75, down = 0.25. Task 2: running
    # mean 0.5 before y_1, (y_1 - 0.5)^2 = 0.25, s2 = (0.25 + 0.25) / 2, bet again 1.5:
    # up = 1.75^2 = 3.0625, down = 0.25^2 = 0.0625.
    up, down = hedged_capital(np.array([1.0, 1.0]))
    assert up[0].tolist() == pytest.approx([1.75, 3.0625])
    assert down[0].tolist() == pytest.approx([0.25, 0.0625])


def test_capital_by_hand_with_horizon_tuned_bets() -> None:
    # 100 tasks, fixed horizon. Task 1: bet sqrt(2 ln 40 / (0.25 * 100)) = 0.5432406, y = 0.6:
    # up = 1 + 0.5432406 * 0.1 = 1.05432406. Task 2: running mean (0.5 + 0.6) / 2 = 0.55 is after
    # y_1; s2 = (0.25 + (0.6 - 0.5)^2) / 2 = 0.13, bet sqrt(7.3777589 / 13) = 0.7533392, y = 0.4:
    # up = 1.05432406 * (1 - 0.0753339) = 0.9748977, down = (1 - 0.0543241) * (1 + 0.0753339).
    d = np.zeros(100)
    d[0], d[1] = 0.2, -0.2
    up, down = hedged_capital(d, horizon="fixed")
    assert up[0, 0] == pytest.approx(1.0543241, abs=1e-7)
    assert up[0, 1] == pytest.approx(0.9748977, abs=1e-7)
    assert down[0, 1] == pytest.approx(0.9456759 * 1.0753339, abs=1e-7)
    assert up[0, -1] == pytest.approx(up[0, 1])  # d = 0 afterwards changes nothing


def test_tasks_without_a_scored_trial_are_skipped() -> None:
    up, down = hedged_capital(np.array([np.nan, 1.0, 1.0]))
    assert up[0].tolist() == pytest.approx([1.0, 1.75, 3.0625])


def test_values_outside_the_bounds_are_refused() -> None:
    with pytest.raises(ValueError, match=r"\[-1, 1\]"):
        hedged_capital(np.array([1.5]))


def test_decisions_stop_at_the_first_look_over_one_over_alpha() -> None:
    # Eight tasks all d = 1: up = 1.75^t, hedged >= 20 first at t = 7 (1.75^6 / 2 = 14.4 < 20,
    # 1.75^7 / 2 = 25.1), so reading at 4 and 8 tasks it stops at the look of 8; all -1 says worse.
    d = np.array([[1.0] * 8, [-1.0] * 8, [0.0] * 8])
    verdict, stop = betting_decisions(d, np.array([4, 8]))
    assert verdict.tolist() == [1, -1, 0]
    assert stop.tolist() == [1, 1, 1]


def test_false_verdict_rate_under_the_sharp_null_is_at_most_alpha() -> None:
    # Ville's inequality bounds it by 5%; 1,000 runs at 5% would give more than 72 with chance < 0.001.
    s = simulate_betting(
        n_tasks=100,
        repeats=1,
        batch=10,
        base=0.5,
        effect=0.0,
        model="uniform",
        null="sharp",
        n_sims=1000,
        rng=np.random.default_rng(4),
        horizon="fixed",
    )
    assert s.better + s.worse <= 72
