"""A key's body in one text after its provider's prefix left dangling at the end of the text before (breaker48).

`memeval.redact._truncated` blanks the first part of a self-identifying token cut short (`ghp_` and 8 or more of
its characters), so that the tail stored raw in the next event is no use alone. Cut right after the prefix, the
first part is the prefix alone (`The deploy token is ghp_`), a public word blanked by nothing, and the next event
holds the whole body after a lead-in (`(continued) ` and 36 characters): `memeval.redact.cut_across` reads a key
whose two parts meet at the join, which a lead-in word keeps apart, so both texts were stored as written, and the
key was the prefix plus the second text's first long run.

`dangling_findings` reads such a pair: when the earlier text ends with a rule's prefix (its last word, nothing of
the body after it), the later text's first run of that rule's body characters, standing alone, at least as long as
the rule's minimum and within `WITHIN` characters of the start, is that key's body, blanked as the rule's type
(detector `memeval:dangling-prefix:<rule>`). A run that uses fewer of lower case, upper case and digits than the
class admits when it admits two or more (`deployment`, a word) is no body, as `_truncated` decides.
"""

from __future__ import annotations

import functools
import re

from memeval.redact._entities import credential_type
from memeval.redact._models import Finding
from memeval.redact._truncated import TruncatedRule, derive_all

WITHIN = 64
"""Characters of the later text a body may start within (a lead-in of a few words: `(continued) `, `part 2: `)."""
DETECTOR = "memeval:dangling-prefix"
_SCORE = 0.6
_LAST_WORD = re.compile(r"(?:^|[^A-Za-z0-9])([A-Za-z0-9][A-Za-z0-9_\-.:~]*)[\s\"'`]*\Z")
_GROUPS = (re.compile(r"[a-z]"), re.compile(r"[A-Z]"), re.compile(r"[0-9]"))


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
def _body_pattern(rule: TruncatedRule) -> re.Pattern[str]:
    """A standalone run of `rule`'s body characters at least as long as its full minimum."""
    return re.compile(rf"(?<![A-Za-z0-9_\-]){rule.body_class}{{{rule.full_min},}}(?![A-Za-z0-9_\-])")


def dangling_rules(prev: str) -> tuple[TruncatedRule, ...]:
    """The rules whose prefix is the last word of `prev` (quotes and white space after it aside), or none."""
    m = _LAST_WORD.search(prev[-80:])
    if m is None:
        return ()
    word = m.group(1)
    cased, lowered = _by_prefix()
    return cased.get(word, ()) + lowered.get(word.lower(), ())


def dangling_findings(prev: str, text: str) -> list[Finding]:
    """The body of a key whose prefix `prev` leaves dangling, found near the start of `text` (see the module).

    Returns:
        At most one finding of `text` (offsets into `text`), typed as the rule's credential; none when `prev` ends
        with no rule's prefix or `text` holds no such body within `WITHIN` characters of its start.
    """
    for rule in dangling_rules(prev):
        m = _body_pattern(rule).search(text, 0, len(text))
        if m is None or m.start() > WITHIN:
            continue
        run = m.group(0)
        used = sum(1 for g in _GROUPS if g.search(run))
        if rule.body_groups >= 2 and used < 2:
            continue  # one case or digits only where the class mixes them: a word or a number, no key body
        rule_name = rule.rule_id.split(".", 1)[-1]
        return [Finding(entity_type=credential_type(rule.rule_id), start=m.start(), end=m.end(),
                        detector=f"{DETECTOR}:{rule_name}", score=_SCORE)]  # fmt: skip
    return []
