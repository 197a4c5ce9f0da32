"""The presets: their command lines, memory files and variables; an agent whose API the proxy has no
upstream for, and then a binary on neither the host nor any task's world, are refused before the run."""

from __future__ import annotations

import json
import shutil
import time
from pathlib import Path

import pytest
from agents_helpers import make_task, run_ab

from memeval.agents import PRESETS, TESTED, agent_argv, opencode_model, resolve_agent
from memeval.agents._locate import Located, forbidden_mount, locate, package_version
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
    assert "--yes-always" in aider.command and aider.pack_args == ("--read", "{memory_file}")
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
    assert spec.version == "not installed"  # read from the executable, never from the command line


def test_unknown_agent_names_the_presets() -> None:
    with pytest.raises(AgentConfigError, match="claude-code, codex, aider, gemini-cli, opencode"):
        resolve_agent("cursor")


@pytest.mark.parametrize("name", ["claude-code", "aider"])
def test_missing_binary_is_refused_before_the_run_naming_it_and_the_install(tmp_path: Path, name: str) -> None:
    """On main every trial ran and ended as a `boot` fault (exit 3, 2 trials measuring nothing)."""
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
    assert code == 2 and not doc, out  # a usage error: nothing ran
    flat = " ".join(out.split())
    assert f"agent {name}: program '{binary}' is not installed" in flat, out
    assert "every trial would end as a boot fault" in flat and "--agent-cmd PATH" in flat, out
    package = "@anthropic-ai/claude-code@" if name == "claude-code" else "aider-chat=="
    assert package + TESTED[name] in flat and f"docs/agents/{name}.md" in flat, out
    assert not (tmp_path / "runs").exists() or not any((tmp_path / "runs").iterdir())


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


@pytest.mark.parametrize(
    ("bad", "fault"),
    [
        (
            "api=gemini,url=http://x",
            "api 'gemini' is not one memeval speaks: use api=openai, api=anthropic or api=google",
        ),
        ("api=openai", "no url; each --upstream needs api and url"),
        ("api=openai,url=http://x,key=K", "'key' is not a key it takes (did you mean 'key_env'?)"),
    ],
)
def test_bad_upstream_option_is_a_usage_error(tmp_path: Path, bad: str, fault: str) -> None:
    """Each bad `--upstream` is one line naming the value, the part at fault and an example."""
    make_task(tmp_path / "tasks", "t")
    code, _, out = run_ab(tmp_path / "runs", str(tmp_path / "tasks"), "--agent", "nop", "--upstream", bad)
    assert code == 2, out
    assert f"--upstream '{bad}': " in out and fault in out, out
    assert not (tmp_path / "runs").exists() or not any((tmp_path / "runs").iterdir())


def test_gemini_cli_is_metered_through_a_google_upstream() -> None:
    spec = resolve_agent("gemini-cli")
    assert spec.apis == ("google",)
    env = dict(spec.env)
    assert env["GEMINI_CLI_TRUST_WORKSPACE"] == "true"  # the proxy variables come from the runner
    settings = json.loads(dict(spec.home_files)[".gemini/settings.json"])
    assert settings["security"]["auth"]["selectedType"] == "gemini-api-key"
    google = UpstreamSpec(api="google", base_url="https://generativelanguage.googleapis.com", key_env="K")
    check_agent_upstreams(spec.apis, [google], spec.name)  # accepted: no error


@pytest.mark.parametrize(
    ("name", "model", "upstream", "says"),
    [
        ("claude-code", None, "api=openai,url=http://127.0.0.1:9/v1", "--upstream api=anthropic"),
        ("codex", None, "api=anthropic,url=http://127.0.0.1:9", "--upstream api=openai"),
        ("gemini-cli", None, "api=openai,url=http://127.0.0.1:9/v1", "--upstream api=google"),
        ("opencode", None, "api=openai,url=http://127.0.0.1:9/v1", "--model"),
        ("opencode", "claude-sonnet-4-5", "api=openai,url=http://127.0.0.1:9/v1", "--upstream api=anthropic"),
        (
            "aider",
            "claude-sonnet-4-5",
            "api=openai,url=http://127.0.0.1:9/v1",
            "pass --model with a model served by openai",
        ),
    ],
)
def test_a_preset_whose_model_has_no_upstream_is_refused_fast_with_the_fix(
    tmp_path: Path, name: str, model: str | None, upstream: str, says: str
) -> None:
    make_task(tmp_path / "tasks", "t")
    args = ["--agent", name, "--upstream", upstream] + (["--model", model] if model else [])
    t0 = time.monotonic()
    code, _, out = run_ab(tmp_path / "runs", str(tmp_path / "tasks"), *args)
    took = time.monotonic() - t0
    assert code == 2 and says in out, out
    assert len(set(out.strip().splitlines())) == 1, out  # one message (the helper shows it twice)
    assert not (tmp_path / "runs").exists() or not any((tmp_path / "runs").iterdir())
    print(f"{name} refused in {took:.2f} s")  # the figure the issue asks about (< 5 s); not asserted


def test_memory_placeholder_words_go_to_the_pack_arm_only() -> None:
    spec = resolve_agent("command", "aider --yes-always --read {memory_file} --msg=x --conv={memory_file}")
    assert agent_argv(spec, None)[1:] == ["--yes-always", "--msg=x"]
    assert agent_argv(spec, "/app/MEMORY.md")[1:] == [
        "--yes-always",
        "--read",
        "/app/MEMORY.md",
        "--msg=x",
        "--conv=/app/MEMORY.md",
    ]
    aider = resolve_agent("aider", model="gpt-4.1")
    assert agent_argv(aider, "/app/CONVENTIONS.md")[-2:] == ["--read", "/app/CONVENTIONS.md"]
    assert "--read" not in agent_argv(aider, None)


def test_a_tool_outside_the_system_folders_is_bound_read_only_and_named_on_the_card(tmp_path: Path) -> None:
    prefix = tmp_path / "prefix"
    (prefix / "lib" / "node_modules" / "fake-tool" / "bin").mkdir(parents=True)
    (prefix / "bin").mkdir()
    real = prefix / "lib" / "node_modules" / "fake-tool" / "bin" / "tool.sh"
    real.write_text("#!/bin/sh\necho ran-from-prefix > /app/ran.txt\n")
    real.chmod(0o755)
    (prefix / "lib" / "node_modules" / "fake-tool" / "package.json").write_text(
        '{"name": "fake-tool", "version": "3.2.1"}'
    )
    (prefix / "bin" / "fake-tool").symlink_to(real)
    found = locate("fake-tool", f"{prefix / 'bin'}:/usr/bin")
    assert found is not None and found.mounts == (str(prefix),) and found.path_dirs == (str(prefix / "bin"),)
    assert package_version(found.path) == "fake-tool 3.2.1"
    assert locate("sh") == Located("/usr/bin/sh", (), ()) or locate("sh") == Located("/bin/sh", (), ())
    assert not forbidden_mount(str(prefix)) and forbidden_mount("/etc/x")
