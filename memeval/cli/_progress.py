"""Progress on stderr: `memeval check-tasks`'s two control runs, and the steps of a report (`steps_on`).

check-tasks shows its control runs (oracle, then nop) trial by trial, as `memeval ab` shows its own
(`_ab_run.run_trials`): a bar per control on a terminal, one line per ended trial otherwise (a log, a
CI job), nothing with `--quiet`. stdout stays the table or the JSON. `memeval report weekly` and
`memeval report-ab` show each step of making a report on one line of a terminal (`steps_on`).
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, TextIO

from memeval.cli._print import err_console

if TYPE_CHECKING:
    from pathlib import Path

    from rich.console import Console
    from rich.progress import Progress, TaskID

    from memeval.runner import Progress as RunProgress
    from memeval.types import Control


class ControlProgress:
    """The `on_progress` callback `memeval.runner.check_tasks` takes, printing on stderr."""

    def __init__(self, err: Console, bar: Progress, *, quiet: bool, show_bar: bool) -> None:
        """Print on `err`; `bar` draws only when `show_bar` (a terminal); `quiet` prints nothing."""
        self._err = err
        self._bar = bar
        self._quiet = quiet
        self._show_bar = show_bar
        self._jobs: dict[Control, TaskID] = {}

    def announce(self, tasks: int, runs_dir: Path, at_once: int = 1) -> None:
        """One line before the first trial: what runs, how many trials and at once, where the two runs go."""
        if self._quiet:
            return
        self._err.print(
            f"memeval: checking {tasks} task(s): oracle, then nop, {2 * tasks} trial(s) each, {at_once} at once "
            f"(both arms cold, no network); the two control runs go under {runs_dir}",
            soft_wrap=True,
            highlight=False,
            markup=False,
        )

    def __call__(self, control: Control, p: RunProgress) -> None:
        """One step of `control`'s run: the bar moves; an ended trial gets a line when there is no bar."""
        if self._quiet:
            return
        if control not in self._jobs:
            self._jobs[control] = self._bar.add_task(control, total=p.total)
        self._bar.update(self._jobs[control], completed=p.done, description=f"{control}: {len(p.running)} running")
        if not self._show_bar and p.kind == "ended":
            self._err.print(
                f"  {control} [{p.done}/{p.total}] {p.trial_id}: {p.assessment}",
                soft_wrap=True,
                highlight=False,
                markup=False,
            )


@contextmanager
def control_progress(quiet: bool) -> Iterator[ControlProgress]:
    """A `ControlProgress` on stderr for the length of the check; the bar is cleared up on exit.

    Args:
        quiet: print nothing at all (`--quiet`).

    Yields:
        The callback to hand to `check_tasks(on_progress=...)`, with `announce` for the first line.
    """
    err = err_console()
    show_bar = not quiet and sys.stderr.isatty()
    with trial_bar(err, show=show_bar) as bar:
        yield ControlProgress(err, bar, quiet=quiet, show_bar=show_bar)


def trial_bar(err: Console, *, show: bool) -> Progress:
    """The trials' progress bar that `memeval ab` and `check-tasks` share, hidden unless `show`.

    Done count and time first, the running trials last: a narrow terminal crops the last column.
    """
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    return Progress(
        MofNCompleteColumn(),
        BarColumn(bar_width=20),
        TimeElapsedColumn(),
        TextColumn("{task.description}"),
        console=err,
        disable=not show,
    )


@contextmanager
def steps_on(stream: TextIO, quiet: bool) -> Iterator[Callable[[str], None]]:
    """A progress callback that shows each step of a report on `stream`, when it is a terminal.

    One line, rewritten per step with the seconds since the start (`  1.2 s  laying out and
    writing the PDF ...`) and erased when the block ends, error or not, so stdout's result and
    any error message stand alone. Nothing is written with `quiet` or when `stream` is not a
    terminal (a pipe, a log, a test).
    """
    if quiet or not stream.isatty():
        yield lambda step: None
        return
    t0 = time.monotonic()
    shown = False

    def show(step: str) -> None:
        nonlocal shown
        stream.write(f"\r\x1b[K{time.monotonic() - t0:5.1f} s  {step} ...")
        stream.flush()
        shown = True

    try:
        yield show
    finally:
        if shown:
            stream.write("\r\x1b[K")
            stream.flush()
