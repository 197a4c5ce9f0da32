"""The strict shape of an ingested event's id fields, and why a value falls outside it.

Ids are stored as sent (they are not redacted), so ingest validates every id field to a shape that
cannot hold the personal data presidio looks for in free text, and refuses anything else; the
credential rules (regex only) then read each id too (`Sanitizer.check_ids`). The id fields:
actor.id, actor.role, sender_event_id, session, subject, and every string of the payload that is
not free text (slice_id, requested, a_item, decision_id...); a `sha256:<64 hex>` digest is exempt.

The shape (`ID_RULE`, also in README's audit section and `memeval audit ingest --help`):

- 1 to 128 characters: ASCII letters, digits and `_ . : / -`, starting with a letter or digit.
  No `@` (an e-mail address), no `+`, no spaces, no quotes, nothing outside ASCII.
- No number of 9 or more digits. A number is a run of digits, or runs joined by single separators
  (`_ . : / -`), that is not glued to an ASCII letter on either side: `555-123-4567` (10 digits),
  `123-45-6789` (9), `4111_1111_1111_1111` (16) and `1700000000123` (13) are refused; `fh-47-00232`
  (7), `ses_042`, `c3-fh` and `a1b2c3d4e5f6a7b8c9` (digits glued to letters) are not. A phone number
  with its area code, a US SSN and a card number all have 9 or more digits.
- Exempt from the digit rule: an ISO date (`2026-11-16`) and a canonical UUID (8-4-4-4-12 hex) are
  read as letters, so `run-2026-11-16-0003` and `ev-550e8400-e29b-41d4-a716-446655440000` pass.

Sources of the limits: ITU-T E.164 (national significant numbers of the regions memeval parses are
9-11 digits with the area code), ISO/IEC 7812 (cards 13-19 digits), US SSA (SSN 9 digits), RFC 9562
(UUID text form). The shape is checked before any scanner, so it costs microseconds per id.
"""

from __future__ import annotations

import re

ID_RULE = (
    "1-128 characters of ASCII letters, digits and _ . : / - (starting with a letter or digit); "
    "no @, + or spaces; no number of 9 or more digits (digits joined by _ . : / - count together "
    "unless glued to a letter; ISO dates and UUIDs excepted)"
)
"""One-line statement of the shape, used in errors and help texts."""

MAX_ID_CHARS = 128
MAX_NUMBER_DIGITS = 8
"""The most digits a number in an id may have (see the module docstring)."""

_SHAPE = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.:/\-]*")
_UUID = re.compile(r"[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}")
_ISO_DATE = re.compile(r"(?<![0-9])(?:19|20)[0-9]{2}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12][0-9]|3[01])(?![0-9])")
_LONG_DIGITS = re.compile(rf"[0-9](?:[_.:/\-]?[0-9]){{{MAX_NUMBER_DIGITS}}}")
"""More than `MAX_NUMBER_DIGITS` digits in a chain, each joined to the next by at most one separator.

Every number `_NUMBER` finds with more digits holds such a chain, so a value without one has no
number too long and needs no masking (`shape_problem`'s fast path: one search, where counting each
digit's occurrences was ten)."""
_NUMBER = re.compile(r"(?<![A-Za-z0-9])[0-9]+(?:[_.:/\-][0-9]+)*(?![A-Za-z0-9])")
"""A number not glued to a letter. Backtracking may end it before a glued tail (`12-345ab` gives
`12`); the digits of the tail belong to a word, not a number."""


def _letters(m: re.Match[str]) -> str:
    return "x" * len(m.group())


def shape_problem(value: str) -> str | None:
    """Why `value` is not an id of the strict shape (module docstring), or None when it is.

    The reason describes the value's shape (its length, the kind of character or the size of the
    number found) and never quotes any part of it.
    """
    if not value:
        return "it is empty"
    if len(value) > MAX_ID_CHARS:
        return f"it has {len(value)} characters (at most {MAX_ID_CHARS})"
    if not _SHAPE.fullmatch(value):
        bad = next((c for c in value if not (c.isascii() and (c.isalnum() or c in "_.:/-"))), None)
        if bad is None:
            return "it starts with a separator"
        if bad == "@":
            return "it has an @ (an e-mail address?)"
        if bad.isspace():
            return "it has a space"
        if not bad.isascii():
            return "it has a character outside ASCII"
        return f"it has the character {bad!r}"
    if _LONG_DIGITS.search(value) is None:
        return None  # no number can have more digits than its longest chain of digits (masking only removes digits)
    masked = _ISO_DATE.sub(_letters, _UUID.sub(_letters, value))
    for m in _NUMBER.finditer(masked):
        digits = sum(c.isdigit() for c in m.group())
        if digits > MAX_NUMBER_DIGITS:
            return f"it has a number of {digits} digits (a phone, card or SSN?)"
    return None
