"""The agent chooses the model of every call it makes through the proxy, and the proxy forwards
any: a pack whose memory says "use the larger model" (or an agent that reads its model from
MEMORY.md) makes the pack arm run on another model than the baseline arm. Each trial's record
listed the models it used, but no verdict, table or summary said that the arms differed, so a
better model read as better memory. The verdict now carries a `mixed_settings` warning."""

from __future__ import annotations

import shutil
from pathlib import Path

from memeval.results import load_run

SAMPLE = Path(__file__).resolve().parents[1] / "fixtures" / "runlog_v1" / "sample-t01"
PACK = '"trial_id":"t01-thursday-order-arrival:pack:1"'


def _run(tmp_path: Path, pack_model: str | None):
    run = shutil.copytree(SAMPLE, tmp_path / "run")
    if pack_model is not None:
        log = run / "events.jsonl"
        lines = log.read_text().splitlines(keepends=True)
        lines = [
            ln.replace('"response_model":"fernhill-scripted-1"', f'"response_model":"{pack_model}"')
            if '"event":"model.called"' in ln and PACK in ln
            else ln
            for ln in lines
        ]
        log.write_text("".join(lines))
    return load_run(run)


def test_arms_that_used_different_models_are_warned_about(tmp_path: Path):
    run = _run(tmp_path, "fernhill-scripted-XL")
    models = {t.mode: tuple(t.physics.models) for t in run.result.trials}
    assert models == {"baseline": ("fernhill-scripted-1",), "pack": ("fernhill-scripted-XL",)}
    (w,) = [w for w in run.result.verdict.warnings if w.kind == "mixed_settings"]
    assert "baseline" in w.message and "fernhill-scripted-1" in w.message, w.message
    assert "pack" in w.message and "fernhill-scripted-XL" in w.message, w.message


def test_arms_on_the_same_model_get_no_such_warning(tmp_path: Path):
    run = _run(tmp_path, None)
    assert [w for w in run.result.verdict.warnings if w.kind == "mixed_settings"] == []
