"""The projection holds values (hypothesis): the table's cells, the result document, the cache.

Logs are drawn by the strategy of `tests/eventlog/test_projection_properties.py` (any log the
runner can write). For each: every table cell's values agree with the trials they summarise, the
cells' words are `memeval.formatting.cell_text` of those values, the JSON document reads back into
the same record (what the result cache relies on), and the cache gives what a replay gives.
"""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from memeval.eventlog import Event, Manifest, RunCard
from memeval.formatting import CellValue, cell_text
from memeval.results import RunResult, TableRow, arm_spend, load_run, result_json

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "eventlog"))
from test_projection_properties import GOLDEN, _write, run_logs  # noqa: E402

PROPS = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _project(events: list[Event]) -> tuple[RunResult, str, str]:
    """The result of `events` (replayed), its JSON, and the JSON read back through the cache."""
    with tempfile.TemporaryDirectory() as tmp:
        run = Path(tmp) / "run"
        _write(run, events)
        replayed = load_run(run, use_cache=False)
        text = result_json(replayed)
        load_run(run)  # writes the cache
        cached = load_run(run)  # reads it
        assert (run / ".cache").is_dir()
        return replayed.result, text, result_json(cached)


@PROPS
@given(run_logs())
def test_every_cell_holds_the_values_of_its_trials(events: list[Event]) -> None:
    res, _, _ = _project(events)
    planned = events[0].trials  # type: ignore[union-attr]
    assert [r.task_id for r in res.table] == list(dict.fromkeys(t.task_id for t in planned))
    for row in res.table:
        for mode in ("baseline", "pack"):
            recs = [t for t in res.trials if t.task_id == row.task_id and t.mode == mode]
            scored = [t for t in recs if t.assessment == "scored"]
            cell = row.cell(mode)
            assert cell.trials == len(recs)
            assert cell.scored == len(scored)
            assert cell.passes == sum(1 for t in scored if t.verified)
            stopped = sum(1 for t in recs if t.fault and t.fault.code == "cancelled")  # the run's stop: no fault
            assert cell.faults == sum(1 for t in recs if t.fault) - stopped and cell.interrupted == stopped
            assert cell.fault_code == (recs[0].fault.code if len(recs) == 1 and recs[0].fault else None)
            assert cell.scored_single == (len(recs) == 1 and recs[0].assessment == "scored")
            spent = arm_spend(res, mode, row.task_id)
            if recs and all(t.physics.source == "meter" for t in recs):
                assert cell.cost_usd == pytest.approx(spent.cost_usd, abs=1e-6)
            else:
                assert cell.cost_usd is None
            assert (
                cell.cost_lower_bound == spent.lower_bound == (spent.calls_cost_unknown > 0 or spent.attempts_cut > 0)
            )


@PROPS
@given(run_logs())
def test_the_cells_words_are_made_from_the_values_and_the_document_reads_back(events: list[Event]) -> None:
    res, text, cached = _project(events)
    doc = json.loads(text)
    for row, raw in zip(res.table, doc["table"], strict=True):
        assert raw["baseline"] == cell_text(row.cell("baseline"))
        assert raw["pack"] == cell_text(row.cell("pack"))
        assert TableRow.model_validate(raw) == row
    again = RunResult.model_validate_json(text)
    assert again == res
    assert again.model_dump_json(by_alias=True, indent=2) + "\n" == text
    assert cached == text


@PROPS
@given(run_logs())
def test_the_typed_plan_comes_back_as_the_log_wrote_it(events: list[Event]) -> None:
    res, text, _ = _project(events)
    plan = events[0]
    doc = json.loads(text)
    assert doc["run_card"] == json.loads(json.dumps(plan.model_dump(mode="json", by_alias=True)["run_card"]))
    assert list(doc["run_card"]) == sorted(doc["run_card"])
    assert doc["manifest"]["schema"]["version"] == 1 and "schema_" not in doc["manifest"]
    assert res.run_card == plan.run_card and res.manifest == plan.manifest


_PLANNED = json.loads(GOLDEN.read_bytes().split(b"\n", 1)[0])
_LATER_FIELDS = ("tamper", "reward_key", "concurrency", "executor", "sequential", "memeval")


@given(st.sets(st.sampled_from(_LATER_FIELDS)), st.sampled_from(["flag", "fail"]), st.integers(1, 64))
def test_a_card_keeps_exactly_the_fields_its_log_carried(present: set[str], tamper: str, conc: int) -> None:
    values = {"tamper": tamper, "reward_key": None, "concurrency": conc, "executor": "local", "sequential": None}
    raw = {k: v for k, v in _PLANNED["run_card"].items() if k not in _LATER_FIELDS}
    raw.update({k: values.get(k, "0.0.1") for k in present})
    card = RunCard.model_validate(raw)
    assert card.as_logged() == dict(sorted(raw.items()))
    assert list(card.as_logged()) == sorted(raw)
    assert card.tamper == (tamper if "tamper" in present else "flag")  # absent: the documented default


def test_the_manifest_is_refused_with_a_field_it_does_not_declare() -> None:
    raw = json.loads(json.dumps(_PLANNED["manifest"]))
    assert Manifest.model_validate(raw).as_logged() == raw
    raw["cells"]["held"]["model_name"] = "x"
    with pytest.raises(ValueError, match="model_name"):
        Manifest.model_validate(raw)


@given(
    st.integers(0, 5),
    st.integers(0, 5),
    st.integers(0, 5),
    st.none() | st.floats(0, 1000, allow_nan=False),
    st.booleans(),
    st.sampled_from([None, "boot", "timeout", "budget"]),
)
def test_cell_words_follow_the_values(
    trials: int, scored: int, passes: int, cost: float | None, bound: bool, code: str | None
) -> None:
    scored = min(scored, trials)
    passes = min(passes, scored)
    faults = trials - scored
    single_fault = code if trials == 1 and faults == 1 else None
    c = CellValue(
        trials=trials,
        passes=passes,
        scored=scored,
        faults=faults,
        fault_code=single_fault,
        scored_single=trials == 1 and scored == 1,
        cost_usd=cost,
        cost_lower_bound=bound,
    )
    text = cell_text(c)
    spent = text.split(" · ")[1]
    assert spent.startswith("$") and spent.endswith("+") == (bound and cost is not None)
    assert ("—" in spent) == (cost is None)
    if trials == 1:
        word = text.split(" · ")[0]
        if single_fault is not None:
            assert word == f"Fault ({single_fault})"
        elif scored == 1:
            assert word == ("Passed" if passes else "Failed")
        else:
            assert word == "Not run"
    else:
        assert text.startswith(f"{passes}/{scored} passed · ")
        assert text.endswith(f" · {faults} fault") == (faults > 0)
