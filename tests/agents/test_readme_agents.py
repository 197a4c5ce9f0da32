"""README's table of tested agents says what the CI matrix runs: the same tools, versions and APIs."""

from __future__ import annotations

from pathlib import Path

from test_real_agents import MATRIX

from memeval.agents import PRESETS, TESTED

README = Path(__file__).resolve().parents[2] / "README.md"
API_LABEL = {
    "/v1/messages": "Anthropic Messages",
    "/v1/responses": "OpenAI Responses",
    "/v1/chat/completions": "OpenAI Chat Completions",
    ":streamGenerateContent": "Gemini streamGenerateContent",
}


def _rows() -> dict[str, list[str]]:
    text = README.read_text(encoding="utf-8")
    table = text.split("<!-- agents-matrix:start -->", 1)[1].split("<!-- agents-matrix:end -->", 1)[0]
    rows = [[c.strip() for c in line.strip().strip("|").split("|")] for line in table.strip().splitlines()[2:]]
    return {r[0]: r for r in rows}


def test_readme_table_matches_the_ci_matrix() -> None:
    rows = _rows()
    assert set(rows) == {c.preset for c in MATRIX} == set(PRESETS)
    for c in MATRIX:
        tool, version, api, metered, _notes = rows[c.preset]
        assert version == TESTED[c.preset], (tool, version)
        assert api.startswith(API_LABEL[c.wire]), (tool, api)
        assert ("streamed" in api) == (c.streamed and c.wire != ":streamGenerateContent"), (tool, api)
        assert metered == "every call: tokens and cost"


def test_setup_installs_the_tested_versions() -> None:
    setup = (README.parent / "scripts" / "setup").read_text(encoding="utf-8")
    for name, version in TESTED.items():
        package = {
            "claude-code": "@anthropic-ai/claude-code@",
            "codex": "@openai/codex@",
            "gemini-cli": "@google/gemini-cli@",
            "opencode": "opencode-ai@",
            "aider": "aider-chat==",
        }[name]
        assert package + version in setup, name
