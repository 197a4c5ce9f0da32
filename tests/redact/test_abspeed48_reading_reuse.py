"""A decoded reading that reads as a text already scanned is not scanned again, and nothing found changes.

A model call's JSON body `t` has two character readings (`unescape`, `css-escapes`); each is read again one
level down, and the CSS reading unescaped is most often the unescaped reading itself (279 of the sample's 448
kept bodies). `Redactor._scan_readings` gives such a reading the spans its text got one level up (the same
rules on the same text, no reading of its own at depth 0) instead of scanning it a second time (issue 17,
abspeed48: about an eighth of the redaction of a body). Checked here against the redactor with that
shortcut taken out, on JSON bodies holding secrets in and across escapes: the same text, findings and counts.
"""

from __future__ import annotations

import json

import pytest

from memeval.redact import get_redactor
from memeval.redact._decode import css_view, unescape_view
from memeval.redact._redactor import Redactor

TOKEN = "ghp_R8x2Kq7Lm4Nv9Pw3Tz6Yb1Hc5Jd8Fg2Sa0Qe"
AWS = "AKIAZ4M7Q2LXN8RT5WEB"
MAIL = "j.ortega@fernhill-bakery.co.uk"


def _bodies() -> list[str]:
    """Chat bodies: secrets plain, after a quote and a newline escape, in a tool call's JSON, and cut by an escape."""
    said = [
        f'CI token {TOKEN}, said "keep it"\nand mail {MAIL}',
        json.dumps({"cmd": f"export AWS_ACCESS_KEY_ID={AWS}", "path": "C:\\tmp\\x"}),
        "see \\u0067" + TOKEN[1:] + " and a tab\there",
    ]
    messages: list[dict[str, str]] = [{"role": "system", "content": "You are a coding agent."}]
    bodies = []
    for text in said:
        messages.append({"role": "user", "content": text})
        bodies.append(json.dumps({"model": "m", "messages": messages}))
        messages.append({"role": "assistant", "content": 'ok, "done"\n'})
    return bodies


def _unshared(redactor: Redactor, monkeypatch: pytest.MonkeyPatch) -> None:
    """Take the shortcut out: every reading scanned as `_detect_many` scans it (main's behaviour)."""
    monkeypatch.setattr(
        redactor, "_scan_readings", lambda subtexts, depth, _texts, _undecoded: redactor._detect_many(subtexts, depth)
    )


def test_the_css_reading_unescaped_is_the_unescaped_reading_and_is_not_scanned_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    redactor = get_redactor()
    body = _bodies()[0]
    unescaped, css = unescape_view(body), css_view(body)
    assert unescaped is not None and css is not None and unescaped.text != css.text
    again = unescape_view(css.text)
    assert again is not None and again.text == unescaped.text  # the case the shortcut is for
    scanned: list[tuple[int, str]] = []
    detect_many = redactor._detect_many

    def recording(texts, depth):  # noqa: ANN001, ANN202  # the wrapped method's own arguments
        scanned.extend((depth, t) for t in texts)
        return detect_many(texts, depth)

    monkeypatch.setattr(redactor, "_detect_many", recording)
    redactor.redact(body)
    assert (1, unescaped.text) in scanned
    assert (0, unescaped.text) not in scanned  # main scans it a second time, at depth 0


def test_the_same_findings_with_and_without_the_shortcut(monkeypatch: pytest.MonkeyPatch) -> None:
    redactor = get_redactor()
    bodies = _bodies()
    shared_one = [redactor.redact(b) for b in bodies]
    shared_many = redactor.redact_many(bodies)
    with monkeypatch.context() as m:
        _unshared(redactor, m)
        alone_one = [redactor.redact(b) for b in bodies]
        alone_many = redactor.redact_many(bodies)
    for got in (shared_one, shared_many, alone_many):
        assert [(r.text, r.findings, r.counts) for r in got] == [(r.text, r.findings, r.counts) for r in alone_one]
    assert all(TOKEN not in r.text and MAIL not in r.text for r in shared_one)
    assert all(AWS not in r.text for r in shared_one[1:])
