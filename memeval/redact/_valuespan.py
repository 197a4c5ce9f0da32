"""Where a rule's value starts and ends in the text it matched (`ContextRecognizer`'s spans).

A value is judged without the punctuation that trails it (`token.` at a sentence's end reads as
`token`), cut before the next URL parameter, and cut before non-ASCII letters glued to it; an
unquoted password is blanked through the end of its word all the same (`word_end`).
"""

from __future__ import annotations

import re
import unicodedata

from memeval.redact._values import NEXT_PARAM, TRAIL


def trailing(c: str) -> bool:
    """Whether `c` is punctuation a value does not end with.

    That is `TRAIL`, or any non-ASCII punctuation, space or format character (Unicode categories
    P*, Z*, Cf: `—`, `»`, `」`, a zero-width space).

    No credential format uses those, and left on a value they hid it: `password: s3cr3tValue…—`
    read as the placeholder `s3cr3tValue…` (its `…` no longer trailing) and was stored raw.
    """
    if c in TRAIL:
        return True
    if c.isascii():
        return False
    cat = unicodedata.category(c)
    return cat[0] in "PZ" or cat == "Cf"


def trim_trail(text: str, start: int, end: int, *, at_end: bool = False) -> int:
    """`end` moved back over trailing punctuation (`_trailing`) that no letter or digit follows.

    `at_end`: `end` is where the value stops whatever follows it (the cut of `glued_cut`).
    """
    while end > start and (at_end or end == len(text) or not text[end].isalnum()):
        c = text[end - 1]
        # a dash after trailing punctuation (`...-`: the view of `…—`) trails too; alone it may end a key
        if not (trailing(c) or (c == "-" and end - 1 > start and trailing(text[end - 2]))):
            break
        end -= 1
        at_end = False
    return end


def value_span(m: re.Match[str]) -> tuple[int, int] | None:
    names = m.re.groupindex
    for name in ("secret", "dq", "sq", "bq"):
        if name in names and m.group(name) is not None:
            start, end = m.start(name), m.end(name)
            if name == "secret":
                nxt = NEXT_PARAM.search(m.string, start, end)
                if nxt is not None and nxt.start() > start:
                    end = nxt.start()  # the next URL parameter is not part of the value
                end = trim_trail(m.string, start, end)
            return start, end
    return (m.start(), m.end()) if "secret" not in names else None


_CLOSERS = ("<", '"', "'", "`")


def closed(m: re.Match[str]) -> bool:
    """Whether the rule's own pattern closes the `secret` group with a tag or quote (spaces between allowed).

    Then what the group holds up to that delimiter is the value: a trailing `!` or `.` is the password's, not a
    sentence's (titus' FileZilla rule `<Pass>(?P<secret>...)</Pass>` left the `!` of `superS3cret!` in clear, redact42).
    """
    return m.end() > m.end("secret") and m.string[m.end("secret") : m.end()].lstrip().startswith(_CLOSERS)


def glued_cut(text: str, start: int, end: int) -> tuple[int, int, str] | None:
    r"""The value `text[start:end]` cut before the first non-ASCII letter or digit in it, or None.

    A value read up to the next space runs on into CJK (or other non-ASCII) text glued after it:
    `--password hunter2</p>数据`, `JWT_SECRET=abc…数据`. Python regexes (`\w`) and `str.isalnum` count
    those letters as word characters, so the trailing `</p>` or `…` is not trimmed and the run
    reads as a placeholder. The part before them is the end side of "no ASCII letter or digit
    before a keyword". Returns (start, end, raw) of that part (trailing punctuation trimmed; `raw`
    as cut, for the elision check), or None when there is no such letter after the value's first
    character.
    """
    cut = next((i for i in range(start + 1, end) if not text[i].isascii() and text[i].isalnum()), None)
    if cut is None:
        return None
    return start, trim_trail(text, start, cut, at_end=True), text[start:cut]


def word_end(m: re.Match[str]) -> int:
    """Where an unquoted password's word ends: the `secret` group's end, or the next URL parameter.

    A password is judged without its trailing punctuation (`value_span`), but blanked through the
    end of its word: in `--password=Hunter2Secret! -c x` the `!` may be the password's last
    character, and leaving it out stored that character in clear. Blanking a sentence's full stop
    after a password costs nothing.
    """
    start, end = m.start("secret"), m.end("secret")
    nxt = NEXT_PARAM.search(m.string, start, end)
    return nxt.start() if nxt is not None and nxt.start() > start else end


_LINE_NAME = re.compile(r"[A-Za-z_][A-Za-z_.\-]*[0-9]{0,2}[ \t]*(?:=(?!=)|:(?=\s|\Z))")
"""A name and its `=`, or its `:` before white space or the end (a YAML key: `UI_PASSWORD=` then `next: 1`, the
fourteenth fresh check's `.env` lines in YAML and log contexts): letters, `_ . -`, at most two digits at its end (a
key's body of 16 or more random characters holds more digits nearly always; `==` is Base64's padding)."""


def next_line_name(text: str, start: int, value_start: int) -> bool:
    """Whether a rule took the next assignment's name for the value of an empty one.

    `text[start:value_start]` is what the rule matched before the value (its key word and operator). In a `.env`,
    properties or INI file and in a shell, `KEY=` with nothing after it on its line assigns an empty value, and the
    next line is a line of its own: `ApiKey=` then `VirtualgenerateApiKeySomeLongMethodName=` (semgrep-rules' `ok:`
    line) or `SHOPIFY_API_KEY=` then `SHOPIFY_API_SECRET=` were blanked as a key's value (kingfisher's `generic.2` and
    `env-secret` let the operator's white space run over the line break); in a log line `_authToken= status=200`
    (logfmt's next pair, the thirteenth fresh check). So an unquoted value after `=` and white space that is itself a
    name and `=` (`_LINE_NAME`) is none. A value on the next line that is not (`API_KEY=` then a pasted key) is still
    read, and so is a quoted one (`const apiKey =` then `"AIza..."`).
    """
    if value_start <= start or not text[value_start - 1].isspace():
        return False
    return text[start:value_start].rstrip().endswith("=") and _LINE_NAME.match(text, value_start) is not None


_VALUE_BEFORE = re.compile(r"(?:=>?|\b(?:is|was))[ \t]*[\"'`]?\Z")
_KEY_AFTER = re.compile(r"[\"']?[ \t]*(?:=(?!=)|:(?=[ \t]))[ \t]*(?:\$|\{\{|%[A-Za-z_]|<[A-Za-z_]|\"\"|'')")


def key_position(text: str, start: int, end: int) -> bool:
    """Whether `text[start:end]` stands where a setting's name does.

    That is: followed by `=` or by `:` and a space, then a variable, template or empty string (`password1: $X`,
    `password2: {{ .secrets.password }}`, whispers' `password1 = ""`, also after a label's colon), and not itself
    after `=`, `=>` or "is" (`PASS=password1`). A word before a value of its own (`password123: rotated`) stays a
    password.
    """
    return _KEY_AFTER.match(text, end) is not None and _VALUE_BEFORE.search(text, max(0, start - 8), start) is None


_ENDS_EMPTY = re.compile(r"=[ \t]*\r?\n[ \t]*\Z")


def empty_assignment_then_name(text: str, start: int, end: int) -> bool:
    r"""Whether a scanner's hit `text[start:end]` is the name of a `NAME=` line after an empty `KEY=` line.

    The scanners' keyword rules let white space after their operator run over a line break (betterleaks'
    `aws-secret-access-key`: `[\x60'"\s=]{0,5}` then 40 of `[A-Za-z0-9/+=]`), so `ApiKey=` and the line after it,
    `VirtualgenerateApiKeySomeLongMethodName=`, read as an AWS secret (semgrep-rules' `ok:` line). Only a hit that is
    no more than that line's assignment name (letters, `_ . -`, at most two digits at its end, then `=`) is dropped:
    a key standing on the line after `TOKEN=` is a key whatever the line before says, and a key's body of 30 or more
    random characters holds a digit nearly always.
    """
    if not _ENDS_EMPTY.search(text, max(0, start - 200), start):
        return False
    name = _LINE_NAME.match(text, start)
    return name is not None and end <= name.end()
