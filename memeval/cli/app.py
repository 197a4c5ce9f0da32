"""The root typer application and the exit codes every command shares.

Commands live in sibling modules (`ab.py`, `audit.py`, ...) that import `app` and register on it;
`memeval.cli.__init__` imports them all. Domain errors become exit codes only here, at the edge:
0 ok, 1 failure, 2 usage, 130 interrupted.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from functools import wraps
from typing import ParamSpec, TypeVar

import typer

from memeval.errors import MemevalError, UsageError

EXIT_OK = 0
EXIT_FAILURE = 1
EXIT_USAGE = 2
EXIT_INTERRUPTED = 130

app = typer.Typer(
    name="memeval",
    help="Prove that your agents' shared memory helps (paired A/B runs), and keep it clean (audit).",
    no_args_is_help=True,
    # Plain help and usage errors: typer's rich help formatter imports rich and markdown-it, which
    # costs more than the rest of a command's start (issue 17 item 2). Sub-apps set the same.
    rich_markup_mode=None,
    pretty_exceptions_show_locals=False,
    add_completion=False,
)


def _version(value: bool) -> None:
    if value:
        from memeval import __version__

        typer.echo(f"memeval {__version__}")
        raise typer.Exit(EXIT_OK)


@app.callback()
def _root(
    version: bool = typer.Option(
        False, "--version", callback=_version, is_eager=True, help="Print memeval's version and exit."
    ),
) -> None:
    """Prove that your agents' shared memory helps (paired A/B runs), and keep it clean (audit)."""


P = ParamSpec("P")
R = TypeVar("R")


def fail(message: str, code: int = EXIT_USAGE) -> typer.Exit:
    """Print `message` to stderr as an error and return the `typer.Exit` to raise.

    Args:
        message: what was wrong, the offending value and the fix.
        code: the exit code (2 usage, 1 failure).

    Returns:
        A `typer.Exit` carrying `code`; the caller raises it.
    """
    typer.echo(f"error: {message}", err=True)
    return typer.Exit(code)


def translate_errors(fn: Callable[P, R]) -> Callable[P, R]:
    """Map memeval's errors to exit codes for a command function (usage 2, others 1, ^C 130)."""

    @wraps(fn)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return fn(*args, **kwargs)
        except UsageError as exc:
            raise fail(str(exc), EXIT_USAGE) from exc
        except MemevalError as exc:
            raise fail(str(exc), EXIT_FAILURE) from exc
        except KeyboardInterrupt as exc:
            typer.echo("interrupted", err=True)
            raise typer.Exit(EXIT_INTERRUPTED) from exc

    return wrapper


def main() -> None:
    """Console-script entry point: run the typer app."""
    app(prog_name="memeval")
    sys.exit(EXIT_OK)
