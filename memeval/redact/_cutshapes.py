"""More shapes of a cut key's second part, read in its own text (issue 15, redact26).

`_cuts.CutKeyReader.tail` takes a run of key characters starting a text when it reads as a random
piece of a registered key body, and stops at a `.`, `:` or `@` that runs on, at a leading mark and at
hex or one character class: a text starting so is as likely a hash, a host or a name. Three shapes
the text itself shows to be the rest of a value, each still read in the text alone (so `redact_many`
over any batch equals `redact` text by text), blanked from the text's start:

- `QUOTED`: the run ends at a quote the text never opened (`98a443...0505'`, `0VRJco", "demo"`,
  `str0ngpass1ForPG";`): the text starts inside a string literal, the mirror of `_cuts`' `KEYED`
  head (a value after a quote the text ends before closing). Any key characters but spaces, quotes
  and `<>`, `MIN_QUOTED` or more, hex and digits-only values too; not followed by a letter or digit
  (`GitHub's`), not a placeholder, a version (`v1.2.3"`), one letter case alone (`couldn't`,
  `ready"`), or words of letters only (`PostgreSQL"`: a digit or a symbol makes it a password).
- `DOTTED`: runs joined by dots, as in JOSE compact tokens (RFC 7515 section 7.1: base64url parts
  joined by `.`, a JSON part starting `eyJ`), Discord bot tokens (three base64url parts), Mapbox
  `pk.<part>.<part>`, Harness `pat.<id>.<id>.<secret>`: taken when a part after the first reads as a
  random key body (`CutKeyReader.key_body`, uncapped) or is `MIN_JOSE` or more base64url characters
  starting `eyJ`. Host names, file names and versions have no such part (`x.example.com`,
  `a1B2.py`, `1.2.3.4`).
- `MARKED`: one `_` or `-` and then a run that `key_body` takes (`_6EM8awydNoe1CYzYsRkD`,
  `-OIUC3LGTK89...`): the cut fell just before a separator inside the key (`sk_car` | `_TzBs...`).
  Two marks (`--flag`) or a space after the mark (`- item`) are not taken.
"""

from __future__ import annotations

import re

from memeval.redact._cuts import _TAIL, _TAIL_END, _WORD_PART, TAIL_ENTITY, CutKeyReader, _groups, _words
from memeval.redact._result import RecognizerResult
from memeval.redact._scanners import memeval_result
from memeval.redact._values import PLACEHOLDER, PLACEHOLDER_PART, placeholder_value

MIN_QUOTED = 6
"""Fewest characters of a value a text starts with and closes a quote after (`QUOTED`)."""
MIN_JOSE = 10
"""Fewest base64url characters of a dotted part starting `eyJ` read as a JOSE header or payload."""
MIN_PART = 16
"""Fewest characters of a dotted part read as a random key body (`DOTTED`): shorter ones are names (`cache_1h`)."""
_SCORE = 0.55

_QUOTED = re.compile(r"(?P<value>[A-Za-z0-9][A-Za-z0-9_\-+/=.~!@#$%^&*?]*)[\"'`](?![A-Za-z0-9])")
_VERSION = re.compile(r"[vV]?\d+(?:\.\d+)+(?:[-+][0-9A-Za-z.\-]+)?")
_DIGIT_OR_SYMBOL = re.compile(r"[^A-Za-z_\-./=]")
_NAME_CUTS = re.compile(r"[_\-/+.=]+")
_DOTTED = re.compile(r"[A-Za-z0-9][A-Za-z0-9_\-+/]*=*(?:\.[A-Za-z0-9_\-+/]+=*)+")
_JOSE = re.compile(rf"eyJ[A-Za-z0-9_\-]{{{MIN_JOSE - 3},}}")
_MARKED = re.compile(r"[_\-](?=[A-Za-z0-9])")


def quoted_value(value: str) -> bool:
    """Whether `value`, closed by a quote its text never opened, reads as the rest of a secret (`QUOTED`)."""
    if (
        len(value) < MIN_QUOTED
        or placeholder_value(value)
        or PLACEHOLDER.match(value)
        or PLACEHOLDER_PART.search(value)
    ):
        return False
    if _VERSION.fullmatch(value):
        return False
    if value.isdigit():
        return True  # a cut number (a PIN, a numeric key part); a text starting with 6+ digits and a quote
    if _groups(value) < 2 or all(_WORD_PART.fullmatch(p) for p in _NAME_CUTS.split(value) if p):  # noqa: PLR2004
        return False  # one letter case (`couldn't`), or a path, file or module name (`bench/run_v2.py`)
    return bool(_DIGIT_OR_SYMBOL.search(value)) or not _words(value)


class ShapedCutReader(CutKeyReader):
    """`CutKeyReader` with the second part's shapes `QUOTED`, `DOTTED` and `MARKED` (module docstring).

    Args:
        truncated: as `CutKeyReader`.
    """

    def tail(self, text: str) -> list[RecognizerResult]:
        """The run starting `text` read as the rest of a cut key: `_cuts`' `TAIL`, else this module's shapes."""
        return super().tail(text) or self.shaped_tail(text)

    def shaped_tail(self, text: str) -> list[RecognizerResult]:
        """`QUOTED`, `DOTTED` or `MARKED` at the start of `text` (the first that holds), as one finding, or []."""
        m = _QUOTED.match(text)
        if m is not None and quoted_value(m.group("value")):
            return [memeval_result(TAIL_ENTITY, 0, m.end("value"), _SCORE, "memeval:cut-tail:quoted")]
        m = _DOTTED.match(text)
        if m is not None and _TAIL_END.match(text, m.end()) and self._dotted(m.group(0)):
            return [memeval_result(TAIL_ENTITY, 0, m.end(), _SCORE, "memeval:cut-tail:dotted")]
        m = _MARKED.match(text)
        if m is not None:
            run = _TAIL.match(text, 1)
            if run is not None and _TAIL_END.match(text, run.end()) and self.key_body(run.group(0)):
                return [memeval_result(TAIL_ENTITY, 0, run.end(), _SCORE, "memeval:cut-tail:marked")]
        return []

    def _dotted(self, run: str) -> bool:
        """Whether a part of dotted `run` after its first is a random key body or a JOSE part (`DOTTED`)."""
        parts = run.split(".")[1:]
        return any(_JOSE.fullmatch(p.rstrip("=")) or self._random_part(p) for p in parts)

    def _random_part(self, part: str) -> bool:
        """A dotted part of `MIN_PART` or more characters of all three groups (cases, digits) read as a key body."""
        return len(part) >= MIN_PART and _groups(part) == 3 and self.key_body(part, capped=False)  # noqa: PLR2004
