r"""Escapes and character references a text may spell characters in, decoded one match at a time.

Shared by redaction (`memeval.redact._decode`: a key spelt so is blanked where it was written) and
holding (`memeval.hold._readings`: orders spelt so are judged decoded), so each form has one
definition. The forms:

- string escapes (`ESCAPE`, `unescape`): JSON's (RFC 8259 section 7: `\"` `\\` `\/` `\b` `\f` `\n`
  `\r` `\t` `\uXXXX`), Python's `\'`, `\xHH` and `\UXXXXXXXX`, octal `\N` to `\NNN` (C, `printf`,
  Python) and `\u{X...}` (ECMAScript 2015, Rust, Swift);
- HTML character references (`REFERENCE`, `dereference`): decimal `&#103;`, hex `&#x67;` (the `;`
  optional, as browsers read them) and named `&lowbar;` (the HTML Living Standard's names, through
  `html.unescape`).
"""

from __future__ import annotations

import html
import re

_SIMPLE = {'"': '"', "\\": "\\", "/": "/", "'": "'", "b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t"}
ESCAPE = re.compile(
    r"\\(?:u\{[0-9A-Fa-f]{1,6}\}|u[0-9A-Fa-f]{4}|U[0-9A-Fa-f]{8}|x[0-9A-Fa-f]{2}|[0-3][0-7]{2}|[0-7]{1,2}(?![0-7])"
    r"|[\"\\/'bfnrt])"
)
"""One escape: `\\u{67}`, `\\u0067`, `\\U00000067`, `\\x67`, `\\147` or `\\61` (octal) or a one-character escape.
The braced, eight-digit and octal forms wrote keys past the redactor (breaker33): a text a web page, a log or a
program printed holds them, and whoever reads it back (an agent, a shell's `printf`) gets the key."""
REFERENCE = re.compile(r"&(?:#[0-9]{1,7};?|#[xX][0-9A-Fa-f]{1,6};?|[A-Za-z][A-Za-z0-9]{1,31};)")
"""An HTML character reference: decimal or hex (the `;` optional) or named (with its `;`)."""


def unescape(m: re.Match[str]) -> str | None:
    """The character an `ESCAPE` match spells; None for a lone surrogate or a number past Unicode (left as written)."""
    body = m.group()[1:]
    if body[0] in ("u", "x", "U"):
        code = int(body[1:].strip("{}"), 16)
        return None if 0xD800 <= code <= 0xDFFF or code > 0x10FFFF else chr(code)
    if body[0].isdigit():
        return chr(int(body, 8))
    return _SIMPLE[body]


def dereference(m: re.Match[str]) -> str | None:
    """What a `REFERENCE` match spells; None for a name HTML does not define (left as written)."""
    decoded = html.unescape(m.group())
    return None if decoded == m.group() else decoded


def spelt_out(text: str) -> str:
    """`text` with every HTML character reference, then every string escape, decoded (`text` itself when none)."""
    if "&" in text:
        text = REFERENCE.sub(lambda m: dereference(m) or m.group(), text)
    if "\\" in text:
        text = ESCAPE.sub(lambda m: unescape(m) or m.group(), text)
    return text
