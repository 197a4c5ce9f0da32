"""The `cost_faults` warning: spend the cost of a pass leaves out, each trial named for why it was left out.

The cost of a pass counts scored trials of paired tasks only. Three kinds of trial with spend are
left out, and the warning names each by what it is:

- a harness fault (`outcome` `fault`, not interrupted): the harness failed the trial, or an agent
  made its failure one (an answer file left a FIFO makes the verifier time out), which lowers its
  arm's figure;
- an interrupted trial (`interrupted`: the run was stopped, fault code `cancelled`): not a fault of
  the harness nor of the agent; `memeval ab --resume RUN` runs it again;
- a trial of a task left unpaired (scored in one arm only).

Before, all were "trials that ended in a fault", so a run stopped with Ctrl-C read as a run whose
harness had failed.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Literal

from memeval.formatting import choices

if TYPE_CHECKING:
    from memeval.stats._verdictcore import TaskTrials, TrialObs

Why = Literal["faulted", "interrupted", "unpaired"]
_ORDER: tuple[Why, ...] = ("faulted", "interrupted", "unpaired")

_WORDS: dict[Why, str] = {
    "faulted": "that ended in a harness fault",
    "interrupted": "that were interrupted (the run was stopped; `memeval ab --resume RUN` runs them again)",
    "unpaired": "whose task went unpaired",
}


def _why(x: TrialObs, paired: bool) -> Why | None:
    """Why the cost of a pass leaves out trial `x`'s spend, or None when it counts it (or it spent nothing)."""
    if x.cost_usd is None or x.cost_usd <= 0 or (paired and x.outcome != "fault"):
        return None
    if x.outcome == "fault":
        return "interrupted" if x.interrupted else "faulted"
    return "unpaired"


def left_out_spend(tasks: Sequence[TaskTrials], paired: Sequence[TaskTrials]) -> str | None:
    """The `cost_faults` warning's message, or None when the cost of a pass leaves out no spend.

    Args:
        tasks: every task's trials (`TaskTrials`-like; a trial with `interrupted` true is an interrupted one).
        paired: the tasks scored in both arms, whose scored trials the cost of a pass counts.

    Returns:
        A sentence naming the kinds left out and, per arm, the count and spend (US dollars) of each:
        `baseline 2, $0.4000 (2 interrupted); pack 1, $0.1000 (1 faulted)`.
    """
    in_pairs = {t.task_id for t in paired}
    arms: list[str] = []
    seen: set[Why] = set()
    for mode in ("baseline", "pack"):
        counts: dict[Why, int] = {}
        spend = 0.0
        for t in tasks:
            for x in getattr(t, mode):
                why = _why(x, t.task_id in in_pairs)
                if why is not None:
                    counts[why] = counts.get(why, 0) + 1
                    spend += float(x.cost_usd or 0.0)
        seen |= set(counts)
        parts = ", ".join(f"{counts[w]} {w}" for w in _ORDER if w in counts)
        arms.append(f"{mode} {sum(counts.values())}, ${spend:.4f}" + (f" ({parts})" if parts else ""))
    if not seen:
        return None
    kinds = [_WORDS[w] for w in _ORDER if w in seen]
    what = choices(kinds)
    gaming = (
        ", and an agent whose failures end as faults (an answer file left a FIFO makes the verifier time out) "
        "lowers its arm's figure"
        if "faulted" in seen
        else ""
    )
    return (
        f"cost of a pass leaves out the spend of trials {what} ({'; '.join(arms)}): it counts scored trials "
        f"of paired tasks only{gaming}; compare the arms' whole spend (Spent, every attempt) too"
    )
