"""A key with a character inside that draws nothing is still the key (breaker, round of 2026-12-03 afternoon).

The redactor's views dropped format characters (Unicode category Cf: zero-width space, word joiner) before the
scanners read a text, but not the other default-ignorable code points: a variation selector, the combining
grapheme joiner, a Hangul filler, a Mongolian free variation selector or a Khmer inherent vowel put inside a
GitHub token left it unmatched, and it was stored raw. A page shows it with the character marked, and a reader who
copies it around the mark has the key. Now every default-ignorable code point (`memeval.ignorable`) is dropped
from the views, as the review pages and person ids already treated them.
"""

from __future__ import annotations

import json
import unicodedata

import pytest

from memeval.audit import ingest_lines
from memeval.ignorable import DEFAULT_IGNORABLE
from memeval.redact import get_redactor

GITHUB = "ghp_" + "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8"
STRIPE = "sk_live_" + "4eC39HqLyjWDarjtT1zdp7dc"
KEYS = {"github": f"token {GITHUB}", "stripe": f"stripe key {STRIPE}"}

NOT_CF = sorted(
    {
        chr(c)
        for lo, hi in DEFAULT_IGNORABLE
        for c in range(lo, min(hi, lo + 300) + 1)
        if unicodedata.category(chr(c)) != "Cf"
    }
)
"""Default-ignorable characters that are not format characters (variation selectors, fillers, joiners...): the
ones the views kept. Ranges are sampled at their first 300 (the supplementary variation selectors included)."""


def _pieces(key: str) -> list[str]:
    """Runs of 8 characters of the key's body: none may be stored."""
    body = key.split("_")[-1]
    return [body[i : i + 8] for i in range(0, len(body) - 7, 4)]


def _split(text: str, ch: str) -> str:
    """`text` with `ch` put in the middle of its key."""
    cut = len(text) - 14
    return text[:cut] + ch + text[cut:]


def test_the_characters_are_many():
    assert len(NOT_CF) > 200 and "\ufe0f" in NOT_CF and "\u3164" in NOT_CF and "\u034f" in NOT_CF


@pytest.mark.parametrize("name", sorted(KEYS))
def test_a_key_with_an_invisible_inside_is_blanked(name: str):
    red = get_redactor()
    texts = [_split(KEYS[name], ch) for ch in NOT_CF]
    key = KEYS[name].split()[-1]
    for ch, text in zip(NOT_CF, texts, strict=True):
        out = red.redact(text).text
        assert not any(p in out for p in _pieces(key)), (f"U+{ord(ch):04X}", out)
        assert ch not in out  # the character inside the key is blanked with it


@pytest.mark.parametrize("backend", ["sqlite"], indirect=True)
def test_such_a_key_is_never_stored(store):
    lines = [
        json.dumps(
            {
                "type": "memory.written",
                "occurred_at": "2026-11-20T10:00:00Z",
                "team": "fernhill",
                "sender_event_id": f"ev-{i}",
                "actor": {"kind": "agent", "id": "bot"},
                "subject": f"mem_{i}",
                "payload": {"text": _split(KEYS["github"], ch)},
            }
        )
        for i, ch in enumerate(["\ufe0f", "\u3164", "\u034f", "\u180b", "\u17b4", "\U000e0101"])
    ]
    res = ingest_lines(store, lines, sender="sample")
    assert res.result.secrets_blanked >= len(lines), res
    stored = [json.dumps(e.payload.model_dump(), ensure_ascii=False) for e in store.events("fernhill")]
    assert not any(p in s for p in _pieces(GITHUB) for s in stored), stored
