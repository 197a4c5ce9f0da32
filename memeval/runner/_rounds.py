"""Rounds for `memeval ab --until-decided`: one more repeat of every task per round, a look after each.

The run is planned for `max_rounds` repeats. Round r runs every task's repeat r in both arms (the
scheduler's (task, repeat) units). With one look a round, the sequential verdict is read after each
round; with `looks_per_round` g > 1 each round's tasks, in sorted id order, are split into g groups
(task i of n in group floor(i g / n), as `memeval.stats.look_groups` says) and it is read after
each group. The verdict comes from the run's projection (`memeval.results`, which computes it from
the log's trials with `memeval.stats.path_from_outcomes`), and the run stops when it says so.
Nothing about a look is stored beside the evidence: `memeval replay` recomputes the same path from
the same log, and a resumed run that had already decided runs nothing more.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import groupby

from memeval.stats import SequentialResult


def units_by_look(
    units: Sequence[tuple[str, int]], task_ids: Sequence[str] = (), looks_per_round: int = 1
) -> list[tuple[int, list[tuple[str, int]]]]:
    """Group (task id, repeat) units by the look they belong to, in look order.

    Args:
        units: (task id, repeat) units, repeats 1-based.
        task_ids: every task of the run (the groups depend on each task's place among them in sorted
            order); a unit whose task is not among them goes with the first group of its round.
        looks_per_round: g, the groups a round is split into.

    Returns:
        (look number, units of that look) pairs, looks 1-based ((repeat - 1) g + group + 1), units
        within a look in the order given.
    """
    ordered = sorted(task_ids)
    n = max(len(ordered), 1)
    group = {t: (i * looks_per_round) // n for i, t in enumerate(ordered)}

    def look_of(u: tuple[str, int]) -> int:
        return (u[1] - 1) * looks_per_round + group.get(u[0], 0) + 1

    return [(h, list(us)) for h, us in groupby(sorted(units, key=look_of), key=look_of)]


def run_rounds(
    units: Sequence[tuple[str, int]],
    run_units: Callable[[list[tuple[str, int]]], None],
    look: Callable[[], SequentialResult | None],
    task_ids: Sequence[str] = (),
    looks_per_round: int = 1,
) -> SequentialResult | None:
    """Run look after look (a round, or a group of a round's tasks) until a look says stop.

    Args:
        units: every (task id, repeat) unit of the run.
        run_units: runs the given units (both arms each) and returns when they have ended.
        look: the sequential path over the log as it stands (None if the run has no design).
        task_ids: every task of the run, for the groups within a round (`units_by_look`).
        looks_per_round: the design's looks a round.

    Returns:
        The last path looked at.
    """
    path = look()
    for _, look_units in units_by_look(units, task_ids, looks_per_round):
        if path is not None and path.stopped:
            break
        run_units(look_units)
        path = look()
    return path
