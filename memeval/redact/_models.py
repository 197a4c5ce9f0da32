"""The records redaction returns: where each secret was and what replaced it, never the secret."""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel, ConfigDict, Field

REDACTOR_VERSION = "redact/4"
"""Bumped whenever the detectors, their settings or the placeholder format change."""


class Finding(BaseModel):
    """One blanked span of the original text.

    The span is given by offsets only: a `Finding` never holds the secret or any part of it.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    entity_type: str
    """What was found, upper snake case: `AWS_ACCESS_KEY`, `EMAIL_ADDRESS`, `PRIVATE_KEY`, ..."""
    start: int = Field(ge=0)
    """Offset of the first character in the ORIGINAL text (Python `str` index)."""
    end: int = Field(gt=0)
    """Offset one past the last character in the ORIGINAL text."""
    detector: str
    """Which detector decided: `betterleaks:<rule>`, `kingfisher:<rule>`, `presidio:<recognizer>`,
    `memeval:pem`, `memeval:url-password`, `memeval:conn-password`, `memeval:<context rule>`."""
    score: float = Field(ge=0.0, le=1.0)
    """The detector's confidence in [0, 1] (scanner confidences: high 0.9, medium 0.7, low 0.5)."""


class Redaction(BaseModel):
    """The result of redacting one text."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    text: str
    """The text with every finding replaced by `[REDACTED:<ENTITY_TYPE>]`."""
    findings: tuple[Finding, ...]
    """One finding per placeholder, in text order; overlapping detections are merged into one."""
    counts: dict[str, int]
    """Number of placeholders per entity type (sums to `len(findings)`)."""
    names_scanned: bool
    """True only when a spaCy pipeline with an entity recognizer looked for people and places."""
    redactor_version: str
    """`REDACTOR_VERSION` of the code that produced this record."""


def placeholder(entity_type: str) -> str:
    """The typed placeholder that replaces one secret, e.g. `[REDACTED:AWS_ACCESS_KEY]`."""
    return f"[REDACTED:{entity_type}]"


def blanked(text: str, findings: Sequence[Finding]) -> str:
    """`text` with each finding's span (sorted, not overlapping) replaced by its `placeholder`."""
    parts: list[str] = []
    cursor = 0
    for f in findings:
        parts += [text[cursor : f.start], placeholder(f.entity_type)]
        cursor = f.end
    parts.append(text[cursor:])
    return "".join(parts)
