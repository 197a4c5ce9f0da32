"""Credential recognizers: two maintained secret scanners wrapped as recognizers with presidio's contract (`_result`).

- `betterleaks-py` (MIT), a binding of the gitleaks successor: `betterleaks.scan_string(text)`.
- `kingfisher-secret-scanner` (Apache-2.0): `kingfisher_sdk.Scanner().scan(text)`; its rule set
  is the betterleaks rules plus a few of its own, and it also decodes Base64 and reports the
  helper components (an AWS secret key next to its key id) that betterleaks skips.

Both return byte offsets into the UTF-8 text. Each finding is placed by searching for the secret
value in the text (every repetition is blanked); when the value is not there verbatim (the scanner
decoded Base64) the scanner's own location is converted to `str` offsets and the whole encoded
region is blanked. Scanner errors become `RedactionError` naming only the error's type: the
foreign message is dropped (`from None`), as it could quote the text.
"""

from __future__ import annotations

import ctypes
import functools
import itertools
import logging
from collections.abc import Callable, Iterator
from typing import Any

import betterleaks
import kingfisher_sdk

from memeval.errors import RedactionError
from memeval.redact._blscreen import may_find
from memeval.redact._entities import credential_type
from memeval.redact._result import Recognizer, RecognizerResult

log = logging.getLogger(__name__)

CREDENTIAL = "CREDENTIAL"
"""The one entity name these recognizers declare to presidio; results carry the precise type."""

DETECTOR_KEY = "memeval_detector"
"""Key in `RecognizerResult.recognition_metadata` naming the detector (`betterleaks:<rule>`)."""

MATCH_KEY = "memeval_match"
"""Key in `recognition_metadata` holding the whole rule match, `(start, end)` offsets into the scanned
text, when it reaches past the reported span (a keyword before a value). A batch reads it to tell a
match that crossed from one joined text into the next (`_batch.sort_out`)."""

ALONE_KEY = "memeval_alone"
"""Key in `recognition_metadata`, True on a finding of a rule reported only beside a partner rule's
(`_solo.entangled_rules`): in a joined batch the partner may be another text's, so `_batch.sort_out`
has its text scanned alone."""


def memeval_result(
    entity: str, start: int, end: int, score: float, detector: str, match: tuple[int, int] | None = None
) -> RecognizerResult:
    """A presidio result found by one of memeval's own detectors, named `detector` under `DETECTOR_KEY`.

    `start`/`end` are character offsets into the text as given; `score` is 0..1; `match`: the whole
    rule match in the same offsets, kept under `MATCH_KEY` (None: the span itself).
    """
    meta: dict[str, object] = {RecognizerResult.RECOGNIZER_NAME_KEY: "memeval", DETECTOR_KEY: detector}
    if match is not None:
        meta[MATCH_KEY] = match
    return RecognizerResult(entity_type=entity, start=start, end=end, score=score, recognition_metadata=meta)


_CONFIDENCE = {"high": 0.9, "medium": 0.7, "low": 0.5}
_MIN_SEARCH_LEN = 8
"""Values shorter than this are placed by location only, never by searching the whole text."""


def _char_offset(text: str, byte_offset: int) -> int:
    if text.isascii():
        return byte_offset
    return len(text.encode("utf-8")[:byte_offset].decode("utf-8", errors="ignore"))


def _occurrences(text: str, value: str) -> Iterator[tuple[int, int]]:
    start = text.find(value)
    while start != -1:
        yield start, start + len(value)
        start = text.find(value, start + len(value))


def _result(
    entity: str, start: int, end: int, score: float, detector: str, match: tuple[int, int] | None, alone: bool
) -> RecognizerResult:
    meta: dict[str, object] = {RecognizerResult.RECOGNIZER_NAME_KEY: detector.split(":", 1)[0], DETECTOR_KEY: detector}
    if match is not None:
        meta[MATCH_KEY] = match
    if alone:
        meta[ALONE_KEY] = True
    return RecognizerResult(entity_type=entity, start=start, end=end, score=score, recognition_metadata=meta)


def _place(
    text: str,
    value: str,
    fallback: tuple[int, int],
    entity: str,
    score: float,
    detector: str,
    match: tuple[int, int] | None = None,
) -> list[RecognizerResult]:
    """Results for `value` wherever it is in `text`; else at `fallback` (the scanner's own location).

    `match`: the whole rule match the value came from, kept under `MATCH_KEY` on each result; a
    `detector` of a rule in `_solo.entangled_rules` marks each result with `ALONE_KEY`.
    """
    from memeval.redact._solo import entangled_rules  # here: `_solo` imports this module

    if "EXAMPLE" in value:
        return []  # AWS's documented example keys, also when the scanner found them Base64-decoded
    rule = detector.partition(":")[2]
    alone = not entangled_rules().isdisjoint((f"betterleaks.{rule}", f"kingfisher.{rule}"))
    if len(value) >= _MIN_SEARCH_LEN:
        found = [_result(entity, s, e, score, detector, match, alone) for s, e in _occurrences(text, value)]
        if found:
            return found
    start, end = fallback
    if end <= start:
        return []
    return [_result(entity, start, end, score, detector, match, alone)]


_NOTHING_FOUND = b'{"success":true,"data":[]}'
"""The whole reply of betterleaks' C library (betterleaks-py 2.x, `ScanStringCGO`) for a text with no finding."""


@functools.lru_cache(maxsize=1)
def _native() -> tuple[Any, Callable[[int | None], dict[str, Any]]] | None:
    """The betterleaks binding's C library and reply reader (`_lib`, `_call_and_parse`); None if it lacks them."""
    try:
        from betterleaks._lib import get_binding
    except ImportError:  # another layout of the package: its public call only
        return None
    binding = get_binding()
    lib = getattr(binding, "_lib", None)
    parse = getattr(binding, "_call_and_parse", None)
    if lib is None or parse is None or not hasattr(lib, "ScanStringCGO") or not hasattr(lib, "FreeMemory"):
        return None
    return lib, parse


def scan_string(text: str) -> list[betterleaks.Finding]:
    """`betterleaks.scan_string(text)`: the same findings and errors, with nothing found answered without a parse.

    The library's reply is a JSON document in a C string; `betterleaks.scan_string` parses it and builds
    its findings (about 2 us of Python a call, a quarter of a short text's call, 2026-12). Most calls find
    nothing (an id, an ordinary sentence), and that reply is always `_NOTHING_FOUND`, so it is compared as
    bytes and freed; any other reply (findings, an error, an empty or missing one) is read by the binding's
    own reader, as `scan_string` reads it. A binding without that reader: `betterleaks.scan_string`.
    A text the library cannot report anything in (ASCII, none of its rules' keywords: `_blscreen.may_find`)
    is answered [] without the call.

    Raises:
        betterleaks.BetterleaksError: the library failed (as `betterleaks.scan_string`).
        UnicodeEncodeError: `text` holds a lone surrogate (as `betterleaks.scan_string`).
    """
    if not may_find(text):  # no rule of the library runs on it (`_blscreen`): the call would find nothing
        return []
    native = _native()
    if native is None:
        return betterleaks.scan_string(text)
    lib, parse = native
    ptr = lib.ScanStringCGO(text.encode("utf-8"))
    if ptr and ctypes.string_at(ptr) == _NOTHING_FOUND:
        lib.FreeMemory(ptr)
        return []
    return [betterleaks.Finding.from_dict(item) for item in parse(ptr).get("data", [])]


class BetterleaksRecognizer(Recognizer):
    """Presidio recognizer backed by `betterleaks.scan_string` (bundled gitleaks-style rules)."""

    def __init__(self) -> None:
        super().__init__(supported_entities=[CREDENTIAL], name="betterleaks", version="2")

    def load(self) -> None:
        """Warm the library up: its first scan with a keyword hit takes ~100 ms, later ones ~0.2."""
        betterleaks.scan_string("warm-up: token ghp_" + "0" * 36)

    def analyze(self, text: str, entities: list[str], nlp_artifacts: object = None) -> list[RecognizerResult]:
        """Scan `text`; return one result per placed secret (offsets into `text`).

        Raises:
            RedactionError: the scanner failed (the message never quotes the text).
        """
        try:
            findings = scan_string(text)
        except betterleaks.BetterleaksError as exc:
            # `from None`: the scanner's message could quote the text; only its type is kept.
            raise RedactionError(
                f"betterleaks failed to scan a text ({type(exc).__name__}); the text is not "
                "stored. Check that libbetterleaks.so loads (BETTERLEAKS_LIB_PATH)"
            ) from None
        results: list[RecognizerResult] = []
        if not findings:
            return results
        lines = text.split("\n")
        line_starts = [0, *itertools.accumulate(len(line) + 1 for line in lines[:-1])]
        for f in findings:
            loc = f.location
            fallback = (0, 0)
            if 1 <= loc.start_line <= len(lines) and 1 <= loc.end_line <= len(lines):
                s_line, e_line = lines[loc.start_line - 1], lines[loc.end_line - 1]
                start = line_starts[loc.start_line - 1] + _char_offset(s_line, loc.start_column - 1)
                end = line_starts[loc.end_line - 1] + _char_offset(e_line, loc.end_column)
                fallback = (start, min(end, len(text)))
            results += _place(
                text,
                f.secret,
                fallback,
                credential_type(f.rule_id),
                _CONFIDENCE.get(f.confidence, 0.5),
                f"betterleaks:{f.rule_id}",
                fallback if fallback[1] > fallback[0] else None,  # betterleaks' location is the whole match
            )
        return results


class KingfisherRecognizer(Recognizer):
    """Presidio recognizer backed by `kingfisher_sdk.Scanner().scan` (includes helper findings)."""

    def __init__(self) -> None:
        self._scanner: kingfisher_sdk.Scanner | None = None
        super().__init__(supported_entities=[CREDENTIAL], name="kingfisher", version="1")

    def load(self) -> None:
        """Compile the bundled rules (presidio calls this from `__init__`)."""
        self._scanner = kingfisher_sdk.Scanner()

    def analyze(self, text: str, entities: list[str], nlp_artifacts: object = None) -> list[RecognizerResult]:
        """Scan `text`; invisible helper findings are blanked too (they are secrets).

        Raises:
            RedactionError: the scanner failed (the message never quotes the text).
        """
        if self._scanner is None:
            self.load()
        assert self._scanner is not None
        try:
            findings = self._scanner.scan(text)
        except (RuntimeError, TimeoutError, ValueError) as exc:
            raise RedactionError(
                f"kingfisher failed to scan a text ({type(exc).__name__}); the text is not "
                "stored. Reinstall kingfisher-secret-scanner if this repeats"
            ) from None
        results: list[RecognizerResult] = []
        for f in findings:
            loc = f.location
            fallback = (
                _char_offset(text, int(loc.get("start_offset", 0))),
                _char_offset(text, int(loc.get("end_offset", 0))),
            )
            rule = f.rule_id.split(".", 1)[-1]
            results += _place(
                text,
                f.secret,
                fallback,
                credential_type(f.rule_id),
                _CONFIDENCE.get(f.confidence, 0.5),
                f"kingfisher:{rule}",
                # where the secret was found: a value placed in another text by `_place` then spans both (`_batch`);
                # whether the rule's whole match crossed from one joined text into another, `_batch.crossing` tells
                fallback if fallback[1] > fallback[0] else None,
            )
        return results


BATCH_SEPARATOR = "\n\n\n"
"""Joins the texts of a batch for one scanner call (`_batch`)."""
