"""Refuse a run whose agent's sandbox would show it the held-back tests, the solutions or the runs folder.

The agent's sandbox shows a few host folders read-only, as they are on the host: the system's
(`SYSTEM_ROOTS`: `/usr` and its links), the agent's own folder (an `agent.toml` and every file
beside it, at `/opt/agent`) and its tool's install (a program outside the system folders: the
folder it is in, or the one above its `bin/`; `memeval.agents._locate`). A task under one of them
is readable by the agent: its `tests/` and `solution/` at `/opt/agent/tasks/...`. An agent whose
`agent.toml` sat at a project's top, beside `tasks/`, read each task's test.sh and wrote the answer
it checks: a pass in both arms, reported as checked by tests the agent never saw
(`tests/runner/test_breaker_agent_sees_tests.py`). A runs folder under one of them shows every
trial's world while it runs, the tests copied in for each verifier, and the log of earlier trials.

So before any run folder is made, each folder the sandbox would show is compared with each task
folder and with the runs folder: when one holds the other (or they are one), the run is refused,
naming both. Paths are compared resolved (symlinks followed), as bubblewrap binds them. Then the
files in the agent's folder and its program's install are checked one by one: none may be a task's
held-back file under another name (a hard link, a bind mount, a symlink into it; `memeval.runner._shownlinks`).
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from memeval.agents import SYSTEM_ROOTS, AgentSpec
from memeval.errors import UsageError
from memeval.runner._shownlinks import check_no_links_to_hidden
from memeval.tasks import TaskSet


def shown_folders(agent: AgentSpec) -> list[tuple[Path, str]]:
    """The host folders (or files) the agent's sandbox shows as they are, each with what shows it.

    Returns:
        `(resolved host path, why it is shown)` pairs: the system folders, the agent's own folder
        (`agent.files`), and its tool's install (`agent.mounts`).
    """
    out = [(Path(r).resolve(), "the system folders every sandbox shows") for r in SYSTEM_ROOTS]
    if agent.files is not None:
        out.append(
            (Path(agent.files).resolve(), "the agent's folder (its agent.toml and every file beside it, at /opt/agent)")
        )
    out.extend((Path(m).resolve(), "the agent program's install, shown in the sandbox") for m in agent.mounts)
    return out


def _overlap(a: Path, b: Path) -> bool:
    """Whether `a` and `b` (resolved) are one path or one holds the other."""
    return a == b or a in b.parents or b in a.parents


def check_hidden_from_agent(task_set: TaskSet, agent: AgentSpec, runs_dir: Path) -> None:
    """Refuse a run in which a folder the agent's sandbox shows overlaps a task folder or the runs folder.

    Args:
        task_set: the tasks to run (each task's folder holds its held-back `tests/` and `solution/`).
        agent: the agent (its folder and its tool's install are shown to it).
        runs_dir: where the run's folder goes (it need not exist yet).

    Raises:
        UsageError: naming the shown folder, why it is shown, and the task folder or runs folder it
            overlaps, with what to do instead; or a file in a shown folder that is a task's held-back file
            (`check_no_links_to_hidden`).
    """
    guarded: Iterable[tuple[Path, str]] = [
        *((t.path.resolve(), f"task {t.task_id!r} (its held-back tests and solution)") for t in task_set.tasks),
        (runs_dir.resolve(), "the runs folder (every trial's world and the tests copied in for its verifier)"),
    ]
    shown = shown_folders(agent)
    for place, what in guarded:
        for folder, why in shown:
            if _overlap(place, folder):
                raise UsageError(
                    f"the agent's sandbox would show {what}: {place} overlaps {folder}, {why}. Keep the "
                    "agent's folder and its program apart from the tasks and the runs folder (e.g. "
                    "agent/agent.toml beside tasks/, --runs-dir elsewhere)"
                )
    check_no_links_to_hidden(task_set, shown[len(SYSTEM_ROOTS) :])
