"""Loading the recorded provider responses in `tests/fixtures/meter/` (provenance in its README)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "meter"

API_OF = {
    "anthropic": "anthropic-messages",
    "openai-chat": "openai-chat",
    "openai-responses": "openai-responses",
}
PATH_OF = {
    "anthropic-messages": "/v1/messages",
    "openai-chat": "/v1/chat/completions",
    "openai-responses": "/v1/responses",
}


@dataclass(frozen=True)
class Recorded:
    name: str
    api: str
    provider: str
    status: int
    stream: bool
    headers: dict[str, str]
    body: bytes
    expected: dict[str, Any]

    def chunks(self) -> list[bytes]:
        """The stream split into its recorded events (each with its blank line), or the body."""
        if not self.stream:
            return [self.body]
        parts = self.body.split(b"\n\n")
        out = [p + b"\n\n" for p in parts[:-1]]
        if parts[-1]:
            out.append(parts[-1])
        return out


def load() -> list[Recorded]:
    index_file = FIXTURES / "index.json"
    if not index_file.is_file():
        raise FileNotFoundError(f"meter fixtures missing: {index_file} (restore tests/fixtures/meter/ from git)")
    index = json.loads(index_file.read_text())
    out = []
    for fixture in index["fixtures"]:
        api = API_OF[fixture["api"]]
        for response in fixture["responses"]:
            out.append(
                Recorded(
                    name=response["file"],
                    api=api,
                    provider=fixture["provider"],
                    status=response["status"],
                    stream=response["stream"],
                    headers=response["headers"],
                    body=(FIXTURES / response["file"]).read_bytes(),
                    expected=response["expected"],
                )
            )
    if not out:
        raise FileNotFoundError(f"no fixtures listed in {index_file}")
    return out


RECORDED = load()


def expected_view(reading: Any) -> dict[str, Any]:
    """The fields of a reading (ParsedUsage or ModelCall) named as in index.json's `expected`."""
    return {
        "input_tokens": reading.input_tokens,
        "output_tokens": reading.output_tokens,
        "cache_read_tokens": reading.cache_read_tokens,
        "cache_write_tokens": reading.cache_write_tokens,
        "reasoning_tokens": reading.reasoning_tokens,
        "tool_calls": reading.tool_calls,
        "hosted_tool_calls": reading.hosted_tool_calls,
        "complete": reading.completed,
        "error": reading.error,
        "model": getattr(reading, "response_model", None) or getattr(reading, "model", None),
        "uncached_input_tokens": reading.uncached_input_tokens,
    }


def matches(reading: Any, expected: dict[str, Any]) -> dict[str, Any]:
    """The view restricted to the keys the fixture states (uncached is stated for Anthropic)."""
    view = expected_view(reading)
    return {key: view[key] for key in expected}
