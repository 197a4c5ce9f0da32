"""The root typer application and the exit codes every command shares.

Commands live in sibling modules (`ab.py`, `audit.py`, ...) that import `app` and register on it;
`memeval.cli.__init__` imports them all. Domain errors become exit codes only here, at the edge:
0 ok, 1 failure, 2 usage, 130 interrupted.
"""

from __future__ import annotations

import errno
import os
import sys
from collections.abc import Callable
from functools import wraps
from pathlib import Path
from typing import ParamSpec, TypeVar

import typer
from typer._click.exceptions import ClickException, NoArgsIsHelpError  # typer's own click, whose errors it raises

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


def runs_dir_is_a_folder(value: Path) -> Path:
    """`--runs-dir` callback: a path that exists must be a folder (a missing one is made when needed).

    Raises:
        typer.BadParameter: it names a file (or a pipe, a device...), with the fix.
    """
    if value.exists() and not value.is_dir():
        raise typer.BadParameter(f"{str(value)!r} is not a folder: name a folder for run folders (made if missing)")
    return value


def runs_dir_to_read(ctx: typer.Context, param: typer.CallbackParam, value: Path) -> Path:
    """`--runs-dir` callback of commands that read runs: a folder the user named must exist.

    As `runs_dir_is_a_folder`, and a folder named by the option or `MEMEVAL_RUNS_DIR` must exist; the
    default missing (a fresh clone, no run yet) is fine.

    Raises:
        typer.BadParameter: not a folder, or a named folder that does not exist, with the fix.
    """
    from typer._click.core import ParameterSource

    runs_dir_is_a_folder(value)
    source = ctx.get_parameter_source(param.name or "runs_dir")
    if not value.exists() and source in (ParameterSource.COMMANDLINE, ParameterSource.ENVIRONMENT):
        raise typer.BadParameter(
            f"{str(value)!r} does not exist: name the folder `memeval ab --runs-dir` wrote the runs to, "
            "or leave it out for ./runs"
        )
    return value


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
        except OSError as exc:
            if exc.errno not in FULL_OR_READ_ONLY:
                raise
            raise fail(f"could not write {exc.filename or 'a file'}: {exc.strerror}", EXIT_FAILURE) from exc

    return wrapper


FULL_OR_READ_ONLY = frozenset({errno.ENOSPC, errno.EDQUOT, errno.EROFS, errno.EFBIG})
"""Write errors that are the storage's state, not a bug: one line and exit 1, never a traceback."""


def usage_line(exc: ClickException) -> str:
    """A usage error as one line: what was wrong (the option, the value given) and where help is.

    Click prints the usage, a hint and then the error on three lines; for a value out of range the
    value itself is not named. Here, e.g. `error: invalid value for '--agent-timeout': 1e+308:
    Input should be less than or equal to 604800 (see 'memeval ab --help')`.
    """
    from pydantic import ValidationError

    message = exc.format_message()
    if message.startswith("Invalid value"):
        message = "i" + message[1:]
    cause = exc.__cause__
    if isinstance(cause, ValidationError) and cause.errors():
        given = cause.errors()[0].get("input")
        head, sep, tail = message.partition(": ")
        message = f"{head}: {given!r}: {tail}" if sep and given is not None else message
    ctx = getattr(exc, "ctx", None)
    where = f" (see '{ctx.command_path} --help')" if ctx is not None else ""
    return f"error: {message}{where}"


def main() -> None:
    """Console-script entry point: run the typer app.

    Usage errors (a bad option, a value out of range, a missing argument) print one line
    (`usage_line`) and exit 2; every other ending is typer's own.
    """
    try:
        code = app(prog_name="memeval", standalone_mode=False)
    except NoArgsIsHelpError as exc:
        exc.show()  # the help itself, as before
        sys.exit(exc.exit_code)
    except ClickException as exc:
        typer.echo(usage_line(exc) if exc.exit_code == EXIT_USAGE else f"error: {exc.format_message()}", err=True)
        sys.exit(exc.exit_code)
    except typer.Abort:
        typer.echo("Aborted!", err=True)
        sys.exit(EXIT_FAILURE)
    except BrokenPipeError:  # `memeval runs | head`: the reader left; say nothing more
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(EXIT_FAILURE)
    sys.exit(code if isinstance(code, int) else EXIT_OK)
