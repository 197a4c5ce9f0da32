"""How long `memeval result` takes to replay runs of 1,000 and 100,000 events.

Builds synthetic run logs in a temp folder (trials with model calls, the shapes a real run
writes), then times reading + projecting them, best of 3. Target: 100,000 events under 1 s.

    .venv/bin/python bench/replay.py
"""

from __future__ import annotations

import statistics
import tempfile
import time
from pathlib import Path

from memeval.eventlog import (
    AgentExited,
    AgentStarted,
    CheckRecorded,
    ClaimRecorded,
    ModelCalled,
    PlannedTrial,
    RunEnded,
    RunLog,
    RunPlanned,
    SandboxReady,
    TrialEnded,
    TrialStarted,
    VerifierStarted,
    WorkspaceDiffed,
    canonical,
)
from memeval.eventlog._events import stamp
from memeval.results import load_run, result_json

CALL = {
    "call_id": "c",
    "trial_id": "",
    "role": "subject",
    "provider": "openai",
    "api": "openai-chat",
    "requested_model": "m",
    "response_model": "m",
    "status": 200,
    "attempt": 1,
    "streamed": False,
    "completed": True,
    "input_tokens": 1200,
    "output_tokens": 80,
    "cache_read_tokens": 0,
    "cache_write_tokens": None,
    "reasoning_tokens": None,
    "tool_calls": 1,
    "tool_names": ["read_file"],
    "latency_ms": 900,
    "ttfb_ms": 300,
    "cost": {"cost_usd": 0.0012, "reason": None},
    "error": None,
}


def make_log(run_dir: Path, n_events: int) -> int:
    calls_per_trial = 20
    per_trial = 10 + calls_per_trial
    n_tasks = max(1, n_events // per_trial // 2)
    trials = [
        PlannedTrial(trial_id=f"t{i}:{m}:1", task_id=f"t{i}", mode=m, repeat=1)
        for i in range(n_tasks)
        for m in ("baseline", "pack")
    ]
    evs = [
        RunPlanned(
            run_id="BENCH",
            manifest={"task_set": {}},
            run_card={"network": "proxy"},
            trials=tuple(trials),
            seeds={"stats": 1},
        )
    ]
    for k, t in enumerate(trials):
        tid = t.trial_id
        evs += [
            TrialStarted(trial_id=tid),
            SandboxReady(trial_id=tid, world_hash="sha256:0", file_count=3, bytes=10),
            AgentStarted(trial_id=tid, agent="a 1", network="proxy"),
        ]
        evs += [ModelCalled(trial_id=tid, call={**CALL, "trial_id": tid}) for _ in range(calls_per_trial)]
        evs += [
            AgentExited(trial_id=tid, execution="completed", exit_code=0, duration_ms=1000),
            ClaimRecorded(trial_id=tid, message="done", source="stdout"),
            WorkspaceDiffed(trial_id=tid, diff=None),
            VerifierStarted(trial_id=tid, tests_hash="sha256:0"),
            CheckRecorded(
                trial_id=tid,
                type="command",
                level="L2v",
                passed=k % 3 == 0,
                reward=float(k % 3 == 0),
                reward_source="reward.txt",
            ),
            TrialEnded(trial_id=tid, assessment="scored"),
        ]
    evs.append(RunEnded(status="completed"))
    from datetime import UTC, datetime

    now = datetime.now(UTC)
    run_dir.mkdir(parents=True)
    with (run_dir / "events.jsonl").open("wb") as f:
        for i, ev in enumerate(evs):
            f.write(canonical(stamp(ev, i, now)))
    return len(evs)


def main() -> None:
    for target in (1_000, 100_000):
        with tempfile.TemporaryDirectory() as tmp:
            run_dir = Path(tmp) / "run"
            n = make_log(run_dir, target)
            times = []
            for _ in range(3):
                t0 = time.perf_counter()
                result_json(load_run(run_dir, use_cache=False))
                times.append(time.perf_counter() - t0)
            load_run(run_dir)  # writes the cache
            cached = []
            for _ in range(3):
                t0 = time.perf_counter()
                result_json(load_run(run_dir))
                cached.append(time.perf_counter() - t0)
            read_only = []
            for _ in range(3):
                t0 = time.perf_counter()
                RunLog(run_dir).read()
                read_only.append(time.perf_counter() - t0)
            print(
                f"{n:>7} events: replay (read + project + JSON) best {min(times):.3f} s, "
                f"median {statistics.median(times):.3f} s; read alone best {min(read_only):.3f} s; "
                f"with the result cache (checked against the log's hash) best {min(cached):.3f} s"
            )


if __name__ == "__main__":
    main()
