"""Unicode's default-ignorable code points: characters a renderer draws as nothing.

One table for every part that must see text as a reader does: the review pages mark them in place, person ids drop
them (`memeval.audit`), and redaction reads a text without them (`memeval.redact`), so a key with a variation
selector or a Hangul filler inside is still the key. Python's `unicodedata` does not expose the property.
"""

from __future__ import annotations

DEFAULT_IGNORABLE: tuple[tuple[int, int], ...] = (
    (0x00AD, 0x00AD), (0x034F, 0x034F), (0x061C, 0x061C), (0x115F, 0x1160), (0x17B4, 0x17B5),
    (0x180B, 0x180F), (0x200B, 0x200F), (0x202A, 0x202E), (0x2060, 0x206F), (0x3164, 0x3164),
    (0xFE00, 0xFE0F), (0xFEFF, 0xFEFF), (0xFFA0, 0xFFA0), (0xFFF0, 0xFFF8), (0x1BCA0, 0x1BCA3),
    (0x1D173, 0x1D17A), (0xE0000, 0xE0FFF),
)  # fmt: skip
"""Ranges of Unicode's `Default_Ignorable_Code_Point` property (DerivedCoreProperties.txt, Unicode 15.1):
characters a renderer draws as nothing. Python's `unicodedata` does not expose the property."""


def is_default_ignorable(code: int) -> bool:
    """Whether code point `code` is default-ignorable (`DEFAULT_IGNORABLE`): drawn as nothing."""
    return code >= 0xAD and any(lo <= code <= hi for lo, hi in DEFAULT_IGNORABLE)


IGNORABLE_CHARS: frozenset[str] = frozenset(chr(c) for lo, hi in DEFAULT_IGNORABLE for c in range(lo, hi + 1))
"""The same code points as characters, for a test per character without a loop over the ranges."""
