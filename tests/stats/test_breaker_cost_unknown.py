"""An arm whose failing trials have no known cost does not get a cheaper cost of a pass without a warning.

Found by the breaker: cost of a pass is taken over the scored trials whose cost is known, and what makes a trial's
cost unknown is the agent's own doing: one call to a model the price table does not know, one call with tools the
provider runs itself (web search), or (until the proxy read hung-up responses to their end) one call it hung up on.
An agent doing that in every trial it is failing left its arm's failures out of the figure: 10 tasks, 5 passes at
$1 each and 5 failures at $1 each gave the pack arm $1.00 a pass against an honest baseline's $2.00, with nothing
but a coverage count to tell. The verdict now carries a `cost_unknown` warning whenever an arm's figure is over
some of its trials only.
"""

from __future__ import annotations

from memeval.stats import TaskTrials, TrialObs, paired_verdict


def _run(pack_failures_cost: float | None) -> list[TaskTrials]:
    return [
        TaskTrials(
            task_id=f"t{i}",
            baseline=tuple(TrialObs(outcome="pass" if i < 5 else "fail", cost_usd=1.0) for _ in range(3)),
            pack=tuple(
                TrialObs(outcome="pass" if i < 5 else "fail", cost_usd=1.0 if i < 5 else pack_failures_cost)
                for _ in range(3)
            ),
        )  # fmt: skip
        for i in range(10)
    ]


def test_failures_of_unknown_cost_make_a_cheaper_figure_and_a_warning() -> None:
    cheat = paired_verdict(_run(None))
    honest = paired_verdict(_run(1.0))
    assert honest.cost_of_pass.pack.value == honest.cost_of_pass.baseline.value == 2.0
    assert cheat.cost_of_pass.pack.value == 1.0  # the figure alone still looks half the baseline's
    assert [w.kind for w in honest.warnings] == []
    (warning,) = [w for w in cheat.warnings if w.kind == "cost_unknown"]
    assert "pack 15 of 30" in warning.message and "baseline 0 of 30" in warning.message


def test_no_warning_when_no_cost_is_known_at_all() -> None:
    unmetered = paired_verdict(
        [
            TaskTrials(task_id=f"t{i}", baseline=(TrialObs(outcome="pass"),) * 3, pack=(TrialObs(outcome="fail"),) * 3)
            for i in range(10)
        ]
    )
    assert unmetered.cost_of_pass.pack.value is None
    assert "cost_unknown" not in [w.kind for w in unmetered.warnings]
