"""A rule prefix standing alone, found with no look-behind tried at each character (`_dangling._standing`)."""

from __future__ import annotations

import random
import re


def _reference(text: str) -> tuple[str, int] | None:
    """`_standing` as breaker49 wrote it: both patterns with the look-behind, every text scanned by both."""
    from memeval.redact import _dangling as d

    cased, lowered = d._by_prefix()
    plain = sorted((w for w in cased if w[-1] not in "_-"), key=len, reverse=True)
    before = r"(?<![A-Za-z0-9_\-.:~])"
    patterns = (
        re.compile(before + r"[A-Za-z0-9][A-Za-z0-9_\-.]*[_\-](?![A-Za-z0-9])"),
        re.compile(before + f"(?:{'|'.join(map(re.escape, plain))})"),
    )
    last: tuple[str, int] | None = None
    for pattern in patterns:
        for m in pattern.finditer(text):
            word = m.group(0)
            if word not in cased:
                word = word.lower()
                if word not in lowered:
                    continue
            end = d._TRAIL.match(text, m.end()).end()  # type: ignore[union-attr]
            if d._GLUED.match(text, end) is None and (last is None or m.start() >= last[1]):
                last = (word, end)
    return last


def test_standing_finds_what_the_look_behind_scan_finds() -> None:
    """On texts made of the rules' prefixes (cased and lower-cased, overlapping, repeated), what may stand
    before or after one (`_-.:~`, letters, digits, other scripts, markup) and prose, `_standing` answers as
    the scan with the look-behind in both patterns does: the same prefix and offset, or None."""
    from memeval.redact import _dangling as d

    cased, lowered = d._by_prefix()
    parts = [*cased, *lowered, "AKIAAKIA", "xAKIA", "a", "Z", "9", "_", "-", ".", ":", "~", " ", "\n", "é", "漢"]
    parts += ["`", "**", "…", "(continued) ", "the deploy token is ", "payment-mock ", "snake_case "]
    rnd = random.Random(51)
    texts = ["".join(rnd.choice(parts) for _ in range(rnd.randint(1, 10))) for _ in range(6000)]
    texts += ["", "ghp_", "The token is ghp_", "see AKIA then", "xAKIA", "a.AKIA", "~ASIA", "é AKIA", "pat.pat."]
    found = [(t, _reference(t)) for t in texts]
    assert sum(1 for _, f in found if f is not None) > 500  # the texts do hold prefixes standing alone
    assert [d._standing(t) for t in texts] == [f for _, f in found]
