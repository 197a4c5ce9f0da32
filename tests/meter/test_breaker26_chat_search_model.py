"""A call to an OpenAI Chat search model has no known cost from its tokens alone (breaker26, 2026-12-05).

OpenAI's Chat Completions search models (`gpt-4o-search-preview`, `gpt-4o-mini-search-preview`, `gpt-5-search-api`)
search the web on every call, billed per call beside the tokens (about 35 USD a thousand calls for
gpt-4o-search-preview against 0.0035 USD of tokens for a 1,000-token prompt), and their answer carries no tool item
for it. The meter priced such a call on its tokens alone: a known cost ten times too low, where a Responses call
whose provider ran a search is `unpriced` (`hosted_tool_calls`). Now the call counts one provider-run tool use and
is `unpriced` the same way. The real proxy between a real httpx client and a real local upstream over loopback,
the replies recorded ones with the model renamed.
"""

from __future__ import annotations

import json

import httpx
import pytest
from meter_fixtures import RECORDED
from meter_rig import Rig
from meter_upstream import Reply

from memeval.types import HOSTED_TOOLS_NOTE

BODY = next(r for r in RECORDED if r.name == "openai-chat/12-recorded-prompt-cache-write-then-read/2-200.json")
STREAM = next(r for r in RECORDED if r.name == "openai-chat/11-sse-parallel-tool-calls-include-usage.sse")


def _call(rig: Rig, reply: Reply, model: str, *, stream: bool) -> object:
    rig.upstream.push(reply)
    key = rig.proxy.register_trial(f"t-{model}-{stream}")
    request = {"model": model, "messages": [{"role": "user", "content": "news today?"}], "stream": stream}
    with httpx.Client(base_url=rig.proxy.base_url, timeout=10) as client:
        r = client.post("/v1/chat/completions", json=request, headers={"authorization": f"Bearer {key}"})
    assert r.status_code == 200, r.text
    return rig.next_call()


def _renamed_body(model: str) -> Reply:
    body = json.loads(BODY.body)
    body["model"] = model
    return Reply(200, headers=dict(BODY.headers), chunks=[json.dumps(body).encode()], content_length=True)


def _renamed_stream(model: str) -> Reply:
    recorded = json.loads(b"".join(STREAM.chunks()).split(b"data: ", 2)[1].split(b"\n", 1)[0])["model"]
    chunks = [c.replace(f'"model":"{recorded}"'.encode(), f'"model":"{model}"'.encode()) for c in STREAM.chunks()]
    return Reply(200, headers=dict(STREAM.headers), chunks=chunks)


@pytest.mark.parametrize("model", ["gpt-4o-search-preview", "gpt-4o-mini-search-preview-2025-03-11"])
@pytest.mark.parametrize("stream", [False, True], ids=["body", "stream"])
def test_a_search_model_call_is_unpriced_not_priced_on_its_tokens(rig: Rig, model: str, stream: bool) -> None:
    reply = _renamed_stream(model) if stream else _renamed_body(model)
    call = _call(rig, reply, model, stream=stream)
    assert call.response_model == model and call.input_tokens, call  # its tokens are read as before
    assert call.hosted_tool_calls == 1, call  # main: 0
    assert call.cost.cost_usd is None and call.cost.reason == "unpriced", call.cost  # main: priced on tokens
    assert HOSTED_TOOLS_NOTE in (call.cost.price_source or ""), call.cost


def test_a_model_that_does_not_search_is_priced_as_before(rig: Rig) -> None:
    call = _call(rig, _renamed_body("gpt-4o-mini"), "gpt-4o-mini", stream=False)
    assert call.hosted_tool_calls == 0 and call.cost.cost_usd is not None, call
