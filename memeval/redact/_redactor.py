"""The redactor: credential scanners on every text, presidio where its gates admit, spans merged.

Order of work for one text:

1. credential recognizers (betterleaks, kingfisher) and the structural one (PEM blocks, URL and
   connection-string passwords) always run; together well under a millisecond for 1 KiB;
2. presidio runs only the personal-data recognizers whose gate matched (see `_engine`);
3. overlapping spans are merged into one (a credential outranks personal data, then the higher
   score, then the longer span) and each merged span becomes one `[REDACTED:<TYPE>]`.

Nothing here logs or raises with any part of the text.
"""

from __future__ import annotations

import hashlib
import re
import hmac
import threading
from collections import Counter
from collections.abc import Sequence

from presidio_analyzer import EntityRecognizer, RecognizerResult

from memeval.errors import RedactionError
from memeval.redact._context import ContextRecognizer
from memeval.redact._engine import PiiAnalyzer, PiiSettings
from memeval.redact._entities import is_credential
from memeval.redact._models import REDACTOR_VERSION, Finding, Redaction, placeholder
from memeval.redact._scanners import DETECTOR_KEY, BetterleaksRecognizer, KingfisherRecognizer
from memeval.redact._solo import SoloRuleRecognizer
from memeval.redact._structural import StructuralRecognizer
from memeval.redact._views import View, boundary_view, normal_view

_VERSIONISH = re.compile(r"(?i)(?:\bv|\b(?:version|firmware|fw|build|release|rev|ver)\b[^.;,\n]{0,16})$")
"""Words just before a dotted quad that make it a version number, not an IP address."""
_PHONE_CONTEXT = re.compile(
    r"(?i)(?:phone|tel|call|mobile|cell|number|whatsapp|sms|fax|contact|reach|ring|dial|nummer"
    r"|numéro|teléfono|telefone|電話|电话|☎|📞)")
"""Words that make a bare run of digits (no separators, no +) a phone number."""
_HASH_PREFIX = re.compile(r"(?i)(?:sha(?:1|224|256|384|512)|md5|blake2b?|h1|integrity)[:=\-]\s*$")

MIN_KEY_BYTES = 16


def _detector(r: RecognizerResult) -> str:
    meta = r.recognition_metadata or {}
    if DETECTOR_KEY in meta:
        return str(meta[DETECTOR_KEY])
    return f"presidio:{meta.get(RecognizerResult.RECOGNIZER_NAME_KEY, 'unknown')}"


def _rank(r: RecognizerResult) -> tuple[bool, float, int]:
    return (is_credential(r.entity_type), r.score, r.end - r.start)


def merge(results: Sequence[RecognizerResult]) -> list[Finding]:
    """Merge overlapping spans into findings, one per placeholder, in text order.

    Args:
        results: spans from any recognizers, offsets into the same text, in any order.

    Returns:
        Non-overlapping findings; each covers the union of a group of overlapping spans and takes
        its type, detector and score from the group's best span (credential > personal data,
        then score, then length).
    """
    ordered = sorted((r for r in results if r.end > r.start), key=lambda r: (r.start, -r.end))
    findings: list[Finding] = []
    group: list[RecognizerResult] = []
    group_end = -1

    def flush() -> None:
        if group:
            best = max(group, key=_rank)
            findings.append(Finding(
                entity_type=best.entity_type, start=min(r.start for r in group), end=group_end,
                detector=_detector(best), score=round(min(max(best.score, 0.0), 1.0), 3)))

    for r in ordered:
        if group and r.start < group_end:
            group.append(r)
            group_end = max(group_end, r.end)
        else:
            flush()
            group, group_end = [r], r.end
    flush()
    return findings


def _mapped(view: View, results: list[RecognizerResult]) -> list[RecognizerResult]:
    """`results` with offsets moved from `view.text` to the original text."""
    if view.orig is None:
        return results
    for r in results:
        r.start, r.end = view.span(r.start, r.end)
    return results


def _look_alike(text: str, r: RecognizerResult) -> bool:
    """presidio hits that are known look-alikes: a version number read as an IP address, the
    user part of a URL (`https://<key>@o1.ingest.sentry.io/2`) read as an e-mail address."""
    before = text[max(0, r.start - 30):r.start]
    if r.entity_type == "IP_ADDRESS":
        ip = text[r.start:r.end]
        return bool(_VERSIONISH.search(before)) or ip.startswith("127.") or ip in (
            "0.0.0.0", "::1", "::")
    if r.entity_type == "EMAIL_ADDRESS":
        return before.endswith("://")
    if r.entity_type == "PHONE_NUMBER":
        return text[r.start:r.end].isdigit() and not _PHONE_CONTEXT.search(before)
    return False


def _hash_digest(text: str, r: RecognizerResult) -> bool:
    """A generic-rule hit that is a content digest (`sha256:<hex>`, `integrity: sha512-...`)."""
    detector = str((r.recognition_metadata or {}).get(DETECTOR_KEY, ""))
    return "generic" in detector and bool(_HASH_PREFIX.search(text[max(0, r.start - 12):r.start]))


class Redactor:
    """Blanks credentials and personal data; build once per process (`get_redactor()`)."""

    def __init__(self, settings: PiiSettings | None = None) -> None:
        """Build the scanners and the presidio engine (about 1-2 s).

        Args:
            settings: how personal data is looked for; defaults to `PiiSettings()`.

        Raises:
            RedactionError: a scanner or the spaCy pipeline could not be loaded.
        """
        self.settings = settings or PiiSettings()
        self._scanners: list[EntityRecognizer] = [
            BetterleaksRecognizer(), KingfisherRecognizer(), SoloRuleRecognizer()]
        self._structural = StructuralRecognizer()
        self._context = ContextRecognizer()
        self._pii = PiiAnalyzer(self.settings)

    @property
    def names_scanned(self) -> bool:
        """True when an NER pipeline is installed and people's names and places are scanned."""
        return self._pii.names_scanned

    def detect(self, text: str) -> list[Finding]:
        """The merged findings for `text` without rewriting it (offsets into `text`).

        The scanners read the text twice: as written, and as its boundary view (punctuation,
        brackets, quotes and non-Latin letters turned into spaces, NFKC, invisible characters
        dropped; see `_views`), because their bundled rules only accept a token followed by a
        space, a quote or the end of a line. The context rules and presidio read the NFKC view.
        Every span is mapped back to the original text.
        """
        if not isinstance(text, str):
            raise RedactionError(f"redact() takes str, got {type(text).__name__}; decode it first")
        results: list[RecognizerResult] = []
        as_written = View(text)
        broken = boundary_view(text)
        views = (as_written,) if broken.text == text else (as_written, broken)
        for view in views:
            for rec in self._scanners:
                found = _mapped(view, rec.analyze(view.text, [], None))  # type: ignore[arg-type]
                results += [r for r in found if not _hash_digest(text, r)]
        results += self._structural.analyze(text, [], None)  # type: ignore[arg-type]
        results += self._context.analyze(text, [], None)  # type: ignore[arg-type]
        normal = normal_view(text)
        results += [r for r in _mapped(normal, self._pii.analyze(normal.text))
                    if not _look_alike(text, r)]
        return merge(results)

    def redact(self, text: str) -> Redaction:
        """Replace each secret and piece of personal data in `text` by a typed placeholder.

        Args:
            text: any free text (memory, lesson, held item, refusal reason).

        Returns:
            A `Redaction`: the blanked text, one `Finding` per placeholder (offsets into the
            original `text`), counts per type, whether names were scanned, and the version.

        Raises:
            RedactionError: `text` is not a str, or a scanner failed (no text in the message).
        """
        findings = self.detect(text)
        parts: list[str] = []
        cursor = 0
        for f in findings:
            parts += [text[cursor:f.start], placeholder(f.entity_type)]
            cursor = f.end
        parts.append(text[cursor:])
        return Redaction(
            text="".join(parts), findings=tuple(findings),
            counts=dict(Counter(f.entity_type for f in findings)),
            names_scanned=self.names_scanned, redactor_version=REDACTOR_VERSION)

    def redact_many(self, texts: Sequence[str]) -> list[Redaction]:
        """`redact` each text, in order (one result per input)."""
        return [self.redact(t) for t in texts]


_LOCK = threading.Lock()
_DEFAULT: Redactor | None = None


def get_redactor() -> Redactor:
    """The process-wide `Redactor` with default settings, built on first use (thread-safe)."""
    global _DEFAULT
    if _DEFAULT is None:
        with _LOCK:
            if _DEFAULT is None:
                _DEFAULT = Redactor()
    return _DEFAULT


def fingerprint(secret: str, key: bytes) -> str:
    """Keyed fingerprint of a secret for `secret.blanked` events (RFC 2104 HMAC with SHA-256).

    The same secret under the same key always gives the same fingerprint, so repeats can be
    counted, while without the key the fingerprint reveals nothing usable about the secret.

    Args:
        secret: the raw secret, e.g. `text[f.start:f.end]` for a `Finding` f of the original text.
        key: the team's fingerprint key, at least 16 bytes.

    Returns:
        `"hmac-sha256:"` followed by 64 lower-case hex digits.

    Raises:
        RedactionError: the key is shorter than 16 bytes or not bytes.
    """
    if not isinstance(key, bytes | bytearray) or len(key) < MIN_KEY_BYTES:
        size = len(key) if isinstance(key, bytes | bytearray) else type(key).__name__
        raise RedactionError(
            f"the fingerprint key must be at least {MIN_KEY_BYTES} bytes, got {size}; "
            "generate one with secrets.token_bytes(32) and keep it outside the database")
    digest = hmac.new(bytes(key), secret.encode("utf-8"), hashlib.sha256).hexdigest()
    return f"hmac-sha256:{digest}"
