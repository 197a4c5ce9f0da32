"""A plain `memeval replay RUN` imports no pydantic, and prints, caches and refuses as the models do (issue 17 item 5).

The plain path (`memeval._console` -> `memeval.results.replay_body` -> `_plainbody.plain_body`)
reads `run.planned` through its msgspec view (`memeval.eventlog._planview`) and writes the result
from plain structs and the verdict's fields (`memeval.stats._verdictcore`). Each test compares it
with the models' path (`result_body(load_run(...))`): the same bytes, or the same error.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import msgspec
import pytest
from pydantic_core import to_json

from memeval.errors import RunLogError
from memeval.eventlog import (
    AgentExited,
    AgentStarted,
    Cells,
    CheckRecorded,
    Event,
    FaultRaised,
    Harness,
    Manifest,
    ModelCalled,
    PackPin,
    PlannedTrial,
    RunCard,
    RunEnded,
    RunLog,
    RunPlanned,
    SchemaPin,
    TaskPin,
    TaskSetPin,
    TrialEnded,
    TrialStarted,
    WorkspacePin,
    canonical,
)
from memeval.eventlog import _planview as pv
from memeval.eventlog._events import LOG_FORMAT, stamp
from memeval.results import load_run, replay_body, result_body
from memeval.results._plainbody import _verdict_json
from memeval.stats import PairedVerdict, TaskTrials, TrialObs, paired_verdict, verdict_fields

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "tests" / "fixtures" / "runlog_v1"
T0 = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)
CALL: dict[str, Any] = {
    "call_id": "c",
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
    "uncached_input_tokens": 1200,
    "output_tokens": 80,
    "cache_read_tokens": 0,
    "cache_write_tokens": None,
    "reasoning_tokens": None,
    "tool_calls": 1,
    "tool_names": ["read_file"],
    "hosted_tool_calls": 0,
    "started_at": "2026-11-30T09:00:00Z",
    "latency_ms": 900,
    "ttfb_ms": 300,
    "cost": {"cost_usd": 0.0012, "reason": None},
    "error": None,
}


def _plan(n_tasks: int, repeats: int, **card: Any) -> RunPlanned:
    golden = RunLog(FIXTURES / "oracle-mini").read().events[0]
    assert isinstance(golden, RunPlanned)
    trials = tuple(
        PlannedTrial(trial_id=f"t{i}:{m}:{r}", task_id=f"t{i}", mode=m, repeat=r)
        for i in range(n_tasks)
        for m in ("baseline", "pack")
        for r in range(1, repeats + 1)
    )
    return RunPlanned(
        run_id="plain",
        manifest=golden.manifest,
        run_card=golden.run_card.model_copy(update={"network": "proxy", **card}),
        trials=trials,
        seeds={"stats": 7},
    )


def _events(plan: RunPlanned) -> list[Event]:
    """Trials of model calls and checks, a fault, a run fault and an unended attempt: most of the result's parts."""
    events: list[Event] = [plan]
    for k, t in enumerate(plan.trials):
        tid = t.trial_id
        events += [TrialStarted(trial_id=tid), AgentStarted(trial_id=tid, agent="a", network="proxy")]
        status = 200 + 300 * (k % 7 == 3)
        events += [
            ModelCalled(trial_id=tid, call={**CALL, "call_id": f"c{k}.{j}", "trial_id": tid, "status": status})
            for j in range(3)
        ]
        if k == len(plan.trials) - 1:
            continue  # its attempt never ends
        events.append(AgentExited(trial_id=tid, execution="completed", exit_code=0, duration_ms=1000))
        if k % 11 == 5:
            events.append(FaultRaised(trial_id=tid, code="process", phase="agent", message="the agent process died"))
            events.append(TrialEnded(trial_id=tid, assessment="error"))
            continue
        passed = (k * 2654435761 + t.repeat) % 5 < (3 if t.mode == "pack" else 2)
        events += [
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
    events += [FaultRaised(code="budget", phase="run", message="spend limit reached"), RunEnded(status="cancelled")]
    return events


def _write(run: Path, events: list[Event], first: bytes | None = None) -> None:
    run.mkdir(parents=True)
    lines = [canonical(stamp(ev, i, T0 + timedelta(seconds=i))) for i, ev in enumerate(events)]
    if first is not None:
        lines[0] = first
    (run / "events.jsonl").write_bytes(b"".join(lines))


def _models_body(run: Path) -> bytes:
    return result_body(load_run(run, use_cache=False))


def test_a_plain_replay_loads_no_pydantic_and_prints_the_models_bytes(tmp_path: Path) -> None:
    run = tmp_path / "runs" / "plain"
    _write(run, _events(_plan(14, 3)))
    probe = (
        "import json, os, sys\n"
        "exit_ = os._exit\n"
        "def ended(code):\n"
        "    sys.stderr.write(json.dumps(sorted(sys.modules)))\n"
        "    sys.stderr.flush()\n"
        "    exit_(code)\n"
        "os._exit = ended\n"
        "sys.argv = ['memeval', 'replay', 'plain', '--runs-dir', 'runs']\n"
        "from memeval._console import console\n"
        "console()\n"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    out = subprocess.run(
        [sys.executable, "-c", probe], cwd=tmp_path, env=env, capture_output=True, check=True, timeout=300
    )
    loaded = json.loads(out.stderr)
    assert "memeval.results._plainbody" in loaded  # the plain path replayed it
    assert [m for m in loaded if m.split(".")[0] in ("pydantic", "pydantic_core", "typer")] == []
    expected = _models_body(run)
    assert out.stdout == expected + b"\n"
    assert (run / ".cache").is_dir()
    assert b'"verdict": {' in expected and b'"code": "budget"' in expected and b'"unended": [\n    {' in expected


@pytest.mark.parametrize("repeats", [1, 3])
def test_the_plain_body_is_the_models_body(repeats: int, tmp_path: Path) -> None:
    run = tmp_path / "run"
    _write(run, _events(_plan(30, repeats)))
    assert replay_body(run) == _models_body(run)


@pytest.mark.parametrize(
    ("card", "seeds"),
    [
        ({"budget_usd": 5}, None),  # an int where the card has a float: pydantic dumps 5.0
        ({"budget_usd": 1e17}, None),  # msgspec would write 1e17, pydantic 1e+17
        ({}, {"stats": "7"}),  # a number as text: pydantic's lax mode reads it, the view does not
    ],
)
def test_plans_the_view_leaves_to_pydantic_replay_alike(
    card: dict[str, Any], seeds: dict[str, Any] | None, tmp_path: Path
) -> None:
    run = tmp_path / "run"
    plan = _plan(12, 1)
    raw = json.loads(canonical(stamp(plan, 0, T0)))
    raw["run_card"].update(card)
    raw["manifest"]["cells"]["held"].update(card)
    if seeds is not None:
        raw["seeds"] = seeds
    first = (json.dumps(raw, sort_keys=True, separators=(",", ":"), ensure_ascii=False) + "\n").encode()
    assert pv.decode_plan(first.rstrip(b"\n")) is None
    _write(run, _events(plan), first)
    assert replay_body(run) == _models_body(run)


def test_a_v1_plan_replays_alike(tmp_path: Path) -> None:
    run = tmp_path / "run"
    data = (FIXTURES / "oracle-mini" / "events.jsonl").read_bytes()
    assert pv.decode_plan(data.split(b"\n")[0]) is None  # v1: upcast by pydantic
    run.mkdir()
    (run / "events.jsonl").write_bytes(data)
    assert replay_body(run) == _models_body(run)


@pytest.mark.parametrize(
    "change",
    [
        lambda raw: raw["run_card"].update(network="wifi"),
        lambda raw: raw["run_card"].update(colour="red"),
        lambda raw: raw.pop("run_id"),
        lambda raw: raw["trials"][0].update(mode="both"),
        lambda raw: raw["manifest"]["task_set"].update(tasks=[{"id": 1, "hash": "h"}]),
        lambda raw: raw.update(at="2026-11-30T09:00:00"),
    ],
)
def test_a_malformed_plan_is_refused_with_the_models_error(change: Any, tmp_path: Path) -> None:
    run = tmp_path / "run"
    plan = _plan(12, 1)
    raw = json.loads(canonical(stamp(plan, 0, T0)))
    change(raw)
    first = (json.dumps(raw, sort_keys=True, separators=(",", ":"), ensure_ascii=False) + "\n").encode()
    assert pv.decode_plan(first.rstrip(b"\n")) is None
    _write(run, _events(plan), first)
    with pytest.raises(RunLogError) as models:
        load_run(run, use_cache=False)
    with pytest.raises(RunLogError) as plain:
        replay_body(run)
    assert str(plain.value) == str(models.value)
    assert "line 1 is not a valid event" in str(plain.value)


def test_the_plan_view_reads_the_models_values() -> None:
    plan = _plan(3, 2, budget_usd=2.5, default_limits={"storage_mb": "100"})
    line = canonical(stamp(plan, 0, T0)).rstrip(b"\n")
    view = pv.decode_plan(line)
    assert view is not None
    typed = RunPlanned.model_validate_json(line)
    assert view.manifest_logged == typed.manifest.as_logged()
    assert view.run_card_logged == typed.run_card.as_logged()
    assert (view.run_id, view.seeds, view.seq, view.at, view.format) == (
        typed.run_id,
        typed.seeds,
        typed.seq,
        typed.at,
        typed.format,
    )
    assert [msgspec.structs.asdict(t) for t in view.trials] == [t.model_dump() for t in typed.trials]
    assert pv.LOG_FORMAT == LOG_FORMAT


@pytest.mark.parametrize(
    ("view", "model"),
    [
        (pv.RunCardView, RunCard),
        (pv.TaskPinView, TaskPin),
        (pv.TaskSetPinView, TaskSetPin),
        (pv.SchemaPinView, SchemaPin),
        (pv.PackPinView, PackPin),
        (pv.CellsView, Cells),
        (pv.HarnessView, Harness),
        (pv.WorkspacePinView, WorkspacePin),
        (pv.ManifestView, Manifest),
        (pv.PlannedTrialView, PlannedTrial),
        (pv.RunPlannedView, RunPlanned),
    ],
)
def test_each_plan_view_declares_its_models_fields(view: Any, model: Any) -> None:
    info = msgspec.inspect.type_info(view)
    declared = {f.encode_name: (f.required, None if f.required else f.default) for f in info.fields}
    expected = {
        (f.alias or name): (f.is_required(), None if f.is_required() else f.default)
        for name, f in model.model_fields.items()
        if name != "event"
    }
    assert declared == expected


def _arm(passes: int, n: int, cost: float | None = 0.1, faults: int = 0) -> tuple[TrialObs, ...]:
    out = [TrialObs(outcome="pass" if k < passes else "fail", cost_usd=cost) for k in range(n)]
    return (*out, *(TrialObs(outcome="fault", cost_usd=None) for _ in range(faults)))


@pytest.mark.parametrize(
    ("tasks", "retried"),
    [
        ([TaskTrials(task_id=f"t{i}", baseline=_arm(i % 2, 1), pack=_arm(1, 1)) for i in range(40)], {}),
        ([TaskTrials(task_id=f"t{i}", baseline=_arm(0, 1), pack=_arm(1, 1)) for i in range(400)], {"t3": (1, 0)}),
        ([TaskTrials(task_id=f"t{i}", baseline=_arm(i % 3, 3), pack=_arm((i * i + 1) % 4, 3)) for i in range(8)], {}),
        (
            [
                TaskTrials(task_id=f"t{i}", baseline=_arm(i % 2, 3, None, i % 5 == 0), pack=_arm(3, 3, 0.25))
                for i in range(30)
            ],
            {"t1": (0, 2)},
        ),
        ([TaskTrials(task_id="t0", baseline=_arm(1, 1), pack=())], {}),
    ],
)
def test_the_verdicts_fields_are_written_as_the_model(tasks: list[TaskTrials], retried: dict[str, Any]) -> None:
    kw: dict[str, Any] = {"boot_resamples": 499, "mc_resamples": 999, "retried_faults": retried}
    model = paired_verdict(tasks, **kw)
    fields = verdict_fields(tasks, **kw)
    assert list(fields) == list(PairedVerdict.model_fields)
    assert msgspec.json.encode(_verdict_json(fields)) == to_json(model)


@pytest.mark.parametrize(
    ("struct", "model"),
    [
        ("SpendRow", "AttemptSpend"),
        ("UnendedRow", "UnendedTrial"),
        ("CoverageRow", "Coverage"),
        ("FaultRow", "Fault"),
        ("TableRowOut", "TableRow"),
    ],
)
def test_each_plain_part_writes_its_models_fields_in_order(struct: str, model: str) -> None:
    """A field added to a result model and not to its plain struct fails here, not only where a test log shows it."""
    import memeval.results as results
    from memeval.results import _plainbody, _plaintable

    plain = getattr(_plainbody, struct, None) or getattr(_plaintable, struct)
    m = getattr(results, model)
    written = [f.encode_name for f in msgspec.inspect.type_info(plain).fields]
    fields = [f.alias or name for name, f in m.model_fields.items()] + list(m.model_computed_fields)
    assert written == fields
