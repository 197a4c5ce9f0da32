"""The short, visible excerpt a hold reason shows of the text that matched."""

from __future__ import annotations

EXCERPT_CHARS = 160
"""Characters of the matched text an excerpt keeps (before invisible ones are spelled out)."""


def excerpt(text: str) -> str:
    """`text` cut to 160 characters with invisible characters spelled `<U+XXXX>`.

    Invisible means not printable and not white space, the zero-width and direction marks
    U+200B-U+200F, and U+00AD, U+2060, U+FEFF; "..." is added when `text` was cut.
    """
    head = text[:EXCERPT_CHARS]
    if head.isprintable():  # no invisible character (each one above is not printable): shown as it is
        return head + ("..." if len(text) > EXCERPT_CHARS else "")
    shown = "".join(
        f"<U+{ord(c):04X}>"
        if (c.isspace() is False and not c.isprintable())
        or 0x200B <= ord(c) <= 0x200F
        or ord(c) in (0x00AD, 0x2060, 0xFEFF)
        else c
        for c in head
    )
    return shown + ("..." if len(text) > EXCERPT_CHARS else "")
