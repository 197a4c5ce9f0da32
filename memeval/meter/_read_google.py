"""Usage from the Gemini API's `generateContent` and `streamGenerateContent` answers.

Wire format (ai.google.dev API reference, "Generating content": `GenerateContentResponse` and
its `UsageMetadata`): `usageMetadata` has `promptTokenCount` (the whole prompt, cached part
included), `cachedContentTokenCount` (the cached part of it), `candidatesTokenCount` (the answer,
thinking excluded), `thoughtsTokenCount` (thinking, billed as output) and
`toolUsePromptTokenCount` (results of the provider's own tools, billed as input); `totalTokenCount` is their sum
(all but `cachedContentTokenCount`), and a count that is 0 is left out, as proto3 JSON does (`_against_total`).
`serviceTier` names the tier of the call (`standard`, ...), read when the `x-gemini-service-tier` header named
none. The response names its model in `modelVersion`; a candidate's `finishReason` (or the prompt's
`promptFeedback.blockReason`) ends it; `functionCall` parts ask the client to run a tool and `executableCode` and
`toolCall` parts are tools the provider ran itself, as are the searches a candidate's `groundingMetadata` names
(grounding with Google Search or Maps, billed beyond the tokens; code execution, File Search and URL context are
billed as tokens only: `_code_execution`, `_server_tool`, `_url_context`). With `?alt=sse` every SSE event is a
whole `GenerateContentResponse` whose `usageMetadata` is a running total: the last one seen wins,
field by field it replaces the earlier one (nothing is added). Without `alt=sse` the stream is
one JSON array of the same objects. Errors are `{"error": {"code", "message", "status"}}`.
Every event of a stream names the same `responseId` (all 80 events of the 18 recorded streams in pydantic-ai's
cassettes): an event naming another opens a second answer (a relay that retried a cut stream inside the same
response), whose usage the last event covers alone, and the call is unmeasured (`UsageState.open_answer`).

A stream's answer counts (`candidatesTokenCount`, `thoughtsTokenCount`) are final only in the event
that ends it (the `finishReason` of its last candidate still going, as many as the request's `candidateCount` asked
for, or the prompt's `blockReason`) or after it: before, they are the
answer so far, and a stream cut there (the provider closing early, the proxy stopping) has no
output count, so its cost is unknown rather than a known figure below the billed one (as
Anthropic's `message_start` placeholder is never taken). The prompt's count is whole from the
first event and is kept.

Mapped to `ParsedUsage`: `input_tokens` = `promptTokenCount` + `toolUsePromptTokenCount`,
`cache_read_tokens` = `cachedContentTokenCount`, `output_tokens` = `candidatesTokenCount` +
`thoughtsTokenCount`, `reasoning_tokens` = `thoughtsTokenCount`. Gemini reports no cache writes
per call (explicit caches are created through another endpoint), so `cache_write_tokens` is None.
"""

from __future__ import annotations

import json
from typing import Any

from memeval.meter import _google as paths
from memeval.meter._errors import error_status
from memeval.meter._provider import REFUSAL_STATUS, Headers, ModelProvider, Refusal, Route, WireApi
from memeval.meter._turns import Turn, as_text, cut, new_messages, sse_data
from memeval.meter._usage import UsageState, as_dict, as_list, read_count


def new_state() -> UsageState:
    """An empty accumulator for Gemini (`promptTokenCount` already includes the cached part)."""
    return UsageState(input_is_total=True)


def _error(obj: dict[str, Any]) -> str:
    kind = obj.get("status") or obj.get("code") or "error"
    return f"{kind}: {obj.get('message', '')}".strip()


def _usage(state: UsageState, usage: dict[str, Any], *, final: bool) -> None:
    """Replace the reading with this usage object (a stream's last one wins).

    `final`: the object is the response's last word on its answer (a body, or a stream's event at or after the one
    that ends it). When False its answer counts are the running total so far and are not taken: the output count
    stays None until a final object gives it, so a stream cut before its end is not priced as known.
    """
    prompt = read_count(state, usage, "promptTokenCount", "usageMetadata.")
    tool_prompt = read_count(state, usage, "toolUsePromptTokenCount", "usageMetadata.")
    answer = read_count(state, usage, "candidatesTokenCount", "usageMetadata.")
    thoughts = read_count(state, usage, "thoughtsTokenCount", "usageMetadata.")
    total = read_count(state, usage, "totalTokenCount", "usageMetadata.")
    state.input_raw = None if prompt is None else prompt + (tool_prompt or 0)
    state.cache_read_tokens = read_count(state, usage, "cachedContentTokenCount", "usageMetadata.")
    if not final:
        answer = thoughts = None
    elif total is not None and prompt is not None:
        answer, thoughts = _against_total(state, total, prompt, tool_prompt, answer, thoughts)
    state.reasoning_tokens = thoughts
    if answer is None and thoughts is None:
        state.output_tokens = None
    else:
        state.output_tokens = (answer or 0) + (thoughts or 0)
    state.final_usage = prompt is not None and state.output_tokens is not None
    tier = usage.get("serviceTier")
    if state.service_tier is None and isinstance(tier, str) and tier:
        state.service_tier = tier  # the `x-gemini-service-tier` header, read first, wins (`WireApi.tier_header`)
    state.audio_tokens = sum(
        read_count(state, part, "tokenCount", f"usageMetadata.{key}[AUDIO].") or 0
        for key in _MODALITY_DETAILS
        for part in map(as_dict, as_list(usage.get(key)))
        if part.get("modality") == "AUDIO"
    )
    state.image_output_tokens = sum(
        read_count(state, part, "tokenCount", "usageMetadata.candidatesTokensDetails[IMAGE].") or 0
        for part in map(as_dict, as_list(usage.get("candidatesTokensDetails")))
        if part.get("modality") == "IMAGE"
    )


TOTAL_PARTS = "promptTokenCount + toolUsePromptTokenCount + candidatesTokenCount + thoughtsTokenCount"
"""The counts whose sum `totalTokenCount` is (Gemini API reference, `UsageMetadata`)."""


def _against_total(
    state: UsageState, total: int, prompt: int, tool_prompt: int | None, answer: int | None, thoughts: int | None
) -> tuple[int | None, int | None]:
    """The answer's counts (candidates, thoughts) of a final `usageMetadata`, checked against its `totalTokenCount`.

    `totalTokenCount` is the sum of `TOTAL_PARTS`, and the API writes its JSON as proto3 does, leaving out a count
    that is 0: a prompt the safety filters stopped answers `{"promptTokenCount": 14, "totalTokenCount": 14}` and
    a thinking model cut by `maxOutputTokens` before its answer `{"promptTokenCount": 15, "thoughtsTokenCount": 2,
    "totalTokenCount": 17}` (both recorded, `tests/fixtures/meter/gemini`). When the counts given add up to the
    total, a count left out is 0: such a call used its prompt (and thinking) and is priced, where before it read as
    unmeasured. When they do not, a part of the total is in no count the meter prices (a count left out that was not
    0, or one it does not know): `state.unsummed` says so and the call is unmeasured, not a known cost below its bill.
    All 540 recorded `usageMetadata` with a total in pydantic-ai's generateContent cassettes add up so.

    Args:
        state: the reading; its `unsummed` is set when the counts do not add up.
        total: `totalTokenCount`, tokens.
        prompt: `promptTokenCount`, tokens.
        tool_prompt: `toolUsePromptTokenCount`, or None when left out.
        answer: `candidatesTokenCount`, or None when left out.
        thoughts: `thoughtsTokenCount`, or None when left out.

    Returns:
        (candidates, thoughts): each as given, or 0 for one left out when the given counts add up to the total.
    """
    given = prompt + (tool_prompt or 0) + (answer or 0) + (thoughts or 0)
    if given == total:
        return answer or 0, thoughts
    if state.unsummed is None:
        state.unsummed = f"usageMetadata.totalTokenCount ({total}) is not {TOTAL_PARTS} ({given})"
    return answer, thoughts


_MODALITY_DETAILS = (
    "promptTokensDetails",
    "cacheTokensDetails",
    "candidatesTokensDetails",
    "toolUsePromptTokensDetails",
)
"""`usageMetadata` lists of `{modality, tokenCount}`: where audio tokens, billed at their own rates, are counted."""


def read_chunk(state: UsageState, obj: Any, position: int, *, whole: bool = False) -> None:
    """Fill `state` from one `GenerateContentResponse` (a body, or one event of a stream).

    Args:
        state: the accumulator.
        obj: the parsed JSON object.
        position: the object's index in its stream (0 for a body), to key tool calls without ids.
        whole: the object is a whole non-streamed body, whose usage is final whatever it holds; a stream's event
            carries final answer counts only if it, or an event before it, ends the response.
    """
    chunk = as_dict(obj)
    if chunk.get("error"):
        state.error = _error(as_dict(chunk["error"]))
        state.error_status = error_status({}, as_dict(chunk["error"]).get("code"))  # Gemini's `code` is the status
        return
    if not any(k in chunk for k in ("candidates", "usageMetadata", "promptFeedback")):
        state.error = "the body is not a Gemini GenerateContentResponse"
        return
    state.response_seen = True
    answer_id = chunk.get("responseId")
    if not whole and isinstance(answer_id, str) and answer_id:
        state.open_answer("an event naming another `responseId`", answer_id)
    if isinstance(chunk.get("modelVersion"), str) and chunk["modelVersion"]:
        state.model = chunk["modelVersion"]
    candidates = list(map(as_dict, as_list(chunk.get("candidates"))))
    for c_index, candidate in enumerate(candidates):
        if candidate.get("finishReason"):
            state.answers_ended.add(_index(candidate, c_index))
    # Each candidate ends on its own: with `candidateCount` > 1 the first `finishReason` leaves the others generating,
    # and the usage beside it is their running total, not the billed one.
    ends = bool(as_dict(chunk.get("promptFeedback")).get("blockReason")) or len(state.answers_ended) >= (
        1 if whole else state.answers
    )
    if isinstance(chunk.get("usageMetadata"), dict):
        _usage(state, chunk["usageMetadata"], final=whole or ends or state.terminal)
    if ends:
        state.terminal = True
    for c_index, candidate in enumerate(candidates):
        parts = as_list(as_dict(candidate.get("content")).get("parts"))
        for p_index, part in enumerate(map(as_dict, parts)):
            key = f"{position}.{_index(candidate, c_index)}.{p_index}"
            call = as_dict(part.get("functionCall"))
            if call:
                state.add_tool(str(call.get("id") or key), str(call.get("name") or "functionCall"))
            elif part.get("executableCode"):
                _code_execution(state, key)
            elif isinstance(part.get("toolCall"), dict):
                _server_tool(state, _index(candidate, c_index), part["toolCall"])
        _url_context(state, _index(candidate, c_index), as_dict(candidate.get("urlContextMetadata")))
        _grounded(state, _index(candidate, c_index), as_dict(candidate.get("groundingMetadata")))


def _code_execution(state: UsageState, key: str) -> None:
    """Count an `executableCode` part, code the provider ran, as a tool use billed as tokens only.

    "There's no additional charge for enabling code execution from the Gemini API. You'll be billed at the current
    rate of input and output tokens" (Gemini API docs, "Code execution", Billing,
    https://ai.google.dev/gemini-api/docs/code-execution): the code and its result come back in the usage's counts
    (`toolUsePromptTokenCount`, recorded in `tests/fixtures/meter/gemini/32-...`), so the call is priced at its
    tokens. Anthropic's code execution (by the container hour) and OpenAI's code interpreter (by the container) are
    billed apart and stay unpriced.
    """
    state.hosted_tokens_only.add(key)


_GROUNDED = (
    "webSearchQueries",
    "groundingChunks",
    "retrievalQueries",
    "searchEntryPoint",
    "googleMapsWidgetContextToken",
)
"""`GroundingMetadata` fields that say a grounding tool ran (Google Search, Google Maps, a retrieval source)."""


def _grounded(state: UsageState, candidate: int, grounding: dict[str, Any]) -> None:
    """Count a candidate's grounding as tool uses the provider ran itself (`state.hosted`).

    Grounding with Google Search is billed per grounded prompt (Gemini 2.5 and older) or per search query (Gemini 3),
    and with Google Maps per grounded prompt, beyond the tokens (Gemini API pricing), so a grounded call's tokens
    are not its cost. A use per search query the candidate names (`webSearchQueries`), else one for a candidate
    whose metadata names any grounding at all. Keyed by candidate and query, so the metadata a stream repeats in
    later events is counted once.
    """
    if not any(grounding.get(k) for k in _GROUNDED):
        return
    if _file_search_only(grounding):  # billed as tokens only (`_server_tool`)
        state.hosted_tokens_only.add(f"file_search.{candidate}")
        return
    pages = _cited_pages(grounding)
    if pages is not None:  # the URL context's citations, or a grounding: decided at the end (`hosted_uses`)
        state.grounded_pages.setdefault(candidate, set()).update(pages)
        return
    queries = as_list(grounding.get("webSearchQueries"))
    for n, query in enumerate(queries):
        state.hosted.add(f"search.{candidate}.{query}" if isinstance(query, str) else f"grounding.{candidate}.{n}")
    if not queries:
        state.hosted.add(f"grounding.{candidate}.0")


def _server_tool(state: UsageState, candidate: int, call: dict[str, Any]) -> None:
    """Count a `toolCall` part, a tool the provider ran itself, as tool uses (`state.hosted`).

    Gemini 3 names its built-in tools' runs in the answer's parts: `{"toolCall": {"toolType": "GOOGLE_SEARCH_WEB",
    "args": {"queries": [...]}, "id"}}` then its `toolResponse` (recorded, `tests/fixtures/meter/gemini/25-...`),
    and an answer that ends in a function call may carry no `groundingMetadata` at all: its searches, billed per
    query, were priced as a known cost of tokens alone. A use per query, keyed as `_grounded` keys the same query
    (a search named in both is counted once); for a call naming none, the candidate's one grounding use, as
    `_grounded` counts it. A `FILE_SEARCH` call (recorded, `tests/fixtures/meter/gemini/28-...`, beside a grounding
    of the store's chunks) is the candidate's one File Search use, keyed as `_grounded` keys it, and billed as tokens
    only: "File storage and embedding generation at query time is free, and you'll only pay for creating embeddings
    when you first index your files and the normal Gemini model input / output tokens cost" (Gemini API docs, "File
    search", https://ai.google.dev/gemini-api/docs/file-search). The indexing is billed on the upload, another
    endpoint, not this call; the retrieved chunks come back as `toolUsePromptTokenCount`, priced as input.
    """
    if call.get("toolType") == "FILE_SEARCH":
        state.hosted_tokens_only.add(f"file_search.{candidate}")
        return
    if call.get("toolType") == "URL_CONTEXT":
        urls = [u for u in as_list(as_dict(call.get("args")).get("urls")) if isinstance(u, str)]
        _fetched(state, candidate, urls)
        return
    queries = [q for q in as_list(as_dict(call.get("args")).get("queries")) if isinstance(q, str)]
    for query in queries:
        state.hosted.add(f"search.{candidate}.{query}")
    if not queries:
        state.hosted.add(f"grounding.{candidate}.0")


def _url_context(state: UsageState, candidate: int, metadata: dict[str, Any]) -> None:
    """Count a candidate's `urlContextMetadata`, pages the provider fetched for it, as a use billed as tokens only.

    "The content retrieved from the URLs you specify in your prompt is counted as part of the input tokens", and the
    price per token is the model's (Gemini API docs, "URL context", Token count,
    https://ai.google.dev/gemini-api/docs/url-context); the pricing page names no charge for it beside the tokens
    (Gemini API pricing, https://ai.google.dev/gemini-api/docs/pricing, where Grounding with Google Search and Maps
    have their own lines), and genai-prices has no price for it. The fetched pages come back as
    `toolUsePromptTokenCount`, priced as input. Recorded (`tests/fixtures/meter/gemini/33-...`, `34-...`):
    `urlContextMetadata: {"urlMetadata": [{"retrievedUrl", "urlRetrievalStatus"}]}` beside a grounding citing the
    same page (`web` chunks, no search query), which `hosted_uses` then does not bill as a grounding.
    """
    found = [as_dict(meta).get("retrievedUrl") for meta in as_list(metadata.get("urlMetadata"))]
    urls = [url for url in found if isinstance(url, str)]
    if metadata.get("urlMetadata"):
        _fetched(state, candidate, urls)


def _fetched(state: UsageState, candidate: int, urls: list[str]) -> None:
    """One URL context use for `candidate` (keyed so a stream repeating it counts it once), with the pages it got."""
    state.hosted_tokens_only.add(f"url_context.{candidate}")
    state.fetched_pages.setdefault(candidate, set()).update(urls)


def _cited_pages(grounding: dict[str, Any]) -> set[str] | None:
    """The pages a grounding cites when it names nothing else (no search query, entry point or Maps token), else None.

    Every chunk must be a `web` chunk with a `uri`: what the URL context's grounding holds (recorded: `[{"web":
    {"uri": "https://ai.pydantic.dev", "title": ...}}]`). Whether they are its citations or a search's is known only
    beside the URL context's metadata (`UsageState.hosted_uses`).
    """
    if any(grounding.get(k) for k in _GROUNDED if k != "groundingChunks"):
        return None
    chunks = [as_dict(c) for c in as_list(grounding.get("groundingChunks"))]
    uris = [as_dict(c.get("web")).get("uri") for c in chunks if set(c) == {"web"}]
    if not chunks or len(uris) != len(chunks) or not all(isinstance(u, str) for u in uris):
        return None
    return {u for u in uris if isinstance(u, str)}


def _file_search_only(grounding: dict[str, Any]) -> bool:
    """Whether a candidate's grounding is File Search's alone: every chunk a `retrievedContext` from a store.

    No search query, search entry point or Maps token beside them: those are grounding billed apart. A
    `retrievedContext` naming no `fileSearchStore` (Vertex AI Search, a RAG corpus) is not taken for File Search.
    Recorded (`tests/fixtures/meter/gemini/28-...`, `29-...`): `groundingChunks: [{"retrievedContext":
    {"fileSearchStore": "fileSearchStores/...", "text": ...}}]` and `groundingSupports`, nothing else.
    """
    if any(grounding.get(k) for k in _GROUNDED if k != "groundingChunks"):
        return False
    chunks = as_list(grounding.get("groundingChunks"))
    return bool(chunks) and all(
        set(as_dict(c)) == {"retrievedContext"}
        and isinstance(as_dict(as_dict(c).get("retrievedContext")).get("fileSearchStore"), str)
        for c in chunks
    )


def _index(candidate: dict[str, Any], position: int) -> int:
    """A candidate's `index` (its place in the event when it names none, as a single candidate's may not)."""
    index = candidate.get("index", position)
    return index if isinstance(index, int) and not isinstance(index, bool) else position


def read_body(state: UsageState, obj: Any) -> None:
    """Fill `state` from a non-SSE body: one response object, or a stream's JSON array of them."""
    if isinstance(obj, list):
        if not obj:
            state.error = "the body is an empty JSON array"
        for position, item in enumerate(obj):
            read_chunk(state, item, position)
    else:
        read_chunk(state, obj, 0, whole=True)


def _parts(role: str, parts: list[Any]) -> list[Turn]:
    out = []
    for p in parts:
        if not isinstance(p, dict):
            continue
        if "text" in p:
            out.append(Turn(role, "text", cut(str(p["text"]))))
        elif "functionCall" in p:
            f = p["functionCall"]
            out.append(Turn(role, "tool_call", f"{f.get('name')}({cut(as_text(f.get('args', {})))})"))
        elif "functionResponse" in p:
            f = p["functionResponse"]
            out.append(Turn("tool", "tool_result", cut(as_text(f.get("response", {})))))
    return out


def show_request(body: dict[str, Any]) -> list[Turn]:
    """What is new in a generateContent request.

    `systemInstruction` on the first call, then the contents after the model's last turn
    (`parts`: `text`, `functionCall`, `functionResponse`).
    """
    out: list[Turn] = []
    contents = body.get("contents") or []
    new = new_messages(contents, lambda c: c.get("role") == "model")
    if body.get("systemInstruction") and len(new) == len(contents):
        parts = (body["systemInstruction"] or {}).get("parts") or []
        out.append(Turn("system", "text", cut("".join(p.get("text", "") for p in parts))))
    for c in new:
        out += _parts(str(c.get("role", "user")), c.get("parts") or [])
    return out


def show_response(text: str, streamed: bool) -> list[Turn]:
    """A generateContent answer: every candidate's parts (a stream's events joined)."""
    events = sse_data(text) if streamed else json.loads(text)
    events = events if isinstance(events, list) else [events]
    parts: list[Any] = []
    for ev in events:
        for cand in ev.get("candidates") or []:
            parts += (cand.get("content") or {}).get("parts") or []
    return _parts("assistant", parts)


_STATUS_NAME: dict[Refusal, str] = {
    "unknown_key": "UNAUTHENTICATED",
    "budget": "RESOURCE_EXHAUSTED",
    "no_upstream": "UNAVAILABLE",
    "unreachable": "UNAVAILABLE",
    "not_found": "NOT_FOUND",
    "encoded_body": "INVALID_ARGUMENT",
    "hidden_usage": "INVALID_ARGUMENT",
}


class GoogleProvider(ModelProvider):
    """Google's Gemini API: `POST /v1beta/models/{model}:generateContent` and `:streamGenerateContent`.

    Paths and keys as `memeval.meter._google` reads them: the model is in the path; the key in
    `x-goog-api-key` or the `key` query parameter, which is never sent upstream (the real key goes
    in the header). Its base URL has no `/v1beta`, so the whole path is appended. Errors are
    `{"error": {"code", "message", "status"}}`.
    """

    name = "google"
    apis = (
        WireApi(
            "gemini-generate-content",
            new_state,
            read_body,
            lambda state, _name, _text, obj, index: read_chunk(state, obj, index),
            show_request=show_request,
            show_response=show_response,
            tier_header=b"x-gemini-service-tier",
        ),
    )
    key_header = b"x-goog-api-key"
    bearer = False
    api_root = "/v1beta"
    env_base_url = "GOOGLE_GEMINI_BASE_URL"
    env_key = "GEMINI_API_KEY"
    model_prefixes = ("gemini",)
    model_aliases = ("gemini",)

    def route(self, method: str, path: str) -> Route | None:
        """A metered Gemini call, with the model its path names."""
        model = paths.metered_model(method, path)
        return Route("gemini-generate-content", model) if model is not None else None

    def free_path(self, method: str, path: str) -> bool:
        """Token counts, the model list and one model (see `memeval.meter._google.free_path`)."""
        return paths.free_path(method, path)

    def claims(self, path: str, headers: Headers) -> bool:
        """A `/v1beta/` path, or a request carrying `x-goog-api-key`."""
        return path.startswith(paths.PREFIX) or super().claims(path, headers)

    def query_key(self, query: bytes) -> str | None:
        """The `key` query parameter."""
        return paths.query_key(query)

    def hidden_usage(self, query: bytes, headers: Headers, doc: Any = None) -> str | None:
        """A field mask or a response format other than JSON (`memeval.meter._google.hidden_usage`)."""
        return paths.hidden_usage(query, headers)

    def upstream_query(self, query: bytes) -> str:
        """The query less its `key` parameters."""
        return paths.without_key(query)

    def error_body(self, refusal: Refusal, message: str) -> dict[str, object]:
        """`{"error": {"code": <HTTP status>, "message", "status": <google.rpc.Code name>}}`."""
        return {"error": {"code": REFUSAL_STATUS[refusal], "message": message, "status": _STATUS_NAME[refusal]}}
