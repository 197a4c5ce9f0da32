"""The root typer application and the exit codes every command shares.

Commands live in sibling modules (`ab.py`, `audit.py`, ...), each on its own `typer.Typer`. The root
knows them by name (`COMMANDS`: module and one-line help) and imports a module, and builds its
click command (with `_plain`'s classes), only when that command runs or shows its own help:
`memeval --help` lists every command from the table alone. Domain errors become exit codes only
here, at the edge: 0 ok, 1 failure, 2 usage, 130 interrupted.
"""

from __future__ import annotations

import atexit
import errno
import gc
import importlib
import os
import sys
from collections.abc import Callable
from difflib import get_close_matches
from functools import wraps
from pathlib import Path
from typing import NamedTuple, NoReturn, ParamSpec, TypeVar

import typer
import typer.main
from typer._click.core import Command, Context
from typer._click.exceptions import ClickException, NoArgsIsHelpError  # typer's own click, whose errors it raises
from typer._click.exceptions import UsageError as ClickUsageError
from typer._click.formatting import HelpFormatter

from memeval._collector import collector_paused
from memeval._readerleft import ReaderLeft, end_reader_left
from memeval.cli._interrupt import interruption_said, say_interrupted
from memeval.cli._plain import PlainGroup, plain_classes, summary
from memeval.cli._usage import MAX_SHOWN_INPUT as MAX_SHOWN_INPUT  # re-exported: imported from here
from memeval.cli._usage import number_fix as number_fix
from memeval.cli._usage import shown_input as shown_input
from memeval.cli._usage import usage_line
from memeval.errors import MemevalError, UsageError
from memeval.sigint import install as install_sigint
from memeval.sigint import quiet_once_ended

EXIT_OK = 0
EXIT_FAILURE = 1
EXIT_USAGE = 2
EXIT_INTERRUPTED = 130


class LazyCommand(NamedTuple):
    """A top-level command as `memeval --help` lists it, before its module is imported."""

    module: str
    """The module whose own `app` (a `typer.Typer`) holds the command or sub-group."""
    help: str
    """The first paragraph of the command's help (a test checks it against the command itself)."""
    hidden: bool = False


# Every top-level command, in the order `memeval --help` lists them (commands, then groups).
COMMANDS: dict[str, LazyCommand] = {
    "ab": LazyCommand(
        "memeval.cli.ab", "Run every task cold (baseline) and with memory (pack); print the table and the verdict."
    ),
    "replay": LazyCommand("memeval.cli.record", "Rebuild a run's full record from its event log, as JSON."),
    "result": LazyCommand(
        "memeval.cli.record",
        "Old name of `memeval replay`, one letter from `results`; kept for scripts, with a note.",
        hidden=True,
    ),
    "results": LazyCommand(
        "memeval.cli.record", "One row per trial, then the summary and the warnings; a folder of runs lists them."
    ),
    "compare": LazyCommand(
        "memeval.cli.read", "Compare two runs task by task: which tasks flipped each way in each arm."
    ),
    "report-ab": LazyCommand(
        "memeval.cli.read", "Write the A/B report as HTML and/or PDF (default: report.pdf in the run's folder)."
    ),
    "view": LazyCommand("memeval.cli.read", "Serve a local viewer of the run on 127.0.0.1 (stop with Ctrl-C)."),
    "runs": LazyCommand(
        "memeval.cli.read", "List the run folders: id, start, task set, agent, status, trials and verdict."
    ),
    "plan": LazyCommand(
        "memeval.cli.plan", "How many tasks a run needs to find a given effect at a given --power (80% by default)."
    ),
    "check-tasks": LazyCommand(
        "memeval.cli.read", "List broken tasks: run oracle and nop on every task, with no network."
    ),
    "schedule": LazyCommand(
        "memeval.cli.report",
        "Run the weekly report scheduler in this process until SIGTERM or ^C (one per database).",
    ),
    "serve": LazyCommand(
        "memeval.cli.review",
        "Serve the review pages, their JSON API and (by default) the audit ingest endpoint.",
    ),
    "audit": LazyCommand("memeval.cli.audit", "The audit log: ingest events, verify the chain, count a week."),
    "pack": LazyCommand("memeval.cli.pack", "Memory packs."),
    "report": LazyCommand("memeval.cli.report", "The weekly audit report: make, verify, e-mail, subscribe."),
    "review": LazyCommand("memeval.cli.review", "The reviewer queue: list, show and decide waiting items."),
    "users": LazyCommand("memeval.cli.users", "Accounts of the review pages and API (viewer, reviewer, admin)."),
}


OPTION_NOT_COMMAND = {
    "help": "it is an option: `memeval --help`, or `memeval COMMAND --help` for one command's",
    "version": "it is an option: `memeval --version`",
}
"""Words typed as commands that are options of the root, with the line that says so (the usage error's fix)."""


class LazyGroup(PlainGroup):
    """The root group: lists `COMMANDS` from the table and builds a command only when it is used."""

    def list_commands(self, ctx: Context) -> list[str]:
        """Every top-level command's name, hidden ones included, in `COMMANDS`' order.

        A command registered on the root `app` itself (not through the table) follows, built as typer
        builds it; `tests/project/test_cli_lazy.py` asks for the table instead.
        """
        return [*COMMANDS, *(name for name in self.commands if name not in COMMANDS)]

    def get_command(self, ctx: Context, cmd_name: str) -> Command | None:
        """The click command `cmd_name`, built on first use; None for a name not in `COMMANDS`."""
        if cmd_name not in self.commands and cmd_name in COMMANDS:
            from memeval.cli._examples import add_examples

            self.commands[cmd_name] = add_examples(load_command(cmd_name), cmd_name)
        return self.commands.get(cmd_name)

    def format_commands(self, ctx: Context, formatter: HelpFormatter) -> None:
        """The `Commands:` section of `memeval --help`, from the table alone: each line whole, wrapped.

        Each command's one-line help is given in full (not cut to the terminal's width with `...`,
        as click does), wrapped under its name; a command registered on the root itself says its
        first paragraph (`summary`).
        """
        rows = [(name, c.help) for name, c in COMMANDS.items() if not c.hidden]
        rows += [(name, summary(c)) for name, c in self.commands.items() if name not in COMMANDS and not c.hidden]
        with formatter.section("Commands"):
            formatter.write_dl(rows)

    def resolve_command(self, ctx: Context, args: list[str]) -> tuple[str | None, Command | None, list[str]]:
        """As typer's: an unknown name is a usage error that suggests close names from `COMMANDS`.

        Only listed names are suggested: a hidden one (an old name kept for scripts) is never offered.
        """
        try:
            return self._click_resolve_command(ctx, args)
        except ClickUsageError as e:
            shown = [name for name, c in COMMANDS.items() if not c.hidden]
            matches = get_close_matches(args[0], shown) if args else []
            if args and args[0] in OPTION_NOT_COMMAND:
                e.message = f"{e.message.rstrip('.')}: {OPTION_NOT_COMMAND[args[0]]}"
            elif matches:
                e.message = f"{e.message.rstrip('.')}. Did you mean {', '.join(repr(m) for m in matches)}?"
            raise


def load_command(name: str) -> Command:
    """Import `name`'s module and build its click command (or sub-group) from the module's `app`.

    Raises:
        LookupError: the module does not define `name` (the table and the modules disagree).
    """
    with collector_paused():  # a command's module lives as long as the process
        holder: typer.Typer = importlib.import_module(COMMANDS[name].module).app
    plain_classes(holder)
    for info in holder.registered_commands:
        assert info.callback is not None  # typer registers a command with its function
        if (info.name or typer.main.get_command_name(info.callback.__name__)) == name:
            return typer.main.get_command_from_info(
                info, pretty_exceptions_short=app.pretty_exceptions_short, rich_markup_mode=app.rich_markup_mode
            )
    for group in holder.registered_groups:
        if group.name == name:
            return typer.main.get_group_from_info(
                group,
                pretty_exceptions_short=app.pretty_exceptions_short,
                rich_markup_mode=app.rich_markup_mode,
                suggest_commands=app.suggest_commands,
            )
    raise LookupError(f"{COMMANDS[name].module} defines no command {name!r}")


def command_app() -> typer.Typer:
    """A module's own holder of commands; the root loads them by name (see `COMMANDS`)."""
    return typer.Typer(rich_markup_mode=None, add_completion=False)


ROOT_EXAMPLES = """Examples:

\b
  memeval ab samples/fernhill          # the sample A/B run: with and without its memory pack
  memeval results RUN_ID               # one row per trial, then the summary
  memeval runs --json                  # every run under ./runs, as JSON
  memeval COMMAND --help               # a command's options, defaults and examples"""
"""The root's examples (`memeval --help`), written as `memeval.cli._examples.examples_text` writes them."""

app = typer.Typer(
    name="memeval",
    cls=LazyGroup,
    epilog=ROOT_EXAMPLES,
    help="Prove that your agents' shared memory helps (paired A/B runs), and keep it clean (audit).",
    no_args_is_help=True,
    # Plain help and usage errors: typer's rich help formatter imports rich and markdown-it, which
    # costs more than the rest of a command's start (issue 17 item 2). Sub-apps set the same.
    rich_markup_mode=None,
    pretty_exceptions_show_locals=False,
    add_completion=False,
    # `-h` as well as `--help`, on every command: click hands the root's help names down to each
    # sub-command's context (no command has a `-h` option of its own).
    context_settings={"help_option_names": ["-h", "--help"]},
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


RUNS_DIR_MAKERS = frozenset({"ab", "check-tasks"})
"""The commands that write run folders, and so make a missing `--runs-dir`; the others only read it."""


def runs_dir_is_a_folder(ctx: typer.Context, value: Path) -> Path:
    """`--runs-dir` callback: a path that exists must be a folder (`RUNS_DIR_MAKERS` make a missing one).

    A missing folder that `RUNS_DIR_MAKERS` would make must be makeable: the nearest part of its path
    that exists must be a folder (`README.md/runs` made `memeval ab` end in a `NotADirectoryError`
    traceback once the run was planned).

    Raises:
        typer.BadParameter: it names a file (or a pipe, a device...), or, for a command that makes it,
            a missing folder whose nearest existing part is a file; with the fix. "(made if missing)"
            only for a command that makes it.
    """
    makes = ctx.info_name in RUNS_DIR_MAKERS
    if value.exists() and not value.is_dir():
        made = " (made if missing)" if makes else ""
        raise typer.BadParameter(f"{str(value)!r} is not a folder: name a folder for run folders{made}")
    if makes and not value.exists():
        up = value.parent
        while not up.exists() and up != up.parent:
            up = up.parent
        if up.exists() and not up.is_dir():
            raise typer.BadParameter(
                f"{str(value)!r} cannot be made: {str(up)!r} is a file, not a folder; name a folder for run "
                "folders (made if missing)"
            )
    return value


def runs_dir_to_read(ctx: typer.Context, param: typer.CallbackParam, value: Path) -> Path:
    """`--runs-dir` callback of commands that read runs: a folder the user named must exist.

    As `runs_dir_is_a_folder`, and a folder named by the option or `MEMEVAL_RUNS_DIR` must exist; the
    default missing (a fresh clone, no run yet) is fine.

    Raises:
        typer.BadParameter: not a folder, or a named folder that does not exist, with the fix.
    """
    from typer._click.core import ParameterSource

    runs_dir_is_a_folder(ctx, value)
    source = ctx.get_parameter_source(param.name or "runs_dir")
    if not value.exists() and source in (ParameterSource.COMMANDLINE, ParameterSource.ENVIRONMENT):
        raise typer.BadParameter(
            f"{str(value)!r} does not exist, so no run was written there: {how_to_make_runs(str(value))}; "
            "or name the folder your runs are in (leave --runs-dir out for ./runs)"
        )
    return value


def how_to_make_runs(runs_dir: str) -> str:
    """The command that writes runs into `runs_dir`, as a hint: `` `memeval ab TASKS --runs-dir X` writes runs there``.

    TASKS is written as `memeval ab --help` names it; the folder is quoted for a POSIX shell when it
    needs it, and the default `runs` needs no option.
    """
    import shlex

    option = "" if Path(runs_dir) == Path("runs") else f" --runs-dir {shlex.quote(runs_dir)}"
    return f"`memeval ab TASKS{option}` writes runs there"


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
            say_interrupted("interrupted")
            raise typer.Exit(EXIT_INTERRUPTED) from exc
        except OSError as exc:
            if exc.errno not in FULL_OR_READ_ONLY:
                raise
            raise fail(f"could not write {exc.filename or 'a file'}: {exc.strerror}", EXIT_FAILURE) from exc

    return wrapper


FULL_OR_READ_ONLY = frozenset({errno.ENOSPC, errno.EDQUOT, errno.EROFS, errno.EFBIG})
"""Write errors that are the storage's state, not a bug: one line and exit 1, never a traceback."""


_held: list[object] | None = None
"""What commands keep alive until the process ends (`held_until_exit`); a list only under `console`."""


def held_until_exit() -> list[object] | None:
    """A list whose objects live until the process ends, or None when it does not end after this command.

    Under `console` (the `memeval` script, `python -m memeval`), a command that built large objects
    it no longer needs appends them here: the process then ends without the interpreter freeing
    them (`memeval replay`: about 0.1 s CPU for a 100,000-event log). Elsewhere (`main` called by
    a test or another program) it is None and the objects are freed as usual.
    """
    return _held


def console() -> NoReturn:
    """The console script and `python -m memeval`: `main`, then the process ends.

    stdout and stderr are flushed (a closed pipe: `end_reader_left`); a command that succeeded and held
    objects (`held_until_exit`) then ends by `os._exit`, nothing freed one by one: no atexit handler or
    finaliser runs, so only a command that has finished its work (files written, what it opened closed)
    holds anything. Any other ending (an error, a usage line) is `main`'s own, through `SystemExit`. Once `main`
    has ended, a ^C lets the exit finish and a second ends the process (`memeval.sigint.quiet_once_ended`).
    """
    global _held
    _held = []
    try:
        main()
    except KeyboardInterrupt:  # a ^C outside typer (before it parsed anything, or as `main` ended)
        quiet_once_ended()
        if not interruption_said():
            typer.echo("interrupted", err=True)
        sys.exit(EXIT_INTERRUPTED)
    except SystemExit as exc:
        quiet_once_ended()  # a ^C from here on lets the exit finish, not a finaliser's traceback
        try:
            sys.stdout.flush()
            sys.stderr.flush()
        except BrokenPipeError:
            end_reader_left()
        except OSError:
            raise exc from None  # the ordinary exit says what it always said
        if exc.code in (0, None) and _held:
            os._exit(EXIT_OK)
        raise
    raise AssertionError("main() always raises SystemExit")  # pragma: no cover


def main() -> None:
    """Console-script entry point: run the typer app.

    Usage errors (a bad option, a value out of range, a missing argument) print one line
    (`usage_line`) and exit 2; every other ending is typer's own.

    SIGINT is taken back when the process started with it ignored: a shell without job control
    (a script, `sh -c`, CI) starts a background command (`memeval ab ... &`) with SIGINT set to
    SIG_IGN, which Python keeps, so `kill -INT` or Ctrl-C did nothing and only SIGTERM stopped
    the run. Now SIGINT ends any command as Ctrl-C does in a terminal (`memeval ab`: the running
    trials recorded `cancelled`, retried by `--resume`; exit 130). SIGTERM is as before, but for the
    commands that take it as ^C (`ab`, `report send` while it delivers: `sigterm_as_interrupt`).

    Once the exit handlers have run, the heap is frozen (`gc.freeze`), so Python's last collection at
    exit walks none of it: a process that had imported the redactor and hold detector spent 1.4-1.9 s
    there (load 12-13) after a ^C while `memeval audit serve` loaded, printing "interrupted" first and
    freeing nothing the system would not (newuser35). Objects still alive at exit are not collected
    then, as Python does not promise to anyway; exit handlers (temporary folders, worker pools) run first.
    """
    install_sigint()  # also when SIGINT came ignored; see `memeval.sigint`
    interruption_said(forget=True)
    atexit.register(gc.freeze)  # runs last (registered first): the exit's own collection walks nothing
    try:
        code = app(prog_name="memeval", standalone_mode=False)
        if code == EXIT_INTERRUPTED and not interruption_said():  # typer's own exit for a ^C before the command ran
            typer.echo("interrupted", err=True)
    except NoArgsIsHelpError as exc:
        exc.show()  # the help itself, as before
        sys.exit(exc.exit_code)
    except ClickException as exc:
        typer.echo(usage_line(exc) if exc.exit_code == EXIT_USAGE else f"error: {exc.format_message()}", err=True)
        sys.exit(exc.exit_code)
    except typer.Abort:
        typer.echo("Aborted!", err=True)
        sys.exit(EXIT_FAILURE)
    except (BrokenPipeError, ReaderLeft):  # `memeval runs | head -1`: the reader left (`memeval._readerleft`)
        end_reader_left()
    sys.exit(code if isinstance(code, int) else EXIT_OK)
