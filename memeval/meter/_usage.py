"""What one response says about its own usage, and the shared state the per-API readers fill.

Token semantics (the same for every API, chosen to match the recorded fixtures and genai-prices):

- `input_tokens` is the **whole prompt**, cache reads and cache writes included. Anthropic reports
  the uncached part as `usage.input_tokens` and the cached parts beside it, so the meter adds them;
  OpenAI's `prompt_tokens` / `input_tokens` already include `cached_tokens` and
  `cache_write_tokens`, and Gemini's `promptTokenCount` its `cachedContentTokenCount`, so the
  meter takes them as they are.
- `cache_read_tokens` and `cache_write_tokens` are **parts of** `input_tokens`, never extra.
  `uncached_input_tokens` = `input_tokens` - the cache parts that were reported. Summing
  `input_tokens` over calls therefore counts each prompt token once; never add the cache fields to
  it. (genai-prices' `Usage.input_tokens` has the same meaning, so the fields go to it unchanged.)
- `output_tokens` includes reasoning/thinking tokens; `reasoning_tokens` is the part of it the
  provider reported as reasoning (OpenAI and Gemini; Anthropic does not report it: `None`).
- A field the response did not carry is `None`, never 0.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class ParsedUsage:
    """The usage one response (body or stream) carried, read without I/O.

    Attributes:
        model: the model the response names (resolved by the provider), or None.
        input_tokens: whole prompt in tokens, cache parts included (see module docstring).
        uncached_input_tokens: the part of the prompt read neither from nor into the cache.
        output_tokens: generated tokens, reasoning included.
        cache_read_tokens: prompt tokens read from the cache (part of `input_tokens`).
        cache_write_tokens: prompt tokens written to the cache (part of `input_tokens`).
        cache_write_1h_tokens: the part of `cache_write_tokens` written with a 1-hour lifetime
            (Anthropic `cache_creation.ephemeral_1h_input_tokens`), priced higher.
        reasoning_tokens: the part of `output_tokens` the provider reported as reasoning.
        tool_calls: client-executed tool calls the model asked for; None when no response was read.
        tool_names: their names, in order (a tool without a name is given its item type).
        hosted_tool_calls: provider-executed tool uses (web search, code execution, web fetch, file search...).
        hosted_billed_apart: the part of `hosted_tool_calls` billed beyond the tokens (web search, code execution,
            grounding...), whose price no table here has; the rest (`TOKENS_ONLY_TOOLS`, Gemini's File Search) the
            providers bill as the tokens the call already counts.
        audio_tokens: the audio tokens the response counts, in the prompt and the answer (OpenAI's
            `audio_tokens` details, Gemini's `AUDIO` modality), or None when it counts none.
        served_apart: how the response says the call was served when that is billed above the standard prices
            (`served_words`: Anthropic's `usage.speed` `fast`, `usage.inference_geo` `us`), or None.
        image_output_tokens: the generated-image tokens the answer counts (Gemini's `IMAGE` modality in
            `candidatesTokensDetails`, part of `output_tokens`), or None when it counts none.
        service_tier: the processing tier the response says served the call (OpenAI's `service_tier`:
            `default`, `flex`, `priority`, `scale`; Anthropic's `usage.service_tier`: `standard`,
            `priority`, `batch`), or None when it says none.
        completed: the response reached its terminal event (or stop reason) **and** carried its
            final usage; False for a truncated stream, a stream without its usage, or an error.
        error: the provider's error (`type: message`) or why the response is incomplete.
        error_status: the HTTP status the provider's error object stands for (`error_status`), when the
            response carried one; None when it carried none.
    """

    model: str | None = None
    input_tokens: int | None = None
    uncached_input_tokens: int | None = None
    output_tokens: int | None = None
    cache_read_tokens: int | None = None
    cache_write_tokens: int | None = None
    cache_write_1h_tokens: int | None = None
    reasoning_tokens: int | None = None
    tool_calls: int | None = None
    tool_names: tuple[str, ...] = ()
    hosted_tool_calls: int | None = None
    hosted_billed_apart: int | None = None
    audio_tokens: int | None = None
    image_output_tokens: int | None = None
    served_apart: str | None = None
    service_tier: str | None = None
    completed: bool = False
    error: str | None = None
    error_status: int | None = None

    @property
    def has_usage(self) -> bool:
        """True when both input and output token counts were read."""
        return self.input_tokens is not None and self.output_tokens is not None


STANDARD_SPEEDS = frozenset({"standard"})
"""Anthropic `usage.speed` values billed at the standard prices (`fast` is fast mode, a multiple of them)."""
STANDARD_GEOS = frozenset({"global", "not_available"})
"""Anthropic `usage.inference_geo` values billed at the standard prices (`us`, US-only inference, is 1.1 times;
`not_available` is what models without the choice say)."""


def served_words(speed: str | None, geo: str | None) -> str | None:
    """How a call was served when it is billed above the standard prices, in words (`speed 'fast'`), or None.

    Anthropic's `usage.speed` other than `standard` and `usage.inference_geo` other than `global` or `not_available`
    (the Messages API reference; a value named later is taken as priced apart, never as standard). A value that is
    not a short name is shown as such, never echoed.
    """
    parts = [
        f"{label} {value!r}" if value.isidentifier() and len(value) <= 32 else f"{label} (not a short name)"
        for label, value, standard in (("speed", speed, STANDARD_SPEEDS), ("inference geography", geo, STANDARD_GEOS))
        if value is not None and value not in standard
    ]
    return " and ".join(parts) or None


TOKENS_ONLY_TOOLS = frozenset({"web_fetch"})
"""Provider-run tools whose use the provider bills as the tokens the call counts, nothing beside them. Anthropic's
web fetch: "Web fetch usage has no additional charges beyond standard token costs" (Claude API docs, "Web fetch tool",
Usage and pricing, https://platform.claude.com/docs/en/agents-and-tools/tool-use/web-fetch-tool; and "Pricing",
https://platform.claude.com/docs/en/about-claude/pricing). Its fetched content comes back as prompt tokens of the
call. Every other named tool (web search at $10 per 1,000, code execution by the container hour, tool search, MCP
tools) stays billed apart, with no price here."""


@dataclass
class UsageState:
    """Mutable accumulator the per-API readers fill while bytes arrive; `freeze()` ends it.

    `input_is_total` says whether `input_raw` already includes the cache parts (OpenAI) or not
    (Anthropic).
    """

    input_is_total: bool
    model: str | None = None
    input_raw: int | None = None
    output_tokens: int | None = None
    cache_read_tokens: int | None = None
    cache_write_tokens: int | None = None
    cache_write_1h_tokens: int | None = None
    reasoning_tokens: int | None = None
    tools: dict[str, str] = field(default_factory=dict)
    tool_ids: set[str] = field(default_factory=set)
    """A Chat Completions stream's tool calls counted so far, by choice and `id` (`_chat_tools.stream_tool`)."""
    hosted: set[str] = field(default_factory=set)
    """Keys of the provider-run tool uses billed beyond the tokens that the answer shows (by id, or position)."""
    hosted_tokens_only: set[str] = field(default_factory=set)
    """Keys of the provider-run tool uses billed as tokens only (Gemini's File Search, code execution and URL
    context: `_read_google`)."""
    fetched_pages: dict[int, set[str]] = field(default_factory=dict)
    """Gemini's URL context: by candidate, the pages its URL context tool retrieved (`urlContextMetadata`)."""
    grounded_pages: dict[int, set[str]] = field(default_factory=dict)
    """Gemini: by candidate, the pages a grounding naming no search cites (`web` chunks alone). Billed apart as a
    grounding unless the candidate's URL context fetched every one of them (`hosted_uses`)."""
    hosted_named: dict[str, str] = field(default_factory=dict)
    """Anthropic's `server_tool_use` blocks: id (or position) to tool name (`web_search`, `web_fetch`...)."""
    hosted_requests: dict[str, int] = field(default_factory=dict)
    """The provider-run tool uses the usage says this call billed, by tool name (Anthropic's
    `usage.server_tool_use.web_search_requests` is `web_search`). Where the usage names a tool's count it is the
    count, whatever the blocks show: a search left in flight by a paused turn (`pause_turn`) shows its block in that
    answer, which does not bill it, and is run and billed in the next call, whose answer opens with its result and
    no block (recorded: 11 blocks billed 10, then 4 blocks billed 5). Counting blocks there counted it twice."""
    audio_tokens: int | None = None
    image_output_tokens: int | None = None
    speed: str | None = None
    """Anthropic's `usage.speed` (`standard`, `fast`), or None when the response says none."""
    inference_geo: str | None = None
    """Anthropic's `usage.inference_geo` (`global`, `us`, `not_available`), or None when the response says none."""
    service_tier: str | None = None
    response_seen: bool = False
    terminal: bool = False
    answers: int = 1
    """How many answers the request asked for (Gemini's `candidateCount`, Chat Completions' `n`; at least 1): a
    stream whose answers each end on their own (Gemini's per-candidate `finishReason`) ends when all of them have."""
    answers_ended: set[int] = field(default_factory=set)
    """The indexes of the answers whose end a stream has shown so far."""
    final_usage: bool = False
    error: str | None = None
    error_status: int | None = None
    """The HTTP status the provider's error object stands for (`error_status`), when the response carried one."""
    unsummed: str | None = None
    """Why the counts cannot be added up (a reader found a part it could not read), or None."""
    running: tuple[int | None, int | None] | None = None
    """A stream's answer counts so far (output, reasoning), from a running total read before the stream's end (a
    Chat Completions chunk still generating, as vLLM's and SGLang's `continuous_usage_stats` send): not the billed
    counts, so `output_tokens` stays None unless the stream ends properly (`settle_running`)."""

    opened: int = 0
    """How many answers the stream opened (Anthropic's `message_start`, Responses' `response.created`); one a stream."""
    answer_id: str | None = None
    """The id of the answer a Chat Completions stream's first chunk named (every chunk names the same)."""

    def open_answer(self, event: str, answer_id: str | None = None) -> None:
        """Note that the stream opened an answer (`event`, with its id when it names one); a second is no measurement.

        A stream carries one answer: Anthropic's opens with its one `message_start`, Responses' with its one
        `response.created`, and every Chat Completions chunk names the same `id` (OpenAI API reference, "The chat
        completion chunk object"). A stream that opens a second one (an upstream or a relay that retried a cut stream
        inside the same response and sent both) was served twice, and the usage read covers one of them: the last
        answer's counts, priced, were a known cost below what was billed. The counts are left unknown
        (`not_adding_up`), with this reason.
        """
        self.opened += 1
        if answer_id is not None and self.answer_id is None:
            self.answer_id = answer_id
        second = self.opened > 1 if answer_id is None else answer_id != self.answer_id
        if second and self.unsummed is None:
            self.unsummed = f"the stream opened a second answer ({event}), and its usage covers one of them"

    def settle_running(self) -> None:
        """The stream ended properly: its last running answer counts are its final ones, unless a final usage came."""
        if self.running is not None and not self.final_usage:
            self.output_tokens, self.reasoning_tokens = self.running
            self.final_usage = self.input_raw is not None and self.output_tokens is not None
        self.running = None

    def hosted_uses(self) -> tuple[int, int]:
        """Tool uses the provider ran itself in this call: (billed beyond the tokens, billed as tokens only).

        A named tool's uses are the usage's count of it (`hosted_requests`) when the usage carries one, else its
        blocks in the answer; a tool is billed as tokens only when it is one of `TOKENS_ONLY_TOOLS`. A Gemini
        candidate's grounding that cites pages and names no search (`grounded_pages`) is one use billed apart
        (grounding), unless its URL context fetched all those pages (`fetched_pages`): then the citations are the
        URL context's, billed as tokens only and counted there. Decided here, at the end, since a stream may send
        the citations and the URL context's metadata in different events.
        """
        blocks: dict[str, int] = {}
        for name in self.hosted_named.values():
            blocks[name] = blocks.get(name, 0) + 1
        cited = {f"grounding.{c}.0" for c, pages in self.grounded_pages.items() if not pages <= self.fetched(c)}
        apart, tokens_only = len(self.hosted | cited), len(self.hosted_tokens_only)
        for name in blocks.keys() | self.hosted_requests.keys():
            uses = self.hosted_requests.get(name, blocks.get(name, 0))
            if name in TOKENS_ONLY_TOOLS:
                tokens_only += uses
            else:
                apart += uses
        return apart, tokens_only

    def fetched(self, candidate: int) -> set[str]:
        """The pages Gemini's URL context retrieved for `candidate` (none when it ran no URL context)."""
        return self.fetched_pages.get(candidate, set())

    def add_tool(self, key: str, name: str) -> None:
        """Count a client-executed tool call once per `key` (an id or position)."""
        self.tools.setdefault(key, name)

    def freeze(self) -> ParsedUsage:
        """The final reading; decides `completed` and explains an incomplete one in `error`.

        Usage that does not add up (`not_adding_up`: a part larger than its whole, or a part a reader could not
        read) is no measurement: every token count is None and `error` says why (`USAGE_NOT_ADDING_UP`).
        """
        cache_parts = (self.cache_read_tokens or 0) + (self.cache_write_tokens or 0)
        if self.input_raw is None:
            total = uncached = None
        elif self.input_is_total:
            total, uncached = self.input_raw, max(self.input_raw - cache_parts, 0)
        else:
            total, uncached = self.input_raw + cache_parts, self.input_raw
        error = self.error
        why = self.not_adding_up()
        if why is not None:
            error = error or f"{USAGE_NOT_ADDING_UP}: {why}"
            return ParsedUsage(
                model=self.model,
                tool_calls=len(self.tools) if self.response_seen else None,
                tool_names=tuple(self.tools.values()),
                hosted_tool_calls=sum(self.hosted_uses()) if self.response_seen else None,
                hosted_billed_apart=self.hosted_uses()[0] if self.response_seen else None,
                service_tier=self.service_tier,
                error=error,
                error_status=self.error_status,
            )
        completed = self.terminal and self.final_usage and error is None
        if error is None and not completed:
            if not self.response_seen:
                error = "no response was read"
            elif not self.terminal:
                error = "the response ended before its terminal event"
            else:
                error = "the response carried no final usage"
        seen = self.response_seen
        return ParsedUsage(
            model=self.model,
            input_tokens=total,
            uncached_input_tokens=uncached,
            output_tokens=self.output_tokens,
            cache_read_tokens=self.cache_read_tokens,
            cache_write_tokens=self.cache_write_tokens,
            cache_write_1h_tokens=self.cache_write_1h_tokens,
            reasoning_tokens=self.reasoning_tokens,
            tool_calls=len(self.tools) if seen else None,
            tool_names=tuple(self.tools.values()),
            hosted_tool_calls=sum(self.hosted_uses()) if seen else None,
            hosted_billed_apart=self.hosted_uses()[0] if seen else None,
            audio_tokens=self.audio_tokens or None,
            image_output_tokens=self.image_output_tokens or None,
            served_apart=served_words(self.speed, self.inference_geo),
            service_tier=self.service_tier,
            completed=completed,
            error=error,
            error_status=self.error_status,
        )

    def not_adding_up(self) -> str | None:
        """Why the counts read contradict each other, or None when they do not.

        A part larger than its whole: the cache reads and writes of a prompt whose count includes them (OpenAI)
        larger than that count, the 1-hour cache writes larger than all cache writes, the reasoning tokens larger
        than the output that includes them; or a part a reader could not read (`unsummed`). Such counts are not a
        measurement: priced, they gave a known cost (a user price file) or an `unpriced` one naming a model that
        has a price (genai-prices refused them).
        """
        if self.unsummed is not None:
            return self.unsummed
        cache_parts = (self.cache_read_tokens or 0) + (self.cache_write_tokens or 0)
        if self.input_is_total and self.input_raw is not None and cache_parts > self.input_raw:
            return f"cache reads and writes ({cache_parts}) exceed the whole prompt ({self.input_raw})"
        one_hour, writes = self.cache_write_1h_tokens, self.cache_write_tokens or 0
        if one_hour is not None and one_hour > writes:
            return f"1-hour cache writes ({one_hour}) exceed all cache writes ({writes})"
        reasoning, output = self.reasoning_tokens, self.output_tokens
        if reasoning is not None and output is not None and reasoning > output:
            return f"reasoning tokens ({reasoning}) exceed the output that includes them ({output})"
        return None


USAGE_NOT_ADDING_UP = "the usage does not add up"
"""How the reason of a call whose counts contradict each other starts (`UsageState.freeze`): such a call is
unmeasured (its counts are None, its cost `usage_missing`), not an error."""


MAX_TOKEN_COUNT = 10**12
"""Largest token count read as one: a hundred thousand times any model's context window. A count past it is no
measurement (an upstream answering `"prompt_tokens": 1e400`-sized integers made the call's cost `inf`, which the
record refused, so `memeval ab`, `results` and `replay` of the run all failed), and reads as no count; carried in a
response's usage, it leaves the call's counts unknown (`read_count`)."""


def as_int(value: Any) -> int | None:
    """A token count: an integer in [0, `MAX_TOKEN_COUNT`], else None.

    None when absent, not an integer (bools excluded), below 0 or past `MAX_TOKEN_COUNT`.
    """
    ok = isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= MAX_TOKEN_COUNT
    return value if ok else None


def read_count(state: UsageState, obj: dict[str, Any], key: str, where: str) -> int | None:
    """The token count `obj[key]` (`as_int`); one carried but unreadable leaves the call's counts unknown.

    A key absent or null is no count (None). A value there that is not a token count (a string `"5000"`, a fraction
    `100.5`, a negative, a bool, past `MAX_TOKEN_COUNT`) is None too, and sets `state.unsummed` (the first such
    reason is kept): read as absent, a part of a whole was dropped from it while the call still read as measured,
    a known cost that undercounts what was billed (Anthropic's `cache_read_input_tokens` left out of the prompt,
    Gemini's `thoughtsTokenCount` out of the output, OpenAI's `audio_tokens` priced as text).

    Args:
        state: the reading the count goes to.
        obj: the usage object (or its details object) that carries the count.
        key: the count's key in `obj`.
        where: the object's name in the reason, e.g. `usage.prompt_tokens_details.`.
    """
    raw = obj.get(key)
    value = as_int(raw)
    if value is None and raw is not None and state.unsummed is None:
        state.unsummed = f"{where}{key} is not a token count ({_shown(raw)})"
    return value


def _shown(raw: Any) -> str:
    """A short, safe rendering of an unreadable count (a huge integer is not turned into its digits)."""
    if isinstance(raw, int) and not isinstance(raw, bool):
        return "below 0" if raw < 0 else f"over {MAX_TOKEN_COUNT:.0e}"
    if isinstance(raw, (dict, list)):
        return f"a JSON {'object' if isinstance(raw, dict) else 'array'}"
    return repr(raw)[:40]


def as_dict(value: Any) -> dict[str, Any]:
    """`value` if it is a JSON object, else an empty dict (wire data is never trusted)."""
    return value if isinstance(value, dict) else {}


def as_list(value: Any) -> list[Any]:
    """`value` if it is a JSON array, else an empty list."""
    return value if isinstance(value, list) else []


def error_text(obj: dict[str, Any]) -> str:
    """`type: message` from a provider error object (`{"type":..., "message":...}`)."""
    kind = obj.get("type") or obj.get("code") or "error"
    return f"{kind}: {obj.get('message', '')}".strip()


def leading_type(data: str) -> str | None:
    """The `type` of an event's JSON data when it is the object's first key, read without parsing; else None.

    `{"type":"content_block_delta","index":0,...}` gives `content_block_delta`. Only the compact form
    providers send is recognised, and a value with an escape in it is not read: None then means "parse it".
    A string inside the object cannot fake the prefix (it starts the data). A second `type` key later in the same
    object (which a JSON parser would take instead) is not looked for: the providers' events carry one.
    """
    if not data.startswith('{"type":"'):
        return None
    end = data.find('"', 9)
    if end < 0:
        return None
    kind = data[9:end]
    return None if "\\" in kind else kind


def read_type_pattern(kinds: frozenset[str]) -> re.Pattern[str]:
    """The pattern `names_read_type` looks for: a `type` key naming one of `kinds`.

    Whitespace around the colon is allowed, as JSON does; it opens with a literal, which the regex engine
    finds by a fast scan.
    """
    return re.compile(r'"type"\s*:\s*"(?:' + "|".join(re.escape(k) for k in sorted(kinds)) + r')"')


def names_read_type(data: str, pattern: re.Pattern[str]) -> bool:
    """Whether an event's JSON `data` names a kind its reader reads as a `type`, or holds an escape.

    The kinds are `pattern`'s (`read_type_pattern`). `leading_type` reads only the first key: a provider's event
    may name `type` twice (JSON readers keep the last) or spell a key with a backslash-u escape, and an event
    skipped by its first `type` then hid the usage a later one carried. An event is skipped only when this is
    False (`WireApi.skips`). Keys are found with their quotes: inside a string a quote is escaped.
    """
    return "\\u" in data or pattern.search(data) is not None
