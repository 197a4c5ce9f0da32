"""`memeval replay`'s JSON made without the records' models is pydantic's JSON of the result, byte for byte.

`Projection.result_body` (what `memeval replay` prints and caches, through
`memeval.results._load.replay_body`) builds the trial records' JSON with msgspec from the dicts the
projection validates, and places every other part as pydantic writes it. These tests compare it
with the pydantic path (`result_body(load_run(...))`, the `RunResult` model's JSON) on the golden
logs, on every log the property strategy draws, and on values msgspec would write otherwise (a
float of 1e16 or more), which must fall back to pydantic.
"""

from __future__ import annotations

import shutil
import tempfile
from datetime import timedelta
from pathlib import Path

from hypothesis import given
from test_projection_properties import PROPS, T0, _write, run_logs

from memeval._runlist import cache_path
from memeval.eventlog import (
    AgentExited,
    AgentStarted,
    CheckRecorded,
    ClaimRecorded,
    Event,
    PlannedTrial,
    RunLog,
    RunPlanned,
    TrialEnded,
    TrialStarted,
    canonical,
)
from memeval.eventlog._events import stamp
from memeval.results import load_run, replay_body, result_body
from memeval.results._body import encoded_result, stand_in
from memeval.results._project import MODELS, Projection

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "runlog_v1"


def _both(run: Path) -> tuple[bytes, bytes]:
    """(the pydantic path's body, `replay_body`'s), each from a folder without a cache."""
    shutil.rmtree(run / ".cache", ignore_errors=True)
    expected = result_body(load_run(run, use_cache=False))
    got = replay_body(run)
    return expected, got


def _light(run: Path) -> bytes | None:
    """msgspec's body of `run`'s log, or None where `result_body` falls back to pydantic."""
    events = RunLog(run).read_for_replay().events
    projection = Projection(events[0])
    projection.add(events[1:])
    return encoded_result(projection, projection.parts(MODELS._replace(record=stand_in)), "sha256:x")


def test_the_golden_logs_replay_to_the_models_bytes_and_cache(tmp_path: Path) -> None:
    for name in ("oracle-mini", "sample-t01"):
        run = shutil.copytree(FIXTURES / name, tmp_path / name)
        expected, got = _both(run)
        assert got == expected
        assert _light(run) is not None  # made by msgspec, not by the fallback
        assert cache_path(run).read_bytes() == expected + b"\n"
        assert replay_body(run) == expected  # read from the cache it wrote
        assert load_run(run).result.log_hash in expected.decode()


@PROPS
@given(run_logs())
def test_any_log_the_runner_can_write_replays_to_the_models_bytes(events: list[Event]) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        run = Path(tmp) / "run"
        _write(run, events)
        expected, got = _both(run)
        assert got == expected


def _one_trial(run: Path, reward: float, self_reported: dict[str, object] | None) -> None:
    tid = "t1:baseline:1"
    golden = RunLog(FIXTURES / "oracle-mini").read().events[0]
    assert isinstance(golden, RunPlanned)
    events: list[Event] = [
        RunPlanned(
            run_id="r1",
            manifest=golden.manifest,
            run_card=golden.run_card,
            trials=(PlannedTrial(trial_id=tid, task_id="t1", mode="baseline", repeat=1),),
            seeds={},
        ),
        TrialStarted(trial_id=tid),
        AgentStarted(trial_id=tid, agent="a", network="proxy"),
        AgentExited(trial_id=tid, execution="completed", exit_code=0, duration_ms=5),
        ClaimRecorded(trial_id=tid, message="done", source="stdout", self_reported=self_reported),
        CheckRecorded(
            trial_id=tid, type="command", level="L2v", passed=True, reward=reward, reward_source="reward.txt"
        ),
        TrialEnded(trial_id=tid, assessment="scored"),
    ]
    run.mkdir()
    (run / "events.jsonl").write_bytes(
        b"".join(canonical(stamp(ev, i, T0 + timedelta(seconds=i))) for i, ev in enumerate(events))
    )


def test_a_float_msgspec_would_write_otherwise_falls_back_to_pydantic(tmp_path: Path) -> None:
    run = tmp_path / "big"
    _one_trial(run, 1e17, None)
    assert _light(run) is None  # msgspec writes 1e17, pydantic 1e+17
    expected, got = _both(run)
    assert got == expected
    assert b'"reward": 1e+17' in got


def test_self_reported_figures_are_written_as_pydantic_writes_them(tmp_path: Path) -> None:
    run = tmp_path / "claim"
    _one_trial(run, 0.5, {"tokens": 2.5e20, "note": "é\u2028\x1f", "n": [1, {"x": None}]})
    assert _light(run) is not None
    expected, got = _both(run)
    assert got == expected
    assert b"2.5e+20" in got
