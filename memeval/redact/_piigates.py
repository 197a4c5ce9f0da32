"""What decides, without presidio, whether a text goes to presidio: the gates, the settings, an installed NER model.

presidio-analyzer imports spaCy (about 0.8 s of CPU with its own modules, 2026-12, a loaded 2-core
machine), and a text none of whose gates match is never read by it (`_engine`): a process whose
texts pass no gate (a small ingest of ordinary sentences, ids and hashes) need not import it. These
are the parts the redactor reads before that: which entity types a text is worth analysing for
(`entities_for`), the settings, and whether names are scanned. `_engine` re-exports them.
"""

from __future__ import annotations

import os
import re
import threading
from dataclasses import dataclass, field
from importlib.metadata import entry_points
from typing import TYPE_CHECKING, Any

from memeval.errors import UsageError
from memeval.redact._gatescan import GateScan

if TYPE_CHECKING:
    from memeval.redact._result import RecognizerResult

DIGIT_RUN = re.compile(r"\d(?:(?:[ .\-/]|\) ?| ?\(|\) ?\(? ?)?\d){6,}")
"""Seven or more digits, separated at most by one space, `.`, `-`, `/` or a parenthesis (with
a space) each: the separators of written phone numbers (ITU-T E.123)."""

NER_MODELS = ("en_core_web_trf", "en_core_web_lg", "en_core_web_md", "en_core_web_sm")
"""spaCy pipelines with a named-entity recognizer, in order of preference, used when installed."""

NER_ENTITIES = ("PERSON", "LOCATION", "NRP")

GATES: dict[str, re.Pattern[str]] = {
    "EMAIL_ADDRESS": re.compile(r"@"),
    "PHONE_NUMBER": DIGIT_RUN,
    "CREDIT_CARD": re.compile(r"(?:\d[- ]?){12,}\d"),
    "IBAN_CODE": re.compile(r"[^\W\d_]{2}\d{2}(?:[ -]?\w{4}){2}"),
    "IP_ADDRESS": re.compile(r"\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}|::|(?:[0-9A-Fa-f]{1,4}:){7}"),
}
"""entity -> a pattern matching every text its presidio recognizer could find something in.

The IBAN gate is the start of presidio's own pattern (`IbanRecognizer.PATTERNS`: two letters, two digits,
then at least two groups of four letters or digits, each after an optional space or `-`), its classes
widened (`\\d`, `\\w` and any letter: a superset even were the pattern read case-insensitively, where `[A-Z]`
also matches `ſ`, `ı`, `İ` and the Kelvin sign; on ASCII text, which Hyperscan scans, the letters are
`[A-Za-z]`); a shorter gate let `sha256`, `base64` or `py311` alone import presidio and spaCy (about 0.85 CPU s
a process)."""

_GATE_SCAN = GateScan(GATES)
"""`GATES` asked of a text in one native scan (`_gatescan`: the same answer as searching each)."""


DEFAULT_PHONE_REGIONS = ("US", "GB", "FR", "DE", "AU", "IN")
"""National phone formats parsed unless `MEMEVAL_PHONE_REGIONS` says otherwise."""


def default_phone_regions() -> tuple[str, ...]:
    """`MEMEVAL_PHONE_REGIONS` (comma-separated ISO 3166 codes, e.g. `US,GB,JP`) or the default.

    Raises:
        UsageError: a code is not a region `phonenumbers` knows (named, with the fix): a setting of
            the user's, so the CLI exits 2 as for every other bad `MEMEVAL_` setting.
    """
    raw = os.environ.get("MEMEVAL_PHONE_REGIONS", "").strip()
    if not raw:
        return DEFAULT_PHONE_REGIONS
    import phonenumbers

    regions = tuple(r.strip().upper() for r in raw.split(",") if r.strip())
    unknown = [r for r in regions if r not in phonenumbers.SUPPORTED_REGIONS]
    if unknown:
        raise UsageError(
            f"MEMEVAL_PHONE_REGIONS has unknown region code(s) {', '.join(unknown)}; use ISO 3166 "
            "alpha-2 codes separated by commas, e.g. MEMEVAL_PHONE_REGIONS=US,GB,FR, or unset it for the default "
            f"({','.join(DEFAULT_PHONE_REGIONS)})"
        )
    return regions


@dataclass(frozen=True)
class PiiSettings:
    """How personal data is looked for.

    Attributes:
        phone_regions: ISO 3166 regions whose national formats are parsed (numbers written with
            `+<country code>` are found whatever the list); each region costs a `phonenumbers`
            pass, so keep it to the team's regions. Default `DEFAULT_PHONE_REGIONS` (US, GB,
            FR, DE, AU, IN) or `MEMEVAL_PHONE_REGIONS`.
        score_threshold: presidio results scoring below this are not blanked (0..1).
        gated: run each recognizer only on texts its gate admits, and the phone recognizer only
            on windows around digit runs (False: every recognizer on the whole of every text).
        context_words: run the spaCy pipeline so presidio's context words can raise scores
            (always on when an NER model is installed; costs about 0.5 ms per KiB).
    """

    phone_regions: tuple[str, ...] = field(default_factory=lambda: default_phone_regions())
    score_threshold: float = 0.35
    gated: bool = True
    context_words: bool = False


def installed_ner_model() -> str | None:
    """The first of `NER_MODELS` installed in this environment, or None.

    spaCy lists installed pipelines by the entry points of the group `spacy_models` (its registry of
    models, `spacy.util.get_installed_models`, reads that group); they are read here without importing
    spaCy (about 0.5 s of CPU), which only a text presidio reads needs (`tests/redact/test_lazy_presidio.py`
    checks the two lists agree).
    """
    installed = {ep.name for ep in entry_points(group="spacy_models")}
    return next((m for m in NER_MODELS if m in installed), None)


def entities_for(text: str, settings: PiiSettings, names_scanned: bool) -> list[str]:
    """The entity types worth analysing `text` for: those whose gate matches (all when not gated), and names'.

    Args:
        text: the text presidio would read.
        settings: the redactor's settings (`gated`).
        names_scanned: an NER pipeline is installed (`installed_ner_model`): its entities are always asked for.
    """
    # every gate's `search`, answered by one scan of an ASCII text (`_gatescan.GateScan.hits`: the same list)
    entities = _GATE_SCAN.hits(text) if settings.gated else list(GATES)
    if names_scanned:
        entities += NER_ENTITIES
    return entities


class LazyPiiAnalyzer:
    """`_engine.PiiAnalyzer(settings)`, built (presidio and spaCy imported) on the first text a gate admits.

    `analyze(text)` is `PiiAnalyzer.analyze(text)`: [] without building for a text none of whose gates
    match (what the analyzer answers for it), else the built analyzer's answer. The build runs with any
    text's CPU budget stopped (`_budget.outside_budget`): once a process, it is no text's cost. Thread-safe.

    Args:
        settings: how personal data is looked for.
    """

    def __init__(self, settings: PiiSettings) -> None:
        self.settings = settings
        self.names_scanned: bool = installed_ner_model() is not None
        """True when an NER pipeline is installed: names and places are scanned (every text goes to presidio)."""
        self._built: Any = None
        self._lock = threading.Lock()

    def built(self) -> Any:
        """The `_engine.PiiAnalyzer`, built now if it was not (about 1 CPU s: presidio's and spaCy's imports).

        Raises:
            RedactionError: the spaCy pipeline could not be saved or loaded.
        """
        if self._built is None:
            with self._lock:
                if self._built is None:
                    from memeval.redact._budget import outside_budget

                    def build() -> Any:
                        from memeval.redact._engine import PiiAnalyzer  # presidio and spaCy: here, on first need

                        return PiiAnalyzer(self.settings)

                    self._built = outside_budget(build)
        return self._built

    @property
    def engine(self) -> Any:
        """The built analyzer's presidio `AnalyzerEngine` (builds it)."""
        return self.built().engine

    def analyze(self, text: str) -> list[RecognizerResult]:
        """`PiiAnalyzer.analyze(text)`; a text no gate admits gets [] without presidio."""
        if not entities_for(text, self.settings, self.names_scanned):
            return []
        found: list[RecognizerResult] = self.built().analyze(text)
        return found
