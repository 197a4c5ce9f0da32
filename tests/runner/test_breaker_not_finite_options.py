"""Infinite or not-a-number budgets and prices are refused before a run starts (exit 2, naming the value).

Found by a breaker: `--budget-usd inf` and `--run-budget-usd inf` were taken (click's `min=0` lets infinity
through), and a price file's `input_usd_per_mtok = nan` or `output_usd_per_mtok = inf` (TOML has both words) was
read as a price: every cost of that model became NaN or infinite, which JSON cannot hold (the record wrote them
as null, "not measured") and no limit can be compared with (NaN passes every limit). Now each is a usage error.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from runner_helpers import REPO, make_task


@pytest.mark.parametrize("option", ["--budget-usd", "--run-budget-usd"])
@pytest.mark.parametrize("value", ["inf", "Infinity", "1e999", "nan"])
def test_a_budget_that_is_not_a_finite_number_is_refused(tmp_path: Path, option: str, value: str) -> None:
    make_task(tmp_path / "tasks", "t")
    runs = tmp_path / "runs"
    proc = subprocess.run(
        [sys.executable, "-m", "memeval", "ab", str(tmp_path / "tasks"), "--agent", "nop", "--network", "none",
         option, value, "--runs-dir", str(runs), "--quiet"],
        cwd=REPO, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert proc.returncode == 2, proc.stderr
    assert f"invalid value for '{option}': '{value}': use a number from 0 to 1000000000" in proc.stderr
    assert not runs.exists() or not any(runs.iterdir())  # nothing was run


@pytest.mark.parametrize("field", ["input_usd_per_mtok", "output_usd_per_mtok", "cache_read_usd_per_mtok"])
@pytest.mark.parametrize("value", ["nan", "inf", "+inf", "-inf", "-1.0"])
def test_a_price_that_is_not_a_finite_price_is_refused(tmp_path: Path, run_ab, field: str, value: str) -> None:
    make_task(tmp_path / "tasks", "t")
    prices = {"input_usd_per_mtok": "3.0", "output_usd_per_mtok": "15.0", field: value}
    f = tmp_path / "prices.toml"
    f.write_text('[models."private-1"]\n' + "".join(f"{k} = {v}\n" for k, v in prices.items()))
    code, _, err = run_ab(str(tmp_path / "tasks"), "--agent", "nop", "--network", "none", "--prices", str(f))
    assert code == 2, err
    assert "private-1" in err and field in err and str(f) in err, err
    assert f"{field}: " in err and f"(got {float(value)!r})" in err, err  # the value, as TOML read it
    assert not (tmp_path / "runs").exists() or not any((tmp_path / "runs").iterdir())
