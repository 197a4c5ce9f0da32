"""The replay's fast reader of `model.called` lines (`memeval.eventlog._fastcalls`).

It must accept nothing pydantic refuses and read what it accepts as pydantic does: its structs
declare the models' fields; on mutated lines (wrong types, missing or extra fields, odd times,
duplicate keys, bad escapes) whatever it accepts pydantic accepts with the same values; a whole
log reads and projects the same through `read_for_replay` as through `read`, and a tampered line
is refused with the same message.
"""

from __future__ import annotations

import json
import tempfile
import types
import typing
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import msgspec
import pytest
from call_line import call_line
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from pydantic import AwareDatetime, BaseModel, ValidationError
from test_projection_properties import T0, _write, run_logs

from memeval.errors import RunLogError
from memeval.eventlog import (
    AgentExited,
    AgentStarted,
    CheckRecorded,
    ClaimRecorded,
    CostRecord,
    FaultRaised,
    ModelCalled,
    ModelCallRecord,
    RunEnded,
    RunLog,
    SandboxReady,
    TamperScanned,
    TrialEnded,
    TrialStarted,
    VerifierStarted,
    WorkspaceDiffed,
)
from memeval.eventlog._events import EVENT_ADAPTER
from memeval.eventlog._fastcalls import decode_view
from memeval.eventlog._views import (
    AgentExitedView,
    AgentStartedView,
    CallView,
    CheckRecordedView,
    ClaimRecordedView,
    CostView,
    FaultRaisedView,
    ModelCalledView,
    RunEndedView,
    SandboxReadyView,
    TamperScannedView,
    TrialEndedView,
    TrialStartedView,
    VerifierStartedView,
    WorkspaceDiffedView,
)
from memeval.results._project import project

PAIRS: list[tuple[type[BaseModel], type[msgspec.Struct]]] = [
    (CostRecord, CostView),
    (ModelCallRecord, CallView),
    (ModelCalled, ModelCalledView),
    (TrialStarted, TrialStartedView),
    (SandboxReady, SandboxReadyView),
    (AgentStarted, AgentStartedView),
    (AgentExited, AgentExitedView),
    (WorkspaceDiffed, WorkspaceDiffedView),
    (VerifierStarted, VerifierStartedView),
    (CheckRecorded, CheckRecordedView),
    (TrialEnded, TrialEndedView),
    (ClaimRecorded, ClaimRecordedView),
    (TamperScanned, TamperScannedView),
    (FaultRaised, FaultRaisedView),
    (RunEnded, RunEndedView),
]
VIEW_OF = {m: v for m, v in PAIRS}
NARROWER: dict[tuple[type[BaseModel], str], Any] = {
    (ClaimRecorded, "self_reported"): type(None),
    (TamperScanned, "findings"): tuple[()],
}
"""Fields a view reads only in one form (the lines with another form are left to pydantic)."""

_PLANNED = json.loads(
    (Path(__file__).resolve().parents[1] / "fixtures/runlog_v1/oracle-mini/events.jsonl")
    .read_bytes()
    .split(b"\n", 1)[0]
)
"""A real run's `run.planned` line: a manifest and run card that validate (typed since v2)."""


def _as_view_type(tp: Any) -> Any:
    """A pydantic field annotation in the structs' terms (nested models -> views, aware times)."""
    if tp is AwareDatetime:
        return "aware datetime"
    if isinstance(tp, type) and issubclass(tp, BaseModel):
        return VIEW_OF[tp]
    args = typing.get_args(tp)
    if typing.get_origin(tp) is typing.Literal:
        return ("Literal", args)
    if typing.get_origin(tp) in (typing.Union, types.UnionType):
        return ("Union", frozenset(_as_view_type(a) for a in args))
    if args:
        return (typing.get_origin(tp), tuple(_as_view_type(a) for a in args))
    return tp


def _struct_type(tp: Any) -> Any:
    if typing.get_origin(tp) is typing.Annotated and typing.get_args(tp)[0] is datetime:
        return "aware datetime"
    args = typing.get_args(tp)
    if typing.get_origin(tp) is typing.Literal:
        return ("Literal", args)
    if typing.get_origin(tp) in (typing.Union, types.UnionType):
        return ("Union", frozenset(_struct_type(a) for a in args))
    if args:
        return (typing.get_origin(tp), tuple(_struct_type(a) for a in args))
    return tp


@pytest.mark.parametrize(("model", "view"), PAIRS)
def test_the_views_declare_the_models_fields_types_and_defaults(model: type[BaseModel], view: type[msgspec.Struct]):
    hints = typing.get_type_hints(view, include_extras=True)
    fields = {f.name: f for f in msgspec.structs.fields(view)}
    model_fields = dict(model.model_fields)
    tag = model_fields.pop("event", None)
    if tag is not None:
        # the tag: a class attribute of the view, required in the line (the events' union needs it)
        assert view.__struct_config__.tag_field == "event" and view.__struct_config__.tag == tag.default
        assert view.event == tag.default
    assert set(fields) == set(model_fields)
    for name, f in model_fields.items():
        if (model, name) in NARROWER:
            assert _struct_type(hints[name]) == NARROWER[model, name], name
            continue
        assert _struct_type(hints[name]) == _as_view_type(f.annotation), name
        assert fields[name].required is f.is_required(), name
        if not fields[name].required:
            assert fields[name].default == f.default, name
    assert view.__struct_config__.forbid_unknown_fields and model.model_config.get("extra") == "forbid"
    # A validator the views do not repeat would be skipped by the fast path.
    decorators = model.__pydantic_decorators__
    assert not decorators.field_validators
    assert set(decorators.model_validators) == ({"_same_trial"} if model is ModelCalled else set())


def _line(call_id: str = "c1") -> dict[str, Any]:
    """A `model.called` line's JSON (seq 1, trial `t:pack:1`, attempt 1, $0.001), its call's id `call_id`."""
    return call_line(call_id)


ODD_VALUES: list[Any] = [
    None,
    True,
    0,
    1,
    -1,
    2**64,
    1.0,
    1.5,
    1e400,
    "",
    "1",
    "1.0",
    "true",
    "subject",
    "2026-11-30T09:00:00Z",
    "2026-11-30T09:00:00",
    "2026-11-30 09:00:00+00:00",
    "2026-11-30T09:00:00z",
    "2026-11-30T23:59:60Z",
    "2026-11-30T09:00:00.1234567Z",
    "2026-11-30T09:00:00+25:00",
    "2026-11-30",
    1764493200,
    [],
    ["a"],
    [1],
    {},
    {"cost_usd": None},
    {"cost_usd": 1, "extra": 1},
]


def _other_lines() -> list[dict[str, Any]]:
    """A line of each other kind with a view, as the runner writes them."""
    at = datetime(2026, 11, 30, 9, 0, 2, tzinfo=UTC)
    evs = [
        TrialStarted(trial_id="t:pack:1", context_manifest=("i1",)),
        SandboxReady(trial_id="t:pack:1", world_hash="sha256:0", file_count=3, bytes=10),
        AgentStarted(trial_id="t:pack:1", agent="a", network="proxy"),
        AgentExited(trial_id="t:pack:1", execution="completed", exit_code=0, duration_ms=5, stdout="sha256:1"),
        WorkspaceDiffed(trial_id="t:pack:1", diff="sha256:2", added=("a.py",)),
        VerifierStarted(trial_id="t:pack:1", tests_hash="sha256:3"),
        CheckRecorded(
            trial_id="t:pack:1", type="command", level="L2v", passed=True, reward=1.0, reward_source="reward.txt"
        ),
        TrialEnded(trial_id="t:pack:1", assessment="scored"),
        ClaimRecorded(trial_id="t:pack:1", message="done", source="stdout"),
        TamperScanned(trial_id="t:pack:1", policy="flag"),
        FaultRaised(trial_id="t:pack:1", code="timeout", phase="agent", message="the agent ran out of time"),
        FaultRaised(code="budget", phase="run", message="spend limit reached"),
        RunEnded(status="completed"),
    ]
    return [ev.model_copy(update={"seq": 2, "at": at}).model_dump(mode="json") for ev in evs]


def _paths(raw: dict[str, Any]) -> list[tuple[str, ...]]:
    out = [(k,) for k in raw]
    if "call" in raw:
        out += [("call", k) for k in raw["call"]] + [("call", "cost", "cost_usd")]
    return out


def _mutations() -> list[bytes]:
    return [m for base in (_line(), *_other_lines()) for m in _mutations_of(base)]


def _mutations_of(base: dict[str, Any]) -> list[bytes]:
    out: list[bytes] = [json.dumps(base).encode()]
    for path in _paths(base):
        for value in ODD_VALUES:
            raw = json.loads(json.dumps(base))
            holder = raw
            for k in path[:-1]:
                holder = holder[k]
            holder[path[-1]] = value
            out.append(json.dumps(raw).encode())
        raw = json.loads(json.dumps(base))
        holder = raw
        for k in path[:-1]:
            holder = holder[k]
        del holder[path[-1]]
        out.append(json.dumps(raw).encode())
    text = json.dumps(base, separators=(",", ":"))
    if "call" not in base:
        return out
    out += [
        text.replace('"status":200', '"status":200,"status":"x"').encode(),
        text.replace('"status":200', '"status":"x","status":200').encode(),
        text.replace('"api":"openai-chat"', '"api":"\\ud800"').encode(),
        text.replace('"api":"openai-chat"', '"api":"\\u0000"').encode(),
        text.replace('"api":"openai-chat"', '"api":"\xff"').encode("latin-1"),
        text.replace('"api":"openai-chat"', '"api":"caf\\u00e9"').encode(),
        text.replace('"call":{', '"call":{"extra":1,').encode(),
        (text + "x").encode(),
        (text + " ").encode(),
        text[:-1].encode(),
        # a time's digit, `:` or `.` escaped: msgspec would round 7 decimals that pydantic truncates
        text.replace(
            '"started_at":"2026-11-30T09:00:00Z"', '"started_at":"2026-11-30T09:00:00.\\u00312345678Z"'
        ).encode(),
        text.replace(
            '"started_at":"2026-11-30T09:00:00Z"', '"started_at":"2026-11-30T09:00:00\\u002e1234567Z"'
        ).encode(),
        text.replace(
            '"started_at":"2026-11-30T09:00:00Z"', '"started_at":"2026-11-30T09:00\\u003A00.9999999Z"'
        ).encode(),
        text.replace('"api":"openai-chat"', '"api":"a\\\\u0030"').encode(),
        text.replace('"v":2', '"v":1').encode(),
        text.replace('"v":2', '"v":3').encode(),
        text.replace('"trial_id":"t:pack:1","v"', '"trial_id":"other","v"').encode(),
    ]
    return out


def read_both_ways(run: Path) -> tuple[Any, Any] | None:
    """Read `run` with `RunLog.read` and with `read_for_replay`.

    Asserts that both fail with the same error (then returns None) or read the same events (then
    returns the two reads, fast first).
    """
    try:
        slow = RunLog(run).read()
    except RunLogError as exc:
        with pytest.raises(RunLogError) as fast_error:
            RunLog(run).read_for_replay()
        assert str(fast_error.value) == str(exc)
        return None
    fast = RunLog(run).read_for_replay()
    assert [_values(e) for e in fast.events] == [_values(e) for e in slow.events]
    return fast, slow


def _values(obj: Any) -> Any:
    """A view's or a model's fields as plain values, for comparing the two."""
    if isinstance(obj, BaseModel):
        return {k: _values(getattr(obj, k)) for k in type(obj).model_fields}
    if isinstance(obj, msgspec.Struct):
        out = {k: _values(getattr(obj, k)) for k in obj.__struct_fields__}
        if obj.__struct_config__.tag_field:
            out["event"] = obj.__struct_config__.tag
        return out
    if isinstance(obj, float):
        return ("float", obj)
    if isinstance(obj, datetime):
        return obj.isoformat()
    return obj


def _agree(line: bytes) -> bool:
    """Whatever the fast path accepts, pydantic accepts with the same values; True when it accepted."""
    fast = decode_view(line)
    if fast is None:
        return False
    try:
        slow = EVENT_ADAPTER.validate_json(line)
    except ValidationError as exc:
        pytest.fail(f"the fast path accepted a line pydantic refuses: {line!r}: {exc}")
    assert _values(fast) == _values(slow), line
    return True


def test_the_fast_path_accepts_nothing_pydantic_refuses_and_reads_it_the_same():
    lines = _mutations()
    accepted = [line for line in lines if _agree(line)]
    # it does take the ordinary lines (else the test would prove nothing)
    assert len(accepted) > 50
    assert all(json.dumps(base).encode() in accepted for base in (_line(), *_other_lines()))


@settings(max_examples=200, deadline=None)
@given(
    st.sampled_from([(i, p) for i, base in enumerate((_line(), *_other_lines())) for p in _paths(base)]),
    st.recursive(
        st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=30),
        lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
        max_leaves=5,
    ),
)
def test_any_value_in_any_field_is_read_alike(where: tuple[int, tuple[str, ...]], value: Any):
    i, path = where
    raw = (_line(), *_other_lines())[i]
    holder = raw
    for k in path[:-1]:
        holder = holder[k]
    holder[path[-1]] = value
    _agree(json.dumps(raw).encode())


PROPS = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _unpriced_log() -> list[Any]:
    """A log a CI run once drew: its call's latency has 7 decimals, which the over-precise time check took for one."""
    from memeval.eventlog import PlannedTrial, RunPlanned

    call = ModelCallRecord(
        call_id="c0",
        trial_id="t0:pack:1",
        role="subject",
        provider="openai",
        api="openai-chat",
        requested_model=None,
        response_model=None,
        status=200,
        attempt=1,
        streamed=False,
        completed=False,
        forwarded=False,
        input_tokens=None,
        uncached_input_tokens=None,
        output_tokens=None,
        cache_read_tokens=None,
        cache_write_tokens=None,
        reasoning_tokens=None,
        tool_calls=None,
        tool_names=(),
        hosted_tool_calls=None,
        started_at=T0,
        latency_ms=10.4921875,
        ttfb_ms=None,
        cost=CostRecord(cost_usd=None, reason="unpriced"),
        error=None,
    )
    trials = tuple(PlannedTrial(trial_id=f"t0:{m}:1", task_id="t0", mode=m, repeat=1) for m in ("baseline", "pack"))
    return [
        RunPlanned(
            run_id="r1",
            manifest=_PLANNED["manifest"],
            run_card={**_PLANNED["run_card"], "network": "proxy"},
            trials=trials,
            seeds={},
        ),
        TrialStarted(trial_id="t0:pack:1"),
        AgentStarted(trial_id="t0:pack:1", agent="a", network="proxy"),
        ModelCalled(trial_id="t0:pack:1", call=call),
    ]


@PROPS
@given(run_logs())
@example(_unpriced_log())
def test_a_log_projects_the_same_read_fast_or_through_pydantic(events: list[Any]):
    with tempfile.TemporaryDirectory() as tmp:
        run = Path(tmp) / "r"
        _write(run, events)
        data = (run / "events.jsonl").read_bytes()
        slow, fast = RunLog(run).read(), RunLog(run).read_for_replay()
        assert fast.complete == data and fast.torn_tail is slow.torn_tail is False
        assert [_values(e) for e in fast.events] == [_values(e) for e in slow.events]
        views = {m: v for m, v in PAIRS if v not in (CostView, CallView)}
        for e, f in zip(slow.events, fast.events, strict=True):
            # every kind with a view is read as it, but for a form its view leaves to pydantic
            left = any(getattr(e, name) for m, name in NARROWER if m is type(e))
            assert type(f) is (type(e) if left else views.get(type(e), type(e)))
        a = project(slow.events, data).model_dump_json()
        b = project(fast.events, fast.complete).model_dump_json()
        assert a == b


def _log_of(tmp: Path, *after_start: Any) -> Path:
    """A run folder whose log is run.planned (one trial, proxy network), trial.started, then `after_start`."""
    from memeval.eventlog import PlannedTrial, RunPlanned, canonical
    from memeval.eventlog._events import stamp

    at = datetime(2026, 11, 30, 9, tzinfo=UTC)
    evs = [
        RunPlanned(
            run_id="r",
            manifest=_PLANNED["manifest"],
            run_card={**_PLANNED["run_card"], "network": "proxy"},
            trials=(PlannedTrial(trial_id="t:pack:1", task_id="t", mode="pack", repeat=1),),
            seeds={},
        ),
        TrialStarted(trial_id="t:pack:1"),
        *after_start,
    ]
    run = tmp / "run"
    run.mkdir()
    (run / "events.jsonl").write_bytes(b"".join(canonical(stamp(e, i, at)) for i, e in enumerate(evs)))
    return run


def _log_with_calls(tmp: Path) -> Path:
    return _log_of(tmp, *(ModelCalled.model_validate(_line(f"c{n}")) for n in (1, 2)))


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ('"status":200', '"status":"two hundred"'),
        ('"status":200', '"status":200,"planted":1'),
        ('"role":"subject"', '"role":"judge"'),
        ('"trial_id":"t:pack:1","v"', '"trial_id":"x:pack:1","v"'),
        ('"seq":3', '"seq":7'),
        ('"started_at":"2026-11-30T09:00:00Z"', '"started_at":"2026-11-30T09:00:00"'),
        ('"cost_usd":0.001', '"cost_usd":"free"'),
    ],
)
def test_a_tampered_model_call_is_refused_with_the_same_message(tmp_path: Path, old: str, new: str):
    run = _log_with_calls(tmp_path)
    log = run / "events.jsonl"
    lines = log.read_text(encoding="utf-8").splitlines(keepends=True)
    assert old in lines[3], lines[3]
    lines[3] = lines[3].replace(old, new, 1)
    log.write_text("".join(lines), encoding="utf-8")
    with pytest.raises(RunLogError) as slow:
        RunLog(run).read()
    with pytest.raises(RunLogError) as fast:
        RunLog(run).read_for_replay()
    assert str(fast.value) == str(slow.value) and "line 4" in str(fast.value)


def test_a_torn_last_call_is_left_out_as_before(tmp_path: Path):
    run = _log_with_calls(tmp_path)
    log = run / "events.jsonl"
    data = log.read_bytes()
    log.write_bytes(data[:-40])
    slow, fast = RunLog(run).read(), RunLog(run).read_for_replay()
    assert fast.torn_tail and slow.torn_tail and len(fast.events) == len(slow.events) == 3
    assert fast.complete == data[: data[:-40].rfind(b"\n") + 1]


def _longer_log(tmp: Path) -> Path:
    """run.planned, trial.started, 2 calls, a claim with self-reported figures (pydantic's), 2 calls, trial.ended."""
    c1, c2, c3, c4 = (ModelCalled.model_validate(_line(f"c{n}")) for n in range(1, 5))
    claim = ClaimRecorded(trial_id="t:pack:1", message="done", self_reported={"cost_usd": 0.5}, source="claim_file")
    return _log_of(tmp, c1, c2, claim, c3, c4, TrialEnded(trial_id="t:pack:1", assessment="scored"))


SUB_MICROSECOND = ('"started_at":"2026-11-30T09:00:00Z"', '"started_at":"2026-11-30T09:00:00.9999999Z"')


@pytest.mark.parametrize(
    "edits",
    [
        [],  # the pydantic line among views reads the same
        [(2, SUB_MICROSECOND)],  # a time msgspec would round: read by pydantic, which truncates it
        [(2, SUB_MICROSECOND), (5, SUB_MICROSECOND)],
        [(2, ('"seq":2', '"seq":9')), (5, ('"status":200', '"status":"x"'))],  # the first error in line order wins
        [(2, ('"status":200', '"status":"x"')), (5, ('"seq":5', '"seq":9'))],
        [(2, SUB_MICROSECOND), (5, ('"status":200', '"status":"x"'))],
        [(3, ('"seq":3', '"seq":4')), (4, ('"seq":4', '"seq":3'))],
        [(4, ('"seq":4', '"seq":8')), (6, ('"trial_id":"t:pack:1","v"', '"trial_id":"x:pack:1","v"'))],
        [(6, ('"trial_id":"t:pack:1","v"', '"trial_id":"x:pack:1","v"')), (7, ('"seq":7', '"seq":1'))],
        [(4, ('"source":"claim_file"', '"source":"radio"')), (5, SUB_MICROSECOND)],
    ],
)
def test_a_log_with_lines_for_pydantic_reads_and_fails_as_read_does(tmp_path: Path, edits: list[Any]):
    # The fast reader decodes runs of lines at once and hands the others to pydantic: the events,
    # and the first bad line's error, must still be what the line-by-line `read` gives.
    run = _longer_log(tmp_path)
    log = run / "events.jsonl"
    lines = log.read_text(encoding="utf-8").splitlines(keepends=True)
    for i, (old, new) in edits:
        assert old in lines[i], (i, old)
        lines[i] = lines[i].replace(old, new, 1)
    log.write_text("".join(lines), encoding="utf-8")
    both = read_both_ways(run)
    if both is None:
        return
    fast, _ = both
    assert type(fast.events[4]) is ClaimRecorded
    for i, _ in edits:
        assert type(fast.events[i]) is ModelCalled  # a line with an over-precise time went to pydantic


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ('"latency_ms":900.0', '"latency_ms":10.4921875'),
        ('"ttfb_ms":300.0', '"ttfb_ms":12.12345678901'),
        ('"cost_usd":0.001', '"cost_usd":0.0012345678'),
    ],
)
def test_a_number_with_seven_decimals_is_not_taken_for_a_time(old: str, new: str):
    # Only a time's fraction past the microsecond is read differently by msgspec and pydantic.
    line = json.dumps(_line(), separators=(",", ":"))
    assert old in line
    changed = line.replace(old, new).encode()
    assert _agree(changed)
