"""Agent specifications.

An agent is one of the built-in controls (`oracle`, `nop`), any command line, or an agent
configuration file (`agent.toml`).
"""

from __future__ import annotations

import shlex
from dataclasses import dataclass, replace
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from memeval import __version__
from memeval._fieldwords import field_problems
from memeval._tomlfile import read_user_toml
from memeval.agents._claims import ClaimFormat
from memeval.errors import AgentConfigError
from memeval.meter import Provider
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
        env: extra variables for the agent, as `(NAME, template)`; `$OPENAI_BASE_URL`-style names
            in a template are filled from the runner's variables for the agent (a variable whose
            template names one that is not set, as with `--network none`, is left out).
        pack_args: arguments added after `command` when a slice is given (pack mode).
        claim_format: how to read the agent's claim from its stdout (`memeval.agents._claims`),
            or None for the claim file or the last lines of stdout.
        apis: the provider APIs the agent speaks (`openai`, `anthropic`, `google`); empty when
            unknown. With the proxy, one of them must have an upstream.
        model_api: the API the asked-for model is served through, when the tool decides it by
            the model's name (with the proxy, that API must have an upstream); None: any of `apis`.
        refusal: why this agent cannot run as configured, with the fix (a preset that needs
            `--model`, or a model no metered API serves); the run is refused before it starts.
        home_files: files written into the sandbox's home before the agent starts, as
            `(path relative to $HOME, template)`; templates are filled like `env`'s, and a file
            whose template names a variable that is not set is left out.
        mounts: host folders (or files) bound read-only at the same paths: the tool's own
            install when it lives outside the system folders (`memeval.agents._locate`).
        path_dirs: folders put first on the sandbox's PATH (the tool's own `bin`).
        missing_fix: set on a preset or `command` agent whose program was not found on the host
            (on PATH or in the system folders): how to install it, or to name it right. The run is
            refused before it starts unless a task's world may hold the program
            (`memeval.runner._agentcheck.check_agent_program`); None when the program was found,
            and for every other agent.
    """

    name: str
    version: str
    command: tuple[str, ...]
    instruction_via: InstructionVia = "file"
    memory_file: str = "MEMORY.md"
    files: Path | None = None
    control: Control | None = None
    tools: tuple[str, ...] = ()
    env: tuple[tuple[str, str], ...] = ()
    pack_args: tuple[str, ...] = ()
    claim_format: ClaimFormat | None = None
    apis: tuple[str, ...] = ()
    model_api: str | None = None
    refusal: str | None = None
    home_files: tuple[tuple[str, str], ...] = ()
    mounts: tuple[str, ...] = ()
    path_dirs: tuple[str, ...] = ()
    missing_fix: str | None = None


MEMORY_PLACEHOLDER = "{memory_file}"
"""Written in a command line or `agent.toml`'s `command`/`pack_args`: the memory file's path inside
the sandbox, in the pack arm only."""


def agent_argv(spec: AgentSpec, memory_path: str | None) -> list[str]:
    """The agent's argv for one arm.

    Args:
        spec: the agent.
        memory_path: the memory file's absolute path inside the sandbox in the pack arm (a slice
            was written), None in the baseline arm.

    A word holding `{memory_file}` is kept in the pack arm only, with the placeholder replaced by
    `memory_path`; when the word is the placeholder alone and the word before it is an option
    (`--read {memory_file}`), that option goes with it. `pack_args` follow the command in the pack
    arm only, with the same replacement.

    Returns:
        The argv (the instruction is added by the runner when the agent takes it as an argument).
    """
    out: list[str] = []
    words = list(spec.command)
    for i, w in enumerate(words):
        nxt = words[i + 1] if i + 1 < len(words) else ""
        pairs_with_next = w.startswith("-") and nxt == MEMORY_PLACEHOLDER and MEMORY_PLACEHOLDER not in w
        if MEMORY_PLACEHOLDER in w or pairs_with_next:
            if memory_path is not None:
                out.append(w.replace(MEMORY_PLACEHOLDER, memory_path))
            continue
        out.append(w)
    if memory_path is not None:
        out += [w.replace(MEMORY_PLACEHOLDER, memory_path) for w in spec.pack_args]
    return out


class _AgentFile(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: str = Field(min_length=1)
    version: str = "unversioned"
    command: list[str] = Field(min_length=1)
    instruction_via: InstructionVia = "file"
    memory_file: str = "MEMORY.md"
    pack_args: list[str] = Field(default_factory=list)
    tools: list[str] = Field(default_factory=list)
    apis: list[Provider] = Field(default_factory=list)
    """The provider APIs the agent calls (registered providers' names: `memeval.meter.provider_names`);
    declared, a trial that reaches none is a `boot` fault."""


AGENT_FILE_KEYS = (
    'name (required), command (required: a list of words, e.g. command = ["python3", "/opt/agent/agent.py"]), '
    "version, instruction_via (file, stdin or arg), memory_file, pack_args, tools and apis"
)
"""The keys of an `agent.toml` (`_AgentFile`), as a refusal lists them."""


def load_agent_file(path: Path) -> AgentSpec:
    """Read an `agent.toml`; its folder is bound read-only at `/opt/agent`.

    Raises:
        AgentConfigError: the file is missing, not TOML, or has a bad field (named).
    """
    try:
        raw = read_user_toml(
            path,
            AgentConfigError,
            name=f"agent file {str(path)!r}",
            nul_reaches="command line, environment variable or file name",
        )
    except FileNotFoundError as exc:
        from memeval.agents._presets import PRESETS  # here: the presets module builds AgentSpecs

        raise AgentConfigError(
            f"agent file {str(path)!r} does not exist: give --agent a preset ({', '.join(PRESETS)}; or oracle, "
            "nop, command with --agent-cmd) or the path of an existing agent.toml"
        ) from exc
    try:
        f = _AgentFile.model_validate(raw)
    except ValidationError as exc:
        problems = field_problems(exc, "is not a key an agent.toml takes")
        raise AgentConfigError(
            f"agent file {str(path)!r}: {problems}; an agent.toml takes {AGENT_FILE_KEYS} "
            "(as samples/fernhill/agent/agent.toml)"
        ) from exc
    if "/" in f.memory_file or f.memory_file.startswith("."):
        raise AgentConfigError(f"agent file {str(path)!r}: memory_file {f.memory_file!r} must be a plain file name")
    from memeval.agents._locate import locate

    # a program named by its name alone is looked up on PATH: one on neither the host nor any task's world is
    # refused by the plan (a path, such as /opt/agent/agent.py's folder's, is the trial's to find)
    missing = "/" not in f.command[0] and locate(f.command[0]) is None
    return AgentSpec(
        f.name,
        f.version,
        tuple(f.command),
        f.instruction_via,
        f.memory_file,
        path.resolve().parent,
        None,
        tuple(f.tools),
        apis=tuple(f.apis),
        pack_args=tuple(f.pack_args),
        missing_fix=f"check the program the command of {str(path)!r} names, or install it" if missing else None,
    )


def command_words(agent_cmd: str) -> list[str]:
    """`--agent-cmd`'s shell words.

    Raises:
        AgentConfigError: the line does not split into words (an unclosed quote, a trailing
            backslash) or holds none; named, with the fix.
    """
    try:
        words = shlex.split(agent_cmd)
    except ValueError as exc:
        raise AgentConfigError(
            f"--agent-cmd {agent_cmd!r} is not a shell command line ({str(exc).lower()}): close its quotes, "
            "or quote the whole line once for your shell and use the other quote inside it"
        ) from exc
    if not words:
        raise AgentConfigError(f"--agent-cmd {agent_cmd!r} holds no command: give the command line to run")
    return words


def resolve_agent(
    agent: str,
    agent_cmd: str | None = None,
    instruction_via: InstructionVia = "file",
    model: str | None = None,
) -> AgentSpec:
    """Turn `--agent` (and `--agent-cmd`) into an `AgentSpec`.

    Args:
        agent: `oracle`, `nop`, `command`, a preset (`claude-code`, `codex`, `aider`,
            `gemini-cli`, `opencode`), or a path to an `agent.toml`.
        agent_cmd: the command line for `--agent command` (shell words; a word holding
            `{memory_file}` is given in the pack arm only, see `agent_argv`); for a preset, the
            executable to run in place of the tool's binary (the preset's arguments follow it).
        instruction_via: for `command`: `file`, `stdin` or `arg`.
        model: for a preset, the model its command line asks for (None: the tool's default).

    Raises:
        AgentConfigError: an unknown agent, a folder given in place of its `agent.toml` (named),
            `command` without `--agent-cmd`, or an `--agent-cmd` that is not a command line.
    """
    if agent == "nop":
        return AgentSpec("nop", __version__, ("true",), control="nop")
    if agent == "oracle":
        return AgentSpec("oracle", __version__, ("bash", "/solution/solve.sh"), control="oracle")
    if agent == "command":
        if not agent_cmd:
            raise AgentConfigError("--agent command needs --agent-cmd 'the command line to run'")
        from memeval.agents._locate import locate
        from memeval.agents._presets import with_location

        words = command_words(agent_cmd)
        spec = with_location(AgentSpec(Path(words[0]).name, "unversioned", tuple(words), instruction_via))
        if locate(words[0]) is None:  # refused by the plan unless a task's world may hold it
            spec = replace(
                spec,
                missing_fix="check the program --agent-cmd names (a typo? does `which` find it?), or give its path",
            )
        return spec
    from memeval.agents._presets import PRESETS, preset  # here: the presets module builds AgentSpecs

    if agent in PRESETS:
        if agent_cmd is not None:
            command_words(agent_cmd)  # an unclosed quote or no word at all is refused here, named
        return preset(agent, model, agent_cmd)
    path = Path(agent)
    if path.suffix == ".toml" or path.is_file():
        return load_agent_file(path)
    if path.is_dir():
        toml = path / "agent.toml"
        if toml.is_file():
            raise AgentConfigError(
                f"agent {agent!r} is a folder: give its agent.toml, --agent {shlex.quote(str(toml))}"
            )
        raise AgentConfigError(
            f"agent {agent!r} is a folder with no agent.toml: give --agent the path of an agent.toml (as "
            f"samples/fernhill/agent/agent.toml), a preset ({', '.join(PRESETS)}), or oracle, nop, command"
        )
    raise AgentConfigError(
        f"unknown agent {agent!r}: use oracle, nop, command (with --agent-cmd), "
        f"{', '.join(PRESETS)} or a path to an agent.toml"
    )
