r"""A self-identifying key read to where its format ends, whatever character follows (redact40).

The bundled engines' rules end a key only before a space, a quote, `;` or the end of a line
(betterleaks' `(?:\\?['"\x60]|[\s;]|\\[nr]|$)`), or at a word boundary `\b` (kingfisher's and
noseyparker's); the boundary view (`_views`) turns only some punctuation into spaces. So a key
written `sk-proj-...:443`, `ddp_...=`, `csk-...~`, `...$`, or `sk-ant-api03-...AA_old` (`_` is a word
character, so `\b` fails there) was stored raw. Two kinds of format say by themselves where the
key ends, and are read here with no boundary asked of what follows:

- **a fixed length** after a self-identifying prefix (`ddp_` + 36, `csk-` + 48; the rules
  `_glued.derive_all` derives from kingfisher's bundled rules and `rules/veles.toml`, less those
  whose secret group goes on after the count, `SG.` + 22 + `.` + 43: `ends_at_its_count`): the key is
  taken when the character after its counted body is neither a letter nor a digit and is outside
  the body's class (`:`, `=`, `~`, `%`, `^`, `+`, `$`, and `-`/`_` where the class lacks them), or
  is `-`/`_` followed by letters and then a non-letter-or-digit (`-prod`, `_old`: a word glued
  on, where the class admits `-`/`_` and a longer key could also read on);
- **a marker** inside or at the end of the format (OpenAI's `T3BlbkFJ`, Anthropic's trailing
  `AA`, Azure DevOps' `AZDO`, New Relic's `nral`): the rule's secret group, its own end
  assertions (`\b`) dropped, is matched with only a letter or digit refused after it; where the
  group's alternatives have several lengths (OpenAI's 74, 58 or 20 after `T3BlbkFJ`) the longest
  that ends there is taken. A marker of fewer than 4 characters (`AA`) counts only after a
  self-identifying prefix (kingfisher's `...tt` without one is left out).

Both kinds start only where no letter, digit, `+` or `/` stands before the key, nor `.`, `_` or `-`
glued to a word (`video_box.ico-...`: a file name), and pass the
body checks of `_glued` (two or more of lower case, upper case and digits, switching between them,
not camelCase words, `MIN_ENTROPY` bits per character, the rule's own filter). A key followed by
a letter or digit is not taken here (a token of another length; `_glued` reads the 4+-letter
case). Only the format's own characters are blanked: the glued `-prod`, `:443` stay.
Detector `memeval:key-end:<rule>`, score 0.5, typed as the rule's credential.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from memeval._literals import LiteralSet
from memeval.redact._context import _entropy
from memeval.redact._entities import credential_type
from memeval.redact._glued import MIN_ENTROPY, GluedKeyRecognizer, GluedRule, derive_all
from memeval.redact._result import RecognizerResult
from memeval.redact._rulefiles import rules_of
from memeval.redact._scanners import memeval_result
from memeval.redact._solo import rule_details, suppresses
from memeval.redact._truncated import _groups, _self_identifying, parse_head

RULE_FILES = ("kingfisher.toml", "noseyparker.toml", "betterleaks.toml", "titus.toml", "veles.toml")
"""Packaged rule files whose secret groups are read for markers, besides kingfisher's bundled rules."""

MIN_MARKER = 4
"""Characters a marker needs to identify a format without a self-identifying prefix."""

_SCORE = 0.5
_MARKER = re.compile(r"\{\d+\}\)*(?P<lit>[A-Za-z0-9]{2,})")
"""A literal of letters and digits right after a counted part of a secret group (`{93}AA`, `{58})T3BlbkFJ`)."""
_EDGE_B = re.compile(r"\\b(?=\||$)")
"""A `\b` closing an alternative of a secret group: the rule's end assertion, dropped here."""
_START = r"(?<![A-Za-z0-9+/])(?<![A-Za-z0-9][._-])"
"""No letter, digit, `+` or `/` before a key, nor a `.`, `_` or `-` after one: `video_box.ico-<32 hex>.png` (a
betterleaks negative example) is a file name, not Infracost's `ico-` + 32."""
_END = r"(?![A-Za-z0-9])"
_WORD_TAIL = re.compile(r"(?:[-_][A-Za-z]+)+(?![A-Za-z0-9])")
"""`-`/`_` and letters glued after a key (`-prod`, `_old`), ending before a non-letter-or-digit."""
_MARK_TAIL = re.compile(r"[-_]+(?![A-Za-z0-9+/=])")
"""`-`/`_` after a key and then no key character (a space, punctuation, the end): `vcp_...- ` (redact41). A key one
character longer would read the same way, but no format counted here has that length: its first characters are
the format, and blanking them leaves nothing of the key (a longer token's one extra `-` is no secret)."""
_FLAGS = re.compile(r"\(\?(?P<f>[aimsx]+)\)")
_CLASS_TEXT = re.compile(r"\[(?:\\.|[^\]\\])+\]")
_QUANTIFIERS = re.compile(r"\{\d|(?<!\\)[+*]")
_ENDS_COUNTED = re.compile(r"\{\d+\}\)*(?:\\b)?\)*$")
_VELES_INNER = re.compile(r"\(\?P<secret>\(\?:(?P<inner>.*)\)\+\)")


@dataclass(frozen=True, eq=False)
class MarkedRule:
    """A key format whose secret group holds a marker after a counted part.

    Attributes:
        rule_id: the source rule's id (`betterleaks.openai-api-key`).
        entity: the credential type a match is blanked as (`OPENAI_API_KEY`).
        screen: a lower-case literal every match holds (the marker, or the prefix for a short marker).
        pattern: the secret group, its end assertions dropped, edged by `_START` and `_END`.
        filter_tree: the rule's kingfisher filter (None for the packaged files' rules).
    """

    rule_id: str
    entity: str
    screen: str
    pattern: re.Pattern[str]
    filter_tree: Any


def _skip_class(p: str, i: int) -> int:
    """The index after the character class that opens at `p[i]` (`[`)."""
    j = i + 1
    if p[j : j + 1] == "^":
        j += 1
    if p[j : j + 1] == "]":
        j += 1
    while j < len(p) and p[j] != "]":
        j += 2 if p[j] == "\\" else 1
    return j + 1


def secret_group(pattern: str) -> str | None:
    """The text of a rule's secret group: `(?P<secret>...)`, else its first capturing group, else the whole pattern.

    None when the group found does not close (a pattern this reader cannot follow).
    """
    named = pattern.find("(?P<secret>")
    start = named + len("(?P<secret>") if named >= 0 else None
    i = 0
    while start is None and i < len(pattern):
        if pattern[i] == "\\":
            i += 2
        elif pattern[i] == "[":
            i = _skip_class(pattern, i)
        elif pattern[i] == "(" and not pattern.startswith("(?", i):
            start = i + 1
        else:
            i += 1
    if start is None:
        return pattern
    depth, i = 1, start
    while i < len(pattern):
        c = pattern[i]
        if c == "\\":
            i += 2
            continue
        if c == "[":
            i = _skip_class(pattern, i)
            continue
        depth += (c == "(") - (c == ")")
        if depth == 0:
            return pattern[start:i]
        i += 1
    return None


def ends_at_its_count(group: str) -> bool:
    """Whether a secret group is a prefix and ONE counted class, ending there (`ghp_[0-9a-zA-Z]{36}`).

    `SG.` + 22 + `.` + 43 is not: its first count ends the head `_glued` reads, not the key.
    """
    flat = _CLASS_TEXT.sub("C", re.sub(r"\s+", "", group))
    return len(_QUANTIFIERS.findall(flat)) == 1 and _ENDS_COUNTED.search(flat) is not None


def fixed_rule_ids() -> frozenset[str]:
    """Ids of kingfisher's bundled rules and `rules/veles.toml`'s whose secret group `ends_at_its_count`."""
    ids = {i for i, d in rule_details().items() if (g := secret_group(d.pattern)) is not None and ends_at_its_count(g)}
    for r in rules_of("veles.toml"):
        if (m := _VELES_INNER.search(r["pattern"])) and ends_at_its_count(m.group("inner")):
            ids.add(r["id"])
    return frozenset(ids)


def derive_marked(rule_id: str, entity: str, pattern: str, filter_tree: Any = None) -> MarkedRule | None:
    """The marked-format rule of one scanner rule, or None when its secret group holds no marker.

    Args:
        rule_id: the rule's id.
        entity: the credential type of its matches.
        pattern: the rule's regex (Go/Rust syntax; verbose `(?x)` patterns are read without their spaces).
        filter_tree: kingfisher's `betterleaks_filter` for the rule, or None.
    """
    flags_m = _FLAGS.match(pattern)
    flags = flags_m.group("f") if flags_m else ""
    group = secret_group(pattern)
    if group is None:
        return None
    if "x" in flags:
        group = re.sub(r"\s+", "", group)
    marker = _MARKER.search(group)
    if marker is None:
        return None
    lit = marker.group("lit")
    head = parse_head(group)
    prefixes = [p for p in (head[0] if head else ()) if _self_identifying(p)]
    if len(lit) < MIN_MARKER and not prefixes:
        return None
    screen = lit if len(lit) >= MIN_MARKER else min(prefixes, key=len)
    core = _EDGE_B.sub("", group)
    ci = "(?i)" if "i" in flags else ""
    try:
        rx = re.compile(f"{ci}{_START}(?:{core}){_END}")
    except re.error:
        return None
    return MarkedRule(rule_id, entity, screen.lower(), rx, filter_tree)


def derive_all_marked() -> list[MarkedRule]:
    """The marked-format rules of kingfisher's bundled rules and of `RULE_FILES`, each secret group once."""
    out: list[MarkedRule] = []
    for rule_id, detail in rule_details().items():
        if rule := derive_marked(rule_id, credential_type(rule_id), detail.pattern, detail.filter_tree):
            out.append(rule)
    for name in RULE_FILES:
        for r in rules_of(name):
            if rule := derive_marked(r["id"], r["entity"], r["pattern"]):
                out.append(rule)
    seen: set[str] = set()
    kept = []
    for rule in out:
        if rule.pattern.pattern not in seen:
            seen.add(rule.pattern.pattern)
            kept.append(rule)
    return kept


class KeyEndRecognizer(GluedKeyRecognizer):
    """Recognizer for self-identifying keys that end where their format does (module docstring)."""

    def __init__(self, rules: list[GluedRule] | None = None, marked: list[MarkedRule] | None = None) -> None:
        self._given_marked = marked
        self.marked: list[MarkedRule] = []
        self._screens: LiteralSet | None = None
        self._edge = re.compile(rf"{_START}.")
        super().__init__(rules)
        self.name = "memeval-key-end"

    def load(self) -> None:
        """Derive both kinds of rule (presidio's contract calls this on construction)."""
        if self._given is None:
            ids = fixed_rule_ids()
            self._given = [r for r in derive_all() if r.rule_id in ids]
        # not a padded range (a format of several parts, `_keyseq`, has its end class)
        self._given = [r for r in self._given if r.end is not None or r.pattern.pattern.endswith("})")]
        super().load()  # the prefix tables of these rules
        self.marked = self._given_marked if self._given_marked is not None else derive_all_marked()
        self._screens = None

    def _ends_fixed(self, rule: GluedRule, text: str, end: int) -> bool:
        """Whether a fixed-length key ending at `end` ends there (module docstring)."""
        if end >= len(text):
            return False  # the end of the text: the full rules read it
        nxt = text[end]
        if nxt.isspace():
            return False
        if rule.end is not None:
            outside = rule.end.fullmatch(nxt) is None
        else:
            outside = rule.pattern.fullmatch(rule.prefixes[0] + nxt * rule.count) is None
        if nxt.isascii() and nxt.isalnum():
            return outside and nxt.isalpha() and _lacks_case(rule, nxt)
        if outside:
            return True  # outside the body's class
        return nxt in "-_" and (_WORD_TAIL.match(text, end) is not None or _MARK_TAIL.match(text, end) is not None)

    def _fixed(self, text: str) -> list[RecognizerResult]:
        out = []
        for rule in self._candidates(text):
            for m in rule.pattern.finditer(text):
                start, end = m.span()
                if self._edge.match(text, start) is None:
                    continue
                if self._ends_fixed(rule, text, end) and self._keyish(rule, m):
                    detector = f"memeval:key-end:{rule.rule_id.split('.', 1)[-1]}"
                    out.append(memeval_result(rule.entity, start, end, _SCORE, detector))
        return out

    def _marked(self, text: str) -> list[RecognizerResult]:
        if self._screens is None:
            self._screens = LiteralSet(r.screen for r in self.marked)
        present = self._screens.present(text.lower())
        out = []
        for rule in self.marked if present else ():
            if rule.screen not in present:
                continue
            for m in rule.pattern.finditer(text):
                key = m.group(0)
                if _groups(key) < 2 or _entropy(key) < MIN_ENTROPY or suppresses(rule.filter_tree, key):
                    continue
                detector = f"memeval:key-end:{rule.rule_id.split('.', 1)[-1]}"
                out.append(memeval_result(rule.entity, m.start(), m.end(), _SCORE, detector))
        return out

    def analyze(self, text: str, entities: list[str], nlp_artifacts: object = None) -> list[RecognizerResult]:
        """Keys in `text` that end where their format does (offsets into `text`), typed as their rule's credential."""
        return self._fixed(text) + self._marked(text)


def _lacks_case(rule: GluedRule, letter: str) -> bool:
    """Whether the key's last class admits no letter of `letter`'s case (`bkua_` + `[a-z0-9]` before `EXTRA`).

    Such a letter cannot continue the key, so the format ends before it; a class holding both cases (or a
    case-insensitive one) reads any letter on, and such a key is `_glued`'s to read.
    """
    probe = "A" if letter.isupper() else "a"
    if rule.end is not None:
        return rule.end.fullmatch(probe) is None and rule.end.fullmatch(probe.swapcase()) is not None
    head = rule.prefixes[0]
    return (
        rule.pattern.fullmatch(head + probe * rule.count) is None
        and rule.pattern.fullmatch(head + probe.swapcase() * rule.count) is not None
    )
