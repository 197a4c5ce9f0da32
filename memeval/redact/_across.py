"""A key cut across two events of one stream, read with the event before it (issue 15, redact32).

An agent that writes a credential's first characters at the end of one memory event and the rest at
the start of the next leaves two texts neither of which holds a whole key (`_cuts`, `_cutbare` read
what each part shows alone). Here the two are read together: the end of the event before (`prev`)
and the start of this one (`text`), joined with nothing between them (a cut inside a token leaves
nothing between its parts), are scanned as one text by the whole redactor (`Redactor.detect_many`:
every scanner, reading and rule, their look-alike screens, budget and guard), and a finding that
crosses the join is a key cut there. Its part in `text` is blanked; its part in `prev` too when
`prev` is not stored yet (the two events in one batch). A finding that lies on one side of the join
is that text's own business (its redaction alone already judged it) and is not used.

`join` reads a pair only when a cut inside a token is possible: `prev` ends and `text` starts with a
character that is not a space, neither side of the join is a bracket or a quote and `prev` does not end
with `,` or `;`, a sentence's end (`.` `!` `?`) is not followed by a capitalised word (nor `。` `！` `？`
`…` by anything), the letters and digits nearest the join are not a word on both sides (`password` +
`def`, `--user` + `NAME`, `stdin` + `.venv`: two lines of code or prose glued, not a key; `_WORD`)
unless the rest of that side's run holds eight letters and digits in a row that are not one word (`s` +
`gph_d539f90bb36a...`, since redact33: `_keylike`),
and the run of non-space characters glued across the join (`prev`'s last and `text`'s first, without
brackets or quotes) holds a letter or digit. The window is `prev`'s last run and the `WINDOW`
characters before it (a keyword on a line before the value), and `text`'s first run and the `WINDOW`
characters after it. A finding touching a window's edge inside a text is not used (the window may have
cut it), nor one of the readers of a key's part (`_PART_READERS`, `_edge_cut`).

Since redact33 a join blanks only where both sides carry a real part of a key (`_real_parts`): the
finding starts inside `prev` and ends inside `text` (a lead-in such as `password:` ending `prev`, its
value starting `text`, is not a cut: glued to the next event's first word it blanked that word), a
window not scanned to its end (`SCAN_INCOMPLETE`) blanks nothing across (each text alone is still
blanked whole when its own scan did not finish), and when one text alone already holds a whole key
reaching the join (a full rule's finding, not a part reader's) the other side's part must not be a
plain word (`Tr0ub4dor&3xQ` ending one event and `Run the tests` starting the next is not a longer
password). A text blanked whole alone (`SCAN_INCOMPLETE`) is not read across.

What this does not do: an event stored before the next one arrives keeps its first part as stored
(the store is append-only); only the second part is blanked then, so the key is never stored whole.
Holding an event's end back until the next event arrives would store the event late or change it
after it was stored, neither of which an append-only log may do. Pure string work here: presidio is
loaded by the redactor whose `detect_many` `cut_across` is given, not by this module.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal

from memeval.redact._entities import is_credential
from memeval.redact._incomplete import SCAN_INCOMPLETE
from memeval.redact._models import Finding, Redaction, blanked

WINDOW = 256
"""Characters of `prev`'s last line before its last run, and of `text`'s first line after its first run, read."""
MIN_GLUED = 2
"""Fewest characters of the run glued across the join for a pair to be read (one each side)."""
LEAD_IN_MARKS = frozenset(":=")
"""The last character of a lead-in (`password:`, `PGPASSWORD=`) whose value may start the next event (`_led_in`)."""
ACROSS_DETECTOR = "+across-events"
"""Appended to the detector of a finding that crosses the join (`secret.blanked` names it)."""

Edge = Literal["text", "cap"]
"""What a window's edge is (`Join.start_edge`, `Join.end_edge`)."""
_PART_READERS = ("memeval:cut-", "kingfisher-truncated:")
"""Detectors that read a part of a key (`_cuts`, `_cutshapes`, `_cutkeywords`, `_cutbare`, `_truncated`)."""
_CLOSES = frozenset(")]}>\"'`")
_OPENS = frozenset("([{<\"'`")
_EDGES = _CLOSES | _OPENS
_NOT_KEY_END = _EDGES | frozenset(",;")
"""A character no cut key's first part ends with: a bracket, a quote, a list's or clause's end."""
_LAST_ALNUM = re.compile(r"([A-Za-z0-9]+)[^\sA-Za-z0-9]*\Z")
_FIRST_ALNUM = re.compile(r"[^\sA-Za-z0-9]*([A-Za-z0-9]+)")
WORD_LETTERS = 8
"""The most letters a word next to the join has (`_WORD`)."""
_WORD = re.compile(
    rf"(?:[a-z]{{1,{WORD_LETTERS}}}|[A-Z][a-z]{{1,{WORD_LETTERS - 1}}}|[A-Z]{{1,{WORD_LETTERS}}})[0-9]{{0,4}}"
)
"""A word next to the join: up to `WORD_LETTERS` letters of one case pattern (`def`, `Name`, `NAME`), up to four digits
after them; a key's part is longer or mixes cases (`xffnpqhynd...`, `UEr`, `MyWeddingD`)."""
_ALNUM_RUN = re.compile(r"[A-Za-z0-9]{8,}")
_ONE_CASE = re.compile(r"[a-z]+|[A-Z][a-z]+|[A-Z]+")


def _keylike(text: str, start: int, end: int) -> bool:
    """Whether `text[start:end]` holds eight or more letters and digits in a row that are not one word.

    What makes the rest of a run next to a word key-like (`join`): `d539f90bb36a...`, `Zq8KxLmPwRtY`, not
    `password` (`--password-` + `stdin`) or `memeval` (letters of one case pattern).
    """
    return any(not _ONE_CASE.fullmatch(m.group()) for m in _ALNUM_RUN.finditer(text, start, max(start, end)))


_RUN_START = re.compile(r"[^\s()\[\]{}<>\"'`]*")
_CAPITALISED = re.compile(r"[A-Z][a-z]")
_ALNUM = re.compile(r"[A-Za-z0-9]")


def _word(m: re.Match[str] | None) -> bool:
    """Whether the letters and digits `m` took next to the join (group 1) are a word (`_WORD`)."""
    return m is not None and _WORD.fullmatch(m.group(1)) is not None


def _run_start(text: str, end: int) -> int:
    """Where the run of non-space characters (no bracket or quote) ending at `end` starts (at most 4 `WINDOW` back)."""
    k = end
    while k > max(0, end - 4 * WINDOW) and not text[k - 1].isspace() and text[k - 1] not in _EDGES:
        k -= 1
    return k


@dataclass(frozen=True)
class Join:
    """The window read for one pair: `prev[start:] + text[:end]` (`text` begins at `cut`).

    Attributes:
        text: the joined window.
        cut: offset in `text` where the later text begins (the length of `prev`'s part).
        start: offset in `prev` where the window begins.
        end: offset in the later text where the window ends.
        start_edge: what the window's start is: `text` (`prev`'s own start) or `cap` (inside `prev`).
        end_edge: the same for the window's end in the later text.
        lead_in_only: the words on both sides of the join are plain words and `prev` ends with a lead-in mark:
            only a value starting at the join is used (`_led_in`), no finding crossing it (redact34: `pw):` +
            `return pw` glued read as one password).
    """

    text: str
    cut: int
    start: int
    end: int
    start_edge: Edge
    end_edge: Edge
    lead_in_only: bool = False


def join(prev: str, text: str) -> Join | None:
    """The window of (`prev`, `text`) a cut key could cross, or None when no cut inside a token is possible.

    See the module docstring for the conditions. O(WINDOW) string work, no scanner.
    """
    if not prev or not text:
        return None
    if prev[-1].isspace() or text[0].isspace():
        return _spaced_join(prev, text)
    if prev[-1] in _NOT_KEY_END or text[0] in _EDGES:
        return None
    if prev[-1] in "。！？…" or (prev[-1] in ".!?" and _CAPITALISED.match(text)):
        return None
    a = prev[_run_start(prev, len(prev)) :]
    b = _RUN_START.match(text, 0, 4 * WINDOW).group()  # type: ignore[union-attr]  # `*` matches the empty string
    last, first = _LAST_ALNUM.search(prev, max(0, len(prev) - 64)), _FIRST_ALNUM.match(text, 0, 64)
    words = (
        _word(last)
        and _word(first)
        # a word glued to a key-like run is a key's part (`s` + `gph_d539f90bb36a...`: redact33), not a word
        and not _keylike(prev, len(prev) - len(a), last.start(1))  # type: ignore[union-attr]  # _word: a match
        and not _keylike(text, first.end(1), len(b))  # type: ignore[union-attr]  # _word: a match
    )
    # two words glued are no key cut, but after a lead-in the later word may be its value (`password:` +
    # `Summer2024`: redact34, `_led_in`); such a window is read for that value alone (`lead_in_only`)
    if words and prev[-1] not in LEAD_IN_MARKS:
        return None
    glued = a + b
    if len(glued) < MIN_GLUED or not _ALNUM.search(glued):
        return None
    start = max(0, len(prev) - len(a) - WINDOW)
    end = min(len(text), len(b) + WINDOW)
    start_edge: Edge = "text" if start == 0 else "cap"
    end_edge: Edge = "text" if end == len(text) else "cap"
    return Join(prev[start:] + text[:end], len(prev) - start, start, end, start_edge, end_edge, bool(words))


SPACED_MIN = 4
"""Fewest single characters a letter-spaced run shows on each side of a cut beside a space (`_spaced_join`)."""
_SPACED_TAIL = re.compile(rf"(?<!\S)\S(?: \S){{{SPACED_MIN - 1},}} ?\Z")
_SPACED_HEAD = re.compile(rf"\A ?\S(?: \S){{{SPACED_MIN - 1},}}(?!\S)")


def _spaced_join(prev: str, text: str) -> Join | None:
    """The window of a letter-spaced key cut beside one of its spaces (`g h p _ Q 7 ` + `r T x 9 ...`), or None.

    Since redact39. A cut beside a space is no cut inside a token, so `join` reads no such pair; but a key written
    one character at a time with single spaces between (`_decode.spaced_view` reads it whole) has a space at every
    other place a cut can fall, and cut there both parts were stored raw. Read only when exactly one side of the
    cut is that single space and both sides show such a run of `SPACED_MIN` or more single characters (prose
    rarely spells four letters apart on both sides of an event's end); the window is the two runs and `WINDOW`
    characters around them, as `join`'s.
    """
    if prev[-1].isspace() == text[0].isspace() or "\n" in (prev[-1], text[0]):
        return None
    tail = _SPACED_TAIL.search(prev, max(0, len(prev) - 4 * WINDOW))
    head = _SPACED_HEAD.match(text, 0, 4 * WINDOW)
    if tail is None or head is None:
        return None
    start = max(0, tail.start() - WINDOW)
    end = min(len(text), head.end() + WINDOW)
    start_edge: Edge = "text" if start == 0 else "cap"
    end_edge: Edge = "text" if end == len(text) else "cap"
    return Join(prev[start:] + text[:end], len(prev) - start, start, end, start_edge, end_edge)


def _edge_cut(j: Join, f: Finding) -> bool:
    """Whether `f` may be an artefact of where the window begins and ends or of the join, so is not used.

    A finding touching an edge where the window cut a text (`cap`) may be cut by it. A cut reader's
    (`memeval:cut-*`) or the truncated rule's (`kingfisher-truncated:*`) reads a run at a text's edge, or a
    registered prefix with fewer characters than a key has, as a key's part: across the join they took a
    key's end glued to the next event's first word (`...de924c0` + `the heroku`) as one run. A key whole
    across the join is found by the full rules; these readers' findings in each text alone still count.
    """
    if (j.start_edge == "cap" and f.start == 0) or (j.end_edge == "cap" and f.end == len(j.text)):
        return True
    return f.detector.startswith(_PART_READERS)


def joinable(prev: str, text: str) -> bool:
    """Whether `join(prev, text)` reads the pair (cheap: no scanner, nothing loaded)."""
    return join(prev, text) is not None


_PLAIN_WORD = re.compile(r"(?:[a-z]+|[A-Z][a-z]+|[A-Z]+)[.,;:!?]*")
"""A part that is an ordinary word (one case pattern, any length, a closing mark after it): `Run`, `passphrase`."""


def _whole_at(findings: Sequence[Finding], at: int) -> bool:
    """Whether a full rule's credential finding among a text's own `findings` starts or ends at offset `at`."""
    return any(
        is_credential(f.entity_type)
        and f.entity_type != SCAN_INCOMPLETE
        and not f.detector.startswith(_PART_READERS)
        and at in (f.start, f.end)
        for f in findings
    )


def _led_in(j: Join, f: Finding, text_own: Sequence[Finding]) -> bool:
    """Whether `f`, starting exactly at the join, is a value the earlier text's lead-in names (redact34).

    `prev` ends with a lead-in (its last character `:` or `=`) and the later text starts with the value
    (`the db password:` + `Tr0ub4dor&3xQ, rotate it`): the whole value is in the later text, which alone reads it
    as a bare word and keeps it. It is blanked there when the window's finding starts at the join and the value
    is not an ordinary word (`_PLAIN_WORD`: `password:` + `Run the tests` stored `Run` blanked on redact32) and
    the later text's own reading did not already find a key starting at 0. Nothing of `prev` is blanked (its
    part is the lead-in, no secret); `crossing` gives this finding an empty part in `prev`.
    """
    if j.text[j.cut - 1] not in LEAD_IN_MARKS or _whole_at(text_own, 0):
        return False
    return _PLAIN_WORD.fullmatch(j.text[j.cut : f.end]) is None


def _real_parts(j: Join, f: Finding, prev_own: Sequence[Finding], text_own: Sequence[Finding]) -> bool:
    """Whether `f` (a window finding crossing the join) has a real part of a key on both sides (module docstring).

    `prev_own`, `text_own`: each text's own findings (its redaction alone), offsets into it. A side whose
    own reading already holds a whole key up to the join (`prev`'s ending at its end, `text`'s starting
    at 0) makes the other side's part count only when it is not a plain word (`_PLAIN_WORD`).
    """
    if f.start == j.cut < f.end:
        return _led_in(j, f, text_own)
    if j.lead_in_only or not f.start < j.cut < f.end:
        return False  # the finding lies on one side of the join
    before, after = j.text[f.start : j.cut], j.text[j.cut : f.end]
    if _whole_at(prev_own, j.start + j.cut) and _PLAIN_WORD.fullmatch(after):
        return False
    return not (_whole_at(text_own, 0) and _PLAIN_WORD.fullmatch(before))


def crossing(
    j: Join,
    prev_len: int,
    found: Sequence[Finding],
    prev_own: Sequence[Finding] = (),
    text_own: Sequence[Finding] = (),
) -> tuple[list[Finding], list[Finding]]:
    """The parts of the window's findings that cross the join: (in `prev`, in the later text), offsets into each.

    A credential finding (personal data is not read here) with `start < j.cut < end` whose two parts are
    real parts of a key (`_real_parts`, given each text's own findings `prev_own` and `text_own`) crosses;
    its part in `prev` runs from its start to `prev`'s end, its part in the later text from 0 to its end.
    A finding the window's edges may have made (`_edge_cut`) is not used, nor a `SCAN_INCOMPLETE` one (a
    window not scanned to its end blanks nothing across: redact32 blanked the run glued across the join
    on both sides, the next event's first word with it).
    """
    before: list[Finding] = []
    after: list[Finding] = []
    for f in found:
        if f.entity_type == SCAN_INCOMPLETE or not is_credential(f.entity_type) or _edge_cut(j, f):
            continue
        if not _real_parts(j, f, prev_own, text_own):
            continue
        named = f.model_copy(update={"detector": f.detector + ACROSS_DETECTOR})
        if f.start < j.cut:  # a value starting at the join after a lead-in has no part in `prev` (`_led_in`)
            before.append(named.model_copy(update={"start": j.start + f.start, "end": prev_len}))
        after.append(named.model_copy(update={"start": 0, "end": f.end - j.cut}))
    return before, after


def cut_across(
    detect_many: Callable[[list[str]], Sequence[Sequence[Finding]]],
    pairs: Sequence[tuple[str, str]],
    own: Sequence[tuple[Sequence[Finding], Sequence[Finding]]] | None = None,
) -> list[tuple[list[Finding], list[Finding]]]:
    """For each (previous event's text, this event's text), the parts of a key cut across the two.

    Args:
        detect_many: the redactor's `detect_many` (`Redactor.detect_many`: its budget and guard apply), which
            reads the joined windows of all pairs in one call.
        pairs: (prev, text); `prev` as stored, or as sent when it is in the same batch.
        own: per pair, (prev's own findings, text's own findings): each text's redaction alone, offsets into
            it (`_real_parts`); None reads as no findings (what a stored `prev` that ends unblanked had).

    Returns:
        Per pair, (findings in `prev`, findings in `text`), offsets into each; both empty for a pair
        `join` does not read or whose window holds no finding crossing the join with a real part of a key
        on each side.

    Raises:
        RedactionError: a text is not a str (from `detect_many`).
    """
    joins = [join(p, t) for p, t in pairs]
    read = [j for j in joins if j is not None]
    found = iter(detect_many([j.text for j in read]) if read else [])
    mine = own if own is not None else [((), ())] * len(pairs)
    return [
        crossing(j, len(p), next(found), *o) if j is not None else ([], [])
        for j, (p, _t), o in zip(joins, pairs, mine, strict=True)
    ]


def with_findings(text: str, red: Redaction, more: Sequence[Finding]) -> Redaction:
    """`red` (the redaction of `text`) with `more` findings of `text` added, and `text` blanked again.

    Overlapping findings become one: the union of their spans, named by the one that starts first (the
    longer on a tie), with `ACROSS_DETECTOR` appended when a finding across the join made it longer (the
    stored `secret.blanked` then says a join blanked part of it: `memeval.audit`'s resend check reads
    that). A `red` that blanked its text whole (`SCAN_INCOMPLETE`) is returned as it is.
    """
    if not more or any(f.entity_type == SCAN_INCOMPLETE for f in red.findings):
        return red
    merged: list[Finding] = []
    for f in sorted((*red.findings, *more), key=lambda f: (f.start, -f.end)):
        if merged and f.start < merged[-1].end:
            if f.end > merged[-1].end:
                last = merged[-1]
                name = last.detector
                if f.detector.endswith(ACROSS_DETECTOR) and not name.endswith(ACROSS_DETECTOR):
                    name += ACROSS_DETECTOR  # the join made this blank longer: say so (a resend is compared by it)
                merged[-1] = last.model_copy(update={"end": f.end, "detector": name})
            continue
        merged.append(f)
    return red.model_copy(
        update={
            "text": blanked(text, merged),
            "findings": tuple(merged),
            "counts": dict(Counter(f.entity_type for f in merged)),
        }
    )
