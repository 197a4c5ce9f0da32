"""What a hold detector returns, and the protocol a detector follows."""

from __future__ import annotations

from typing import Literal, Protocol, runtime_checkable

from pydantic import BaseModel, ConfigDict, Field

Source = Literal["person", "agent", "tool", "web", "email", "document"]
"""Where a text came from. A person's own words need the strongest evidence to be held; text an
agent read from a tool, a web page, an e-mail or a document is held on weaker evidence."""

SOURCES: tuple[Source, ...] = ("person", "agent", "tool", "web", "email", "document")


class HoldReason(BaseModel):
    """One rule that matched, and where, so a reviewer can decide in one look."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    rule: str
    """Rule name, e.g. `override-instructions`, `role-markup`, `exfiltration`."""
    start: int = Field(ge=0)
    """Offset of the match in the ORIGINAL text (before normalisation)."""
    end: int = Field(ge=0)
    """Offset one past the match in the ORIGINAL text."""
    excerpt: str
    """The matched part of the original text, at most 160 characters, invisible characters shown
    as `<U+200B>`. Held text is hostile: render it escaped."""


class HoldAssessment(BaseModel):
    """A detector's verdict on one text."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    held: bool
    """True: the text reads like orders to an agent; it goes to the review queue, not to memory."""
    score: float = Field(ge=0.0, le=1.0)
    """Strength of the evidence in [0, 1]; `held` compares it with the source's threshold."""
    reasons: tuple[HoldReason, ...]
    """Every rule that matched (also when not held), in text order."""
    detector: str
    """Name and version of the detector, e.g. `rules/1`."""


@runtime_checkable
class HoldDetector(Protocol):
    """Anything that can judge a text: the rule detector, a trained classifier, a combination."""

    name: str
    """Name and version recorded on each assessment, e.g. `rules/1`."""

    def assess(self, text: str, source: Source) -> HoldAssessment:
        """Judge `text` that came from `source`."""
        ...
