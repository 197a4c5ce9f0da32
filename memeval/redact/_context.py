"""Rules kept as data (`rules/context.toml`): secrets known by their surroundings or a checksum.

US SSNs, card numbers in any separator style, passwords in command lines and prose, HTTP
authorization headers, `.env` / config assignments, Azure connection-string keys. Provider key
formats are not here: they come from the scanners' bundled rules (`_scanners`).

Every rule reads the NFKC view of the text (`_views.normal_view`: full-width digits and
letters folded, invisible characters dropped), and its spans are mapped back to the original
text. A value that is a template or placeholder is never blanked (`PLACEHOLDER`).
"""

from __future__ import annotations

import bisect
import functools
import re
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass
from importlib import resources
from typing import Any

from presidio_analyzer import EntityRecognizer, RecognizerResult
from presidio_analyzer.nlp_engine import NlpArtifacts

from memeval.errors import RedactionError
from memeval.redact._scanners import memeval_result
from memeval.redact._views import View, normal_view

PLACEHOLDER = re.compile(
    r"^(?:\$\{?[\w.\-]+\}?|\$\(.*\)|<[^>]*>|\{\{?[^}]*\}\}?|%\(?[\w]+\)?s?|%[\w]+%|\*+|x{3,}|X{3,}"
    r"|\.\.\.+|…|#+|-+|_+|\?+|true|false|null|none|nil|yes|no|on|off|required|optional|empty"
    r"|changeme|change_me|your[_\-]?\w*|my[_\-]?\w*|example\w*|dummy\w*|placeholder\w*|redacted"
    r"|\[redacted[^\]]*\]|\[REDACTED:[A-Z_]+\]|password|passwd|secret|token|pass|pwd|env|"
    r"os\.environ.*|process\.env.*|getenv.*|vault:.*|ssm:.*|secretsmanager:.*|ref\+.*)$",
    re.IGNORECASE,
)
"""Values that only name where a secret would be ("${DB_PASSWORD}", "<token>", "****")."""

PLACEHOLDER_PART = re.compile(r"\.\.\.|…|[xX*•]{4,}|<[^>]*>|^<|\$\{|\{\{|\$\(|^\$[A-Za-z_]|EXAMPLE|\[REDACTED:")
"""Pieces that mark a value as elided or templated (`sk-...`, `ghp_XXXX`, `${X}`, `$PASS`)."""
_SYMBOL = re.compile(r"[^A-Za-z\s]")
_PATHISH = re.compile(r"^(?:/|~/|\./|\.\./|[A-Za-z]:\\|file:)")
_TRAIL = ".,;:!?)]}>'\"*。，、！？…"
_NEXT_PART = re.compile(r"&[A-Za-z_][\w.\-]*=|</?[A-Za-z]|\*\*(?:\W|$)")
"""Where a value read up to the next space may run into the next URL parameter (`&y=2`), a tag
(`</p>`) or markdown emphasis (`**`): the part before it is also checked for being a placeholder."""

_NEXT_PARAM = re.compile(r"&[A-Za-z_][\w.\-]*=")


def head(value: str) -> str:
    """The part of `value` before `_NEXT_PART` (all of it when that part would be empty)."""
    return _NEXT_PART.split(value, 1)[0] or value


def elided(value: str) -> bool:
    """Whether a value is shown cut short (`sk-...`, `sk-proj-…`).

    That is: under 8 characters, or ending in `-`/`_`, before a trailing ellipsis. A long value
    followed by `...` is a secret at the end of a sentence.
    """
    core = value.rstrip(".…")
    return core != value and (len(core) < 8 or core.endswith(("-", "_")))


_ENCODED_START = re.compile(r"^(?:%[0-9A-Fa-f]{2}|\\u[0-9A-Fa-f]{4}|\\x[0-9A-Fa-f]{2})")
"""A value that starts with an escape (`%3A%20...`, `\\u003a...`) is still encoded: the decoded
reading (`_decode`) judges what it holds; read as written it is only the escape syntax."""


def _luhn(digits: str) -> bool:
    total = 0
    for i, ch in enumerate(reversed(digits)):
        d = int(ch)
        if i % 2 == 1:
            d = d * 2 - 9 if d > 4 else d * 2
        total += d
    return total % 10 == 0


def _ssn_ok(value: str) -> bool:
    """US SSA rules: area not 000/666/9xx, group not 00, serial not 0000 (and not all one digit)."""
    d = re.sub(r"\D", "", value)
    if len(d) != 9 or len(set(d)) == 1 or d == "123456789":
        return False
    area, group, serial = d[:3], d[3:5], d[5:]
    return area not in ("000", "666") and area[0] != "9" and group != "00" and serial != "0000"


def _secretish(value: str, key: str) -> bool:
    if PLACEHOLDER.match(value) or _PATHISH.match(value):
        return False
    k = key.lower()
    if "pass" in k or "pwd" in k:
        return len(value) >= 3
    if value.isdigit():
        return len(value) >= 12
    if len(value) >= 16:
        return True
    has_case = value.lower() != value and value.upper() != value
    return len(value) >= 6 and (bool(_SYMBOL.search(value)) or has_case)


@dataclass(frozen=True)
class ContextRule:
    """One rule read from `rules/context.toml` (fields as documented there)."""

    id: str
    entity: str
    pattern: re.Pattern[str]
    keywords: tuple[str, ...]
    check: str | None
    score: float
    screens: tuple[re.Pattern[str], ...] = ()
    """Patterns each of which every match of `pattern` contains (`screen` in the rule file): a text
    none of them is found in cannot match, so the rule is not run on it. Written by reading the
    pattern (its required literals, with its own flags); `tests/redact/test_rule_screens.py`
    checks screened and unscreened results are equal on the corpus and random text."""

    def accepts(self, value: str, match: re.Match[str], raw: str | None = None) -> bool:
        """Whether the matched value passes the rule's check and is not a placeholder.

        `value` is the value without trailing punctuation, `raw` as matched: `sk-...` (short
        before an ellipsis) is a placeholder, a long key followed by "..." is not.
        """
        if not value or PLACEHOLDER.match(value) or PLACEHOLDER_PART.search(value.rstrip(".…")):
            return False
        if _ENCODED_START.match(value) or PLACEHOLDER.match(head(value)):
            return False  # an escape, or a placeholder followed by the next URL parameter
        if len(value) < 8 and not any(c.isalnum() for c in value):
            return False  # `" + "`: the syntax between two string literals, not a value
        if raw and elided(raw.rstrip(_TRAIL.replace(".", "").replace("…", ""))):
            return False
        if self.check == "luhn":
            digits = re.sub(r"\D", "", value)
            return 13 <= len(digits) <= 19 and _luhn(digits) and len(set(digits)) >= 2
        if self.check == "ssn":
            return _ssn_ok(value)
        if self.check == "secretish":
            key = match.groupdict().get("key") or ""
            return _secretish(value, key if self.id != "prose-password" else "")
        if self.check == "not-flag":
            return not value.startswith("-")
        return True


def load_rules(text: str | None = None) -> tuple[ContextRule, ...]:
    """Parse the rule file (the packaged `rules/context.toml` unless `text` is given).

    Raises:
        RedactionError: a rule is missing a field or its pattern does not compile (named).
    """
    if text is None:
        text = resources.files("memeval.redact").joinpath("rules/context.toml").read_text("utf-8")
    data: dict[str, Any] = tomllib.loads(text)
    rules: list[ContextRule] = []
    for raw in data.get("rule", []):
        try:
            rules.append(
                ContextRule(
                    id=str(raw["id"]),
                    entity=str(raw["entity"]),
                    pattern=re.compile(raw["pattern"]),
                    keywords=tuple(str(k).lower() for k in raw.get("keywords", ())),
                    check=raw.get("check"),
                    score=float(raw.get("score", 0.7)),
                    screens=tuple(re.compile(x) for x in raw.get("screen", ())),
                )
            )
        except (KeyError, re.error, TypeError, ValueError) as exc:
            raise RedactionError(
                f"redaction rule {raw.get('id', '?')!r} in rules/context.toml is invalid: {exc}; fix the rule file"
            ) from exc
    return tuple(rules)


def _trim_trail(text: str, start: int, end: int, *, at_end: bool = False) -> int:
    """`end` moved back over trailing punctuation (`_TRAIL`) that no letter or digit follows.

    `at_end`: `end` is where the value stops whatever follows it (the cut of `_glued_cut`).
    """
    while end > start and text[end - 1] in _TRAIL and (at_end or end == len(text) or not text[end].isalnum()):
        end -= 1
        at_end = False
    return end


def _value_span(m: re.Match[str]) -> tuple[int, int] | None:
    names = m.re.groupindex
    for name in ("secret", "dq", "sq"):
        if name in names and m.group(name) is not None:
            start, end = m.start(name), m.end(name)
            if name == "secret":
                nxt = _NEXT_PARAM.search(m.string, start, end)
                if nxt is not None and nxt.start() > start:
                    end = nxt.start()  # the next URL parameter is not part of the value
                end = _trim_trail(m.string, start, end)
            return start, end
    return (m.start(), m.end()) if "secret" not in names else None


def _glued_cut(text: str, start: int, end: int) -> tuple[int, int, str] | None:
    r"""The value `text[start:end]` cut before the first non-ASCII letter or digit in it, or None.

    A value read up to the next space runs on into CJK (or other non-ASCII) text glued after it:
    `--password hunter2</p>数据`, `JWT_SECRET=abc…数据`. Python regexes (`\w`) and `str.isalnum` count
    those letters as word characters, so the trailing `</p>` or `…` is not trimmed and the run
    reads as a placeholder. The part before them is the end side of "no ASCII letter or digit
    before a keyword". Returns (start, end, raw) of that part (trailing punctuation trimmed; `raw`
    as cut, for the elision check), or None when there is no such letter after the value's first
    character.
    """
    cut = next((i for i in range(start + 1, end) if not text[i].isascii() and text[i].isalnum()), None)
    if cut is None:
        return None
    return start, _trim_trail(text, start, cut, at_end=True), text[start:cut]


class ContextRecognizer(EntityRecognizer):
    """Presidio recognizer running `rules/context.toml` on the NFKC view of a text."""

    def __init__(self, rules: tuple[ContextRule, ...] | None = None) -> None:
        self._rules = rules if rules is not None else load_rules()
        entities = sorted({r.entity for r in self._rules})
        super().__init__(supported_entities=entities, name="memeval-context", version="1")

    def load(self) -> None:
        """Nothing to load: rules are parsed in `__init__`."""

    def analyze(
        self, text: str, entities: list[str], nlp_artifacts: NlpArtifacts | None = None
    ) -> list[RecognizerResult]:
        """Spans (offsets into `text`) of every accepted rule match."""
        view = normal_view(text)
        vt = view.text
        lowered = vt.lower()
        has_digit = _has_digit(vt)
        out: list[RecognizerResult] = []
        for rule in self._rules:
            if _admits(rule, vt, lowered, has_digit):
                _run_rule(rule, view, out)
        return out

    def analyze_many(self, texts: Sequence[str]) -> list[list[RecognizerResult]]:
        """`[self.analyze(t, [], None) for t in texts]`: the same spans, for less CPU on many short texts.

        Which texts a rule can match is found once over the texts' views joined by blank lines
        (`_candidates`: where the rule's first screen, or one of its keywords, occurs); each
        candidate then goes through exactly the checks and matching `analyze` runs, on its own.
        A rule with neither screen nor keyword reads every text, as in `analyze`.
        """
        views = [normal_view(t) for t in texts]
        out: list[list[RecognizerResult]] = [[] for _ in texts]
        if not texts:
            return out
        vts = [v.text for v in views]
        joined = _JOIN.join(vts)
        starts: list[int] = []
        pos = 0
        for vt in vts:
            starts.append(pos)
            pos += len(vt) + len(_JOIN)
        lowered_joined = joined.lower()
        lowered: dict[int, str] = {}
        digits: dict[int, bool] = {}
        for rule in self._rules:
            for i in _candidates(rule, joined, lowered_joined, starts, vts):
                vt = vts[i]
                low = lowered.get(i)
                if low is None:
                    low = lowered[i] = vt.lower()
                digit = digits.get(i)
                if digit is None:
                    digit = digits[i] = _has_digit(vt)
                if _admits(rule, vt, low, digit):
                    _run_rule(rule, views[i], out[i])
        return out


def _has_digit(vt: str) -> bool:
    """`any(c.isdigit() for c in vt)`: by one regex search when `vt` is ASCII (where only 0-9 are digits)."""
    return _ASCII_DIGIT.search(vt) is not None if vt.isascii() else any(c.isdigit() for c in vt)


_ASCII_DIGIT = re.compile("[0-9]")

_JOIN = "\n\n\n"
"""Joins the views `ContextRecognizer.analyze_many` searches for candidates (rules read line by line)."""


def _admits(rule: ContextRule, vt: str, lowered: str, has_digit: bool) -> bool:
    """Whether `rule` can match the view text `vt` (its keywords, digits and screens), as `analyze` checks."""
    if rule.keywords and not any(k in lowered for k in rule.keywords):
        return False
    if rule.check in ("luhn", "ssn") and not has_digit:
        return False
    return not rule.screens or all(x.search(vt) for x in rule.screens)


def _run_rule(rule: ContextRule, view: View, out: list[RecognizerResult]) -> None:
    """Append to `out` the accepted matches of `rule` in `view.text`, as spans of the original text."""
    vt = view.text
    for m in rule.pattern.finditer(vt):
        span = _value_span(m)
        if span is None or span[1] <= span[0]:
            continue
        raw = m.group("secret") if "secret" in m.re.groupindex else None
        if not rule.accepts(vt[span[0] : span[1]], m, raw):
            cut = _glued_cut(vt, *span) if raw is not None else None
            if cut is None or cut[1] <= cut[0] or not rule.accepts(vt[cut[0] : cut[1]], m, cut[2]):
                continue
            span = cut[:2]
        start, end = view.span(*span)
        out.append(memeval_result(rule.entity, start, end, rule.score, f"memeval:{rule.id}"))


def _candidates(rule: ContextRule, joined: str, lowered: str, starts: list[int], vts: list[str]) -> Sequence[int]:
    """Indexes of the texts `rule` may match: a superset of those `_admits` lets through.

    Every text a match can be in holds the rule's first screen (every match contains each screen)
    or, for a rule without screens, one of its keywords; so the texts where the first screen
    (or a keyword) is found in `joined` are the candidates, searched text by text: after a hit,
    the search goes on at the next text's start. A text with a hit of its own gives a hit at or
    before it in `joined` (the pattern has no anchors or lookarounds, so what it matches within a
    text does not depend on what is around it), unless an earlier hit reaches past the text's
    end; should any hit do that, or lower-casing change the joined text's length, every text is
    a candidate.
    """
    everything = range(len(vts))
    if rule.screens:
        if _EDGE_SYNTAX.search(rule.screens[0].pattern):
            return everything  # an anchor or lookaround reads a text's edge differently in `joined`
        pattern = rule.screens[0]
    elif rule.keywords:
        if len(lowered) != len(joined):
            return everything
        pattern, joined = _keyword_pattern(rule.keywords), lowered
    else:
        return everything
    found: list[int] = []
    pos = 0
    while pos <= len(joined):
        m = pattern.search(joined, pos)
        if m is None:
            break
        i = bisect.bisect_right(starts, m.start()) - 1
        if m.end() > starts[i] + len(vts[i]):
            return everything
        found.append(i)
        if i + 1 == len(starts):
            break
        pos = starts[i + 1]  # the next text: one hit makes a text a candidate
    return found


_EDGE_SYNTAX = re.compile(r"\^|\$|\\[AZbB]|\(\?<?[=!]")
"""Pattern syntax whose result at a text's edge depends on what is around it (anchors, lookarounds)."""


@functools.cache
def _keyword_pattern(keywords: tuple[str, ...]) -> re.Pattern[str]:
    """One pattern finding any of `keywords` (longest first, so a hit is never a prefix cut short)."""
    return re.compile("|".join(re.escape(k) for k in sorted(keywords, key=len, reverse=True)))
