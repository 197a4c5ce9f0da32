"""The presets: their command lines, memory files and variables; a missing binary is a `boot`
fault naming it; an agent whose API the proxy has no upstream for is refused before the run."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from agents_helpers import make_task, run_ab

from memeval.agents import PRESETS, opencode_model, resolve_agent
from memeval.errors import AgentConfigError
from memeval.runner import UpstreamSpec
from memeval.runner._runmeter import check_agent_upstreams

BINARIES = {"claude-code": "claude", "codex": "codex", "aider": "aider", "gemini-cli": "gemini", "opencode": "opencode"}
MEMORY = {
    "claude-code": "CLAUDE.md",
    "codex": "AGENTS.md",
    "aider": "CONVENTIONS.md",
    "gemini-cli": "GEMINI.md",
    "opencode": "AGENTS.md",
}


@pytest.mark.parametrize("name", PRESETS)
def test_each_preset_runs_its_tool_headless_with_its_memory_file(name: str) -> None:
    spec = resolve_agent(name, model="m-1")
    assert spec.command[0] == BINARIES[name]
    assert spec.memory_file == MEMORY[name]
    assert spec.claim_format is not None and spec.apis
    assert "m-1" in " ".join(spec.command)
    assert spec.version == "not installed" or shutil.which(BINARIES[name])
    if spec.instruction_via == "file":
        assert spec.command[-1] == "/run/memeval/instruction.md"


def test_headless_flags() -> None:
    assert resolve_agent("claude-code").command[:5] == ("claude", "-p", "--output-format", "stream-json", "--verbose")
    assert resolve_agent("codex").command[:3] == ("codex", "exec", "--json")
    assert resolve_agent("gemini-cli").command[-1] == "-p"
    assert resolve_agent("opencode").command[:4] == ("opencode", "run", "--format", "json")
    aider = resolve_agent("aider")
    assert "--yes-always" in aider.command and aider.pack_args == ("--read", "CONVENTIONS.md")
    env = dict(aider.env)
    assert env["OPENAI_API_BASE"] == "$OPENAI_BASE_URL"
    assert dict(resolve_agent("codex").env)["CODEX_API_KEY"] == "$OPENAI_API_KEY"


def test_no_model_leaves_the_tool_default_and_opencode_names_the_provider() -> None:
    assert "--model" not in resolve_agent("claude-code").command
    assert opencode_model("claude-sonnet-4-5") == "anthropic/claude-sonnet-4-5"
    assert opencode_model("gpt-5") == "openai/gpt-5"
    assert opencode_model("openrouter/x") == "openrouter/x"


def test_agent_cmd_replaces_only_the_binary() -> None:
    spec = resolve_agent("codex", "/opt/tools/codex-1.2")
    assert spec.command[:3] == ("/opt/tools/codex-1.2", "exec", "--json")
    assert spec.version == "custom executable: /opt/tools/codex-1.2"


def test_unknown_agent_names_the_presets() -> None:
    with pytest.raises(AgentConfigError, match="claude-code, codex, aider, gemini-cli, opencode"):
        resolve_agent("cursor")


@pytest.mark.parametrize("name", ["claude-code", "aider"])
def test_missing_binary_is_a_boot_fault_naming_it(tmp_path: Path, name: str) -> None:
    binary = BINARIES[name]
    if shutil.which(binary):
        pytest.skip(f"{binary} is installed here; this test needs it missing")
    make_task(tmp_path / "tasks", "t")
    code, doc, out = run_ab(
        tmp_path / "runs",
        str(tmp_path / "tasks"),
        "--agent",
        name,
        "--upstream",
        "api=anthropic,url=http://127.0.0.1:9",
    )
    assert code == 3, out  # every trial faulted: the run measured nothing
    for t in doc["trials"]:
        assert t["fault"]["code"] == "boot", t
        assert t["fault"]["message"] == f"agent command not found: {binary}"
        assert t["execution"] == "not_started" and t["physics"]["engine_calls"] == 0


def test_an_agent_whose_api_has_no_upstream_is_refused_before_the_run(tmp_path: Path) -> None:
    make_task(tmp_path / "tasks", "t")
    code, _, out = run_ab(
        tmp_path / "runs",
        str(tmp_path / "tasks"),
        "--agent",
        "claude-code",
        "--upstream",
        "api=openai,url=http://127.0.0.1:9/v1",
    )
    assert code == 2
    assert "speaks anthropic but no such upstream is configured" in out
    assert "--upstream api=anthropic" in out
    code, _, out = run_ab(
        tmp_path / "runs",
        str(tmp_path / "tasks"),
        "--agent",
        "gemini-cli",
        "--upstream",
        "api=openai,url=http://127.0.0.1:9/v1",
    )
    assert code == 2 and "speaks google but no such upstream is configured" in out
    assert "--upstream api=google,url=URL,key_env=VAR" in out
    assert not (tmp_path / "runs").exists() or not any((tmp_path / "runs").iterdir())


@pytest.mark.parametrize("bad", ["api=gemini,url=http://x", "api=openai", "api=openai,url=http://x,key=K"])
def test_bad_upstream_option_is_a_usage_error(tmp_path: Path, bad: str) -> None:
    make_task(tmp_path / "tasks", "t")
    code, _, out = run_ab(tmp_path / "runs", str(tmp_path / "tasks"), "--agent", "nop", "--upstream", bad)
    assert code == 2 and "expected api=openai|anthropic|google,url=BASE_URL" in out


def test_gemini_cli_is_metered_through_a_google_upstream() -> None:
    spec = resolve_agent("gemini-cli")
    assert spec.apis == ("google",)
    env = dict(spec.env)
    assert (env["GOOGLE_GEMINI_BASE_URL"], env["GEMINI_API_KEY"]) == ("$ANTHROPIC_BASE_URL", "$OPENAI_API_KEY")
    google = UpstreamSpec(api="google", base_url="https://generativelanguage.googleapis.com", key_env="K")
    check_agent_upstreams(spec.apis, [google], spec.name)  # accepted: no error
