"""The results reader hands out typed records: the verdict is a `PairedVerdict`, through the cache too."""

from __future__ import annotations

import shutil
from pathlib import Path

from memeval.formatting import CellValue, cell_text
from memeval.results import load_run, result_json
from memeval.stats import PairedVerdict

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "runlog_v1"


def test_the_verdict_is_typed_and_survives_the_cache(tmp_path: Path):
    run_dir = tmp_path / "run"
    shutil.copytree(FIXTURES / "oracle-mini", run_dir)
    fresh = load_run(run_dir)
    assert isinstance(fresh.result.verdict, PairedVerdict)
    assert list((run_dir / ".cache").glob("result-*.json")), "the first load writes the cache"
    cached = load_run(run_dir)
    assert cached.result == fresh.result
    assert result_json(cached) == result_json(fresh)
    assert cached.verdict() == fresh.result.verdict.model_dump(mode="json")


def test_cost_coverage_is_read_as_numbers():
    v = load_run(FIXTURES / "sample-t01", use_cache=False).result.verdict
    assert v is not None
    for arm in (v.cost_of_pass.baseline, v.cost_of_pass.pack):
        assert f"{arm.cost_known}/{arm.cost_scored}" == arm.cost_coverage


def test_each_table_cell_is_the_formatting_of_its_values():
    res = load_run(FIXTURES / "sample-t01", use_cache=False).result
    (row,) = res.table
    by_mode = {t.mode: t for t in res.trials}
    for mode, text, cost in (("baseline", row.baseline, row.baseline_cost_usd), ("pack", row.pack, row.pack_cost_usd)):
        t = by_mode[mode]
        value = CellValue(trials=1, passes=int(bool(t.verified)), scored=1, faults=0, fault_code=None,
                          scored_single=True, cost_usd=cost, cost_lower_bound=False)  # fmt: skip
        assert text == cell_text(value)
    assert row.pack.startswith("Passed · $") and row.baseline.startswith("Failed · $")
