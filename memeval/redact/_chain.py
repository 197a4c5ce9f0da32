"""A key cut across three or more events of one stream, read across every join at once (redact35, issue 15).

A client that writes a token in chunks (`sk-ant-a`, `pi03-AbC`, `dEf...`) leaves events of which the middle
ones are a single unbroken run of the key: no pair of them holds enough of it for a rule (`_across.join` reads
two events), so every part was stored raw. Here a text is read with the events before it when those are such
runs: the chain is `first, middle..., last`, each middle a single run (no space, no bracket or quote, at most
`MAX_RUN` characters), each two neighbours glued as `_across.join` glues a pair (neither side's edge a space, a
bracket, a quote, a list's or clause's end, or a sentence's end before a capitalised word). The word screen of
`_across.join` is not applied between the parts: a chunk boundary falls anywhere (`sk-ant-a` + `pi03-AbC` is
two "words" by it); what keeps two lines of prose from being read as a key is that only a full rule's finding
(or the truncated rule's on a registered prefix, `kingfisher-truncated:`; not a reader of a run at a text's edge,
`memeval:cut-*`) that covers at least one middle whole counts.

The window is the first text's last run and the `WINDOW` characters before it, the middles whole, the last
text's first run and the `WINDOW` characters after it, scanned as one text by the whole redactor
(`Redactor.detect_many`). A finding is used when it crosses at least two joins (a text it starts at the very
start of is its first: a lead-in ending the text before gets no part), no text it touches was blanked whole
alone, and neither end's part is a plain word glued to a key that text holds whole (`_across._real_parts`' rule);
a finding touching a window edge inside a text (`cap`), a `SCAN_INCOMPLETE` window, or personal data is not used.
Each text it touches gets its part (a short ordinary word starting prose after the runs excepted: `_used`), named
`+across-events` (`_resendjoin` compares a resend without such an edge: a middle blanked whole reads as a blank
with a run of no spaces behind it).

At most `MAX_PARTS` events (the last text and `MAX_PARTS - 1` before it), with middles of at most `MAX_MIDDLES`
characters in all, are read together. Pure string work:
the scanner is the `detect_many` given.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from memeval.redact._across import (
    _CAPITALISED,
    _EDGES,
    _NOT_KEY_END,
    _PART_READERS,
    _PLAIN_WORD,
    _RUN_START,
    _WORD,
    ACROSS_DETECTOR,
    WINDOW,
    Edge,
    _run_start,
    _whole_at,
    join,
)
from memeval.redact._entities import is_credential
from memeval.redact._incomplete import SCAN_INCOMPLETE
from memeval.redact._models import Finding

_EDGE_READERS = tuple(r for r in _PART_READERS if not r.startswith("kingfisher-truncated"))
"""The readers of a run at a text's edge as a key's part (`memeval:cut-*`): a chain's window has edges of its own."""
MAX_PARTS = 128
"""Most events read as one chain (8 until redact38: a JWT in 8-character chunks is 20 events, and every event past
the eighth was stored raw): a 512-character key in 4-character chunks. `MAX_MIDDLES` bounds the characters."""
MAX_RUN = 4 * WINDOW
"""Longest middle text (characters) a chain reads: a run longer than this is no chunk of one key."""
MAX_MIDDLES = MAX_RUN
"""Most characters of all a chain's middles together (redact38): as much as one middle may hold, so a stream keeps
(`memeval.audit`'s `StreamEnds`) no more of a chunked key than of one long run."""
MAX_SPACED = 64
"""Longest middle text (characters) a chain reads when it holds whitespace (redact36): a stream's chunk."""
MAX_GAPS = 4
"""Most whitespace runs a middle holding whitespace may have (`-----BEGIN RSA PRIVATE KEY-----` has three)."""
_SPACED = re.compile(rf"[^\s()\[\]{{}}<>\"'`]+(?:\s+[^\s()\[\]{{}}<>\"'`]+){{1,{MAX_GAPS}}}")


def single_run(text: str) -> bool:
    """Whether `text` is one unbroken run a chain may read as a middle part (no space, bracket or quote)."""
    return 0 < len(text) <= MAX_RUN and _RUN_START.fullmatch(text) is not None


def middle(text: str) -> bool:
    """Whether a chain may read `text` as a middle part.

    A single run (`single_run`), or since redact36 a chunk of at most `MAX_SPACED` characters with whitespace inside
    but not at its edges, in at most `MAX_GAPS` runs, and no bracket or quote (`FlyV1 fm`, `RSA PRIVATE KEY`,
    `AKIA Y1LP J`: a key with a gap cut so the gap falls inside a middle event). A longer text with whitespace is
    prose, which a chain does not read through.
    """
    return single_run(text) or (len(text) <= MAX_SPACED and _SPACED.fullmatch(text) is not None)


def glued(prev: str, text: str) -> bool:
    """Whether `prev`'s end and `text`'s start may be one token cut between them.

    `_across.join`'s conditions without its word screen (see the module docstring).
    """
    if not prev or not text or prev[-1].isspace() or text[0].isspace():
        return False
    if prev[-1] in _NOT_KEY_END or text[0] in _EDGES:
        return False
    return not (prev[-1] in "。！？…" or (prev[-1] in ".!?" and _CAPITALISED.match(text)))


@dataclass(frozen=True)
class Chain:
    """The window read for one chain: `first[start:] + middles + last[:end]`.

    Attributes:
        text: the joined window.
        bounds: per text of the chain, its (start, end) offsets in `text` (first to last).
        start: offset in the first text where the window begins.
        end: offset in the last text where the window ends.
        start_edge: `text` when the window begins at the first text's start, `cap` inside it.
        end_edge: the same for the window's end in the last text.
    """

    text: str
    bounds: tuple[tuple[int, int], ...]
    start: int
    end: int
    start_edge: Edge
    end_edge: Edge


def chain_lengths(texts: Sequence[str]) -> tuple[int, ...]:
    """How many of `texts` (oldest first, the last the new text) end each chain read with the last; () when none.

    Walks back from the last: each earlier text must be glued to the one after it (`glued`); a text that is not a
    middle part (`middle`: a single run, or a short chunk with a gap inside) is the chain's first and ends the walk;
    at most `MAX_PARTS`, and middles of at most `MAX_MIDDLES` characters in all (past that, the last middle that
    fits is the chain's first). A chain has at least
    three texts. When its first text is not glued to the next by `_across.join` too (its word screen: `follows` +
    `sgph_d53`, a word before a token's first chunk, glued into `followssgph_...` that no rule reads) the chain
    one shorter, starting at that single run, is read as well.
    """
    n, held = 1, 0
    for k in range(len(texts) - 2, max(-1, len(texts) - 1 - MAX_PARTS), -1):
        if not glued(texts[k], texts[k + 1]):
            break
        n += 1
        if not middle(texts[k]):
            break
        held += len(texts[k])
        if held > MAX_MIDDLES:
            n -= 1  # the chain's first is the last middle that fits: read from there as the first text
            break
    if n < 3:  # noqa: PLR2004
        return ()
    first = len(texts) - n
    j = join(texts[first], texts[first + 1])
    if n > 3 and (j is None or j.lead_in_only):  # noqa: PLR2004
        return (n, n - 1)
    return (n,)


def window(texts: Sequence[str]) -> Chain:
    """The window of a chain (`texts`: first, middles, last; `chain_lengths` said they chain)."""
    first, last = texts[0], texts[-1]
    a = len(first) - _run_start(first, len(first))
    b = len(_RUN_START.match(last, 0, 4 * WINDOW).group())  # type: ignore[union-attr]  # `*` matches ""
    start = max(0, len(first) - a - WINDOW)
    end = min(len(last), b + WINDOW)
    parts = [first[start:], *texts[1:-1], last[:end]]
    bounds, at = [], 0
    for p in parts:
        bounds.append((at, at + len(p)))
        at += len(p)
    return Chain(
        "".join(parts),
        tuple(bounds),
        start,
        end,
        "text" if start == 0 else "cap",
        "text" if end == len(last) else "cap",
    )


def _used(c: Chain, f: Finding, own: Sequence[Sequence[Finding]]) -> tuple[int, int, bool] | None:
    """(first, last) indexes of the texts a usable finding `f` touches and whether the last text's part is blanked.

    None when `f` is not used (module docstring). The last text's part is not blanked when it is an ordinary
    word starting prose (`_across._WORD`, a space after it, the text not a single run): a key whole in the runs
    before it glued to the next event's first word (`...5KoR` + `Run the tests`) reads the word as the key's end;
    what is left raw is at most that word.
    """
    if f.entity_type == SCAN_INCOMPLETE or not is_credential(f.entity_type) or f.detector.startswith(_EDGE_READERS):
        return None
    if (c.start_edge == "cap" and f.start == 0) or (c.end_edge == "cap" and f.end == len(c.text)):
        return None
    i = next(k for k, (s, e) in enumerate(c.bounds) if s <= f.start < e)
    j = next(k for k, (s, e) in enumerate(c.bounds) if s < f.end <= e)
    if j - i < 2 or any(_blank_whole(o) for o in own[i : j + 1]):  # noqa: PLR2004
        return None
    head, tail = c.text[f.start : c.bounds[i][1]], c.text[c.bounds[j][0] : f.end]
    i_end = (c.start if i == 0 else 0) + c.bounds[i][1] - c.bounds[i][0]
    if _whole_at(own[i], i_end) and _PLAIN_WORD.fullmatch(c.text[c.bounds[i][1] : f.end]):
        return None
    if _whole_at(own[j], 0) and _PLAIN_WORD.fullmatch(c.text[f.start : c.bounds[j][0]]):
        return None
    if f.detector.startswith(_PART_READERS) and (_PLAIN_WORD.fullmatch(head) or _PLAIN_WORD.fullmatch(tail)):
        return None  # a registered prefix read short (`kingfisher-truncated:`) glued to a word at a chain's end
    prose = _WORD.fullmatch(tail) is not None and not _run_text(c, j) and c.text[f.end : f.end + 1].isspace()
    return (i, j, not prose) if head and tail else None


def _run_text(c: Chain, k: int) -> bool:
    """Whether the chain's `k`th text, as the window holds it, is a single run (a chunk, not prose)."""
    return single_run(c.text[c.bounds[k][0] : c.bounds[k][1]])


def _blank_whole(own: Sequence[Finding]) -> bool:
    return any(f.entity_type == SCAN_INCOMPLETE for f in own)


def parts(
    c: Chain, lengths: Sequence[int], found: Sequence[Finding], own: Sequence[Sequence[Finding]]
) -> list[list[Finding]]:
    """Per text of the chain, the parts (offsets into that text) of the window's usable findings (`_used`).

    `lengths`: each text's length; `own`: each text's own findings (its redaction alone).
    """
    out: list[list[Finding]] = [[] for _ in c.bounds]
    for f in found:
        used = _used(c, f, own)
        if used is None:
            continue
        i, j, last = used
        named = f.model_copy(update={"detector": f.detector + ACROSS_DETECTOR})
        for k in range(i, j + 1 if last else j):
            s, e = c.bounds[k]
            shift = c.start if k == 0 else 0
            lo, hi = max(f.start, s) - s + shift, min(f.end, e) - s + shift
            out[k].append(named.model_copy(update={"start": lo, "end": lengths[k] if k < j else hi}))
    return out


def cut_through(
    detect_many: Callable[[list[str]], Sequence[Sequence[Finding]]],
    chains: Sequence[Sequence[str]],
    own: Sequence[Sequence[Sequence[Finding]]] | None = None,
) -> list[list[list[Finding]]]:
    """For each chain of texts (oldest first; `chain_lengths` chose it), each text's parts of a key cut through them.

    Args:
        detect_many: the redactor's `detect_many`, reading all windows in one call.
        chains: the texts of each chain, as stored or as sent when in the same batch.
        own: per chain, each text's own findings (None: none, what a stored text ending unblanked had).

    Returns:
        Per chain, per text, findings (offsets into that text); empty lists where nothing crossed.

    Raises:
        RedactionError: a text is not a str (from `detect_many`).
    """
    windows = [window(t) for t in chains]
    found = detect_many([w.text for w in windows]) if windows else []
    mine = own if own is not None else [[()] * len(t) for t in chains]
    return [parts(w, [len(x) for x in t], f, o) for w, t, f, o in zip(windows, chains, found, mine, strict=True)]
