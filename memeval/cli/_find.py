"""Find the run a command was given, and when there is none say what the path is and what to name.

`memeval.results.find_run` says only that a reference is "not a run folder or a run id"; given an
existing folder that reads as a typo. Here a folder with no run in it, a folder of runs given where
one run is wanted, and a file are each named for what they are, with the fix (exit 2).
"""

from __future__ import annotations

import shlex
from pathlib import Path

from memeval.cli.app import how_to_make_runs
from memeval.errors import UsageError

RUN_FOLDER = "a run folder (one holding events.jsonl)"
"""How a run folder is named in the messages."""


def locate_run(ref: str, runs_dir: Path, *, folder_of_runs: bool = False) -> Path:
    """The run folder `ref` names: a run folder, or a run id under `runs_dir`.

    Args:
        ref: the reference as the user gave it.
        runs_dir: where run ids are looked up.
        folder_of_runs: the command also takes a folder of runs (`memeval results`); the fix says so.

    Returns:
        The run's folder, as `memeval.results.find_run` returns it.

    Raises:
        UsageError: no run there. For an existing folder the message says it is empty, holds no
            run, or holds several runs (naming one of them); for a file, that it is a file; for a
            path that does not exist, that it does not; for anything else (an unknown id)
            `find_run`'s own message.
    """
    from memeval.results import find_run, is_runs_dir

    try:
        return find_run(ref, runs_dir)
    except UsageError as exc:
        p = Path(ref)
        takes = f"{RUN_FOLDER}, a folder of runs or a run id" if folder_of_runs else f"{RUN_FOLDER} or a run id"
        if p.is_dir():
            if is_runs_dir(p):
                first = sorted(q.name for q in p.iterdir() if (q / "events.jsonl").is_file())[0]
                raise UsageError(
                    f"{ref!r} is a folder of runs, not one run: name one of them, e.g. {str(p / first)!r} "
                    f"(`memeval results {shlex.quote(ref)}` lists them)"
                ) from exc
            try:
                empty = not any(p.iterdir())
            except PermissionError as denied:
                raise UsageError(f"{ref!r} cannot be read ({denied.strerror}): name {takes}") from exc
            what = "is an empty folder" if empty else "holds no run (no events.jsonl in it or in a folder inside it)"
            raise UsageError(f"{ref!r} {what}: name {takes}; {how_to_make_runs(ref)}") from exc
        if p.exists():
            raise UsageError(f"{ref!r} is a file, not a run: name {takes}") from exc
        if len(p.parts) > 1:  # a path, not an id
            raise UsageError(f"{ref!r} does not exist: name {takes} (`memeval runs` lists the runs)") from exc
        raise
