"""What the agent's sandbox is handed: its environment, its configuration files, and the proxy's address.

The agent sees nothing of the host's environment and nothing that names its arm or repeat
(`agent_env`); its preset's configuration files are written on the host and bound over its home
(`home_mounts`); each API with an upstream is reached through the metering proxy's relay inside the
sandbox, at `RELAY_PORT` (`proxy_vars`).
"""

from __future__ import annotations

import string
from pathlib import Path
from typing import TYPE_CHECKING

from memeval.agents import AgentSpec
from memeval.meter import provider_named, provider_names
from memeval.sandbox import Mount, World

if TYPE_CHECKING:
    from memeval.runner._attemptspec import AttemptSpec

RELAY_PORT = 18080
"""The port inside the agent's sandbox where the relay to the metering proxy's Unix socket listens."""


def proxy_vars() -> dict[str, tuple[tuple[str, str], str]]:
    """The variables pointing an agent at the proxy, per registered provider.

    `{name: ((base URL variable, its value inside the sandbox), variable given the placeholder
    key)}`, from `ModelProvider.env_base_url`, `base_path` and `env_key`.
    """
    return {
        p.name: ((p.env_base_url, f"http://127.0.0.1:{RELAY_PORT}{p.base_path}"), p.env_key)
        for p in map(provider_named, provider_names())
    }


def agent_env(s: AttemptSpec, world: World, key: str | None, agent_trial_id: str) -> dict[str, str]:
    """The agent's whole environment: nothing of the host's, nothing naming its arm or repeat.

    `PATH`, `HOME`, `LANG`, the world's `ENV`, the run's `--env`, the instruction and claim
    paths (the same for every trial), `MEMEVAL_TRIAL_ID` (the opaque `agent_trial_id`, never
    the trial id, which names the arm and repeat), `MEMEVAL_MODEL`, the proxy's URL (the same
    for every trial) and `key` (random per trial) for each API with an upstream, then the
    agent preset's variables, filled from these. The pack arm is told of its memory only by
    the memory file, the instruction's pointer to it and the preset's memory argument.
    """
    path = ":".join([*s.agent.path_dirs, world.path_var()])
    env = {"PATH": path, "HOME": "/tmp", "LANG": "C.UTF-8", **world.env}
    env.update(s.extra_env)
    env["MEMEVAL_INSTRUCTION_FILE"] = "/run/memeval/instruction.md"
    env["MEMEVAL_CLAIM_FILE"] = "/run/memeval/out/claim.json"
    env["MEMEVAL_TRIAL_ID"] = agent_trial_id
    if s.model:
        env["MEMEVAL_MODEL"] = s.model
    if key is not None:
        for api, ((url_var, url), key_var) in proxy_vars().items():
            if s.upstream_apis is None or api in s.upstream_apis:
                env[url_var] = url
                env[key_var] = key
    for name, template in s.agent.env:
        if name in s.extra_env:
            continue  # the user's --env wins over a preset's default
        try:
            env[name] = string.Template(template).substitute(env)
        except KeyError:
            continue  # names a variable not set here (no proxy): leave it out
    return env


def home_mounts(agent: AgentSpec, home: Path, env: dict[str, str]) -> list[Mount]:
    """The agent's configuration files (`AgentSpec.home_files`).

    Written under `home` on the host and bound writable over the sandbox's home (`/tmp`), one top-level entry each.
    """
    tops: set[str] = set()
    for rel, template in agent.home_files:
        try:
            text = string.Template(template).substitute(env)
        except KeyError:
            continue  # names a variable not set here (no such upstream): leave it out
        target = home / rel  # rel comes from the preset, never from the task or the agent
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
        tops.add(rel.split("/", 1)[0])
    return [Mount(home / t, f"{env['HOME']}/{t}", writable=True) for t in sorted(tops)]


MAX_ARG_BYTES = 131_071
"""Most bytes one program argument may hold on Linux (`MAX_ARG_STRLEN`, 32 pages of 4 KiB, less its NUL)."""


def argument_problem(instruction: str) -> str | None:
    """Why `instruction` cannot be handed to the agent as one program argument (`instruction_via = "arg"`), or None.

    A NUL character cannot be in an argument (Python refused the whole command with `ValueError: embedded null
    byte`, a traceback ending the run), and Linux refuses one longer than `MAX_ARG_BYTES` (bubblewrap did not
    start: `Argument list too long`, which ended the run too). The pack arm's instruction is the longer one (the
    memory pointer is added), so a task near the bound could fail in that arm alone. The message says what the
    trial's `boot` fault is and how to hand the instruction over otherwise.
    """
    if "\0" in instruction:
        why = f"the instruction holds a NUL character (at character {instruction.index(chr(0))})"
    elif (size := len(instruction.encode("utf-8", "surrogateescape"))) > MAX_ARG_BYTES:
        why = f"the instruction is {size} bytes, over the {MAX_ARG_BYTES} one program argument holds on Linux"
    else:
        return None
    return (
        f"{why}, and this agent takes it as an argument (instruction_via arg): run it with instruction_via file "
        "or stdin (an agent.toml, or --agent command --instruction-via), which hand over any text"
    )
