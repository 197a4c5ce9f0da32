r"""Fixed-length key formats with more than one part or length, read out of the scanners' rules (redact41).

`_glued` and `_keyend` read a key with no boundary after it only when its rule's secret group is a
self-identifying prefix and ONE counted class (`ghp_[0-9a-zA-Z]{36}`). Formats given as an
alternation of lengths or prefixes (betterleaks' Buildkite `bkua_(?:[a-z0-9]{40}|[a-z0-9]{53})` and
`bkaa_[...]{75}|bkaj_[...]{333}|...`, Sourcegraph's `sgp_(?:[a-fA-F0-9]{16}|local)_[a-fA-F0-9]{40}|sgp_...`)
or as several counted parts (Postman's `PMAK-[a-f0-9]{24}-[a-f0-9]{34}`) were read by neither, so
`bkua_...` before `_old`, `bkpat_...` before `-prod` and `sgp_..._...` glued to `EXTRA` were stored
raw (the rules end a key before a space, quote, `;`, or `\b`).

`sequences(group)` expands a secret group into its alternatives, each a list of parts: a literal
character, or a class repeated a fixed number of times. Non-capturing groups of alternatives are
multiplied out (at most `MAX_EXPANSIONS` per rule); an alternative with anything else (a range, `+`,
`*`, `?`, a look-around, a capturing group) is left out. An alternative is a key format when it
starts with a self-identifying literal (`_truncated._self_identifying`) and holds at least
`MIN_BODY` counted characters.

`derive_sequence_rules()` turns each such format of kingfisher's bundled rules and
`rules/veles.toml` into a `_glued.GluedRule` (its `end` is the class of the last counted part; no
class for a literal end such as Flutterwave's `-X`), leaving out formats `_glued.derive_all` already
reads. `_glued` and `_keyend` read them with the same body checks as their own rules.
"""

from __future__ import annotations

import re
from typing import Any

from memeval.redact._entities import credential_type
from memeval.redact._glued import _PROBE, _VELES_INNER, MIN_COUNT, GluedKeyRecognizer, GluedRule, derive_all
from memeval.redact._keyend import KeyEndRecognizer, fixed_rule_ids, secret_group
from memeval.redact._result import Recognizer
from memeval.redact._rulefiles import rules_of
from memeval.redact._solo import rule_details
from memeval.redact._truncated import _groups, _self_identifying

MAX_EXPANSIONS = 16
"""Alternatives one rule's secret group may expand into; a group with more is left out."""

MIN_BODY = MIN_COUNT
"""Counted characters a format needs (the glued reader's floor: `re_` + 8 is a code name)."""

Part = tuple[str, int]
"""A literal character (`(char, 0)`) or a class's regex text repeated a fixed count (`(class, n)`)."""

_CLASS = re.compile(r"\[(?:\\.|[^\]\\])+\]|\\w|\\d")
_COUNT = re.compile(r"\{(\d+)\}")
_LITERAL = re.compile(r"[A-Za-z0-9_\-:~]|\\[-.$_/~:]")
_NOT_IN_KEYS = " \t\"'`()[]{}<>,;:!?@#$%^&*|\\"
"""Characters no class of a key format read here may admit (`[\\S]{29}` would read through brackets and quotes)."""
_LEAD = re.compile(r"(?:\(\?[aimsx]+\)|\\b|\(\?:\^\|\[[^\]]*\]\)|\((?!\?)|\(\?P<\w+>|\s)*")
"""What may stand before a rule's secret group for its key to name itself: flags, `\\b`, group openings, an edge
class (`(?:^|[^A-Za-z])`); a keyword or any other context (`woocommerce...cs_`) may not."""
_NOTHING = re.compile(r"(?!)")
"""The end class of a format that ends in a literal (Flutterwave's `-X`): no character reads on."""
_FLAGS = re.compile(r"\(\?([aimsx]+)\)")


def _close(text: str, i: int) -> int:
    """The index of the `)` closing the group that opens at `text[i]`, or -1."""
    depth, j = 0, i
    while j < len(text):
        c = text[j]
        if c == "\\":
            j += 2
            continue
        if c == "[":
            m = _CLASS.match(text, j)
            if m is None:
                return -1
            j = m.end()
            continue
        depth += (c == "(") - (c == ")")
        if depth == 0:
            return j
        j += 1
    return -1


def _split_top(text: str) -> list[str] | None:
    """`text` split at its top-level `|` (classes and groups kept whole); None on unbalanced text."""
    out, depth, start, j = [], 0, 0, 0
    while j < len(text):
        c = text[j]
        if c == "\\":
            j += 2
            continue
        if c == "[":
            m = _CLASS.match(text, j)
            if m is None:
                return None
            j = m.end()
            continue
        if c in "()":
            depth += 1 if c == "(" else -1
            if depth < 0:
                return None
        elif c == "|" and depth == 0:
            out.append(text[start:j])
            start = j + 1
        j += 1
    return [*out, text[start:]] if depth == 0 else None


def sequences(group: str, ci: bool = False) -> list[tuple[list[Part], bool]] | None:
    """The fixed alternatives of a secret group, each with whether it matches ignoring case.

    Args:
        group: a secret group's regex text (Go/Rust syntax, spaces of a verbose pattern removed).
        ci: whether case is ignored where the group starts.

    Returns:
        `[(parts, ci), ...]`; an alternative that is not a fixed sequence is left out. None when the
        group expands into more than `MAX_EXPANSIONS` alternatives or does not parse.
    """
    pieces = _split_top(group)
    if pieces is None:
        return None
    out: list[tuple[list[Part], bool]] = []
    for piece in pieces:
        done = _one(piece, ci)
        if done is None:
            continue
        out += done
        if len(out) > MAX_EXPANSIONS:
            return None
    return out


def _one(piece: str, ci: bool) -> list[tuple[list[Part], bool]] | None:
    """The expansions of one alternative (no top-level `|`), or None when it is not a fixed sequence."""
    seqs: list[tuple[list[Part], bool]] = [([], ci)]
    i = 0
    while i < len(piece):
        if piece.startswith("(?i)", i):
            seqs = [(s, True) for s, _ in seqs]
            i += 4
            continue
        if piece.startswith("\\b", i):
            i += 2
            continue
        if piece.startswith("(?:", i) or piece.startswith("(?i:", i):
            end = _close(piece, i)
            if end < 0 or _COUNT.match(piece, end + 1) or piece[end + 1 : end + 2] in ("?", "*", "+", "{"):
                return None
            head = 4 if piece.startswith("(?i:", i) else 3
            inner_ci = head == 4
            grown = []
            for s, c in seqs:
                inner = sequences(piece[i + head : end], c or inner_ci)
                if not inner:
                    return None
                grown += [(s + t, c) for t, _c in inner]
            if len(grown) > MAX_EXPANSIONS:
                return None
            seqs, i = grown, end + 1
            continue
        if m := _CLASS.match(piece, i):
            n = _COUNT.match(piece, m.end())
            if n is None:
                return None
            cls = m.group(0)
            seqs = [(s + [(f"(?i:{cls})" if c else cls, int(n.group(1)))], c) for s, c in seqs]
            i = n.end()
            continue
        if m := _LITERAL.match(piece, i):
            if piece[m.end() : m.end() + 1] in ("?", "*", "+", "{"):
                return None
            ch = m.group(0)[-1]
            seqs = [(s + [(ch, 0)], c) for s, c in seqs]
            i = m.end()
            continue
        return None
    return seqs


def to_rule(rule_id: str, entity: str, parts: list[Part], ci: bool, filter_tree: Any = None) -> GluedRule | None:
    """The `GluedRule` of one fixed sequence, or None when it is no self-identifying key format.

    The prefix is the literal characters before the first counted class; the body, everything after it
    (`count` characters); `end`, the last part's class (None for a literal end). The classes together
    must admit two or more of lower case, upper case and digits.
    """
    k = next((j for j, (_t, n) in enumerate(parts) if n), None)
    if k is None:
        return None
    prefix = "".join(t for t, _n in parts[:k])
    body_parts = parts[k:]
    if not _self_identifying(prefix) or sum(n for _t, n in body_parts) < MIN_BODY:
        return None
    body = "".join(f"{t}{{{n}}}" if n else re.escape(t) for t, n in body_parts)
    try:
        classes = [re.compile(t) for t, n in body_parts if n]
        head = f"(?i:{re.escape(prefix)})" if ci else re.escape(prefix)
        rx = re.compile(f"{head}(?P<body>{body})")
    except re.error:
        return None
    admitted = "".join(c for c in _PROBE if any(cls.fullmatch(c) for cls in classes))
    if _groups(admitted) < 2 or any(cls.fullmatch(c) for cls in classes for c in _NOT_IN_KEYS):
        return None
    end = classes[-1] if body_parts[-1][1] else _NOTHING
    count = sum(n or 1 for _t, n in body_parts)
    return GluedRule(rule_id, entity, (prefix,), ci, rx, count, _groups(admitted), filter_tree, end)


def _sources() -> list[tuple[str, str, str, bool, Any]]:
    """(rule id, entity, secret group, ignores case, filter) of kingfisher's bundled rules and `rules/veles.toml`."""
    out = []
    for rule_id, detail in rule_details().items():
        flags = _FLAGS.match(detail.pattern)
        f = flags.group(1) if flags else ""
        g = secret_group(detail.pattern)
        if g is None or not _LEAD.fullmatch(detail.pattern[: detail.pattern.find(g)]):
            continue  # a rule that reads a keyword or context before its key: the key alone is not its format
        out.append(
            (rule_id, credential_type(rule_id), re.sub(r"\s+", "", g) if "x" in f else g, "i" in f, detail.filter_tree)
        )
    for r in rules_of("veles.toml"):
        if m := _VELES_INNER.search(r["pattern"]):
            out.append((r["id"], r["entity"], m.group("inner"), False, None))
    return out


def derive_sequence_rules() -> list[GluedRule]:
    """The fixed formats of kingfisher's bundled rules and `rules/veles.toml`, each prefix and length once."""
    seen: set[tuple[str, int]] = set()
    out = []
    for rule_id, entity, group, ci, filter_tree in _sources():
        for parts, c in sequences(group, ci) or ():
            rule = to_rule(rule_id, entity, parts, c, filter_tree)
            if rule is not None and (rule.prefixes[0].lower(), rule.count) not in seen:
                seen.add((rule.prefixes[0].lower(), rule.count))
                out.append(rule)
    return out


def not_in(known: list[GluedRule], rules: list[GluedRule]) -> list[GluedRule]:
    """The `rules` whose prefix and length no rule of `known` has (a reader's own rule for a format is kept)."""
    seen = {(p.lower(), r.count) for r in known for p in r.prefixes}
    return [r for r in rules if (r.prefixes[0].lower(), r.count) not in seen]


def glued_and_ended() -> list[Recognizer]:
    """The recognizers of keys with no boundary after them: glued (`_glued`), and ended by their format (`_keyend`).

    Each gets the formats of several parts or lengths derived here that it does not read already.
    """
    known = derive_all()
    more = derive_sequence_rules()
    ids = fixed_rule_ids()
    ended = [r for r in known if r.rule_id in ids]
    return [GluedKeyRecognizer(known + not_in(known, more)), KeyEndRecognizer(ended + not_in(ended, more))]
