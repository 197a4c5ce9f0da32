"""A batch's texts are joined for one scanner call; a rule's match must not carry from one text into the next.

Found in the sixth check (`memeval/redact/README.md`): betterleaks' `curl-auth-user` reads up to
ten line breaks after `curl`, so a `curl ... \\` line ending one text made one match with the
`-u` lines of the next and took its LAST credential: the first was never reported and was stored
raw, while each text alone was blanked. Partner rules (a Cloudinary secret reported only beside
its key) also read a partner in another text. The property: `redact_many(batch)` is exactly
`[redact(t) for t in batch]`.
"""

from __future__ import annotations

import functools
import random
import string

import pytest
from corpus_contexts import load_corpus

from memeval.redact import get_redactor
from memeval.redact._linebreaks import edge_free

CURL_LINE = "curl -X POST https://api.example.com/v1/items \\"
"""A `curl` line with no credential and a line continuation: its match reads on into the next text."""


def _password(rng: random.Random, n: int = 14) -> str:
    """A password no scanner knows, drawn from `rng`: each test seeds its own, so a run never draws one
    that a placeholder check happens to pass (a random one starting `x` was stored raw, 2% of runs)."""
    alphabet = string.ascii_letters + string.digits
    while True:
        pw = "".join(rng.choice(alphabet) for _ in range(n))
        if any(c.isdigit() for c in pw) and any(c.isupper() for c in pw) and any(c.islower() for c in pw):
            return pw


@functools.cache
def _alone(text: str) -> tuple[str, list[tuple[str, int, int]]]:
    """`redact(text)` of `text` alone: its stored text and its blanks (type, start, end).

    Kept for the module: the corpus tests read each credential alone under each of three prefixes (and the
    every-seventh tests a subset of them), and a text's redaction alone is the same whichever batch it is
    compared with; each is computed once (about 2.4 CPU s for the 996 credentials).
    """
    alone = get_redactor().redact(text)
    return alone.text, [(f.entity_type, f.start, f.end) for f in alone.findings]


def _same_as_alone(batch: list[str]) -> None:
    many = get_redactor().redact_many(batch)
    for text, got in zip(batch, many, strict=True):
        alone_text, alone_spans = _alone(text)
        # the same blanks of the same types (a tie between two detectors of one span may name either)
        spans = [(f.entity_type, f.start, f.end) for f in got.findings]
        assert (got.text, spans) == (alone_text, alone_spans), (text, got.text, alone_text)


def test_a_curl_line_does_not_swallow_the_next_texts_first_credential() -> None:
    rng = random.Random("swallow")
    p1, p2 = _password(rng), _password(rng)
    second = f'curl -u ":{p1}" https://localhost:9200\ncurl --user deploy:{p2} https://b.example.com'
    out = get_redactor().redact_many([CURL_LINE, second])
    assert p1 not in out[1].text and p2 not in out[1].text, out[1].text
    _same_as_alone([CURL_LINE, second, CURL_LINE, f"  --user ops:{p1}\n  -u ':{p2}'"])


@pytest.mark.parametrize("allowed", ["changeme", "EXAMPLE", "$PASSWORD"])
def test_a_match_the_scanners_dropped_does_not_hide_the_next_texts_credential(allowed: str) -> None:
    """A `curl ... \\` line's match reads on into the next text and takes its LAST credential; when
    that one is an allowed value the scanners drop the match and report nothing, so no finding
    crossed, yet the match had taken the next text's first `curl -u` line: its password was stored
    raw (`_batch.crossing`)."""
    pw = _password(random.Random(f"dropped {allowed}"))
    second = f'curl -u ":{pw}" https://localhost:9200\ncurl --user deploy:{allowed} https://b.example.com'
    out = get_redactor().redact_many([CURL_LINE, second])
    assert pw not in out[1].text, out[1].text
    _same_as_alone(
        [CURL_LINE, second, "hello", CURL_LINE, f'curl -u "ops:{pw[:12]}" https://a.example.com\ncurl -u "ops:$PASS" x']
    )


def test_a_batch_with_many_kingfisher_findings_gets_what_its_texts_get_alone() -> None:
    """Many kingfisher findings a text, in a batch of 60: each text exactly as alone. What it costs
    (before: each finding's whole match searched from the batch's start, 3.3 CPU s joined against
    1.3 s one by one for 100 texts of 10 findings) is a benchmark, not an assertion here:
    `bench/redact_batch_findings.py`."""
    alphabet, rng = string.ascii_letters + string.digits, random.Random("kingfisher")
    batch = [
        " ; ".join(
            f"token ghp_{''.join(rng.choice(alphabet) for _ in range(36))} and sk_live_{_password(rng, 24)}"
            for _ in range(6)
        )
        for _ in range(60)
    ]
    _same_as_alone(batch)


def test_a_partner_rule_does_not_read_its_partner_in_another_text() -> None:
    # a Cloudinary secret is reported only beside a Cloudinary key: alone this is a generic secret
    secret = _password(random.Random("partner"), 32)
    _same_as_alone(["CLOUDINARY_API_KEY=123456789012345", f'cloudinary_secret = "{secret}"'])


CORPUS_GROUP = pytest.mark.xdist_group("batch-cross-corpus")
"""The six corpus tests on one worker, so each credential is redacted alone once (`_alone`)."""


@CORPUS_GROUP
@pytest.mark.parametrize("prefix", [CURL_LINE, "-----BEGIN PRIVATE KEY-----", "password:"])
def test_every_corpus_credential_after_a_line_that_reads_on_is_read_as_alone(prefix: str) -> None:
    """Each credential of the owned corpus right after a text whose last line a multi-line rule starts on."""
    items = [i.text for i in load_corpus() if i.group == "credential"]
    batch = [t for text in items[::7] for t in (prefix, text)]
    for k in range(0, len(batch), 100):
        _same_as_alone(batch[k : k + 100])


@pytest.mark.slow
@CORPUS_GROUP
@pytest.mark.parametrize("prefix", [CURL_LINE, "-----BEGIN PRIVATE KEY-----", "password:"])
def test_all_corpus_credentials_after_a_line_that_reads_on_are_read_as_alone(prefix: str) -> None:
    """The test above on all 996 credentials (about 4 s a prefix)."""
    items = [i.text for i in load_corpus() if i.group == "credential"]
    batch = [t for text in items for t in (prefix, text)]
    for k in range(0, len(batch), 100):
        _same_as_alone(batch[k : k + 100])


def test_the_credential_only_batch_reads_each_text_as_alone() -> None:
    """`detect_credentials_many` (the ingest's id path) joins the structural and context rules' texts too."""
    red = get_redactor()
    rng = random.Random("credential-only")
    p1, p2 = _password(rng), _password(rng)
    pairs = [
        ["password:", p1],
        [CURL_LINE, f'curl -u ":{p1}" https://localhost:9200\ncurl --user deploy:{p2} https://b.example.com'],
        ["-----BEGIN PRIVATE KEY-----", f"MIIEvQIBADANBgkqhkiG9w0BAQEFAASC{p1}\n-----END PRIVATE KEY-----"],
        ["api_key =", f'"{p1}{p2}"'],
    ]
    for pair in pairs:
        many = red.detect_credentials_many(pair)
        alone = [red.detect_credentials_many([t])[0] for t in pair]
        assert [[(f.entity_type, f.start, f.end) for f in x] for x in many] == [
            [(f.entity_type, f.start, f.end) for f in x] for x in alone
        ], pair


def test_a_planted_text_before_a_finding_does_not_stall_the_batchs_whole_match_search(monkeypatch: pytest.MonkeyPatch):
    """kingfisher's patterns run under backtracking over a joined batch (`_batch.crossing`);
    `betterleaks.auth0-domain.1` grows with the square of `"A."` repeated before its domain. Unbounded,
    that search took 55 CPU s for this 40 KB text, past the budget, so the text was blanked whole
    (`SCAN_INCOMPLETE`) where the scanners alone read it in a tenth of a second. The search has a
    timeout and then reads the batch's texts alone: the text gets exactly its findings."""
    monkeypatch.setenv("MEMEVAL_REDACT_BUDGET_S", "5")  # the old search fails in 10 s, not 60
    head = "AUTH0_DOMAIN=dev-k7q2w9.us.auth0.com\nAUTH0_CLIENT_SECRET=" + _password(random.Random("auth0"), 40) + "\n"
    planted = "A." * 20000 + "\n" + head + "\n\n\n"
    got = get_redactor().redact_many([planted, "hello"])
    assert "SCAN_INCOMPLETE" not in got[0].text and "dev-k7q2w9" not in got[0].text, got[0].text[-200:]
    _same_as_alone([planted, "hello"])


@pytest.mark.parametrize(
    ("pattern", "most"),
    [
        (r"a\n\n\nb", 3),
        (r"a\s{0,3}b", 3),
        (r"a\s{0,2}b", 2),
        (r'a[^"]{3,}b', 3),
        (r"(?s)a.*b", 3),
        (r"a(?s:.)*b", 3),
        (r"a.*b", 0),
        (r"(?:a\n|b)+", 1),
        (r"a\n?\n?\n?", 3),
        (r"\b(sgp_[A-Za-z0-9]{64})(?:[\s;]|$)", 1),
        (r"a(?=\n\n\n)", 0),
        (r"(a)\1", 3),  # a back reference is not read: the worst is assumed
        (r"a\z", 3),  # not Python syntax: the worst
    ],
)
def test_the_line_breaks_a_rule_can_hold_in_a_row_are_never_undercounted(pattern: str, most: int) -> None:
    """`_batch.crossing` skips the rules that cannot hold a batch separator's three line breaks in a row."""
    from memeval.redact._linebreaks import max_line_breaks

    assert max_line_breaks(pattern) == most


def test_the_rules_that_read_across_lines_are_checked_for_crossing() -> None:
    from memeval.redact._linebreaks import max_line_breaks
    from memeval.redact._solo import rule_details

    details = rule_details()
    for rule_id in ("betterleaks.curl-auth-user", "betterleaks.curl-auth-header", "betterleaks.aws-secret-access-key"):
        assert max_line_breaks(details[rule_id].pattern) == 3, rule_id


def test_a_rule_anchored_at_the_texts_end_reads_a_batch_text_as_alone() -> None:
    """betterleaks' `sidekiq-sensitive-url` ends `(?:[/#?:]|$)`: alone, a Sidekiq URL ending its text
    matched; joined, the separator's line break after it is neither, so the batch named it a generic
    `URL_PASSWORD` (found by the slow corpus test above once the tie of detectors was settled)."""
    rng = random.Random("sidekiq")
    url = f"http://{rng.randbytes(4).hex()}:{rng.randbytes(4).hex()}@enterprise.contribsys.com"
    for batch in ([url, "hello"], ["password:", url, "x"], ["x", "id: " + url]):
        _same_as_alone(batch)
        assert (
            "SIDEKIQ_SENSITIVE_URL"
            in get_redactor().redact_many(batch)[batch.index(next(t for t in batch if url in t))].text
        )


@pytest.mark.parametrize(
    ("pattern", "free"),
    [
        (r"""(?i)\b(ab\w+)(?:[\x60'"\s;]|\\[nr]|$)""", True),  # the separator's line break is `\s`
        (r"(?i)(?:^|[^a-z0-9-])([a-z0-9]+\.jfrog\.io)(?:$|[^a-z0-9-])", True),  # a negated class takes it
        (r"https?://(\w+)@(?:a|b)\.example(?:[/#?:]|$)", False),  # Sidekiq's shape: nothing takes it
        (r"^token=(\w+)\Z", False),
        (r"key(?:$|;)(\w+)", False),  # an anchor not at the pattern's end
        (r"token=(\w+)", True),  # no anchor
    ],
)
def test_edge_free_marks_only_patterns_that_read_a_texts_edge_as_the_separator(pattern: str, free: bool) -> None:
    """`_linebreaks.edge_free` leaves a rule out of the edge pass only when the batch cannot read it otherwise:
    each anchor must sit beside a class the separator's line break satisfies, first or last in the pattern."""
    assert edge_free(pattern) is free
