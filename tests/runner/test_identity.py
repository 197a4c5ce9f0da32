"""Identity pinned: the run card pins the agent's files and binary by content, versions are read
reliably, and `--resume` and `compare` refuse a changed agent, naming what changed."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from runner_helpers import make_task
from wire_rig import make_agent

from memeval.agents import SYSTEM_PATH, AgentSpec, installed_version, preset
from memeval.errors import RunCardMismatch
from memeval.results import load_run
from memeval.runner._card import agent_identity
from memeval.runreport import compare_runs


def _tool(folder: Path, name: str, body: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    p = folder / name
    p.write_text("#!/bin/sh\n" + body)
    p.chmod(0o755)
    return p


def test_a_slow_version_is_asked_again_with_a_longer_limit(tmp_path: Path) -> None:
    slow = _tool(tmp_path, "slowtool", "sleep 0.6; echo 'slowtool 2.1.0'\n")
    assert installed_version(str(slow), (0.2, 10.0)) == "slowtool 2.1.0"
    assert installed_version(str(slow), (0.1, 0.2)) == "unknown (--version gave no answer within 0.2 s)"
    broken = _tool(tmp_path, "broken", "exit 4\n")
    assert installed_version(str(broken)) == "unknown (--version exited 4)"
    assert installed_version(str(tmp_path / "absent")) == "not installed"


def test_a_preset_run_through_another_executable_reads_that_executable_s_version(tmp_path: Path) -> None:
    tool = _tool(tmp_path, "my-claude", "echo 'my-claude 0.9.1 (wrapper)'\n")
    spec = preset("claude-code", None, f"{tool} --some-flag last-word")
    assert spec.version == "my-claude 0.9.1 (wrapper)"
    assert "last-word" not in spec.version
    spec = preset("claude-code", None, f"{tmp_path / 'missing'} x")
    assert spec.version == "not installed"


def test_resume_and_compare_refuse_an_agent_whose_files_changed(tmp_path: Path, run_ab) -> None:
    make_task(tmp_path / "tasks", "t", test_sh="echo 1 > /logs/verifier/reward.txt\n")
    agent = make_agent(tmp_path / "agent", apis="[]")
    args = (str(tmp_path / "tasks"), "--agent", str(agent), "--network", "none", "--env", "CALLS=0")
    code, first, err = run_ab(*args)
    assert first, err
    card = first["run_card"]["agent"]
    assert card["files_hash"].startswith("sha256:") and card["binary_hash"].startswith("sha256:")
    assert Path(card["binary"]).name.startswith("python3")
    # the same agent again: same card (a second run to compare with later)
    code, same, err = run_ab(*args)
    assert same["run_card"]["agent"] == card
    # a file beside agent.toml changes: the card changes, the resume is refused and names it
    (agent.parent / "helper.txt").write_text("a new file beside the agent\n")
    code, _, err = run_ab(*args, "--resume", first["run_id"])
    assert code == 2 and "agent.files_hash" in err and "cannot resume" in err
    code, changed, err = run_ab(*args)
    assert changed["run_card"]["agent"]["files_hash"] != card["files_hash"]
    runs = tmp_path / "runs"
    a, b, c = (load_run(runs / d["run_id"]) for d in (first, same, changed))
    assert compare_runs(a, b).card_differences == ()
    with pytest.raises(RunCardMismatch, match=r"differs in agent\.files_hash"):
        compare_runs(a, c)
    os.remove(agent.parent / "helper.txt")


def test_resume_refuses_a_changed_script_the_agent_command_names_as_an_argument(tmp_path: Path, run_ab) -> None:
    """An interpreter installed under a prefix of its own runs a script from that prefix: the
    script is shown in the sandbox as it is on the host, so its content pins the agent too."""
    make_task(tmp_path / "tasks", "t", test_sh="echo 1 > /logs/verifier/reward.txt\n")
    prefix = tmp_path / "tool"
    (prefix / "bin").mkdir(parents=True)
    (prefix / "bin" / "agent-python").symlink_to("/usr/bin/python3")
    script = prefix / "agent.py"
    script.write_text("open('done.txt', 'w').write('first')\n")
    cmd = f"{prefix / 'bin' / 'agent-python'} {script}"
    args = (str(tmp_path / "tasks"), "--agent", "command", "--agent-cmd", cmd, "--network", "none")
    code, first, err = run_ab(*args)
    assert code == 0 and first, err
    assert first["run_card"]["agent"][f"file:{script}"].startswith("sha256:")
    assert all(t["execution"] == "completed" for t in first["trials"]), first["trials"]
    script.write_text("open('done.txt', 'w').write('second')\n")
    code, _, err = run_ab(*args, "--resume", first["run_id"])
    assert code == 2 and "cannot resume" in err and str(script) in err, err
    code, changed, err = run_ab(*args)
    assert changed["run_card"]["agent"][f"file:{script}"] != first["run_card"]["agent"][f"file:{script}"]


def test_host_files_named_are_the_arguments_the_sandbox_shows_from_the_host(tmp_path: Path) -> None:
    from memeval.agents import host_files_named

    system_file = os.path.realpath("/bin/sh")  # a system file, e.g. /usr/bin/dash
    assert system_file.startswith("/usr/")
    tool = tmp_path / "tool"
    tool.mkdir()
    (tool / "agent.py").write_text("pass\n")
    (tmp_path / "elsewhere.py").write_text("pass\n")
    command = (
        "/usr/bin/python3",  # the program itself: pinned as the binary
        system_file,  # a system folder: shown as it is on the host
        f"--script={tool / 'agent.py'}",  # inside the tool's own install
        str(tmp_path / "elsewhere.py"),  # not shown in the sandbox: not pinned as a host file
        "/opt/agent/run.py",  # the agent's folder: pinned as a whole
        "relative/in/the/world.py",  # the task's world: pinned by the task set's hash
        "/usr/lib/no-such-file.py",
    )
    assert host_files_named(command, (str(tool),)) == tuple(sorted((system_file, str(tool / "agent.py"))))


def test_the_card_pins_the_binary_the_sandbox_runs_not_a_shim_on_the_user_s_path(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A version manager's shim first on the user's PATH (pyenv, asdf) is not what the sandbox
    runs: its PATH is the agent's own folders, then the system's. The card pins that one."""
    shims = tmp_path / "shims"
    _tool(shims, "python3", 'exec python3 "$@"\n')
    monkeypatch.setenv("PATH", f"{shims}:{os.environ['PATH']}")
    spec = AgentSpec("a", "1", ("python3", "/opt/agent/agent.py"))
    card = agent_identity(spec)
    system = shutil.which("python3", path=SYSTEM_PATH)
    assert system is not None
    assert card["binary"] == str(Path(system).resolve()) != str(shims / "python3")
    tool = _tool(tmp_path / "tool" / "bin", "mytool", "echo hi\n")
    spec = AgentSpec("b", "1", ("mytool",), path_dirs=(str(tool.parent),))
    assert agent_identity(spec)["binary"] == str(tool)
