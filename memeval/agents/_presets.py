"""Presets for real coding agents: `claude-code`, `codex`, `aider`, `gemini-cli`, `opencode`.

A preset is an `AgentSpec` holding the tool's headless command line, the variables that point it
at the metering proxy (the runner already sets `OPENAI_BASE_URL`, `OPENAI_API_KEY`,
`ANTHROPIC_BASE_URL` and `ANTHROPIC_API_KEY` to the in-sandbox relay and the trial's placeholder
key; a preset adds the names its tool reads instead, as `$NAME` templates over those), the file
its tool reads project memory from (where the pack slice goes), and the format its final message
and self-reported usage are read from (`memeval.agents._claims`). The tools themselves are not
shipped: the sandbox uses the host's programs, so the binary must be installed on the host; a
missing binary ends the trial with a `boot` fault naming it.

Command lines (the instruction is appended as the last argument unless noted):

- claude-code: `claude -p --output-format stream-json --verbose --dangerously-skip-permissions
  [--model M]`; memory in `CLAUDE.md`; speaks Anthropic Messages.
- codex: `codex exec --json --skip-git-repo-check --dangerously-bypass-approvals-and-sandbox
  [-m M]`; memory in `AGENTS.md`; speaks OpenAI Responses.
- aider: `aider --yes-always --no-git ... [--model M] --message-file <instruction file>`, plus
  `--read CONVENTIONS.md` when a slice is given; speaks OpenAI Chat or Anthropic via litellm.
- gemini-cli: `gemini --output-format json --yolo [-m M] -p`; memory in `GEMINI.md`; speaks the
  Gemini API (`GOOGLE_GEMINI_BASE_URL` points at the relay root, `GEMINI_API_KEY` is the trial's
  placeholder), metered through a `google` upstream
  (`--upstream api=google,url=https://generativelanguage.googleapis.com,key_env=GEMINI_API_KEY`).
- opencode: `opencode run --format json [-m provider/M]`; memory in `AGENTS.md`; its provider
  configuration comes through `OPENCODE_CONFIG_CONTENT`.

The flags that skip each tool's own permission prompts are there because the trial's sandbox is
the boundary: the agent works on a throwaway copy of the task, with no network but the proxy.
"""

from __future__ import annotations

import json
import shlex
import shutil
import subprocess
from collections.abc import Callable
from dataclasses import replace

from memeval.agents._claims import ClaimFormat
from memeval.agents._spec import AgentSpec

PRESETS = ("claude-code", "codex", "aider", "gemini-cli", "opencode")
"""The preset names `--agent` accepts."""

INSTRUCTION_FILE = "/run/memeval/instruction.md"
"""Where the runner puts the instruction inside the sandbox (for tools that read a file)."""

_QUIET = (("DISABLE_AUTOUPDATER", "1"), ("DISABLE_TELEMETRY", "1"), ("DO_NOT_TRACK", "1"))


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
    return _spec("claude-code", argv, "arg", "CLAUDE.md", env, "claude-stream-json", ("anthropic",))


def _codex(model: str | None) -> AgentSpec:
    argv = ["codex", "exec", "--json", "--skip-git-repo-check", "--dangerously-bypass-approvals-and-sandbox"]
    if model:
        argv += ["-m", model]
    env = (*_QUIET, ("CODEX_API_KEY", "$OPENAI_API_KEY"))
    return _spec("codex", argv, "arg", "AGENTS.md", env, "codex-jsonl", ("openai",))


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
    ]
    if model:
        argv += ["--model", model]
    argv += ["--message-file", INSTRUCTION_FILE]
    env = (*_QUIET, ("OPENAI_API_BASE", "$OPENAI_BASE_URL"), ("ANTHROPIC_API_BASE", "$ANTHROPIC_BASE_URL/v1/messages"))
    return _spec(
        "aider",
        argv,
        "file",
        "CONVENTIONS.md",
        env,
        "aider-text",
        ("openai", "anthropic"),
        pack_args=("--read", "CONVENTIONS.md"),
    )


def _gemini(model: str | None) -> AgentSpec:
    argv = ["gemini", "--output-format", "json", "--yolo"]
    if model:
        argv += ["-m", model]
    argv.append("-p")
    env = (*_QUIET, ("GEMINI_API_KEY", "$OPENAI_API_KEY"), ("GOOGLE_GEMINI_BASE_URL", "$ANTHROPIC_BASE_URL"))
    return _spec("gemini-cli", argv, "arg", "GEMINI.md", env, "gemini-json", ("google",))


def opencode_model(model: str) -> str:
    """The model name as opencode wants it, `provider/model`.

    A bare name gets `anthropic/` if it starts with `claude`, else `openai/`.
    """
    if "/" in model:
        return model
    return ("anthropic/" if model.startswith("claude") else "openai/") + model


def _opencode(model: str | None) -> AgentSpec:
    argv = ["opencode", "run", "--format", "json"]
    providers: dict[str, dict[str, object]] = {
        "openai": {"options": {"baseURL": "$OPENAI_BASE_URL", "apiKey": "{env:OPENAI_API_KEY}"}},
        "anthropic": {"options": {"baseURL": "$ANTHROPIC_BASE_URL/v1", "apiKey": "{env:ANTHROPIC_API_KEY}"}},
    }
    if model:
        full = opencode_model(model)
        argv += ["-m", full]
        provider, _, name = full.partition("/")
        if provider in providers:
            providers[provider]["models"] = {name: {"name": name}}
    config = {
        "provider": providers,
        "autoupdate": False,
        "share": "disabled",
        "permission": {"edit": "allow", "bash": "allow", "webfetch": "deny"},
    }
    env = (
        *_QUIET,
        ("OPENCODE_CONFIG_CONTENT", json.dumps(config, sort_keys=True)),
        ("OPENCODE_DISABLE_AUTOUPDATE", "1"),
        ("OPENCODE_DISABLE_MODELS_FETCH", "1"),
    )
    return _spec("opencode", argv, "arg", "AGENTS.md", env, "opencode-jsonl", ("openai", "anthropic"))


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
    via: str,
    memory_file: str,
    env: tuple[tuple[str, str], ...],
    claim: ClaimFormat,
    apis: tuple[str, ...],
    pack_args: tuple[str, ...] = (),
) -> AgentSpec:
    return AgentSpec(
        name=name,
        version="unknown",
        command=tuple(argv),
        instruction_via=via,  # type: ignore[arg-type]
        memory_file=memory_file,
        env=env,
        pack_args=pack_args,
        claim_format=claim,
        apis=apis,
    )


VERSION_TIMEOUTS_S = (10.0, 60.0)
"""Limits for `--version`, in seconds: a tool slow to answer (a cold Node start) is asked again
with the longer one before its version is given up as unknown."""


def installed_version(binary: str, timeouts_s: tuple[float, ...] = VERSION_TIMEOUTS_S) -> str:
    """The version of a tool installed on the host, for the run card.

    Args:
        binary: a name looked up on PATH, or a path.
        timeouts_s: the limit of each try, in seconds; a try that runs over is retried with the
            next one.

    Returns:
        The first line `<binary> --version` prints, `not installed` when the binary is not on
        PATH, or `unknown (<why>)` when asking failed (never a word of the command line).
    """
    path = shutil.which(binary)
    if path is None:
        return "not installed"
    why = "not asked"
    for limit in timeouts_s:
        try:
            res = subprocess.run([path, "--version"], capture_output=True, text=True, timeout=limit, check=False)
        except subprocess.TimeoutExpired:
            why = f"--version gave no answer within {limit:g} s"
            continue
        except OSError as exc:
            return f"unknown ({type(exc).__name__}: {exc.strerror or exc})"
        lines = (res.stdout or res.stderr).strip().splitlines()
        if res.returncode == 0 and lines:
            return lines[0][:80]
        return f"unknown (--version exited {res.returncode})" if res.returncode else "unknown (--version printed nothing)"
    return f"unknown ({why})"


def preset(name: str, model: str | None = None, executable: str | None = None) -> AgentSpec:
    """Build a preset's `AgentSpec`.

    Args:
        name: one of `PRESETS`.
        model: the model to ask the tool for (its flag is left out when None: the tool's default).
        executable: shell words run in place of the tool's binary (for a copy installed under
            another name, or a stand-in speaking the same format); the preset's arguments follow.

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
        if shutil.which(words[0]) is None:  # not on the host (a path inside the sandbox): named, never guessed
            return replace(spec, version=f"custom executable: {executable}")
        # found on the host: the version is read from the executable itself, never the command line
        return replace(spec, version=installed_version(words[0]))
    return replace(spec, version=installed_version(spec.command[0]))
