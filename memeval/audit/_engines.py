"""The default redaction and hold engines of the write path, loaded on first use.

`SqlAuditStore.sanitizer` builds its `Sanitizer` from these when no Sanitizer is given: each
stands in for `memeval.redact.get_redactor()` or `memeval.hold.get_hold_detector()` and imports
it only when a text or id first needs it, so a store that only reads, or a batch with nothing
to scan, never loads them (the redactor alone imports presidio and spaCy).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from memeval._collector import collector_paused


class LazyRedactor:
    """`memeval.redact.get_redactor()`, loaded on the first text or id that needs scanning.

    Loading it imports presidio and spaCy (about 3 CPU s); a review decision or claim with no
    free text and plain ids (`_idscan.plain_id`) needs none of it.
    """

    def __init__(self) -> None:
        self._redactor: Any = None

    def _loaded(self) -> Any:
        if self._redactor is None:
            from memeval.redact import get_redactor

            with collector_paused():  # its tables live as long as the process: no collector pass over them
                self._redactor = get_redactor()
        return self._redactor

    def redact(self, text: str) -> Any:
        return self._loaded().redact(text)

    def redact_many(self, texts: Sequence[str]) -> list[Any]:
        """`redact` of each text, in one scanner call per view (`memeval.redact.Redactor.redact_many`).

        Texts this process redacted before are answered from memory (`_redactmemo`: the same redactions).
        """
        from memeval.audit._redactmemo import redact_many_remembered

        return redact_many_remembered(self._loaded(), texts)

    def detect_many(self, texts: Sequence[str]) -> list[Any]:
        """The findings of each text (`memeval.redact.Redactor.detect_many`; the windows `cut_across` reads)."""
        return list(self._loaded().detect_many(texts))

    def detect_credentials_many(self, texts: Sequence[str]) -> list[Any]:
        """The credential rules' findings in each text (`memeval.redact.Redactor.detect_credentials_many`)."""
        return list(self._loaded().detect_credentials_many(texts))


class LazyHoldDetector:
    """`memeval.hold.get_hold_detector()`, loaded on the first text that needs assessing."""

    def __init__(self) -> None:
        self._detector: Any = None

    def _loaded(self) -> Any:
        if self._detector is None:
            from memeval.audit._heap import settle
            from memeval.hold import get_hold_detector

            with collector_paused():  # as the redactor's
                self._detector = get_hold_detector()
            settle()  # the redactor (built with the Sanitizer) and the detector are warm: out of the collector's way
        return self._detector

    def assess(self, text: str, source: str) -> Any:
        """`assess_many` of this one text: within the hold budget, as every text the store assesses."""
        return self.assess_many([(text, source)])[0]

    def assess_many(self, items: Sequence[tuple[str, str]]) -> list[Any]:
        """`assess` of each (text, source), batched (`memeval.hold._batch.assess_many`: the same assessments).

        Texts this process assessed before are answered from memory (`_holdmemo`: the same assessments);
        each other text gets at most `MEMEVAL_HOLD_BUDGET_S` CPU seconds and is held past them
        (`_holdmemo.assess_within_budget`).
        """
        if not items:
            return []
        from memeval.audit._holdmemo import assess_many_remembered

        return assess_many_remembered(self._loaded(), items)
