r"""The first part of a keyword rule's secret cut by the text's end (issue 15, redact27).

`_cuts`' `HEAD` reads a registered prefix (`ghp_`) and a cut-short body ending a text; `TAIL` and
`_cutshapes` read the rest of a key starting the next text, where a hex run, a run under 8
characters, one of one character class or one starting with a mark cannot be told from a sha, a
number or a name. Many scanner rules find their secret after a keyword instead of a prefix:
betterleaks' semi-generic rules (`abuseipdb`, up to 20 word characters, an assignment `=` `:` `=>`
`,`, quotes, then `[a-f0-9]{80}`) and kingfisher's and noseyparker's keyword rules (`todoist`, up to
32 characters, `SECRET|KEY|TOKEN`, up to 32 more, then `\b[0-9a-z]{40}`). When such a key is cut,
the first event ends with the rule's whole lead-in and the first part of its body; this module
reads that in the text alone (so `redact_many` over any batch equals `redact` text by text) and
blanks the part. The second event's tail may stay raw, but the key is no longer stored whole.

`KEYWORD_HEAD`, derived at start-up from kingfisher's bundled rules (`_solo.rule_details`, the
betterleaks rules it carries included) and from the packaged provider rule files `DATA_FILES`: a
rule whose pattern is a lead-in holding its keyword(s) of 3+ characters, then one capture group
(the body), where the keyword alone is not the lead-in (that is a prefix: `_truncated`'s and
`HEAD`'s). A text matches when its last run of key characters (trailing spaces allowed) is
`MIN_HEAD` or more characters, follows the rule's lead-in, and is a proper beginning of the body
(the `regex` module's partial match: `[a-f0-9]{80}` takes 20 hex digits; 80 are the full rule's
to judge). Kept: a run ending in a mark (`.` ends a sentence, not a cut), of one character group
where the body admits two, reading as words (`_cuts._words`: `sort_key: createdAt`,
`import SecretStr, ValidationError`), a placeholder, and a run the rule's own filter or entropy
bound allows (`_solo.suppresses` and `min_entropy`, scaled to the run's length as `_truncated`
does); nor a text whose end `HEAD` or `KEYED` already blanks. The part is typed as the rule's
credential when the keyword found names the rule's provider (`abuseipdb`), else `GENERIC_SECRET`
(`apiToken` matched betterleaks' `aws-secret-access-key` by its word `token`). A text that ends
with a keyword, an assignment and a random-looking run a few characters
short of the rule's count is blanked whether or not a key was cut: the scanners' negative examples
of a wrong length are (`bench/redact_cut_halves.py --lookalikes`).

`URL_HEAD`: a URL's userinfo cut before its `@` (`postgresql://svc_user:UHn` ending the text, the rest
`Wn3asWAJDEt@10.0.0.5/prod` starting the next): `_structural`'s `URL_PASSWORD` wants the `@` and a
host. Blanked as it does (user name and password), within `URL_WINDOW` characters of the text's end;
kept when the part after the colon starts with digits and no letter follows them (a port:
`http://localhost:8080`, `https://localhost:9200).`), a template
(`${DB_PASS}`), letters reading as a word (`http://host:port`), or when the host part is bracketed
(`http://[::1]:80`).
"""

from __future__ import annotations

import functools
import math
import re
import string
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import regex

from memeval._literals import LiteralSet
from memeval.redact._context import _entropy
from memeval.redact._cuts import TAIL_ENTITY, _groups, _words, pattern_syntax
from memeval.redact._cutshapes import ShapedCutReader
from memeval.redact._entities import credential_type
from memeval.redact._result import RecognizerResult
from memeval.redact._rulefiles import rules_of
from memeval.redact._scanners import memeval_result
from memeval.redact._solo import python_form, rule_details, suppresses
from memeval.redact._structural import _is_template
from memeval.redact._truncated import _ALT, _ALT_PART, _LIT_ONE, ENTROPY_CAP, TruncatedTokenRecognizer, _unescape
from memeval.redact._values import PLACEHOLDER, PLACEHOLDER_PART, placeholder_value

MIN_HEAD = 8
"""Fewest characters of a keyword rule's body ending a text read as a cut key's first part."""
MIN_KEYWORD = 3
"""Shortest keyword a rule's lead-in must start with (shorter ones, `ey`, name no provider)."""
WINDOW = 120
"""Characters before the body searched for the rule's lead-in."""
_SCORE = 0.55

_KEY_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-+/.~")
"""Characters of the last run of a text where a cut body may be."""
LONGEST_RUN = 480
"""Characters of a text's last run read at most (a longer run is no cut head: the full rules read it)."""
_LEAD = re.compile(r"(?:\(\?i\)|\(\?i:|\\b|\(\?:\^\|[^()]*\))*")
"""Flags, word edges and a start-of-line alternative before a lead-in's first keyword."""
_PROBE = "abcXYZ019"
URL_WINDOW = 300
"""Characters before a text's end searched for a URL whose userinfo the end cuts (`URL_HEAD`)."""
_PORT = re.compile(r"\d+(?![A-Za-z0-9])")
"""A port: digits not followed by a letter or digit (`:9200`, `:9200).`, `:6443&y=2`, `:6443**`)."""
_URL_CUT = re.compile(
    r"(?<![a-zA-Z0-9+.\-])[a-zA-Z][a-zA-Z0-9+.\-]{1,30}://([^\s:/@?#'\"<>\[\]]*):([^\s@/?#'\"<>]+)\s*\Z"
)


@dataclass(frozen=True, eq=False)
class KeywordRule:
    """One keyword rule read for cut heads; its patterns are compiled on first use (most keywords are in no text).

    Attributes:
        rule_id: the rule's id (`betterleaks.abuseipdb-api-key.1`, `kingfisher-todoist.1`).
        keywords: the rule's keywords, lower case (`("abuseipdb",)`).
        lead_text: the lead-in's pattern text (Python `regex` syntax, no flags).
        body_text: the body's pattern text (the capture group's contents).
        flags: the pattern's inline flags (`"ai"`; no `x`: the text is compacted).
        full_min: the body's longest counted repeat's least count (`[a-f0-9]{80}`: 80; 0 when none).
        filter_tree: the rule's filter (`betterleaks_filter`), or None.
        min_entropy: the rule's own entropy bound (bits per character; 0: none).
        entity: the entity type a cut body is blanked as (`ABUSEIPDB_API_KEY`).
    """

    rule_id: str
    keywords: tuple[str, ...]
    lead_text: str
    body_text: str
    flags: str
    full_min: int
    filter_tree: Any
    min_entropy: float
    entity: str

    @functools.cached_property
    def compiled(self) -> tuple[regex.Pattern[str], regex.Pattern[str], int, int] | None:
        """(lead-in anchored at the searched slice's end, body, body groups, alphabet), or None: not usable.

        Not usable: a pattern `regex` does not compile, a lead-in the keyword alone matches (a prefix the body
        follows at once: `_truncated`'s and `HEAD`'s), a body that may be empty or start with a space. Body
        groups: how many of lower case, upper case and digits the body's first position admits (0-3);
        alphabet: how many printable ASCII characters it admits.
        """
        mode = f"(?{self.flags})" if self.flags else ""
        try:
            lead = regex.compile(rf"{mode}(?:{self.lead_text})\Z")
            body = regex.compile(f"{mode}(?:{self.body_text})")
        except regex.error:
            return None
        if any(lead.fullmatch(w) for w in self.keywords) or body.match(" ") or body.match(""):
            return None
        admitted = "".join(c for c in _PROBE if body.fullmatch(c, partial=True))
        alphabet = sum(1 for c in string.printable if body.fullmatch(c, partial=True))
        return lead, body, _groups(admitted), alphabet


def _group_span(pattern: str) -> tuple[int, int, int] | None:
    """(start of the first capture group, start of its contents, its closing paren) in `pattern`, or None."""
    start, depth = -1, 0
    for k, c in pattern_syntax(pattern):
        if c == "(":
            if start < 0 and (pattern[k + 1 : k + 2] != "?" or pattern.startswith("?P<", k + 1)):
                start, depth = k, 0
            if start >= 0:
                depth += 1
        elif c == ")" and start >= 0:
            depth -= 1
            if depth == 0:
                inner = start + 1 if pattern[start + 1] != "?" else pattern.index(">", start) + 1
                return start, inner, k
    return None


def _keywords(lead: str) -> tuple[str, ...] | None:
    """The literal keyword(s) a lead-in starts with (`(?i)(?:abuseipdb)` gives `("abuseipdb",)`), or None."""
    pos = _LEAD.match(lead)
    k = pos.end() if pos else 0
    alt = _ALT.match(lead, k)
    if alt is not None:
        parts = alt.group(1).split("|")
        if not all(_ALT_PART.fullmatch(p) for p in parts):
            return None
        return tuple(_unescape(p).lower() for p in parts)
    literal = ""
    while m := _LIT_ONE.match(lead, k):
        literal += _unescape(m.group(0))
        k = m.end()
    return (literal.lower(),) if literal else None


DATA_FILES = ("kingfisher.toml", "noseyparker.toml")
"""Packaged provider rule files (`_context.RULE_FILES`) whose keyword rules are read too."""
_COUNTED = re.compile(r"(?:\[(?:\\.|[^\]\\])+\]|\\w|\\d)\{(?P<lo>\d+)(?:,\d*)?\}")


_FLAGS = re.compile(r"\(\?(?P<f>[aiLmsux]+)\)")


def _compact(pattern: str) -> str:
    """`pattern` written for verbose mode (`(?x)`) without its spaces and comments outside classes."""
    out, k, in_class = [], 0, False
    while k < len(pattern):
        c = pattern[k]
        if c == "\\":
            out.append(pattern[k : k + 2])
            k += 2
            continue
        if in_class:
            in_class = c != "]"
        elif c == "[":
            in_class = True
        elif c.isspace():
            k += 1
            continue
        elif c == "#":
            newline = pattern.find("\n", k)
            k = len(pattern) if newline < 0 else newline
            continue
        out.append(c)
        k += 1
    return "".join(out)


def derive(
    rule_id: str,
    pattern: str,
    filter_tree: Any = None,
    keywords: Sequence[str] = (),
    min_entropy: float = 0.0,
    entity: str | None = None,
) -> KeywordRule | None:
    """The keyword-head rule of one scanner rule, or None when its pattern is no keyword lead-in and a body.

    Args:
        rule_id: the rule's id, for the entity type and detector name.
        pattern: the rule's regex (kingfisher's Rust syntax, read by `_solo.python_form`, or a rule file's).
        filter_tree: the rule's `betterleaks_filter`, applied to each cut body.
        keywords: the rule's keywords (a rule file's `keywords`); empty: read from the lead-in's start.
        min_entropy: the rule's `min_entropy` (a rule file's), scaled to the cut body's length.
        entity: the rule's entity type (a rule file's); None: from the scanner rule's id.
    """
    text = python_form(pattern)
    flags = ""
    while m := _FLAGS.match(text):
        flags += m.group("f")
        text = text[m.end() :]
    if "x" in flags:
        text, flags = _compact(text), flags.replace("x", "")
    span = _group_span(text)
    if span is None:
        return None
    start, inner, close = span
    lead, body = text[:start], text[inner:close]
    words = tuple(k.lower() for k in keywords) or _keywords(lead) or ()
    if not words or min(map(len, words)) < MIN_KEYWORD or not any(w in lead.lower() for w in words):
        return None  # no keyword before the body: a prefix rule (`_truncated`'s and `HEAD`'s)
    while lead.endswith(r"\b"):
        lead = lead[: -len(r"\b")]  # the body's start is a word's start (`_cut_body` checks it)
    counts = [int(c.group("lo")) for c in _COUNTED.finditer(body)]
    kind = entity or credential_type(rule_id)
    return KeywordRule(rule_id, words, lead, body, flags, max(counts, default=0), filter_tree, min_entropy, kind)


def derive_all() -> list[KeywordRule]:
    """Every keyword-head rule of kingfisher's bundled rules and of the packaged provider rule files (once)."""
    out = [r for rid, d in rule_details().items() if (r := derive(rid, d.pattern, d.filter_tree)) is not None]
    for name in DATA_FILES:
        for raw in rules_of(name):
            keywords, bound = raw.get("keywords", ()), float(raw.get("min_entropy", 0.0))
            rule = derive(str(raw["id"]), str(raw["pattern"]), None, keywords, bound, str(raw["entity"]))
            if rule is not None:
                out.append(rule)
    return out


def _cut_body(rule: KeywordRule, compiled: tuple[regex.Pattern[str], regex.Pattern[str], int, int], body: str) -> bool:
    """Whether `body` is a proper beginning of `rule`'s body, random enough for the rule's filter."""
    _, pattern, groups, alphabet = compiled
    m = pattern.fullmatch(body, partial=True)
    if m is None or not m.partial or _groups(body) < min(2, groups, len(set(body))):
        return False
    full = max(rule.full_min, len(body) + 1)
    scale = math.log2(len(body)) / math.log2(full)
    cap = ENTROPY_CAP * math.log2(min(len(body), max(alphabet, 2)))
    return not suppresses(rule.filter_tree, body, scale, cap) and _entropy(body) >= min(rule.min_entropy * scale, cap)


def url_head(text: str) -> list[RecognizerResult]:
    """A URL's user name and password cut before its `@` by the end of `text` (`URL_HEAD`), as one finding, or []."""
    lo = max(0, len(text) - URL_WINDOW)
    if "://" not in text[lo:]:
        return []
    m = _URL_CUT.search(text, lo)
    if m is None:
        return []
    value = m.group(2)
    if _PORT.match(value) or _is_template(value) or value.isalpha() and _words(value):
        return []
    return [memeval_result("URL_PASSWORD", m.start(1), m.end(2), _SCORE, "memeval:cut-url-password")]


def _provider(name: str) -> str:
    """The provider a rule's name starts with (`aws-secret-access-key`, `kingfisher-todoist.1`: `aws`, `todoist`)."""
    return name.removeprefix("kingfisher-").removeprefix("noseyparker-").split("-", 1)[0].split(".", 1)[0].lower()


class KeywordCutReader(ShapedCutReader):
    """`ShapedCutReader` with `KEYWORD_HEAD` (module docstring): a keyword rule's body cut by the text's end.

    Args:
        truncated: as `_cuts.CutKeyReader`.
        rules: the keyword rules (default: `derive_all()`).
    """

    def __init__(self, truncated: TruncatedTokenRecognizer, rules: Sequence[KeywordRule] | None = None) -> None:
        super().__init__(truncated)
        self.keyword_rules = list(derive_all() if rules is None else rules)
        self._by_keyword: dict[str, list[KeywordRule]] = {}
        for rule in self.keyword_rules:
            for k in rule.keywords:
                self._by_keyword.setdefault(k, []).append(rule)
        self._keywords: LiteralSet | None = None

    def keyword_heads(self, text: str) -> list[RecognizerResult]:
        """A keyword rule's lead-in and the first `MIN_HEAD`+ characters of its body ending `text`, as one finding.

        The body is the text's last run of key characters (trailing spaces allowed), whole: it starts after
        a character that is none (a space, `=`, a quote), ends in a letter or digit (a `.` ends a sentence,
        not a cut), holds two of lower case, upper case and digits (or digits only), and is no placeholder
        and no words (`_cuts._words`: `sort_key: createdAt`, `import SecretStr, ValidationError`).
        """
        e = len(text.rstrip())
        s, stop = e, max(0, e - LONGEST_RUN)
        while s > stop and text[s - 1] in _KEY_CHARS:
            s -= 1
        if e - s < MIN_HEAD or not text[s].isalnum() or not text[e - 1].isalnum():
            return []
        body = text[s:e]
        if _groups(body) < 2 and not body.isdigit() or _words(body):  # noqa: PLR2004
            return []  # most texts end with a word: no keyword is looked for
        if PLACEHOLDER.match(body) or placeholder_value(body) or PLACEHOLDER_PART.search(body):
            return []
        if self._keywords is None:
            self._keywords = LiteralSet(self._by_keyword)
        lo = max(0, s - WINDOW)
        for keyword in sorted(self._keywords.present(text[lo:s].lower())):
            for rule in self._by_keyword[keyword]:
                compiled = rule.compiled
                if compiled is not None and _cut_body(rule, compiled, body) and compiled[0].search(text, lo, s):
                    name = rule.rule_id.removeprefix("betterleaks.").removeprefix("kingfisher.")
                    kind = rule.entity if keyword.startswith(_provider(name)) else TAIL_ENTITY
                    return [memeval_result(kind, s, e, _SCORE, f"memeval:cut-keyword:{name}")]
        return []

    def analyze(self, text: str) -> list[RecognizerResult]:
        """`ShapedCutReader.analyze`'s findings and a keyword rule's cut body ending `text`."""
        if not text:
            return []
        found = super().analyze(text)
        if any(r.end >= len(text.rstrip()) for r in found):
            return found  # a prefix's or a key name's cut value already ends the text (`HEAD`, `KEYED`)
        return found + (self.keyword_heads(text) or url_head(text))
