"""The span record and recognizer base of memeval's own scanners, without importing presidio.

memeval's credential and context recognizers once subclassed presidio's `EntityRecognizer` and
returned its `RecognizerResult`, so building a redactor imported presidio-analyzer, and with it spaCy
(its NLP engines import spaCy at module level): about 0.8 s of CPU in every fresh process (2026-12,
a loaded 2-core machine), though presidio itself reads only texts its gates admit (`_pii`). These two
classes carry what memeval reads of presidio's: a result's fields, the metadata key naming its
recognizer, and the comparisons presidio defines on results (equal when type, span and score are;
ordered by span; hashed on the same fields), so a list of results sorts, compares and dedups as it did.
presidio's own results (personal data, `_engine.PiiAnalyzer`) are turned into these where they
enter memeval (`from_presidio`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from presidio_analyzer import RecognizerResult as PresidioResult


class RecognizerResult:
    """One span a recognizer found.

    Args:
        entity_type: what it is (`CREDENTIAL`, `EMAIL_ADDRESS`, `US_SSN`...).
        start: its first character's offset in the text read.
        end: the offset after its last character.
        score: confidence, 0..1.
        analysis_explanation: presidio's explanation object for its own results, else None.
        recognition_metadata: the recognizer's name under `RECOGNIZER_NAME_KEY` and memeval's keys
            (`_scanners.DETECTOR_KEY`, `MATCH_KEY`, `ALONE_KEY`).
    """

    RECOGNIZER_NAME_KEY = "recognizer_name"
    """The metadata key naming the recognizer (presidio's key, so its results read the same)."""

    def __init__(
        self,
        entity_type: str,
        start: int,
        end: int,
        score: float,
        analysis_explanation: Any = None,
        recognition_metadata: dict[str, Any] | None = None,
    ) -> None:
        self.entity_type = entity_type
        self.start = start
        self.end = end
        self.score = score
        self.analysis_explanation = analysis_explanation
        self.recognition_metadata = recognition_metadata

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, RecognizerResult):
            return NotImplemented
        return (self.start, self.end, self.entity_type, self.score) == (
            other.start,
            other.end,
            other.entity_type,
            other.score,
        )

    def __hash__(self) -> int:
        return hash(f"{self.start} {self.end} {self.score} {self.entity_type}")  # presidio's fields, in its order

    def __gt__(self, other: RecognizerResult) -> bool:
        """Later in the text: a later start, or the same start and a later end."""
        return (self.start, self.end) > (other.start, other.end)

    def __lt__(self, other: RecognizerResult) -> bool:
        return (self.start, self.end) < (other.start, other.end)

    def __repr__(self) -> str:
        return f"type: {self.entity_type}, start: {self.start}, end: {self.end}, score: {self.score}"


def from_presidio(r: PresidioResult) -> RecognizerResult:
    """Presidio's result `r` as memeval's: the same fields (its metadata and explanation objects shared, not copied)."""
    return RecognizerResult(r.entity_type, r.start, r.end, r.score, r.analysis_explanation, r.recognition_metadata)


class Recognizer:
    """Base of memeval's recognizers: what they keep of presidio's `EntityRecognizer` contract.

    A recognizer is built with the entity types it reports, a name and a version, and loads what it
    needs in `load()`, called once by this constructor. `analyze(text, entities, nlp_artifacts)`
    returns its `RecognizerResult`s (offsets into `text`); memeval's recognizers read no NLP
    artifacts (pass None).

    Args:
        supported_entities: the entity types it reports.
        name: its name (default: the class's name).
        version: its version string.
        supported_language: the language code it reads ("en").
    """

    def __init__(
        self,
        supported_entities: list[str],
        name: str | None = None,
        version: str = "0.0.1",
        supported_language: str = "en",
    ) -> None:
        self.supported_entities = supported_entities
        self.name = name if name is not None else type(self).__name__
        self.version = version
        self.supported_language = supported_language
        self.is_loaded = False
        self.load()
        self.is_loaded = True

    def load(self) -> None:
        """Load what the recognizer needs (nothing by default)."""

    def analyze(self, text: str, entities: list[str], nlp_artifacts: object = None) -> list[RecognizerResult]:
        """The spans found in `text` (subclasses say what they find).

        Raises:
            NotImplementedError: a subclass did not define it.
        """
        raise NotImplementedError(f"{type(self).__name__} defines no analyze()")
