"""`memeval.results` as a user calls it: finding a run, loading it, the cache, records, denominators.

Bad input gets a clear error naming the bad value; a cache that does not match its log is never
used; nothing in the run folder but the cache is ever written.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import sys
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from readers_helpers import Runs

from memeval import __version__
from memeval._runlist import PROJECTION_VERSION, cache_path
from memeval.errors import RunLogError, UsageError
from memeval.eventlog import Event
from memeval.results import find_run, load_run, result_json

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "eventlog"))
from test_projection_properties import _write, run_logs  # noqa: E402

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "runlog_v1"


def _tree(folder: Path) -> dict[str, str]:
    return {
        str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


def test_a_run_is_found_by_path_or_by_id_and_a_bad_reference_is_named(runs: Runs) -> None:
    run = runs.memory
    assert find_run(run.path) == run.path
    assert find_run(run.result.run_id, runs.runs_dir) == runs.runs_dir / run.result.run_id
    with pytest.raises(UsageError, match=r"'01NOPE' is not a run folder or a run id under .*memeval runs"):
        find_run("01NOPE", runs.runs_dir)
    with pytest.raises(UsageError, match="not a run folder"):
        find_run(runs.runs_dir, runs.runs_dir)  # the folder of runs is not a run


def test_loading_what_is_not_a_run_names_the_folder(tmp_path: Path) -> None:
    with pytest.raises(RunLogError, match="is not a run folder: it has no events.jsonl"):
        load_run(tmp_path)
    (tmp_path / "events.jsonl").write_bytes(b"")
    with pytest.raises(RunLogError, match="empty log"):
        load_run(tmp_path)
    (tmp_path / "events.jsonl").write_bytes(b'{"event":"trial.started","trial_id":"t","seq":0,"v":1}\n')
    with pytest.raises(RunLogError, match="must start with run.planned"):
        load_run(tmp_path, use_cache=False)


def test_loading_writes_only_the_cache_and_a_stale_or_foreign_cache_is_replayed(tmp_path: Path) -> None:
    run = Path(shutil.copytree(FIXTURES / "sample-t01", tmp_path / "run"))
    before = _tree(run)
    expected = result_json(load_run(run, use_cache=False))
    assert _tree(run) == before  # use_cache=False writes nothing
    assert result_json(load_run(run)) == expected
    cache = run / ".cache" / f"result-{__version__}-p{PROJECTION_VERSION}.json"
    assert cache == cache_path(run)
    after = _tree(run)
    assert set(after) - set(before) == {str(cache.relative_to(run))}
    assert {k: v for k, v in after.items() if k in before} == before

    doc = json.loads(cache.read_text())
    doc["status"] = "forged"
    cache.write_text(json.dumps(doc))  # same log hash, a changed record: still trusted, the log did not change
    assert load_run(run).result.status == "forged"
    doc["log_hash"] = "sha256:" + "0" * 64
    cache.write_text(json.dumps(doc))  # made from another log: replayed and rewritten
    assert result_json(load_run(run)) == expected
    cache.write_text('{"schema": "memeval.result/0"}')  # another layout: replayed
    assert result_json(load_run(run)) == expected
    cache.write_text("not json")
    assert result_json(load_run(run)) == expected


def test_a_cache_of_an_older_projection_version_is_never_served(tmp_path: Path) -> None:
    """A cache written by code before the projection's version was raised (same memeval version, same
    log hash) holds the older figures (here: the bootstrap intervals of the older stream): it is
    replayed, never read, and the replay's cache goes beside it under the new name."""
    run = Path(shutil.copytree(FIXTURES / "sample-t01", tmp_path / "run"))
    expected = result_json(load_run(run, use_cache=False))
    doc = json.loads(expected)
    doc["verdict"]["cost_of_pass"]["baseline"]["ci"] = [0.001, 0.002]  # an older stream's interval
    (run / ".cache").mkdir()
    older = [run / ".cache" / f"result-{__version__}.json"]  # before projection versions existed
    older += [run / ".cache" / f"result-{__version__}-p{v}.json" for v in range(1, PROJECTION_VERSION)]
    for path in older:
        path.write_text(json.dumps(doc))
    assert load_run(run).result.verdict.cost_of_pass.baseline.ci != (0.001, 0.002)
    assert result_json(load_run(run)) == expected
    assert cache_path(run).is_file() and cache_path(run) not in older
    assert all(json.loads(p.read_text()) == doc for p in older)  # left as they were


def test_a_torn_last_line_is_left_out_of_the_hash_and_the_record(tmp_path: Path) -> None:
    run = Path(shutil.copytree(FIXTURES / "oracle-mini", tmp_path / "run"))
    whole = load_run(run, use_cache=False).result
    with (run / "events.jsonl").open("ab") as f:
        f.write(b'{"event":"run.ended","status":"compl')
    torn = load_run(run).result
    assert torn.log_hash == whole.log_hash and torn == whole


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(run_logs())
def test_records_and_denominators_agree_with_the_trials(events: list[Event]) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "run"
        _write(folder, events)
        run = load_run(folder)
        res = run.result
        recs = run.to_records()
        assert [r["trial_id"] for r in recs] == [t.trial_id for t in res.trials]
        for rec, t in zip(recs, res.trials, strict=True):
            assert rec["fault"] == (t.fault.code if t.fault else None)
            assert rec["cost_usd"] == t.harness_measured.total_cost_usd
            assert rec["level"] == (t.checks[0].level if t.checks else None)
            assert rec["checks"] == [c.model_dump(mode="json", by_alias=True) for c in t.checks]
            json.dumps(rec)  # ready for a data frame: plain JSON values
        d = run.denominators()
        for mode in ("baseline", "pack"):
            rs = [t for t in res.trials if t.mode == mode and not (t.fault and t.fault.code == "cancelled")]
            scored = [t for t in rs if t.assessment == "scored"]  # interrupted trials: neither scored nor attempted
            passes = sum(1 for t in scored if t.verified)
            assert d[mode] == run.denominators(mode)
            assert (d[mode].passes, d[mode].scored, d[mode].attempted) == (passes, len(scored), len(rs))
            assert d[mode].pass_rate_scored == (passes / len(scored) if scored else None)
        blended = run.denominators(blended=True)["blended"]
        stopped = sum(1 for t in res.trials if t.fault and t.fault.code == "cancelled")
        assert blended.attempted == len(res.trials) - stopped and blended.arm == "blended"
        assert "blended" not in d
        with pytest.raises(UsageError, match="denominators\\(mode='both'\\): use 'baseline' or 'pack'"):
            run.denominators("both")
        verdict = run.verdict()
        assert verdict == (None if res.verdict is None else res.verdict.model_dump(mode="json"))


def test_a_projection_2_cache_with_scipy_t_figures_is_replayed(tmp_path: Path) -> None:
    """Projection 3 computes the t-test and intervals without scipy (their last bits may move): a cache of
    projection 2 for the same log (its `p_paired_t` as scipy gave it) is replayed, never read."""
    assert PROJECTION_VERSION >= 3
    run = Path(shutil.copytree(FIXTURES / "sample-t01", tmp_path / "run"))
    expected = result_json(load_run(run, use_cache=False))
    doc = json.loads(expected)
    doc["verdict"]["p_paired_t"] = 0.123456789  # what an older computation might have written
    (run / ".cache").mkdir()
    older = run / ".cache" / f"result-{__version__}-p2.json"
    older.write_text(json.dumps(doc))
    assert result_json(load_run(run)) == expected
    assert cache_path(run).name == f"result-{__version__}-p{PROJECTION_VERSION}.json" and cache_path(run).is_file()
    assert json.loads(older.read_text()) == doc
