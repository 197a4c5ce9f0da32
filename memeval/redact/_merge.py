"""How the redactor merges overlapping spans into findings, and which span names a finding (`merge`, `_rank`).

Split from `_redactor.py` (at its 500 lines) when the ranking gained its last keys (polish20): every
tie of a group's best spans is settled by the spans themselves, so the same spans in any order, as a
batch and a text alone deliver them, give the same findings.
"""

from __future__ import annotations

from collections.abc import Sequence

from memeval.redact._entities import is_credential
from memeval.redact._models import Finding
from memeval.redact._result import RecognizerResult
from memeval.redact._scanners import DETECTOR_KEY


def detector_of(r: RecognizerResult) -> str:
    """The detector that found `r`: `family:rule` (`betterleaks:github-pat`, `presidio:PhoneRecognizer`)."""
    meta = r.recognition_metadata or {}
    if DETECTOR_KEY in meta:
        return str(meta[DETECTOR_KEY])
    return f"presidio:{meta.get(RecognizerResult.RECOGNIZER_NAME_KEY, 'unknown')}"


_FAMILY_FIRST = {"betterleaks": 0, "kingfisher": 1, "memeval": 2}
"""On a tie of kind, score and length, the family that runs first on a text alone wins (the scanners,
then memeval's own rules, then presidio): a batch appends texts read alone in another order, and
`max` alone then named a tie by the order results arrived (a Sidekiq URL `URL_PASSWORD` in a batch,
`SIDEKIQ_SENSITIVE_URL` alone)."""


GENERIC_TYPES = frozenset({"PASSWORD", "GENERIC_SECRET", "URL_PASSWORD", "CREDENTIALS_SECRET", "SECRET"})
"""Credential types that say what a secret is not (a provider): on a tie a named one wins (`_rank`)."""


def _rank(r: RecognizerResult) -> tuple[bool, float, int, int, bool, int, int, str, str]:
    """Lowest is best: the group's span whose type, detector and score its finding takes (`merge`).

    Credential before personal data, then the higher score, the longer span, the family that runs
    first (`_FAMILY_FIRST`); then a named type before a generic one (`GENERIC_TYPES`), the earlier
    start, a match read through fewer readings (`+decoded`, `+unescaped`, ...), and the detector's
    name and the type, alphabetically. The last keys settle every tie, so no finding depends on the
    order its spans arrived in: within a family (`kingfisher:X` and `kingfisher:X+decoded`;
    `memeval:kingfisher-github.5+decoded`, a `GITHUB_SECRET`, and `memeval:env-secret+decoded`, a
    `PASSWORD`, on one span) the first to arrive won, and a batch's texts do not arrive as alone.
    """
    detector = detector_of(r)
    return (
        not is_credential(r.entity_type),
        -r.score,
        r.start - r.end,
        _FAMILY_FIRST.get(detector.partition(":")[0], 3),
        r.entity_type in GENERIC_TYPES,
        r.start,
        detector.count("+"),
        detector,
        r.entity_type,
    )


def merge(results: Sequence[RecognizerResult]) -> list[Finding]:
    """Merge overlapping spans into findings, one per placeholder, in text order.

    Args:
        results: spans from any recognizers, offsets into the same text, in any order.

    Returns:
        Non-overlapping findings; each covers the union of a group of overlapping spans and takes
        its type, detector and score from the group's best span (credential > personal data,
        then score, then length, then the family that runs first: `_FAMILY_FIRST`, then `_rank`'s
        last keys, so the same spans in any order give the same findings).
    """
    ordered = sorted((r for r in results if r.end > r.start), key=lambda r: (r.start, -r.end))
    findings: list[Finding] = []
    group: list[RecognizerResult] = []
    group_end = -1

    def flush() -> None:
        if group:
            best = min(group, key=_rank)
            findings.append(
                Finding(
                    entity_type=best.entity_type,
                    start=min(r.start for r in group),
                    end=group_end,
                    detector=detector_of(best),
                    score=round(min(max(best.score, 0.0), 1.0), 3),
                )
            )

    for r in ordered:
        if group and r.start < group_end:
            group.append(r)
            group_end = max(group_end, r.end)
        else:
            flush()
            group, group_end = [r], r.end
    flush()
    return findings
