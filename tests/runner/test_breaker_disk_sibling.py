"""While one trial's agent fills the runs folder's disk, the trials beside it must not pay for it.

Before: an agent that filled the disk and held it (filled, then slept) stopped the whole run as soon
as a trial beside it ended its turn (`could not write a file: ... something else filled it`), after
that innocent trial's world was removed; the filler's attempt then had no end, so `--resume` gave it
a fresh one. An agent that filled the disk and emptied it again before it ended was scored as if
nothing had happened, while the trial beside it, whose write failed meanwhile, was scored as its
agent's failure. Now the process watches its sandboxes' disk (`memeval.runner._lowwater`): the
trial whose world grew the most when the disk filled gets a `protocol` fault (never retried), the
trials that only ran beside it a `process` fault (not scored, not their agents' doing), and the run
goes on to its end.

Real parts: a real tmpfs of 160 MiB as the runs folder (so root is needed to mount it), real
`memeval ab` running four bubblewrap sandboxes at once, `--network none`.
"""

from __future__ import annotations

import os
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from hostile import HostileRig

pytestmark = pytest.mark.skipif(os.geteuid() != 0, reason="mounting a tmpfs needs root")

WAIT_FULL = 'while [ "$(df --output=avail /app | tail -1)" -gt 8000 ]; do sleep 0.1; done\n'
"""Shell: wait until the disk under /app (the runs folder's) has under 8 MB free (the sandbox sees it as df does)."""

HOLD = "head -c 300M /dev/zero > /app/fill\nsleep 12\n"
"""Fill the disk and hold it full (the file cap is 1 GiB, the default storage cap 10 GiB: neither stops it)."""

FLICKER = "head -c 300M /dev/zero > /app/fill\nsleep 4\nrm -f /app/fill\n"
"""Fill the disk, hold it a few seconds, then empty it again before the turn ends."""

MEEK = WAIT_FULL + "echo ok > /app/answer.txt || true\n"
"""An honest agent that happens to write while the disk is full (and ends at once)."""

MEEK_PATIENT = MEEK + 'while [ "$(df --output=avail /app | tail -1)" -le 8000 ]; do sleep 0.1; done\n'
"""The same, but it ends only once the disk has room again (so nothing is full when it ends)."""

MEEK_TEST = "if [ -s /app/answer.txt ]; then echo 1; else echo 0; fi > /logs/verifier/reward.txt\n"


@pytest.fixture
def small_runs(tmp_path: Path) -> Iterator[Path]:
    """`tmp_path/runs` (where the `hostile` rig's runs go) as a tmpfs of 160 MiB; unmounted after."""
    runs = tmp_path / "runs"
    runs.mkdir()
    subprocess.run(["mount", "-t", "tmpfs", "-o", "size=160m", "tmpfs", str(runs)], check=True)
    try:
        yield runs
    finally:
        subprocess.run(["umount", "-l", str(runs)], check=True)


def _check(run, filler_code: str) -> None:
    assert "could not write a file" not in run.err, run.err
    by_task: dict[str, list[dict]] = {}
    for trial in run.trials:
        by_task.setdefault(trial["trial_id"].split(":")[0], []).append(trial)
    assert sorted(by_task) == ["hog", "meek"] and all(len(v) == 2 for v in by_task.values()), run.trials
    # the meek trials ran beside the fill: never scored as their agents' failures, never blamed for it
    for trial in by_task["meek"]:
        fault = trial["fault"]
        assert fault is not None and fault["code"] == "process", trial
        assert "another trial's sandbox (hog:" in fault["message"], fault
        assert trial["verified"] is None and trial["attempts"] == 1, trial
    # one hog trial filled the disk (its twin's write found it full, and is a bystander like the meek ones)
    codes = sorted(t["fault"]["code"] for t in by_task["hog"] if t["fault"] is not None)
    assert filler_code in codes, by_task["hog"]
    filler = next(t for t in by_task["hog"] if t["fault"] is not None and t["fault"]["code"] == filler_code)
    assert "filled the disk" in filler["fault"]["message"] and filler["attempts"] == 1, filler
    events = run.events()
    ended = sorted(e["trial_id"] for e in events if e["event"] == "trial.ended")
    assert ended == sorted(t["trial_id"] for t in run.trials)  # the run went on to every trial's end
    work = run.run_dir / ".work"
    assert not work.exists() or not any(work.iterdir()), sorted(p.name for p in work.iterdir())


def test_a_trial_ending_while_another_holds_the_disk_full_is_a_fault_and_the_run_goes_on(
    hostile: HostileRig, small_runs: Path
):
    hostile.task("hog", HOLD)
    hostile.task("meek", MEEK, test_sh=MEEK_TEST)
    run = hostile.run("--concurrency", "4", codes=(3,))
    _check(run, "protocol")
    # resuming gives no trial another attempt (without --retries the process faults stay faults)
    again = hostile.run("--concurrency", "4", "--resume", run.doc["run_id"], codes=(3,))
    assert [t["attempts"] for t in again.trials] == [1, 1, 1, 1], again.trials


def test_an_agent_that_fills_the_disk_and_empties_it_again_is_named_and_its_neighbours_are_not_failed(
    hostile: HostileRig, small_runs: Path
):
    hostile.task("hog", FLICKER)
    hostile.task("meek", MEEK_PATIENT, test_sh=MEEK_TEST)
    run = hostile.run("--concurrency", "4", codes=(3,))
    _check(run, "protocol")
    hog = [t for t in run.trials if t["trial_id"].startswith("hog:")]
    assert any("emptied again" in (t["fault"] or {}).get("message", "") for t in hog), hog
