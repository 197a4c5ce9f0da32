"""A text no scanner could finish is not known clean: it is blanked whole, with the reason.

Redaction fails open wherever a scanner gives up quietly: presidio, when a recognizer's regex runs
past `REGEX_TIMEOUT_SECONDS`, logs and skips that recognizer for the text and returns what the
others found, so an address or number the skipped one would have found was stored as written. Here
any partial scan (a timeout, an exception of any scanner, the CPU budget running out) becomes one
`SCAN_INCOMPLETE` span over the whole text; `settle` turns a text's spans into its findings, and
a text with such a span gets that one finding instead of its others, so the stored text is
`[REDACTED:SCAN_INCOMPLETE]` and the `secret.blanked` event's detector says why
(`memeval:scan-incomplete:<why>`, e.g. `presidio-timeout`, `error:RedactionError`, `cpu-budget`).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from memeval.redact._models import Finding

if TYPE_CHECKING:  # the scanners are loaded by the redactor, not by every ingest's start
    from memeval.redact._result import RecognizerResult

log = logging.getLogger(__name__)

SCAN_INCOMPLETE = "SCAN_INCOMPLETE"
"""The entity type of a text blanked whole because it was not scanned to its end."""
DETECTOR_PREFIX = "memeval:scan-incomplete:"
"""The detector of a `SCAN_INCOMPLETE` finding, followed by why the scan was partial."""


def incomplete_result(length: int, why: str) -> RecognizerResult:
    """A `SCAN_INCOMPLETE` span over a whole text of `length` characters, detector `memeval:scan-incomplete:<why>`."""
    from memeval.redact._scanners import memeval_result

    return memeval_result(SCAN_INCOMPLETE, 0, length, 1.0, DETECTOR_PREFIX + why)


def whole(length: int, why: str) -> list[Finding]:
    """The findings of a text of `length` characters that was not scanned to its end: one over all of it.

    An empty text holds nothing to blank: [].
    """
    if length <= 0:
        return []
    return [Finding(entity_type=SCAN_INCOMPLETE, start=0, end=length, detector=DETECTOR_PREFIX + why, score=1.0)]


def settle(
    text: str, results: Sequence[RecognizerResult], merge: Callable[[Sequence[RecognizerResult]], list[Finding]]
) -> list[Finding]:
    """`merge(results)`, or `whole` when any result is a `SCAN_INCOMPLETE` span (its detector gives the reason).

    Args:
        text: the text the spans are offsets into.
        results: every detector's spans in it, a partial scan's `incomplete_result` among them.
        merge: the redactor's merge of overlapping spans into findings.
    """
    for r in results:
        if r.entity_type == SCAN_INCOMPLETE:
            detector = str((r.recognition_metadata or {}).get("memeval_detector", DETECTOR_PREFIX + "unknown"))
            return whole(len(text), detector.removeprefix(DETECTOR_PREFIX))
    return merge(results)


def failed(text: str, exc: Exception) -> list[Finding]:
    """The findings of a text a scanner raised on: `whole`, naming only the exception's type (logged too)."""
    log.warning("a scanner failed on a text (%s); it is blanked whole as %s", type(exc).__name__, SCAN_INCOMPLETE)
    return whole(len(text), f"error:{type(exc).__name__}")
