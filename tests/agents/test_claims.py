"""Each preset's claim parser on output shaped like the tool's own (written here, not recorded)."""

from __future__ import annotations

import json

import pytest

from memeval.agents import CLAIM_FORMATS, parse_claim


def _lines(*objs: object) -> str:
    return "\n".join(json.dumps(o) for o in objs) + "\n"


CLAUDE = _lines(
    {"type": "system", "subtype": "init", "session_id": "s1", "model": "claude-x", "tools": ["Bash"]},
    {
        "type": "assistant",
        "message": {
            "content": [{"type": "text", "text": "Looking."}],
            "usage": {"input_tokens": 10, "output_tokens": 2},
        },
    },
    {"type": "user", "message": {"content": [{"type": "tool_result", "content": "ok"}]}},
    {
        "type": "result",
        "subtype": "success",
        "is_error": False,
        "num_turns": 3,
        "duration_ms": 4100,
        "result": "Fixed the date parser; tests pass.",
        "total_cost_usd": 0.0123,
        "usage": {
            "input_tokens": 12,
            "cache_creation_input_tokens": 300,
            "cache_read_input_tokens": 900,
            "output_tokens": 150,
        },
    },
)


def test_claude_stream_json_keeps_the_result_and_its_usage_as_reported() -> None:
    c = parse_claim("claude-stream-json", "npm warn something\n" + CLAUDE)
    assert c.message == "Fixed the date parser; tests pass."
    assert c.self_reported == {
        "format": "claude-stream-json",
        "usage": {
            "input_tokens": 12,
            "cache_creation_input_tokens": 300,
            "cache_read_input_tokens": 900,
            "output_tokens": 150,
        },
        "cost_usd": 0.0123,
        "turns": 3,
        "error": None,
    }


def test_claude_cut_before_its_result_keeps_the_last_text_and_no_usage() -> None:
    cut = CLAUDE.splitlines()[:2]
    c = parse_claim("claude-stream-json", "\n".join(cut))
    assert c.message == "Looking." and c.self_reported is None


def test_claude_error_result_is_labelled() -> None:
    out = _lines(
        {
            "type": "result",
            "subtype": "error_max_turns",
            "is_error": True,
            "num_turns": 30,
            "total_cost_usd": 1.5,
            "usage": {"input_tokens": 1, "output_tokens": 1},
        }
    )
    c = parse_claim("claude-stream-json", out)
    assert c.self_reported is not None and c.self_reported["error"] == "error_max_turns"


def test_codex_jsonl_sums_turns_and_keeps_the_last_agent_message() -> None:
    out = _lines(
        {"type": "thread.started", "thread_id": "th"},
        {"type": "turn.started"},
        {"type": "item.completed", "item": {"id": "i0", "type": "reasoning", "text": "thinking"}},
        {"type": "item.completed", "item": {"id": "i1", "type": "command_execution", "command": "ls"}},
        {"type": "item.completed", "item": {"id": "i2", "type": "agent_message", "text": "First."}},
        {"type": "turn.completed", "usage": {"input_tokens": 1000, "cached_input_tokens": 600, "output_tokens": 80}},
        {"type": "turn.started"},
        {"type": "item.completed", "item": {"id": "i3", "type": "agent_message", "text": "Done."}},
        {"type": "turn.completed", "usage": {"input_tokens": 500, "cached_input_tokens": 400, "output_tokens": 20}},
    )
    c = parse_claim("codex-jsonl", out)
    assert c.message == "Done."
    assert c.self_reported == {
        "format": "codex-jsonl",
        "turns": 2,
        "cost_usd": None,
        "error": None,
        "usage": {"input_tokens": 1500, "cached_input_tokens": 1000, "output_tokens": 100},
    }


def test_codex_failed_turn_is_an_error_in_the_claim() -> None:
    out = _lines(
        {"type": "turn.started"}, {"type": "turn.failed", "error": {"message": "stream disconnected before completion"}}
    )
    c = parse_claim("codex-jsonl", out)
    assert c.self_reported is not None
    assert c.self_reported["error"] == "stream disconnected before completion" and c.message == ""


AIDER = """\
Aider v0.86.1
Model: openai/gpt-x with diff edit format
I'll update the parser.

delivery.py
Applied edit to delivery.py
Tokens: 4.2k sent, 1.1k cache hit, 352 received. Cost: $0.0098 message, $0.0098 session.
Now the tests pass.
Tokens: 5.0k sent, 120 received. Cost: $0.0061 message, $0.02 session.
"""


def test_aider_text_sums_token_lines_and_takes_the_session_cost() -> None:
    c = parse_claim("aider-text", AIDER)
    assert c.self_reported == {
        "format": "aider-text",
        "turns": 2,
        "cost_usd": 0.02,
        "error": None,
        "usage": {"sent": 9200, "cache_hit": 1100, "received": 472},
    }
    assert c.message.endswith("Now the tests pass.") and "Tokens:" not in c.message


def test_gemini_json_keeps_per_model_tokens() -> None:
    doc = {
        "response": "The capital is Paris.",
        "stats": {
            "models": {
                "gemini-2.5-pro": {
                    "api": {"totalRequests": 2, "totalErrors": 0},
                    "tokens": {
                        "prompt": 2400,
                        "candidates": 20,
                        "total": 2574,
                        "cached": 1200,
                        "thoughts": 154,
                        "tool": 0,
                    },
                }
            },
            "tools": {"totalCalls": 1},
        },
    }
    c = parse_claim("gemini-json", "Loaded cached credentials.\n" + json.dumps(doc, indent=2))
    assert c.message == "The capital is Paris."
    assert c.self_reported is not None and c.self_reported["turns"] == 2
    assert c.self_reported["usage"]["gemini-2.5-pro"]["prompt"] == 2400


def test_gemini_error_object() -> None:
    c = parse_claim("gemini-json", json.dumps({"response": "", "error": {"type": "ApiError", "message": "401"}}))
    assert c.self_reported is not None and c.self_reported["error"] == "401"


def test_opencode_jsonl_sums_steps_and_costs() -> None:
    step = {
        "type": "step-finish",
        "reason": "tool-calls",
        "cost": 0.004,
        "tokens": {"input": 900, "output": 40, "reasoning": 0, "cache": {"read": 100, "write": 0}},
    }
    out = _lines(
        {"type": "step_start", "sessionID": "ses_1", "part": {"type": "step-start"}},
        {"type": "tool_use", "sessionID": "ses_1", "part": {"tool": "bash", "state": {"status": "completed"}}},
        {"type": "step_finish", "sessionID": "ses_1", "part": step},
        {"type": "text", "sessionID": "ses_1", "part": {"type": "text", "text": "All green."}},
        {"type": "step_finish", "sessionID": "ses_1", "part": dict(step, reason="stop", cost=0.001)},
    )
    c = parse_claim("opencode-jsonl", out)
    assert c.message == "All green."
    assert c.self_reported is not None
    assert c.self_reported["turns"] == 2 and c.self_reported["cost_usd"] == pytest.approx(0.005)
    assert c.self_reported["usage"] == {"input": 1800, "output": 80, "reasoning": 0, "cache": {"read": 200, "write": 0}}


@pytest.mark.parametrize("fmt", CLAIM_FORMATS)
def test_output_in_another_shape_is_no_claim_not_an_error(fmt: str) -> None:
    c = parse_claim(fmt, "Traceback (most recent call last):\n  boom\n" if fmt != "aider-text" else "")
    assert c.self_reported is None
    assert c.message in ("", "Traceback (most recent call last):\n  boom")


def test_unknown_format_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match="unknown claim format 'cursor'"):
        parse_claim("cursor", "")  # type: ignore[arg-type]
