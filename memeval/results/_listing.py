"""List the run folders under a runs directory (`memeval runs`, `memeval results FOLDER`)."""

from __future__ import annotations

from dataclasses import asdict
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field

from memeval._runlist import (
    INTERRUPTED_FAULT,
    RUNS_SCHEMA,
    ListedRun,
    list_run_folders,
    measured_verdict,
    pack_of,
    run_started,
)
from memeval.errors import RunLogError
from memeval.eventlog import LOG_NAME


class RunListing(BaseModel):
    """One run folder, read from its log.

    `error` is set (and the rest mostly None) when the log cannot be read; such a folder is
    listed, never skipped.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    run_id: str
    path: str
    started_at: str | None
    """When the first trial started (UTC, ISO 8601), its first attempt (a run stopped and resumed keeps the
    start it had); before any trial has, when the run was planned (its log's first event); None only for a
    log that cannot be read."""
    task_set: str | None
    """`name@version` of the task set."""
    agent: str | None
    control: str | None
    """`oracle` or `nop` for a control run."""
    status: str
    """The log's status, or `interrupted`: it says `running` but no memeval process runs it."""
    trials: int
    planned: int
    verdict: str | None
    p_value: float | None
    error: str | None = None
    faulted: int = 0
    """Trials that ended in a harness fault, interrupted ones not counted; equal to `trials` (and not
    0): the run measured nothing."""
    interrupted: int = 0
    """Trials stopped because the run was stopped (Ctrl-C, SIGTERM; fault code `cancelled`):
    `memeval ab --resume` runs them again."""
    pack: str | None = None
    """`name@version` of the pack the pack arm's slice came from; None for an A/A run (no pack)."""
    slice_items: int | None = None
    """Pack items given to the pack arm (the slice's size; 0 when a one-arm run ran none); None for no pack."""
    verdict_reason: str | None = None
    """Why `verdict` and `p_value` are null though the run has trials: `control_run` (an oracle or nop
    control run, `control` set: it checks the tasks and has no A/B verdict), `one_arm_run` (`memeval ab
    --arms baseline` or `pack`: one arm computes no verdict), `nothing_measured` (every
    trial faulted or was interrupted, none was scored, so no verdict is said); null otherwise (an
    unreadable log's reason is `error`)."""


class RunsDocument(BaseModel):
    """`memeval runs --json`: every run folder, oldest first."""

    model_config = ConfigDict(frozen=True, extra="forbid", populate_by_name=True)

    schema_: str = Field(default=RUNS_SCHEMA, alias="schema")
    schema_version: int = 1
    runs_dir: str
    runs: tuple[RunListing, ...]


def is_runs_dir(path: Path) -> bool:
    """True when `path` is a folder holding at least one run folder (and is not a run itself)."""
    return (
        path.is_dir()
        and not (path / LOG_NAME).is_file()
        and any((p / LOG_NAME).is_file() for p in path.iterdir() if p.is_dir())
    )


def listed_run(run_dir: Path) -> ListedRun:
    """`run_dir`'s listing row from a full load of its log (which writes the cache `memeval runs` reads).

    An unreadable log is a row with `status="unreadable"` and the reason in `error`.
    """
    from memeval.results._load import load_run  # here: `memeval runs --json` lists from the caches without it

    try:
        run = load_run(run_dir)
    except RunLogError as exc:
        return ListedRun(
            run_id=run_dir.name,
            path=str(run_dir),
            started_at=None,
            task_set=None,
            agent=None,
            control=None,
            status="unreadable",
            trials=0,
            planned=0,
            verdict=None,
            p_value=None,
            error=str(exc),
        )
    res = run.result
    card = res.run_card
    ts = card.task_set
    agent = card.agent
    started_at = run_started(run_dir, [t.started_at for t in res.trials])  # a resumed run: its first attempt's
    v = res.verdict
    pack, slice_items = pack_of(res.manifest.as_logged(), card.modes)
    faulted = sum(t.fault is not None and t.fault.code != INTERRUPTED_FAULT for t in res.trials)
    interrupted = sum(t.fault is not None and t.fault.code == INTERRUPTED_FAULT for t in res.trials)
    said, p, why = measured_verdict(
        v.verdict if v else None,
        v.p_value if v else None,
        len(res.trials),
        faulted,
        interrupted,
        agent.get("control") or None,
        one_arm=card.modes is not None,
    )
    return ListedRun(
        run_id=res.run_id,
        path=str(run_dir),
        started_at=started_at,
        task_set=f"{ts.get('name')}@{ts.get('version')}",
        agent=agent.get("name"),
        control=agent.get("control") or None,
        status=run.status,
        trials=len(res.trials),
        planned=res.coverage.expected_trials,
        verdict=said,
        p_value=p,
        faulted=faulted,
        interrupted=interrupted,
        pack=pack,
        slice_items=slice_items,
        verdict_reason=why,
    )


def runs_document(runs_dir: Path, rows: tuple[ListedRun, ...]) -> RunsDocument:
    """The typed listing document (`memeval runs --json`) of rows from `list_run_folders`."""
    return RunsDocument(runs_dir=str(runs_dir), runs=tuple(RunListing(**asdict(r)) for r in rows))


def list_runs(runs_dir: Path) -> RunsDocument:
    """Read every run folder directly under `runs_dir` (a folder with an `events.jsonl`).

    Returns:
        The listing, oldest first (by first trial start, then id); unreadable logs are listed
        with `status="unreadable"` and the reason in `error`. A missing `runs_dir` lists nothing.
        A folder's row comes from its projection cache while that cache matches its log (see
        `memeval._runlist`), else from a full load.
    """
    return runs_document(runs_dir, list_run_folders(runs_dir))
