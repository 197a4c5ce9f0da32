"""`memeval compare` warns when one arm's agents used other models, or the same in other shares, in A than in B.

Left by runner17's share check (`tests/readers/test_arm_model_shares.py`): the verdict of one run warns when its
arms mixed the same models differently, but `memeval compare` of two runs under one run card said nothing when
run B's pack arm sent the larger model 62% of its calls and run A's 14% (its pack said "use the larger model"):
a better model mix read as a better pack. Compare now applies the same rule (`memeval.results.model_mix`,
`MODEL_SHARE_GAP`) arm by arm, in its output and in `--json`'s `warnings`. Real `memeval compare` (CliRunner).
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from typer.testing import CliRunner

from memeval.cli import app

SAMPLE = Path(__file__).resolve().parents[1] / "fixtures" / "runlog_v1" / "sample-t01"
RUN_ID = "01M8P490FKYQ4EG1WTR6J13A24"
ARMS = {
    "baseline": '"trial_id":"t01-thursday-order-arrival:baseline:1"',
    "pack": '"trial_id":"t01-thursday-order-arrival:pack:1"',
}
SMALL, LARGE = '"response_model":"fernhill-scripted-1"', '"response_model":"fernhill-scripted-XL"'


def _run(dest: Path, run_id: str, large_calls: dict[str, int], only_large: str | None = None) -> Path:
    """The sample run as `run_id`, with the first `large_calls[arm]` calls of each arm (or all of arm
    `only_large`'s) answered by the large model."""
    run = shutil.copytree(SAMPLE, dest)
    log = run / "events.jsonl"
    left = dict(large_calls)
    lines = []
    for ln in log.read_text().splitlines(keepends=True):
        arm = next((a for a, mark in ARMS.items() if mark in ln), None)
        if arm is not None and '"event":"model.called"' in ln and SMALL in ln:
            if arm == only_large:
                ln = ln.replace(SMALL, LARGE)
            elif left.get(arm, 0) > 0:
                ln, left[arm] = ln.replace(SMALL, LARGE), left[arm] - 1
        lines.append(ln.replace(RUN_ID, run_id))
    assert not any(left.values())
    log.write_text("".join(lines))
    return run


def _compare(a: Path, b: Path) -> tuple[list[str], str]:
    cli = CliRunner()
    res = cli.invoke(app, ["compare", str(a), str(b), "--json"])
    assert res.exit_code == 0, res.output
    doc = json.loads(res.stdout)
    text = cli.invoke(app, ["compare", str(a), str(b)])
    assert text.exit_code == 0, text.output
    return [w for w in doc["warnings"] if "models" in w], text.stdout


def test_one_arm_mixing_the_same_models_otherwise_in_b_is_warned_about(tmp_path: Path) -> None:
    a = _run(tmp_path / "a", RUN_ID, {"baseline": 1, "pack": 1})
    b = _run(tmp_path / "b", "01M8P490FKYQ4EG1WTR6J13B99", {"baseline": 1, "pack": 5})
    found, text = _compare(a, b)
    assert len(found) == 1, found  # before: none (both runs' arms used both models)
    (msg,) = found
    assert msg.startswith("the pack arm's agents of runs A and B split their calls between the same models"), msg
    assert "A fernhill-scripted-1 88%, fernhill-scripted-XL 12%" in msg and "XL 62%" in msg, msg
    assert "over 10% apart" in msg, msg
    assert " ".join(msg.split()[:8]) in " ".join(text.split()), text  # the plain output says it too
    same, _ = _compare(a, _run(tmp_path / "c", "01M8P490FKYQ4EG1WTR6J13C99", {"baseline": 1, "pack": 1}))
    assert same == []


def test_one_arm_answered_by_other_models_in_b_is_warned_about(tmp_path: Path) -> None:
    a = _run(tmp_path / "a", RUN_ID, {})
    b = _run(tmp_path / "b", "01M8P490FKYQ4EG1WTR6J13B99", {}, only_large="baseline")
    found, _ = _compare(a, b)
    assert found == [
        "the baseline arm's agents of runs A and B were answered by different models (A fernhill-scripted-1; "
        "B fernhill-scripted-XL): the model, not what else differs between the runs, may explain it"
    ], found
