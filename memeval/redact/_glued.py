r"""A self-identifying key glued to the letters or digits that follow it (redact39).

veles (google/osv-scalibr) reads a key such as `dckr_pat_` + 27 characters wherever it stands, so its
tests count `dckr_pat_...extra`, `hf_...extra`, `whsec_...aaaa` and `ddp_...ddo_...ddp_...` (keys glued
to each other) as leaks; the bundled engines' rules and memeval's own end a key only before a
character that is not a letter or digit, and stored those raw in every context.

Reading any fixed-length key with no boundary after it takes words: `hf_` + 34 letters inside
`hf_requiredCharacteristic...` (a betterleaks negative example). So a glued key is taken only when:

- its rule is a self-identifying prefix followed by one character class repeated a FIXED number of
  times (`ghp_[0-9a-zA-Z]{36}`, `hf_(?i:[a-z]{34})`, `whsec_[A-Za-z0-9]{32}`): the same rules the
  truncated-token reader derives (`_truncated.parse_head`: kingfisher's bundled rules and
  `rules/veles.toml`), less those with a range or no upper bound, whose class already reads on;
  or a range followed by Base64 padding (`essu_[A-Za-z0-9_\-]{60,200}={0,2}`), where the key ends at
  its `=` (read only when at least one `=` stands there and a letter or digit follows it);
- the count is at least `MIN_COUNT` (`re_` + 8, `cli_` + 16 glued to more letters are code names);
- the class admits two or more of lower case, upper case and digits, the body uses two, switches
  between them at least once every `SWITCH_EVERY` characters (a random body of mixed case switches
  about every second character), and, holding both cases, has at most a third of its characters in
  runs of `WORD_RUN` or more lower-case letters (camelCase words: `requiredCharacteristicSupplierCo`
  has 28 of 32, a random body of 52 letters about a tenth);
- the rule's own filter (`_solo.suppresses`) does not allow it;
- its body reaches `MIN_ENTROPY` bits per character;
- nothing but a non-letter, non-digit other than `+` `/` (or the text's start) stands before it, or it
  starts exactly where another such key ends (a chain of glued keys); and a run of 4+ letters of one
  case follows it (`extra`, `EXTRA`, `aaaa`: not what a longer key body would hold), or it is part of
  such a chain (a key standing alone is the full rules' to report).

Only the key is blanked (`prefix` + the rule's count of characters), not what is glued to it, as
veles reports it. Detector `memeval:glued:<rule>`, score 0.5 (another rule's finding on the same
span keeps its name), typed as the rule's credential.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from typing import Any

from memeval._literals import LiteralSet
from memeval.redact._context import _entropy
from memeval.redact._entities import credential_type
from memeval.redact._result import Recognizer, RecognizerResult
from memeval.redact._rulefiles import rules_of
from memeval.redact._scanners import memeval_result
from memeval.redact._solo import rule_details, suppresses
from memeval.redact._truncated import _QUANT, _groups, _self_identifying, parse_head

SWITCH_EVERY = 4
"""A glued key's body must switch between lower case, upper case and digits at least once per this
many characters (rounded down): random bodies switch about every 1.6-2 characters."""

MIN_COUNT = 20
"""Shortest fixed body a glued key is read for."""

WORD_RUN = 5
"""Lower-case letters in a row that read as part of a word."""

MIN_ENTROPY = 3.0
"""Shannon bits per character a glued key's body must reach (noseyparker's and `rules/veles.toml`'s floor):
`FakeFakeFake...` has 2."""

_SCORE = 0.5
_NOT_BEFORE = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")
"""Characters that put a prefix inside a word or a Base64 run (`...+EZAK...`); the slash view reads `/` as a space."""
_TAIL = re.compile(r"[A-Za-z0-9]+")
_GLUED_TAIL = re.compile(r"[a-z]{4,}|[A-Z]{4,}")
"""What may be glued after a key: a run of 4+ letters of one case (`extra`, `EXTRA`, `aaaa`). A run that
goes on like a key body (`...94Q1phU`, `...abcd123`, one letter more) is a token of another length,
which scanners' negative examples hold on purpose ("one too many")."""
_WORDISH = re.compile(rf"[a-z]{{{WORD_RUN},}}")
_PADDING = re.compile(r"=(?:\{[01],\d\}|\*|\?|\+)")
"""Base64 padding right after the counted class (`={0,2}`): the key ends at its last `=`."""
_PROBE = "abcXYZ019"
_VELES_INNER = re.compile(r"\(\?P<secret>\(\?:(?P<inner>.*)\)\+\)")
"""The key pattern inside a `rules/veles.toml` rule: `(?P<secret>(?:KEY)+)` with its edges around."""


@dataclass(frozen=True, eq=False)
class GluedRule:
    """One fixed-length self-identifying key format, read with no boundary after it.

    Attributes:
        rule_id: the source rule's id (`betterleaks.github-pat`, `veles-stripeapikeys-whsec`).
        entity: the credential type a match is blanked as (`GITHUB_TOKEN`).
        prefixes: the literal prefixes (`("ghp_",)`).
        prefix_ci: whether the prefixes are matched ignoring case.
        pattern: prefix and body (group `body`, exactly `count` characters), no edges.
        count: the body's fixed length in characters.
        body_groups: how many of lower case, upper case and digits the class admits (2 or 3).
        filter_tree: the rule's kingfisher filter (None for veles rules).
        end: for a format of several parts (`_keyseq`), one character of its last counted part's class
            (a pattern matching nothing when it ends in a literal); None for a prefix and one class.
    """

    rule_id: str
    entity: str
    prefixes: tuple[str, ...]
    prefix_ci: bool
    pattern: re.Pattern[str]
    count: int
    body_groups: int
    filter_tree: Any
    end: re.Pattern[str] | None = None


def switches(body: str) -> int:
    """How many times consecutive characters of `body` change between lower case, upper case and digits.

    Characters of none of the three (`_`, `-`) are skipped: `ab_CD` switches once.
    """
    kinds = ["l" if c.islower() else "u" if c.isupper() else "d" for c in body if c.isascii() and c.isalnum()]
    return sum(1 for a, b in zip(kinds, kinds[1:], strict=False) if a != b)


def derive(rule_id: str, entity: str, pattern: str, filter_tree: Any = None) -> GluedRule | None:
    """The glued-key rule of one scanner rule's pattern, or None when it has no fixed-length self-named head.

    Args:
        rule_id: the rule's id.
        entity: the credential type of its matches.
        pattern: the rule's regex (kingfisher's Go/Rust syntax, or the key inside a veles rule).
        filter_tree: kingfisher's `betterleaks_filter` for the rule, or None.
    """
    head = parse_head(pattern)
    if head is None:
        return None
    prefixes, prefix_ci, body, body_ci, count = head
    prefixes = tuple(p for p in prefixes if _self_identifying(p))
    at = pattern.find(body + "{")
    quant = _QUANT.match(pattern, at + len(body)) if at >= 0 else None
    if not prefixes or count < MIN_COUNT or quant is None:
        return None
    ranged = bool(quant.group("comma")) and quant.group("hi") != quant.group("lo")
    padded = ranged and _PADDING.match(pattern, quant.end()) is not None
    if ranged and not padded:
        return None  # a range or an open count: the class reads on, or the length does not end the key
    try:
        body_part = f"(?i:{body})" if body_ci else body
        re.compile(body_part)
    except re.error:
        return None
    admitted = "".join(c for c in _PROBE if re.fullmatch(body_part, c))
    if _groups(admitted) < 2 or re.fullmatch(body_part, " "):
        return None
    alternatives = "|".join(re.escape(p) for p in sorted(prefixes, key=len, reverse=True))
    prefix_part = f"(?i:{alternatives})" if prefix_ci else f"(?:{alternatives})"
    if padded:  # the key ends at its `=` padding, here followed by a letter or digit
        most = quant.group("hi") or ""
        rx = re.compile(rf"{prefix_part}(?P<body>{body_part}{{{count},{most}}})=+(?=[A-Za-z0-9])")
    else:
        rx = re.compile(rf"{prefix_part}(?P<body>{body_part}{{{count}}})")
    return GluedRule(rule_id, entity, prefixes, prefix_ci, rx, count, _groups(admitted), filter_tree)


def derive_all() -> list[GluedRule]:
    """The glued-key rules of kingfisher's bundled rules and of `rules/veles.toml`, each prefix set once.

    Derived once per process (`_derived`): the redactor's glued and key-end recognizers both start
    from them (about 0.02 s of CPU each time). A new list each call; the rules are frozen.
    """
    return list(_derived())


@functools.cache
def _derived() -> tuple[GluedRule, ...]:
    """`derive_all`'s rules, derived on first use."""
    out: list[GluedRule] = []
    for rule_id, detail in rule_details().items():
        if rule := derive(rule_id, credential_type(rule_id), detail.pattern, detail.filter_tree):
            out.append(rule)
    for r in rules_of("veles.toml"):
        if (m := _VELES_INNER.search(r["pattern"])) and (rule := derive(r["id"], r["entity"], m.group("inner"))):
            out.append(rule)
    seen: set[tuple[str, ...]] = set()
    kept = []
    for rule in out:  # the first rule of a prefix set and count names it (kingfisher's order, then veles')
        key = (*sorted(p.lower() if rule.prefix_ci else p for p in rule.prefixes), str(rule.count))
        if key not in seen:
            seen.add(key)
            kept.append(rule)
    return tuple(kept)


class GluedKeyRecognizer(Recognizer):
    """Recognizer for fixed-length self-identifying keys glued to what follows them (module docstring)."""

    def __init__(self, rules: list[GluedRule] | None = None) -> None:
        self._given = rules
        self.rules: list[GluedRule] = []
        self._cased: dict[str, list[GluedRule]] = {}
        self._lower: dict[str, list[GluedRule]] = {}
        self._sets: tuple[LiteralSet, LiteralSet] | None = None
        super().__init__(supported_entities=["CREDENTIAL"], name="memeval-glued", version="1")

    def load(self) -> None:
        """Derive the rules (presidio's contract calls this on construction)."""
        self.rules = self._given if self._given is not None else derive_all()
        self._cased, self._lower = {}, {}
        for rule in self.rules:
            table = self._lower if rule.prefix_ci else self._cased
            for p in rule.prefixes:
                table.setdefault(p.lower() if rule.prefix_ci else p, []).append(rule)
        self._sets = None

    def _candidates(self, text: str) -> list[GluedRule]:
        if self._sets is None:
            self._sets = LiteralSet(self._cased), LiteralSet(self._lower)
        cased, lowered = self._sets
        picked = [r for p in sorted(cased.present(text)) for r in self._cased[p]]
        if self._lower:
            picked += [r for p in sorted(lowered.present(text.lower())) for r in self._lower[p]]
        return list(dict.fromkeys(picked))

    def _keyish(self, rule: GluedRule, m: re.Match[str]) -> bool:
        body = m.group("body")
        if _groups(body) < 2 or switches(body) < rule.count // SWITCH_EVERY:
            return False
        if re.search("[a-z]", body) and re.search("[A-Z]", body):
            if 3 * sum(len(w) for w in _WORDISH.findall(body)) > len(body):
                return False  # camelCase words
        return _entropy(body) >= MIN_ENTROPY and not suppresses(rule.filter_tree, m.group(0))

    def analyze(self, text: str, entities: list[str], nlp_artifacts: object = None) -> list[RecognizerResult]:
        """Glued keys in `text` (offsets into `text`), each typed as its rule's credential."""
        rules = self._candidates(text)
        if not rules:
            return []
        found: list[tuple[int, int, GluedRule]] = []
        for rule in rules:
            found += [(m.start(), m.end(), rule) for m in rule.pattern.finditer(text) if self._keyish(rule, m)]
        found.sort(key=lambda f: (f[0], -f[1]))
        starts = {start for start, _end, _rule in found}
        ends: set[int] = set()
        out: list[RecognizerResult] = []
        for start, end, rule in found:
            chained = start in ends
            if not chained and start > 0 and text[start - 1] in _NOT_BEFORE:
                continue
            tail = _TAIL.match(text, end)
            glued = end in starts or (tail is not None and _GLUED_TAIL.fullmatch(tail.group(0)) is not None)
            if glued or chained:
                ends.add(end)
                detector = f"memeval:glued:{rule.rule_id.split('.', 1)[-1]}"
                out.append(memeval_result(rule.entity, start, end, _SCORE, detector))
        return out
