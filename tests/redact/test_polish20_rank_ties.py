"""A tie between a group's best spans is settled by the spans, never by the order they arrived in (polish20).

`merge` named a group's finding after its best span by kind, score, length and family
(`_FAMILY_FIRST`), and after that by whichever span came first: two rules of one family on one
span (`kingfisher:X` and `kingfisher:X+decoded`; in a Base64 `.env`, `memeval:kingfisher-github.5`
a `GITHUB_SECRET` and `memeval:env-secret` a `PASSWORD`), or two Sidekiq rules of one scanner, gave
whichever arrived first, and a batch's texts do not arrive in the order they do alone. Now `_rank`
settles every tie (a named type before a generic one, the earlier start, fewer readings, then the
detector's name), so each order of the same spans gives the same findings. The spans are the
redactor's own result objects (`memeval_result`); the last check runs the real redactor.
"""

from __future__ import annotations

import base64
import itertools

from memeval.redact import get_redactor
from memeval.redact._redactor import merge
from memeval.redact._scanners import memeval_result


def _found(spans: list) -> list[tuple[int, int, str, str, float]]:
    return [(f.start, f.end, f.entity_type, f.detector, f.score) for f in merge(spans)]


def test_each_order_of_tied_spans_gives_the_same_findings() -> None:
    cases = [
        (  # one span, two of memeval's rules read through the same Base64 segment (redact corpus row 874)
            [
                memeval_result("PASSWORD", 0, 124, 0.8, "memeval:env-secret+decoded"),
                memeval_result("GITHUB_SECRET", 0, 124, 0.8, "memeval:kingfisher-github.5+decoded"),
                memeval_result("CREDENTIALS_SECRET", 10, 20, 0.8, "memeval:kingfisher-credentials.1"),
            ],
            ("GITHUB_SECRET", "memeval:kingfisher-github.5+decoded"),
        ),
        (  # a Sidekiq URL: the same rule as written and through a reading, and a twin rule of the scanner
            [
                memeval_result("SIDEKIQ_SENSITIVE_URL", 7, 24, 0.9, "kingfisher:sidekiq-sensitive-url+unescaped"),
                memeval_result("SIDEKIQ_SECRET", 7, 24, 0.9, "kingfisher:sidekiq-secret"),
                memeval_result("SIDEKIQ_SENSITIVE_URL", 7, 24, 0.9, "kingfisher:sidekiq-sensitive-url"),
                memeval_result("URL_PASSWORD", 7, 24, 0.8, "memeval:url-password"),
            ],
            ("SIDEKIQ_SECRET", "kingfisher:sidekiq-secret"),
        ),
        (  # two presidio recognizers (no family order between them) on one span
            [
                memeval_result("PHONE_NUMBER", 3, 15, 0.6, "presidio:PhoneRecognizer"),
                memeval_result("US_SSN", 3, 15, 0.6, "presidio:UsSsnRecognizer"),
            ],
            ("PHONE_NUMBER", "presidio:PhoneRecognizer"),
        ),
    ]
    for spans, (kind, detector) in cases:
        seen = {tuple(_found(list(order))) for order in itertools.permutations(spans)}
        assert len(seen) == 1, sorted(seen)
        ((finding,),) = seen
        assert finding[2:4] == (kind, detector), finding


def test_a_tie_in_a_real_text_is_named_alike_alone_and_in_a_batch_either_way_round() -> None:
    env = b"GITHUB_CLIENT_ID=ac58d6da7d7a84c039b7\nGITHUB_SECRET=37d02377a3e9d849e18704c3ec883f9c5787d857"
    text = base64.b64encode(env).decode()
    redactor = get_redactor()
    alone = redactor.detect(text)
    assert [(f.entity_type, f.detector) for f in alone] == [("GITHUB_SECRET", "memeval:kingfisher-github.5+decoded")]
    other = "nothing here, but a second text"
    assert redactor.detect_many([text, other])[0] == alone
    assert redactor.detect_many([other, text])[1] == alone
