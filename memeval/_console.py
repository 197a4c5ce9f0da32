"""The `memeval` console script and `python -m memeval`: `memeval replay RUN` without building the CLI first.

`memeval replay RUN` is the command scripts run again and again, and a cold one is timed against a
target (issue 17 item 5: 100,000 events under 1 s in a fresh process). Of that second, importing
typer and building the command line took about 0.05 s of CPU that a replay given plain arguments
does not need. So `console` first looks at the arguments: `replay RUN` with at most a
`--runs-dir DIR` (`plain_replay_args`) is replayed here, straight through `memeval.results`, and
printed as `memeval.cli.record.replay` prints it (the same bytes, the same cache, the same
`os._exit` after flushing). Everything else goes to `memeval.cli.console`, the typer app, as before:
other commands, `--help`, any other option or form of the arguments, a run that is not found
(whose messages `memeval.cli._find.locate_run` words) and a `--runs-dir` that is not a folder
(the option's own check). Errors of the replay itself (a bad log, a write that fails, ^C) end as
the command's `translate_errors` ends them: the same line and exit code.
"""

from __future__ import annotations

import gc
import os
import sys
from pathlib import Path
from typing import NoReturn

from memeval._collector import collector_paused

RUNS_DIR_ENV = "MEMEVAL_RUNS_DIR"
"""The environment variable `--runs-dir` falls back to (`memeval.cli._options.RunsDir`)."""


def console() -> NoReturn:
    """Run `memeval` with `sys.argv`: a plain `memeval replay RUN` here, anything else through `memeval.cli.console`."""
    check_standard_streams()
    plain = plain_replay_args(sys.argv[1:])
    if plain is not None:
        replay_plain(*plain)  # returns only for what the command line must say itself
    try:
        with collector_paused():  # the command line's modules live as long as the process
            from memeval.cli import console as cli_console
    except KeyboardInterrupt:  # a ^C while the command line is imported (seconds on a busy machine)
        os.write(2, b"interrupted\n")
        sys.exit(130)  # `memeval.cli.app.EXIT_INTERRUPTED`, not imported yet

    cli_console()


def check_standard_streams() -> None:
    """Refuse to start with standard output closed; give a closed stdin or stderr `/dev/null`.

    Started as `memeval ... >&-`, Python leaves `sys.stdout` None: a command then died with a
    traceback (`'NoneType' object has no attribute 'buffer'`) or printed nothing and exited 0, and
    the next file memeval opened (a store, a log, a sandbox's pipe) took descriptor 1, so a child
    process writing to its standard output would have written into that file. Standard output
    closed: one `error:` line on stderr (when it is open) and exit 2, before anything is opened. A
    closed stdin or stderr is pointed at `/dev/null` for the same reason (descriptors 0 and 2 then
    name no file of memeval's); what a command would have said on stderr is lost, as asked.
    """
    for fd, name, mode in ((0, "stdin", "r"), (2, "stderr", "w")):
        try:
            os.fstat(fd)
        except OSError:
            null = os.open(os.devnull, os.O_RDWR)  # the lowest free descriptor: `fd` itself when it is the first closed
            if null != fd:
                os.dup2(null, fd)
                os.close(null)
            if getattr(sys, name) is None:  # Python set it None for the closed descriptor
                setattr(sys, name, open(fd, mode, encoding="utf-8", errors="backslashreplace", closefd=False))  # noqa: SIM115 - the process's own stream, never closed
    try:
        os.fstat(1)
    except OSError:
        os.write(
            2,
            b"error: standard output is closed (started with >&-): memeval writes its results there; "
            b"give it somewhere to write, e.g. > FILE or > /dev/null\n",
        )
        os._exit(2)


def plain_replay_args(args: list[str]) -> tuple[str, Path] | None:
    """The run and the runs folder when `args` are a plain `replay RUN [--runs-dir DIR]`, else None.

    Plain: `replay`, then RUN and at most one `--runs-dir DIR` or `--runs-dir=DIR` (before or after
    RUN) and at most one `--json` (anywhere), where neither RUN nor DIR is empty or starts with `-`
    (an option, `--`, `-h`). The folder is DIR, else `MEMEVAL_RUNS_DIR` when set and not empty, else
    `runs`, as the option reads it.
    Any other form (another command, `--help`, an unknown or repeated option) is None: the typer
    app parses it and says what is wrong with it.
    """
    if not args or args[0] != "replay":
        return None
    rest = args[1:]
    if rest.count("--json") == 1:  # the record is JSON anyway (the command's `--json` does nothing)
        rest.remove("--json")
    given: str | None = None
    if len(rest) == 3 and rest[0] == "--runs-dir":
        given, rest = rest[1], rest[2:]
    elif len(rest) == 3 and rest[1] == "--runs-dir":
        given, rest = rest[2], rest[:1]
    elif len(rest) == 2:
        named = [a for a in rest if a.startswith("--runs-dir=")]
        if len(named) != 1:
            return None
        given = named[0].removeprefix("--runs-dir=")
        rest = [a for a in rest if a is not named[0]]
    if len(rest) != 1:
        return None
    run = rest[0]
    if any(not x or x.startswith("-") for x in (run, given) if x is not None):
        return None
    return run, Path(given if given is not None else os.environ.get(RUNS_DIR_ENV) or "runs")


def replay_plain(run: str, runs_dir: Path) -> None:
    """Replay `run` and print its record as `memeval replay` does, then end the process; or return.

    Returns (having printed nothing) when the command line must answer itself: `runs_dir` exists
    but is not a folder, or no run is found (`memeval.results.find_run` refuses `run`).

    Ends the process otherwise: after printing the record, with `os._exit(0)` once stdout and
    stderr are flushed, the replay held (`memeval.results.load_run`'s `hold`) rather than freed;
    on an error of the replay or of the write, as `memeval.cli.app.translate_errors` and
    `memeval.cli.app.main` end the command (a reader that left the pipe: exit 1, silently).
    """
    if runs_dir.exists() and not runs_dir.is_dir():
        return  # the option's own usage error
    single_blas_thread()
    no_pydantic_plugins()
    # No cyclic collection from here to the process's end: the imports' young-generation passes
    # (about a hundred, over the models' schemas) find next to nothing, `load_run` pauses the
    # collector anyway, and the process ends by `os._exit` or an error right after.
    gc.disable()
    from memeval.errors import UsageError
    from memeval.results import find_run, replay_body  # `memeval.results._replay`: without pydantic (see there)

    try:
        found = find_run(run, runs_dir)
    except UsageError:
        gc.enable()  # as it was, for the command line
        return  # `locate_run` says what the path is and what to name
    held: list[object] = []
    try:
        data = replay_body(found, hold=held)  # `result_body(load_run(found))`'s bytes and cache
        out = sys.stdout.buffer
        out.write(data)  # and its newline: `result_bytes`, without joining them in memory
        out.write(b"\n")
        out.flush()
        sys.stderr.flush()
    except BrokenPipeError:  # `memeval replay RUN | head`: the reader left; say nothing more
        from memeval._readerleft import end_reader_left

        end_reader_left()
    except (Exception, KeyboardInterrupt) as exc:  # noqa: BLE001 - ended as the command's own wrapper ends it
        _end_as_the_command(exc)
    os._exit(0)


def _end_as_the_command(exc: BaseException) -> NoReturn:
    """End the process as `memeval.cli.app.translate_errors` ends `memeval replay` on `exc`.

    The error line and the exit code it gives (`error: ...`, 1 or 2; `interrupted`, 130); an
    exception it does not translate is raised again, with its traceback, as under the typer app.
    """
    import typer

    from memeval.cli.app import translate_errors

    @translate_errors
    def again() -> None:
        raise exc

    try:
        again()
    except typer.Exit as ended:
        sys.exit(ended.exit_code)
    raise AssertionError("translate_errors re-raises or exits")  # pragma: no cover


def single_blas_thread() -> None:
    """Ask numpy's OpenBLAS for one thread (`OPENBLAS_NUM_THREADS=1`) unless the user set it or numpy is loaded.

    OpenBLAS starts a thread per core when numpy is imported, and each spins for a while waiting for
    work before it sleeps: CPU billed to the command (about 0.07 s on 2 cores), while a replay does
    no linear algebra (its statistics draw, gather, sort and add). Only for commands that end right
    after (`memeval replay`): the variable would otherwise reach what the process starts later.
    """
    if "numpy" not in sys.modules:
        os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")


def no_pydantic_plugins() -> None:
    """Tell pydantic not to look for plugins (`PYDANTIC_DISABLE_PLUGINS=__all__`) unless the user set the variable.

    pydantic looks for plugins (package entry points of the group `pydantic`) when it builds its
    first validator, by reading the metadata of every installed distribution: about 8 ms of CPU
    (30 million instructions) in a venv of 130 distributions, on every start, for plugins that
    observe validation. A plain replay prints a projection and ends; only for such commands, as
    `single_blas_thread`. A user who sets the variable (to a list of plugins to leave out, say)
    keeps their setting.
    """
    os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")
