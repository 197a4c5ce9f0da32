"""The bootstrap's draws made ahead by a helper thread give the same intervals, byte for byte.

`memeval.stats._cost.draw_ahead` draws a bootstrap's task indices in a thread while a replay reads
its log (issue 17 item 5: what the user waits for); `_Resamples` takes them when a bootstrap of
the same shape and seed asks, else draws its own. Either way the same numbers: compared here as
the float bits of every interval end, for the shape drawn ahead, for a shape that was not (the
draws left unused), and through a replay whose plan predicts its verdict's tasks.
"""

from __future__ import annotations

import shutil
import threading
from datetime import UTC, datetime, timedelta
from pathlib import Path

import numpy as np
import pytest

import memeval.results._replay as replay_module
import memeval.stats._cost as cost
from memeval.eventlog import (
    AgentExited,
    AgentStarted,
    CheckRecorded,
    Event,
    ModelCalled,
    PlannedTrial,
    RunEnded,
    RunLog,
    RunPlanned,
    TrialEnded,
    TrialStarted,
    canonical,
)
from memeval.eventlog._events import stamp
from memeval.results import load_run, replay_body, result_body
from memeval.stats._cost import ArmCostData, cost_of_pass_fields
from memeval.stats._verdictcore import DEFAULT_BOOT_RESAMPLES

GOLDEN = Path(__file__).resolve().parents[1] / "fixtures" / "runlog_v1"


def _arms(n: int, seed: int) -> tuple[ArmCostData, ArmCostData]:
    rng = np.random.default_rng(seed)
    out = []
    for _ in range(2):
        spend = tuple(float(x) for x in rng.random(n) * 3)
        passes = tuple(int(x) for x in rng.integers(0, 4, n))
        out.append(ArmCostData(spend, passes, known=3 * n, scored=3 * n))
    return out[0], out[1]


def _bits(fields: dict[str, object]) -> bytes:
    """Every number of the block, as its float's bytes (None as a marker): equal means identical."""
    out = bytearray()
    for part in ("baseline", "pack", "pack_minus_baseline"):
        block = fields[part]
        assert isinstance(block, dict)
        values = [block["value"], *(block["ci"] or (None, None))]
        for v in values:
            out += b"-" if v is None else np.float64(v).tobytes()
    return bytes(out)


@pytest.mark.parametrize(("n", "resamples"), [(2, 10), (37, 999), (300, 129), (1666, 200)])
def test_draws_made_ahead_give_the_same_intervals(n: int, resamples: int) -> None:
    base, pack = _arms(n, n)
    alone = cost_of_pass_fields(base, pack, boot_seed=7, boot_resamples=resamples)
    cost.draw_ahead(n, 7, resamples)
    assert (n, 7, resamples) in cost._AHEAD
    ahead = cost_of_pass_fields(base, pack, boot_seed=7, boot_resamples=resamples)
    assert (n, 7, resamples) not in cost._AHEAD  # taken by the bootstrap that asked for them
    assert _bits(ahead) == _bits(alone)


def test_draws_of_another_shape_or_seed_are_left_unused() -> None:
    base, pack = _arms(50, 1)
    alone = cost_of_pass_fields(base, pack, boot_seed=3, boot_resamples=500)
    cost.draw_ahead(49, 3, 500)  # another task count
    cost.draw_ahead(50, 4, 500)  # another seed
    try:
        assert _bits(cost_of_pass_fields(base, pack, boot_seed=3, boot_resamples=500)) == _bits(alone)
        assert (49, 3, 500) in cost._AHEAD and (50, 4, 500) in cost._AHEAD
    finally:
        cost._AHEAD.clear()


def test_draws_cut_short_are_drawn_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """A helper that failed part way (no memory, say) leaves too few blocks: the bootstrap draws them all itself."""
    base, pack = _arms(40, 2)
    alone = cost_of_pass_fields(base, pack, boot_seed=5, boot_resamples=300)
    real = cost._draws

    def failing(n: int, seed: int, resamples: int):  # type: ignore[no-untyped-def]
        for k, block in enumerate(real(n, seed, resamples)):
            if k == 2:
                raise MemoryError
            yield block

    monkeypatch.setattr(cost, "_draws", failing)
    monkeypatch.setattr(threading, "excepthook", lambda args: None)  # the helper's failure is expected
    cost.draw_ahead(40, 5, 300)
    monkeypatch.setattr(cost, "_draws", real)
    assert _bits(cost_of_pass_fields(base, pack, boot_seed=5, boot_resamples=300)) == _bits(alone)


def _paired_run(run: Path, tasks: int) -> None:
    """A finished run of `tasks` tasks x 2 arms, one metered call a trial, as the runner writes it (current version)."""
    golden = RunLog(GOLDEN / "oracle-mini").read().events[0]
    assert isinstance(golden, RunPlanned)
    trials = [
        PlannedTrial(trial_id=f"t{i}:{m}:1", task_id=f"t{i}", mode=m, repeat=1)
        for i in range(tasks)
        for m in ("baseline", "pack")
    ]
    events: list[Event] = [
        RunPlanned(
            run_id="r1",
            manifest=golden.manifest,
            run_card=golden.run_card.model_copy(update={"network": "proxy"}),
            trials=tuple(trials),
            seeds={"stats": 11},
        )
    ]
    for k, t in enumerate(trials):
        tid = t.trial_id
        call = {
            "call_id": f"c{k}", "trial_id": tid, "role": "subject", "provider": "openai", "api": "openai-chat",
            "requested_model": "m", "response_model": "m", "status": 200, "attempt": 1, "streamed": False,
            "completed": True, "input_tokens": 100 + k, "uncached_input_tokens": 100 + k, "output_tokens": 10,
            "cache_read_tokens": 0, "cache_write_tokens": None, "reasoning_tokens": None, "tool_calls": 0,
            "tool_names": [], "hosted_tool_calls": 0, "started_at": "2026-11-30T09:00:00Z", "latency_ms": 900,
            "ttfb_ms": 300, "cost": {"cost_usd": 0.001 * (1 + k % 7), "reason": None},
            "error": None,
        }  # fmt: skip
        passed = (k * 7) % 3 == 0
        events += [
            TrialStarted(trial_id=tid),
            AgentStarted(trial_id=tid, agent="a", network="proxy"),
            ModelCalled(trial_id=tid, call=call),
            AgentExited(trial_id=tid, execution="completed", exit_code=0, duration_ms=5),
            CheckRecorded(
                trial_id=tid,
                type="command",
                level="L2v",
                passed=passed,
                reward=float(passed),
                reward_source="reward.txt",
            ),
            TrialEnded(trial_id=tid, assessment="scored"),
        ]
    events.append(RunEnded(status="completed"))
    run.mkdir()
    t0 = datetime(2026, 11, 30, 9, tzinfo=UTC)
    (run / "events.jsonl").write_bytes(
        b"".join(canonical(stamp(ev, i, t0 + timedelta(seconds=i))) for i, ev in enumerate(events))
    )


def test_a_replay_draws_ahead_and_writes_the_same_bytes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[tuple[int, int, int]] = []
    real = cost.draw_ahead

    def ahead(n: int, seed: int, resamples: int) -> None:
        asked.append((n, seed, resamples))
        real(n, seed, resamples)

    run = tmp_path / "run"
    _paired_run(run, 9)
    monkeypatch.setattr(replay_module, "spare_core", lambda: True)  # a core free for the helper
    monkeypatch.setattr(cost, "draw_ahead", ahead)
    drawn_ahead = replay_body(run)
    assert asked == [(9, 11, DEFAULT_BOOT_RESAMPLES)]  # the plan's paired tasks and seed
    assert not cost._AHEAD  # taken by the verdict's bootstrap
    monkeypatch.setattr(cost, "draw_ahead", lambda n, seed, resamples: None)
    shutil.rmtree(run / ".cache")
    assert replay_body(run) == drawn_ahead  # the same bytes as drawing them in turn
    assert result_body(load_run(run, use_cache=False)) == drawn_ahead  # and as the models' path


def test_draws_a_replay_made_ahead_and_did_not_use_are_let_go(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A run whose verdict pairs fewer tasks than its plan (trials never run) leaves nothing held after its replay."""
    run = tmp_path / "run"
    _paired_run(run, 9)
    lines = (run / "events.jsonl").read_bytes().splitlines(keepends=True)
    # The last task's trials (6 lines each, before run.ended) cut out: its seq numbers closed up again.
    kept = lines[: 1 + 6 * 16] + lines[-1:]
    kept[-1] = kept[-1].replace(b'"seq":109', f'"seq":{len(kept) - 1}'.encode())
    (run / "events.jsonl").write_bytes(b"".join(kept))
    asked: list[tuple[int, int, int]] = []
    real = cost.draw_ahead
    monkeypatch.setattr(replay_module, "spare_core", lambda: True)
    monkeypatch.setattr(cost, "draw_ahead", lambda *key: (asked.append(key), real(*key))[1])
    body = replay_body(run)
    assert asked == [(9, 11, DEFAULT_BOOT_RESAMPLES)]  # the plan's 9 tasks; the verdict pairs 8
    assert not cost._AHEAD
    shutil.rmtree(run / ".cache")
    assert result_body(load_run(run, use_cache=False)) == body


def test_no_draws_ahead_when_no_core_is_spare(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """On a machine whose cores are busy the bootstrap draws in turn, in the main thread, as before."""
    run = tmp_path / "run"
    _paired_run(run, 9)
    monkeypatch.setattr(replay_module, "spare_core", lambda: False)
    monkeypatch.setattr(cost, "draw_ahead", lambda *key: pytest.fail("drawn ahead on a busy machine"))
    body = replay_body(run)
    shutil.rmtree(run / ".cache")
    assert result_body(load_run(run, use_cache=False)) == body
