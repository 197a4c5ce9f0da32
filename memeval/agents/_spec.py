"""Agent specifications.

An agent is one of the built-in controls (`oracle`, `nop`), any command line, or an agent
configuration file (`agent.toml`).
"""

from __future__ import annotations

import shlex
import tomllib
from dataclasses import dataclass
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from memeval import __version__
from memeval.errors import AgentConfigError
from memeval.types import Control, InstructionVia

BUILTIN = ("oracle", "nop", "command")


@dataclass(frozen=True)
class AgentSpec:
    """How to run an agent in a trial's sandbox.

    Attributes:
        name: the agent's name, as shown on the run card.
        version: its version, as shown on the run card.
        command: argv run inside the sandbox (cwd = the task's WORKDIR).
        instruction_via: how the instruction is handed over besides `$MEMEVAL_INSTRUCTION_FILE`.
        memory_file: the file in the working directory that receives the slice in `pack` mode.
        files: a host folder bound read-only at `/opt/agent` (the agent's own code), or None.
        control: `oracle` or `nop` for control agents, else None.
        tools: the tools the agent may use, for the run card.
    """

    name: str
    version: str
    command: tuple[str, ...]
    instruction_via: InstructionVia = "file"
    memory_file: str = "MEMORY.md"
    files: Path | None = None
    control: Control | None = None
    tools: tuple[str, ...] = ()


class _AgentFile(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: str = Field(min_length=1)
    version: str = "unversioned"
    command: list[str] = Field(min_length=1)
    instruction_via: InstructionVia = "file"
    memory_file: str = "MEMORY.md"
    tools: list[str] = Field(default_factory=list)


def load_agent_file(path: Path) -> AgentSpec:
    """Read an `agent.toml`; its folder is bound read-only at `/opt/agent`.

    Raises:
        AgentConfigError: the file is missing, not TOML, or has a bad field (named).
    """
    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError as exc:
        raise AgentConfigError(f"agent file {str(path)!r} does not exist") from exc
    except tomllib.TOMLDecodeError as exc:
        raise AgentConfigError(f"agent file {str(path)!r} is not valid TOML: {exc}") from exc
    try:
        f = _AgentFile.model_validate(raw)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        raise AgentConfigError(f"agent file {str(path)!r}: {where}: {first['msg']}") from exc
    if "/" in f.memory_file or f.memory_file.startswith("."):
        raise AgentConfigError(f"agent file {str(path)!r}: memory_file {f.memory_file!r} must be a plain file name")
    return AgentSpec(
        f.name,
        f.version,
        tuple(f.command),
        f.instruction_via,
        f.memory_file,
        path.resolve().parent,
        None,
        tuple(f.tools),
    )


def resolve_agent(agent: str, agent_cmd: str | None = None, instruction_via: InstructionVia = "file") -> AgentSpec:
    """Turn `--agent` (and `--agent-cmd`) into an `AgentSpec`.

    Args:
        agent: `oracle`, `nop`, `command`, or a path to an `agent.toml`.
        agent_cmd: the command line for `--agent command` (shell words).
        instruction_via: for `command`: `file`, `stdin` or `arg`.

    Raises:
        AgentConfigError: an unknown agent, or `command` without `--agent-cmd`.
    """
    if agent == "nop":
        return AgentSpec("nop", __version__, ("true",), control="nop")
    if agent == "oracle":
        return AgentSpec("oracle", __version__, ("bash", "/solution/solve.sh"), control="oracle")
    if agent == "command":
        if not agent_cmd:
            raise AgentConfigError("--agent command needs --agent-cmd 'the command line to run'")
        words = shlex.split(agent_cmd)
        return AgentSpec(Path(words[0]).name, "unversioned", tuple(words), instruction_via)
    path = Path(agent)
    if path.suffix == ".toml" or path.is_file():
        return load_agent_file(path)
    raise AgentConfigError(
        f"unknown agent {agent!r}: use oracle, nop, command (with --agent-cmd) or a path to an agent.toml"
    )
