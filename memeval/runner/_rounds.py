"""Rounds for `memeval ab --until-decided`: one more repeat of every task per round, then a look.

The run is planned for `max_rounds` repeats. Round r runs every task's repeat r in both arms (the
scheduler's (task, repeat) units); after it, the sequential verdict is read from the run's
projection (`memeval.results`, which computes it from the log's trials with
`memeval.stats.path_from_outcomes`), and the run stops when it says so. Nothing about a look is
stored beside the evidence: `memeval replay` recomputes the same path from the same log, and a
resumed run that had already decided runs nothing more.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import groupby

from memeval.stats import SequentialResult


def units_by_round(units: Sequence[tuple[str, int]]) -> list[tuple[int, list[tuple[str, int]]]]:
    """Group (task id, repeat) units by repeat, in round order."""
    ordered = sorted(units, key=lambda u: u[1])
    return [(r, list(us)) for r, us in groupby(ordered, key=lambda u: u[1])]


def run_rounds(
    units: Sequence[tuple[str, int]],
    run_units: Callable[[list[tuple[str, int]]], None],
    look: Callable[[], SequentialResult | None],
) -> SequentialResult | None:
    """Run round after round until a look says stop (or the rounds run out).

    Args:
        units: every (task id, repeat) unit of the run.
        run_units: runs the given units (both arms each) and returns when they have ended.
        look: the sequential path over the log as it stands (None if the run has no design).

    Returns:
        The last path looked at.
    """
    path = look()
    for _, round_units in units_by_round(units):
        if path is not None and path.stopped:
            break
        run_units(round_units)
        path = look()
    return path
