"""Shared helpers for the stats tests: converters from compact descriptions to typed inputs."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from memeval.stats import TaskTrials, TrialObs


def _arm(trials: list[dict[str, Any]]) -> tuple[TrialObs, ...]:
    return tuple(TrialObs(outcome=t["o"], cost_usd=t["cost"]) for t in trials)


@pytest.fixture(scope="session")
def to_tasks() -> Callable[[list[dict[str, Any]]], list[TaskTrials]]:
    """Convert the cases' `{"task", "baseline": [{"o", "cost"}], "pack"}` to TaskTrials."""

    def convert(raw_tasks: list[dict[str, Any]]) -> list[TaskTrials]:
        return [TaskTrials(task_id=t["task"], baseline=_arm(t["baseline"]), pack=_arm(t["pack"])) for t in raw_tasks]

    return convert


@pytest.fixture
def make_tasks() -> Callable[..., list[TaskTrials]]:
    """Build tasks from outcome strings: make_tasks(["f", "p"], ["p", "p"]) -> one task per pair.

    Each element is one task's trials in an arm, one letter per trial: p(ass), f(ail), x (fault).
    Every trial costs 0.10 USD unless `costs` gives per-task lists (None for unknown).
    """
    letters = {"p": "pass", "f": "fail", "x": "fault"}

    def build(
        baseline: list[str],
        pack: list[str],
        costs_b: list[list[float | None]] | None = None,
        costs_p: list[list[float | None]] | None = None,
    ) -> list[TaskTrials]:
        out = []
        for i, (b, p) in enumerate(zip(baseline, pack, strict=True)):
            cb = costs_b[i] if costs_b else [0.10] * len(b)
            cp = costs_p[i] if costs_p else [0.10] * len(p)
            out.append(
                TaskTrials(
                    task_id=f"t{i:03d}",
                    baseline=tuple(TrialObs(outcome=letters[c], cost_usd=x) for c, x in zip(b, cb, strict=True)),
                    pack=tuple(TrialObs(outcome=letters[c], cost_usd=x) for c, x in zip(p, cp, strict=True)),
                )
            )
        return out

    return build
