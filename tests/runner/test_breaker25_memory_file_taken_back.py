"""The pack arm's memory file is memeval's input to the agent: the held-back tests never see it.

memeval writes the slice into the agent's working folder (`MEMORY.md`, or after the task's own `AGENTS.md`...)
and left it there for the verifier, in the pack arm only. So a test that lists the working folder (or wants a clean
`git status`), or compares the task's own `AGENTS.md` with what it shipped, failed in the pack arm alone: an agent
that solved every task in both arms read as memory making it worse. Found by breaker25. The file is now taken back
before the verifier runs (removed, or the task's own bytes written back); a file the agent changed is its own and
stays. Each run here is a real `memeval ab` (bubblewrap), both arms, the pack one of one lesson.
"""

from __future__ import annotations

from pathlib import Path

from runner_helpers import RunAb, make_task, one_item_pack, trials_by_id

LISTS_APP = """\
cd /app
listing=$(ls -A | sort | tr '\\n' ' ')
if [ "$listing" = ".keep answer.txt " ] && grep -qx 42 answer.txt; then echo 1; else echo 0; fi \\
  > /logs/verifier/reward.txt
"""
"""Passes when the agent answered and the working folder holds nothing else (a task's "create no other file")."""

NOTE = "Project rule: answers go in answer.txt, one line.\n"
KEEPS_NOTE = """\
cd /app
if cmp -s AGENTS.md /tests/AGENTS.orig && grep -qx 42 answer.txt; then echo 1; else echo 0; fi \\
  > /logs/verifier/reward.txt
"""
"""Passes when the task's own AGENTS.md is as it shipped it."""

AGENT_SH = """\
cd /app
echo 42 > answer.txt
if grep -q append "$MEMEVAL_INSTRUCTION_FILE" && grep -qx 'Project rule.*' AGENTS.md; then
  echo 'agent note' >> AGENTS.md
fi
"""
"""An agent that solves every task; asked to, it adds a note to the task's AGENTS.md (its memory file too)."""


def _agent(tmp_path: Path, memory_file: str) -> Path:
    folder = tmp_path / "agent"
    folder.mkdir()
    (folder / "run.sh").write_text(AGENT_SH)
    toml = f'name = "solver"\nversion = "1"\ncommand = ["bash", "/opt/agent/run.sh"]\nmemory_file = "{memory_file}"\n'
    (folder / "agent.toml").write_text(toml)
    return folder / "agent.toml"


def test_the_tests_see_the_same_world_in_both_arms(tmp_path: Path, run_ab: RunAb) -> None:
    tasks = tmp_path / "tasks"
    make_task(tasks, "lists", test_sh=LISTS_APP)
    for name, instruction in (("keeps", "Do the task.\n"), ("edits", "Do the task and append a note.\n")):
        t = make_task(tasks, name, test_sh=KEEPS_NOTE, files={"AGENTS.md": NOTE}, instruction=instruction)
        (t / "tests" / "AGENTS.orig").write_text(NOTE)
    pack = one_item_pack(tmp_path / "pack.json")
    agent = _agent(tmp_path, "AGENTS.md")
    code, doc, err = run_ab(str(tasks), "--agent", str(agent), "--pack", str(pack), "--network", "none")
    assert code in (0, 1), err
    trials = trials_by_id(doc)
    for arm in ("baseline", "pack"):
        # before: the pack arm failed both (its AGENTS.md still held the slice when the tests read it)
        assert trials[f"keeps:{arm}:1"]["verified"] is True, trials[f"keeps:{arm}:1"]
        # the agent changed the file: it is its own, left as it made it (and so fails this check in both arms)
        assert trials[f"edits:{arm}:1"]["verified"] is False, trials[f"edits:{arm}:1"]
        assert trials[f"edits:{arm}:1"]["fault"] is None
    # the folder listing: with AGENTS.md as the memory file this task has none, so the listing is checked with
    # MEMORY.md below; here the slice went into a new /app/AGENTS.md and must be gone too
    assert trials["lists:baseline:1"]["verified"] is True
    assert trials["lists:pack:1"]["verified"] is True, trials["lists:pack:1"]


def test_a_new_memory_file_is_gone_before_the_tests(tmp_path: Path, run_ab: RunAb) -> None:
    tasks = tmp_path / "tasks"
    make_task(tasks, "lists", test_sh=LISTS_APP)
    pack = one_item_pack(tmp_path / "pack.json")
    agent = _agent(tmp_path, "MEMORY.md")
    code, doc, err = run_ab(str(tasks), "--agent", str(agent), "--pack", str(pack), "--network", "none")
    assert code in (0, 1), err
    trials = trials_by_id(doc)
    assert trials["lists:baseline:1"]["verified"] is True
    assert trials["lists:pack:1"]["verified"] is True, trials["lists:pack:1"]  # before: MEMORY.md listed, 0
