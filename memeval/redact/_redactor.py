"""The redactor: credential scanners on every text, presidio where its gates admit, spans merged.

Order of work for one text:

1. the credential recognizers and the structural one (PEM blocks, URL passwords) always run;
2. presidio runs only the personal-data recognizers whose gate matched (see `_engine`);
3. overlapping spans are merged into one (a credential outranks personal data, then the higher
   score, then the longer span) and each merged span becomes one `[REDACTED:<TYPE>]`.

Nothing here logs or raises with any part of the text.
"""

from __future__ import annotations

import logging
import threading
from collections import Counter
from collections.abc import Sequence
from functools import partial

from memeval._literals import LiteralSet
from memeval.errors import RedactionError
from memeval.redact._batch import crossing, join, prepare, sort_out
from memeval.redact._budget import budgeted
from memeval.redact._context import ContextRecognizer, scanner_rules
from memeval.redact._cutbare import BareCutReader
from memeval.redact._decode import (
    css_view,
    encoded_segments,
    entity_view,
    hidden_view,
    joined_view,
    quoted_printable_view,
    spaced_apart_view,
    spaced_view,
    unescape_view,
    unmarked_view,
    url_view,
)
from memeval.redact._gaps import gap_view, reversed_span, rlo_view, whole_across_gap
from memeval.redact._homoglyphs import homoglyph_view
from memeval.redact._incomplete import DETECTOR_PREFIX, SCAN_INCOMPLETE, failed, incomplete_result, settle
from memeval.redact._keyseq import glued_and_ended
from memeval.redact._markup import markup_view, touches_markup
from memeval.redact._merge import detector_of, merge
from memeval.redact._models import REDACTOR_VERSION, Finding, Redaction, blanked
from memeval.redact._notsecret import look_alike, not_a_secret
from memeval.redact._piigates import LazyPiiAnalyzer, PiiSettings
from memeval.redact._result import Recognizer, RecognizerResult
from memeval.redact._result import RecognizerResult as Rr
from memeval.redact._scanners import (
    ALONE_KEY,
    MATCH_KEY,
    BetterleaksRecognizer,
    KingfisherRecognizer,
    memeval_result,
)
from memeval.redact._solo import SoloRuleRecognizer
from memeval.redact._spacedcopies import COPIES, spaced_copies_view
from memeval.redact._spacedlate import spaced_late_view
from memeval.redact._spacedmarks import may_be_spaced, spaced_marks_most_view, spaced_marks_view
from memeval.redact._structural import StructuralRecognizer
from memeval.redact._truncated import TruncatedTokenRecognizer
from memeval.redact._vapid import VapidKeyRecognizer
from memeval.redact._views import Reading, View, boundary_reads, boundary_view, normal_view, slash_view

log = logging.getLogger(__name__)

DECODE_DEPTH = 2
"""How many encodings deep a text is read: 2 reads one decoding and one inside it (URL-encoded JSON, say)."""


def _mapped(view: View, results: list[RecognizerResult]) -> list[RecognizerResult]:
    """`results` with offsets moved from `view.text` to the original text."""
    for r in results if view.orig is not None else ():
        r.start, r.end = view.span(r.start, r.end)
    return results


class Redactor:
    """Blanks credentials and personal data; build once per process (`get_redactor()`)."""

    def __init__(self, settings: PiiSettings | None = None) -> None:
        """Build the scanners; presidio's engine is built on the first text it reads (`_piigates.LazyPiiAnalyzer`).

        Args:
            settings: how personal data is looked for; defaults to `PiiSettings()`.

        Raises:
            RedactionError: a scanner or the spaCy pipeline could not be loaded.
        """
        self.settings = settings or PiiSettings()
        self._scanners: list[Recognizer] = [BetterleaksRecognizer(), KingfisherRecognizer(), SoloRuleRecognizer()]
        self._scanners += [TruncatedTokenRecognizer(), ContextRecognizer(scanner_rules(), name="memeval-scanner-rules")]
        self._scanners += [*glued_and_ended(), VapidKeyRecognizer()]
        self._structural = StructuralRecognizer()
        self._context = ContextRecognizer()
        self._pii = LazyPiiAnalyzer(self.settings)  # presidio on the first text a gate admits (`_piigates`)
        self.names_scanned: bool = self._pii.names_scanned
        """True when an NER pipeline is installed and people's names and places are scanned."""
        truncated = next(s for s in self._scanners if isinstance(s, TruncatedTokenRecognizer))
        self._cuts = BareCutReader(truncated)
        prepare()  # the batch checks' patterns, outside any text's budget (`_batch.prepare`)
        prefixes: dict[str, int] = {}
        for r in truncated.rules:
            for p in r.prefixes if not r.prefix_case_insensitive else ():
                prefixes[p] = max(prefixes.get(p, 0), r.full_length)
        self._readings = (
            Reading("unescaped", unescape_view),
            Reading("css-escapes", css_view),
            Reading("url-decoded", url_view),
            Reading("entities", entity_view),
            Reading("quoted-printable", quoted_printable_view),
            Reading("homoglyphs", homoglyph_view),
            Reading("joined", joined_view),
            Reading("hidden", hidden_view),
            Reading("markup", markup_view, keep=touches_markup),
            Reading("unmarked", unmarked_view),
            Reading("spaced", spaced_view, spaced=True),
            Reading("spaced-apart", spaced_apart_view, spaced=True),
            Reading("spaced-marks", spaced_marks_view, spaced=True),
            Reading("spaced-marks-most", spaced_marks_most_view, spaced=True),
            *(Reading(f"spaced-copies-{n}", partial(spaced_copies_view, most=n), spaced=True) for n in COPIES),
            Reading("spaced-late", spaced_late_view, spaced=True),
            Reading("spaced-late-2", partial(spaced_late_view, words=2), spaced=True),
            Reading("reversed", rlo_view, span=reversed_span),
            Reading(
                "gap-joined", partial(gap_view, prefixes=prefixes, found_by=LiteralSet(prefixes)), keep=whole_across_gap
            ),
        )
        """The character readings each text is also scanned in (`_decoded`), each with its map back to the text."""

    def build_pii(self) -> None:
        """Build presidio's analyzer now, not on the first text a gate admits (the ab run's warm thread; ~1 CPU s)."""
        self._pii.built()

    def detect(self, text: str) -> list[Finding]:
        """The merged findings for `text` without rewriting it (offsets into `text`).

        The scanners read the text two or three times: as written, as its boundary view
        (punctuation at token edges, brackets and non-Latin letters turned into spaces, NFKC,
        invisible characters dropped; see `_views`), and, when it has a `/`, with `/` a space
        too, because their bundled rules only accept a token followed by a space, a quote or
        the end of a line. The context rules and presidio read the NFKC view.
        Every span is mapped back to the original text.
        """
        if not isinstance(text, str):
            raise RedactionError(f"redact() takes str, got {type(text).__name__}; decode it first")
        return budgeted([text], lambda ts: [self._detect_guarded(ts[0])], "one" if self is _DEFAULT else None)[0]

    def _detect_guarded(self, text: str) -> list[Finding]:
        """`_detect_one`, failing closed: a text a scanner raised on gets `_failed`'s one finding."""
        try:
            return self._detect_one(text)
        except Exception as exc:  # noqa: BLE001  # any scanner's failure: not known clean, blanked whole
            return failed(text, exc)

    def _detect_one(self, text: str) -> list[Finding]:
        """`detect`'s work, unguarded (a scanner's exception reaches the caller)."""
        results: list[RecognizerResult] = []
        views = [View(text)]
        for make in (boundary_view, slash_view) if "/" in text else (boundary_view,):
            view = make(text)
            if view.text not in (v.text for v in views):
                views.append(view)
        for view in views:
            for rec in self._scanners:
                found = _mapped(view, rec.analyze(view.text, [], None))
                results += [r for r in found if not not_a_secret(text, r)]
        results += self._structural.analyze(text, [], None)
        results += self._cuts.analyze(text)
        results += self._context.analyze(text, [], None)
        normal = normal_view(text)
        results += [r for r in _mapped(normal, self._pii.analyze(normal.text)) if not look_alike(text, r)]
        results += self._decoded([text], DECODE_DEPTH)[0]
        return settle(text, results, merge)

    def _decoded(
        self, texts: Sequence[str], depth: int, undecoded: Sequence[list[RecognizerResult]] | None = None
    ) -> list[list[RecognizerResult]]:
        """Findings in the decoded readings of each text (`_decode`), as spans of the original.

        All decoded readings of the batch are scanned in one `_detect_many` call, `depth - 1`
        levels deep, each distinct reading once. A finding in a character reading (escapes,
        percent-encoding, joined literals) covers the original characters it was decoded from; a
        finding in a Base64 or hex segment blanks the whole segment.

        `undecoded[j]`: every span but the decoded readings' that `_detect_batch` found in `texts[j]`
        (at a depth below `DECODE_DEPTH`, so without `_cuts`). A reading scanned at depth 0 that reads
        the same as a text of the batch (a JSON body's CSS reading unescaped is often its unescaped
        reading) then gets `settle` of those spans, which is what its scan at depth 0 finds (the same
        scanners, structural, context and personal-data rules on the same text, and no reading of its
        own), instead of being scanned again (`_scan_readings`).
        """
        out: list[list[RecognizerResult]] = [[] for _ in texts]
        if depth <= 0:
            return out
        jobs: list[tuple[int, Reading | None, View | None, tuple[int, int]]] = []
        subtexts: list[str] = []
        for i, t in enumerate(texts):
            # the letter-spaced readings are None where no spaced run can start (most texts): one search for all
            spaced = None
            for reading in self._readings:
                if reading.spaced:
                    spaced = may_be_spaced(t) if spaced is None else spaced
                    if not spaced:
                        continue
                view = reading.make(t)
                if view is not None and view.text != t:
                    jobs.append((i, reading, view, (0, 0)))
                    subtexts.append(view.text)
            for start, end, decoded in encoded_segments(t):
                jobs.append((i, None, None, (start, end)))
                subtexts.append(decoded)
        if not subtexts:
            return out
        found_in = self._scan_readings(subtexts, depth - 1, texts, undecoded)
        for (i, read, view, segment), found in zip(jobs, found_in, strict=True):
            for f in found:
                if f.entity_type == SCAN_INCOMPLETE:  # a reading not scanned to its end: nor is its text
                    why = f.detector.removeprefix(DETECTOR_PREFIX) + f"+{read.kind if read else 'decoded'}"
                    out[i].append(incomplete_result(len(texts[i]), why))
                elif read is None or view is None:  # a Base64 or hex segment: the whole segment
                    out[i].append(memeval_result(f.entity_type, *segment, f.score, f"{f.detector}+decoded"))
                elif read.keep(view, f):
                    start, end = read.span(view, f.start, f.end)
                    out[i].append(memeval_result(f.entity_type, start, end, f.score, f"{f.detector}+{read.kind}"))
        return out

    def _scan_readings(
        self, subtexts: list[str], depth: int, texts: Sequence[str], undecoded: Sequence[list[Rr]] | None
    ) -> list[list[Finding]]:
        """`self._detect_many(subtexts, depth)`, each distinct text scanned once; at depth 0 one of `texts` is not.

        The same findings: a batch's findings for a text do not depend on the rest of the batch (`detect_many`), and
        at depth 0 a text's findings are `settle` of its undecoded spans (`_detect_batch`), which `undecoded[j]`
        holds for `texts[j]` (see `_decoded`).
        """
        known = {t: j for j, t in enumerate(texts)} if undecoded is not None and depth == 0 else {}
        fresh = list(dict.fromkeys(t for t in subtexts if t not in known))
        scanned = dict(zip(fresh, self._detect_many(fresh, depth), strict=True)) if fresh else {}
        for t in (t for t in subtexts if t in known and undecoded is not None and t not in scanned):
            scanned[t] = settle(t, undecoded[known[t]], merge)  # type: ignore[index]  # known is {} when it is None
        return [scanned[t] for t in subtexts]

    def redact(self, text: str) -> Redaction:
        """Replace each secret and piece of personal data in `text` by a typed placeholder.

        Args:
            text: any free text (memory, lesson, held item, refusal reason).

        Returns:
            A `Redaction`: the blanked text, one `Finding` per placeholder (offsets into the
            original `text`), counts per type, whether names were scanned, and the version.

        Raises:
            RedactionError: `text` is not a str (no text in the message). A text no scanner
                finished is blanked whole instead (`SCAN_INCOMPLETE`; see `detect_many`).
        """
        return self._rewrite(text, self.detect(text))

    def _rewrite(self, text: str, findings: list[Finding]) -> Redaction:
        return Redaction(
            text=blanked(text, findings),
            findings=tuple(findings),
            counts=dict(Counter(f.entity_type for f in findings)),
            names_scanned=self.names_scanned,
            redactor_version=REDACTOR_VERSION,
        )

    def detect_many(self, texts: Sequence[str]) -> list[list[Finding]]:
        """`detect` for many texts, with one scanner call per scanner and view for the batch.

        The scanners cost a fixed time per call before they read a byte, so the texts of a batch are
        joined with blank lines (`_batch.BATCH_SEPARATOR`) and scanned once; each finding goes back to
        the text its whole match is in. A match that crosses from one text into another (a rule
        reading several lines) decides nothing: the texts it touches are scanned again alone
        (`_batch.sort_out`). betterleaks reads each text alone (4-21 us of CPU a call on a short
        text, 2026-12): what it reports depends on the rest of its text (`_scan_views`).
        The context rules and presidio run per text, as in `detect`.

        Returns:
            One list of findings per input text, in order (the same spans `detect` gives).

        Fails closed: a text a scanner raised on, presidio did not finish (`_incomplete`) or whose
        scan ran past `MEMEVAL_REDACT_BUDGET_S` CPU seconds (`_budget`) gets one `SCAN_INCOMPLETE`
        finding over all of it.

        Raises:
            RedactionError: a text is not a str.
            UsageError: a bad `MEMEVAL_REDACT_BUDGET_S` or `MEMEVAL_REDACT_REQUEST_BUDGET_S`.
        """
        return budgeted(texts, lambda ts: self._detect_many(ts, DECODE_DEPTH), "many" if self is _DEFAULT else None)

    def _scanners_on(self, texts: Sequence[str]) -> list[list[RecognizerResult]]:
        """The credential scanners' findings per text (`_scan_joined`), after checking each is a str.

        Raises:
            RedactionError: a text is not a str.
        """
        for t in texts:
            if not isinstance(t, str):
                raise RedactionError(f"redact() takes str, got {type(t).__name__}; decode it first")
        per_text: list[list[RecognizerResult]] = [[] for _ in texts]
        if texts:
            self._scan_joined(texts, per_text)
        return per_text

    def _detect_many(self, texts: Sequence[str], depth: int) -> list[list[Finding]]:
        """`detect_many` at `depth`, failing closed: a text any scanner failed on is blanked whole.

        When a scanner raises on the batch, each text is scanned again on its own, and a text
        that fails alone gets `whole` (one `SCAN_INCOMPLETE` finding naming the exception's type);
        the others keep their findings. A non-str text still raises.
        """
        for t in texts:
            if not isinstance(t, str):
                raise RedactionError(f"redact() takes str, got {type(t).__name__}; decode it first")
        try:
            return self._detect_batch(texts, depth)
        except Exception as exc:  # noqa: BLE001  # any scanner's failure: each text again alone, then blanked
            if len(texts) == 1:
                return [failed(texts[0], exc)]
            log.warning(
                "a scanner failed on a batch (%s); its %d texts are scanned one by one", type(exc).__name__, len(texts)
            )
            return [self._detect_many([t], depth)[0] for t in texts]

    def _detect_batch(self, texts: Sequence[str], depth: int) -> list[list[Finding]]:
        """`_detect_many`'s work, unguarded."""
        per_text = self._scanners_on(texts)
        if not texts:
            return []
        normals = [normal_view(t) for t in texts]  # read by the context rules and presidio alike
        context = self._context.analyze_many(texts, normals)
        undecoded: list[list[RecognizerResult]] = []
        for i, text in enumerate(texts):
            results = per_text[i] + self._structural.analyze(text, [], None)
            if depth == DECODE_DEPTH:  # a text's own edges, not a reading's (a gap-joined run ends its view)
                results += self._cuts.analyze(text)
            results += context[i]
            normal = normals[i]
            results += [r for r in _mapped(normal, self._pii.analyze(normal.text)) if not look_alike(text, r)]
            undecoded.append(results)
        # the decoded readings last, so a reading one level down that reads as a text of this batch takes that
        # text's spans (`_decoded`); `merge` gives the same findings for the same spans in any order
        decoded = self._decoded(texts, depth, undecoded if depth != DECODE_DEPTH else None)
        return [settle(text, undecoded[i] + decoded[i], merge) for i, text in enumerate(texts)]

    def detect_credentials_many(self, texts: Sequence[str]) -> list[list[Finding]]:
        """The credential findings of each text: the regex-only rules, never presidio or decoding.

        What `detect_many` finds with its credential scanners (betterleaks, kingfisher, the solo, truncated-token and
        glued-key rules; one call per scanner and view for the batch), the structural rules (private-key blocks, URL
        passwords) and memeval's context rules (`rules/context.toml`: SSNs, cards by Luhn, JWTs, AWS key ids,
        passwords by keyword). Not run: presidio's personal-data recognizers (phone, e-mail, IBAN, IP) and the decoded
        readings. For short texts of a fixed shape (audit ids, `memeval.audit._ids`) whose shape rules those out.

        An id holding a key letter-spaced (`g.h.p._.Z...`, `g-h-p-...`: the id shape allows such
        values up to 128 characters) is read in the spaced readings too (`_decode.spaced_view`,
        `spaced_apart_view`), with the same rules; a finding there covers the run.

        Returns:
            One list of findings per input text, in order (offsets into that text).

        Raises:
            RedactionError: a text is not a str, or a scanner failed.
        """
        found = self._credentials_many(texts)
        spaced = (spaced_view, spaced_apart_view, spaced_marks_view)
        # most ids have no place a spaced run can start (`may_be_spaced`): none of the three readings then
        views = [(i, view) for i, t in enumerate(texts) if may_be_spaced(t) for make in spaced if (view := make(t))]
        if not views:
            return found
        extra: dict[int, list[RecognizerResult]] = {}
        for (i, view), hits in zip(views, self._credentials_many([v.text for _, v in views]), strict=True):
            for f in hits:
                start, end = view.span(f.start, f.end)
                extra.setdefault(i, []).append(
                    memeval_result(f.entity_type, start, end, f.score, f"{f.detector}+spaced")
                )
        for i, more in extra.items():
            found[i] = merge(
                [*(memeval_result(f.entity_type, f.start, f.end, f.score, f.detector) for f in found[i]), *more]
            )
        return found

    def _credentials_many(self, texts: Sequence[str]) -> list[list[Finding]]:
        """`detect_credentials_many` as written, without the spaced readings."""
        per_text = self._scanners_on(texts)
        if not texts:
            return []
        # the structural and context rules once over the batch joined by blank lines too: a rule's
        # start (`^`, a lookbehind) and end (`$`, `\s`) read the line break as they read a text's
        # edge; a match that crosses into another text decides nothing, its texts are read alone
        rules = (self._structural, self._context)
        batch = join(texts)
        pieces, crossed = sort_out([r for rec in rules for r in rec.analyze(batch.text, [], None)], batch)
        for i, found in enumerate(pieces):
            alone = [r for rec in rules for r in rec.analyze(texts[i], [], None)] if i in crossed else found
            per_text[i] += [memeval_result(r.entity_type, r.start, r.end, r.score, detector_of(r)) for r in alone]
        return [merge(found) if found else [] for found in per_text]

    def _scan_joined(self, texts: Sequence[str], per_text: list[list[RecognizerResult]]) -> None:
        """Run the credential scanners once per view over the batch joined, adding each text's spans to `per_text`.

        As in `detect`, a view that reads the same as an earlier view of the same text (an id, or
        a text with no punctuation at a token's edge, is its own boundary view) is not scanned
        again: the scanners would find the same spans in it. The views, in order: each text as
        written, its boundary view, and for a text with a `/` (or non-ASCII) its slash view.
        """
        texts = list(texts)
        bound = boundary_reads(texts)
        # (text index, the view's text, its map back: None for the identity) of each view scanned, view by view
        passes: list[tuple[list[int], list[str], list[str | View] | None]] = [(list(range(len(texts))), texts, None)]
        changed = [k for k, v in enumerate(bound) if _text_of(v) != texts[k]]  # else read already, as written
        if changed:
            passes.append((changed, [_text_of(bound[k]) for k in changed], [bound[k] for k in changed]))
        if any("/" in t for t in texts):
            # only a text with a `/` (or a character NFKC may turn into one) has a slash view other than its
            # boundary view, read just before; the others' would all be skipped as seen
            slashed = [k for k, t in enumerate(texts) if "/" in t or not t.isascii()]
            keep = [
                (k, v)
                for k, v in zip(slashed, boundary_reads([texts[k] for k in slashed], slash=True), strict=True)
                if _text_of(v) != texts[k] and _text_of(v) != _text_of(bound[k])
            ]
            if keep:
                passes.append(([k for k, _ in keep], [_text_of(v) for _, v in keep], [v for _, v in keep]))
        for index, views, maps in passes:
            self._scan_views(texts, index, views, maps, per_text)

    def _scan_views(
        self,
        texts: list[str],
        index: list[int],
        views: list[str],
        maps: list[str | View] | None,
        per_text: list[list[RecognizerResult]],
    ) -> None:
        """One pass of `_scan_joined`: the scanners over `views` joined; each span found goes to `per_text[index[j]]`.

        `maps[j]` maps view j's offsets back to its text (a `str`: the identity; `maps` None: all
        identity). A view a match crossed into or out of (`_batch.sort_out`), or a rule's raw match spans with
        another view whether or not a scanner reported it (`_batch.crossing`), is scanned again alone.

        betterleaks reads each view alone, never joined: whether it reports a match, and how sure it
        is, depends on the rest of the text it is given (a rule runs only when the text holds one of
        its keywords; its filters read the six lines either side; a `generic-password` anywhere takes
        a `user:pass@` URL as its optional user-name component and drops that URL's own finding). So
        in a joined batch a neighbour's `password=...` hid `postgresql://user:secret@localhost`'s
        password (stored raw), and a neighbour's `miro` named another text's token by betterleaks.
        """
        joined = [rec for rec in self._scanners if not isinstance(rec, BetterleaksRecognizer)]
        batch = join(views)
        pieces, crossed = sort_out([r for rec in joined for r in rec.analyze(batch.text, [], None)], batch)
        crossed |= crossing(batch)  # a match the scanners dropped after it took part of the next text
        for j in sorted(crossed):
            pieces[j] = [r for rec in joined for r in rec.analyze(views[j], [], None) if r.end > r.start]
        for rec in self._scanners:
            if isinstance(rec, BetterleaksRecognizer):  # never joined: it decides by what else the text holds
                for j, view in enumerate(views):
                    pieces[j] += [r for r in rec.analyze(view, [], None) if r.end > r.start]
        for j, found in enumerate(pieces):
            i = index[j]
            back = None if maps is None else maps[j]
            for r in found:
                o_lo, o_hi = back.span(r.start, r.end) if isinstance(back, View) else (r.start, r.end)
                meta = {k: v for k, v in (r.recognition_metadata or {}).items() if k not in (MATCH_KEY, ALONE_KEY)}
                piece = RecognizerResult(r.entity_type, o_lo, o_hi, r.score, recognition_metadata=meta)
                if not not_a_secret(texts[i], piece):
                    per_text[i].append(piece)

    def redact_many(self, texts: Sequence[str]) -> list[Redaction]:
        """`redact` each text, in order (one result per input), scanning the batch at once.

        See `detect_many`; use this on the ingest path (a batch of events' free texts).
        """
        found = self.detect_many(texts)
        return [self._rewrite(t, f) for t, f in zip(texts, found, strict=True)]


def _text_of(view: str | View) -> str:
    """The text of a `boundary_reads` item."""
    return view.text if isinstance(view, View) else view


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
