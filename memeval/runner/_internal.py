"""An exception memeval did not expect, raised while it ran one attempt: that trial's `internal` fault.

Before, such an exception (a usage shape a claim reader did not foresee, a `RecursionError` in a parse, a
part's bug) went up through the attempt and stopped the whole run: every other trial, the other arm's
too, was cancelled, and each case had to be found and fixed one by one. Now `memeval.runner._attempt.Attempt.run`
records it as the trial's fault and the run goes on with the others. The fault is never a score (a fault
is never scored, and counts against the verdict like any other), and a bug stays visible: the fault's
message names the exception, its text (cut to `TEXT_CHARS`) and the line of memeval that raised it, and
standard error shows its traceback once per place it was raised from in a run (`say_once`), so a bug that
hits every trial prints once, not once a trial.

Whether the trial is retried is `memeval.runner._policy.fault_rule`'s: an exception raised before the
agent's turn began is retried under `--retries`; one raised after is not, since what the agent left may be
what made memeval fail.
"""

from __future__ import annotations

import sys
import threading
import traceback
from collections.abc import Callable
from pathlib import Path

import memeval

TEXT_CHARS = 300
"""The most characters of an exception's own text (`str(exc)`) a fault's message keeps."""

_PACKAGE = Path(memeval.__file__).resolve().parent
_said: set[tuple[str, str, str, int]] = set()
_said_lock = threading.Lock()


def _where(exc: BaseException) -> tuple[str, int, str] | None:
    """The innermost frame of `exc`'s traceback in memeval's code: (path from the package's parent, line, function)."""
    for frame in reversed(traceback.extract_tb(exc.__traceback__)):
        path = Path(frame.filename)
        if path.is_relative_to(_PACKAGE):
            return f"memeval/{path.relative_to(_PACKAGE).as_posix()}", frame.lineno or 0, frame.name
    return None


def described(exc: BaseException) -> str:
    """`exc` in one bounded line: its type, the innermost line of memeval that raised it, its text.

    E.g. "ValueError (at memeval/runner/_x.py:12 in f): bad value"; the text is cut to `TEXT_CHARS`
    characters (and "..."), its runs of white space made one space.
    """
    text = " ".join(str(exc).split())
    if len(text) > TEXT_CHARS:
        text = text[:TEXT_CHARS] + "..."
    where = _where(exc)
    at = f" (at {where[0]}:{where[1]} in {where[2]})" if where is not None else ""
    return f"{type(exc).__qualname__}{at}: {text or '(no message)'}"


def internal_message(exc: Exception, stage: str) -> str:
    """The `internal` fault's message for `exc`, raised while the attempt was at `stage`.

    Args:
        exc: the exception (its traceback is read for the place).
        stage: how far the attempt had got, as words (`agent stage`, `verify stage, keeping its world`; see
            `Attempt.stage`).

    Returns:
        One line (`described`): "memeval raised an unexpected ValueError (at memeval/runner/_x.py:12 in f):
        bad value (while the attempt was at its agent stage); a bug in memeval: the trial is not scored, and
        the run went on without it".
    """
    return internal_text(described(exc), stage)


def internal_text(what: str, stage: str, where: str = "") -> str:
    """`internal_message`'s words for an exception described as `what` (`described`), raised `where`.

    Args:
        what: the exception, as `described` gives it (made where it was raised: a Ray node sends it).
        stage: how far the attempt had got, as words (`build stage`).
        where: where and when it was raised, for an attempt that ran on a Ray node ("on Ray node 10.0.0.2
            (host, node 0123456789ab), while it set the attempt up"); empty: in this process.

    Returns:
        One line; with `where`: "on Ray node ..., while it set the attempt up, memeval raised an unexpected
        FileExistsError (...): ... (while the attempt was at its build stage); a bug in memeval or a fault of
        that machine: the trial is not scored, and the run went on without it".
    """
    if not where:
        return (
            f"memeval raised an unexpected {what} (while the attempt was at its {stage}); "
            "a bug in memeval: the trial is not scored, and the run went on without it"
        )
    return (
        f"{where}, memeval raised an unexpected {what} (while the attempt was at its {stage}); "
        "a bug in memeval or a fault of that machine: the trial is not scored, and the run went on without it"
    )


def say_once(exc: Exception, run: str, trial_id: str, scrub: Callable[[str], str]) -> bool:
    """Print `exc`'s traceback to standard error, unless one raised from the same place in `run` was printed before.

    Args:
        exc: the exception.
        run: the run it was raised in (its folder), so that each run of a process says its own.
        trial_id: the trial whose attempt raised it, named in the first line.
        scrub: applied to the text (the run's secret values blanked).

    Returns:
        Whether it printed. The place is the exception's type and its traceback's innermost frame (file and
        line), so a bug that hits every trial prints once.
    """
    frames = traceback.extract_tb(exc.__traceback__)
    inner = frames[-1] if frames else None
    key = (run, type(exc).__qualname__, inner.filename if inner else "", (inner.lineno or 0) if inner else 0)
    with _said_lock:
        if key in _said:
            return False
        _said.add(key)
    tb = "".join(traceback.format_exception(exc))
    print(
        f"memeval: trial {trial_id}: memeval raised an unexpected {type(exc).__qualname__}; recorded as the "
        "trial's `internal` fault, the run goes on (the traceback is shown once per place it is raised from):\n"
        f"{scrub(tb)}",
        file=sys.stderr,
        end="" if tb.endswith("\n") else "\n",
    )
    return True
