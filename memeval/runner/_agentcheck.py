"""Refuse a run whose agent's program (a preset's, or `--agent command`'s) no trial can find, before anything is made.

A preset runs a tool memeval does not ship (`memeval.agents._presets`); `--agent command` runs
the program its `--agent-cmd` names. Its program is looked up
inside each trial's sandbox on the agent's PATH: the tool's own folders when found on the host
(`AgentSpec.path_dirs`), then the world's (`memeval.sandbox._world.World.path_var`). When the
host has no such program (`AgentSpec.missing_fix` is set), a trial can still find it only where
its world adds a folder of its own to PATH (an `ENV PATH=...` line, or a `RUN pip install` into the
world's virtual environment) or holds the file itself (a path into the world). A task with no
Dockerfile adds none: its world is `/app`, from `environment/app/`. When no task may hold the
program, every trial would end as a `boot` fault having measured nothing, so the run is refused
with the fix instead. `--env PATH=...` replaces the agent's PATH: nothing is refused then.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path, PurePosixPath

from memeval.agents import SYSTEM_PATH, AgentSpec
from memeval.errors import UsageError
from memeval.sandbox import RESERVED
from memeval.tasks import DockerStep, ExpansionError, Task, TaskSet, expand, expand_words, parse_dockerfile


def world_may_hold(task: Task, program: str) -> bool:
    """Whether `task`'s world may put `program` where the agent's sandbox looks for it.

    Args:
        task: the task whose `environment/` is read (the Dockerfile's steps, not a build).
        program: the command's first word: a name looked up on PATH, or a path (a relative one from the folder
            the agent starts in: the Dockerfile's last `WORKDIR`, else `/app`).

    Returns:
        False only when the world certainly cannot hold it: a name, and a world that adds no folder
        to PATH (no Dockerfile, or one with no `ENV` naming PATH and no `RUN`); an absolute path
        inside the folders a world never holds (`memeval.sandbox.RESERVED`: the host's or the
        sandbox's own), or one a world with no Dockerfile lacks (its `/app` is `environment/app/`;
        with one, only a `RUN`, or a `COPY` into the path's folder or above, makes files). True in
        every other case: the trial decides.

    Raises:
        OSError: the task's Dockerfile exists but cannot be read.
    """
    dockerfile = task.environment_dir / "Dockerfile"
    if "/" in program and not program.startswith("/"):  # relative to the folder the agent starts in
        workdir = _agent_workdir(parse_dockerfile(dockerfile)) if dockerfile.is_file() else PurePosixPath("/app")
        if workdir is None:
            return True
        program = os.path.normpath(workdir / program)
    if program.startswith("/"):
        if any(program == r or program.startswith(r + "/") for r in RESERVED):
            return False
        if not dockerfile.is_file():
            return program.startswith("/app/") and (task.environment_dir / program.lstrip("/")).exists()
        return _copied_or_run(parse_dockerfile(dockerfile), program)
    if not dockerfile.is_file():
        return False
    steps = parse_dockerfile(dockerfile)
    return any(step.kind == "run" or (step.kind == "env" and "PATH" in step.text) for step in steps)


def _agent_workdir(steps: list[DockerStep]) -> PurePosixPath | None:
    """The folder the agent starts in (`memeval.sandbox._world`), or None when only the build can tell.

    The last `WORKDIR`, each read from the one before (Docker's first is `/`), or `/app` when none is set; None when
    a `WORKDIR` names a variable or is in a form only the build reads.
    """
    workdir: PurePosixPath | None = None
    for step in steps:
        if step.kind != "workdir" or not step.args:
            continue
        if "$" in step.args[0]:
            return None
        try:
            target = expand(step.args[0], {})
        except ExpansionError:
            return None
        workdir = PurePosixPath(os.path.normpath((workdir or PurePosixPath("/")) / target))
    return workdir or PurePosixPath("/app")


def _copied_or_run(steps: list[DockerStep], program: str) -> bool:
    """Whether a `RUN`, or a `COPY` whose destination holds `program` (an absolute path), may make it.

    A destination or `WORKDIR` naming a variable, or written in a form only the build reads, counts as holding it
    (variables are expanded only when the world is built). Docker's first working folder is `/`.
    """
    workdir = PurePosixPath("/")
    for step in steps:
        if step.kind == "run":
            return True
        if step.kind not in ("workdir", "copy") or not step.args:
            continue
        if "$" in step.args[0]:
            return True
        try:
            target = expand(step.args[0], {}) if step.kind == "workdir" else expand_words(step.args[0], {})[-1]
        except (ExpansionError, IndexError):
            return True  # a form only the build reads: it decides
        where = PurePosixPath(os.path.normpath(workdir / target))
        if step.kind == "workdir":
            workdir = where
        elif PurePosixPath(program) == where or where in PurePosixPath(program).parents:
            return True
    return False


def check_agent_program(agent: AgentSpec, task_set: TaskSet, extra_env: Mapping[str, str]) -> None:
    """Refuse an agent whose program is on neither the host nor any task's world.

    Args:
        agent: the run's agent; only one with `missing_fix` set (a preset or `command` agent whose
            program the host lacks) is checked.
        task_set: the tasks the run would start.
        extra_env: the run's `--env` variables (a `PATH` among them replaces the agent's PATH:
            nothing is refused).

    Raises:
        UsageError: naming the agent, the program, where it was looked for and the fix; before any
            run folder is made, so nothing is stored.
    """
    if agent.missing_fix is None or not agent.command or "PATH" in extra_env:
        return
    program = agent.command[0]
    unexpanded = program.startswith("~") or "$" in program  # as written: a world's RUN makes no such path on purpose
    if not unexpanded and any(world_may_hold(t, program) for t in task_set.tasks):
        return
    raise UsageError(
        f"agent {agent.name}: program {program!r} {_not_found_why(program)}, and no task's world provides "
        f"it, so every trial would end as a boot fault; {agent.missing_fix}"
    )


def _not_found_why(program: str) -> str:
    """Why the host has no `program` to run, in words for the refusal.

    Not on PATH, no such file, a folder, a file that is not executable, or a `~` or `$VARIABLE` no shell expanded
    (the command's words are run as they are).
    """
    if program.startswith("~") or "$" in program:  # the words are run as they are, through no shell
        return "is not installed (memeval expands no ~ or $VARIABLE in an agent's command: write the full path)"
    if "/" not in program:
        return f"is not installed (not on PATH, nor in the system folders {SYSTEM_PATH})"
    host = Path(program)
    if host.is_dir():
        return "is a folder here, not a program"
    if host.exists():
        return "is not executable here (chmod +x it, or name its interpreter first: `sh PATH`, `python3 PATH`)"
    return "is not installed (no such file here)"
