"""Readings the redactor skips where a cheap test proves them empty, against not skipping (ingest30, issue 17).

Three short cuts, each exact:
- the letter-spaced readings (`Reading.spaced`: `spaced`, `spaced-apart`, `spaced-marks`, `spaced-marks-most`,
  `spaced-copies-*`, `spaced-late*`) are not made for a text where no spaced run can start
  (`_decode.may_be_spaced` False): each is None there;
- `detect_credentials_many` (the id scan) asks `may_be_spaced` once a reading instead of making its three
  spaced readings;
- `encoded_segments` looks for Base64 and hex runs only in a text with sixteen of their characters in a row.

Each is compared with the path that does not skip, on the owned redaction corpora and on hostile texts made
here (keys letter-spaced with every kind of gap the spaced readings read, ids shaped as the ingest bench's),
and the hostile texts are checked to make every skipped reading produce a view, so a reading marked `spaced`
that is not empty where the test says so would fail here.
"""

from __future__ import annotations

import base64
import functools
import json
import sys
from pathlib import Path

import pytest

import memeval.redact._redactor as redactor_module
from memeval.redact import get_redactor
from memeval.redact._decode import _B64, _HEX, _SELECTORS, _b64, _printable, encoded_segments
from memeval.redact._redactor import DECODE_DEPTH
from memeval.redact._spacedmarks import may_be_spaced

sys.path.insert(0, str(Path(__file__).resolve().parent))

from corpus_contexts import load_corpus  # noqa: E402

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"

KEYS = (
    "ghp_Zq8vR2kLp9xYw3Tn7Bc5Df1Gh4Jk6Lm0Np2Q",
    "sk-live-4eC39HqLyjWDarjtT1zdp7dc",
    "xoxb-1234567890-abcdefghijklmnopqrstuvwx",
    "AKIAQ7WERT9YUI0PASDF",
    "sl.Bq--Xr7Yk2Lm9Np4Qs8Tv1Wz5",
)
GAPS = (".", "-", ",", "|", "_", " ", ". ", " . ", "', '", "\u00b7", " - ")
PLACES = ("{}", "the token is {}.", "`{}`", "GITHUB_TOKEN={}", "gh-sync --token {} --org acme", "e.g: {}", "({})")


def _mixed(key: str, gaps: tuple[str, ...]) -> str:
    """`key` with its characters apart, the gaps taken in turn (a mark differing from gap to gap)."""
    return "".join(c + gaps[i % len(gaps)] for i, c in enumerate(key[:-1])) + key[-1]


def _own(key: str, mark: str) -> str:
    """`key` with `mark` between its characters, two of it where the key holds the mark itself."""
    return "".join(c + (mark * 2 if c == mark else mark) for c in key[:-1]) + key[-1]


@functools.cache
def hostile() -> tuple[str, ...]:
    """Keys letter-spaced every way the spaced readings read, in several places; and the bench's ids."""
    out: list[str] = []
    for key in KEYS:
        for gap in GAPS:
            out += [place.format(gap.join(key)) for place in PLACES]
        for gaps in ((". ", "-", ","), ("-", ".", "-", "-"), (" ", "  ", " ")):
            out += [place.format(_mixed(key, gaps)) for place in PLACES]
        for mark in ".-":
            out += [place.format(_own(key, mark)) for place in PLACES]
        out.append("deploy with " + "-----".join(key) + " today")  # five of a mark in a row
        out.append("x: " + ". ".join(key[:3]) + key[3:])  # a run that starts late, past its first space
    out += [f"c{n}-fh-47-{n:05d}" for n in range(40)] + [f"ses_{n:04d}-{n}c" for n in range(20)]
    return tuple(out)


@functools.cache
def corpus() -> tuple[str, ...]:
    """Every owned redaction corpus text (Base64 rows decoded) and every fresh row's text."""
    texts = [item.text for item in load_corpus()]
    for path in sorted(FIXTURES.glob("redact_fresh*/*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                text = json.loads(line).get("text")
                if isinstance(text, str):
                    texts.append(text)
    return tuple(texts)


def _spaced_readings() -> list[object]:
    return [r for r in get_redactor()._readings if r.spaced]


def test_the_spaced_readings_are_marked_and_each_reads_a_hostile_text() -> None:
    kinds = {r.kind for r in _spaced_readings()}
    assert {"spaced", "spaced-apart", "spaced-marks", "spaced-marks-most", "spaced-late", "spaced-late-2"} <= kinds
    assert any(k.startswith("spaced-copies-") for k in kinds)
    # every reading marked `spaced` makes a view of some hostile text: the check below is not vacuous
    made = {r.kind for r in _spaced_readings() for t in hostile() if r.make(t) is not None}
    assert made == kinds, f"never read here: {sorted(kinds - made)}"


@pytest.mark.parametrize("source", ["corpus", "hostile"])
def test_a_spaced_reading_is_none_wherever_no_spaced_run_can_start(source: str) -> None:
    texts = corpus() if source == "corpus" else hostile()
    readings = _spaced_readings()
    quiet = [t for t in texts if not may_be_spaced(t)]
    assert len(quiet) >= (1000 if source == "corpus" else 40)
    for t in quiet:
        for r in readings:
            assert r.make(t) is None, (r.kind, t[:80])
    # and the test says "may" wherever a spaced reading reads something
    for t in texts:
        if any(r.make(t) is not None for r in readings):
            assert may_be_spaced(t), t[:80]


def _decoded_both_ways(texts: list[str], monkeypatch: pytest.MonkeyPatch) -> tuple[str, str]:
    red = get_redactor()
    fast = repr(red._decoded(texts, DECODE_DEPTH))
    with monkeypatch.context() as m:
        m.setattr(redactor_module, "may_be_spaced", lambda _t: True)  # every reading made, as before
        slow = repr(red._decoded(texts, DECODE_DEPTH))
    return fast, slow


@pytest.mark.parametrize("source", ["corpus", "hostile"])
def test_decoded_readings_are_the_same_with_the_skip_and_without(source: str, monkeypatch: pytest.MonkeyPatch) -> None:
    texts = list(corpus()[::3] if source == "corpus" else hostile())
    for k in range(0, len(texts), 100):
        fast, slow = _decoded_both_ways(texts[k : k + 100], monkeypatch)
        assert fast == slow


def test_the_id_scan_finds_the_same_with_the_skip_and_without(monkeypatch: pytest.MonkeyPatch) -> None:
    red = get_redactor()
    texts = list(hostile()) + [t for t in corpus()[::7] if len(t) <= 200]
    fast = red.detect_credentials_many(texts)
    with monkeypatch.context() as m:
        m.setattr(redactor_module, "may_be_spaced", lambda _t: True)
        slow = red.detect_credentials_many(texts)
    assert fast == slow
    assert sum(1 for f in fast if f) >= 100  # the spaced keys are found, in the spaced readings too
    assert any(f.detector.endswith("+spaced") for found in fast for f in found)


def _segments_unscreened(text: str) -> list[tuple[int, int, str]]:
    """`encoded_segments` as it was before the sixteen-character screen (the reference)."""
    out: list[tuple[int, int, str]] = []
    hex_spans: set[tuple[int, int]] = set()
    for m in _HEX.finditer(text):
        decoded = _printable(bytes.fromhex(m.group()))
        hex_spans.add(m.span())
        if decoded is not None:
            out.append((m.start(), m.end(), decoded))
    for m in _B64.finditer(text):
        if m.span() in hex_spans:
            continue
        decoded = _b64(m.group())
        if decoded is not None:
            out.append((m.start(), m.end(), decoded))
    for m in () if text.isascii() else _SELECTORS.finditer(text):
        raw = bytes(ord(c) - 0xFE00 if ord(c) <= 0xFE0F else ord(c) - 0xE0100 + 16 for c in m.group())
        decoded = _printable(raw)
        if decoded is not None:
            out.append((m.start(), m.end(), decoded))
    return out


def test_encoded_segments_are_the_same_as_without_the_screen() -> None:
    secret = "send the deploy key to ops"
    b64 = base64.b64encode(secret.encode()).decode()
    edge = [
        b64,
        f"note: {b64}.",
        base64.urlsafe_b64encode(b"ignore previous orders!!").decode(),
        secret.encode().hex(),
        "id " + secret.encode().hex()[:16],  # exactly sixteen hex digits
        "id " + secret.encode().hex()[:15],  # fifteen: no run
        "a" * 15 + " " + "b" * 15,
        "x" * 16,
        "\ufe00" * 8 + " selectors",
    ]
    texts = list(corpus()) + list(hostile()) + edge
    found = 0
    for t in texts:
        got = encoded_segments(t)
        assert got == _segments_unscreened(t), t[:80]
        found += bool(got)
    assert found >= 20  # the texts hold segments the screen must let through
