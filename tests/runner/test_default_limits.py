"""The run's default storage and memory limits for tasks whose task.toml names none.

`memeval ab --default-storage-mb/--default-memory-mb`, through real bubblewrap sandboxes: the
default holds a hostile agent that writes or allocates past it, 0 leaves today's behaviour, a task's
own values win, the run card records what was used, and bad values are usage errors.
"""

from __future__ import annotations

import inspect
import shutil
from pathlib import Path

import pytest
from runner_helpers import make_task

from memeval.cli.ab import ab
from memeval.eventlog import RunCard, RunLog, RunPlanned
from memeval.runner import card_differences, planned_default_limits
from memeval.sandbox import DefaultLimits, limits_mechanism
from memeval.sandbox._limits import DEFAULT_MEMORY_MB, DEFAULT_STORAGE_MB
from memeval.sandbox._world import task_limits
from memeval.tasks import load_task_set

FIXTURES = Path(__file__).parent.parent / "fixtures"

# 8 files of 4 MiB each (32 MiB), none near the 1 GiB a file may hold when a task names no storage_mb
DISK_FILLER = "for i in 1 2 3 4 5 6 7 8; do head -c 4194304 /dev/zero > /app/fill-$i.bin; done\n"
MEMORY_HOG = """python3 - <<'PY'
blocks = []
for i in range(8):
    blocks.append(bytearray(32 << 20))  # 256 MiB in all, touched
PY
"""
NO_LIMITS = "[verifier]\ntimeout_sec = 30.0\n[agent]\ntimeout_sec = 20.0\n"


def _run(run_ab, tasks: Path, agent: str, *extra: str) -> dict:
    code, doc, err = run_ab(str(tasks), "--agent", "command", "--agent-cmd", agent, "--network", "none", *extra)
    assert code == 0, err
    assert len(doc["trials"]) == 2  # both arms
    return doc


def _task(tmp_path: Path, attack: str, toml: str = NO_LIMITS) -> Path:
    tasks = tmp_path / "tasks"
    make_task(tasks, "t", files={"attack.sh": attack}, task_toml=toml, test_sh="echo 0 > /logs/verifier/reward.txt\n")
    return tasks


def test_default_storage_holds_a_task_that_names_none(tmp_path: Path, run_ab):
    doc = _run(run_ab, _task(tmp_path, DISK_FILLER), "bash /app/attack.sh", "--default-storage-mb", "10")
    for t in doc["trials"]:
        assert t["fault"] is None and t["assessment"] == "scored", t
        assert t["execution"] == "errored", t
        reason = t["execution_reason"] or ""
        assert "storage limit of 10 MiB (memeval ab --default-storage-mb; the task names no storage_mb)" in reason, t
    assert doc["run_card"]["default_limits"]["storage_mb"] == "10"


def test_no_default_storage_leaves_a_task_that_names_none_unbounded_in_total(tmp_path: Path, run_ab):
    doc = _run(
        run_ab,
        _task(tmp_path, DISK_FILLER),
        "bash /app/attack.sh",
        "--default-storage-mb",
        "0",
        "--default-memory-mb",
        "0",
    )
    for t in doc["trials"]:
        assert t["fault"] is None and t["execution"] == "completed", t
    assert "default_limits" not in doc["run_card"] or doc["run_card"]["default_limits"] is None


def test_a_tasks_own_storage_mb_wins_over_the_default(tmp_path: Path, run_ab):
    toml = NO_LIMITS + "[environment]\nstorage_mb = 100\n"
    doc = _run(run_ab, _task(tmp_path, DISK_FILLER, toml), "bash /app/attack.sh", "--default-storage-mb", "10")
    for t in doc["trials"]:
        assert t["fault"] is None and t["execution"] == "completed", t


@pytest.mark.skipif(
    limits_mechanism() == "rlimits",
    reason="limits fall back to rlimits here: the memory default is held only by a cgroup (never as RLIMIT_DATA)",
)
def test_default_memory_kills_a_hog_under_cgroups(tmp_path: Path, run_ab):
    doc = _run(run_ab, _task(tmp_path, MEMORY_HOG), "bash /app/attack.sh", "--default-memory-mb", "64")
    for t in doc["trials"]:
        assert t["fault"] is None and t["assessment"] == "scored", t
        assert t["execution"] == "errored" and "memory limit of 64 MiB" in (t["execution_reason"] or ""), t
    assert doc["run_card"]["default_limits"]["memory_mb"] == "64"


def test_memory_default_is_not_applied_under_rlimits_and_the_card_says_so(tmp_path: Path, monkeypatch):
    tasks = _task(tmp_path, "true\n")
    task = load_task_set(tasks).tasks[0]
    defaults = DefaultLimits(storage_mb=10, memory_mb=64)
    monkeypatch.setenv("MEMEVAL_SANDBOX_LIMITS", "rlimits")
    limits = task_limits(task, defaults)
    assert limits.memory_bytes is None
    assert limits.disk_bytes == 10 << 20 and limits.file_bytes == 1 << 30
    assert defaults.card("rlimits") == {"storage_mb": "10", "memory_mb": "64 (not applied: limits held by rlimits)"}
    assert defaults.card("cgroup2") == {"storage_mb": "10", "memory_mb": "64"}
    assert DefaultLimits(0, 0).card("cgroup1") is None
    assert DefaultLimits(0, 64).card("cgroup1") == {"storage_mb": "none", "memory_mb": "64"}


@pytest.mark.parametrize(
    ("flag", "value"),
    [
        ("--default-storage-mb", "-1"),
        ("--default-storage-mb", "ten"),
        ("--default-memory-mb", "1.5"),
        ("--default-memory-mb", ""),
    ],
)
def test_bad_default_values_are_usage_errors(tmp_path: Path, run_ab, flag: str, value: str):
    code, _, err = run_ab(str(_task(tmp_path, "true\n")), "--agent", "nop", flag, value)
    assert code == 2, err
    lines = [line for line in err.splitlines() if line.strip()]
    assert len(lines) == 1 and flag in lines[0] and repr(value) in lines[0], err
    assert not (tmp_path / "runs").exists() or not any((tmp_path / "runs").iterdir())


def test_older_run_cards_load_and_resume_with_no_default(tmp_path: Path):
    for name in ("oracle-mini", "sample-t01"):
        run = tmp_path / name
        shutil.copytree(FIXTURES / "runlog_v1" / name, run)
        planned = RunLog(run).read().events[0]
        assert isinstance(planned, RunPlanned)
        assert planned.run_card.default_limits is None
        assert "default_limits" not in planned.run_card.as_logged()
        assert planned_default_limits(run) == DefaultLimits(storage_mb=0, memory_mb=0)
    card = RunCard.model_validate({**planned.run_card.as_logged(), "default_limits": {"storage_mb": "10"}})
    assert card.default_limits == {"storage_mb": "10"}
    # compare (and resume) name the change between a run without defaults and one with them
    assert card_differences(planned.run_card, planned.run_card) == []
    assert [d.split(":")[0] for d in card_differences(planned.run_card, card)] == ["default_limits"]


def test_resume_keeps_the_runs_defaults_and_refuses_others(tmp_path: Path, run_ab):
    tasks = _task(tmp_path, "true\n")
    doc = _run(run_ab, tasks, "bash /app/attack.sh", "--default-storage-mb", "10", "--default-memory-mb", "0")
    run_dir = tmp_path / "runs" / doc["run_id"]
    assert planned_default_limits(run_dir) == DefaultLimits(storage_mb=10, memory_mb=0)
    base = (str(tasks), "--agent", "command", "--agent-cmd", "bash /app/attack.sh", "--network", "none")
    code, _, err = run_ab(*base, "--resume", doc["run_id"])
    assert code == 0, err
    code, _, err = run_ab(*base, "--resume", doc["run_id"], "--default-storage-mb", "20")
    assert code == 2 and "default_limits" in err, err


def test_the_cli_defaults_are_the_library_defaults():
    """The CLI spells its defaults as literals (it imports no sandbox code to start): they must agree."""
    params = inspect.signature(ab).parameters
    assert params["default_storage_mb"].default == str(DEFAULT_STORAGE_MB) == "10240"
    assert params["default_memory_mb"].default == str(DEFAULT_MEMORY_MB) == "2048"
    assert DefaultLimits() == DefaultLimits(storage_mb=DEFAULT_STORAGE_MB, memory_mb=DEFAULT_MEMORY_MB)
