"""A replay reads and projects the log a megabyte at a time, and gives what reading it whole gives.

`memeval.results.load_run` (no cache to check) reads the log through `RunLog.replay_stream`, one
run of whole lines at a time, into a `Projection` that adds up each attempt's calls when it ends
and lets them go. Checked here with runs of every size (a few bytes, so that every line is longer
than the buffer; a line or two; the default megabyte), from the file and from bytes already read:
the same result bytes as `project` over `RunLog.read`, the same `log_hash` and torn tail, and the
same error as reading the whole log first (a read error in a later line wins over a projection
error in an earlier one).
"""

from __future__ import annotations

import hashlib
import tempfile
import threading
from pathlib import Path
from typing import Any
from unittest import mock

import pytest
from hypothesis import given
from patience import patient
from test_fast_calls import _line, _log_of, _longer_log
from test_projection_properties import PROPS, _write, run_logs

import memeval.eventlog._log as log_module
import memeval.results._replay as replay_module
from memeval.errors import RunLogError
from memeval.eventlog import ModelCalled, RunLog, TrialEnded
from memeval.results import load_run, result_body, result_bytes, result_json
from memeval.results._project import Projection, project

SIZES = [7, 300, 1 << 20]
"""Bytes the stream reads at once: less than any line (its buffer grows), a line or two, the default."""


def _expected(run: Path) -> str:
    """The result's JSON as `project` gives it over the whole log read by `RunLog.read`."""
    data = (run / "events.jsonl").read_bytes()
    complete = data[: data.rfind(b"\n") + 1]
    result = project(RunLog(run).read().events, complete)
    return result.model_dump_json(by_alias=True, indent=2) + "\n"


@pytest.mark.slow  # 15 s in the suite (91c579d9, three workers): handed out first
@PROPS
@given(run_logs())
def test_any_log_replays_the_same_a_run_of_lines_at_a_time(events: list[Any]) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        run = Path(tmp) / "r"
        _write(run, events)
        (run / "events.jsonl").open("ab").write(b'{"at":"2026-11-30T09:')  # a torn last line
        expected = _expected(run)
        for size in SIZES:
            with mock.patch.object(log_module, "_STREAM_BYTES", size):
                assert result_json(load_run(run, use_cache=False)) == expected
                stream = RunLog(run).replay_stream()
                assert [e.seq for run_ in stream for e in run_] == list(range(len(events)))
                assert stream.torn_tail
                data = (run / "events.jsonl").read_bytes()
                assert stream.log_hash == "sha256:" + hashlib.sha256(data[: data.rfind(b"\n") + 1]).hexdigest()
                given_bytes = RunLog(run).replay_stream(data)
                assert [e.seq for run_ in given_bytes for e in run_] == list(range(len(events)))
                assert given_bytes.torn_tail and given_bytes.log_hash == stream.log_hash


@pytest.mark.parametrize("size", SIZES)
def test_the_stream_comes_in_runs_of_whole_lines(tmp_path: Path, size: int) -> None:
    call = ModelCalled.model_validate(_line())
    run = _log_of(tmp_path, *[call] * 40, TrialEnded(trial_id="t:pack:1", assessment="scored"))
    with mock.patch.object(log_module, "_STREAM_BYTES", size):
        runs = [len(events) for events in RunLog(run).replay_stream()]
    assert sum(runs) == 43
    if size == 7:
        assert runs == [1] * 43  # every line is longer than a read: one line a run
    elif size == 300:
        assert 1 < len(runs) < 43
    else:
        assert runs == [43]


def _unplanned(line: str) -> str:
    return line.replace('"trial_id":"t:pack:1","v"', '"trial_id":"x:pack:1","v"')


def _tampered(line: str) -> str:
    return line.replace('"status":200', '"status":"x"')


# Lines: run.planned, trial.started, 2 calls, a claim with figures, 2 calls, trial.ended.
CASES: dict[str, Any] = {
    "an unplanned trial, then a tampered call": {1: _unplanned, 6: _tampered},
    "an unplanned trial alone": {1: _unplanned},
    "a bad seq after an unplanned trial": {1: _unplanned, 5: lambda s: s.replace('"seq":5', '"seq":9')},
    "no run.planned, then a tampered call": {0: lambda s: s.replace("run.planned", "run.ended"), 6: _tampered},
}


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("case", sorted(CASES))
def test_a_bad_log_fails_as_when_read_whole_first(tmp_path: Path, case: str, size: int) -> None:
    run = _longer_log(tmp_path)
    lines = (run / "events.jsonl").read_text(encoding="utf-8").splitlines(keepends=True)
    for k, edit in CASES[case].items():
        changed = edit(lines[k])
        assert changed != lines[k]
        lines[k] = changed
    (run / "events.jsonl").write_text("".join(lines), encoding="utf-8")
    # What the replay said when it read the whole log before projecting it.
    try:
        read = RunLog(run).read_for_replay()
        project(read.events, read.complete)
    except RunLogError as exc:
        expected = str(exc)
    else:
        raise AssertionError("the edited log was read and projected")
    with mock.patch.object(log_module, "_STREAM_BYTES", size), pytest.raises(RunLogError) as got:
        load_run(run, use_cache=False)
    assert str(got.value) == expected


def test_an_empty_or_missing_log_is_named(tmp_path: Path) -> None:
    run = tmp_path / "r"
    run.mkdir()
    with pytest.raises(RunLogError, match="it has no events.jsonl"):
        load_run(run, use_cache=False)
    (run / "events.jsonl").write_bytes(b"")
    with pytest.raises(RunLogError, match="has an empty log"):
        load_run(run, use_cache=False)
    (run / "events.jsonl").write_bytes(b'{"at":')  # a torn line alone
    with pytest.raises(RunLogError, match="has an empty log"):
        load_run(run)


def test_a_held_replay_keeps_the_events_of_its_first_bytes_and_gives_the_same_bytes(tmp_path: Path) -> None:
    # `memeval replay` passes `hold`: the events of the log's first HOLD_LOG_BYTES are kept until the
    # process ends (never freed one by one), later ones let go as without `hold`.
    calls = (ModelCalled.model_validate(_line(f"c{n}")) for n in range(40))  # each its own call
    run = _log_of(tmp_path, *calls, TrialEnded(trial_id="t:pack:1", assessment="scored"))
    expected = _expected(run)
    data = (run / "events.jsonl").read_bytes()
    ends = [i + 1 for i, b in enumerate(data) if b == 0x0A]
    budget = ends[20]  # the first 21 lines' bytes
    with (
        mock.patch.object(log_module, "_STREAM_BYTES", 7),  # one line a run
        mock.patch.object(replay_module, "HOLD_LOG_BYTES", budget),
    ):
        held: list[object] = []
        assert result_json(load_run(run, use_cache=False, hold=held)) == expected
        kept = [x for x in held if isinstance(x, list)]
        assert [e.seq for events in kept for e in events] == list(range(21))
        assert sum(isinstance(x, Projection) for x in held) == 1
        assert result_json(load_run(run, use_cache=False)) == expected  # and without `hold`


def test_the_cache_and_result_bytes_are_the_body_and_a_newline(tmp_path: Path) -> None:
    calls = (ModelCalled.model_validate(_line(f"c{n}")) for n in range(3))  # each its own call
    run = _log_of(tmp_path, *calls, TrialEnded(trial_id="t:pack:1", assessment="scored"))
    loaded = load_run(run)  # replayed, and the cache written from `result_body` and a newline
    body = result_body(loaded)
    assert result_bytes(loaded) == body + b"\n" == _expected(run).encode()
    assert result_bytes(loaded) is result_bytes(loaded)  # joined once
    (cache,) = (run / ".cache").glob("result-*.json")
    assert cache.read_bytes() == body + b"\n"
    loaded.result = load_run(run).result  # another result: a body and bytes of its own
    assert result_body(loaded) is not body and result_bytes(loaded) == body + b"\n"


def _helper_threads() -> list[threading.Thread]:
    return [t for t in threading.enumerate() if t.name == "memeval-log-hash"]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize(("ahead", "spare"), [(1, True), (1 << 40, True), (1, False)])
def test_the_log_hash_is_the_same_hashed_by_the_helper_thread_or_not(
    tmp_path: Path, size: int, ahead: int, spare: bool
) -> None:
    """Runs of at least `_HASH_AHEAD_BYTES` are hashed by a helper thread while they are decoded, shorter ones
    in the reader's thread, as every run is when no core is spare: the same `log_hash` either way, for runs
    of every size, from the file and from bytes, with a torn tail, and the helper gone once the stream has
    been read."""
    run = _longer_log(tmp_path)
    with (run / "events.jsonl").open("ab") as f:
        f.write(b'{"at":"2026-11-30T09:')  # a torn last line
    data = (run / "events.jsonl").read_bytes()
    expected = "sha256:" + hashlib.sha256(data[: data.rfind(b"\n") + 1]).hexdigest()
    with (
        mock.patch.object(log_module, "_STREAM_BYTES", size),
        mock.patch.object(log_module, "_HASH_AHEAD_BYTES", ahead),
        mock.patch.object(log_module, "spare_core", lambda: spare),
    ):
        for stream in (RunLog(run).replay_stream(), RunLog(run).replay_stream(data)):
            for _ in stream:
                pass
            assert stream.torn_tail and stream.log_hash == expected
    for t in _helper_threads():
        t.join(timeout=patient(10))  # told to end; it ends once it has taken that from its queue
    assert not _helper_threads()


def test_a_bad_line_ends_the_helper_thread_too(tmp_path: Path) -> None:
    run = _longer_log(tmp_path)
    lines = (run / "events.jsonl").read_text(encoding="utf-8").splitlines(keepends=True)
    lines[6] = _tampered(lines[6])
    (run / "events.jsonl").write_text("".join(lines), encoding="utf-8")
    with (
        mock.patch.object(log_module, "_STREAM_BYTES", 300),
        mock.patch.object(log_module, "_HASH_AHEAD_BYTES", 1),
        mock.patch.object(log_module, "spare_core", lambda: True),
        pytest.raises(RunLogError),
    ):
        load_run(run, use_cache=False)
    for t in _helper_threads():
        t.join(timeout=patient(10))
    assert not _helper_threads()


@pytest.mark.parametrize(
    ("cores", "load", "running", "spare"),
    [
        (2, 0.3, None, True),
        (2, 1.0, None, True),
        (2, 1.4, None, False),  # the instant count unreadable: the average alone
        (1, 0.0, None, False),
        (1, 0.0, 1, False),
        (8, 7.5, None, False),
        (2, 1.4, 1, True),  # a quiet machine whose average still counts the replays just run
        (2, 1.4, 2, False),  # something else running beside this process now
        (2, 1.9, 1, True),
        (2, 2.0, 1, False),  # busy over the minute: an instant between two bursts says nothing
        (8, 7.5, 7, True),
        (8, 7.5, 8, False),
    ],
)
def test_a_core_is_spare_when_the_cores_outnumber_the_load_or_the_tasks_running_now(
    monkeypatch: pytest.MonkeyPatch, cores: int, load: float, running: int | None, spare: bool
) -> None:
    from memeval import _cores

    monkeypatch.setattr(_cores.os, "getloadavg", lambda: (load, load, load))
    monkeypatch.setattr(_cores.os, "sched_getaffinity", lambda pid: set(range(cores)))
    monkeypatch.setattr(_cores, "runnable_now", lambda: running)
    assert _cores.spare_core() is spare


@pytest.mark.parametrize(
    ("text", "running"),
    [
        (b"1.43 1.20 0.98 1/168 12245\n", 1),
        (b"5.78 4.75 2.55 6/168 11500\n", 6),
        (b"", None),
        (b"1.43 1.20 0.98 x/168 12245\n", None),
    ],
)
def test_the_tasks_running_now_are_read_from_proc_loadavg(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, text: bytes, running: int | None
) -> None:
    from memeval import _cores

    fake = tmp_path / "loadavg"
    fake.write_bytes(text)
    monkeypatch.setattr(_cores, "_LOADAVG", str(fake))
    assert _cores.runnable_now() == running
    monkeypatch.setattr(_cores, "_LOADAVG", str(tmp_path / "missing"))
    assert _cores.runnable_now() is None


def test_no_core_is_spare_when_the_load_cannot_be_read(monkeypatch: pytest.MonkeyPatch) -> None:
    from memeval import _cores

    def unreadable() -> tuple[float, float, float]:
        raise OSError("no load average here")

    monkeypatch.setattr(_cores.os, "getloadavg", unreadable)
    assert _cores.spare_core() is False
