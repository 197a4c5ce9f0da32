"""Property tests of the run projection (hypothesis).

1. Any log the runner can write projects without error: events of every kind, in the order the
   runner writes them (a trial's events after its `trial.started`, retried attempts, faults,
   unended trials, runs with and without the meter, with or without `run.ended`).
2. The projection is the same after a round trip through the upcasters: the log rewritten with
   every `model.called` and `run.planned` line at v1 (the shape the golden logs keep) projects to
   the same result.
"""

from __future__ import annotations

import json
import tempfile
import typing
from datetime import UTC, datetime, timedelta
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from memeval.eventlog import (
    AgentExited,
    AgentStarted,
    CheckRecorded,
    ClaimRecorded,
    CostRecord,
    Event,
    FaultRaised,
    Manifest,
    ModelCalled,
    ModelCallRecord,
    PlannedTrial,
    RunCard,
    RunEnded,
    RunLog,
    RunPlanned,
    SandboxReady,
    TamperFinding,
    TamperScanned,
    TrialEnded,
    TrialStarted,
    VerifierStarted,
    WorkspaceDiffed,
    canonical,
)
from memeval.eventlog._events import stamp
from memeval.eventlog._log import LOG_NAME
from memeval.results import load_run, result_json
from memeval.types import Assessment, Execution, FaultCode, TamperKind

T0 = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)
GOLDEN = Path(__file__).resolve().parents[1] / "fixtures" / "runlog_v1" / "oracle-mini" / "events.jsonl"
_PLANNED = json.loads(GOLDEN.read_bytes().split(b"\n", 1)[0])
MAYBE_INT = st.none() | st.integers(min_value=0, max_value=50_000)


@st.composite
def _cost(draw: st.DrawFn) -> CostRecord:
    if draw(st.booleans()):
        return CostRecord(cost_usd=draw(st.floats(0, 2, allow_nan=False)), price_source="user:p", priced_as="m")
    return CostRecord(cost_usd=None, reason=draw(st.sampled_from(["unpriced", "usage_missing"])))


@st.composite
def _call(draw: st.DrawFn, trial_id: str, n: int) -> ModelCalled:
    status = draw(st.sampled_from([200, 200, 200, 400, 429, 500, 529]))
    record = ModelCallRecord(
        call_id=f"c{n}",
        trial_id=trial_id,
        role=draw(st.sampled_from(["subject", "subject", "assessor"])),
        provider=draw(st.sampled_from(["openai", "anthropic", "google"])),
        api="openai-chat",
        requested_model=draw(st.none() | st.just("m-1")),
        response_model=draw(st.none() | st.sampled_from(["m-1", "m-2"])),
        status=status,
        attempt=1,
        streamed=draw(st.booleans()),
        completed=draw(st.booleans()),
        forwarded=draw(st.booleans()),
        input_tokens=draw(MAYBE_INT),
        uncached_input_tokens=draw(MAYBE_INT),
        output_tokens=draw(MAYBE_INT),
        cache_read_tokens=draw(MAYBE_INT),
        cache_write_tokens=draw(MAYBE_INT),
        reasoning_tokens=draw(MAYBE_INT),
        tool_calls=draw(MAYBE_INT),
        tool_names=tuple(draw(st.lists(st.sampled_from(["read_file", "bash"]), max_size=2))),
        hosted_tool_calls=draw(MAYBE_INT),
        started_at=T0,
        latency_ms=draw(st.floats(0, 1e5, allow_nan=False)),
        ttfb_ms=draw(st.none() | st.floats(0, 1e5, allow_nan=False)),
        cost=draw(_cost()),
        error=draw(st.none() | st.sampled_from(["rate limited", "no response was read", "the body is empty"])),
    )
    return ModelCalled(trial_id=trial_id, call=record)


@st.composite
def _attempt(draw: st.DrawFn, trial_id: str, attempt: int, n_calls: int) -> list[Event]:
    """The events of one attempt, in the order the runner writes them; it may stop anywhere."""
    out: list[Event] = [TrialStarted(trial_id=trial_id, attempt=attempt, context_manifest=("i1",) * (attempt % 2))]
    if draw(st.booleans()):
        out.append(SandboxReady(trial_id=trial_id, world_hash="sha256:w", file_count=3, bytes=10))
    fault = draw(st.none() | st.sampled_from(typing.get_args(FaultCode)))
    if fault is None or draw(st.booleans()):
        out.append(AgentStarted(trial_id=trial_id, agent="a", network="proxy"))
        out += [draw(_call(trial_id, n_calls + k)) for k in range(draw(st.integers(0, 3)))]
        out.append(
            AgentExited(
                trial_id=trial_id,
                execution=draw(st.sampled_from(typing.get_args(Execution))),
                exit_code=draw(st.none() | st.integers(0, 2)),
                duration_ms=draw(st.integers(0, 10_000)),
            )
        )
        if draw(st.booleans()):
            out.append(ClaimRecorded(trial_id=trial_id, message="done", source="stdout"))
        out.append(WorkspaceDiffed(trial_id=trial_id, diff=None, added=("a.py",) * draw(st.integers(0, 1))))
        findings = tuple(
            TamperFinding(path="/app/conftest.py", kind=k, change="added", detail="d")
            for k in draw(st.lists(st.sampled_from(typing.get_args(TamperKind)), max_size=2))
        )
        out.append(TamperScanned(trial_id=trial_id, policy=draw(st.sampled_from(["flag", "fail"])), findings=findings))
        if fault is None:
            out.append(VerifierStarted(trial_id=trial_id, tests_hash="sha256:t"))
            passed = draw(st.booleans())
            out.append(CheckRecorded(trial_id=trial_id, type="command", level="L2v", passed=passed,
                                     reward=float(passed), reward_source="reward.txt"))  # fmt: skip
    if fault is not None:
        out.append(FaultRaised(trial_id=trial_id, code=fault, phase="agent", message="m"))
    assessment = draw(st.sampled_from(typing.get_args(Assessment)))
    out.append(TrialEnded(trial_id=trial_id, attempt=attempt, assessment=assessment))
    cut = draw(st.integers(1, len(out))) if draw(st.integers(0, 5)) == 0 else len(out)
    return out[:cut]


@st.composite
def run_logs(draw: st.DrawFn) -> list[Event]:
    """A whole log the runner could have written (unstamped events, in order)."""
    tasks = [f"t{i}" for i in range(draw(st.integers(1, 3)))]
    repeats = draw(st.integers(1, 2))
    planned = [
        PlannedTrial(trial_id=f"{t}:{m}:{r}", task_id=t, mode=m, repeat=r)
        for t in tasks
        for r in range(1, repeats + 1)
        for m in ("baseline", "pack")
    ]
    network = draw(st.sampled_from(["proxy", "none"]))
    seeds = {"stats": draw(st.integers(0, 2**31))} if draw(st.booleans()) else {}
    card = RunCard.model_validate(
        {
            **_PLANNED["run_card"],
            "network": network,
            "repeats": repeats,
            "tamper": draw(st.sampled_from(["flag", "fail"])),
            "budget_usd": draw(st.none() | st.floats(0, 100, allow_nan=False)),
            "tools_allowed": draw(st.lists(st.text(max_size=8), max_size=3)),
        }
    )
    manifest = Manifest.model_validate(
        {**_PLANNED["manifest"], "slice": draw(st.lists(st.text(max_size=6), max_size=3))}
    )
    events: list[Event] = [
        RunPlanned(run_id="r1", manifest=manifest, run_card=card, trials=tuple(planned), seeds=seeds)
    ]
    calls = 0
    for pt in draw(st.permutations(planned)):
        for attempt in range(1, draw(st.integers(0, 2)) + 1):
            evs = draw(_attempt(pt.trial_id, attempt, calls))
            calls += len(evs)
            events += evs
    if draw(st.booleans()):
        events.append(FaultRaised(code="cancelled", phase="run", message="interrupted"))
    if draw(st.booleans()):
        events.append(RunEnded(status=draw(st.sampled_from(["completed", "cancelled", "error"]))))
    return events


def _write(folder: Path, events: list[Event]) -> None:
    folder.mkdir()
    lines = [canonical(stamp(ev, i, T0 + timedelta(seconds=i))) for i, ev in enumerate(events)]
    (folder / LOG_NAME).write_bytes(b"".join(lines))


def _as_v1(line: bytes) -> bytes:
    """A `model.called` or `run.planned` line as a v1 writer wrote it (the same object, `v` 1)."""
    raw = json.loads(line)
    if raw["event"] not in ("model.called", "run.planned"):
        return line
    raw["v"] = 1
    return (json.dumps(raw, sort_keys=True, separators=(",", ":"), ensure_ascii=False) + "\n").encode()


def _result(folder: Path) -> dict[str, object]:
    doc = json.loads(result_json(load_run(folder, use_cache=False)))
    doc.pop("log_hash")
    return doc


PROPS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@PROPS
@given(run_logs())
def test_any_log_the_runner_can_write_projects_and_survives_the_upcasters(events: list[Event]):
    with tempfile.TemporaryDirectory() as tmp:
        v2, v1 = Path(tmp) / "v2", Path(tmp) / "v1"
        _write(v2, events)
        read = RunLog(v2).read()
        assert [e.model_dump() for e in read.events] == [
            stamp(ev, i, T0 + timedelta(seconds=i)).model_dump() for i, ev in enumerate(events)
        ]
        projected = _result(v2)
        assert projected["run_id"] == "r1"
        v1.mkdir()
        lines = (v2 / LOG_NAME).read_bytes().splitlines(keepends=True)
        (v1 / LOG_NAME).write_bytes(b"".join(_as_v1(line) for line in lines))
        assert _result(v1) == projected
