"""A key cut across three or more events whose middle event holds a space is blanked in every part (redact36).

redact35 reads a chain of events (`memeval.redact.cut_through`) only through middles that are single runs: a key
with a gap inside (a PEM block's `BEGIN RSA PRIVATE KEY` header, a `FlyV1 fm2_...` header value, an AWS key id
written in groups) cut so the gap falls inside a middle event ended the chain there, and on main every part of
such a PEM block cut in four stayed raw. A middle may now be a short chunk with a gap inside
(`memeval.redact.middle`: at most 64 characters, no whitespace at its edges, at most four gaps, no bracket or
quote). As ingest reads them (each text alone, then pairs and chains, findings added), with the real redactor:
the parts are blanked; chunks of prose read the same way are stored as written.
"""

from __future__ import annotations

import re

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from test_redact35_three_way_cuts import _stored

from memeval.redact import middle

PEM = (
    "-----BEGIN RSA PRIVATE KEY-----\n"
    "MIIBOgIBAAJBAKj34GkxFhD90vcNLYLInFEX6Ppy1tPf9Cnzj4p4WGeKLs1Pt8QuKUpRKfFLfRYC9AIKjbJTWit+CqvjWYzvQwECAwEAAQJAIJLix"
    "By2qpFoS4DSmoEmo3qGy0t6z09AIJtH+5OeRV1be+N4cDYJKffGzDa88vQENZiRm0GRq6a+HPGQMd2kTQIhAKMSvzIBnni7ot/OSie2TmJLY4Sw"
    "TQAevXysE2RbFDYdAiEBCUEaRQnMnbp79mxDXDf6AU0cN/RPBjb9qSHDcWZHGzUCIG2Es59z8ugGrDY+pxLQnwfotadxd+Uyv/Ow5T0q5gIJAiEA"
    "yS4RaI9YG8EWx/2w0T67ZUVAw8eOMB6BIUg0Xcu+3okCIBOs/5OiPgoTdSy7bcF9IGpSE8ZgGKzgYQVZeN97YE00\n"
    "-----END RSA PRIVATE KEY-----"
)
"""A private key block (the owned corpus's shape, no real key): its header holds three spaces."""
BODY = PEM.split("\n")[1]
FLY = (
    "FlyV1 fm2_lJPECAAAAAAAAMqOxBBlGqhNDTvL2xJCnXtkqjDtwrVodHRwczovL2FwaS5mbHkuaW8vdjGWAJLOAAUCmB8Lk7lodHRwczovL2FwaS5"
    "mbHkuaW8vYWFhL3YxxDwsUMmNShUzgnvbsc2F8fZQ1S3KjyOm"
)
"""A Fly.io token in its documented header shape (`FlyV1 ` then the token), value made up (fresh7's shape)."""
CHUNK = re.compile(r"[^\s()\[\]{}<>\"'`]+(?:\s+[^\s()\[\]{}<>\"'`]+)*")
"""A stream's chunk as this test writes them: runs without brackets or quotes, gaps inside (at most 64 characters)."""
PIECE = 8
"""A raw piece of the key this long or longer is a leak."""


def _chunk(part: str) -> bool:
    return len(part) <= 64 and part.count(" ") + part.count("\n") <= 4 and CHUNK.fullmatch(part) is not None  # noqa: PLR2004


def _raw(secret: str, stored: list[str]) -> list[str]:
    """Pieces of `secret` of `PIECE` characters left in any stored text."""
    return sorted({secret[i : i + PIECE] for i in range(len(secret) - PIECE + 1) if any(secret[i : i + PIECE] in t
                                                                                        for t in stored)})  # fmt: skip


def test_a_pem_block_cut_in_four_through_its_header_is_blanked_in_every_part() -> None:
    """On main all four parts are stored raw: the middles `SA PRIVATE KEY--` and `---\\nMIIB...` hold gaps."""
    chain = ["key: -----BEGIN R", "SA PRIVATE KEY--", "---\nMIIBOgIBAAJBAKj34G", PEM[50:] + "\nthanks"]
    (stored,) = _stored([chain])
    assert _raw(BODY, stored) == [], stored
    assert all("[REDACTED:" in t for t in stored), stored
    assert stored[-1].endswith("\nthanks") and stored[0].startswith("key: "), stored


def test_an_aws_key_id_written_in_groups_and_cut_in_four_is_blanked() -> None:
    """`AKIA Y1LP JE74 TDVN Y6WI` in four events with the gaps inside them: on main every part raw."""
    (stored,) = _stored([["aws key AKIA Y1", "LP JE", "74 TD", "VN Y6WI in prod"]])
    assert stored[0].startswith("aws key [REDACTED:") and stored[-1].endswith(" in prod"), stored
    assert all("[REDACTED:" in t for t in stored), stored


def test_a_fly_token_header_cut_through_its_space_leaves_no_part_raw() -> None:
    """`Fl` + `yV1 fm2_lJP` + the rest: on main the `Fl` and `yV1` parts stay (the token's name and no more)."""
    (stored,) = _stored([["the deploy key is Fl", "yV1 fm2_lJP", FLY[11:] + " ok"]])
    assert stored[0] == "the deploy key is [REDACTED:FLYIO_ACCESS_TOKEN]", stored
    assert stored[1] == "[REDACTED:FLYIO_ACCESS_TOKEN]" and stored[2].endswith(" ok"), stored


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(cuts=st.lists(st.integers(6, 90), min_size=2, max_size=4, unique=True), before=st.sampled_from(
    ["key:", "the deploy key is", "here ->", "私钥:"]))  # fmt: skip
def test_a_pem_header_cut_anywhere_into_chunks_with_gaps_is_blanked(cuts: list[int], before: str) -> None:
    """Cut points in the header and the body's start, the last in the body (middles of at most 64 characters, no gap
    at an edge, one of them holding a gap): no 8-character piece of the body is stored raw, and every middle is
    blanked. (A last part starting in the header holds the whole body after a gap: the chain's window reads 256
    characters past the last part's first run, too few to reach the block's end, as for single-run middles.)"""
    cuts = sorted(cuts)
    assume(cuts[-1] > PEM.index("\n"))
    bounds = [0, *cuts, len(PEM)]
    parts = [PEM[a:b] for a, b in zip(bounds, bounds[1:], strict=False)]
    assume(all(_chunk(p) for p in parts[1:-1]) and all(not p[0].isspace() and not p[-1].isspace() for p in parts))
    assume(any(re.search(r"\s", p) for p in parts[1:-1]))
    chain = [f"{before} {parts[0]}", *parts[1:-1], parts[-1] + "\nthanks"]
    (stored,) = _stored([chain])
    assert _raw(BODY, stored) == [], stored
    assert all("[REDACTED:" in t for t in stored[1:-1]), stored


def test_prose_cut_in_short_chunks_with_gaps_is_stored_as_written() -> None:
    """Chunks of ordinary text glued at their edges are read as one chain and keep every word."""
    chains = [
        ["Run the payment", "mock before the", "checkout tests"],
        ["We shipped the", "fix to prod at", "noon today"],
        ["the build of v2.14", ".3 passed all 412", "tests in 8m 31s"],
        ["see commit 9f86d08", "1884c7d6 for the", "rollback notes"],
        ["password rotation is", "due next week for", "the staging cluster"],
    ]
    assert _stored(chains) == chains


def test_a_long_text_with_gaps_or_a_gap_at_an_edge_is_no_middle() -> None:
    assert middle("SA PRIVATE KEY--") and middle("LP JE") and middle("ghp_Q7rT2mXw9LkP")
    assert not middle("a" * 40 + " " + "b" * 40)  # 81 characters with a gap: prose, not a chunk
    assert not middle("LP JE ") and not middle(" LP JE")
    assert not middle('say "hi" now') and not middle("a b c d e f")
