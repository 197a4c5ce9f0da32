"""Presets for real coding agents: `claude-code`, `codex`, `aider`, `gemini-cli`, `opencode`.

A preset is an `AgentSpec` holding the tool's headless command line, the variables and the files
in the sandbox's home that point it at the metering proxy, the file its tool reads project memory
from (where the pack slice goes), and the format its final message and self-reported usage are
read from (`memeval.agents._claims`). The runner exports the proxy's address and the trial's
placeholder key only for the APIs that have an upstream: `OPENAI_BASE_URL`/`OPENAI_API_KEY`,
`ANTHROPIC_BASE_URL`/`ANTHROPIC_API_KEY`, `GOOGLE_GEMINI_BASE_URL`/`GEMINI_API_KEY`; a preset's
templates (`$NAME`) are filled from those, and one naming a variable not exported is left out.
The tools are not shipped: the sandbox runs the host's program, found on PATH; when it lives
outside the system folders its install is bound read-only (`memeval.agents._locate`). A program
found neither on the host nor in any task's world refuses the run before it starts, naming how to
install it (`INSTALL`); one missing from a trial's world only ends that trial with a `boot` fault
naming it. `TESTED` names the versions CI runs.

Command lines (the instruction is appended as the last argument unless noted):

- claude-code: `claude -p --output-format stream-json --verbose --dangerously-skip-permissions
  [--model M]`; memory in `CLAUDE.md`; speaks Anthropic Messages.
- codex: `codex exec --json --skip-git-repo-check --dangerously-bypass-approvals-and-sandbox
  [-m M]`; memory in `AGENTS.md`; speaks OpenAI Responses through a `model_providers.memeval`
  entry written to `~/.codex/config.toml` (analytics and feedback off).
- aider: `aider --yes-always --no-git ... --no-stream [--model M] --message-file <instruction
  file>`, plus `--read <memory file>` when a slice is given; speaks OpenAI Chat or Anthropic via
  litellm (`--no-stream`: litellm streams without asking for usage, which would leave tokens
  unmeasured).
- gemini-cli: `gemini --output-format json --yolo [-m M] -p`; memory in `GEMINI.md`; speaks the
  Gemini API, metered through a `google` upstream; `~/.gemini/settings.json` selects API-key auth
  and turns usage statistics off, `GEMINI_CLI_TRUST_WORKSPACE` trusts the working directory.
- opencode: `opencode run --format json -m provider/M` (`--model` is required: its default
  depends on which keys it sees); memory in `AGENTS.md`; its provider configuration comes through
  `OPENCODE_CONFIG_CONTENT`.

A model decides the API for aider and opencode (`api_of_model`); a run whose model's API has no
upstream is refused before it starts (`memeval.runner._runmeter.check_agent_upstreams`).

The flags that skip each tool's own permission prompts are there because the trial's sandbox is
the boundary: the agent works on a throwaway copy of the task, with no network but the proxy.
"""

from __future__ import annotations

import json
import os
import shlex
import shutil
import subprocess
from collections.abc import Callable
from dataclasses import replace

from memeval.agents._claims import ClaimFormat
from memeval.agents._locate import forbidden_mount, locate, package_version
from memeval.agents._spec import AgentSpec
from memeval.meter import provider_named, provider_names, provider_of_model
from memeval.types import InstructionVia

PRESETS = ("claude-code", "codex", "aider", "gemini-cli", "opencode")
"""The preset names `--agent` accepts."""

TESTED = {
    "claude-code": "2.1.332",
    "codex": "0.171.0",
    "aider": "0.86.2",
    "gemini-cli": "0.61.0",
    "opencode": "1.18.33",
}
"""The version of each tool the CI matrix runs (`tests/agents/test_real_agents.py`); README's table
is checked against it. Other versions may work; these are the ones known to."""

INSTALL = {
    "claude-code": f"npm install -g @anthropic-ai/claude-code@{TESTED['claude-code']}",
    "codex": f"npm install -g @openai/codex@{TESTED['codex']}",
    "aider": f"python3 -m venv DIR && DIR/bin/pip install aider-chat=={TESTED['aider']}, then put DIR/bin on PATH",
    "gemini-cli": f"npm install -g @google/gemini-cli@{TESTED['gemini-cli']} (Node.js 20 or newer)",
    "opencode": f"npm install -g opencode-ai@{TESTED['opencode']}",
}
"""How to install each preset's tool at the version CI runs (as `scripts/setup --tests` does, and
`docs/agents/<preset>.md` says): the refusal of a run whose tool is missing names it."""

INSTRUCTION_FILE = "/run/memeval/instruction.md"
"""Where the runner puts the instruction inside the sandbox (for tools that read a file)."""

_QUIET = (("DISABLE_AUTOUPDATER", "1"), ("DISABLE_TELEMETRY", "1"), ("DO_NOT_TRACK", "1"))

CODEX_CONFIG = """\
# Written by memeval for this trial: every model call goes to the metering proxy.
model_provider = "memeval"
check_for_update_on_startup = false

[model_providers.memeval]
name = "memeval metering proxy"
base_url = "$OPENAI_BASE_URL"
env_key = "OPENAI_API_KEY"
wire_api = "responses"

[analytics]
enabled = false

[feedback]
enabled = false
"""
"""`$CODEX_HOME/config.toml` (CODEX_HOME defaults to `~/.codex`): current codex reads the base URL
of a custom provider only from a `model_providers` entry, never from `OPENAI_BASE_URL`."""

GEMINI_SETTINGS = {
    "security": {"auth": {"selectedType": "gemini-api-key"}, "folderTrust": {"enabled": False}},
    "privacy": {"usageStatisticsEnabled": False},
    "telemetry": {"enabled": False},
    "general": {"enableAutoUpdate": False, "enableAutoUpdateNotification": False},
}
"""`~/.gemini/settings.json`: with `GOOGLE_GEMINI_BASE_URL` set, gemini-cli exits 41 ("Invalid auth
method selected") unless the auth type is chosen here; no variable chooses it."""


def api_of_model(model: str) -> str:
    """The API a bare or `provider/`-prefixed model name is served through.

    As the provider registry says (`memeval.meter.provider_of_model`): `anthropic/...` or
    `claude...` -> `anthropic`; `google/...`, `gemini/...` or `gemini...` -> `google`; anything
    else -> `openai`.
    """
    return provider_of_model(model)


def _claude(model: str | None) -> AgentSpec:
    argv = ["claude", "-p", "--output-format", "stream-json", "--verbose", "--dangerously-skip-permissions"]
    if model:
        argv += ["--model", model]
    env = (
        *_QUIET,
        ("IS_SANDBOX", "1"),
        ("DISABLE_ERROR_REPORTING", "1"),
        ("CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC", "1"),
    )
    return _spec("claude-code", argv, "arg", "CLAUDE.md", env, "claude-stream-json", ("anthropic",), "anthropic")


def _codex(model: str | None) -> AgentSpec:
    argv = ["codex", "exec", "--json", "--skip-git-repo-check", "--dangerously-bypass-approvals-and-sandbox"]
    if model:
        argv += ["-m", model]
    env = (*_QUIET, ("CODEX_API_KEY", "$OPENAI_API_KEY"))
    spec = _spec("codex", argv, "arg", "AGENTS.md", env, "codex-jsonl", ("openai",), "openai")
    return replace(spec, home_files=((".codex/config.toml", CODEX_CONFIG),))


def aider_model(model: str) -> str:
    """The model name as litellm (inside aider) routes it.

    `anthropic/`, `gemini/` or `openai/` is put in front of a bare name, so a name litellm does
    not know still reaches the proxy.
    """
    if "/" in model:
        return model
    api = api_of_model(model)
    return {"google": "gemini/"}.get(api, api + "/") + model  # litellm's prefix for Gemini is gemini/


def _aider(model: str | None) -> AgentSpec:
    argv = [
        "aider",
        "--yes-always",
        "--no-git",
        "--no-pretty",
        "--no-fancy-input",
        "--no-check-update",
        "--analytics-disable",
        "--no-show-model-warnings",
        "--no-show-release-notes",
        "--no-stream",
    ]
    api = None
    if model:
        argv += ["--model", aider_model(model)]
        api = api_of_model(model)
    argv += ["--message-file", INSTRUCTION_FILE]
    env = (
        *_QUIET,
        ("LITELLM_LOCAL_MODEL_COST_MAP", "True"),
        ("OPENAI_API_BASE", "$OPENAI_BASE_URL"),
        ("ANTHROPIC_API_BASE", "$ANTHROPIC_BASE_URL/v1/messages"),
    )
    spec = _spec(
        "aider",
        argv,
        "file",
        "CONVENTIONS.md",
        env,
        "aider-text",
        ("openai", "anthropic"),
        api,
        pack_args=("--read", "{memory_file}"),
    )
    if api == "google":
        return replace(
            spec,
            refusal=f"aider's model {model!r} speaks the Gemini API through litellm, which memeval "
            "cannot point at the proxy; use --model with an OpenAI or Anthropic model",
        )
    return spec


def _gemini(model: str | None) -> AgentSpec:
    argv = ["gemini", "--output-format", "json", "--yolo"]
    if model:
        argv += ["-m", model]
    argv.append("-p")
    env = (*_QUIET, ("GEMINI_CLI_TRUST_WORKSPACE", "true"), ("GEMINI_CLI_NO_RELAUNCH", "true"))
    spec = _spec("gemini-cli", argv, "arg", "GEMINI.md", env, "gemini-json", ("google",), "google")
    return replace(spec, home_files=((".gemini/settings.json", json.dumps(GEMINI_SETTINGS, indent=2)),))


def opencode_model(model: str) -> str:
    """The model name as opencode wants it, `provider/model`.

    A bare name gets `anthropic/`, `google/` or `openai/` as `api_of_model` says.
    """
    if "/" in model:
        return model
    return api_of_model(model) + "/" + model


def _opencode_provider(name: str) -> tuple[str, str] | None:
    """The `baseURL` template and key variable opencode gets for a registered provider, or None.

    The template is the API root: the proxy's base URL variable plus the rest of `api_root`.
    """
    if name not in provider_names():
        return None
    p = provider_named(name)
    return "$" + p.env_base_url + p.api_root[len(p.base_path) :], p.env_key


def _opencode(model: str | None) -> AgentSpec:
    argv = ["opencode", "run", "--format", "json"]
    refusal = None
    api = None
    providers: dict[str, dict[str, object]] = {}
    if model:
        full = opencode_model(model)
        argv += ["-m", full]
        provider, _, name = full.partition("/")
        found = _opencode_provider(provider)
        if found is not None:
            api = provider
            url, key = found
            providers[provider] = {
                "options": {"baseURL": url, "apiKey": "{env:" + key + "}"},
                "models": {name: {"name": name}},
            }
        else:
            refusal = (
                f"opencode's model {full!r} is served by provider {provider!r}, which memeval cannot "
                "meter; use --model openai/NAME, anthropic/NAME or google/NAME with a matching --upstream"
            )
    else:
        refusal = (
            "opencode picks its default model from whichever provider keys it sees; name one with "
            "--model (e.g. --model openai/gpt-5 with --upstream api=openai,...)"
        )
    config: dict[str, object] = {
        "provider": providers,
        "autoupdate": False,
        "share": "disabled",
        "permission": {"edit": "allow", "bash": "allow", "webfetch": "deny"},
    }
    if model:
        config["small_model"] = opencode_model(model)  # its title calls: the same model, not a guessed one
    env = (
        *_QUIET,
        ("OPENCODE_CONFIG_CONTENT", json.dumps(config, sort_keys=True)),
        ("OPENCODE_DISABLE_AUTOUPDATE", "1"),
        ("OPENCODE_DISABLE_MODELS_FETCH", "1"),
    )
    spec = _spec("opencode", argv, "arg", "AGENTS.md", env, "opencode-jsonl", ("openai", "anthropic", "google"), api)
    return replace(spec, refusal=refusal)


_BUILDERS: dict[str, Callable[[str | None], AgentSpec]] = {
    "claude-code": _claude,
    "codex": _codex,
    "aider": _aider,
    "gemini-cli": _gemini,
    "opencode": _opencode,
}


def _spec(
    name: str,
    argv: list[str],
    via: InstructionVia,
    memory_file: str,
    env: tuple[tuple[str, str], ...],
    claim: ClaimFormat,
    apis: tuple[str, ...],
    model_api: str | None,
    pack_args: tuple[str, ...] = (),
) -> AgentSpec:
    return AgentSpec(
        name=name,
        version="unknown",
        command=tuple(argv),
        instruction_via=via,
        memory_file=memory_file,
        env=env,
        pack_args=pack_args,
        claim_format=claim,
        apis=apis,
        model_api=model_api,
    )


VERSION_TIMEOUTS_S = (10.0, 60.0)
"""Limits for `--version`, in seconds: a tool slow to answer (a cold Node start) is asked again
with the longer one before its version is given up as unknown."""


def installed_version(
    binary: str, timeouts_s: tuple[float, ...] = VERSION_TIMEOUTS_S, path_dirs: tuple[str, ...] = ()
) -> str:
    """The version of a tool installed on the host, for the run card.

    Args:
        binary: a name looked up on PATH, or a path.
        timeouts_s: the limit of each try, in seconds; a try that runs over is retried with the
            next one.
        path_dirs: folders put first on PATH while asking, as they are in the sandbox, so an
            `env node` script runs under the same interpreter there and here.

    Returns:
        The first line `<binary> --version` prints, `not installed` when the binary is not on
        PATH, or `unknown (<why>)` when asking failed (never a word of the command line).
    """
    path = shutil.which(binary)
    if path is None:
        return "not installed"
    env = dict(os.environ, PATH=os.pathsep.join([*path_dirs, os.environ.get("PATH", "")]))
    why = "not asked"
    for limit in timeouts_s:
        try:
            res = subprocess.run(
                [path, "--version"], capture_output=True, text=True, timeout=limit, check=False, env=env
            )
        except subprocess.TimeoutExpired:
            why = f"--version gave no answer within {limit:g} s"
            continue
        except OSError as exc:
            return f"unknown ({type(exc).__name__}: {exc.strerror or exc})"
        lines = (res.stdout or res.stderr).strip().splitlines()
        if res.returncode == 0 and lines:
            return lines[0][:80]
        return (
            f"unknown (--version exited {res.returncode})" if res.returncode else "unknown (--version printed nothing)"
        )
    return f"unknown ({why})"


def preset(name: str, model: str | None = None, executable: str | None = None) -> AgentSpec:
    """Build a preset's `AgentSpec`.

    Args:
        name: one of `PRESETS`.
        model: the model to ask the tool for (its flag is left out when None: the tool's default).
        executable: shell words run in place of the tool's binary (for a copy installed under
            another name, or a stand-in speaking the same format); the preset's arguments follow.

    Returns:
        The spec; its `missing_fix` says how to install the tool when its program is not on the
        host (the plan then refuses the run unless a task's world may hold the program).

    Raises:
        KeyError: `name` is not a preset.
        ValueError: `executable` is given but empty.
    """
    spec = _BUILDERS[name](model)
    if executable:
        words = tuple(shlex.split(executable))
        if not words:
            raise ValueError("the executable for a preset is empty")
        spec = replace(spec, command=words + spec.command[1:])
    spec = with_location(spec)
    # the version is read from the executable the sandbox runs, never from the command line: its
    # package's metadata first (no process: gemini or aider take seconds to print a version, and a
    # refused run must end in under 5 s), else its --version
    found = locate(spec.command[0])
    if found is None:  # not on the host: `not installed`, never a guess from the command line
        fix = (
            f"check the program --agent-cmd names, or install the tool ({INSTALL[name]}; docs/agents/{name}.md)"
            if executable
            else f"install it ({INSTALL[name]}; docs/agents/{name}.md), or name an installed copy with --agent-cmd PATH"
        )
        return replace(spec, version=installed_version(spec.command[0]), missing_fix=fix)
    version = package_version(found.path) or installed_version(found.path, path_dirs=spec.path_dirs)
    return replace(spec, version=version)


def with_location(spec: AgentSpec) -> AgentSpec:
    """`spec` with its program found on the host.

    When the program lives outside the system folders, the command names it by absolute path, and
    its install is bound read-only in the sandbox (`mounts`, `path_dirs`); see
    `memeval.agents._locate`. A program not found is left as it is (the trial's `boot` fault names
    it).
    """
    found = locate(spec.command[0])
    if found is None or not found.mounts:
        return spec
    bad = [m for m in found.mounts if forbidden_mount(m)]
    if bad:
        return replace(
            spec,
            refusal=f"agent program {found.path} needs {bad[0]} shown in the sandbox, which memeval "
            "never binds; install the tool under a prefix of its own (npm --prefix, a venv)",
        )
    return replace(spec, command=(found.path, *spec.command[1:]), mounts=found.mounts, path_dirs=found.path_dirs)
