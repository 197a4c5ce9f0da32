"""Read every recorded 200 answer of the four metered APIs in a pydantic-ai snapshot; print one JSON object.

Walks the `cassettes` YAML files of a local clone (`--repo`, at its HEAD), keeps each interaction answered 200 on
Anthropic Messages, OpenAI Chat Completions or Responses, or Gemini `generateContent` / `streamGenerateContent`, and
reads it with `memeval.meter.parse_body` / `parse_stream` (a stream when its content type is `text/event-stream`).
Prints (stdout) `{"<path>#<n>": [api, input, output, completed, hosted_tool_calls, hosted_billed_apart, error[:60],
cost, tool_calls]}`, `cost` the call's cost as the proxy records it (`memeval.meter._unpriced.call_cost`: the
request's model and service tier, the response's model, priced at `--at`): USD to 10 decimals, or the reason for none.
Cassettes whose blob the clone lacks are named on stderr, not read.
Run it with main's tree and with a branch's (`PYTHONPATH`) and compare the two outputs: the readings a change moved.

    PYTHONPATH=$PWD .venv/bin/python bench/meter_cassette_replay.py --repo /path/to/pydantic-ai > branch.json
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from datetime import UTC, datetime
from typing import Any

import yaml

from memeval.meter import PriceBook, parse_body, parse_stream
from memeval.meter._prices import request_tier
from memeval.meter._providers import wire_api

try:
    from memeval.meter._unpriced import call_cost
except ImportError:  # a tree before count34 priced inside the proxy's record: its same steps, for a comparison
    from memeval.meter._unpriced import billed_apart, billed_apart_words, hosted_unpriced, tokens_only_priced

    def call_cost(prices, usage, *, provider, models, at, tier=None, long_cache=False):  # type: ignore[no-untyped-def]
        cost = prices.cost(usage, provider=provider, models=models, at=at)
        if usage.hosted_billed_apart and cost.cost_usd is not None:
            cost = hosted_unpriced(cost, usage.hosted_billed_apart)
        elif usage.hosted_tool_calls and cost.cost_usd is not None:
            cost = tokens_only_priced(cost, usage.hosted_tool_calls)
        apart = billed_apart_words(usage, tier, long_cache)
        return billed_apart(cost, apart) if apart is not None and cost.cost_usd is not None else cost


_APIS = (
    ("count_tokens", None),
    ("/v1/messages", "anthropic-messages"),
    ("/chat/completions", "openai-chat"),
    ("/responses", "openai-responses"),
    (":generateContent", "gemini-generate-content"),
    (":streamGenerateContent", "gemini-generate-content"),
)


def api_of(uri: str) -> str | None:
    """The wire API a request URI calls, or None for one the meter does not read (a token count, an upload...)."""
    for marker, api in _APIS:
        if marker in uri:
            return api
    return None


PRICES = PriceBook()


def priced(api: str, usage: Any, request: dict[str, Any], at: datetime) -> float | str:
    """`usage`'s cost as the proxy records it (`call_cost`), USD to 10 decimals, or the reason it has none."""
    provider, _ = wire_api(api)
    doc = request.get("parsed_body")
    body = json.dumps(doc).encode() if doc is not None else b""
    uri = str(request.get("uri", ""))
    model = doc.get("model") if isinstance(doc, dict) else None
    if api == "gemini-generate-content":
        model = uri.split("/models/")[-1].split(":")[0] if "/models/" in uri else None
    cost = call_cost(
        PRICES,
        usage,
        provider=provider.genai_prices_id,
        models=(usage.model, model if isinstance(model, str) else None),
        at=at,
        tier=request_tier(doc),
        long_cache=provider.asks_long_cache(body, doc),
    )
    return round(cost.cost_usd, 10) if cost.cost_usd is not None else str(cost.reason)


def reading(api: str, response: dict[str, Any], request: dict[str, Any], at: datetime) -> list[Any] | None:
    """What the meter reads from one recorded response (see the module docstring), or None without a body."""
    headers = response.get("headers") or {}
    kind = headers.get("content-type") or [""]
    kind = kind[0] if isinstance(kind, list) else str(kind)
    if "parsed_body" in response:
        usage = parse_body(api, json.dumps(response["parsed_body"]).encode())
    elif "body" in response:
        raw = response["body"].get("string", "") if isinstance(response["body"], dict) else response["body"]
        data = raw.encode() if isinstance(raw, str) else bytes(raw)
        usage = parse_stream(api, [data]) if "event-stream" in kind else parse_body(api, data)
    else:
        return None
    apart = getattr(usage, "hosted_billed_apart", "n/a")  # main before count32 has no such field
    return [api, usage.input_tokens, usage.output_tokens, usage.completed, usage.hosted_tool_calls, apart,
            (usage.error or "")[:60], priced(api, usage, request, at), usage.tool_calls]  # fmt: skip


def main() -> int:
    """Print the readings of every recorded answer of `--repo`'s cassettes as one JSON object; 0."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repo", required=True, help="a local git clone of pydantic/pydantic-ai")
    parser.add_argument("--at", default="2026-12-07", help="the day every answer is priced at (UTC, YYYY-MM-DD)")
    args = parser.parse_args()
    repo, at = args.repo, datetime.fromisoformat(args.at).replace(tzinfo=UTC)
    names = subprocess.run(
        ["git", "-C", repo, "ls-tree", "-r", "--name-only", "HEAD"], capture_output=True, text=True, check=True
    ).stdout.split()
    out: dict[str, Any] = {}
    absent = []
    for name in (n for n in names if n.endswith(".yaml") and "cassettes" in n):
        shown = subprocess.run(["git", "-C", repo, "show", f"HEAD:{name}"], capture_output=True, text=True)
        if shown.returncode != 0:  # a blob the clone lacks (a partial snapshot leaves its largest files out)
            absent.append(name)
            continue
        for n, interaction in enumerate((yaml.safe_load(shown.stdout) or {}).get("interactions") or []):
            api = api_of(str(interaction.get("request", {}).get("uri", "")))
            response = interaction.get("response") or {}
            if api is None or (response.get("status") or {}).get("code") != 200:
                continue
            read = reading(api, response, interaction.get("request") or {}, at)
            if read is not None:
                out[f"{name}#{n}"] = read
    json.dump(out, sys.stdout)
    print(f"{len(out)} answers read; {len(absent)} cassette(s) absent from the clone: {absent}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
