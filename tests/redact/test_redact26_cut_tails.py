"""A key cut across two events: second parts the text shows to be a value's rest (redact26, issue 15).

redact25's `_cuts.CutKeyReader` takes a random run starting a text as a cut key's rest, but not hex,
one letter case, a run that goes on into `.`, or one starting with a mark: 24.8% of the cut benchmark's
cuts (`bench/redact_cut_halves.py`) had both parts stored raw. `_cutshapes.ShapedCutReader` reads
three shapes the text itself shows: a value closed by a quote the text never opened (hex and digits
too), dotted base64url parts as JOSE and Discord tokens have, and one `_` or `-` before a key body.

Each positive is placed in every context of the corpus test (`corpus_contexts.CONTEXTS`) that keeps
a text's start where it is (a cut part starts its event). Fake values written for this test.
"""

from __future__ import annotations

import pytest
from corpus_contexts import CONTEXTS, leaked

from memeval.redact import get_redactor

STARTS = [(n, w) for n, w in CONTEXTS if w("Q7vKx")[0].startswith("Q7vKx") and n != "colon-after"]
"""The corpus contexts that keep a text's start (plain, a sentence after it, ...), but `{t}: rotated`:
a run before a label's colon is as often a digest or a name (`<digest>: rotated`), so it ends no tail."""

TAILS = [
    ("9e107d9d372bb6826bd81d3542a419d6", "'"),  # hex, then the quote the head opened
    ("4815162342", '";'),  # digits only
    ("str0ngpass1ForPG", '";'),  # a password of words with digits
    ("Xk2-Lm9_Qp4~Rt7", '",\n  "user": "ops"}'),
    ("JIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4ifQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c", ""),
    ("5g.Xw3rT9Lq2mZ8vBn4Kc7Hj1Pd6Fs0Ya", " in the bot config"),  # a Discord token's last two parts
    ("_6EM8awydNoe1CYzYsRkD", " was the rest"),  # cut just before the key's own `_`
    ("-OIUC3LGTK89xQZ3Gb92BRT", ""),
]
"""(the second part of a cut value, what follows it in its event)."""

LOOK_ALIKES = [
    "GitHub's docs say so",
    "couldn't reach the host",
    'PostgreSQL" is the database',
    "UsageState.not_adding_up`) is the state",
    "bench/hold_cv_round31.py` ran at 17:43",
    'v1.2.3" was released',
    "state.cache_write_1h_tokens = one_hour",
    "x.example.com answers on 443",
    "a1B2c3D4.py is the file",
    "--no-verify skips the hooks",
    "- first item of the list",
    '**X-API-Name": "N"',
    "3f2a9c1e8b7d6a5f4e3d2c1b0a9f8e7d6c5b4a3f fix the flaky test",
    'Route("/", overview)',
]
"""Texts that start like a second part and are none (a possessive, a contraction, a name closed by a
quote, a path, a version, an attribute, a host, a file, a flag, a list item, markdown, a sha, code)."""


@pytest.fixture(scope="module")
def red():  # type: ignore[no-untyped-def]
    return get_redactor()


@pytest.mark.parametrize(("name", "wrap"), STARTS, ids=[n for n, _ in STARTS])
def test_a_second_part_the_text_shows_is_blanked_in_every_context_keeping_its_start(red, name, wrap) -> None:  # type: ignore[no-untyped-def]
    texts = [wrap(tail + after)[0] for tail, after in TAILS]
    got = red.redact_many(texts)
    assert [r.text for r in got] == [red.redact(t).text for t in texts]  # each text's bytes are its own
    assert [tail for (tail, _), r in zip(TAILS, got, strict=True) if leaked(tail, r.text, piece=6)] == []


@pytest.mark.parametrize(("name", "wrap"), STARTS, ids=[n for n, _ in STARTS])
def test_texts_starting_like_a_second_part_are_left_alone(red, name, wrap) -> None:  # type: ignore[no-untyped-def]
    texts = [wrap(t)[0] for t in LOOK_ALIKES]
    got = red.redact_many(texts)
    assert [(t, [f.detector for f in r.findings]) for t, r in zip(texts, got, strict=True) if r.findings] == []
