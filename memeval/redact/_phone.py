"""presidio's phone recognizer, run on small windows of the text instead of the whole of it.

`PhoneRecognizer` runs one `phonenumbers.PhoneNumberMatcher` pass over the whole text per region;
on 1 KiB of log output that is 5-30 ms, most of the redactor's time. A phone number has at least
seven digits close together, so the text is first searched with a cheap pattern for such runs;
only a window around each run (a few characters of margin, so the matcher still sees the
characters before and after the number) goes through the matcher. Results are shifted back to
offsets in the whole text. Tests check the windowed results equal whole-text results on the
labelled set.

Two more savings, neither of which can let a number through unblanked:

- a run that is exactly a dotted-quad IPv4 address (every octet <= 255) is skipped: presidio's IP
  recognizer blanks that same span, and such runs are the costliest for the matcher (~1.7 ms);
- results are cached per window text (a pure function of it), so repeated IDs, hosts and numbers
  in logs are parsed once per process.

(Tried and dropped: a first pass at libphonenumber's loosest leniency to skip windows with no
possible number; it made the whole recognizer slower, 6.2 vs 3.5 ms a text, on log output.)

Windows may overlap (margins of neighbouring runs); a number found twice is kept once.
"""

from __future__ import annotations

import re
from functools import lru_cache

from presidio_analyzer import RecognizerResult
from presidio_analyzer.nlp_engine import NlpArtifacts
from presidio_analyzer.predefined_recognizers import PhoneRecognizer

from memeval.redact._piigates import DIGIT_RUN

_OCTET = r"(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)"
IPV4 = re.compile(rf"(?:{_OCTET}\.){{3}}{_OCTET}")

MARGIN = 6
"""Characters kept on each side of a digit run (room for `+`, `(`, `ext. `)."""

CACHE_SIZE = 8192


def windows(text: str) -> list[tuple[int, int]]:
    """`(start, end)` windows around every digit run in `text` that is not an IPv4 address."""
    return [
        (max(0, m.start() - MARGIN), min(len(text), m.end() + MARGIN))
        for m in DIGIT_RUN.finditer(text)
        if not IPV4.fullmatch(m.group())
    ]


class WindowedPhoneRecognizer(PhoneRecognizer):
    """`PhoneRecognizer` applied to the windows around digit runs only."""

    def __init__(self, supported_regions: tuple[str, ...]) -> None:
        super().__init__(supported_regions=supported_regions)
        self._cached = lru_cache(maxsize=CACHE_SIZE)(self._window_spans)

    def _window_spans(self, window: str, entities: tuple[str, ...]) -> tuple[RecognizerResult, ...]:
        return tuple(super().analyze(window, list(entities), None))  # type: ignore[arg-type]  # presidio types nlp_artifacts as NlpArtifacts; pattern recognizers take None (they use no NLP)

    def analyze(
        self, text: str, entities: list[str], nlp_artifacts: NlpArtifacts | None = None
    ) -> list[RecognizerResult]:
        """Phone numbers in `text` (offsets into `text`), found window by window."""
        results: dict[tuple[int, int], RecognizerResult] = {}
        for start, end in windows(text):
            for r in self._cached(text[start:end], tuple(entities or ())):
                shifted = RecognizerResult(
                    entity_type=r.entity_type,
                    start=r.start + start,
                    end=r.end + start,
                    score=r.score,
                    analysis_explanation=r.analysis_explanation,
                    recognition_metadata=dict(r.recognition_metadata or {}),
                )
                results.setdefault((shifted.start, shifted.end), shifted)
        return list(results.values())
