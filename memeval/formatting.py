"""How figures are written for people: money, percentages, durations and the A/B table's cells.

The one place: the terminal (`memeval.cli`), the HTML and PDF reports and the viewer
(`memeval.runreport`) and the weekly report (`memeval.auditreport`) all call these, so a figure reads
the same everywhere. Records and projections hold numbers (USD, fractions, seconds); text is made
here, at the edge. An unknown value is an em dash, never a zero.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import NamedTuple

UNKNOWN = "—"
"""What an unknown figure is written as."""


def money(usd: float | None, digits: int = 2, *, unknown: str = UNKNOWN, lower_bound: bool = False) -> str:
    """US dollars: `$0.18`, `$1,234.50`, `−$0.08` (a minus sign below zero), or `unknown` for None.

    Args:
        usd: the amount in US dollars, or None when it is not known.
        digits: decimals shown (2 for totals, 4 for small per-attempt spends, 6 for per-call costs).
        unknown: the text for None (an em dash; the A/B table writes `$—`).
        lower_bound: append `+`: some calls' cost was unknown, so the amount is at least this.
    """
    if usd is None:
        return unknown
    return f"{'−' if usd < 0 else ''}${abs(usd):,.{digits}f}" + ("+" if lower_bound else "")


def choices(items: Sequence[str], last: str = "or") -> str:
    """Items as a sentence lists them: `serial`, `serial or local`, `serial, local or ray`.

    Args:
        items: the words in order (at least one).
        last: the word before the last item (`or` for a choice, `and` for a set).

    Raises:
        ValueError: `items` is empty.
    """
    if not items:
        raise ValueError("choices() needs at least one item")
    if len(items) == 1:
        return items[0]
    return f"{', '.join(items[:-1])} {last} {items[-1]}"


def pct(fraction: float | None) -> str:
    """A fraction as a percentage with one decimal (`66.7%`), or an em dash."""
    return UNKNOWN if fraction is None else f"{100 * fraction:.1f}%"


def duration(seconds: float | None) -> str:
    """`6m 32s`, `1h 02m`, `14s` (rounded to whole seconds); an em dash when unknown."""
    if seconds is None:
        return UNKNOWN
    s = int(round(seconds))
    if s < 60:
        return f"{s}s"
    if s < 3600:
        return f"{s // 60}m {s % 60:02d}s"
    return f"{s // 3600}h {s % 3600 // 60:02d}m"


class CellValue(NamedTuple):
    """What one arm of one task of the A/B table holds, as values.

    A `NamedTuple` (made twice a task each time a table is serialised: a frozen dataclass's
    `__init__` sets each field through `object.__setattr__`, several times slower).

    Attributes:
        trials: ended trials of the arm (latest attempts).
        passes: those that passed the verifier.
        scored: those the verifier scored.
        faults: those that faulted, interrupted ones not counted (a harness fault, never the run's stop).
        fault_code: the fault's code when the cell is one faulted (or interrupted) trial.
        scored_single: the cell is one trial and the verifier scored it.
        cost_usd: known spend of every attempt, USD; None when the arm was not metered.
        cost_lower_bound: some answered call's cost was unknown (the spend is at least `cost_usd`).
        interrupted: those the run's stop cut off (fault `cancelled`): not measured, named apart.
    """

    trials: int
    passes: int
    scored: int
    faults: int
    fault_code: str | None
    scored_single: bool
    cost_usd: float | None
    cost_lower_bound: bool
    interrupted: int = 0


def cell_text(c: CellValue) -> str:
    """The A/B table's cell: `Passed · $0.18`, `Fault (timeout) · $—`, `2/3 passed · $0.40+ · 1 fault`.

    A trial the run's stop cut off is no fault: `Interrupted · $0.02`, `2/2 passed · $0.40 · 1 interrupted`.
    """
    spent = money(c.cost_usd, unknown="$" + UNKNOWN, lower_bound=c.cost_lower_bound)
    if c.trials == 1:
        if c.interrupted:
            word = "Interrupted"
        elif c.fault_code is not None:
            word = f"Fault ({c.fault_code})"
        elif not c.scored_single:
            word = "Not run"
        else:
            word = "Passed" if c.passes else "Failed"
        return f"{word} · {spent}"
    text = f"{c.passes}/{c.scored} passed · {spent}"
    if c.faults:
        text += f" · {c.faults} fault"
    if c.interrupted:
        text += f" · {c.interrupted} interrupted"
    return text


PASSES_COST_UNKNOWN = "no passing trial's cost is known"
"""An arm's cost of a pass when the arm passed but every pass is among its trials of unknown cost."""


def passes_cost_unknown(value: float | None, passes_known: int, cost_known: int, pass_rate: float | None) -> bool:
    """Whether an arm's cost of a pass is missing because its passes' costs are, not because it had no pass.

    The cost of a pass (`memeval.stats.ArmCostOfPass`) counts only the trials whose cost is known: its
    `passes` are the passes among them, and its `value` is None when there are none. An arm whose passes all
    made a call of unknown cost (a model with no price, usage not read) has a value of None and `passes` 0
    although it passed: "no pass" would say it did not.

    Args:
        value: the arm's cost of a pass, USD, or None.
        passes_known: its `passes` (among trials of known cost).
        cost_known: its scored trials with a known cost.
        pass_rate: the verdict's pass rate of the arm over the paired tasks (the trials the cost of a pass
            counts), or None.

    Returns:
        True when `value` is None, some trial's cost is known, none of those passed, and the arm's pass rate is
        above 0 (`PASSES_COST_UNKNOWN` words it); False otherwise.
    """
    return value is None and cost_known > 0 and passes_known == 0 and bool(pass_rate)


def run_ref(run_dir: str | os.PathLike[str], run_id: str | None = None) -> str:
    """How a command line names the run in `run_dir` so that a copied hint finds it.

    The run's id (`run_id`, else the folder's name), then ` --runs-dir DIR` unless DIR is `./runs` (the default)
    and MEMEVAL_RUNS_DIR is unset (a hint may be pasted into another shell); DIR is quoted for a
    POSIX shell when it needs it. Example: `01J9... --runs-dir '/tmp/my runs'`.
    """
    import shlex
    from pathlib import Path

    p = Path(run_dir)
    parent = p.parent
    if not os.environ.get("MEMEVAL_RUNS_DIR") and parent.resolve() == Path("runs").resolve():
        return shlex.quote(run_id or p.name)
    return f"{shlex.quote(run_id or p.name)} --runs-dir {shlex.quote(str(parent))}"


STARTED_WITH = "started-with.txt"
"""A run folder's record of the `memeval ab` command line that started (or last resumed) it, without its
`--resume`: task folder and other paths absolute, `--env` values and passworded URLs left out
(`memeval.cli._ab_run.record_start`). `resume_command` reads it; runs from before it have none."""


def resume_command(run_dir: str | os.PathLike[str], run_id: str | None = None) -> str:
    """The shell line that goes on with the run in `run_dir`: `memeval ab /abs/tasks ... --resume ID`.

    Made from the folder's `STARTED_WITH` record, so the task folder is the real one; a run with no
    usable record (older than it, or not one printable line) gets `memeval ab TASKS --resume ID`, with
    `TASKS` for the user to fill in. The run is named as `run_ref` names it.
    """
    from pathlib import Path

    try:
        started = (Path(run_dir) / STARTED_WITH).read_text(encoding="utf-8").strip()
    except (OSError, UnicodeDecodeError):  # no record (an older run): the placeholder below says what to give
        started = ""
    if not (started.startswith("memeval ab ") and started.isprintable()):
        started = "memeval ab TASKS"
    return f"{started} --resume {run_ref(run_dir, run_id)}"


def verdict_reason_words(reason: str, *, between: str = "the arms") -> str:
    """A verdict's reason code (`memeval.stats.PairedVerdict.reason`, a sequential path's) in words.

    The codes stay in the JSON and the log; people read these (`memeval ab`, `compare`, `report-ab`,
    the viewer). Examples: `too_few_tasks(<10)` -> `too few tasks to decide (a verdict needs 10
    paired)`; `no_informative_tasks` -> `no task's pass rate differs between the arms` (`between`:
    `A and B` in a comparison); `not_significant(p>=0.05)` -> `not significant (p at or over 0.05)`;
    `faults_could_change_it(2 faulted trial(s) counted against 'better' give 'unresolved', p=0.2)`
    -> `faults could change it: 2 faulted trial(s) counted against 'better' give 'unresolved' (p =
    0.2)`; sequential `significant(round=2, look=3)` -> `significant at round 2, look 3`,
    `futility(round=2)` -> `stopped for futility at round 2`, `max_rounds_reached` -> `no decision
    within the most rounds`, `in_progress` -> `still running`. A code not listed loses its
    underscores.
    """
    import re

    if m := re.fullmatch(r"too_few_tasks\(<(\d+)\)", reason):
        return f"too few tasks to decide (a verdict needs {m.group(1)} paired)"
    if reason == "no_informative_tasks":
        return f"no task's pass rate differs between {between}"
    if m := re.fullmatch(r"not_significant\(p>=([0-9.e-]+)\)", reason):
        return f"not significant (p at or over {m.group(1)})"
    if m := re.fullmatch(r"faults_could_change_it\((.*), p=([^,()]+)\)", reason, flags=re.DOTALL):
        return f"faults could change it: {m.group(1)} (p = {m.group(2)})"
    if m := re.fullmatch(r"(significant|futility)\(round=(\d+)(?:, look=(\d+))?\)", reason):
        head = "significant" if m.group(1) == "significant" else "stopped for futility"
        look = f", look {m.group(3)}" if m.group(3) else ""
        return f"{head} at round {m.group(2)}{look}"
    if reason == "max_rounds_reached":
        return "no decision within the most rounds"
    if reason == "in_progress":
        return "still running"
    return reason.replace("_", " ")


def p_words(p_value: float, method: str) -> str:
    """`p = 0.0117 by exact(binomtest)`, or `p = 1 (nothing differed to test)` when no task differed.

    Args:
        p_value: the verdict's p-value.
        method: `memeval.stats.PairedVerdict.p_method` (`no_informative_tasks` when no task differed).
    """
    if method == "no_informative_tasks":
        return f"p = {p_value:.4g} (nothing differed to test)"
    return f"p = {p_value:.4g} by {method}"


def paired_tasks(n: int) -> str:
    """`1 paired task`, `14 paired tasks`."""
    return f"{n} paired task{'' if n == 1 else 's'}"
