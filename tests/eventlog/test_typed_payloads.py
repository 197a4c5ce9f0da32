"""The run log's typed payloads: the model call record, its version, and the v1 upcaster."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from memeval.errors import RunLogError
from memeval.eventlog import CostRecord, ModelCalled, ModelCallRecord, RunLog, canonical, parse_event
from memeval.eventlog._upcast import upcast
from memeval.meter import Cost, ModelCall

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "runlog_v1"


def test_the_log_record_declares_every_field_the_meter_records():
    assert list(ModelCallRecord.model_fields) == list(ModelCall.model_fields)
    assert list(CostRecord.model_fields) == list(Cost.model_fields)


def _v1_lines() -> list[dict[str, object]]:
    lines = (FIXTURES / "sample-t01" / "events.jsonl").read_text(encoding="utf-8").splitlines()
    return [raw for raw in map(json.loads, lines) if raw["event"] == "model.called"]


def test_golden_v1_model_calls_read_as_typed_v3_records():
    calls = [ev for ev in RunLog(FIXTURES / "sample-t01").read().events if isinstance(ev, ModelCalled)]
    raws = _v1_lines()
    assert len(calls) == len(raws) > 0 and all(raw["v"] == 1 for raw in raws)
    for ev, raw in zip(calls, raws, strict=True):
        assert ev.v == 3 and ev.attempt is None  # a v1 line never said its attempt
        assert isinstance(ev.call, ModelCallRecord) and isinstance(ev.call.cost, CostRecord)
        # the typed record holds exactly what the v1 line held
        assert ev.call.model_dump(mode="json") == raw["call"]


def test_a_v3_line_is_the_v1_line_with_its_version_bumped():
    raw = _v1_lines()[0]
    ev = parse_event(upcast(raw))
    again = json.loads(canonical(ev))
    assert again == {**raw, "v": 3}  # no `attempt`: not known, left out of the line


def test_a_v1_call_missing_a_field_is_refused_naming_it(tmp_path: Path):
    lines = (FIXTURES / "sample-t01" / "events.jsonl").read_text(encoding="utf-8").splitlines()
    i = next(n for n, line in enumerate(lines) if '"model.called"' in line)
    raw = json.loads(lines[i])
    del raw["call"]["status"]
    lines[i] = json.dumps(raw)
    (tmp_path / "events.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(
        RunLogError, match=rf"(?s)line {i + 1} is not a valid event, even after upgrading.*call\.status"
    ):
        RunLog(tmp_path).read()


def test_a_call_under_another_trial_is_refused():
    raw = upcast(_v1_lines()[0])
    with pytest.raises(ValueError, match="differs from the event's"):
        ModelCalled.model_validate({**raw, "call": {**raw["call"], "trial_id": "other:pack:1"}})
