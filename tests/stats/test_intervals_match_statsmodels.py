"""The Wilson interval and the exact McNemar p-value give statsmodels' floats, bit for bit.

`memeval.stats._intervals` computes both itself so that a verdict does not load statsmodels (and
pandas with it): about a quarter of a second of every cold replay in a fresh process. The golden
projections hold these floats, so they must be statsmodels' exactly, not merely close.
"""

from __future__ import annotations

import sys

import pytest
from statsmodels.stats.contingency_tables import mcnemar
from statsmodels.stats.proportion import proportion_confint

from memeval.stats._intervals import CONFIDENCE, mcnemar_exact_p, wilson_interval

SIZES = [*range(1, 41), 97, 100, 555, 1000, 1666, 3332, 10_007]


@pytest.mark.parametrize("n", SIZES)
def test_wilson_is_statsmodels_bit_for_bit(n: int) -> None:
    counts = range(n + 1) if n <= 100 else sorted({0, 1, 2, n // 3, n // 2, n - 2, n - 1, n})
    for k in counts:
        low, high = proportion_confint(k, n, alpha=1 - CONFIDENCE, method="wilson")
        assert wilson_interval(k, n) == (float(low), float(high)), (k, n)


@pytest.mark.parametrize("n", [0, 1, 2, 3, 7, 20, 51, 200, 1001, 1666])
def test_mcnemar_exact_is_statsmodels_bit_for_bit(n: int) -> None:
    # Every split of n discordant pairs, with concordant cells that must not matter.
    for b in range(n + 1):
        table = ((5, b), (n - b, 11))
        expected = float(mcnemar([[5, b], [n - b, 11]], exact=True).pvalue)
        assert mcnemar_exact_p(table) == expected, table


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
