"""Arms that call the same models in different proportions are warned about, as arms on different models are.

Found by the breaker: the verdict compared only the sets of models each arm's agent was answered by, so an
agent that calls a small and a large model in both arms, but the large one for most calls only in the pack arm
(its memory said so), got no warning, and a better model mix read as better memory. Each trial of two or more
models now records its calls per model (`Physics.model_calls`) and the verdict warns (`mixed_settings`) when a
model's share of an arm's calls differs between the arms by over `MODEL_SHARE_GAP` (10 points).
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from memeval.results import load_run, replay_body

SAMPLE = Path(__file__).resolve().parents[1] / "fixtures" / "runlog_v1" / "sample-t01"
ARMS = {
    "baseline": '"trial_id":"t01-thursday-order-arrival:baseline:1"',
    "pack": '"trial_id":"t01-thursday-order-arrival:pack:1"',
}
SMALL, LARGE = '"response_model":"fernhill-scripted-1"', '"response_model":"fernhill-scripted-XL"'


def _run(tmp_path: Path, large_calls: dict[str, int]):
    """The sample run with the first `large_calls[arm]` calls of each arm answered by the large model."""
    run = shutil.copytree(SAMPLE, tmp_path / "run")
    log = run / "events.jsonl"
    left = dict(large_calls)
    lines = []
    for ln in log.read_text().splitlines(keepends=True):
        arm = next((a for a, mark in ARMS.items() if mark in ln), None)
        if arm is not None and '"event":"model.called"' in ln and SMALL in ln and left[arm] > 0:
            ln, left[arm] = ln.replace(SMALL, LARGE), left[arm] - 1
        lines.append(ln)
    assert left == {"baseline": 0, "pack": 0}
    log.write_text("".join(lines))
    return load_run(run)


def _mixed(run) -> list[str]:
    return [w.message for w in run.result.verdict.warnings if w.kind == "mixed_settings"]


def test_arms_mixing_the_same_models_in_other_proportions_are_warned_about(tmp_path: Path):
    run = _run(tmp_path, {"baseline": 1, "pack": 5})
    assert len(_mixed(run)) == 1  # before: none (both arms used both models)
    (msg,) = _mixed(run)
    assert "split their calls between the same models differently" in msg, msg
    assert "fernhill-scripted-XL 14%" in msg and "fernhill-scripted-XL 62%" in msg and "over 10% apart" in msg, msg
    for t in run.result.trials:
        assert set(t.physics.models) == {"fernhill-scripted-1", "fernhill-scripted-XL"}
        assert t.physics.model_calls["fernhill-scripted-XL"] == (1 if t.mode == "baseline" else 5)


def test_arms_mixing_the_same_models_alike_get_no_such_warning(tmp_path: Path):
    assert _mixed(_run(tmp_path, {"baseline": 1, "pack": 1})) == []


KILLED = Path(__file__).resolve().parents[1] / "fixtures" / "runlog_killed"


def test_arms_whose_trials_each_used_one_model_replay(tmp_path: Path):
    """Both arms on both models, each trial on one (its record leaves `model_calls` out): the shares come from
    `engine_calls`. The plain replay (`memeval replay`) read the left-out field and raised AttributeError (found by the
    replay property test, tests/eventlog/test_replay_body.py, on the merged tree)."""
    run = shutil.copytree(KILLED, tmp_path / "run")
    log = run / "events.jsonl"
    lines = []
    for ln in log.read_text().splitlines(keepends=True):
        if '"trial_id":"t01-thursday-order-arrival:' in ln:
            ln = ln.replace(SMALL, LARGE)
        lines.append(ln)
    log.write_text("".join(lines))
    body = json.loads(replay_body(run))  # `memeval replay`'s path, without the models: it raised AttributeError
    loaded = load_run(run)
    assert body["verdict"]["warnings"] == loaded.result.model_dump(mode="json")["verdict"]["warnings"]
    by_mode = {
        m: {mm for t in loaded.result.trials if t.mode == m for mm in t.physics.models} for m in ("baseline", "pack")
    }
    assert by_mode["baseline"] == by_mode["pack"] == {"fernhill-scripted-1", "fernhill-scripted-XL"}, by_mode
    assert all(len(t.physics.models) <= 1 and not t.physics.model_calls for t in loaded.result.trials)
    assert isinstance(_mixed(loaded), list)
