r"""Escapes and character references a text may spell characters in, decoded one match at a time.

Shared by redaction (`memeval.redact._decode`: a key spelt so is blanked where it was written) and
holding (`memeval.hold._readings`: orders spelt so are judged decoded), so each form has one
definition. The forms:

- string escapes (`ESCAPE`, `unescape`): JSON's (RFC 8259 section 7: `\"` `\\` `\/` `\b` `\f` `\n`
  `\r` `\t` `\uXXXX`), Python's `\'`, `\xHH` and `\UXXXXXXXX`, octal `\N` to `\NNN` (C, `printf`,
  Python), `\u{X...}` (ECMAScript 2015, Rust, Swift) and Python's named `\N{LATIN SMALL LETTER G}`;
- CSS escapes (`CSS_ESCAPE`, `css_unescape`; CSS Syntax Level 3 section 4.3.7): one to six hex digits and
  one optional white space (`\67 hp_`, `\000067hp_`), or a backslash before a punctuation character
  (`\_`, also Markdown's escape); read apart from the string escapes, since `\67` is octal there;
- HTML character references (`REFERENCE`, `dereference`): decimal `&#103;`, hex `&#x67;` (the `;`
  optional, as browsers read them) and named `&lowbar;` (the HTML Living Standard's names, through
  `html.unescape`).
"""

from __future__ import annotations

import html
import re
import unicodedata

_SIMPLE = {'"': '"', "\\": "\\", "/": "/", "'": "'", "b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t"}
ESCAPE = re.compile(
    r"\\(?:u\{[0-9A-Fa-f]{1,6}\}|u[0-9A-Fa-f]{4}|U[0-9A-Fa-f]{8}|x[0-9A-Fa-f]{2}|[0-3][0-7]{2}|[0-7]{1,2}(?![0-7])"
    r"|N\{[A-Za-z0-9][A-Za-z0-9 \-]{0,87}\}|[\"\\/'bfnrt])"
)
"""One escape: `\\u{67}`, `\\u0067`, `\\U00000067`, `\\x67`, `\\147` or `\\61` (octal), `\\N{NAME}` or a one-character
escape.
The braced, eight-digit and octal forms wrote keys past the redactor (breaker33): a text a web page, a log or a
program printed holds them, and whoever reads it back (an agent, a shell's `printf`) gets the key."""
CSS_ESCAPE = re.compile(r"\\(?:([0-9A-Fa-f]{1,6})(?:\r\n|[ \t\n\r\f])?|([!-/:-@\[\]-`{-~]))")
"""One CSS escape: hex digits with the one white space after them the escape takes (`\\67 `), or `\\` before an ASCII
punctuation character (`\\_`). Keys so spelt in a style sheet or a Markdown page went past the redactor (redact29)."""
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
    if body[0] == "N":
        try:
            return unicodedata.lookup(body[2:-1])
        except KeyError:
            return None
    return _SIMPLE[body]


def css_unescape(m: re.Match[str]) -> str | None:
    """The character a `CSS_ESCAPE` match spells; None for zero, a surrogate or past Unicode (left as written)."""
    if m.group(2):
        return m.group(2)
    code = int(m.group(1), 16)
    return None if code == 0 or 0xD800 <= code <= 0xDFFF or code > 0x10FFFF else chr(code)


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
