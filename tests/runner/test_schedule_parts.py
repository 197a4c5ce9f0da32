"""The scheduler's parts on their own: the attempt history, the one log writer, the executors."""

import json
import threading
from pathlib import Path

import pytest

from memeval.errors import UsageError
from memeval.eventlog import CheckRecorded, FaultRaised, PlannedTrial, RunLog, RunPlanned, TrialEnded, TrialStarted
from memeval.runner._backends import executor_for, make_executor
from memeval.runner._executors import default_concurrency
from memeval.runner._history import History
from memeval.runner._writer import LogWriter

GOLDEN = Path(__file__).resolve().parents[1] / "fixtures" / "runlog_v1" / "oracle-mini"


def _ended(tid: str, n: int, fault: str | None = None, passed: bool | None = None) -> list:
    evs: list = [TrialStarted(trial_id=tid, attempt=n)]
    if passed is not None:
        evs.append(
            CheckRecorded(
                trial_id=tid, type="command", level="L2v", passed=passed, reward=float(passed), reward_source="r"
            )
        )
    if fault:
        evs.append(FaultRaised(trial_id=tid, code=fault, phase="agent", message="m"))
    evs.append(TrialEnded(trial_id=tid, attempt=n, assessment="unscored" if fault else "scored"))
    return evs


def test_history_rules_for_resume_and_retries():
    h = History([*_ended("a", 1, passed=True), *_ended("b", 1, "cancelled"), TrialStarted(trial_id="c", attempt=1)])
    assert not h.needs_attempt("a", retries=5)
    assert h.last("a").passed and h.last("a").fault is None
    # an interrupted attempt (cancelled, or cut off by a crash) is resumed without using a retry
    assert h.needs_attempt("b", retries=0) and h.next_attempt("b") == 2
    assert h.needs_attempt("c", retries=0) and h.next_attempt("c") == 2
    assert h.needs_attempt("never-started", retries=0)
    # a retried fault is retried while retries are left; cancelled attempts do not count as tries
    for ev in [*_ended("d", 1, "process"), *_ended("d", 2, "cancelled")]:
        h.fold(ev)
    assert h.needs_attempt("d", retries=0)  # the cancelled one is resumed
    h.fold(TrialStarted(trial_id="d", attempt=3))
    h.fold(FaultRaised(trial_id="d", code="process", phase="agent", message="m"))
    h.fold(TrialEnded(trial_id="d", attempt=3, assessment="unscored"))
    assert h.needs_attempt("d", retries=2) and not h.needs_attempt("d", retries=1)
    # faults the policy does not retry are final
    for ev in _ended("e", 1, "budget"):
        h.fold(ev)
    assert not h.needs_attempt("e", retries=9)


def test_one_writer_keeps_each_threads_order_and_numbers_every_event(tmp_path: Path):
    log = RunLog(tmp_path)
    trials = [PlannedTrial(trial_id=f"t{i}:baseline:1", task_id=f"t{i}", mode="baseline", repeat=1) for i in range(8)]
    raw = json.loads((GOLDEN / "events.jsonl").read_bytes().split(b"\n", 1)[0])
    log.append(
        RunPlanned(run_id="r", manifest=raw["manifest"], run_card=raw["run_card"], trials=tuple(trials), seeds={})
    )
    history = History()
    go = threading.Barrier(len(trials))

    def work(tid: str) -> None:
        go.wait()
        for n in range(1, 6):
            for ev in _ended(tid, n, "process"):
                writer.append(ev)

    with LogWriter(log, history) as writer:
        threads = [threading.Thread(target=work, args=(t.trial_id,)) for t in trials]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    events = log.read().events
    assert [e.seq for e in events] == list(range(len(events))) == list(range(1 + 8 * 5 * 3))
    for t in trials:
        mine = [e for e in events if getattr(e, "trial_id", None) == t.trial_id]
        assert [(type(e).__name__, getattr(e, "attempt", None)) for e in mine] == [
            (k, n if k != "FaultRaised" else None)
            for n in range(1, 6)
            for k in ("TrialStarted", "FaultRaised", "TrialEnded")
        ]
        assert history.next_attempt(t.trial_id) == 6  # folded as written, not re-read
    kinds = [getattr(e, "trial_id", None) for e in events[1:]]
    assert kinds != sorted(kinds), "the threads' events should interleave"


def test_executor_choice_and_bad_values():
    assert executor_for(None, 1) == "serial" and executor_for(None, 4) == "local"
    assert executor_for("ray", 1) == "ray"
    assert 1 <= default_concurrency() <= 8
    with pytest.raises(UsageError, match="--executor 'threads'"):
        executor_for("threads", 2)
    with pytest.raises(UsageError, match="one trial at a time"):
        make_executor("serial", 3)
    with pytest.raises(UsageError, match="at least 1"):
        make_executor("local", 0)


def test_bad_executor_options_are_refused_before_a_run_folder_is_made(tmp_path: Path, run_ab):
    from runner_helpers import MINI

    for bad, why in ((["--executor", "serial", "--concurrency", "3"], "one trial at a time"),
                     (["--executor", "pool"], "use serial, local or ray"),
                     (["--ray-address", "127.0.0.1:1"], "--ray-address is for --executor ray")):  # fmt: skip
        code, _, err = run_ab(str(MINI), "--agent", "nop", "--network", "none", *bad)
        assert code == 2 and why in err, (bad, err)
    assert not (tmp_path / "runs").exists() or not list((tmp_path / "runs").iterdir())
