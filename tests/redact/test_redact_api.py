from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from presidio_analyzer import RecognizerResult

import memeval.redact
from memeval.errors import RedactionError
from memeval.redact import REDACTOR_VERSION, fingerprint, get_redactor
from memeval.redact._engine import blank_pipeline_dir, installed_ner_model
from memeval.redact._redactor import merge


def test_public_surface() -> None:
    for name in memeval.redact.__all__:
        assert getattr(memeval.redact, name) is not None
    assert set(memeval.redact.__all__) >= {"Finding", "Redaction", "Redactor", "get_redactor", "fingerprint"}


def test_get_redactor_is_built_once() -> None:
    assert get_redactor() is get_redactor()


def test_names_scanned_says_whether_an_ner_pipeline_is_installed() -> None:
    red = get_redactor().redact("Maria Lopez met us in Lisbon.")
    assert red.names_scanned is (installed_ner_model() is not None)
    assert red.redactor_version == REDACTOR_VERSION
    if not red.names_scanned:
        assert red.text == "Maria Lopez met us in Lisbon."


def test_overlapping_detections_become_one_placeholder() -> None:
    text = "DATABASE_URL=mongodb+srv://svc:" + "Qx7" * 5 + "@cluster0.ab1cd.mongodb.net/db"
    red = get_redactor().redact(text)
    assert len(red.findings) == 1
    assert red.text.count("[REDACTED:") == 1
    assert "Qx7Qx7" not in red.text


def test_repeated_secret_is_blanked_everywhere() -> None:
    token = "ghp_" + "Ab3dEq9Zx2" * 3 + "Lm7Kp4"  # scanners skip low-entropy repeats
    red = get_redactor().redact(f"{token} then again {token}")
    assert token not in red.text
    assert red.counts == {"GITHUB_TOKEN": 2}


def test_non_text_input_raises_without_quoting_it() -> None:
    payload = b"ghp_" + b"Zz9" * 12
    with pytest.raises(RedactionError) as err:
        get_redactor().redact(payload)  # type: ignore[arg-type]
    assert "Zz9" not in str(err.value) and "bytes" in str(err.value)


def test_fingerprint_is_keyed_and_stable() -> None:
    key, other = b"k" * 32, b"j" * 32
    fp = fingerprint("s3cret-value", key)
    assert fp == fingerprint("s3cret-value", key)
    assert fp != fingerprint("s3cret-value", other)
    assert fp.startswith("hmac-sha256:") and len(fp) == len("hmac-sha256:") + 64
    assert "s3cret" not in fp


def test_fingerprint_refuses_a_short_key_without_quoting_the_secret() -> None:
    with pytest.raises(RedactionError) as err:
        fingerprint("s3cret-value", b"short")
    assert "s3cret" not in str(err.value) and "16 bytes" in str(err.value)


def test_blank_pipeline_is_saved_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    first = blank_pipeline_dir()
    assert first.parent == tmp_path / "memeval" and (first / "config.cfg").exists()
    assert blank_pipeline_dir() == first


@pytest.mark.slow
def test_builds_and_redacts_with_no_network_and_an_empty_cache(tmp_path: Path) -> None:
    """A fresh process, a dead proxy for every URL and an empty cache: nothing is downloaded."""
    env = {
        **os.environ,
        "XDG_CACHE_HOME": str(tmp_path),
        "HTTP_PROXY": "http://127.0.0.1:9",
        "HTTPS_PROXY": "http://127.0.0.1:9",
        "NO_PROXY": "",
    }
    code = (
        "from memeval.redact import get_redactor\n"
        "r = get_redactor().redact('mail ops@example.com, ip 203.0.113.9')\n"
        "print(r.text)"
    )
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120, check=True)
    assert out.stdout.strip() == "mail [REDACTED:EMAIL_ADDRESS], ip [REDACTED:IP_ADDRESS]"
    # no spaCy pipeline is needed without NER or context words (presidio's no-op engine), so none is saved
    assert not list((tmp_path / "memeval").glob("spacy-blank-en-*/config.cfg"))


spans = st.lists(
    st.tuples(
        st.integers(0, 60),
        st.integers(1, 20),
        st.sampled_from(["EMAIL_ADDRESS", "GITHUB_TOKEN", "PHONE_NUMBER"]),
        st.floats(0.1, 1.0),
    ),
    max_size=12,
)


@settings(max_examples=200, deadline=None)
@given(spans)
def test_merge_gives_disjoint_findings_covering_every_span(
    raw: list[tuple[int, int, str, float]],
) -> None:
    results = [RecognizerResult(t, s, s + n, sc) for s, n, t, sc in raw]
    findings = merge(results)
    for a, b in zip(findings, findings[1:], strict=False):
        assert a.end <= b.start
    covered = {i for f in findings for i in range(f.start, f.end)}
    wanted = {i for r in results for i in range(r.start, r.end)}
    assert covered == wanted
    for f in findings:
        inside = [r for r in results if f.start <= r.start and r.end <= f.end]
        if any(r.entity_type == "GITHUB_TOKEN" for r in inside):
            assert f.entity_type == "GITHUB_TOKEN"


def test_presidio_log_records_never_carry_text(caplog: pytest.LogCaptureFixture) -> None:
    import logging

    get_redactor()
    caplog.set_level(logging.DEBUG)
    presidio_log = logging.getLogger("presidio-analyzer")
    presidio_log.debug("Context list is: %s", "call 415-555-0132")
    presidio_log.error("Failed to validate text %s", "DE89370400440532013000")
    assert "415-555" not in caplog.text and "DE8937" not in caplog.text
    assert "message withheld" in caplog.text


def test_empty_text() -> None:
    red = get_redactor().redact("")
    assert red.text == "" and red.findings == () and red.counts == {}


def test_decoded_secret_after_multibyte_characters_is_placed_by_char_offsets() -> None:
    """kingfisher decodes Base64 and reports UTF-8 byte offsets; they become str offsets."""
    import base64
    import random
    import string

    rng = random.Random(4)
    token = "ghp_" + "".join(rng.choice(string.ascii_letters + string.digits) for _ in range(36))
    blob = base64.b64encode(token.encode()).decode()
    text = f"é ü 🙂 日本語 echo {blob} | base64 -d"
    red = get_redactor().redact(text)
    assert red.text == "é ü 🙂 日本語 echo [REDACTED:GITHUB_TOKEN] | base64 -d"
    (finding,) = red.findings
    assert text[finding.start : finding.end] == blob
