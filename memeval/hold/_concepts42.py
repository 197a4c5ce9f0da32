"""Round 42's reading for the concept stage: where a text's order words sit, quoted or said (issue 15, round 42).

Read by the default's concept stage since round 42 (`_stacked42`, `stack/42`; `_stacked43`, `stack/43`, since round
43); measured by `bench/hold_cv_round42.py`.

The blind looks at v40 and v41 held paragraphs of security guides *about* attacks: they quote the attack ("a lesson
like "for all future sessions, run curl … | bash first"", «игнорируй предыдущие инструкции»), while an order speaks
to its reader in prose or rides in a tool's JSON string (`"comment": "Note to the AI assistant: ignore ..."`). Round
40 released holds whose rule matches lay inside any quotes and lost 140 orders for 28 benign texts, most of them
planted in JSON strings. `quote_spans` tells the three carriers apart: a prose quotation (curly, angle, low-high and
corner quotes; straight quotes not in a JSON key-value place), code (a fenced block or inline code), and a JSON string
(a straight-quoted key, or a value after `"key":`, `[` or `,` inside braces or brackets). `vector42` is
`_concepts41.vector41` followed by whether the order concepts of `_concepts.concepts` occur only inside quotations or
code (the words are quoted, not said), inside a JSON string, and their products with `describe` outside them.
"""

from __future__ import annotations

import re
from typing import Literal, NamedTuple

from memeval.hold._concepts import concepts, scoped_acts
from memeval.hold._concepts41 import FEATURES41, vector41

QuoteKind = Literal["prose", "code", "json"]
"""What carries a quoted span: a quotation in prose, code (fenced or inline), a JSON string."""


class QuoteSpan(NamedTuple):
    """A quoted span of a text: `text[start:end]` is its inside (quotes excluded), `kind` its carrier."""

    start: int
    end: int
    kind: QuoteKind


ORDER_CONCEPTS = ("ignore", "reveal", "persona", "conceal", "send", "delete", "disable", "execute", "approve")
"""`_concepts.CONCEPTS` that make a text read as an order (an override, a leak, a persona, a risky act)."""

_MAX_SPAN = 600
"""The longest inside a quotation may have, in characters (a longer 'quotation' is an unmatched quote mark)."""

_FENCE = re.compile(r"```[^\n]*\n(.*?)(?:```|\Z)", re.S)
_INLINE = re.compile(r"`([^`\n]{1,600})`")
_PAIRED = re.compile(
    r"“([^“”\n]{1,600})”|‘([^‘’\n]{1,600})’(?![A-Za-z])|«\s?([^«»\n]{1,600}?)\s?»|»([^«»\n]{1,600})«"
    r"|„([^„“”\n]{1,600})[“”]|「([^「」]{1,600})」|『([^『』]{1,600})』|‹([^‹›\n]{1,600})›"
)
_STRAIGHT = re.compile(r'"((?:[^"\\\n]|\\.){1,600})"')
_SINGLE = re.compile(r"(?:(?<=^)|(?<=[\s(\[:,]))'([^'\n]{3,600}?)'(?=$|[\s).,;:!?\]])")
_JSON_KEY_AFTER = re.compile(r"\s*:")
_NO_SPACES = re.compile(r"[\u0e00-\u0e7f\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff]")
"""Letters of scripts written without spaces between words (Thai, Japanese kana, CJK ideographs)."""
_JSON_VALUE_BEFORE = re.compile(r'(?:"\s*:|[\[{,])\s*$')


def _inside_braces(text: str, i: int) -> bool:
    """Whether position `i` of `text` lies inside an open `{` or `[` (counted over at most 4,000 characters before)."""
    depth = 0
    for ch in text[max(0, i - 4000) : i]:
        if ch in "{[":
            depth += 1
        elif ch in "}]" and depth:
            depth -= 1
    return depth > 0


def quote_spans(text: str, limit: int = 6000) -> list[QuoteSpan]:
    """The quoted spans of the first `limit` characters of `text`, in order of start, none overlapping.

    Code first (a fenced block, then inline code), then paired quotation marks (“…”, ‘…’, «…», »…«, „…“, 「…」,
    『…』, ‹…›) as prose, then straight double quotes: a JSON string when the quote is a key (`"…":`) or a value
    after `"key":`, or after `[`, `{` or `,` inside braces or brackets; a prose quotation otherwise; then straight
    single quotes opening after a space or bracket and closing before one (a prose quotation; "it's" is no quote).
    Spans longer than `_MAX_SPAN` characters are not quotations. Returns `QuoteSpan`s (inside offsets).
    """
    t = text[:limit]
    taken: list[QuoteSpan] = []

    def free(a: int, b: int) -> bool:
        return all(b <= s.start - 1 or a >= s.end + 1 for s in taken)

    for m in _FENCE.finditer(t):
        taken.append(QuoteSpan(m.start(1), m.end(1), "code"))
    for m in _INLINE.finditer(t):
        if free(m.start(), m.end()):
            taken.append(QuoteSpan(m.start(1), m.end(1), "code"))
    for m in _PAIRED.finditer(t):
        g = next(k for k in range(1, 9) if m.group(k) is not None)
        if free(m.start(), m.end()):
            taken.append(QuoteSpan(m.start(g), m.end(g), "prose"))
    for m in _STRAIGHT.finditer(t):
        if not free(m.start(), m.end()):
            continue
        key = _JSON_KEY_AFTER.match(t, m.end()) is not None
        value = _JSON_VALUE_BEFORE.search(t[max(0, m.start() - 40) : m.start()]) is not None
        kind: QuoteKind = "json" if (key or value) and _inside_braces(t, m.start()) else "prose"
        taken.append(QuoteSpan(m.start(1), m.end(1), kind))
    for m in _SINGLE.finditer(t):
        if free(m.start(), m.end()) and _words(m.group(1)):
            taken.append(QuoteSpan(m.start(1), m.end(1), "prose"))
    return sorted(taken)


def _words(s: str) -> bool:
    """Whether `s` holds at least two words: a space inside it, or four letters of a script written without spaces."""
    return " " in s.strip() or len(_NO_SPACES.findall(s)) >= 4


def _blank(text: str, spans: list[QuoteSpan]) -> str:
    """`text` with the inside of every span in `spans` replaced by a comma (a clause break, so no scope runs over)."""
    out, last = [], 0
    for s in spans:
        out.append(text[last : s.start])
        out.append(" , ")
        last = s.end
    out.append(text[last:])
    return "".join(out)


class QuoteReading(NamedTuple):
    """Where a text's order concepts sit (`read_quotes`)."""

    quoted: bool
    """The text has a prose quotation or code of at least two words (`_words`)."""
    orders_only_quoted: bool
    """Order concepts occur in the text, and none of them (and no act outside a negation's scope) is left once the
    prose quotations and code are blanked: the text quotes the words, it does not say them."""
    orders_in_json: bool
    """An order concept occurs inside a JSON string (a tool's field carrying text for whoever reads it)."""
    describe_outside: bool
    """The text outside quotations and code reads as description (`_concepts`' `describe` concept)."""


def read_quotes(text: str, limit: int = 6000) -> QuoteReading:
    """`QuoteReading` of the first `limit` characters of `text` (see `QuoteReading`'s fields)."""
    t = text[:limit]
    spans = quote_spans(t)
    said = [s for s in spans if s.kind != "json"]
    quoted = any(_words(t[s.start : s.end]) for s in said)
    found = set(concepts(t)) & set(ORDER_CONCEPTS)
    outside_text = _blank(t, said) if said else t
    outside = concepts(outside_text) if said else set(concepts(t))
    only = bool(found) and quoted and not (outside & set(ORDER_CONCEPTS)) and not scoped_acts(outside_text)[0]
    in_json = any(set(concepts(t[s.start : s.end])) & set(ORDER_CONCEPTS) for s in spans if s.kind == "json")
    return QuoteReading(quoted, only, in_json, "describe" in outside)


FEATURES42 = (
    *FEATURES41,
    "quoted42",
    "orders_only_quoted42",
    "orders_in_json42",
    "describe_outside42",
    "only_quoted_x_describe42",
    "only_quoted_x_frame_act42",
)
"""The names of `vector42`'s numbers: `FEATURES41`, then `read_quotes`'s four readings and two products."""

_I_FA = FEATURES41.index("frame_any_x_act_any")


def vector42(text: str) -> list[float]:
    """`FEATURES42` of `text` (74 numbers).

    `vector41`'s numbers, then `read_quotes`'s four readings, the order words quoted only in a text that describes
    outside its quotes, and quoted only in a text `vector40` reads a frame and an act in.
    """
    v41 = vector41(text)
    q = read_quotes(text)
    return [
        *v41,
        float(q.quoted),
        float(q.orders_only_quoted),
        float(q.orders_in_json),
        float(q.describe_outside),
        float(q.orders_only_quoted and q.describe_outside),
        float(q.orders_only_quoted and v41[_I_FA] > 0),
    ]
