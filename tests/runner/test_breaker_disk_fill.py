"""An agent that fills the runs folder's disk must neither end the run nor win a fresh attempt.

The storage watch looks about once a second, so a fast writer on a disk with less free space than
its cap filled it before being seen: `memeval ab` then stopped with `could not write a file: No space
left on device`, the attempt's work folder stayed, the log held no outcome for it, and `--resume`
gave the trial a new attempt (a re-roll an agent failing its task could ask for). Now a task whose
storage_mb the disk cannot hold is refused before the run starts, and a turn that still fills the
disk ends `errored`, its world removed, with a `protocol` fault (never retried), and the run goes on.

Real parts: a real tmpfs of a few MiB as the runs folder (so root is needed to mount it), real
`memeval ab` with bubblewrap sandboxes, `--network none`.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hostile import HostileRig, runs_on_tmpfs

pytestmark = pytest.mark.skipif(os.geteuid() != 0, reason="mounting a tmpfs needs root")

FILL = "head -c 300M /dev/zero > /app/fill\nhead -c 2M /dev/urandom | base64\n"
"""Write until the disk is full (the file cap is 1 GiB when the task names no storage_mb), then print
2.7 MB, which memeval must keep on that full disk (its output file)."""

CAPPED_TOML = "[verifier]\ntimeout_sec = 20.0\n[agent]\ntimeout_sec = 20.0\n[environment]\nstorage_mb = {mb}\n"


def _no_work_left(run_dir: Path) -> None:
    work = run_dir / ".work"
    assert not work.exists() or not any(work.iterdir()), sorted(p.name for p in work.iterdir())


def test_a_task_cap_the_disk_cannot_hold_is_refused_before_anything_is_stored(hostile: HostileRig, small_runs: Path):
    run = hostile(FILL, "--arms", "both", "--concurrency", "1", codes=None, task_toml=CAPPED_TOML.format(mb=1024))
    assert run.code == 2, run.err
    last = run.err.strip().splitlines()[-1]
    assert "MiB free" in last and "1024 MiB" in last and "storage_mb" in last, last
    assert not any(small_runs.iterdir())  # no run folder, no log


def test_trials_that_fit_one_at_a_time_but_not_together_run_with_a_warning(hostile: HostileRig, small_runs: Path):
    """Public tasks name storage_mb = 10240 as a matter of course: a disk that holds one trial's cap but
    not the caps of all the trials at once is warned of, not refused (a fill is then the trial's fault)."""
    run = hostile("true", "--arms", "both", "--concurrency", "2", codes=(0, 1), task_toml=CAPPED_TOML.format(mb=64))
    assert "warning: the runs folder" in run.err and "2 trials that may run at once" in run.err, run.err
    assert len(run.trials) == 2 and all(tr["fault"] is None for tr in run.trials), run.trials


@pytest.mark.parametrize("default_mb", ["10240", "0"])
def test_an_agent_that_fills_the_disk_gets_a_fault_and_no_second_attempt(
    hostile: HostileRig, small_runs: Path, default_mb: str
):
    # the task names no storage_mb: the run's default (10 GiB, or none) holds it, more than the disk has
    run = hostile(FILL, "--arms", "both", "--concurrency", "1", "--default-storage-mb", default_mb, codes=(3,))
    assert len(run.trials) == 2  # both arms ran: the run went on past the first fill
    for trial in run.trials:
        fault = trial["fault"]
        assert fault["code"] == "protocol" and "filled the disk" in fault["message"], trial
        whose = "within its storage cap of 10240 MiB" if default_mb != "0" else "no storage cap"
        assert whose in fault["message"], fault
        assert trial["execution"] == "errored" and trial["attempts"] == 1, trial
    events = run.events()
    ended = [e for e in events if e["event"] == "trial.ended"]
    assert sorted(e["trial_id"] for e in ended) == sorted(t["trial_id"] for t in run.trials)
    exited = [e for e in events if e["event"] == "agent.exited"]
    assert all(e["execution"] == "errored" and "disk filled" in e["reason"] for e in exited), exited
    _no_work_left(run.run_dir)
    # resuming gives neither trial another attempt
    again = hostile.run(
        "--arms",
        "both",
        "--concurrency",
        "1",
        "--default-storage-mb",
        default_mb,
        "--resume",
        run.doc["run_id"],
        codes=(0, 3),
    )
    assert [t["attempts"] for t in again.trials] == [1, 1], again.trials
    assert sum(e["event"] == "trial.started" for e in again.events()) == 2


def test_a_fill_past_the_tasks_own_cap_ends_the_turn_and_the_run_goes_on(hostile: HostileRig, small_runs: Path):
    # 16 MiB files (the cap is also the largest file) until the disk is full; the watch may see the
    # growth first (the turn then ends at the cap and is verified) or not (the disk fills): either
    # way the turn ends errored, the run goes on and nothing of the attempt stays behind
    fill = "for i in $(seq 20); do head -c 16M /dev/zero > /app/f$i; done\n"
    run = hostile(fill, "--arms", "both", "--concurrency", "1", codes=(0, 1, 3), task_toml=CAPPED_TOML.format(mb=16))
    assert len(run.trials) == 2
    for trial in run.trials:
        assert trial["execution"] == "errored" and trial["attempts"] == 1, trial
        if trial["fault"] is not None:  # the disk filled before the watch looked
            fault = trial["fault"]
            # the turn filled the disk; or the watch ended it just short of full and memeval's own copy
            # of what it left (for the diff and the kept world) filled it, or the verifier's few writes did
            # (the fault then names the cap the agent's turn had passed: the next test makes it certain)
            assert fault["code"] == "protocol", fault
            why = ("storage limit of 16 MiB", "what the agent left filled the runs folder's disk")
            assert any(w in fault["message"] for w in why), fault
        else:
            assert (trial["verified"], trial["reward"]) == (True, 1), trial
    _no_work_left(run.run_dir)


def test_a_disk_the_verifier_fills_after_a_turn_past_its_cap_is_laid_to_the_agents_turn(
    hostile: HostileRig, tmp_path: Path
):
    """CI once saw the watch end a 16 MiB-capped turn short of a full disk, then the verifier's few writes
    fill it: the fault said the world "stayed within its storage cap of 16 MiB" while it held ~150 MiB.
    Here, every time: a 116 MiB disk (memeval asks for the cap and 64 MiB more), a 48 MiB cap, a turn that
    leaves 72 MiB (past the cap only once both files are written, as the watch's last look sees; free space
    stays above the low-water mark) and a test.sh that fills the ~44 MiB left (less than the cap, so the
    verifier's own growth is not what passed it)."""
    leave = "head -c 48M /dev/zero > /app/f1\nhead -c 24M /dev/zero > /app/f2\n"  # no file over the cap
    test_sh = "for i in $(seq 8); do head -c 16M /dev/zero > /app/v$i; done\necho 1 > /logs/verifier/reward.txt\n"
    with runs_on_tmpfs(tmp_path, "size=116m") as runs:
        run = hostile(
            leave,
            "--arms",
            "both",
            "--concurrency",
            "1",
            "--retain",
            "never",
            codes=(3,),
            test_sh=test_sh,
            task_toml=CAPPED_TOML.format(mb=48),
        )
        assert len(run.trials) == 2
        for trial in run.trials:
            fault = trial["fault"]
            assert (fault["code"], fault["phase"]) == ("protocol", "verify"), trial
            message = fault["message"]
            assert "the verifier filled the disk" in message and "reward is not read" in message, fault
            assert "the agent's turn had left its world past its cap (storage limit of 48 MiB" in message, fault
            assert "stayed within" not in message, fault
            assert trial["execution"] == "errored" and trial["attempts"] == 1, trial
        _no_work_left(runs / run.run_dir.name)


def test_a_program_the_agent_left_that_fills_the_disk_under_the_verifier_is_a_fault_not_a_stop(
    hostile: HostileRig, small_runs: Path
):
    # the agent's turn writes little; the program it leaves, which test.sh runs, fills the disk
    leave = "printf 'head -c 300M /dev/zero > /app/vfill\\n' > /app/prog.sh\n"
    test_sh = "bash /app/prog.sh\necho 1 > /logs/verifier/reward.txt\n"
    run = hostile(leave, "--arms", "both", "--concurrency", "1", codes=(3,), test_sh=test_sh)
    assert len(run.trials) == 2
    for trial in run.trials:
        fault = trial["fault"]
        assert (fault["code"], fault["phase"]) == ("protocol", "verify"), trial
        assert "the verifier filled the disk" in fault["message"] and "reward is not read" in fault["message"], fault
        assert trial["execution"] == "completed" and trial["attempts"] == 1, trial
    _no_work_left(run.run_dir)
