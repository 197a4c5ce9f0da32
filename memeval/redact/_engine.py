"""The offline presidio analyzer for personal data, and the cheap gates in front of it.

presidio's default `AnalyzerEngine()` downloads a spaCy model; here the NLP engine is either an
installed spaCy pipeline with a named-entity recognizer (names and places are then scanned) or a
blank English pipeline saved once under `~/.cache/memeval/` (a temp dir when that is not
writable), with a tiny component that sets each token's lemma to its lower-case form so presidio's
context words ("phone", "call", "card") can raise scores. tldextract is told never to fetch the
public-suffix list.

Speed: running every recognizer on every 1 KiB text costs about 28 ms (NOTES: the phone
recognizer is most of it, one `phonenumbers` pass per region). Three things make it cheap:

- each PII recognizer sits behind a gate, a regex that matches a superset of what it could find;
  presidio runs only for texts that pass a gate, and only the recognizers whose gates passed;
- the phone recognizer looks only at windows around runs of seven or more digits (`_phone`);
- without an NER model the spaCy pipeline is skipped: it would only feed presidio's context
  words, which can raise a score but never change a decision at the default threshold (every
  recognizer's base score is at least 0.4, or the match is checksum-validated), so presidio gets
  empty NLP artifacts, and no pipeline is loaded at all (presidio's no-op engine: about 0.2 s of
  CPU less a process). `PiiSettings(context_words=True)` turns the pipeline back on.

Tests check the gated, windowed, tokenizer-free result equals an ungated whole-text `analyze()`
with the spaCy pipeline on the labelled set.
"""

from __future__ import annotations

import logging
import os
import re
import tempfile
import threading
import time
from pathlib import Path

import spacy
import tldextract
from presidio_analyzer import AnalyzerEngine, Pattern, RecognizerRegistry
from presidio_analyzer import RecognizerResult as PresidioResult
from presidio_analyzer.nlp_engine import NlpArtifacts, NlpEngine, NoOpNlpEngine, SpacyNlpEngine
from presidio_analyzer.predefined_recognizers import (
    CreditCardRecognizer,
    EmailRecognizer,
    IbanRecognizer,
    IpRecognizer,
    PhoneRecognizer,
    SpacyRecognizer,
)
from spacy.language import Language
from spacy.tokens import Doc
from spacy.vocab import Vocab

from memeval.errors import RedactionError
from memeval.redact._incomplete import incomplete_result
from memeval.redact._phone import WindowedPhoneRecognizer
from memeval.redact._piigates import (
    DEFAULT_PHONE_REGIONS,
    GATES,
    NER_ENTITIES,
    NER_MODELS,
    PiiSettings,
    default_phone_regions,
    entities_for,
    installed_ner_model,
)
from memeval.redact._result import RecognizerResult, from_presidio

__all__ = [
    "DEFAULT_PHONE_REGIONS",
    "GATES",
    "NER_ENTITIES",
    "NER_MODELS",
    "BoundedEmailRecognizer",
    "PiiAnalyzer",
    "PiiSettings",
    "blank_pipeline_dir",
    "default_phone_regions",
    "installed_ner_model",
    "presidio_timeout_s",
    "withhold_presidio_logs",
]

log = logging.getLogger(__name__)

LOCAL_PART_MAX = 64
"""Characters of an e-mail address's local part read before its `@` (RFC 5321's limit)."""

PRIVATE_NAME_SUFFIXES = frozenset({"internal", "local", "localdomain", "lan", "corp", "home", "intranet", "private"})
"""Last labels of private names an e-mail domain may end in, on no public-suffix list: `.local` (RFC 6762),
`.internal` (reserved for private use by ICANN in 2024), the names RFC 6762's appendix G lists as used
privately (`intranet`, `internal`, `private`, `corp`, `home`, `lan`) and `localdomain`. The documentation
and test names of RFC 2606 and RFC 6761 (`.example`, `.test`, `.invalid`, `.localhost`) are not here: no
mailbox can exist there (README)."""


_URL_DELIMITERS = "/?&=#"
"""Characters that end a URL's path or query parts and may stand in an e-mail local part (`BoundedEmailRecognizer`)."""


_GLUED = re.compile(r"\.([A-Za-z]{2,})([0-9][0-9\-]*)$")
"""An address's last label: letters, then digits (and dashes) glued on (`john@acme.com123-45-6789`: a number after
it)."""


def _glued_digits(address: str) -> int:
    """How many characters (digits, then digits and dashes) glued after a public suffix end `address`, else 0.

    presidio reads the domain as word characters, so `john@acme.com123-45-6789` (an address written with an SSN
    glued after it: DataFog/datafog-python's `adjacent-pii-no-separator` case, the sixteenth fresh check) gives
    `acme.com123`, on no public-suffix list, and the address was stored raw. `address` is presidio's match; when
    it has no public suffix and the address without the digits ends in one (tldextract's `fqdn`, as presidio checks
    it), the digits are not part of it.
    """
    m = _GLUED.search(address)
    if m is None or tldextract.extract(address).fqdn:
        return 0
    return len(m.group(2)) if tldextract.extract(address[: m.end(1)]).fqdn else 0


class BoundedEmailRecognizer(EmailRecognizer):
    """presidio's `EmailRecognizer` with the local part read to `LOCAL_PART_MAX` characters.

    presidio's pattern reads the local part with `{0,}`: a run of "a." before an "@" is read to its
    end at every place it could start, about n^2.7 (8,000 "a." took 18 CPU s), and at presidio's
    60 s regex timeout the recognizer is skipped for the text, so an address after the run was
    stored raw. Bounded, each start reads at most 64 characters (linear); an address whose local
    part is longer (not a valid address) has its last 64 characters and its domain blanked. The
    pattern is presidio's own with `{0,}` replaced, so it follows presidio's upgrades.

    Raises:
        RedactionError: presidio's pattern no longer has the one `{0,}` this bounds.
    """

    def __init__(self) -> None:
        (pattern,) = EmailRecognizer.PATTERNS
        if pattern.regex.count("]{0,}[") != 1:
            raise RedactionError("presidio's e-mail pattern changed: memeval's bound on its local part needs updating")
        bounded = pattern.regex.replace("]{0,}[", f"]{{0,{LOCAL_PART_MAX - 2}}}[")
        super().__init__(patterns=[Pattern(pattern.name, bounded, pattern.score)])

    def analyze(
        self,
        text: str,
        entities: list[str],
        nlp_artifacts: NlpArtifacts | None = None,
        regex_flags: int | None = None,
    ) -> list[PresidioResult]:
        """Presidio's matches; one starting just after a scheme's `://` starts after its last URL delimiter instead.

        The local part may hold `/ ? & = #` (RFC 5322's atext), so in `https://example.com/docs/jo@mail.com/x` or
        `https://example.com/cb?q=jo@mail.com` the match starts at the host, just after `://`, and
        `_notsecret.look_alike` drops it as a URL's user part: the address was stored raw (16 items of the fifteenth
        fresh check in the `url-path`, `url-query` and `url-encoded` contexts). A URL's userinfo holds none of
        these, so `https://<key>@o1.ingest.sentry.io/2` is still read whole (and dropped).
        """
        out = super().analyze(text, entities, nlp_artifacts, regex_flags)
        for r in out:
            local = text[r.start : text.find("@", r.start, r.end)]
            cut = max(local.rfind(c) for c in _URL_DELIMITERS)
            if text[max(0, r.start - 3) : r.start] == "://" and 0 <= cut < len(local) - 1:
                r.start += cut + 1
            glued = _glued_digits(text[r.start : r.end])
            if glued:
                r.end -= glued
        return out

    def validate_result(self, pattern_text: str) -> bool:
        """Whether presidio keeps the address (a public suffix) or its domain is a private name.

        presidio drops `jane.doe@mail.acme.internal`: `.internal` is on no public-suffix list, yet
        such an address names a person inside a company. `PRIVATE_NAME_SUFFIXES` keeps it.
        """
        if super().validate_result(pattern_text):
            return True
        if _glued_digits(pattern_text):
            return True
        return pattern_text.rsplit(".", 1)[-1].lower() in PRIVATE_NAME_SUFFIXES


_INCIDENTS = threading.local()
"""`count`: presidio log records, in this thread, that said it skipped part of its work (`_skipped_work`)."""


def _skipped_work(record: logging.LogRecord) -> bool:
    """True for a presidio record that reports a timeout or a caught exception: its scan of the text is partial.

    presidio catches `TimeoutError` when a recognizer's regex runs past `REGEX_TIMEOUT_SECONDS`
    (pattern_recognizer.py, iban_recognizer.py: "Regex pattern '%s' timed out after %s seconds,
    skipping.", logged at WARNING with `exc_info=True`) and goes on without that pattern's matches;
    its NER recognizers log a failed chunk the same way. Read before the message is withheld.
    """
    if record.levelno < logging.WARNING:
        return False
    caught = record.exc_info[0] if record.exc_info else None
    return caught is not None or "timed out" in str(record.msg)


def presidio_timeout_s() -> float:
    """The regex timeout presidio applies now (seconds): the least of its modules' `REGEX_TIMEOUT_SECONDS`.

    presidio reads the `REGEX_TIMEOUT_SECONDS` environment variable (an int, default 60) when each
    module is imported; a presidio call that ran at least this long may have had a pattern cut off.
    """
    from presidio_analyzer import analyzer_engine, pattern_recognizer
    from presidio_analyzer.predefined_recognizers.generic import iban_recognizer

    return float(
        min(
            pattern_recognizer.REGEX_TIMEOUT_SECONDS,
            iban_recognizer.REGEX_TIMEOUT_SECONDS,
            analyzer_engine.REGEX_TIMEOUT_SECONDS,
        )
    )


class _WithholdText(logging.Filter):
    """Rewrites every presidio log record so it cannot carry analysed text.

    presidio logs the words around each match at DEBUG ("Context list is: ssh 203.0.113.45") and
    the text of a failed IBAN check at ERROR. Records keep their level and origin; the message
    and its arguments are replaced.
    """

    def filter(self, record: logging.LogRecord) -> bool:
        if record.levelno < logging.INFO:
            return False
        if _skipped_work(record):
            _INCIDENTS.count = getattr(_INCIDENTS, "count", 0) + 1
        record.msg = "presidio %s at %s:%d (message withheld: it may quote analysed text)"
        record.args = (record.levelname.lower(), record.module, record.lineno)
        return True


def withhold_presidio_logs() -> None:
    """Attach the `_WithholdText` filter to presidio's logger (idempotent)."""
    logger = logging.getLogger("presidio-analyzer")
    if not any(isinstance(f, _WithholdText) for f in logger.filters):
        logger.addFilter(_WithholdText())


@Language.component("memeval_lower_lemma")
def _lower_lemma(doc: Doc) -> Doc:
    for token in doc:
        token.lemma_ = token.lower_
    return doc


def _cache_dir() -> Path:
    home = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "memeval"
    try:
        home.mkdir(parents=True, exist_ok=True)
        probe = home / ".write-probe"
        probe.touch()
        probe.unlink()
        return home
    except OSError:
        log.info("cache dir %s not writable; using a temp dir for the blank spaCy pipeline", home)
        return Path(tempfile.gettempdir()) / "memeval-cache"


def blank_pipeline_dir() -> Path:
    """Save (once) a blank English spaCy pipeline and return its folder.

    Returns:
        `<cache>/memeval/spacy-blank-en-<spaCy version>`; written to a sibling temp folder and
        renamed, so concurrent processes never load a half-written pipeline.
    """
    target = _cache_dir() / f"spacy-blank-en-{spacy.about.__version__}"
    if (target / "config.cfg").exists():
        return target
    target.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix="spacy-blank-", dir=target.parent))
    spacy.blank("en").to_disk(staging)
    try:
        staging.rename(target)
    except OSError:
        if not (target / "config.cfg").exists():
            raise
    return target


def _spacy_engine(ner: str | None) -> SpacyNlpEngine:
    """The spaCy engine for presidio on the NER pipeline `ner`, or (None) the blank one with lower-case lemmas.

    Raises:
        RedactionError: the pipeline could not be saved or loaded.
    """
    try:
        model_path = ner if ner else str(blank_pipeline_dir())
        nlp_engine = SpacyNlpEngine(models=[{"lang_code": "en", "model_name": model_path}])
        nlp_engine.load()
    except (OSError, ValueError) as exc:
        raise RedactionError(
            f"could not load the spaCy pipeline {ner or 'blank en'} for presidio: {exc}. "
            "Remove ~/.cache/memeval/spacy-blank-en-* and retry"
        ) from exc
    pipelines = nlp_engine.nlp
    if pipelines is None or "en" not in pipelines:
        raise RedactionError(
            f"spaCy pipeline {model_path} did not load for language 'en'; "
            "remove ~/.cache/memeval/spacy-blank-en-* and retry"
        )
    if ner is None:
        pipelines["en"].add_pipe("memeval_lower_lemma")
    return nlp_engine


class PiiAnalyzer:
    """presidio `AnalyzerEngine` for e-mail, phone, card, IBAN, IP (and names with an NER model)."""

    def __init__(self, settings: PiiSettings) -> None:
        """Build the engine (about 0.05 s of CPU without a pipeline to load, 0.25 s with the blank one).

        Raises:
            RedactionError: the spaCy pipeline could not be saved or loaded.
        """
        withhold_presidio_logs()
        tldextract.tldextract.TLD_EXTRACTOR = tldextract.TLDExtract(suffix_list_urls=())
        # build its suffix trie now (~0.3 s), not on the first e-mail address of an ingest
        tldextract.tldextract.TLD_EXTRACTOR("example.com")
        self.settings = settings
        ner = installed_ner_model()
        self.names_scanned: bool = ner is not None
        self._tokenize: bool = self.names_scanned or settings.context_words or not settings.gated
        nlp_engine: NlpEngine
        if self._tokenize:
            nlp_engine = _spacy_engine(ner)
        else:
            # every call hands presidio the empty artifacts below, so no pipeline is ever run: none is
            # loaded (spaCy's blank English tokenizer took about 0.2 s of CPU a process)
            nlp_engine = NoOpNlpEngine(models=[{"lang_code": "en", "model_name": "none"}])
        registry = RecognizerRegistry(supported_languages=["en"])
        phone = WindowedPhoneRecognizer if settings.gated else PhoneRecognizer
        for rec in (
            BoundedEmailRecognizer(),
            CreditCardRecognizer(),
            IbanRecognizer(),
            IpRecognizer(),
            phone(supported_regions=settings.phone_regions),
        ):
            registry.add_recognizer(rec)
        if ner is not None:
            registry.add_recognizer(SpacyRecognizer(supported_entities=list(NER_ENTITIES)))
        self.engine: AnalyzerEngine = AnalyzerEngine(
            registry=registry, nlp_engine=nlp_engine, supported_languages=["en"]
        )
        self._no_artifacts: NlpArtifacts = NlpArtifacts(
            entities=[],
            tokens=Doc(Vocab(), words=[]),
            tokens_indices=[],
            lemmas=[],
            nlp_engine=nlp_engine,
            language="en",
        )

    def entities_for(self, text: str) -> list[str]:
        """The entity types worth analysing `text` for (all of them when not gated)."""
        return entities_for(text, self.settings, self.names_scanned)

    def analyze(self, text: str) -> list[RecognizerResult]:
        """Personal-data spans in `text` scoring at least the threshold; [] when no gate passes.

        Fails closed: when presidio's scan of `text` was partial (a recognizer's regex timed out
        and presidio skipped it, it logged a caught exception, the call ran at least presidio's
        regex timeout, or it raised), the result is one `SCAN_INCOMPLETE` span over the whole text
        (`incomplete_result`), whose detector says why, instead of what presidio found.
        """
        entities = self.entities_for(text)
        if not entities:
            return []
        artifacts = None if self._tokenize else self._no_artifacts
        before = getattr(_INCIDENTS, "count", 0)
        limit = presidio_timeout_s()
        started = time.monotonic()
        try:
            found = self.engine.analyze(text=text, language="en", entities=entities, nlp_artifacts=artifacts)
        except Exception as exc:  # noqa: BLE001  # any failure: the text is blanked whole, the ingest goes on
            # only the type is kept: presidio's message could quote the text
            log.warning("presidio failed on a text (%s); it is blanked whole", type(exc).__name__)
            return [incomplete_result(len(text), f"presidio-error:{type(exc).__name__}")]
        if getattr(_INCIDENTS, "count", 0) != before:
            return [incomplete_result(len(text), "presidio-timeout")]
        if time.monotonic() - started >= limit:
            # a timeout's log record may have been filtered out above us (logging.disable, a level)
            return [incomplete_result(len(text), "presidio-timeout")]
        return [from_presidio(r) for r in found if r.score >= self.settings.score_threshold]
