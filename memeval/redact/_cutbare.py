"""A credential-named key's unquoted value cut by the text's end (issue 15, redact31).

`_cuts`' `KEYED` reads a credential-named key's value the text's end cuts after a quote it opened
(`token = "n0k`) or inside an XML element; the full rule `config-assignment` (`rules/context.toml`)
reads an unquoted value only when it passes `_values.secretish` (a password-named key's value of 3
or more characters, another's of 6 with a symbol or both cases, or 16). A key cut across two events
leaves the first ending with the key, its assignment and the value's first few characters
unquoted: `client_secret: 80B`, `PRIVATE-TOKEN: QQyT-`, `DB_PASSWORD=Xy`. Neither part is blanked,
and the second part alone (`TmZSNX!hbL`, `33UtGYRwmuelCi4`) has no shape a text can be judged by.

`BARE_HEAD`: a key of `config-assignment` (`_cuts.key_names`, case-insensitive, not inside a longer
name), its assignment (`=` `:` `:=` `=>`, spaces or tabs around it), then one run of 2 to 7 value
characters ending the text (trailing spaces and line breaks allowed) on the key's line: it starts
with a letter or digit, ends with one or `_` `-` (a `.` `!` `*` ends a sentence or markup, not a
cut), holds no space, quote, comma, semicolon, bracket or `&` (a URL's next parameter). Longer runs
are the full rule's and `_cutkeywords`' to judge.

`LEAD_HEAD`: a full rule's own lead-in and the first characters of its value ending the text:
`password-hash`'s crypt schemes (`$6$` and 4+ salt characters: `root:$6$Wq9tZk2e`),
`http-auth-header`'s `Authorization: Bearer` and the other schemes (2 to 7 characters; the rule
takes 8), the Azure AD client secret's `...8Q~` and 2 to 30 characters (the rule wants 31 to 34).

A value (a bare run, or the part after a lead-in) is blanked when it holds two of lower case, upper
case and digits and is no placeholder (`${TOKEN`, `<token>`, `xxxx`, `my-password`), no path and no
words (`_cuts._words`: `token: Optional`, `password: None`, `echo $1$HOME`). Kept: a value of one
kind only (`token: str`, `password: 1234`, `echo $1$2`); a text whose end another cut reading already
blanks. Text by text: `redact_many` over any batch equals `redact` per text. A text that ends with
such a lead-in and a short mixed value is blanked whether or not a key was cut there (`password: x9`
ending a note). Measured by `bench/redact_cut_halves.py` (and `--lookalikes`: none of the owned or
fresh look-alikes in the 46 contexts is touched by these readings).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from memeval.redact._cutkeywords import KeywordCutReader, KeywordRule
from memeval.redact._cuts import _SCORE, TAIL_ENTITY, WINDOW, _words, key_names
from memeval.redact._result import RecognizerResult
from memeval.redact._scanners import memeval_result
from memeval.redact._truncated import TruncatedTokenRecognizer
from memeval.redact._values import _PATHISH, PLACEHOLDER, PLACEHOLDER_PART, placeholder_value

BARE_DETECTOR = "memeval:cut-bare"
"""The detector name of a bare cut value (`BARE_HEAD` in the module docstring)."""

_ASSIGN = r"[\"']?\]?[ \t]*(?::=|=>|=|:)[ \t]*"
_VALUE = r"(?P<value>[A-Za-z0-9][^\s\"'`,;(){}\[\]<>&]{0,5}[A-Za-z0-9_\-])"
_HEADS = (
    (
        "memeval:cut-hash",
        "PASSWORD_HASH",
        re.compile(
            r"(?<![A-Za-z0-9$])(?P<value>\$(?:1|2[abxy]?|5|6|y|gy|7|apr1|md5|sha1"
            r"|argon2(?:id|i|d)|scrypt|pbkdf2(?:-sha\d+)?)\$(?P<rest>[./A-Za-z0-9,=+$]{4,}))\s*\Z"
        ),
    ),
    (
        "memeval:cut-auth",
        "HTTP_AUTH",
        re.compile(
            r"(?i)(?<![A-Za-z0-9_])(?:proxy-)?authorization\s*[\"']?\s*[:=]\s*[\"']?\s*"
            r"(?:basic|bearer|token|digest|apikey|api-key|sso-key|hmac)\s+"
            r"(?P<value>(?P<rest>[A-Za-z0-9._~+/=\-:,]{2,7}))\s*\Z"
        ),
    ),
    (
        "memeval:cut-azure",
        "AZURE_AD_CLIENT_SECRET",
        re.compile(r"(?a)(?<![A-Za-z0-9_~.])(?P<value>[a-zA-Z0-9_~.]{3}\dQ~(?P<rest>[a-zA-Z0-9_~.-]{2,30}))\s*\Z"),
    ),
)
"""`LEAD_HEAD`s (detector, entity, pattern): `value` is blanked, `rest` (after the lead-in) judged by `bare_value`."""
_KINDS = (re.compile(r"[a-z]"), re.compile(r"[A-Z]"), re.compile(r"[0-9]"))


def bare_pattern(keys: str) -> re.Pattern[str]:
    """A credential-named key (`keys`, regex text), an assignment and an unquoted value ending a text."""
    return re.compile(rf"(?i)(?<![A-Za-z0-9_.\-]){keys}{_ASSIGN}{_VALUE}\s*\Z")


def bare_value(value: str) -> bool:
    """Whether `value` (a value cut by a text's end) reads as a secret's first characters (module docstring)."""
    if not any(c.isalnum() for c in value) or sum(bool(k.search(value)) for k in _KINDS) < 2:  # noqa: PLR2004
        return False
    if PLACEHOLDER.match(value) or placeholder_value(value) or PLACEHOLDER_PART.search(value) or _PATHISH.match(value):
        return False
    return not _words(value)


class BareCutReader(KeywordCutReader):
    """`KeywordCutReader` with `BARE_HEAD` (module docstring): a credential-named key's unquoted value cut short.

    Args:
        truncated: as `_cuts.CutKeyReader`.
        rules: as `_cutkeywords.KeywordCutReader`.
    """

    def __init__(self, truncated: TruncatedTokenRecognizer, rules: Sequence[KeywordRule] | None = None) -> None:
        super().__init__(truncated, rules)
        self._bare = bare_pattern(key_names())

    def bare_heads(self, text: str) -> list[RecognizerResult]:
        """The unquoted value of a credential-named key ending `text` (`BARE_HEAD`), as one finding, or []."""
        end = len(text.rstrip())
        if end == 0 or not text[end - 1].isalnum() and text[end - 1] not in "-_":
            return []  # a value ending in another mark is a sentence's or markup's end, not a cut
        line = text.rfind("\n", 0, end) + 1
        m = self._bare.search(text, max(line, end - WINDOW))
        if m is None or not bare_value(m.group("value")):
            return []
        return [memeval_result(TAIL_ENTITY, m.start("value"), m.end("value"), _SCORE, BARE_DETECTOR)]

    def lead_heads(self, text: str) -> list[RecognizerResult]:
        """A full rule's lead-in and the first characters of its value ending `text` (`LEAD_HEAD`), or []."""
        end = len(text.rstrip())
        tail = text[max(0, end - WINDOW) : end]
        if not tail or not tail[-1].isalnum() and tail[-1] not in "-_":
            return []
        if "$" not in tail and "Q~" not in tail and "uthorization" not in tail and "UTHORIZATION" not in tail:
            return []  # most texts: no lead-in is near their end
        for detector, entity, pattern in _HEADS:
            m = pattern.search(text, max(0, end - WINDOW))
            if m is not None and bare_value(m.group("rest")):
                return [memeval_result(entity, m.start("value"), m.end("value"), _SCORE, detector)]
        return []

    def analyze(self, text: str) -> list[RecognizerResult]:
        """`KeywordCutReader.analyze`'s findings and, when none ends `text`, a bare or lead-in cut value ending it."""
        found = super().analyze(text)
        if not text or any(r.end >= len(text.rstrip()) for r in found):
            return found
        return found + (self.bare_heads(text) or self.lead_heads(text))
