"""Typed records for Harbor-layout tasks and frozen task sets."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field

from memeval.types import MAX_SECONDS

MAX_MIB = float(1 << 30)
"""Largest size a task may give in MiB (1 PiB): a larger one cannot be held by any limit."""
MAX_CPUS = 1024.0
"""Most CPUs a task may ask for."""


class _Section(BaseModel):
    model_config = ConfigDict(extra="allow", frozen=True)


class VerifierConfig(_Section):
    """`[verifier]` of `task.toml`."""

    timeout_sec: float = Field(default=120.0, gt=0, le=MAX_SECONDS, allow_inf_nan=False)
    """Budget for `tests/test.sh`, in seconds; exceeding it is a `timeout` fault."""
    env: dict[str, str] = Field(default_factory=dict)
    """Variables passed to the verifier."""


class AgentSection(_Section):
    """`[agent]` of `task.toml`."""

    timeout_sec: float = Field(default=300.0, gt=0, le=MAX_SECONDS, allow_inf_nan=False)
    """The agent's own time, in seconds; running out of it is an outcome (`timed_out`), not a fault."""


class EnvironmentSection(_Section):
    """`[environment]` of `task.toml`."""

    build_timeout_sec: float = Field(default=600.0, gt=0, le=MAX_SECONDS, allow_inf_nan=False)
    """Budget for building the trial's world, in seconds; exceeding it is a `timeout` fault."""
    cpus: float | None = Field(default=None, gt=0, le=MAX_CPUS, allow_inf_nan=False)
    """CPUs the sandbox may use (Harbor's `cpus`)."""
    memory_mb: float | None = Field(default=None, gt=0, le=MAX_MIB, allow_inf_nan=False)
    """Memory of all the sandbox's processes together, in MiB (Harbor's `memory_mb`)."""
    storage_mb: float | None = Field(default=None, gt=0, le=MAX_MIB, allow_inf_nan=False)
    """Disk the agent's turn may add to its world in all, in MiB (Harbor's `storage_mb`), and the largest
    file any sandbox may write (see `memeval.sandbox._limits.DiskWatch` for how the total is held)."""
    max_processes: int | None = Field(default=None, gt=0, le=1 << 22)
    """Processes and threads at once (memeval's own key; default 1024)."""


class TaskConfig(BaseModel):
    """A parsed `task.toml` (Harbor schema, version "1.0"); unknown keys are kept, not rejected."""

    model_config = ConfigDict(extra="allow", frozen=True)

    version: str = "1.0"
    metadata: dict[str, object] = Field(default_factory=dict)
    verifier: VerifierConfig = Field(default_factory=VerifierConfig)
    agent: AgentSection = Field(default_factory=AgentSection)
    environment: EnvironmentSection = Field(default_factory=EnvironmentSection)


@dataclass(frozen=True)
class Task:
    """One task folder in the Harbor layout.

    Attributes:
        task_id: the folder's name.
        path: the folder, absolute.
        config: the parsed `task.toml`.
        instruction: the text of `instruction.md`.
        content_hash: `sha256:` digest over every file of the folder (see `hash_tree`).
    """

    task_id: str
    path: Path
    config: TaskConfig
    instruction: str
    content_hash: str

    @property
    def environment_dir(self) -> Path:
        """`environment/`: the Docker build context."""
        return self.path / "environment"

    @property
    def tests_dir(self) -> Path:
        """`tests/`: the held-back verifier, never shown to the agent."""
        return self.path / "tests"

    @property
    def solution_dir(self) -> Path | None:
        """`solution/` when it holds `solve.sh`, else None."""
        d = self.path / "solution"
        return d if (d / "solve.sh").is_file() else None


@dataclass(frozen=True)
class TaskSet:
    """A frozen folder of tasks, pinned by a content hash over every file (hidden tests included).

    Attributes:
        name: the folder's name (or the parent's name when the folder is called `tasks`).
        version: `version` from a `taskset.toml` beside the tasks, else "unversioned".
        path: the folder, absolute.
        tasks: the tasks, sorted by id.
        content_hash: `sha256:` digest over every task's id and content hash.
    """

    name: str
    version: str
    path: Path
    tasks: tuple[Task, ...]
    content_hash: str

    def task(self, task_id: str) -> Task:
        """The task called `task_id`; KeyError if absent."""
        for t in self.tasks:
            if t.task_id == task_id:
                return t
        raise KeyError(task_id)
