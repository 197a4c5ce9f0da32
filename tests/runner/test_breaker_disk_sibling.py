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
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from hostile import HostileRig, runs_on_tmpfs

from memeval.runner._lowwater import LOW_WATER_FILES

pytestmark = pytest.mark.skipif(os.geteuid() != 0, reason="mounting a tmpfs needs root")

WAIT_FULL = (
    "end=$((SECONDS + 10))\n"
    'while [ "$(df --output=avail /app | tail -1)" -gt 8000 ] && [ $SECONDS -lt $end ]; do :; done\n'
)
"""Shell: wait (10 s at most) until the disk under /app, the runs folder's, has under 8 MB free, looking
as fast as `df` goes (the sandbox sees the disk's free space as df does)."""

HOLD = "sleep 5\nhead -c 300M /dev/zero > /app/fill\nsleep 15\n"
"""Fill the disk once the trials beside it run, and hold it full (the file cap is 1 GiB, the default
storage cap 10 GiB: neither stops it)."""

FLICKER = "sleep 5\nhead -c 300M /dev/zero > /app/fill\nsleep 4\nrm -f /app/fill\n"
"""Fill the disk, hold it a few seconds, then empty it again before the turn ends."""

MEEK = WAIT_FULL + "echo ok > /app/answer.txt || true\n"
"""An honest agent that happens to write while the disk is full, and ends at once."""

MEEK_PATIENT = MEEK + 'while [ "$(df --output=avail /app | tail -1)" -le 8000 ]; do sleep 0.1; done\n'
"""The same, but it ends only once the disk has room again (so nothing is full when it ends)."""

MEEK_TEST = "if [ -s /app/answer.txt ]; then echo 1; else echo 0; fi > /logs/verifier/reward.txt\n"


def _check(run) -> None:
    assert "could not write a file" not in run.err, run.err
    by_task: dict[str, list[dict]] = {}
    for trial in run.trials:
        by_task.setdefault(trial["trial_id"].split(":")[0], []).append(trial)
    assert sorted(by_task) == ["hog", "meek"] and all(len(v) == 2 for v in by_task.values()), run.trials
    # the meek trials ran beside the fill: never scored as their agents' failures, never blamed for it
    hit = 0
    for trial in by_task["meek"]:
        fault = trial["fault"]
        assert trial["attempts"] == 1, trial
        if fault is None:  # its turn saw no full disk (it started late): scored as it came out
            assert (trial["verified"], trial["reward"]) == (True, 1), trial
            continue
        hit += 1
        assert fault["code"] in ("process", "boot"), trial
        assert "another trial's sandbox (hog:" in fault["message"], fault
    assert hit, by_task["meek"]  # the meek turns run 5 s before the fill: at least one saw it
    # a hog trial filled the disk, and was ended at once (its twin, whose write found the disk full, is
    # a bystander like the meek ones, or fills it again)
    fillers = [t for t in by_task["hog"] if t["fault"] is not None and t["fault"]["code"] == "protocol"]
    assert fillers and all(t["attempts"] == 1 for t in by_task["hog"]), by_task["hog"]
    assert "ended when the runs folder's disk filled" in fillers[0]["fault"]["message"], fillers[0]
    events = run.events()
    ended = sorted(e["trial_id"] for e in events if e["event"] == "trial.ended")
    assert ended == sorted(t["trial_id"] for t in run.trials)  # the run went on to every trial's end
    work = run.run_dir / ".work"
    assert not work.exists() or not any(work.iterdir()), sorted(p.name for p in work.iterdir())


@pytest.mark.slow  # 20 s in the suite (91c579d9, three workers): handed out first
def test_a_trial_ending_while_another_holds_the_disk_full_is_a_fault_and_the_run_goes_on(
    hostile: HostileRig, small_runs: Path
):
    hostile.task("hog", HOLD)
    hostile.task("meek", MEEK, test_sh=MEEK_TEST)
    run = hostile.run("--arms", "both", "--concurrency", "4", codes=None)
    _check(run)
    # resuming gives no trial another attempt (without --retries the process faults stay faults)
    again = hostile.run("--arms", "both", "--concurrency", "4", "--resume", run.doc["run_id"], codes=None)
    assert [t["attempts"] for t in again.trials] == [1, 1, 1, 1], again.trials


def test_an_agent_that_fills_the_disk_and_empties_it_again_is_named_and_its_neighbours_are_not_failed(
    hostile: HostileRig, small_runs: Path
):
    hostile.task("hog", FLICKER)
    hostile.task("meek", MEEK_PATIENT, test_sh=MEEK_TEST)
    _check(hostile.run("--arms", "both", "--concurrency", "4", codes=None))


def test_memevals_own_copy_of_what_the_agent_left_that_fills_the_disk_is_a_fault_not_a_stop(
    hostile: HostileRig, small_runs: Path
):
    """The agent leaves the disk just over the low-water mark (120 of 160 MiB, within its storage cap);
    memeval's copy of the world it left (kept for `--retain failed`, the default) then finds the disk
    full. Before, that stopped the run (`could not write a file: No space left on device`), and
    `--resume` gave both trials a fresh attempt: a re-roll."""
    run = hostile("head -c 120M /dev/zero > /app/big\n", "--arms", "both", "--concurrency", "1", codes=(3,))
    assert "could not write a file" not in run.err, run.err
    assert len(run.trials) == 2
    for trial in run.trials:
        fault = trial["fault"]
        assert fault is not None and fault["code"] == "protocol", trial
        assert "what the agent left filled the runs folder's disk" in fault["message"], fault
        assert trial["attempts"] == 1, trial
    work = run.run_dir / ".work"
    assert not work.exists() or not any(work.iterdir()), sorted(p.name for p in work.iterdir())
    again = hostile.run("--arms", "both", "--concurrency", "1", "--resume", run.doc["run_id"], codes=(3,))
    assert [t["attempts"] for t in again.trials] == [1, 1], again.trials


@pytest.fixture
def few_inodes(tmp_path: Path) -> Iterator[Path]:
    """`tmp_path/runs` as a tmpfs of 160 MiB but only 4,000 inodes; unmounted after."""
    with runs_on_tmpfs(tmp_path, "size=160m,nr_inodes=4000") as runs:
        yield runs


def test_an_agent_that_uses_up_the_disks_inodes_gets_a_fault_and_the_run_goes_on(hostile: HostileRig, few_inodes: Path):
    """Empty files use up a disk's inodes long before its bytes (6,000 of them count 24 MiB against a
    10 GiB cap). Before, memeval could then not create the turn's output file, and the run stopped
    (`could not write .../agent-stdout.txt: No space left on device`)."""
    files = "mkdir -p /app/m && cd /app/m && for i in $(seq 6000); do : > f$i 2>/dev/null || break; done\n"
    run = hostile(files, "--arms", "both", "--concurrency", "1", codes=(3,))
    assert "could not write" not in run.err, run.err
    assert len(run.trials) == 2
    for trial in run.trials:
        fault = trial["fault"]
        assert fault is not None and fault["code"] == "protocol" and "filled the disk" in fault["message"], trial
        # the inodes ran short, not the bytes: the disk watch may end the turn anywhere under
        # LOW_WATER_FILES free (CI saw 151 left), so the count is bounded, not fixed at 0
        files_left = re.search(r"\((\d+) MiB and (\d+) files left\)", fault["message"])
        assert files_left and int(files_left[2]) < LOW_WATER_FILES and trial["attempts"] == 1, fault
    work = run.run_dir / ".work"
    assert not work.exists() or not any(work.iterdir()), sorted(p.name for p in work.iterdir())
