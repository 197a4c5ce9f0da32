"""Agents memeval can run: controls (`oracle`, `nop`), any command, or an agent.toml."""

from memeval.agents._spec import BUILTIN, AgentSpec, load_agent_file, resolve_agent

__all__ = ["BUILTIN", "AgentSpec", "load_agent_file", "resolve_agent"]
