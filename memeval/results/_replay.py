"""A plain replay's own path (`replay_body`), and what `load_run` shares with it, without pydantic.

`memeval replay RUN` (`memeval._console`) imports this module and what it needs; the models
(`memeval.results._load`, `_project`, `_records`) are imported only where a replay falls back to
them (a cache to check, a plan or record the plain path leaves to them, an error to report).
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import islice
from pathlib import Path
from typing import TypeVar

from memeval._collector import collector_paused as _collector_paused  # a replay: a quarter of its CPU was the collector
from memeval._cores import spare_core
from memeval._files import write_atomic
from memeval._runlist import cache_path
from memeval.errors import RunLogError, UsageError
from memeval.eventlog import LOG_NAME, RunLog
from memeval.results._fold import Projection
from memeval.results._plainbody import plain_body
from memeval.results._plaintable import draw_bootstrap_ahead

T = TypeVar("T")


def find_run(ref: str | Path, runs_dir: Path = Path("runs")) -> Path:
    """Resolve a run folder from a path or a run id (looked up under `runs_dir`).

    Raises:
        UsageError: neither a run folder nor a known run id, with the fix: the one run whose id
            starts with `ref` (a shortened id), the ids `ref` reads as a typo of (a character or
            two wrong, missing, added or swapped), or, when `runs_dir` is not there, where it was
            looked for and `--runs-dir`.
    """
    p = Path(ref)
    if (p / LOG_NAME).is_file():
        return p
    q = runs_dir / str(ref)
    if (q / LOG_NAME).is_file():
        return q
    head = f"{str(ref)!r} is not a run folder or a run id under {runs_dir}/"
    if not runs_dir.is_dir():
        raise UsageError(
            f"{head}: there is no folder {str(runs_dir)!r} in {str(Path.cwd())!r}; run memeval in the folder "
            "that holds your runs/, or name it with --runs-dir DIR (or MEMEVAL_RUNS_DIR): see `memeval runs`"
        )
    starts = _ids_starting_with(str(ref), runs_dir)
    if len(starts) == 1:
        raise UsageError(f"{head}: did you mean {starts[0]} (the one run whose id starts so)? see `memeval runs`")
    if starts:
        shown = ", ".join(starts[:5]) + (", ..." if len(starts) > 5 else "")
        raise UsageError(f"{head}: {len(starts)} run ids start so ({shown}): give the whole id; see `memeval runs`")
    near = _ids_near(str(ref), runs_dir)
    if near:
        raise UsageError(f"{head}: did you mean {' or '.join(near)}? see `memeval runs`")
    raise UsageError(f"{head}: see `memeval runs`")


NEAR_ID_CUTOFF = 0.9
"""How alike (difflib's ratio) a run id must be to one given to be offered as a typo's fix: a 26-character
id with one or two characters wrong, left out, added or swapped is 0.92-0.98; two ids of runs started
the same day share their time prefix and stay under it (about 0.5-0.7)."""


def _ids_near(ref: str, runs_dir: Path) -> list[str]:
    """At most three run ids under `runs_dir` that `ref` reads as a typo of (one name of 8 characters or more)."""
    import difflib

    if len(ref) < 8 or Path(ref).name != ref:
        return []
    ids = [d.name for d in runs_dir.iterdir() if (d / LOG_NAME).is_file()]
    return difflib.get_close_matches(ref.upper(), ids, n=3, cutoff=NEAR_ID_CUTOFF)


def _ids_starting_with(prefix: str, runs_dir: Path) -> list[str]:
    """Ids of the runs under `runs_dir` that start with `prefix` (at least 4 characters, one name), sorted."""
    if len(prefix) < 4 or Path(prefix).name != prefix:
        return []
    return sorted(d.name for d in runs_dir.iterdir() if d.name.startswith(prefix) and (d / LOG_NAME).is_file())


def replay_body(path: str | Path, *, hold: list[object] | None = None) -> bytes:
    """`result_body(load_run(path, hold=hold))`, the same bytes and cache, without the result's models when replayed.

    For `memeval replay`, which prints the body and ends: a log replayed (no valid cache) is read
    with its plan as a view (`memeval.eventlog._planview`) and projected by
    `memeval.results._plainbody.plain_body`, which writes the JSON without pydantic; where that
    cannot write it as the models would (a plan or a record it leaves to them), it is made by
    `Projection.result_body`, as before. pydantic is imported only then, or when there is a cache
    to check (read as `load_run` reads it).

    Raises:
        RunLogError: the folder has no valid log (as `load_run`).
    """
    p = Path(path)
    log = RunLog(p)
    raw = None
    if cache_path(p).is_file():  # the models read and check it (pydantic, imported only then)
        from memeval.results._load import Run, _cached, result_body

        cached, raw = _cached(log)
        if cached is not None:
            return result_body(Run(p, cached))
    with _collector_paused():
        body = _replay(log, raw, hold, plain_body, plan_view=True)
    _write_cache(p, body)
    return body


def _write_cache(run_dir: Path, body: bytes) -> None:
    """Write `body` and its newline (`result_bytes`) as the run's cache, atomically (nothing in a read-only folder)."""
    cache = cache_path(run_dir)
    try:
        cache.parent.mkdir(exist_ok=True)
        write_atomic(cache, (body, b"\n"))  # without joining the body and its newline in memory
    except OSError:
        pass  # a read-only run folder: the cache is only an optimisation


HOLD_LOG_BYTES = 64 << 20
"""A replay given `hold` keeps the events of the log's first 64 MiB (about 120,000 events, 100 MB of
views) until the process ends, and lets later ones go as it reads on, as a replay without `hold` does.

Freeing the events of a 96,630-event log one at a time as the replay goes (the model calls once
their attempt has ended, the rest once their megabyte has been projected) took more CPU than the
memory pages that keeping them touches for the first time (80 MB more at its peak: 207 MB against
127 MB); beyond this budget a long log's peak stays bounded as before."""


def _replay(
    log: RunLog,
    raw: bytes | None,
    hold: list[object] | None,
    finish: Callable[[Projection, str], T],
    *,
    plan_view: bool = False,
) -> T:
    """Project `log` (its bytes `raw`, or read from the file a megabyte at a time) as `project` does.

    `finish` makes the projection's end: `Projection.result` (the `RunResult`),
    `Projection.result_body` (its JSON) or `_plainbody.plain_body` (the same without pydantic,
    with `plan_view`: the plan read as its view where the view reads it).

    A projection error is raised only once the rest of the log has been read without a read
    error (which would come first, as it does when the whole log is read before projecting).

    Raises:
        RunLogError: the log is missing, empty, or not valid (as `RunLog.read` and `project`).
    """
    stream = log.replay_stream(raw, plan_view=plan_view)
    projection: Projection | None = None
    failed: RunLogError | None = None
    ahead: tuple[int, int, int] | None = None
    try:
        for events in stream:
            if hold is not None and stream.position <= HOLD_LOG_BYTES:
                hold.append(events)  # kept until the process ends: never freed one object at a time
            if failed is not None or not events:
                continue  # read on, for a read error in a later line
            try:
                if projection is None:
                    projection = Projection(events[0])
                    if hold is not None:
                        hold.append(projection)
                    if spare_core():  # drawn while the log is read, on that core
                        ahead = draw_bootstrap_ahead(projection.plan)
                    projection.add(islice(events, 1, None))
                else:
                    projection.add(events)
            except RunLogError as exc:  # raised below, after the read errors the rest of the log may hold
                failed = exc
        if failed is not None:
            raise failed
        if projection is None:
            raise RunLogError(f"{log.run_dir} has an empty log")
        assert stream.log_hash is not None  # the stream was read to its end
        return finish(projection, stream.log_hash)
    finally:
        if ahead is not None:
            from memeval.stats import forget_ahead

            forget_ahead(ahead)  # left by a verdict of another shape, or by an error
