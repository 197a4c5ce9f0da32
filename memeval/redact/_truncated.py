"""The first part of a self-identifying token cut short, found with patterns derived from the scanners' rules.

A token split across two memory events (`The deploy token is ghp_` + 20 characters, then
`(continued) ` + the rest) passes the scanners' rules, which need the whole length. Many rules
start with a literal prefix that names the provider (`ghp_`, `glpat-`, `sk-ant-api03-`, `AKIA`)
followed by one character class repeated a fixed or minimum number of times. For each such
rule, read at start-up from kingfisher's bundled rules (`Rules().metadata()` and
`Rules().detail(rule_id)`, as `_solo` does), a "truncated" pattern is derived: the same prefix
followed by at least `MIN_BODY` and fewer than the rule's minimum count of characters of that
class, standing alone as a token. A match is blanked as the rule's own credential type, with the
detector `kingfisher-truncated:<rule>`.

What is not derived: rules whose secret follows a keyword (`stripe ... = <32 hex>`), prefixes
that do not name a provider on their own (shorter than 3 characters, or without a separator
`_ - .` and not 4+ characters starting with a capital: `ey`, `00`, `SK`, `dapi`), and rules
whose minimum count is at most `MIN_BODY`. A match is dropped when the rule's own filter
(`_solo.suppresses`, its entropy thresholds scaled by log2(match length) / log2(full length) and
capped by `ENTROPY_CAP`) allows it, and when the class admits two or more of lower case, upper case
and digits but the matched body uses only one (`ghp_deprecated`, a word, not a key body).

The tail of a split token (random characters with no prefix) cannot be told from other text
and is not looked for.
"""

from __future__ import annotations

import functools
import logging
import math
import re
import string
from dataclasses import dataclass
from itertools import product
from typing import Any

from memeval._literals import LiteralSet
from memeval.redact._entities import credential_type
from memeval.redact._result import Recognizer, RecognizerResult
from memeval.redact._scanners import DETECTOR_KEY
from memeval.redact._solo import rule_details, suppresses

log = logging.getLogger(__name__)

MIN_BODY = 8
"""Fewest characters of the rule's class after the prefix for a truncated match."""

_SCORE = 0.6

ENTROPY_CAP = 0.8
"""A rule's entropy threshold, applied to a cut token, never asks for more than this share of the
most its length and class allow (log2(min(length, class size)) bits per character): a random
14-character run of digits has about 3.0 bits per character, under the 3.32 maximum."""

# Pieces that may come before the prefix in a rule's pattern, and the prefix's own pieces.
_CI = re.compile(r"\(\?i\)")
_SKIP = re.compile(r"\\b|\(\?:\^\|\[[^\]]*\]\)|\((?!\?)|\(\?P<\w+>")
_LIT = r"(?:[A-Za-z0-9_\-:~]|\\[-.$_/~:])"
_LIT_ONE = re.compile(_LIT)
_ALT = re.compile(r"\(\?:([^()]*)\)")
_ALT_PART = re.compile(rf"{_LIT}+")
# The body: a class, optionally case-insensitive, then a counted repeat.
_CLASS = re.compile(r"(?P<ci>\(\?i\)|\(\?i:)?(?P<cls>\[(?:\\.|[^\]\\])+\]|\\w|\\d)")
_QUANT = re.compile(r"\{(?P<lo>\d+)(?P<comma>,)?(?P<hi>\d*)\}")
_SEPARATORS = frozenset("_-.")


@dataclass(frozen=True, eq=False)
class TruncatedRule:
    """One derived pattern: a rule's literal prefix(es) followed by a cut-short body.

    Attributes:
        rule_id: kingfisher's rule id (`betterleaks.github-pat`).
        prefixes: the literal prefixes, as they appear in a token (`("ghp_",)`).
        body_class: the rule's character class as Python regex text (`[0-9a-zA-Z]`).
        full_min: the rule's minimum count of body characters (36 for `ghp_`).
        pattern: the derived pattern; group 0 is the truncated token.
        prefix_case_insensitive: whether the prefix is matched ignoring case.
        filter_tree: the rule's filter (`betterleaks_filter`), or None.
        body_groups: how many of lower case, upper case, digits the class admits (0-3).
        alphabet: how many printable ASCII characters the class admits.
    """

    rule_id: str
    prefixes: tuple[str, ...]
    body_class: str
    full_min: int
    pattern: re.Pattern[str]
    prefix_case_insensitive: bool
    filter_tree: Any
    body_groups: int
    alphabet: int

    @property
    def full_length(self) -> int:
        """Characters of the shortest full token: the longest prefix plus the minimum body."""
        return max(len(p) for p in self.prefixes) + self.full_min


def _unescape(literal: str) -> str:
    return re.sub(r"\\(.)", r"\1", literal)


def _self_identifying(prefix: str) -> bool:
    """A prefix that names its provider: 3+ characters with a separator, or 4+ from a capital."""
    letters = sum(c.isalpha() for c in prefix)
    if len(prefix) >= 3 and letters >= 2 and any(c in _SEPARATORS for c in prefix):
        return True
    return len(prefix) >= 4 and prefix[0].isupper() and prefix.isalnum()


def parse_head(pattern: str) -> tuple[tuple[str, ...], bool, str, bool, int] | None:
    """Split a rule's pattern into its literal prefix(es) and the counted class after them.

    Args:
        pattern: a scanner rule's regex (Go/Rust syntax, as kingfisher bundles it).

    Returns:
        `(prefixes, prefix_ci, body_class, body_ci, full_min)`, e.g. for `ghp_[0-9a-zA-Z]{36}`
        `(("ghp_",), False, "[0-9a-zA-Z]", False, 36)`; None when the pattern does not start
        with literal text followed by one class repeated `{n}`, `{n,}` or `{n,m}` times.
        A group of literal alternatives (`(?:ghu|ghs)_`) gives one prefix per alternative; an
        alternative that is not literal (`A3T[A-Z0-9]`) is left out.
    """
    pos, ci = 0, False
    while True:
        if m := _CI.match(pattern, pos):
            ci = True
        elif not (m := _SKIP.match(pattern, pos)):
            break
        pos = m.end()
    prefixes = [""]
    while True:
        if m := _LIT_ONE.match(pattern, pos):
            prefixes = [p + _unescape(m.group(0)) for p in prefixes]
        elif (m := _ALT.match(pattern, pos)) and "|" in m.group(1):
            parts = [_unescape(a) for a in m.group(1).split("|") if _ALT_PART.fullmatch(a)]
            if not parts:
                return None
            prefixes = [p + a for p, a in product(prefixes, parts)]
        else:
            break
        pos = m.end()
    cls_m = _CLASS.match(pattern, pos)
    if cls_m is None or not prefixes[0]:
        return None
    quant = _QUANT.match(pattern, cls_m.end())
    if quant is None:
        return None
    body = cls_m.group("cls")
    body_ci = ci or bool(cls_m.group("ci"))
    return tuple(prefixes), ci, body, body_ci, int(quant.group("lo"))


_GROUPS = (re.compile(r"[a-z]"), re.compile(r"[A-Z]"), re.compile(r"[0-9]"))


_PROBE = "abcXYZ019"
"""Characters probed to learn which of lower case, upper case and digits a class admits."""


def _groups(chars: str) -> int:
    return sum(1 for g in _GROUPS if g.search(chars))


def _prefix_part(prefixes: tuple[str, ...], case_insensitive: bool) -> str:
    """A regex group matching any of `prefixes`, the longest tried first, ignoring case if `case_insensitive`."""
    alternatives = "|".join(re.escape(p) for p in sorted(prefixes, key=len, reverse=True))
    return f"(?i:{alternatives})" if case_insensitive else f"(?:{alternatives})"


def derive(rule_id: str, pattern: str, filter_tree: Any = None) -> TruncatedRule | None:
    """The truncated-token rule for one scanner rule, or None when none can be derived.

    Args:
        rule_id: the rule's id, for the entity type and detector name.
        pattern: the rule's regex.
        filter_tree: the rule's `betterleaks_filter`, applied to each truncated match.
    """
    head = parse_head(pattern)
    if head is None:
        return None
    prefixes, prefix_ci, body, body_ci, full_min = head
    prefixes = tuple(p for p in prefixes if _self_identifying(p))
    if not prefixes or full_min <= MIN_BODY:
        return None
    try:
        body_re = re.compile(body)
    except re.error:
        log.debug("rule %s: body class not readable by Python's re", rule_id)
        return None
    if body_re.match(" ") or body_re.match("\n"):
        return None  # a class that spans words cannot mark where a token ends
    prefix_part = _prefix_part(prefixes, prefix_ci)
    body_part = f"(?i:{body})" if body_ci else body
    derived = re.compile(
        rf"(?<![A-Za-z0-9]){prefix_part}(?P<body>{body_part}{{{MIN_BODY},{full_min - 1}}})"
        rf"(?!{body_part})(?![A-Za-z0-9_\-])"
    )
    admitted = "".join(c for c in _PROBE if re.fullmatch(body_part, c))
    alphabet = sum(1 for c in string.printable if re.fullmatch(body_part, c))
    return TruncatedRule(
        rule_id, prefixes, body_part, full_min, derived, prefix_ci, filter_tree, _groups(admitted), alphabet
    )


_IDENTITY = r"\\(?![0-9bfnrtvux])"
r"""A backslash before a character it does not make an escape of: ECMAScript's identity escape (`"\T"` is `"T"`; not
its single-character escapes `b f n r t v`, `x`, `u` or a digit), read the same by Ruby's and PHP's double-quoted
strings and by a C compiler (with a warning)."""


@functools.cache
def escaped_pattern(rule: TruncatedRule) -> re.Pattern[str]:
    r"""`rule`'s prefix followed by a body with one or more identity escapes inside it (`AIzaSyCq\TLSO...`).

    A key written into a string literal with a stray backslash reads as the key to whoever runs the code: semgrep-rules'
    `detected-google-cloud-api-key` test `AIzaSyCqhkgr\TLSOFyLyoS5gfN47TJ0HnHA_XA` (the twelfth fresh check) had its
    first 12 characters blanked as a key cut short and the 27 after the backslash stored raw. The body's length
    (`MIN_BODY` or more, any number past the rule's minimum) is counted without the backslashes.
    """
    prefix_part = _prefix_part(rule.prefixes, rule.prefix_case_insensitive)
    return re.compile(
        rf"(?<![A-Za-z0-9]){prefix_part}(?P<body>(?:(?:{_IDENTITY})?{rule.body_class})+)(?![A-Za-z0-9_\-])"
    )


def derive_all() -> list[TruncatedRule]:
    """Every truncated-token rule derivable from kingfisher's bundled rules (0.1 s CPU once they are read)."""
    out: list[TruncatedRule] = []
    for rule_id, detail in rule_details().items():
        rule = derive(rule_id, detail.pattern, detail.filter_tree)
        if rule is not None:
            out.append(rule)
    return out


class TruncatedTokenRecognizer(Recognizer):
    """Presidio recognizer for self-identifying tokens cut short (see the module docstring).

    Each call first looks for the rules' prefixes as plain substrings (one native scan,
    `memeval._literals.LiteralSet`) and runs only the patterns of rules whose prefix is there.
    """

    def __init__(self, rules: list[TruncatedRule] | None = None) -> None:
        self._given = rules
        self.rules: list[TruncatedRule] = []
        self._by_prefix: dict[str, list[TruncatedRule]] = {}
        self._by_lower_prefix: dict[str, list[TruncatedRule]] = {}
        self._prefixes: tuple[LiteralSet, LiteralSet] | None = None
        self._order: tuple[dict[str, int], dict[str, int]] = ({}, {})
        super().__init__(supported_entities=["CREDENTIAL"], name="kingfisher-truncated", version="1")

    def load(self) -> None:
        """Derive the rules from kingfisher's bundled rule set (presidio calls this on construction)."""
        self.rules = self._given if self._given is not None else derive_all()
        self._by_prefix, self._by_lower_prefix = {}, {}
        for rule in self.rules:
            for p in rule.prefixes:
                if rule.prefix_case_insensitive:
                    self._by_lower_prefix.setdefault(p.lower(), []).append(rule)
                else:
                    self._by_prefix.setdefault(p, []).append(rule)
        self._prefixes = None  # built from these tables on first use

    def _candidates(self, text: str) -> list[TruncatedRule]:
        """The rules whose prefix `text` holds, each once, in the order testing every prefix with `in` gives.

        First the rules with a case-sensitive prefix (`_by_prefix` order), then those with a
        case-insensitive one found in `text.lower()`, each rule at its first place. The prefixes
        present are found by one native scan each (`memeval._literals.LiteralSet`) and put back
        in the tables' order, so the rules come out as from testing every prefix with `in`.
        """
        if self._prefixes is None:
            self._prefixes = LiteralSet(self._by_prefix), LiteralSet(self._by_lower_prefix)
            self._order = (
                {p: k for k, p in enumerate(self._by_prefix)},
                {p: k for k, p in enumerate(self._by_lower_prefix)},
            )
        cased, lowered = self._prefixes
        picked = [r for p in sorted(cased.present(text), key=self._order[0].__getitem__) for r in self._by_prefix[p]]
        if self._by_lower_prefix:
            found = lowered.present(text.lower())
            picked += [r for p in sorted(found, key=self._order[1].__getitem__) for r in self._by_lower_prefix[p]]
        return list(dict.fromkeys(picked))

    def analyze(self, text: str, entities: list[str], nlp_artifacts: object = None) -> list[RecognizerResult]:
        """Truncated tokens in `text` (offsets into `text`), each typed as its rule's credential.

        Since redact45 also a rule's token with identity escapes inside its body (`escaped_pattern`), cut short or
        whole, detector `kingfisher-truncated:<rule>+escaped`; looked for only in a text holding a backslash.
        """
        out: list[RecognizerResult] = []
        escapes = "\\" in text
        for rule in self._candidates(text):
            found = [(m, m.group(0), m.group("body"), "", 2) for m in rule.pattern.finditer(text)]
            if escapes:
                for m in escaped_pattern(rule).finditer(text):
                    if "\\" in m.group("body") and len(body := m.group("body").replace("\\", "")) >= MIN_BODY:
                        # every case/digit group the class admits: `C:\Users\ghp_docs\Readme` is a path
                        found.append((m, m.group(0)[: m.start("body") - m.start()] + body, body, "+escaped", 3))
            for m, token, body, suffix, groups in found:
                scale = min(1.0, math.log2(len(token)) / math.log2(rule.full_length))
                cap = ENTROPY_CAP * math.log2(min(len(token), rule.alphabet))
                if _groups(body) < min(groups, rule.body_groups) or suppresses(rule.filter_tree, token, scale, cap):
                    continue
                out.append(
                    RecognizerResult(
                        entity_type=credential_type(rule.rule_id),
                        start=m.start(),
                        end=m.end(),
                        score=_SCORE,
                        recognition_metadata={
                            RecognizerResult.RECOGNIZER_NAME_KEY: "kingfisher-truncated",
                            DETECTOR_KEY: f"kingfisher-truncated:{rule.rule_id.split('.', 1)[-1]}{suffix}",
                        },
                    )
                )
        return out
