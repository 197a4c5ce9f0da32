"""The golden v1 logs project to the committed bytes, and to the same record once rewritten at v2.

`tests/fixtures/runlog_v1/` keeps logs as v1 writers wrote them (untyped `run.planned` and
`model.called` payloads); `tests/fixtures/runlog_v1_projected/` keeps what they project to.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from memeval.eventlog import RunLog, RunPlanned, canonical
from memeval.results import load_run, result_json

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
NAMES = ("oracle-mini", "sample-t01")


@pytest.mark.parametrize("name", NAMES)
def test_a_golden_v1_log_projects_to_its_committed_bytes(name: str, tmp_path: Path) -> None:
    run = shutil.copytree(FIXTURES / "runlog_v1" / name, tmp_path / name)
    expected = (FIXTURES / "runlog_v1_projected" / f"{name}.json").read_text(encoding="utf-8")
    assert result_json(load_run(run, use_cache=False)) == expected
    assert result_json(load_run(run)) == expected  # written to the cache
    assert result_json(load_run(run)) == expected  # read from it


@pytest.mark.parametrize("name", NAMES)
def test_a_golden_log_rewritten_at_v2_projects_the_same(name: str, tmp_path: Path) -> None:
    src = FIXTURES / "runlog_v1" / name
    lines = (src / "events.jsonl").read_bytes().splitlines()
    assert json.loads(lines[0])["v"] == 1
    run = shutil.copytree(src, tmp_path / name)
    events = RunLog(run).read().events
    plan = events[0]
    assert isinstance(plan, RunPlanned) and plan.v == 2
    (run / "events.jsonl").write_bytes(b"".join(canonical(e) for e in events))
    assert json.loads((run / "events.jsonl").read_bytes().split(b"\n")[0])["v"] == 2
    v1 = json.loads(result_json(load_run(src, use_cache=False)))
    v2 = json.loads(result_json(load_run(run, use_cache=False)))
    assert v1.pop("log_hash") != v2.pop("log_hash")
    # A v2 writer records every field of the card and manifest, a v1 writer only those it knew.
    card1, card2 = v1.pop("run_card"), v2.pop("run_card")
    assert {k: card2[k] for k in card1} == card1
    new_fields = {"tamper", "reward_key", "concurrency", "executor", "sequential", "default_limits", "prices", "modes"}
    assert set(card2) - set(card1) <= new_fields
    v1["manifest"]["cells"].pop("held"), v2["manifest"]["cells"].pop("held")
    assert v2 == v1


def test_the_typed_plan_reads_as_the_v1_objects_did() -> None:
    run = FIXTURES / "runlog_v1" / "sample-t01"
    raw = json.loads((run / "events.jsonl").read_bytes().split(b"\n")[0])
    res = load_run(run, use_cache=False).result
    assert res.run_card.as_logged() == raw["run_card"]
    assert res.manifest.as_logged() == raw["manifest"]
    assert res.run_card.network == raw["run_card"]["network"] == "proxy"
    assert res.manifest.cells.pack is not None and res.manifest.cells.pack.name == "fernhill"
    assert list(res.manifest.slice) == raw["manifest"]["slice"]
    assert res.manifest.schema_.measurements[0] == "reward"
    assert "tamper" not in res.run_card.model_fields_set and res.run_card.tamper == "flag"


@pytest.mark.parametrize("name", NAMES)
def test_the_terminal_table_and_card_print_as_before_the_typed_records(name: str) -> None:
    from rich.console import Console

    from memeval.cli._render import render_ab

    with open("/dev/null", "w") as sink:
        console = Console(record=True, width=160, color_system=None, force_terminal=False, file=sink)
        render_ab(load_run(FIXTURES / "runlog_v1" / name, use_cache=False).result, console, "RUN_DIR")
    expected = (FIXTURES / "runlog_v1_projected" / f"{name}.terminal.txt").read_text(encoding="utf-8")
    assert console.export_text() == expected
