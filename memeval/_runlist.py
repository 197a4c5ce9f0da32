"""The run folders under a runs directory, read light: what `memeval runs` lists.

A run folder's listing row comes from its projection cache (`.cache/result-<version>-p<n>.json`, written
by `memeval.results.load_run`) read with the standard library, used only while the cache's
`log_hash` equals the hash of the log's complete lines, the same rule `load_run` applies. A folder
without such a cache (never loaded, or its log changed since) is loaded in full, which imports the
projection and pydantic only then. So listing runs that were loaded before (every run `memeval ab`
finished) starts without pydantic, the event models or rich (issue 17 item 2).

This module imports nothing of memeval but its version, so it stays light; `memeval.results`
builds the typed `RunsDocument` from these rows, and `runs_json_text` writes that document's bytes
without it (pydantic-core's serializer only, imported when called).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from memeval import __version__

INTERRUPTED_FAULT = "cancelled"
"""A trial's fault code when its run was stopped while it ran: every listing (`memeval runs`,
`memeval results`, the summary) calls such a trial `interrupted`, since `memeval ab --resume` runs
it again; the log and `--json` keep the code."""


def interrupted(fault: Any) -> bool:
    """True when a trial's `fault` (a `Fault`, or None for no fault) is the run's stop (`INTERRUPTED_FAULT`).

    The one rule every count shares: an interrupted trial was not measured, so it is neither a
    harness fault (`many_faults`, `cost_faults`, the listing's `faulted`) nor an attempt (the
    summary's and `Run.denominators`' `attempted`); it is counted apart, as interrupted.
    """
    return fault is not None and getattr(fault, "code", None) == INTERRUPTED_FAULT


RUNS_SCHEMA = "memeval.runs/1"
"""The `schema` of `memeval runs --json` (`memeval.results.RunsDocument`, `runs_json_text`)."""


LOG_NAME = "events.jsonl"
"""A run folder's log; equal to `memeval.eventlog.LOG_NAME` (a test checks it)."""


@dataclass(frozen=True)
class ListedRun:
    """One run folder as `memeval runs` lists it; the fields of `memeval.results.RunListing`.

    `error` is set (and the rest mostly None) when the log cannot be read; such a folder is
    listed, never skipped.
    """

    run_id: str
    path: str
    started_at: str | None
    """When the first trial started (UTC, ISO 8601), its first attempt: a resumed run keeps its start; before
    any trial has, when the run was planned."""
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
    """`name@version` of the pack the pack arm's slice came from; None for an A/A run (no pack) or an
    unreadable log."""
    slice_items: int | None = None
    """Pack items given to the pack arm (the slice's size; 0 when a one-arm run ran none); None for no pack."""
    verdict_reason: str | None = None
    """Why `verdict` and `p_value` are None though the run has trials (`control_run`, `one_arm_run`,
    `nothing_measured`); else None."""


PROJECTION_VERSION = 14
"""Version of the projection's figures, in the cache's name beside memeval's version: raised when the
same log comes to project to other figures (2: the cost-of-pass bootstrap and the Monte Carlo
sign-flip test draw their own seeded streams; 3: the t-test, t intervals, exact binomial sign test and
McNemar p-value are computed without scipy (`memeval.stats._distributions`), which may move their last
bits; 4: the verdict warns (`cost_faults`) when the cost of a pass leaves out faulted trials' spend;
5: a trial of two or more models records its calls per model (`Physics.model_calls`), and the verdict warns when
the arms' shares differ; 6: the `cost_faults` warning names interrupted trials as interrupted, not as faults;
7: `many_faults` leaves interrupted trials out of its count and names them apart; 8: `many_faults` of a run with
no trial scored says nothing was measured, not "before trusting the verdict"; 9: the table's cells count interrupted
trials apart (`baseline_interrupted`, `pack_interrupted`; `Interrupted · $0.02`), not among their faults;
10: the verdict's recount with faults counted against it (`faults_could_change_it`) and `faulted_trials` leave
interrupted trials out; 11: so does the sequential path's fault-robust recount (`memeval ab --until-decided`);
12: a model call counts in the attempt its `model.called` line names (v3), not in a later attempt that started
before the call ended); 13: an attempt whose `agent.exited` names calls in flight is cut mid-turn
(`AttemptSpend.cut_mid_turn`, its spend a lower bound) until they are logged, ended or not); 14: each attempt
carries the tokens of every call its spend counts (`AttemptSpend.input_tokens`, `output_tokens`,
`tokens_unmeasured`), so a cache written by older code is replayed, never read."""


def cache_path(run_dir: Path) -> Path:
    """Where `load_run` caches a run folder's projection for this memeval version and projection version."""
    return run_dir / ".cache" / f"result-{__version__}-p{PROJECTION_VERSION}.json"


def log_digest(raw: bytes) -> str:
    """`sha256:<hex>` of a log's complete lines (up to its last newline): the cache's `log_hash`."""
    import hashlib  # here, not at the top: listing no run needs neither it nor json

    return "sha256:" + hashlib.sha256(memoryview(raw)[: raw.rfind(b"\n") + 1]).hexdigest()


def run_lock_held(run_dir: Path) -> bool:
    """True when some process holds the advisory lock `memeval ab` takes on `run_dir/.lock`.

    Read from `/proc/locks` (device and inode of the lock file), which takes no lock itself, so it
    can never make a starting `memeval ab --resume` fail. No lock file means nobody ever ran it here.
    """
    try:
        st = (run_dir / ".lock").stat()
        table = Path("/proc/locks").read_text(encoding="ascii", errors="replace")
    except FileNotFoundError:
        return False
    key = f"{os.major(st.st_dev):02x}:{os.minor(st.st_dev):02x}:{st.st_ino}"
    return any(len(f) > 5 and f[1] == "FLOCK" and f[5] == key for f in (line.split() for line in table.splitlines()))


def live_status(status: str, run_dir: Path) -> str:
    """A log's status as read now: `running` with nobody holding the run's lock is `interrupted`."""
    return "interrupted" if status == "running" and not run_lock_held(run_dir) else status


def run_folders(runs_dir: Path) -> list[Path]:
    """The folders directly under `runs_dir` that hold a run log, by name; none if it is missing."""
    if not runs_dir.is_dir():
        return []
    return sorted(p for p in runs_dir.iterdir() if (p / LOG_NAME).is_file())


def read_cached(run_dir: Path) -> ListedRun | None:
    """The listing row of `run_dir` from its projection cache, or None when that cache cannot stand in.

    None when there is no cache, it cannot be read or parsed, a field the row needs is missing or
    of another type, or its `log_hash` is not the hash of the log's complete lines now.
    """
    import json

    try:
        cached = json.loads(cache_path(run_dir).read_bytes())
        raw = (run_dir / LOG_NAME).read_bytes()
    except (OSError, ValueError):
        return None
    if not isinstance(cached, dict) or cached.get("log_hash") != log_digest(raw):
        return None
    try:
        return _row(run_dir, cached)
    except (KeyError, TypeError, AttributeError, ValueError):
        return None  # another layout: the full load decides


def measured_verdict(
    verdict: str | None,
    p_value: float | None,
    trials: int,
    faulted: int,
    interrupted: int,
    control: str | None = None,
    one_arm: bool = False,
) -> tuple[str | None, float | None, str | None]:
    """A listing's verdict, p-value and the reason they are None: nothing is said of a run that measured nothing.

    A control run (`control` `oracle` or `nop`: the run card's `agent.control`, set for the built-in
    control agents that `memeval check-tasks` runs) checks the tasks, not an agent against a pack, so
    its `unresolved` and p = 1 mean nothing; it is listed as None with `verdict_reason` `CONTROL_RUN`.
    A run whose every trial faulted or was interrupted has no scored trial, so its `unresolved` and
    p = 1 come from no data; they are listed as None with `verdict_reason` `NOTHING_MEASURED`. A one-arm run
    (`one_arm`: the run card's `modes` set by `memeval ab --arms`) computes no verdict: `ONE_ARM_RUN`.

    Returns:
        (verdict, p_value, reason): the given pair and None, or (None, None, `CONTROL_RUN`, `ONE_ARM_RUN` or
        `NOTHING_MEASURED`).
    """
    if control:
        return None, None, CONTROL_RUN
    if one_arm:
        return None, None, ONE_ARM_RUN
    if trials and faulted + interrupted == trials:
        return None, None, NOTHING_MEASURED
    return verdict, p_value, None


NOTHING_MEASURED = "nothing_measured"
"""`verdict_reason` of a listed run whose every trial faulted or was interrupted (none was scored)."""

CONTROL_RUN = "control_run"
"""`verdict_reason` of a listed control run (oracle or nop agent): it has no A/B verdict to say."""

ONE_ARM_RUN = "one_arm_run"
"""`verdict_reason` of a listed one-arm run (`memeval ab --arms baseline` or `pack`): it computes no verdict."""


def _row(run_dir: Path, d: dict[str, Any]) -> ListedRun:
    card, trials, verdict = d["run_card"], d["trials"], d["verdict"]
    ts, agent = card["task_set"], card["agent"]
    started_at = run_started(run_dir, [_text(t["started_at"]) for t in trials])
    if verdict is not None and not isinstance(verdict, dict):
        raise TypeError("verdict")
    p_value = None if verdict is None else verdict["p_value"]
    codes = [None if t["fault"] is None else _text(t["fault"]["code"]) for t in trials]
    planned = d["coverage"]["expected_trials"]
    pack, slice_items = pack_of(d["manifest"], card.get("modes"))
    if not isinstance(planned, int) or not (p_value is None or isinstance(p_value, (int, float))):
        raise TypeError("coverage or p_value")
    faulted = sum(c is not None and c != INTERRUPTED_FAULT for c in codes)
    interrupted = sum(c == INTERRUPTED_FAULT for c in codes)
    said, p, why = measured_verdict(
        None if verdict is None else _text(verdict["verdict"]),
        None if p_value is None else float(p_value),
        len(trials),
        faulted,
        interrupted,
        _text(agent.get("control") or "") or None,
        one_arm=card.get("modes") is not None,
    )
    return ListedRun(
        run_id=_text(d["run_id"]),
        path=str(run_dir),
        started_at=started_at,
        task_set=f"{ts.get('name')}@{ts.get('version')}",
        agent=agent.get("name"),
        control=agent.get("control") or None,
        status=live_status(_text(d["status"]), run_dir),
        trials=len(trials),
        planned=planned,
        verdict=said,
        p_value=p,
        faulted=faulted,
        interrupted=interrupted,
        pack=pack,
        slice_items=slice_items,
        verdict_reason=why,
    )


def planned_at(run_dir: Path) -> str:
    """When the run was planned: the `at` (UTC, ISO 8601) of its log's first event, `run.planned`.

    The listing's start of a run none of whose trials has ended yet: it was listed with no start
    ("—") and sorted before every other run, not last where a running run belongs.

    Raises:
        OSError: the log cannot be read. ValueError: its first line is not JSON. KeyError,
            TypeError: it has no `at` text (both callers read the log whole first, so neither is
            expected).
    """
    import json

    with (run_dir / LOG_NAME).open("rb") as fh:
        first = json.loads(fh.readline())
    return _text(first["at"])


def run_started(run_dir: Path, kept_starts: list[str]) -> str:
    """When the run's first trial started (UTC, ISO 8601, as the log wrote it), whichever attempt it was.

    The earliest of `kept_starts` (the `started_at` of each trial's kept attempt) and the `at` of the
    log's first `trial.started` event, read line by line up to it: a run stopped and then resumed
    keeps the start it had, where the kept attempts alone gave the resume's time, so `memeval runs`
    moved a run resumed a day later to that day. Before any trial has started, when the run was
    planned (`planned_at`).

    Raises:
        OSError: the log cannot be read. ValueError: a line before the first `trial.started` is
            not JSON. KeyError, TypeError: that event has no `at` text (both callers read the log
            whole first, so neither is expected).
    """
    import json
    from datetime import datetime

    first: str | None = None
    with (run_dir / LOG_NAME).open("rb") as fh:
        for line in fh:
            if b"trial.started" in line:  # a cheap test first: most lines before it are not
                ev = json.loads(line)
                if ev.get("event") == "trial.started":
                    first = _text(ev["at"])
                    break
    starts = kept_starts + ([first] if first is not None else [])
    if not starts:
        return planned_at(run_dir)
    return min(starts, key=lambda s: datetime.fromisoformat(s.replace("Z", "+00:00")))


def pack_of(manifest: dict[str, Any], modes: object = None) -> tuple[str | None, int | None]:
    """`(name@version, items given)` of a manifest's pack (its JSON as the log holds it), `(None, None)` for none.

    `modes` is the run card's (`memeval ab --arms`): a run without the pack arm gave its pack's slice to no
    trial, so 0 items were given (the listing's `fernhill@2026.11.1 (13)` said 13 of a baseline-only run).

    Raises:
        KeyError, TypeError: the manifest is not laid out as `memeval.eventlog.Manifest`.
    """
    pin = manifest["cells"]["pack"]
    if pin is None:
        return None, None
    given = manifest.get("slice", [])
    if not isinstance(given, list):
        raise TypeError("slice")
    ran_pack = modes is None or (isinstance(modes, list | tuple) and "pack" in modes)
    return f"{_text(pin['name'])}@{_text(pin['version'])}", len(given) if ran_pack else 0


def _text(value: object) -> str:
    if not isinstance(value, str):
        raise TypeError(f"expected text, got {type(value).__name__}")
    return value


def list_run_folders(runs_dir: Path) -> tuple[ListedRun, ...]:
    """Every run folder directly under `runs_dir`, oldest first (by first trial start, else when planned, then id).

    Each row comes from the folder's cache when it stands in for the log (`read_cached`), else from
    a full load (`memeval.results.listed_run`, which writes the cache for next time); an unreadable
    log is a row with `status="unreadable"` and the reason in `error`. A missing `runs_dir` lists
    nothing.
    """
    out: list[ListedRun] = []
    for p in run_folders(runs_dir):
        row = read_cached(p)
        if row is None:
            from memeval.results import listed_run

            row = listed_run(p)
        out.append(row)
    out.sort(key=lambda r: (r.started_at or "", r.run_id))
    return tuple(out)


def runs_json_text(runs_dir: Path, rows: tuple[ListedRun, ...], indent: int) -> str:
    """`memeval runs --json`'s document of `rows`, as the text `memeval.results.RunsDocument` dumps to.

    The same keys in the same order and the same bytes as `runs_document(runs_dir, rows)
    .model_dump_json(by_alias=True, indent=indent)` (a test compares them), written by pydantic-core's
    serializer (the one pydantic's models use: a float as `0.00001`, not Python's `1e-05`) from
    the rows' plain fields. So listing folders whose rows come from their caches needs neither pydantic
    nor its model classes (about 0.12 s of CPU at every start: `memeval runs --json` cost twice
    `memeval runs`).

    Args:
        runs_dir: the folder listed, as given (`runs_dir` of the document).
        rows: the rows from `list_run_folders`, in their order.
        indent: spaces per level (`memeval.cli._json.JSON_INDENT`).

    Returns:
        The document's text, without a final newline.
    """
    from dataclasses import asdict

    from pydantic_core import to_json

    runs = []
    for r in rows:
        row = asdict(r)
        if row["p_value"] is not None:
            row["p_value"] = float(row["p_value"])  # the model's field is a float: 1 is written 1.0
        runs.append(row)
    doc = {"schema": RUNS_SCHEMA, "schema_version": 1, "runs_dir": str(runs_dir), "runs": runs}
    return to_json(doc, indent=indent).decode("utf-8")
