"""This round's rules and readings, and the fresh rows they fix (issue 15, fifth fresh check).

`tests/fixtures/redact_corpus/corpus_fresh5.jsonl` (written by
`tests/fixtures/redact_fresh5/select_rows5.py`): hand examples of every rule added to
`rules/context.toml` in this round (Shopify and Cloudflare tokens of the newer formats, GitHub
installation tokens holding a JWT, SendGrid keys glued to words, IBAN shapes after a payment word)
and of the two new readings (`_gaps`: keys split by visible gaps, keys reversed behind a
right-to-left override), with look-alikes they must keep, and rows of the fifth fresh corpus that
main stored raw. Each positive is blanked in six contexts here; the slow corpus test
(`test_redact_corpus.py`) puts every row in all 46.
"""

from __future__ import annotations

from collections import Counter

import pytest
from corpus_contexts import CONTEXTS, FRESH5_ROWS, load_corpus, missed_in

from memeval.redact import get_redactor
from memeval.redact._context import load_rules
from memeval.redact._gaps import gap_view, rlo_view

ROWS = load_corpus((FRESH5_ROWS,))
FEW = [
    c for c in CONTEXTS if c[0] in ("plain", "period-after", "json-object", "url-encoded", "cyrillic-glued", "md-bold")
]
NEW_RULES = (
    "shopify-token-any-alnum",
    "cloudflare-prefixed-token",
    "github-installation-jwt",
    "sendgrid-key-glued",
    "iban-payment-word",
)
READINGS = ("gap-joined", "reversed")


def test_rows_have_provenance_and_count() -> None:
    groups = Counter(i.group for i in ROWS)
    assert groups["credential"] >= 40 and groups["pii"] >= 15 and groups["lookalike"] >= 100, groups
    assert all(i.source and (i.secrets or i.group == "lookalike") for i in ROWS)
    hand = {i.label for i in ROWS if i.source.startswith("memeval:hand")}
    assert [r for r in NEW_RULES + READINGS if not any(h.startswith(r) for h in hand)] == []


def test_new_rules_are_loaded() -> None:
    assert set(NEW_RULES) <= {r.id for r in load_rules()}


@pytest.mark.parametrize("ctx", FEW, ids=[c[0] for c in FEW])
def test_fresh5_rows_are_blanked(ctx) -> None:  # noqa: ANN001 - (name, wrap)
    missed = missed_in(ROWS, ctx)
    assert missed == [], missed[:20]


def test_fresh5_look_alikes_are_left_alone() -> None:
    items = [i for i in ROWS if i.group == "lookalike"]
    outs = get_redactor().redact_many([i.text for i in items])
    assert [i.label for i, out in zip(items, outs, strict=True) if out.findings] == []


KEY = "ghp_" + "Zq7RkP2mXw9LtB4vN8cY1sHd6JfG3aE5uQ0i"  # 36 characters after the prefix; made up here


@pytest.mark.parametrize(
    ("text", "blanked"),
    [
        (f"token {KEY[:18]}\n{KEY[18:]} end", True),  # wrapped onto a second line
        (f"token {KEY[:22]}\u00a0{KEY[22:]} end", True),  # a no-break space inside
        (f"token {' '.join(KEY[i : i + 4] for i in range(0, 40, 4))} end", True),  # groups of 4
        (f"token \u202e{KEY[::-1]}\u202c end", True),  # reversed behind a right-to-left override
        ("ghp_ tokens are 40 characters long", False),  # prose after the prefix: lower-case words
        ("AKIA IOSF are the first characters", False),  # too short once joined
        ("name \u202eolleh\u202c shown reversed", False),
    ],
)
def test_breaker_forms(text: str, blanked: bool) -> None:
    out = get_redactor().redact(text)
    assert bool(out.findings) is blanked, out.text
    if blanked:
        assert KEY[4:16] not in out.text and KEY[::-1][4:16] not in out.text and KEY[-12:] not in out.text


def test_a_whole_token_is_not_joined_to_the_word_after_it() -> None:
    out = get_redactor().redact(f"token {KEY} Here2 and more")
    assert out.text == "token [REDACTED:GITHUB_TOKEN] Here2 and more"
    assert gap_view(f"{KEY} Here2", {"ghp_": 40}) is None


def test_rlo_view_maps_each_character_back() -> None:
    view = rlo_view("a \u202ecba\u202c d")
    assert view is not None and view.text == "a abc\u202c d"
    assert [view.orig[i] for i in range(2, 5)] == [5, 4, 3]  # type: ignore[index]


@pytest.mark.parametrize(
    ("text", "blanked"),
    [
        ("please wire to BD59ESEW805471206 by Friday", True),  # Faker bn_BD: mod-97 valid
        ("please wire to BD60ESEW805471206 by Friday", False),  # one check digit off
        ("lost in somSG.PtYgjmUhBel31iEl2hpChY.gCfrL1spNxnyVmihA_2O76UMFxFkM_R5Kjp1vRt-1fjwhere", True),  # made up
        ("see SG.1 and SG.2 of the style guide", False),
    ],
)
def test_round5_shapes(text: str, blanked: bool) -> None:
    out = get_redactor().redact(text)
    assert bool(out.findings) is blanked, out.text
