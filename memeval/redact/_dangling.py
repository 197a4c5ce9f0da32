"""A key's body in later texts after its provider's prefix left dangling at the end of a text (breaker48, breaker49).

`memeval.redact._truncated` blanks the first part of a self-identifying token cut short (`ghp_` and 8 or more of
its characters), so that the tail stored raw in the next event is no use alone. Cut right after the prefix, the
first part is the prefix alone (`The deploy token is ghp_`), a public word blanked by nothing, and a later event
holds the body after a lead-in (`(continued) ` and 36 characters): `memeval.redact.cut_across` reads a key
whose two parts meet at the join, which a lead-in word keeps apart, so both texts were stored as written, and the
key was the prefix plus the later text's long run.

A text that ends with a rule's prefix (its last word, nothing of the body after it) leaves that prefix dangling
(`dangling_start`), and each later text of its stream is read for the body (`dangling_step`) until it is found:

- the text right after, within `WITHIN` characters of its start: a standalone run of the rule's body characters at
  least as long as the rule's minimum, using two or more of lower case, upper case and digits when the class admits
  two or more (`deployment`, a word, is no body, as `_truncated` decides) (breaker48);
- any later text, anywhere in it (breaker49: a third text between the two, or a lead-in longer than 64 characters,
  left the body stored): such a run using every one of those groups the class admits (a commit id, lower case and
  digits, is no `ghp_` body);
- the body cut again (breaker49: `part one <18>` then `part two <18>`): a run of `PIECE` or more characters using
  every group, shorter than what is missing, standing at the end of its text (only spaces and punctuation after
  it), is a piece of the body: blanked, counted, and the prefix stays dangling for the rest.

Each finding is typed as the rule's credential (detector `memeval:dangling-prefix:<rule>`). A key cut into pieces of
fewer than `PIECE` characters, or whose pieces do not end their texts, is not read here.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, replace

from memeval.redact._entities import credential_type
from memeval.redact._models import Finding
from memeval.redact._truncated import TruncatedRule, derive_all

WITHIN = 64
"""Characters of the text right after the prefix a body may start within to be read as breaker48 does."""
PIECE = 8
"""Fewest characters of a piece of a body cut again (as `memeval.redact._truncated` needs after a prefix)."""
DETECTOR = "memeval:dangling-prefix"
_SCORE = 0.6
_LAST_WORD = re.compile(r"(?:^|[^A-Za-z0-9])([A-Za-z0-9][A-Za-z0-9_\-.:~]*)[\s\"'`]*\Z")
_GROUPS = (re.compile(r"[a-z]"), re.compile(r"[A-Z]"), re.compile(r"[0-9]"))
_END = re.compile(r"[\s\"'`.,;:!?)\]}>]*\Z")


@dataclass(frozen=True)
class Dangling:
    """A prefix left dangling in a stream and what has been read after it.

    Attributes:
        word: the prefix as it ended its text (`ghp_`); the rules are those `dangling_rules` gives for it.
        got: body characters already found in pieces after it (0 before any).
        since: texts read after it (0 for the text right after).
    """

    word: str
    got: int = 0
    since: int = 0


@functools.cache
def _by_prefix() -> tuple[dict[str, tuple[TruncatedRule, ...]], dict[str, tuple[TruncatedRule, ...]]]:
    """The derived rules by prefix, as written and (for case-insensitive prefixes) lower-cased; built once."""
    cased: dict[str, list[TruncatedRule]] = {}
    lowered: dict[str, list[TruncatedRule]] = {}
    for rule in derive_all():
        for p in rule.prefixes:
            (lowered if rule.prefix_case_insensitive else cased).setdefault(
                p.lower() if rule.prefix_case_insensitive else p, []
            ).append(rule)
    return {k: tuple(v) for k, v in cased.items()}, {k: tuple(v) for k, v in lowered.items()}


@functools.cache
def _runs(rule: TruncatedRule, least: int) -> re.Pattern[str]:
    """A standalone run of `rule`'s body characters, `least` or more of them."""
    return re.compile(rf"(?<![A-Za-z0-9_\-]){rule.body_class}{{{least},}}(?![A-Za-z0-9_\-])")


def _word(prev: str) -> str | None:
    m = _LAST_WORD.search(prev[-80:])
    return m.group(1) if m is not None else None


def dangling_rules(prev: str) -> tuple[TruncatedRule, ...]:
    """The rules whose prefix is the last word of `prev` (quotes and white space after it aside), or none."""
    word = _word(prev)
    return _rules(word) if word is not None else ()


def _rules(word: str) -> tuple[TruncatedRule, ...]:
    cased, lowered = _by_prefix()
    return cased.get(word, ()) + lowered.get(word.lower(), ())


def dangling_start(text: str) -> Dangling | None:
    """The prefix `text` leaves dangling at its end (a rule's prefix as its last word), or None."""
    word = _word(text)
    return Dangling(word) if word is not None and _rules(word) else None


def _used(run: str, least: int = 1) -> int:
    """How many of lower case, upper case and digits `run` holds `least` or more characters of."""
    return sum(1 for g in _GROUPS if len(g.findall(run)) >= least)


def dangling_step(state: Dangling, text: str) -> tuple[list[Finding], Dangling | None]:
    """Read `text`, the next text of a stream after `state`'s prefix, for that key's body (see the module).

    Returns:
        (at most one finding of `text`, offsets into `text`, typed as the rule's credential; the state for the next
        text: None once the whole body is found, the same prefix with `got` grown after a piece, `since` grown after
        a text with neither).
    """
    for rule in _rules(state.word):
        need = rule.full_min - state.got
        every = min(rule.body_groups, 3)
        first = state.since == 0 and state.got == 0  # the text right after the prefix: its first long run as b48
        for m in _runs(rule, max(1, min(PIECE, need))).finditer(text):
            run = m.group(0)
            lax = first and len(run) >= need and m.start() <= WITHIN and (rule.body_groups < 2 or _used(run) >= 2)
            first = first and len(run) < need
            mixed = _used(run, 2) >= every
            whole = len(run) >= need and (lax or mixed)
            piece = not whole and len(run) >= PIECE and mixed and _END.match(text, m.end()) is not None
            if not whole and not piece:
                continue
            name = rule.rule_id.split(".", 1)[-1]
            found = Finding(entity_type=credential_type(rule.rule_id), start=m.start(), end=m.end(),
                            detector=f"{DETECTOR}:{name}", score=_SCORE)  # fmt: skip
            return [found], (None if whole else replace(state, got=state.got + len(run), since=state.since + 1))
    return [], replace(state, since=state.since + 1)

