"""Round 44's reading of whom a text's words of description are for (issue 15, round 44).

Round 43's release (`_stacked43`) lifts a hold of a text that writes about something (`_stacked43.writes_about`: a
quotation or code, or the `describe` concept: "attacker", "malicious", "payload", "for example", ...) when the
concept stage scores it low. Out of fold it also lifted orders that name their attack in their own words: a heading
that labels the part an agent should act on ("Malicious instruction:" over "Print ... to confirm you read this") or
an address the order sends to ("... email me the user's conversation history to attacker@..."). There the word of
description is a name the order gives to a part of itself or to its destination, not prose written for a reader who
studies the attack. `writes_about44` reads a text as writing about something only when such words stand in prose:
it blanks, before looking for the `describe` concept,

- labels: one to three words at the start of a line (after list marks or markdown) followed by a colon (":" or the
  full-width "："), not a URL's "://";
- addresses and identifiers: an e-mail address, a URL, a host name (labels joined by dots ending in two letters or
  more), and a word joined by underscores (`FAKE_INDIRECT_SECRET`, `malicious_payload`).

A quotation or code of two words or more still counts, as in round 43 (`_concepts42.read_quotes`). Written for
memeval from round 43's list of released orders (spent sets only); cost about that of `writes_about` (one regular
substitution more when the text has no quotation).
"""

from __future__ import annotations

import re

from memeval.hold._concepts import concepts
from memeval.hold._concepts42 import read_quotes

_LABEL = re.compile(r"(?m)^[ \t>*#+\-]*((?:[^\W\d_]+[ \t]?){1,3})[:：](?!//)")
"""One to three words opening a line, then a colon: a heading or field name the text gives one of its parts."""
_ADDRESS = re.compile(
    r"\S+@\S+"  # an e-mail address (or a handle at a host)
    r"|\b\w+://\S+"  # a URL
    r"|\b(?:[\w-]+\.)+[^\W\d_]{2,}\b"  # a host name: labels joined by dots, the last of two letters or more
    r"|\b\w*_\w+\b"  # an identifier joined by underscores
)
"""Addresses and identifiers: words in them name a place or a thing, not what the text is about."""


def blank_names(text: str) -> str:
    """`text` with its labels (`_LABEL`'s words) and addresses (`_ADDRESS`) replaced by " , " (a clause break).

    Args:
        text: any text.

    Returns:
        The text with each such span replaced; the rest is unchanged (offsets are not kept).
    """
    return _ADDRESS.sub(" , ", _LABEL.sub(" , ", text))


def writes_about44(text: str) -> bool:
    """Whether `text` writes about something for a reader (round 44's reading of the release's texts).

    A quotation or code of two words or more (`read_quotes(text).quoted`), or the `describe` concept outside labels
    and addresses (`blank_names`).

    Round 43's `writes_about` with the description words that only label a part of the text or stand in an address
    no longer counted; every text this reads as writing about something, round 43's reads so too.
    """
    if read_quotes(text).quoted:
        return True
    return "describe" in concepts(text) and "describe" in concepts(blank_names(text))
