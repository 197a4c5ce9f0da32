"""The Wilson interval gives statsmodels' floats bit for bit; the exact McNemar p-value is the exact one.

`memeval.stats._intervals` computes both itself so that a verdict does not load statsmodels (and
pandas with it), nor scipy: about a second of every cold replay in a fresh process. The golden
projections hold the Wilson floats, so they must be statsmodels' exactly, not merely close. The
McNemar p-value is summed in exact integers since projection 3 (`sign_test_p`): it is the true
value correctly rounded, checked against an independent exact sum, and within statsmodels' own
floating-point rounding of it (a few ulps, from adding float tail probabilities).
"""

from __future__ import annotations

import itertools
import math
import sys
from fractions import Fraction

import pytest
from statsmodels.stats.contingency_tables import mcnemar
from statsmodels.stats.proportion import proportion_confint

from memeval.stats._intervals import CONFIDENCE, mcnemar_exact_p, wilson_interval

MCNEMAR_RTOL = 1e-14
"""Per decade of the p-value's exponent (at least one): statsmodels sums scipy's float binomial tails,
a few ulps off near 1, and further in the far tail, where scipy computes x^a through a logarithm of
magnitude a |log x| (measured: 2.4e-13 relative at p = 2e-283, n = 1666; 4e-16 near 0.5)."""

SIZES = [*range(1, 41), 97, 100, 555, 1000, 1666, 3332, 10_007]


@pytest.mark.parametrize("n", SIZES)
def test_wilson_is_statsmodels_bit_for_bit(n: int) -> None:
    counts = range(n + 1) if n <= 100 else sorted({0, 1, 2, n // 3, n // 2, n - 2, n - 1, n})
    for k in counts:
        low, high = proportion_confint(k, n, alpha=1 - CONFIDENCE, method="wilson")
        assert wilson_interval(k, n) == (float(low), float(high)), (k, n)


@pytest.mark.parametrize("n", [0, 1, 2, 3, 7, 20, 51, 200, 1001, 1666])
def test_mcnemar_exact_is_the_exact_value_and_statsmodels_within_its_rounding(n: int) -> None:
    # The exact binomial tails, sum of C(n, i) for i <= k, each k once (not summed anew for every split).
    tails = list(itertools.accumulate(math.comb(n, i) for i in range(n + 1)))
    # Every split of n discordant pairs, with concordant cells that must not matter.
    for b in range(n + 1):
        table = ((5, b), (n - b, 11))
        got = mcnemar_exact_p(table)
        low = min(b, n - b)
        exact = min(Fraction(1), Fraction(2 * tails[low], 2**n))
        assert got == float(exact), table  # float(Fraction) rounds correctly
        expected = float(mcnemar([[5, b], [n - b, 11]], exact=True).pvalue)
        # Relative to the p-value's exponent; two of the smallest subnormals absolute, where statsmodels'
        # float tail has underflowed to fewer digits (or to 0).
        rtol = MCNEMAR_RTOL * max(1.0, -math.log10(expected)) if expected > 0 else 0.0
        assert math.isclose(got, expected, rel_tol=rtol, abs_tol=1e-323), (table, got, expected)


def test_a_verdict_does_not_load_statsmodels() -> None:
    # In a fresh interpreter: this test process has statsmodels loaded already (imported above).
    import subprocess

    code = (
        "import sys\n"
        "from memeval.stats import TaskTrials, TrialObs, paired_verdict\n"
        "t = [TaskTrials(task_id=f't{i}', baseline=(TrialObs(outcome='fail'),),"
        " pack=(TrialObs(outcome='pass' if i % 3 else 'fail'),)) for i in range(12)]\n"
        "v = paired_verdict(t, boot_resamples=99)\n"
        "assert v.p_mcnemar_exact is not None\n"
        "print(sorted(m for m in ('statsmodels', 'pandas') if m in sys.modules))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
