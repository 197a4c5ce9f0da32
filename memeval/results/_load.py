"""Load a run folder: the Python API (`memeval.load_run`) and what the commands read."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple, TypeVar, overload

from pydantic import ValidationError

from memeval._collector import collector_paused as _collector_paused  # bench/replay.py imports it from here
from memeval._runlist import cache_path, interrupted, run_lock_held
from memeval.errors import UsageError
from memeval.eventlog import RunLog
from memeval.results._project import Projection
from memeval.results._records import RunResult
from memeval.results._replay import (  # noqa: F401 - `_collector_paused`, `find_run`: where callers import them
    HOLD_LOG_BYTES,
    _replay,
    _write_cache,
    find_run,
)
from memeval.types import MODES

T = TypeVar("T")


class Denominators(NamedTuple):
    """Pass rate two ways: over scored trials, and over every attempted trial (faults count 0).

    Interrupted trials (fault `cancelled`: the run was stopped) are not attempts: never measured,
    they are in neither denominator (`memeval ab --resume` runs them again).

    `arm` says whose figures these are: `baseline`, `pack`, or `blended` (both arms pooled, only
    when asked for with `Run.denominators(blended=True)`).
    """

    passes: int
    scored: int
    attempted: int
    pass_rate_scored: float | None
    pass_rate_attempted: float | None
    arm: str = "blended"


@dataclass(repr=False)
class Run:
    """A loaded run: its result, projected from its log when loaded."""

    path: Path
    result: RunResult
    _json: tuple[RunResult, bytes] | None = field(default=None, init=False, repr=False, compare=False)
    """`result_body` and the result it was made from (`load_run` caches it, a caller prints it)."""
    _json_line: tuple[bytes, bytes] | None = field(default=None, init=False, repr=False, compare=False)
    """`result_bytes` and the body it joins to its newline (made when first asked for)."""

    def __repr__(self) -> str:
        """One line a person can read at a prompt: the folder, status, trials and verdict.

        The generated dataclass repr printed the whole projected result (run card, manifest, every
        trial record, the verdict's internals): about 60 KB for the sample's 28 trials, which a
        REPL or notebook shows in full for a bare `run`. `run.result` still holds all of it.
        """
        r = self.result
        controls = sorted({t.control for t in r.trials if t.control})
        if controls:
            verdict = f"a control run ({', '.join(controls)}), no verdict"
        elif r.run_card.modes is not None:
            verdict = f"a one-arm run ({', '.join(r.run_card.modes)} only), no verdict"
        elif not any(t.assessment == "scored" for t in r.trials):
            verdict = "nothing measured, no verdict"
        elif r.verdict is None:
            verdict = "no verdict"
        else:
            verdict = f"verdict {r.verdict.verdict}"
            if r.verdict.p_value is not None:
                verdict += f" (p = {r.verdict.p_value:.4g})"
        return f"<Run {r.run_id} {self.status}: {len(r.trials)} trials, {verdict}; {str(self.path)!r}>"

    def to_records(self, include_controls: bool = True) -> list[dict[str, Any]]:
        """One flat dict per trial, ready for a data frame (`pandas.DataFrame(run.to_records())`).

        Keys: the records page's (`task_id`, `mode`, `verified`, `checks` as a list of
        `{type, level, pass, reward, reward_source, output}`, `harness_measured` as
        `{wall_ms, input_tokens, output_tokens, total_cost_usd}`, `context_manifest` as a list of
        pack item ids, `started_at`, `ended_at` as UTC ISO 8601 text), the rest of the trial record
        (`trial_id`, `repeat`, `attempt`, `attempts`, `reward`, `execution`, `assessment`, `claim`,
        `physics`, `workspace`, `schema`, `schema_version`), and flat columns for a table:
        `level` (the first check's), `fault` (the fault's code or None; the whole fault is
        `fault_detail`), `wall_ms`, `input_tokens`, `output_tokens`, `cost_usd` (the harness's
        measurement, None when not measured), `control` (`oracle`/`nop` or None) and `tamper`
        (the number of tamper findings, None when no scan was recorded; the whole scan is
        `tamper_detail`).

        Args:
            include_controls: keep the trials of control runs (oracle, nop).
        """
        out = []
        for r in self.result.trials:
            if r.control and not include_controls:
                continue
            rec: dict[str, Any] = r.model_dump(mode="json", by_alias=True)
            rec["fault_detail"] = rec.pop("fault")
            rec["tamper_detail"] = rec.pop("tamper", None)
            rec.update(
                {
                    "level": r.checks[0].level if r.checks else None,
                    "fault": r.fault.code if r.fault else None,
                    "wall_ms": r.harness_measured.wall_ms,
                    "input_tokens": r.harness_measured.input_tokens,
                    "output_tokens": r.harness_measured.output_tokens,
                    "cost_usd": r.harness_measured.total_cost_usd,
                    "tamper": None if r.tamper is None else len(r.tamper.findings) + r.tamper.omitted,
                }
            )
            out.append(rec)
        return out

    @overload
    def denominators(self, mode: None = None, *, blended: bool = False) -> dict[str, Denominators]: ...

    @overload
    def denominators(self, mode: str, *, blended: bool = False) -> Denominators: ...

    def denominators(self, mode: str | None = None, *, blended: bool = False) -> dict[str, Denominators] | Denominators:
        """Pass rate over scored trials and over attempted ones, per arm.

        Args:
            mode: `baseline` or `pack` for that arm's figures alone.
            blended: also give both arms pooled into one figure, under the key `blended` (with
                `arm="blended"`); a pooled rate mixes the arms the run compares, so it is never
                the default.

        Returns:
            `{"baseline": Denominators, "pack": Denominators}` (plus `"blended"` when asked), or
            one arm's `Denominators` when `mode` is given.

        Raises:
            UsageError: `mode` is not `baseline` or `pack`.
        """
        if mode is not None:
            if mode not in MODES:
                raise UsageError(f"denominators(mode={mode!r}): use 'baseline' or 'pack' (or no mode for both)")
            return self._denominators(mode)
        out: dict[str, Denominators] = {m: self._denominators(m) for m in MODES}
        if blended:
            out["blended"] = self._denominators(None)
        return out

    def _denominators(self, mode: str | None) -> Denominators:
        rs = [r for r in self.result.trials if (mode is None or r.mode == mode) and not interrupted(r.fault)]
        scored = [r for r in rs if r.assessment == "scored"]
        passes = sum(1 for r in scored if r.verified)
        return Denominators(
            passes,
            len(scored),
            len(rs),
            passes / len(scored) if scored else None,
            passes / len(rs) if rs else None,
            mode or "blended",
        )

    @property
    def status(self) -> str:
        """The log's status (`running`, `completed`, `cancelled`, `error`), read live.

        A log that ends `running` while no memeval process holds the run's lock (the process was killed with
        SIGKILL, or the machine stopped) is `interrupted`, to be continued with `memeval ab --resume`.
        The result itself stays the pure projection of the log.
        """
        status = self.result.status
        if status == "running" and not run_lock_held(self.path):
            return "interrupted"
        return status

    def verdict(self) -> dict[str, Any] | None:
        """The paired verdict as a JSON object (`self.result.verdict` is the typed `PairedVerdict`)."""
        v = self.result.verdict
        return None if v is None else v.model_dump(mode="json")


def load_run(path: str | Path, *, use_cache: bool = True, hold: list[object] | None = None) -> Run:
    """Load a run folder and project its log.

    The projection is cached in `.cache/result-<memeval version>-p<projection version>.json` inside
    the run folder (`memeval._runlist.cache_path`; a cache of another version is never read) and
    used only while its `log_hash` equals the hash of the log's complete lines: the log stays the
    evidence, the cache never stands in for a log that changed. A folder that cannot be written
    (a read-only copy) simply gets no cache.

    Without a cache to check, the log is read and projected a megabyte at a time
    (`RunLog.replay_stream`, `Projection`): the whole file and all its events are never held at
    once. The errors are those of reading the whole log first: a line the log's readers refuse
    is reported before a projection error (an unplanned trial, say) on an earlier line.

    Args:
        path: the run folder, or a run id as the commands take one: a folder of that name under
            `MEMEVAL_RUNS_DIR`, else `./runs` (a folder `path` itself holding a log comes first).
        use_cache: False always replays the log (and leaves any cache as it is).
        hold: when given, what a replay built (its projection's state, and the events read from
            the log's first `HOLD_LOG_BYTES`) is appended to it instead of being freed as the
            replay goes and when this returns. For a process that exits right after without the
            interpreter's teardown (`memeval replay`: `memeval.cli.app.console`): freeing the
            objects of a replay one at a time costs CPU for nothing.

    Raises:
        RunLogError: the folder has no valid log.
    """
    p = _run_folder(Path(path))
    log = RunLog(p)
    cached, raw = _cached(log) if use_cache else (None, None)
    if cached is not None:
        return Run(p, cached)
    with _collector_paused():
        run = Run(p, _replay(log, raw, hold, Projection.result))
    if use_cache:
        _write_cache(p, result_body(run))
    return run


def _run_folder(path: Path) -> Path:
    """`path` when it holds a log; else the run of that id under MEMEVAL_RUNS_DIR (else ./runs) when there is one.

    Otherwise `path` unchanged, so the log's own error names what was given.
    """
    import os

    from memeval.eventlog import LOG_NAME

    if (path / LOG_NAME).is_file() or path.is_absolute() or len(path.parts) != 1:
        return path
    under = Path(os.environ.get("MEMEVAL_RUNS_DIR") or "runs") / path
    return under if (under / LOG_NAME).is_file() else path


def _cached(log: RunLog) -> tuple[RunResult | None, bytes | None]:
    """The cached result of `log`'s run while its `log_hash` is the log's, and the log's bytes when read for that.

    (None, None) when there is no cache; (None, the bytes) when it is stale or of another layout.
    """
    cache = cache_path(log.run_dir)
    if not cache.is_file():
        return None, None
    raw = log.path.read_bytes() if log.path.is_file() else b""
    data = memoryview(raw)[: raw.rfind(b"\n") + 1]  # the complete lines, not copied
    digest = "sha256:" + hashlib.sha256(data).hexdigest()
    try:
        cached = RunResult.model_validate_json(cache.read_bytes())
    except ValidationError:
        cached = None  # written by another layout of this version: replay instead
    if cached is not None and cached.log_hash == digest:
        return cached, raw
    return None, raw or None


def result_json(run: Run) -> str:
    """The run's result as JSON text (2-space indent, trailing newline): `result_bytes`, decoded.

    Deterministic: fields follow the models' declaration order, and the dicts carried from the
    log (manifest, run card) keep the log's sorted key order.
    """
    return result_bytes(run).decode("utf-8")


def result_bytes(run: Run) -> bytes:
    """The run's result as `result_json`'s text, UTF-8 encoded: what the cache holds and `memeval replay` prints.

    `result_body` and a newline, joined once per result. A caller that writes them anyway can
    write the two parts (`load_run`'s cache, `memeval._console`): joining copies the body, 7.7 MB
    of fresh memory for a 100,000-event log.
    """
    body = result_body(run)
    if run._json_line is None or run._json_line[0] is not body:
        run._json_line = (body, body + b"\n")
    return run._json_line[1]


def result_body(run: Run) -> bytes:
    """`result_bytes` without its last newline: the models' JSON (2-space indent, by alias), made once per result.

    Made straight from the models (pydantic's serializer writes bytes; going through a `str` and
    encoding it again for the cache and for stdout cost a fifth of a 100,000-event log's
    serialisation).
    """
    if run._json is None or run._json[0] is not run.result:
        serializer = type(run.result).__pydantic_serializer__
        run._json = (run.result, serializer.to_json(run.result, indent=2, by_alias=True))
    return run._json[1]
