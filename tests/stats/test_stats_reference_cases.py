"""Every reference case in tests/fixtures/stats/cases.json, figure by figure.

Tolerances: deterministic figures (counts, rates, exact p-values, Wilson, Newcombe and t
intervals) to 1e-12. Bootstrap intervals: to 15% relative (the cases hold scipy's draws; since
projection version 2 the bootstrap draws its own seeded stream, `memeval.stats._cost._Resamples`).
A Monte Carlo p-value (`p_method == "monte_carlo"`): within four Monte Carlo standard errors plus
1e-4 of the exact convolution value.
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from statsmodels.stats.contingency_tables import mcnemar

from memeval.stats import paired_verdict
from memeval.stats._intervals import newcombe_paired_interval

CASES_FILE = Path(__file__).resolve().parents[1] / "fixtures" / "stats" / "cases.json"


def _load() -> dict[str, Any]:
    # Fails collection (loudly) when the fixture copied into the repository is missing.
    if not CASES_FILE.is_file():
        raise FileNotFoundError(f"reference cases missing at {CASES_FILE}; restore tests/fixtures/stats/ from git")
    return json.loads(CASES_FILE.read_text(encoding="utf-8"))


REFERENCE = _load()
META = REFERENCE["meta"]
CASES = {c["name"]: c for c in REFERENCE["cases"]}
BOOT_REL_TOL = 0.15
"""The cases' intervals are scipy's draws; the bootstrap's own stream agrees within Monte Carlo error."""


def _compare(path: str, got: Any, want: Any, tol: float, problems: list[str]) -> None:
    if isinstance(want, dict):
        if not isinstance(got, dict):
            problems.append(f"{path}: got {got!r}, want a mapping")
            return
        for key, value in want.items():
            if key not in got:
                problems.append(f"{path}.{key}: missing")
            else:
                sub_tol = BOOT_REL_TOL if key == "ci" else tol
                _compare(f"{path}.{key}", got[key], value, sub_tol, problems)
    elif isinstance(want, list):
        if not isinstance(got, list) or len(got) != len(want):
            problems.append(f"{path}: got {got!r}, want {want!r}")
            return
        for i, (g, w) in enumerate(zip(got, want, strict=True)):
            _compare(f"{path}[{i}]", g, w, tol, problems)
    elif isinstance(want, float) and isinstance(got, int | float) and not isinstance(got, bool):
        if not math.isclose(got, want, rel_tol=tol if tol > 1e-12 else 0.0, abs_tol=1e-12):
            problems.append(f"{path}: got {got!r}, want {want!r}")
    elif got != want:
        problems.append(f"{path}: got {got!r}, want {want!r}")


def test_reference_cases_are_present() -> None:
    assert len(CASES) >= 8
    for key in ("alpha", "n_min", "perm_seed", "mc_resamples", "boot_seed", "boot_resamples"):
        assert key in META


@pytest.mark.parametrize("name", sorted(CASES))
def test_case_matches_every_expected_figure(name: str, to_tasks: Any) -> None:
    case = CASES[name]
    result = paired_verdict(
        to_tasks(case["tasks"]),
        alpha=META["alpha"],
        n_min=META["n_min"],
        perm_seed=META["perm_seed"],
        mc_resamples=META["mc_resamples"],
        exact_max_nonzero=META["exact_max_nonzero"],
        boot_seed=META["boot_seed"],
        boot_resamples=META["boot_resamples"],
    )
    got = result.model_dump(mode="json")
    want = dict(case["result"])
    # The reference cases predate the rule that faults cannot overturn a verdict: their `verdict`
    # and `reason` are the scored trials' word, kept as `verdict_scored` / `reason_scored`.
    got["verdict"], got["reason"] = got["verdict_scored"], got["reason_scored"]
    problems: list[str] = []
    if want.get("p_method") == "monte_carlo":
        p_mc, p_exact = got.pop("p_value"), want.pop("p_value")
        n = META["mc_resamples"]
        slack = 4 * math.sqrt(p_exact * (1 - p_exact) / n) + 1e-4
        if abs(p_mc - p_exact) > slack:
            problems.append(f"p_value: got {p_mc}, reference {p_exact}, allowed +-{slack:.5f}")
        assert abs(p_mc - got["p_value_exact_convolution"]) <= slack
    _compare("result", got, want, 1e-12, problems)
    assert not problems, "\n".join(problems)


def test_only_the_faulted_reference_case_is_overturned_by_its_faults(to_tasks: Any) -> None:
    overturned = {}
    for name, case in CASES.items():
        r = paired_verdict(to_tasks(case["tasks"]), boot_resamples=99)
        assert r.verdict_scored == case["result"]["verdict"]
        if r.verdict != r.verdict_scored:
            overturned[name] = r
    # C16: 10 of 78 trials faulted (6 baseline, 4 pack); counted against `better` (baseline
    # faults as passes, pack faults as fails) the sign-flip test no longer finds a difference.
    assert set(overturned) == {"C16_faults_k3"}
    r = overturned["C16_faults_k3"]
    assert r.verdict == "unresolved" and r.verdict_faults_against == "unresolved"
    assert r.reason.startswith("faults_could_change_it(10 faulted trial(s)")
    assert r.p_value_faults_against is not None and r.p_value_faults_against >= 0.05


def test_defaults_are_the_reference_meta(to_tasks: Any) -> None:
    case = CASES["C16_faults_k3"]
    assert (
        paired_verdict(to_tasks(case["tasks"])).model_dump(mode="json")["cost_of_pass"]
        == (
            paired_verdict(
                to_tasks(case["tasks"]),
                boot_seed=META["boot_seed"],
                boot_resamples=META["boot_resamples"],
            ).model_dump(mode="json")["cost_of_pass"]
        )
    )


@pytest.mark.parametrize("name", sorted(n for n, c in CASES.items() if c["k"] == 1))
def test_one_repeat_p_value_is_statsmodels_exact_mcnemar(name: str, to_tasks: Any) -> None:
    case = CASES[name]
    result = paired_verdict(to_tasks(case["tasks"]), boot_resamples=99)
    # Build the table independently of the package from the raw outcomes.
    table = np.zeros((2, 2), dtype=int)
    for task in case["tasks"]:
        (b,), (p,) = task["baseline"], task["pack"]
        table[0 if p["o"] == "pass" else 1, 0 if b["o"] == "pass" else 1] += 1
    expected = mcnemar(table, exact=True).pvalue
    assert result.one_repeat
    assert result.p_value == pytest.approx(expected, abs=1e-12)
    assert result.p_value == pytest.approx(case["result"]["p_mcnemar_exact"], abs=1e-12)
    assert result.table_pack_rows_baseline_cols == tuple(map(tuple, table.tolist()))


def test_newcombe_matches_the_published_check() -> None:
    (check,) = META["external_checks"]
    rows = check["table_rows_first_rating"]
    low, high = newcombe_paired_interval((tuple(rows[0]), tuple(rows[1])))
    (a, b), (c, d) = rows
    estimate = (b - c) / (a + b + c + d)
    assert round(estimate, 4) == check["expected"]["estimate"]
    assert round(low, 4) == check["expected"]["lower"]
    assert round(high, 4) == check["expected"]["upper"]
