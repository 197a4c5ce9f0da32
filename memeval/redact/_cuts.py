"""The two parts of a key cut across two events, each found in its own text (issue 15, redact25).

An agent that writes the first part of a credential into one memory event and the rest into the
next leaves two texts neither of which holds a whole key: the scanners' rules want the whole
length, and the truncated rule (`_truncated`) wants a prefix and 8 or more characters. Blanking
the second part by what the previous event held would make a text's stored bytes depend on its
neighbour (batch cuts, HTTP against file ingest, a restart); these rules read the text alone, so
`redact_many` over any batch still equals `redact` text by text (since redact32 ingest also reads each
event with the previous event of its stream: `_across`, outside `redact_many`). Three shapes, read from the
truncated rules (`_truncated.derive_all`: kingfisher's bundled rules with a literal prefix and a
counted class; their prefixes, body classes and counts) and from the keys of the context rule
`config-assignment` (`rules/context.toml`):

- `HEAD`, the first part cut at the text's end: a registered prefix (`ghp_`, `glpat-`, `AKIA`,
  `sk-ant-api03-`) followed by 1 to 7 characters of the rule's class, ending the text (trailing
  spaces allowed): the truncated rule wants 8 or more (with its screens, anywhere in a text). The
  body must hold two of lower case, upper case and digits when the class admits them
  (`glpat-abc`, `STS.short` are kept) and be no placeholder (`ghp_XXXX`).
- `KEYED`, the first part of a value a credential-named key gives, cut by the text's end:
  `token = "n0k`, `password: '52Ve`, `<apiToken>YXNkZ` (a quote the text ends before closing,
  an element opened at a line's start and not closed). A placeholder (`"${TOKEN`) is kept.
- `TAIL`, the rest at the text's start: a run of `MIN_TAIL` or more key characters starting with
  a letter or digit, ended by the text's end, a space, a quote, a closing bracket, `|`, `<`, a
  sentence's `.` `!` `?` `…` (since redact26: `!` `?` `…`; a label's `: ` is not an end, a digest's
  look-alikes read `<digest>: rotated` as one); it must fit a
  registered body class (the narrowest that fits) no longer than that class's longest count less
  one, hold two or more of lower case, upper case and digits, and reach `ENTROPY_SHARE` of the most
  entropy its length and class allow. Not taken: hex digits and dashes in one case (a git sha, a
  UUID or its end, a digest), an IBAN's shape, a run
  starting with a registered prefix (a whole token is the full rules' to judge), Base64 of text
  or of a file with a known signature (an image), a placeholder, words (`_words`:
  `AgentCmdOpt`, `RULES_V2`, `X-API-Name`).

What is left, and why (`bench/redact_cut_halves.py` counts it): a tail of hex digits, of one
class only or under 8 characters; a tail that reads as words (many corpus values are
`abcdefghij0123456789`); the two parts of a value no registered format or key names. A text that
starts with a random-looking run of the registered shapes is blanked there whether or not it was
cut from a key: the scanners' own negative examples (key-shaped strings with a wrong prefix) are.
"""

from __future__ import annotations

import base64
import binascii
import math
import re
from collections.abc import Iterator, Sequence

from memeval.redact._context import _entropy
from memeval.redact._entities import credential_type
from memeval.redact._result import RecognizerResult
from memeval.redact._rulefiles import rules_of
from memeval.redact._scanners import memeval_result
from memeval.redact._truncated import MIN_BODY, TruncatedRule, TruncatedTokenRecognizer
from memeval.redact._values import PLACEHOLDER, PLACEHOLDER_PART, placeholder_value

MIN_TAIL = 8
"""Fewest characters of a run at a text's start read as the rest of a cut key."""
ENTROPY_SHARE = 0.75
"""A tail's Shannon entropy (bits per character) must reach this share of log2(min(length, alphabet))."""
TAIL_ENTITY = "GENERIC_SECRET"
"""The entity type of a tail: no part of it names the provider."""
_SCORE = 0.55

_TAIL = re.compile(r"[A-Za-z0-9][A-Za-z0-9_\-+/]*=*")
_TAIL_END = re.compile(r"\Z|[\s'\"`;,)\]}>|<…]|[.!?](?:\s|\Z)")
_MARKS = re.compile(r"[_\-/+]+")
_WORD_PART = re.compile(r"(?:[A-Z]?[a-z]+|[A-Z]+)[0-9]{0,4}|[0-9]{1,4}")
_IBAN_SHAPE = re.compile(r"[A-Z]{2}[0-9]{2}[A-Z0-9]{10,30}")
_TOKENS = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|[0-9]+")
WORD_MEAN = 3.0
"""A run of both cases whose letter parts (split at case changes and digits) average this many letters is words."""
_LOWER = re.compile(r"[a-z]")
_UPPER = re.compile(r"[A-Z]")
_HEXISH = re.compile(r"[0-9a-f\-]+|[0-9A-F\-]+")
_VALUE_OPENS = frozenset("\"'`>")
_VALUE_STOPS = _VALUE_OPENS | frozenset(" \t\r\n\f\v")
_ALNUM = re.compile(r"[A-Za-z0-9]")
_GROUPS = (re.compile(r"[a-z]"), re.compile(r"[A-Z]"), re.compile(r"[0-9]"))


_PUBLIC_END = re.compile(
    r"[ \t]*\r?\n[ \t]*-----END (?:[A-Z0-9]+ )*(?:PUBLIC KEY|CERTIFICATE|SIGNATURE)(?: BLOCK)?-----"
)
"""An armor END line of a public block right after the run (RFC 7468, RFC 4880's `PGP PUBLIC KEY BLOCK`): the run is
that block's last body or checksum line (`AP6abc1231321` before `-----END PGP PUBLIC KEY BLOCK-----`, semgrep-rules'
detected-artifactory-password `ok:` line), not the rest of a key cut across events; a PRIVATE block's END still
reads as one."""


def _groups(run: str) -> int:
    return sum(1 for g in _GROUPS if g.search(run))


_MAGIC = (b"\x89PNG", b"GIF8", b"\xff\xd8\xff", b"%PDF", b"PK\x03\x04", b"\x1f\x8b", b"RIFF", b"\x00\x00\x00")
"""File signatures (PNG, GIF, JPEG, PDF, zip, gzip, RIFF/WebP, an ISO-BMFF box size) of Base64 that is data."""


def _decodes_to_data(run: str) -> bool:
    """Whether `run` is Base64 (standard or URL-safe) of printable text or of a file with a known signature."""
    body = run.rstrip("=")
    if len(body) < MIN_TAIL:
        return False
    try:
        raw = base64.b64decode(body + "=" * (-len(body) % 4), altchars=b"-_" if "-" in body or "_" in body else None)
    except (binascii.Error, ValueError):
        return False
    if raw.startswith(_MAGIC):
        return True
    try:
        decoded = raw.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return sum(c.isprintable() or c.isspace() for c in decoded) >= 0.95 * len(decoded)  # noqa: PLR2004


def _words(run: str) -> bool:
    """Whether `run` reads as words or a name, not a key body.

    A run of both cases whose letter parts (split at case changes and digits: `AgentCmdOpt` gives Agent,
    Cmd, Opt) average `WORD_MEAN` or more letters, where a random body breaks into parts of one or two
    (`KTJlDq2AGGG`); or one every part of which between marks is a word of one case pattern with up to
    four digits after it, or a short number (`X-API-Name`, `RULES_V2`, `r24_held`, `v10/heldout_v10`).
    A run of one case and digits is never judged by the mean: random `k3jq8wmx0pz` has long letter parts.
    """
    if _LOWER.search(run) and _UPPER.search(run):
        letters = [p for p in _TOKENS.findall(run) if not p.isdigit()]
        if letters and sum(map(len, letters)) / len(letters) >= WORD_MEAN:
            return True
    return all(_WORD_PART.fullmatch(p) for p in _MARKS.split(run.rstrip("=")) if p)


KEYED_RULE = "config-assignment"
"""The rule of `rules/context.toml` whose credential-named keys (`password`, `token`, `api_key`, ...) `keyed` reads."""
WINDOW = 300
"""Characters before a text's end searched for a keyed head."""


def key_names(rule_id: str = KEYED_RULE) -> str:
    """The `(?P<key>...)` group of a `rules/context.toml` rule's pattern, as regex text (case-insensitive there).

    Raises:
        KeyError: no rule `rule_id`, or its pattern has no `key` group.
    """
    pattern = next(str(r["pattern"]) for r in rules_of("context.toml") if r["id"] == rule_id)
    start = pattern.find("(?P<key>")
    if start < 0:
        raise KeyError(f"{rule_id}: no key group")
    depth = 0
    for k, c in pattern_syntax(pattern, start):
        if c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
            if depth == 0:
                return pattern[start : k + 1]
    raise KeyError(f"{rule_id}: unbalanced key group")


def pattern_syntax(pattern: str, start: int = 0) -> Iterator[tuple[int, str]]:
    """(index, character) of each character of regex text `pattern`, from `start`, outside escapes and classes.

    A class's opening `[` and everything up to its first `]` are skipped, as is each escaped pair: the reading the
    cut readers share to find a group's parentheses in a scanner rule's pattern. A `]` right after `[` is taken to
    close the class (no rule they read writes one there).
    """
    k, in_class = start, False
    while k < len(pattern):
        c = pattern[k]
        if c == "\\":
            k += 2
            continue
        if in_class:
            in_class = c != "]"
        elif c == "[":
            in_class = True
        else:
            yield k, c
        k += 1


def keyed_pattern(keys: str) -> re.Pattern[str]:
    """A credential-named key (`keys`, regex text), then a value the text's end cuts.

    The value follows a quote that is not closed, or sits in an XML element opened at a line's start and
    never closed; it holds no space (`Bearer <token> was in the log` is prose, not a cut value).
    """
    assign = r"[\"']?\]?\s*(?:===|!==|==|!=|:=|=>|=|:)[ \t]*(?P<q>[\"'`])(?P<value>[^\"'`\s]+)"
    element = rf"^[ \t]*<{keys.replace('(?P<key>', '(?P<tag>', 1)}>(?P<text>[^<\s]+)"
    return re.compile(rf"(?im)(?:(?<![A-Za-z0-9_.\-]){keys}{assign}|{element})\s*\Z")


class CutKeyReader:
    """Finds the two parts of a cut key in one text (see the module docstring).

    Args:
        truncated: the truncated-token recognizer whose rules (prefixes, body classes, counts) are read.
    """

    def __init__(self, truncated: TruncatedTokenRecognizer) -> None:
        self._truncated = truncated
        self._rules: Sequence[TruncatedRule] = truncated.rules
        self._heads: dict[str, re.Pattern[str]] = {}
        self._bodies = self._tail_shapes(self._rules)
        self._prefixes = tuple(sorted({p for r in self._rules for p in r.prefixes}, key=len, reverse=True))
        self._keyed = keyed_pattern(key_names())
        self._window = max((len(p) for p in self._prefixes), default=0) + MIN_BODY
        """Characters before a text's end where a head may start: the longest prefix and a 7-character body."""

    @staticmethod
    def _tail_shapes(rules: Sequence[TruncatedRule]) -> list[tuple[re.Pattern[str], int, int]]:
        """(body class pattern, longest tail it admits, alphabet size) per distinct class, the longest count kept."""
        longest: dict[str, tuple[int, int]] = {}
        for r in rules:
            lo, alpha = longest.get(r.body_class, (0, r.alphabet))
            longest[r.body_class] = (max(lo, r.full_min - 1), alpha)
        shapes = [(re.compile(rf"(?:{cls})+"), most, alpha) for cls, (most, alpha) in longest.items()]
        return sorted(shapes, key=lambda s: s[2])  # the narrowest class that fits decides

    def _head_pattern(self, rule: TruncatedRule) -> re.Pattern[str]:
        pat = self._heads.get(rule.rule_id)
        if pat is None:
            alternatives = "|".join(re.escape(p) for p in sorted(rule.prefixes, key=len, reverse=True))
            prefix = f"(?i:{alternatives})" if rule.prefix_case_insensitive else f"(?:{alternatives})"
            most = min(MIN_BODY - 1, rule.full_min - 1)
            pat = re.compile(rf"(?<![A-Za-z0-9]){prefix}(?P<body>{rule.body_class}{{1,{most}}})\s*\Z")
            self._heads[rule.rule_id] = pat
        return pat

    def heads(self, text: str) -> list[RecognizerResult]:
        """A registered prefix and a body of 1 to 7 characters ending `text` (`HEAD` in the module docstring).

        A longer body is the truncated rule's (`_truncated`), with its screens.
        """
        end = len(text.rstrip())
        start = max(0, end - self._window)
        for rule in self._truncated._candidates(text[start:end]):
            m = self._head_pattern(rule).search(text, start)
            if m is None:
                continue
            body = m.group("body")
            if _groups(body) < min(2, rule.body_groups, len(body)) or PLACEHOLDER.match(body):
                continue
            if PLACEHOLDER_PART.search(m.group(0)) or len(set(body)) == 1 < len(body):
                continue
            detector = f"memeval:cut-head:{rule.rule_id.split('.', 1)[-1]}"
            return [memeval_result(credential_type(rule.rule_id), m.start(), m.end("body"), _SCORE, detector)]
        return []

    def keyed(self, text: str) -> list[RecognizerResult]:
        """A credential-named key's value cut by the text's end (`KEYED` in the module docstring), or []."""
        end = len(text.rstrip())
        k = end
        while k > 0 and text[k - 1] not in _VALUE_STOPS:
            k -= 1
        if k == end or k == 0 or text[k - 1] not in _VALUE_OPENS:
            return []  # the text's last word follows no quote or tag: no value is cut there (most texts)
        m = self._keyed.search(text, max(0, k - WINDOW))
        if m is None:
            return []
        group = "value" if m.group("value") is not None else "text"
        value = m.group(group)
        if group == "value" and text.count(m.group("q"), 0, m.start("q")) % 2:
            return []  # the quote closes a string opened before (`value="password:"/>`), it opens none
        if len(value) < 2 or not _ALNUM.search(value) or placeholder_value(value) or PLACEHOLDER_PART.search(value):  # noqa: PLR2004
            return []
        return [memeval_result(TAIL_ENTITY, m.start(group), m.end(group), _SCORE, "memeval:cut-keyed")]

    def tail(self, text: str) -> list[RecognizerResult]:
        """The run starting `text` read as the rest of a cut key (`TAIL` in the module docstring), or []."""
        m = _TAIL.match(text)
        if m is None or len(m.group(0)) < MIN_TAIL or not _TAIL_END.match(text, m.end()):
            return []
        if _PUBLIC_END.match(text, m.end()):
            return []  # the last line of a public key, certificate or signature block: public, no cut key
        if not self.key_body(m.group(0)):
            return []
        return [memeval_result(TAIL_ENTITY, 0, m.end(), _SCORE, "memeval:cut-tail")]

    def key_body(self, run: str, *, capped: bool = True) -> bool:
        """Whether `run` (key characters, `_TAIL`'s class) reads as a random piece of a registered key body.

        It must fit a registered body class (the narrowest that fits) and, when `capped`, be no longer than
        that class's longest count less one; hold two or more of lower case, upper case and digits; and reach
        `ENTROPY_SHARE` of the most entropy its length and class allow. Not: hex digits and dashes of one case,
        an IBAN's shape, a run starting with a registered prefix, a placeholder, words, Base64 of text or of a
        file (`tail` in the module docstring).
        """
        if _groups(run) < 2 or _HEXISH.fullmatch(run) or _IBAN_SHAPE.fullmatch(run) or run.startswith(self._prefixes):  # noqa: PLR2004
            return False
        if PLACEHOLDER_PART.search(run) or PLACEHOLDER.match(run) or _words(run) or _decodes_to_data(run):
            return False
        for shape, most, alphabet in self._bodies:
            if (len(run) <= most or not capped) and shape.fullmatch(run):
                return _entropy(run) >= ENTROPY_SHARE * math.log2(min(len(run), alphabet))
        return False

    def analyze(self, text: str) -> list[RecognizerResult]:
        """Both parts' findings in `text` (offsets into `text`): a cut-short head at its end, a tail at its start."""
        if not text:
            return []
        return self.heads(text) + self.keyed(text) + self.tail(text)
