"""The run log: golden fixtures of format v1, crash safety, tamper evidence, replay."""

import json
import shutil
from pathlib import Path

import pytest

from memeval.errors import RunLogError
from memeval.eventlog import ArtifactStore, RunLog, TrialStarted
from memeval.eventlog._upcast import UPCASTERS
from memeval.results import load_run, result_json

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "runlog_v1"


def test_golden_v1_logs_still_read_and_project():
    oracle = load_run(FIXTURES / "oracle-mini", use_cache=False).result
    assert oracle.status == "completed"
    assert [(t.trial_id, t.verified) for t in oracle.trials] == [
        ("add-numbers:pack:1", True),
        ("add-numbers:baseline:1", True),
        ("greet:baseline:1", True),
        ("greet:pack:1", True),
    ]
    assert oracle.coverage.expected_trials == oracle.coverage.completed_trials == 4
    sample = load_run(FIXTURES / "sample-t01", use_cache=False).result
    by = {t.mode: t for t in sample.trials}
    assert by["pack"].verified is True and by["baseline"].verified is False
    assert by["pack"].harness_measured.input_tokens == 14447
    assert by["pack"].harness_measured.total_cost_usd == pytest.approx(0.0239244)
    assert by["pack"].physics.engine_calls == 8
    assert by["pack"].context_manifest and by["baseline"].context_manifest == ()
    assert by["pack"].claim is not None and by["pack"].claim.source == "claim_file"


def test_replay_is_byte_identical_after_deleting_everything_derived(tmp_path: Path):
    from typer.testing import CliRunner

    from memeval.cli import app

    mini = Path(__file__).resolve().parents[1] / "fixtures" / "tasksets" / "mini"
    res = CliRunner().invoke(
        app,
        [
            "ab",
            str(mini),
            "--agent",
            "nop",
            "--network",
            "none",
            "--quiet",
            "--retain",
            "always",
            "--runs-dir",
            str(tmp_path / "runs"),
            "--json",
        ],
    )
    assert res.exit_code == 0, res.stderr
    run = tmp_path / "runs" / json.loads(res.stdout)["run_id"]
    first = result_json(load_run(run))
    assert (run / "worlds").is_dir()
    keep = {"events.jsonl", "artifacts"}
    for p in run.iterdir():
        if p.name not in keep:
            shutil.rmtree(p) if p.is_dir() else p.unlink()
    moved = shutil.copytree(run, tmp_path / "elsewhere" / run.name)
    assert result_json(load_run(moved)) == first
    assert json.loads(first)["log_hash"].startswith("sha256:")


def test_a_torn_last_line_is_ignored_then_cut_before_the_next_append(tmp_path: Path):
    run = shutil.copytree(FIXTURES / "oracle-mini", tmp_path / "run")
    log = RunLog(run)
    n = len(log.read().events)
    with (run / "events.jsonl").open("ab") as f:
        f.write(b'{"event":"trial.started","trial_id":"gre')
    read = RunLog(run).read()
    assert read.torn_tail and len(read.events) == n
    ev = RunLog(run).append(TrialStarted(trial_id="greet:pack:1", attempt=2))
    assert ev.seq == n
    again = RunLog(run).read()
    assert not again.torn_tail and len(again.events) == n + 1


def test_a_corrupt_line_in_the_middle_is_named(tmp_path: Path):
    run = shutil.copytree(FIXTURES / "oracle-mini", tmp_path / "run")
    lines = (run / "events.jsonl").read_bytes().split(b"\n")
    lines[3] = b'{"event":"no.such.event","seq":3}'
    (run / "events.jsonl").write_bytes(b"\n".join(lines))
    with pytest.raises(RunLogError, match="line 4"):
        RunLog(run).read()


def test_reordered_events_are_refused(tmp_path: Path):
    run = shutil.copytree(FIXTURES / "oracle-mini", tmp_path / "run")
    lines = (run / "events.jsonl").read_bytes().split(b"\n")
    lines[2], lines[3] = lines[3], lines[2]
    (run / "events.jsonl").write_bytes(b"\n".join(lines))
    with pytest.raises(RunLogError, match="seq"):
        RunLog(run).read()


def test_a_changed_artifact_is_detected(tmp_path: Path):
    run = shutil.copytree(FIXTURES / "sample-t01", tmp_path / "run")
    store = ArtifactStore(run)
    trial = load_run(run).result.trials[0]
    diff_id = trial.workspace.diff
    assert store.get(diff_id)
    (store.root / diff_id.removeprefix("sha256:")).write_bytes(b"forged")
    with pytest.raises(RunLogError, match="changed"):
        store.get(diff_id)


def test_an_older_event_version_is_upgraded_by_its_upcaster(tmp_path: Path):
    run = shutil.copytree(FIXTURES / "oracle-mini", tmp_path / "run")
    lines = (run / "events.jsonl").read_bytes().split(b"\n")
    old = json.loads(lines[1])
    assert old["event"] == "trial.started"
    old["v"] = 0
    old["manifest_ids"] = old.pop("context_manifest")  # a made-up earlier name of the field
    lines[1] = json.dumps(old).encode()
    (run / "events.jsonl").write_bytes(b"\n".join(lines))
    with pytest.raises(RunLogError, match="line 2"):
        RunLog(run).read()

    def v0_to_v1(raw: dict) -> dict:
        raw["context_manifest"] = raw.pop("manifest_ids")
        raw["v"] = 1
        return raw

    UPCASTERS[("trial.started", 0)] = v0_to_v1
    try:
        assert RunLog(run).read().events[1].context_manifest == ()
    finally:
        del UPCASTERS[("trial.started", 0)]


def test_the_result_cache_is_used_only_for_the_log_it_was_made_from(tmp_path: Path):
    run = shutil.copytree(FIXTURES / "oracle-mini", tmp_path / "run")
    first = load_run(run)
    caches = list((run / ".cache").glob("result-*.json"))
    assert len(caches) == 1 and result_json(load_run(run)) == result_json(first)
    RunLog(run).append(TrialStarted(trial_id="greet:pack:1", attempt=2))
    after = load_run(run)
    assert after.result.log_hash != first.result.log_hash
    assert result_json(after) == result_json(load_run(run, use_cache=False))
