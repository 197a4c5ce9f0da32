"""A key's body in later texts after its provider's prefix left dangling at the end of a text (breaker48, breaker49).

`memeval.redact._truncated` blanks the first part of a self-identifying token cut short (`ghp_` and 8 or more of
its characters), so that the tail stored raw in the next event is no use alone. Cut right after the prefix, the
first part is the prefix alone (`The deploy token is ghp_`), a public word blanked by nothing, and a later event
holds the body after a lead-in (`(continued) ` and 36 characters): `memeval.redact.cut_across` reads a key
whose two parts meet at the join, which a lead-in word keeps apart, so both texts were stored as written, and the
key was the prefix plus the later text's long run.

A text that ends with a rule's prefix (its last word, nothing of the body after it; since breaker49 punctuation,
markup or invisible characters after it too, and a prefix standing alone anywhere in it) leaves that prefix
dangling (`dangling_start`), and each later text of its stream is read for the body (`dangling_step`) until found:

- the text right after a prefix that ends its text, within `WITHIN` characters of its start: a standalone run of
  the rule's body characters at least as long as the rule's minimum, using two or more of lower case, upper case
  and digits when the class admits two or more (`deployment`, a word, is no body, as `_truncated` decides)
  (breaker48);
- any later text, anywhere in it (breaker49: a third text between the two, or a lead-in longer than 64 characters,
  left the body stored): such a run using every one of those groups the class admits (a commit id, lower case and
  digits, is no `ghp_` body);
- the body cut again (breaker49: `part one <18>` then `part two <18>`): a run of `PIECE` or more characters using
  every group twice, shorter than what is missing, is a piece of the body: blanked, counted, and the prefix stays
  dangling for the rest. breaker49 read such a piece only standing at the end of its text; since redact45 anywhere
  in it (`part one <18> (more in the next note)`) when the class admits digits and letters and the run changes
  group often (`_switchy`; `ClusterRoleBinding` is no `hf_` piece, `CONTRIBUTING` no `AKIA` one, `ROT13-encodes`,
  `VinayJogani14` none), and a text may hold several;
- since redact45 a shorter piece (`SHORT` to `PIECE - 1` characters: a key cut into pieces under 8, `aB3dE9`) at the
  end of its text, holding each of the groups the class admits and changing group at half or more of its steps
  (`_switchy`: `IPv6`, `OAuth2` are none), when the class admits digits and letters (a class of letters only,
  `hf_`'s, or of one group, `AKIA`'s base32 upper case, reads no short piece: `Paris.`, `TODO`).

Each finding is typed as the rule's credential (detector `memeval:dangling-prefix:<rule>`). What a never-resolved
prefix can blank is bounded: every piece counts its characters toward the rule's minimum, and the prefix stops
dangling once they reach it (at most `full_min / SHORT` texts after it, 9 for `ghp_`). Pieces shorter than `SHORT`,
or short ones inside their texts, are not read here.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator
from dataclasses import dataclass, replace

from memeval.redact._entities import credential_type
from memeval.redact._models import Finding
from memeval.redact._truncated import TruncatedRule, derive_all

WITHIN = 64
"""Characters of the text right after the prefix a body may start within to be read as breaker48 does."""
PIECE = 8
"""Fewest characters of a piece of a body cut again read anywhere in its text (as `memeval.redact._truncated` needs
after a prefix)."""
SHORT = 4
"""Fewest characters of a shorter piece (redact45): read only at the end of its text and holding every one of lower
case, upper case and digits the rule's class admits (two or more of them)."""
DETECTOR = "memeval:dangling-prefix"
_SCORE = 0.6
_ALNUM = re.compile(r"[^\W_]")
_TRAIL = re.compile(r"[.:~]*")
_GLUED = re.compile(r"[^\W]|-")
_GROUPS = (re.compile(r"[a-z]"), re.compile(r"[A-Z]"), re.compile(r"[0-9]"))
_END = re.compile(r"[\s\"'`.,;:!?)\]}>]*\Z")


@dataclass(frozen=True)
class Dangling:
    """A prefix left dangling in a stream and what has been read after it.

    Attributes:
        word: the prefix as it stood in its text (`ghp_`): the rules whose prefix it is.
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


@functools.cache
def _admits_digits(rule: TruncatedRule) -> bool:
    return all(re.fullmatch(rule.body_class, d) for d in "0123456789")


def _rules(word: str) -> tuple[TruncatedRule, ...]:
    cased, lowered = _by_prefix()
    return cased.get(word, ()) + lowered.get(word.lower(), ())


@functools.cache
def _finders() -> tuple[re.Pattern[str], re.Pattern[str]]:
    """Two patterns that find the rules' prefixes (`_standing` reads them, and checks what stands before them).

    Most prefixes end with `_` or `-` (`ghp_`, `xoxb-`): any such word is found and looked up (a lookup a word, as
    an alternation of every prefix costs three times as much CPU), standing alone by its pattern's look-behind; the
    rest (`AKIA`, `dp.pt.`) by their alternation, with no look-behind: `_alone` checks the character before each,
    so that the pattern starts with its prefixes and `re` jumps to where one may start instead of trying the
    look-behind at every character (ingest51: 2.4 against 0.5 us a bench text of 90 characters).
    """
    cased, _ = _by_prefix()
    plain = sorted((w for w in cased if w[-1] not in "_-"), key=len, reverse=True)
    ends = re.compile(rf"(?<![{_BEFORE}])[A-Za-z0-9][A-Za-z0-9_\-.]*[_\-](?![A-Za-z0-9])")
    alt = re.compile("|".join(map(re.escape, plain)))
    return ends, alt


_BEFORE = r"A-Za-z0-9_\-.:~"
"""What may not stand right before a prefix (a regex class's inside): a letter or digit, `_`, `-`, `.`, `:` or `~`."""
_NOT_BEFORE = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-.:~")
"""The characters of `_BEFORE`, for `_alone`."""
_ENDS_AT = re.compile(r"[_\-](?![A-Za-z0-9])")
"""Where a word `_finders`' first pattern finds may end; a text without one holds none (`_standing` skips that scan)."""


def _alone(text: str, pattern: re.Pattern[str]) -> Iterator[re.Match[str]]:
    """`pattern`'s matches in `text` with no `_BEFORE` character right before them, as `finditer` with that look-behind.

    A match with one before it is passed over and the search goes on from its next character, as the look-behind's
    search does at a position where it fails; `pattern` matches no empty string.
    """
    pos = 0
    while (m := pattern.search(text, pos)) is not None:
        start = m.start()
        if start and text[start - 1] in _NOT_BEFORE:
            pos = start + 1
            continue
        yield m
        pos = m.end()


def _standing(text: str) -> tuple[str, int] | None:
    """The last rule prefix standing alone in `text`, as (prefix, where what follows it starts), or None.

    Standing alone: no letter or digit of any script, `_` or `-` right after it and the `.:~` after it.
    """
    last: tuple[str, int] | None = None
    cased, lowered = _by_prefix()
    ends, alt = _finders()
    found = (ends.finditer(text) if _ENDS_AT.search(text) else (), _alone(text, alt))
    for matches in found:
        for m in matches:
            word = m.group(0)
            if word not in cased:
                word = word.lower()
                if word not in lowered:
                    continue
            end = _TRAIL.match(text, m.end()).end()  # type: ignore[union-attr]  # `[.:~]*` always matches
            if _GLUED.match(text, end) is None and (last is None or m.start() >= last[1]):
                last = (word, end)
    return last


def dangling_start(text: str) -> Dangling | None:
    """The prefix `text` leaves dangling, or None.

    A rule's prefix as the text's last word, only spaces, punctuation, markup or invisible characters after it
    (`ghp_`, `ghp_.`, `**ghp_**`, `` `ghp_`: ``, `ghp_…`, breaker49: all but the first were none), is read as
    breaker48 reads it; one standing alone earlier in the text, words after it (`ghp_ (rest in the next note)`),
    starts as though a text had been read after it (`since` 1): its body is looked for as a later text's only.
    """
    found = _standing(text)
    if found is None:
        return None
    word, end = found
    return Dangling(word) if _ALNUM.search(text, end) is None else Dangling(word, since=1)


def _group(c: str) -> int:
    return 0 if c.islower() else 1 if c.isupper() else 2 if c.isdigit() else 3


def _switchy(run: str) -> bool:
    """Whether `run` changes between lower case, upper case, digits and the rest at half or more of its steps.

    A random body does at about 6 steps in 10 (`aB3dE9`: 5 of 5); a short word or name with a digit does not (`IPv6`
    1 of 3, `OAuth2` 2 of 5, `0xABCD` 2 of 5).
    """
    steps = sum(1 for a, b in zip(run, run[1:], strict=False) if _group(a) != _group(b))
    return 2 * steps >= len(run) and steps >= 3


def _used(run: str, least: int = 1) -> int:
    """How many of lower case, upper case and digits `run` holds `least` or more characters of."""
    return sum(1 for g in _GROUPS if len(g.findall(run)) >= least)


def dangling_step(state: Dangling, text: str) -> tuple[list[Finding], Dangling | None]:
    """Read `text`, the next text of a stream after `state`'s prefix, for that key's body (see the module).

    Returns:
        (the findings of `text`, offsets into `text`, typed as the rule's credential: the body, or each piece of it
        the text holds; the state for the next text: None once the whole body is found, the same prefix with `got`
        grown after pieces, `since` grown after a text with neither).
    """
    for rule in _rules(state.word):
        got = state.got
        every = min(rule.body_groups, 3)
        short = every >= 2 and _admits_digits(rule)  # a class of digits and letters
        first = state.since == 0 and state.got == 0  # the text right after the prefix: its first long run as b48
        found: list[Finding] = []
        name = rule.rule_id.split(".", 1)[-1]
        for m in _runs(rule, max(1, min(SHORT, rule.full_min - got))).finditer(text):
            run, need = m.group(0), rule.full_min - got
            lax = first and len(run) >= need and m.start() <= WITHIN and (rule.body_groups < 2 or _used(run) >= 2)
            first = first and len(run) < need
            mixed = _used(run, 2) >= every
            whole = len(run) >= need and (lax or mixed)
            at_end = _END.match(text, m.end()) is not None
            piece = not whole and (
                (len(run) >= PIECE and mixed and (at_end or (short and _switchy(run))))  # redact45: anywhere too
                or (short and at_end and _used(run) >= every and _switchy(run))  # a short piece
            )
            if not whole and not piece:
                continue
            found.append(Finding(entity_type=credential_type(rule.rule_id), start=m.start(), end=m.end(),
                                 detector=f"{DETECTOR}:{name}", score=_SCORE))  # fmt: skip
            got += len(run)
            if whole or got >= rule.full_min:
                return found, None
        if found:
            return found, replace(state, got=got, since=state.since + 1)
    return [], replace(state, since=state.since + 1)
