"""The pack arm's memory file keeps the file of that name the task already has; a name taken otherwise is a fault.

A repository's own `AGENTS.md` or `CLAUDE.md` is common, and presets write the slice to exactly those names. The
pack arm's memory was written over the task's file: its agent lost the project's instructions that the cold arm
kept, so the run compared "memory against the project's file", not "memory against nothing". A folder of that name
ended the whole `memeval ab` in an `IsADirectoryError` traceback (exit 1, no table). Now the task's text comes
first and the slice after it; a folder (or a link out of the world) is a `boot` fault of the pack arm's trial.
"""

from __future__ import annotations

from pathlib import Path

from runner_helpers import make_task, one_item_pack, run_ab, trials_by_id  # noqa: F401  (run_ab is a fixture)

PROJECT_NOTE = "Project rule: answers go in answer.txt, one line.\n"

KEEPS_NOTE = """\
grep -qx 'Project rule: answers go in answer.txt, one line.' /app/MEMORY.md && echo 1 > /logs/verifier/reward.txt \
  || echo 0 > /logs/verifier/reward.txt
"""
"""Passes while the task's own MEMORY.md line is still in the file when the verifier runs."""

SHOW = "cat MEMORY.md"


def test_the_task_file_of_the_memory_name_is_kept_before_the_slice(tmp_path: Path, run_ab) -> None:  # noqa: F811
    make_task(tmp_path / "tasks", "noted", test_sh=KEEPS_NOTE, files={"MEMORY.md": PROJECT_NOTE})
    pack = one_item_pack(tmp_path / "pack.json")
    code, doc, err = run_ab(
        str(tmp_path / "tasks"), "--pack", str(pack), "--network", "none", "--agent", "command", "--agent-cmd", SHOW
    )
    assert code == 0, err
    by_mode = {t["mode"]: t for t in trials_by_id(doc).values()}
    assert (by_mode["baseline"]["reward"], by_mode["pack"]["reward"]) == (1, 1), doc["trials"]
    stdout = sorted((tmp_path / "runs").glob("*/artifacts/**/*"))
    seen = [p.read_bytes() for p in stdout if p.is_file() and b"# Team memory" in p.read_bytes()]
    assert seen, "the pack arm's agent printed no memory file"
    assert seen[0].startswith(PROJECT_NOTE.encode() + b"\n# Team memory\n"), seen[0][:300]
    assert b"(pk_0001): Read the task twice." in seen[0]


def test_a_folder_of_the_memory_name_faults_the_pack_trial_not_the_run(tmp_path: Path, run_ab) -> None:  # noqa: F811
    t = make_task(tmp_path / "tasks", "taken", files={"MEMORY.md/inside.txt": "x\n"})
    assert (t / "environment" / "app" / "MEMORY.md").is_dir()
    pack = one_item_pack(tmp_path / "pack.json")
    code, doc, err = run_ab(
        str(tmp_path / "tasks"), "--pack", str(pack), "--network", "none", "--agent", "command", "--agent-cmd", "true"
    )
    assert "Traceback" not in err and "IsADirectoryError" not in err, err[-3000:]
    assert code == 3, (code, err[-2000:])
    by_mode = {t["mode"]: t for t in trials_by_id(doc).values()}
    assert by_mode["baseline"]["reward"] == 1, by_mode["baseline"]
    fault = by_mode["pack"]["fault"]
    assert fault["code"] == "boot", fault
    assert "already has /app/MEMORY.md, a folder" in fault["message"], fault
