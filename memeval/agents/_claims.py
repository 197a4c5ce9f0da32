"""Read what a preset agent said about its own turn from its standard output.

Each preset's headless mode prints its final message and its own usage figures. Both are kept as
a *claim*: the message the agent ended on, and the usage it reported about itself. Nothing here is
ever a measurement; the meter measures calls from outside (`memeval.meter`), and the run's records
keep a claim apart from what the harness measured.

Formats read (as the tools print them in headless mode):

- `claude-stream-json`: `claude -p --output-format stream-json --verbose`, one JSON object a line;
  the last `{"type": "result"}` line carries `result` (final text), `usage`, `total_cost_usd`,
  `num_turns`, `is_error`.
- `codex-jsonl`: `codex exec --json`, one event a line; `item.completed` with an `agent_message`
  item carries the text, `turn.completed` carries `usage` (`input_tokens`, `cached_input_tokens`,
  `output_tokens`), `turn.failed` and `error` carry an error.
- `aider-text`: `aider --message ...` prints plain text and, after each reply,
  `Tokens: 2.3k sent, 1.1k cache hit, 150 received. Cost: $0.01 message, $0.03 session.`
- `gemini-json`: `gemini -p ... --output-format json`, one object: `response`, `stats.models.<m>.
  tokens` (`prompt`, `candidates`, `cached`, `thoughts`, `tool`, `total`), optional `error`.
- `opencode-jsonl`: `opencode run --format json`, one event a line; `text` events carry
  `part.text`, `step_finish` events carry `part.tokens` (`input`, `output`, `reasoning`,
  `cache.read`, `cache.write`) and `part.cost`; `error` events carry an error.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, Literal, get_args

from memeval._finitejson import MAX_KEPT_DEPTH, json_depth, loads_finite

ClaimFormat = Literal["claude-stream-json", "codex-jsonl", "aider-text", "gemini-json", "opencode-jsonl"]
"""The output formats a claim can be read from, one per preset."""

CLAIM_FORMATS: tuple[ClaimFormat, ...] = get_args(ClaimFormat)

MESSAGE_LIMIT = 4000
"""Characters of the final message kept (the same cut as the runner's claim file)."""


@dataclass(frozen=True)
class Claim:
    """What an agent said about its own turn: never counted, never a measurement.

    Attributes:
        message: its final message (at most `MESSAGE_LIMIT` characters), or "" if it printed none.
        self_reported: `{"format": ..., "usage": {...as the agent reported it...}, "cost_usd": float
            | None, "turns": int | None, "error": str | None}`, or None when it reported nothing.
            Token names and meanings are the agent's own (Claude Code's `input_tokens` leaves
            cache reads out, Codex's includes them): they are not converted.
    """

    message: str
    self_reported: dict[str, Any] | None


def parse_claim(fmt: ClaimFormat, stdout: str) -> Claim:
    """Read the claim out of a preset agent's standard output.

    Lines that are not JSON (warnings, progress) are skipped in the JSON-lines formats; an output
    that is not the expected format at all gives an empty message and no usage, never an error.

    Args:
        fmt: which preset's format (see the module docstring).
        stdout: the agent's whole standard output, decoded.

    Raises:
        ValueError: `fmt` is not one of `CLAIM_FORMATS`.
    """
    parser = _PARSERS.get(fmt)
    if parser is None:
        raise ValueError(f"unknown claim format {fmt!r}; use one of {', '.join(CLAIM_FORMATS)}")
    message, usage, cost, turns, error = parser(stdout)
    if json_depth(usage) > MAX_KEPT_DEPTH:
        usage = {}  # the agent's printed usage nested past what the log keeps (see MAX_KEPT_DEPTH): not kept
    reported = None
    if usage or cost is not None or turns is not None or error:
        reported = {"format": fmt, "usage": usage or None, "cost_usd": cost, "turns": turns, "error": error}
    return Claim(message=message.strip()[:MESSAGE_LIMIT], self_reported=reported)


_Parsed = tuple[str, dict[str, Any], float | None, int | None, str | None]


def _json_lines(stdout: str) -> Iterator[dict[str, Any]]:
    for line in stdout.splitlines():
        line = line.strip()
        if not line.startswith("{"):
            continue
        try:
            obj = loads_finite(line)
        except (ValueError, RecursionError):  # the agent's output: any text, any number (NotFiniteJSON)
            continue
        if isinstance(obj, dict):
            yield obj


def _obj(v: object) -> dict[str, Any]:
    return v if isinstance(v, dict) else {}


def _num(v: object) -> float | None:
    return float(v) if isinstance(v, int | float) and not isinstance(v, bool) else None


def _add(total: dict[str, Any], part: dict[str, Any], depth: int = 1) -> None:
    """Add the numbers of `part` into `total`, nested dicts included down to `MAX_KEPT_DEPTH` levels.

    The agent's text: deeper ones are left out, which also keeps this recursion far from Python's limit. A key whose
    value changes shape from one line to the next (a number, then an object, or the other way) keeps what was summed
    first: adding them raised `TypeError`/`AttributeError` in the host's reading of the agent's stdout, which ended
    the whole run (breaker27).
    """
    for k, v in part.items():
        have = total.get(k)
        if isinstance(v, dict):
            if depth < MAX_KEPT_DEPTH and (have is None or isinstance(have, dict)):
                _add(total.setdefault(k, {}), v, depth + 1)
        elif _num(v) is not None and (have is None or _num(have) is not None):
            total[k] = (have or 0) + v


def _claude(stdout: str) -> _Parsed:
    message, cost, turns, error = "", None, None, None
    usage: dict[str, Any] = {}
    last_text = ""
    for ev in _json_lines(stdout):
        if ev.get("type") == "assistant":
            blocks = _obj(ev.get("message")).get("content") or []
            texts = [b.get("text", "") for b in blocks if isinstance(b, dict) and b.get("type") == "text"]
            if any(texts):
                last_text = "\n".join(t for t in texts if t)
        elif ev.get("type") == "result":
            message = str(ev.get("result") or "")
            usage = _obj(ev.get("usage"))
            cost = _num(ev.get("total_cost_usd", ev.get("cost_usd")))
            turns = int(ev["num_turns"]) if _num(ev.get("num_turns")) is not None else None
            if ev.get("is_error") or str(ev.get("subtype", "success")) != "success":
                error = str(ev.get("subtype") or "error")
    return message or last_text, usage, cost, turns, error


def _codex(stdout: str) -> _Parsed:
    message, turns, error = "", 0, None
    usage: dict[str, Any] = {}
    for ev in _json_lines(stdout):
        kind = ev.get("type")
        item = _obj(ev.get("item"))
        if kind == "item.completed" and item.get("type") in ("agent_message", "assistant_message"):
            message = str(item.get("text") or "")
        elif kind == "turn.completed":
            turns += 1
            _add(usage, _obj(ev.get("usage")))
        elif kind == "turn.failed":
            turns += 1
            error = str(_obj(ev.get("error")).get("message") or "turn failed")
        elif kind == "error":
            error = str(ev.get("message") or "error")
    return message, usage, None, turns or None, error


_SIZE = r"([\d.,]+)(?:\s*([kKmM]))?"
_TOKENS = re.compile(r"^Tokens:\s*(.*?)\.?\s*(?:Cost:|$)")
_COST = re.compile(r"Cost:\s*\$([\d.,]+)\s*message,\s*\$([\d.,]+)\s*session")
_PART = re.compile(_SIZE + r"\s+([a-z][a-z ]*)$")
"""One `12.3k sent` part of the line, stripped. Written so that no two parts of the pattern can take the same
characters: `\\s*([kKmM]?)\\s+([a-z ]+?)\\s*$` backtracked through every split of a run of spaces, so a printed
`Tokens: 111...1` + spaces + `!` of 300 characters took 5 s of CPU and one of 2,000 hung the attempt."""
MAX_REPORT_LINE = 512
"""Longest line read as aider's token report (its own are under 120 characters); longer ones are the agent's text."""


def _size(number: str, suffix: str) -> int | None:
    """A token count as aider prints it (`12.3k`); None when it is not a finite number (the agent's text)."""
    scale = {"": 1, "k": 1_000, "m": 1_000_000}[suffix.lower()]
    value = _finite(number)
    return None if value is None else round(value * scale)


def _finite(number: str) -> float | None:
    """`1,234.5` as a float; None when it is no number or past `_MAX_PRINTED` (`9` x 400 is inf as a float)."""
    try:
        value = float(number.replace(",", ""))
    except ValueError:
        return None
    return value if math.isfinite(value) and abs(value) <= _MAX_PRINTED else None


_MAX_PRINTED = 1e15
"""Largest count or cost read from an agent's printed text; past it the number is the agent's invention."""


def _aider(stdout: str) -> _Parsed:
    usage: dict[str, Any] = {}
    cost = None
    turns = 0
    kept: list[str] = []
    for line in stdout.splitlines():
        m = _TOKENS.match(line.strip()) if len(line) <= MAX_REPORT_LINE else None
        if m is None:
            if line.strip():
                kept.append(line.rstrip())
            continue
        turns += 1
        for piece in m.group(1).split(","):
            pm = _PART.match(piece.strip())
            if pm:
                name = pm.group(3).strip().replace(" ", "_")
                size = _size(pm.group(1), pm.group(2) or "")
                if size is not None:
                    usage[name] = usage.get(name, 0) + size
        c = _COST.search(line)
        if c:
            cost = _finite(c.group(2))  # the session total after this reply
    return "\n".join(kept[-5:]), usage, cost, turns or None, None


def _gemini(stdout: str) -> _Parsed:
    text = stdout.strip()
    start = text.find("{")
    try:
        doc = loads_finite(text[start:]) if start >= 0 else None
    except (ValueError, RecursionError):
        doc = None
    if not isinstance(doc, dict):
        return "", {}, None, None, None
    usage: dict[str, Any] = {}
    turns = None
    stats = _obj(doc.get("stats"))
    for model, s in _obj(stats.get("models")).items():
        if isinstance(s, dict):
            usage[str(model)] = s.get("tokens") or {}
            reqs = _num(_obj(s.get("api")).get("totalRequests"))
            turns = (turns or 0) + int(reqs) if reqs is not None else turns
    err = doc.get("error")
    error = str(err.get("message") or err) if isinstance(err, dict) else (str(err) if err else None)
    return str(doc.get("response") or ""), usage, None, turns, error


def _opencode(stdout: str) -> _Parsed:
    texts: list[str] = []
    usage: dict[str, Any] = {}
    cost = None
    steps = 0
    error = None
    for ev in _json_lines(stdout):
        part = _obj(ev.get("part"))
        kind = ev.get("type")
        if kind == "text" and part.get("text"):
            texts.append(str(part["text"]))
        elif kind == "step_finish":
            steps += 1
            _add(usage, _obj(part.get("tokens")))
            if _num(part.get("cost")) is not None:
                cost = (cost or 0.0) + float(part["cost"])
        elif kind == "error":
            err = ev.get("error") or part.get("error") or ev.get("message")
            error = str(err.get("message") or err.get("name") or err) if isinstance(err, dict) else str(err)
    return (texts[-1] if texts else ""), usage, cost, steps or None, error


_PARSERS: dict[str, Callable[[str], _Parsed]] = {
    "claude-stream-json": _claude,
    "codex-jsonl": _codex,
    "aider-text": _aider,
    "gemini-json": _gemini,
    "opencode-jsonl": _opencode,
}
