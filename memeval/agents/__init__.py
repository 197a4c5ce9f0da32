"""Agents memeval can run: controls, any command, presets for real coding agents, agent.toml.

The controls are `oracle` and `nop`; the presets are `claude-code`, `codex`, `aider`,
`gemini-cli` and `opencode`.

A preset's final message and self-reported usage are read by `parse_claim` and kept as a claim,
never as a measurement.
"""

from memeval.agents._claims import CLAIM_FORMATS, Claim, ClaimFormat, parse_claim
from memeval.agents._locate import SYSTEM_PATH, SYSTEM_ROOTS, host_files_named
from memeval.agents._presets import INSTALL, PRESETS, TESTED, api_of_model, installed_version, opencode_model, preset
from memeval.agents._spec import BUILTIN, AgentSpec, agent_argv, resolve_agent

__all__ = [
    "AgentSpec",
    "BUILTIN",
    "CLAIM_FORMATS",
    "Claim",
    "ClaimFormat",
    "INSTALL",
    "PRESETS",
    "SYSTEM_PATH",
    "SYSTEM_ROOTS",
    "TESTED",
    "agent_argv",
    "api_of_model",
    "host_files_named",
    "installed_version",
    "opencode_model",
    "parse_claim",
    "preset",
    "resolve_agent",
]
