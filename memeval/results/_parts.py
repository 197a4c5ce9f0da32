"""What a projection's parts are made with (`Kit`) and what they are (`Parts`); split from `_fold.py`.

`memeval.results._fold.Projection.parts` makes the parts with a `Kit`: the models' (`memeval.results._project`) or
the plain structs' (`memeval.results._plainbody`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, NamedTuple


class Kit(NamedTuple):
    """What makes a projection's parts: the models (`_project.MODELS`) or plain structs (`_plainbody.PLAIN`).

    Each takes the fields its model takes (by name) and returns the part: `spend`
    (`AttemptSpend`), `unended` (`UnendedTrial`), `coverage` (`Coverage`), `record` (a
    `TrialRecord` from `_record`'s dict), `table_and_verdict` (the table's rows and the verdict,
    from the plan, the records, the unended trials and the superseded attempts) and `sequential`
    (the `SequentialRecord` from the plan and the records, or None).
    """

    spend: Callable[..., Any]
    unended: Callable[..., Any]
    coverage: Callable[..., Any]
    record: Callable[[dict[str, Any]], Any]
    table_and_verdict: Callable[[Any, Sequence[Any], Sequence[Any], Sequence[Any]], tuple[tuple[Any, ...], Any]]
    sequential: Callable[[Any, Sequence[Any]], Any]


class Parts(NamedTuple):
    """What `Projection.parts` projects: the result's fields but the plan's, the status and the run's faults.

    Each part as its `Kit` made it: `TrialRecord`s and the other models, or the plain structs.
    """

    trials: list[Any]
    superseded: list[Any]
    coverage: Any
    table: tuple[Any, ...]
    verdict: Any
    unended: list[Any]
    sequential: Any
