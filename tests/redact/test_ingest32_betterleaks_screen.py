"""betterleaks' call skipped where it cannot find anything (ingest32, issue 17), with the library's own answers.

`memeval.redact._blscreen.may_find` lets `_scanners.scan_string` answer [] without calling betterleaks on an
ASCII text holding none of its rules' keywords. The claims checked here: the kept keywords are exactly those
of the installed library's bundled rules and were read from this very version; every rule with a pattern
has keywords (else a text without any could still match); the library's own call finds nothing on every
corpus or generated text the screen skips; and the screened call gives the library's own findings on every
text (corpora of secrets and look-alikes in many formats, the holding sets' prose in many scripts,
generated texts around keywords, keys, NUL and case changes). On main the names tested do not exist.
"""

from __future__ import annotations

import betterleaks
from corpus_contexts import every_corpus_text
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from memeval.redact import _blscreen
from memeval.redact._scanners import scan_string


def answer(findings: list[betterleaks.Finding]) -> list[tuple[object, ...]]:
    """What memeval reads of betterleaks' findings (`BetterleaksRecognizer.analyze`), comparable."""
    return [
        (f.rule_id, f.secret, f.confidence, f.location.start_line, f.location.start_column, f.location.end_column)
        for f in findings
    ]


def test_the_kept_keywords_are_the_installed_librarys() -> None:
    kept = _blscreen.kept()
    assert (kept["betterleaks"], kept["upstream"]) == (betterleaks.__version__, betterleaks.__upstream_version__)
    config = _blscreen.library_config()
    assert kept["rules"] == len(config["rules"])
    assert kept["keywords"] == _blscreen.library_keywords(config)
    # the screen's premise: a rule without keywords would run on every text
    assert [r["id"] for r in config["rules"] if not r.get("keywords")] == ["pkcs12-file"]
    assert "regex" not in next(r for r in config["rules"] if r["id"] == "pkcs12-file")  # a file path's rule only
    assert _blscreen._screen() is not None  # the screen is on for this version


def test_every_corpus_text_gets_the_librarys_own_findings() -> None:
    texts = every_corpus_text()
    assert len(texts) > 15000
    skipped = [t for t in texts if not _blscreen.may_find(t)]
    assert len(skipped) > 5000  # the screen does skip (it would pass the rest for nothing if it skipped none)
    assert [t for t in skipped if betterleaks.scan_string(t)] == []
    found = [t for t in texts if betterleaks.scan_string(t)]
    assert len(found) > 1000  # the corpora hold keys the library reports, each checked through the screen
    assert [t for t in found if answer(scan_string(t)) != answer(betterleaks.scan_string(t))] == []


KEYS = [
    "ghp_aB3dE5fG7hJ9kL1mN2pQ4rS6tU8vW0xYz1A2",
    "AKIAQYLPMN5HHHFPZAM2",
    "xoxb-123456789012-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx",
    "sk-ant-api03-" + "aB3dE5fG7hJ9kL1mN2pQ4rS6tU8vW0xYz1A2" * 2 + "AA",
    "glpat-aB3dE5fG7hJ9kL1mN2pQ",
]
PIECES = [
    *KEYS, "token", "TOKEN", "Api_Key", "password", "PASSW", "secret", "=", ": ", '"', " ", "\n", "\x00", "é", "ß",
    "K", "Ghp_", "GHP_", "x", "42", "-", "_", "ey", "eyJ", "BEGIN", "-----BEGIN",
]  # fmt: skip
TEXTS = st.lists(st.one_of(st.sampled_from(PIECES), st.text(max_size=3)), max_size=14).map("".join)


@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(TEXTS)
def test_generated_texts_get_the_librarys_own_findings(text: str) -> None:
    try:
        expected = answer(betterleaks.scan_string(text))
    except UnicodeEncodeError:  # a lone surrogate: the screen passes non-ASCII on, so the same error
        assert _blscreen.may_find(text)
        return
    assert answer(scan_string(text)) == expected
    if not _blscreen.may_find(text):
        assert expected == []


def test_ids_and_plain_sentences_are_skipped_and_keys_are_not() -> None:
    assert not _blscreen.may_find("c3-fh-47-00232")
    assert not _blscreen.may_find("The Thursday courier cut-off is 16:30. (ticket 8-1994)")
    assert all(_blscreen.may_find(f"note {k} end") for k in KEYS)
    assert _blscreen.may_find("TOKEN=abc")  # keywords are compared lower-cased, as the library does
    assert _blscreen.may_find("caf\u00e9 c3-fh-47")  # not ASCII: always scanned
