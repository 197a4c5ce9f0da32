"""The redactions of free texts seen before in this process, remembered: a repeated text is not scanned again.

Memory systems send the same text many times: the sample week (`samples/fernhill/audit/week.jsonl`)
has 129 free texts of which 58 differ (a standing memory written again each session, a lesson
proposed again); each costs the redactor about 0.3 ms of CPU (2026-12-07, `bench/audit_ingest_cpu.py
--stages`). `redact_many_remembered(redactor, texts)` returns `redactor.redact_many(texts)`, the same
`Redaction`s, scanning only the texts it has not redacted before with that very redactor.

Why the remembered answer is the fresh one: `Redactor.detect_many` gives each text of a batch the
findings it gets alone (a match that crosses from one joined text into another decides nothing; those
texts are scanned again alone: `memeval.redact._batch`), and the redactor's rules are fixed when it is
built. What a batch adds across texts (a key cut across two events of a stream, a key's dangling
prefix) is not part of a text's `Redaction`: `Sanitizer.cut_across_events` reads it afterwards from the
texts as sent, memo or not. `Redaction` is frozen, so sharing one is safe. A text that a scan did not
finish (any `SCAN_INCOMPLETE` finding: a CPU budget, a request's bound, a scanner's failure) is never
remembered: that answer depends on the machine, not on the text alone.

The key is not the text: a keyed BLAKE2b digest of it (a random key per process) with its length, so
the memo holds no raw text (only the redacted text the store writes, and the findings' offsets) and a
digest cannot be matched against a guessed text outside this process. Two different texts would need a
collision of a 256-bit digest to meet; the length is checked too.

Each team has its own memo (`scope`, as `_holdmemo`'s: the HTTP server's batch is one token's team),
so a batch answered faster, or within a request's bound where a fresh scan would have run out, tells
a sender nothing of what another team sent. A file ingest (the operator's own file) has no scope.
Bounded (`MEMO_UNITS`: the characters of each remembered redacted text plus `ENTRY_UNITS` an entry);
the least recently used go first.
"""

from __future__ import annotations

import hashlib
import os
import threading
from collections import OrderedDict
from collections.abc import Sequence
from typing import Any

MEMO_UNITS = 8_000_000
"""What the memo holds at most: each entry's redacted text's characters plus `ENTRY_UNITS`."""
ENTRY_UNITS = 400
"""Units an entry counts besides its text: about its key, `Redaction` and findings in bytes, so that a
memo of many short texts is bounded too (8,000,000 units: 20,000 entries of short texts at most)."""
INCOMPLETE = "SCAN_INCOMPLETE"
"""`memeval.redact.SCAN_INCOMPLETE` (not imported: importing `memeval.redact` loads presidio)."""

_KEY = os.urandom(32)
_LOCK = threading.Lock()
_MEMO: OrderedDict[tuple[str | None, bytes, int], tuple[Any, int]] = OrderedDict()
"""(scope, digest of the text, its length) -> (its `Redaction`, its units), least recently used first."""
_OWNER: list[Any] = [None]
"""The redactor the memo's redactions are of (kept alive by this reference, so its id is never reused)."""
_UNITS = [0]


def digest(text: str) -> bytes:
    """The memo's key of `text`: keyed BLAKE2b of its UTF-8 (lone surrogates kept: an injective encoding)."""
    return hashlib.blake2b(text.encode("utf-8", "surrogatepass"), key=_KEY, digest_size=32).digest()


def redact_many_remembered(redactor: Any, texts: Sequence[str], scope: str | None = None) -> list[Any]:
    """`redactor.redact_many(texts)`: the same `Redaction`s, the ones seen before from the memo.

    Args:
        redactor: has `redact_many(texts) -> list[Redaction]` (`memeval.redact.Redactor`); the memo
            holds one redactor's answers (another redactor empties it).
        texts: free texts; each is scanned at most once here (repeats in `texts` share one scan).
        scope: the memo these texts are remembered in and answered from (a team); None: `_holdmemo`'s
            `request_bound` scope, if any (the HTTP server's batch), else unscoped.

    Returns:
        One `Redaction` per text, in order.

    Raises:
        RedactionError: as `redact_many` (a text is not a str).
    """
    from memeval.audit._holdmemo import request_scope

    if not all(isinstance(t, str) for t in texts):
        return list(redactor.redact_many(texts))  # its error, naming the type
    where = request_scope() if scope is None else scope
    keys = [(where, digest(t), len(t)) for t in texts]
    with _LOCK:
        if _OWNER[0] is not redactor:
            _MEMO.clear()
            _UNITS[0] = 0
            _OWNER[0] = redactor
        known: dict[int, Any] = {}
        for i, key in enumerate(keys):
            hit = _MEMO.get(key)
            if hit is not None:
                _MEMO.move_to_end(key)
                known[i] = hit[0]
    key_of = {t: keys[i] for i, t in enumerate(texts) if i not in known}
    todo = list(key_of)
    fresh = dict(zip(todo, redactor.redact_many(todo), strict=True)) if todo else {}
    with _LOCK:
        if _OWNER[0] is redactor:
            for text, red in fresh.items():
                if any(f.entity_type == INCOMPLETE for f in red.findings):
                    continue  # not known clean: read again next time
                units = len(red.text) + ENTRY_UNITS
                key = key_of[text]
                old = _MEMO.pop(key, None)
                _UNITS[0] += units - (old[1] if old is not None else 0)
                _MEMO[key] = (red, units)
            while _UNITS[0] > MEMO_UNITS and _MEMO:
                _, (_, units) = _MEMO.popitem(last=False)
                _UNITS[0] -= units
    return [known[i] if i in known else fresh[t] for i, t in enumerate(texts)]


def redacted(red: Any, texts: list[str], many: bool, scope: str | None) -> dict[str, Any]:
    """Text -> its `Redaction`, as `Sanitizer.sanitize_many` computes it (a worker's call, `_parallel`).

    `redact_many` through the memo (`redact_many_remembered`, in `scope`), or for a lone text (`many` False)
    `redact`.
    """
    found = redact_many_remembered(red, texts, scope) if many else [red.redact(t) for t in texts]
    return dict(zip(texts, found, strict=True))


def held_units() -> tuple[int, int]:
    """(entries, units) the memo holds now (for tests and benches)."""
    with _LOCK:
        return len(_MEMO), _UNITS[0]
