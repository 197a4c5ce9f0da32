"""A preset whose tool no trial can find is refused before the run; one a task's world may hold still runs.

`memeval ab TASKS --agent claude-code` on a machine without `claude` ran every trial, each ending as a `boot`
fault ("agent command not found: claude"), exit 3, a run folder measuring nothing (newuser32). The plan now
refuses it (`memeval.runner._agentcheck.check_agent_program`) unless a task's world may put the program on the
agent's PATH (`ENV PATH=...`, a `RUN`), or holds the path named (`COPY`), or `--env PATH=...` replaces the PATH.
These tests read real task folders and the real presets; the end-to-end refusal is in
`tests/agents/test_presets.py`.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from runner_helpers import make_task

from memeval.agents import INSTALL, PRESETS, TESTED, preset, resolve_agent
from memeval.errors import UsageError
from memeval.runner._agentcheck import check_agent_program, world_may_hold
from memeval.tasks import load_task_set

REPO = Path(__file__).resolve().parents[2]
MISSING = "memeval-no-such-tool-32"
"""A program no machine has: the presets are pointed at it with their `executable` argument."""


def _task(tmp_path: Path, dockerfile: str | None, files: dict[str, str] | None = None) -> Path:
    return make_task(tmp_path / "tasks", "t", dockerfile=dockerfile, files=files)


@pytest.mark.parametrize(
    ("dockerfile", "program", "held"),
    [
        (None, MISSING, False),  # no Dockerfile: /app only, PATH the system's
        ("WORKDIR /app\nCOPY app/ /app/\n", MISSING, False),  # COPY adds no folder to PATH
        ("WORKDIR /app\nCOPY app/ /app/\nENV PATH=/app/bin:$PATH\n", MISSING, True),
        ("WORKDIR /app\nRUN pip install some-tool\n", MISSING, True),  # a RUN may make a venv on PATH
        ("WORKDIR /app\nCOPY app/ /app/\n", "/usr/bin/" + MISSING, False),  # the host's folder, never the world's
        ("WORKDIR /app\nCOPY app/ /app/\n", "/opt/tools/" + MISSING, False),  # no step writes /opt
        ("WORKDIR /app\nCOPY app/ /app/\n", "/app/bin/" + MISSING, True),
        ("WORKDIR /opt\nCOPY app/ tools/\n", "/opt/tools/" + MISSING, True),  # relative to WORKDIR
        ("WORKDIR /app\nCOPY app/ $DEST/\n", "/opt/tools/" + MISSING, True),  # expanded only at build
        ('WORKDIR /app\nCOPY ["app/", "/opt/tools/"]\n', "/opt/tools/" + MISSING, True),  # the JSON form
        ('WORKDIR /app\nCOPY ["app/", "/srv/"]\n', "/opt/tools/" + MISSING, False),
        (None, "/app/bin/" + MISSING, False),  # environment/app holds no such file
        # a relative path is read from the folder the agent starts in (newuser34: on main any relative path was
        # left to the trial, which ran every one as a boot fault)
        (None, "./" + MISSING, False),  # /app, from environment/app/, holds no such file
        ("WORKDIR /app\n", "bin/" + MISSING, False),  # a WORKDIR makes the folder, no file in it
        ("WORKDIR /app\nCOPY app/ /app/\n", "bin/" + MISSING, True),
        ("WORKDIR /app\nCOPY app/ /app/\n", "../opt/" + MISSING, False),  # /opt: no step writes it
        ("WORKDIR /srv\nCOPY app/ /app/\nWORKDIR ../app\n", "bin/" + MISSING, True),  # each WORKDIR from the last
        ("WORKDIR $HOME\nCOPY app/ /app/\n", "bin/" + MISSING, True),  # expanded only at build
    ],
)
def test_what_a_world_may_hold(tmp_path: Path, dockerfile: str | None, program: str, held: bool) -> None:
    task = load_task_set(_task(tmp_path, dockerfile)).tasks[0]
    assert world_may_hold(task, program) is held


def test_a_file_in_environment_app_is_held_without_a_dockerfile(tmp_path: Path) -> None:
    task = load_task_set(_task(tmp_path, None, {f"bin/{MISSING}": "#!/bin/sh\n"})).tasks[0]
    assert world_may_hold(task, f"/app/bin/{MISSING}") is True
    assert world_may_hold(task, f"./bin/{MISSING}") is True  # the agent starts in /app


@pytest.mark.parametrize("name", PRESETS)
def test_every_preset_missing_everywhere_is_refused_naming_the_install(tmp_path: Path, name: str) -> None:
    spec = preset(name, "m-1" if name == "opencode" else None, MISSING)
    tasks = load_task_set(_task(tmp_path, "WORKDIR /app\nCOPY app/ /app/\n"))
    with pytest.raises(UsageError) as exc:
        check_agent_program(spec, tasks, {})
    text = str(exc.value)
    assert f"agent {name}: program '{MISSING}' is not installed" in text
    assert INSTALL[name] in text and TESTED[name] in text and f"docs/agents/{name}.md" in text
    assert "check the program --agent-cmd names" in text  # the user named the program: say so


def test_every_install_hint_names_the_tested_version_and_an_existing_page() -> None:
    assert set(INSTALL) == set(PRESETS)
    for name in PRESETS:
        assert TESTED[name] in INSTALL[name], name
        assert (REPO / "docs" / "agents" / f"{name}.md").is_file(), name


def test_a_world_that_may_hold_it_or_a_path_given_by_env_is_not_refused(tmp_path: Path) -> None:
    spec = preset("codex", None, MISSING)
    held = load_task_set(_task(tmp_path, "WORKDIR /app\nCOPY app/ /app/\nENV PATH=/app/bin:$PATH\n"))
    check_agent_program(spec, held, {})  # the trial decides
    plain = load_task_set(_task(tmp_path / "plain", None))
    check_agent_program(spec, plain, {"PATH": "/srv/tools/bin:/usr/bin:/bin"})  # --env PATH=... replaces it


def test_a_found_program_and_other_agents_are_never_checked(tmp_path: Path) -> None:
    plain = load_task_set(_task(tmp_path, None))
    found = preset("claude-code", None, "/bin/sh")  # on the host
    assert found.missing_fix is None
    check_agent_program(found, plain, {})


@pytest.mark.parametrize("cmd", [f"~/bin/{MISSING} --go", f"$HOME/bin/{MISSING}"])
def test_a_tilde_or_variable_no_shell_expands_is_refused_even_where_a_run_step_may_make_files(
    tmp_path: Path, cmd: str
) -> None:
    """The command's words are run as written (newuser34): `~/bin/x` is a folder named `~` under the working
    folder, which no Dockerfile step makes on purpose; on main a world with a `RUN` let every trial boot-fault."""
    spec = resolve_agent("command", cmd)
    tasks = load_task_set(_task(tmp_path, "WORKDIR /app\nRUN pip install some-tool\n"))
    with pytest.raises(UsageError) as exc:
        check_agent_program(spec, tasks, {})
    assert "memeval expands no ~ or $VARIABLE in an agent's command: write the full path" in str(exc.value)
