"""Keys letter-spaced with mixed gaps were stored raw (redact23, issue 15).

The spaced reading (`_decode.spaced_view`) read a key whose characters are the same mark apart
(`g.h.p._.Z...`) or spaces apart, but not one whose gaps differ from one character to the next
(`g. h.p. _.Z`, `g - h- p`): on main, of the owned corpus's 928 credential values of 12+ characters
written with a dot, a dot and a space or a spaced dot at random between each two characters, 39
were blanked (`python bench/redact_spaced_cuts.py separators`).
"""

from __future__ import annotations

import random

import pytest
from corpus_contexts import leaked, load_corpus

from memeval.redact import get_redactor

WRITINGS = {
    "dots": [".", ". ", " .", " . "],
    "bars": ["|", " | ", "| "],
    "commas": [",", ", "],
    "middle dots": ["\u00b7", " \u00b7 ", "\u00b7 "],
    "doubled dots": [".", "..", ". "],
}
LABELS = ["apify-api-token", "buildkite-service-token", "circleci-personal-token", "bitrise-access-token"]


def _mixed(word: str, gaps: list[str], rng: random.Random) -> str:
    return word[0] + "".join(rng.choice(gaps) + c for c in word[1:])


def _corpus_keys() -> list[tuple[str, str]]:
    """(text, secret) of the owned corpus's items labelled `LABELS`: real keys of four providers."""
    out = {i.label: (i.text, i.secrets[0]) for i in load_corpus() if i.label in LABELS}
    assert sorted(out) == sorted(LABELS)
    return [out[label] for label in LABELS]


@pytest.mark.parametrize("writing", sorted(WRITINGS))
def test_a_corpus_key_with_mixed_gaps_is_blanked_alone_and_in_a_batch(writing: str) -> None:
    gaps = WRITINGS[writing]
    rng = random.Random(23)
    texts, secrets = [], []
    for text, secret in _corpus_keys():
        for place in ("{}", "the token is {}.", "export TOKEN={}", "`{}`"):
            texts.append(place.format(text.replace(secret, _mixed(secret, gaps, rng))))
            secrets.append(secret)
    red = get_redactor()
    alone = [red.redact(t).text for t in texts]
    drop = str.maketrans("", "", "".join(set("".join(gaps))))
    for text, secret, out in zip(texts, secrets, alone, strict=True):
        assert not leaked(secret, out.translate(drop)), (text, out)
    assert [r.text for r in red.redact_many(["nothing here", *texts])][1:] == alone


LOOK_ALIKES = [
    "e.g. i.e. a.k.a. U.S.A. n.b. p.s. r.s.v.p. q.v.",
    "steps: a. b. c. d. e. f. g. h. i. j. k. l. m.",
    "| a |b| c |d | e| f |g| h |i | j| k |l |",
    "coords x, y,z, w,u, v, s,t, r, q,p, o",
    "version 1. 2.3. 4.5 .6. 7.8 .9. 0.1 .2",
    "A - B- C -D - E- F -G - H- I -J - K- L",
    "wait. . . what. . . no. . . yes. . .",
    "choose 1,2, 3,4, 5,6, 7,8, 9,0, 1,2",
]


def test_a_mixed_gap_key_is_blanked_and_the_mixed_gap_look_alikes_beside_it_are_kept() -> None:
    """Mixed-gap text that holds no key (initials, lettered steps, tables, coordinates, versions)
    reads as written: the readings find nothing in it, so only the key's run is blanked."""
    text, secret = _corpus_keys()[0]
    key = _mixed(secret, WRITINGS["dots"], random.Random(23))
    body = "\n".join([*LOOK_ALIKES, f"deploy with {key} today", *LOOK_ALIKES])
    out = get_redactor().redact(body).text
    assert out.startswith("\n".join(LOOK_ALIKES) + "\ndeploy with [REDACTED:"), out
    assert out.endswith("] today\n" + "\n".join(LOOK_ALIKES)), out
    assert not leaked(secret, out.replace(".", "").replace(" ", "")), out
