"""A key cut into more than eight events of one stream is blanked in every event (redact38, issue 15).

redact35 reads a chain of events (`memeval.redact.cut_through`) of at most 8 texts: a client streaming a long
key in small chunks (a JWT of 151 characters in 6-character chunks is 26 events) left every event past the eighth
raw, since no window of 8 held the whole key. A chain
may now hold up to `MAX_PARTS` (128) events, its middles at most `MAX_MIDDLES` (1,024) characters in all; a stream
keeps (`StreamEnds`) no more of its middles than that. Stored one by one (each event before the next arrives)
nothing changes: an event blanked in its own chain breaks the next chain, as before. As ingest reads them (each
text alone, then pairs and chains, findings added: `test_redact35_three_way_cuts._stored`), with the real redactor.
"""

from __future__ import annotations

from test_redact35_three_way_cuts import _stored

from memeval.audit._streams import StreamEnds
from memeval.redact import MAX_MIDDLES, chain_lengths

JWT = (
    "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIy"
    "fQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c"
)
"""jwt.io's example token (a public test value, 151 characters)."""
ANTHROPIC = "sk-ant-api03-Zq8Kx2Lm9Pw4Rt7YvB3nC6dFh1Jk5Ls0Qa2We4Rt6Yu8Io9Pa1Sd3Fg5Hj7Kl9Zx0Cv2Bn4Mq-AbCdEf12"
"""An Anthropic key's shape (`test_redact35_three_way_cuts.KEYS`), made up: 95 characters."""


def _events(key: str, size: int, before: str = "auth ", after: str = " ok") -> list[str]:
    parts = [key[i : i + size] for i in range(0, len(key), size)]
    return [before + parts[0], *parts[1:-1], parts[-1] + after]


def test_a_jwt_in_26_events_of_one_batch_is_blanked_in_each() -> None:
    """On main the events past the eighth (18 of 26) are stored raw."""
    events = _events(JWT, 6)
    assert len(events) == 26  # noqa: PLR2004
    (stored,) = _stored([events])
    assert [k for k, t in enumerate(stored) if "[REDACTED:" not in t] == [], stored
    assert stored[0].startswith("auth ") and stored[-1].endswith(" ok")


def test_an_anthropic_key_in_19_events_of_one_batch_is_blanked_in_each() -> None:
    """5-character chunks: on main the events past the eighth are stored raw."""
    events = _events(ANTHROPIC, 5, "key ", " thanks")
    assert len(events) == 19  # noqa: PLR2004
    (stored,) = _stored([events])
    assert [k for k, t in enumerate(stored) if "[REDACTED:" not in t] == [], stored


def test_a_chain_reads_middles_up_to_their_character_bound() -> None:
    """300 glued runs of 8 characters: the chain read with the last holds at most `MAX_MIDDLES` of middles."""
    texts = ["x " + "a1b2c3d4", *["e5f6g7h8"] * 299]
    (n, *_rest) = chain_lengths(texts)
    assert 3 <= n <= MAX_MIDDLES // 8 + 2  # noqa: PLR2004
    assert sum(len(t) for t in texts[len(texts) - n + 1 : -1]) <= MAX_MIDDLES


def test_a_stream_keeps_no_more_of_its_middles_than_a_chain_reads() -> None:
    """`StreamEnds` keeps the stream's last runs up to `MAX_MIDDLES` characters and the one before them."""
    ends = StreamEnds()
    stream = ("team", "s1", "agent", "a1")
    ends.put({stream: ["prose before the key", *["k9Zq8Kx2"] * 300]})
    kept = ends.recent(stream)
    assert sum(len(t) for t in kept) <= MAX_MIDDLES + 8  # noqa: PLR2004
    assert len(kept) >= MAX_MIDDLES // 8 - 1  # noqa: PLR2004  # the runs a chain reads, or `MAX_PARTS - 1`
