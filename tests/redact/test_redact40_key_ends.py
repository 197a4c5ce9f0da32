"""Self-identifying keys followed by an ordinary character (issue 15, redact40; `_keyend.py`).

A new user found real, correctly shaped keys stored raw: an OpenAI project key followed by `:443`, `-prod`,
`_old`, `=`, `~`, `%`, `^`, `+` or `$`; an old-style OpenAI key and an Anthropic key followed by `_` or `_old`;
Deno, Cerebras, Neon and Vercel keys followed by `=`, `:443` or `~`. The engines' rules end a key only before a
space, a quote, `;` or a word boundary. Keys here are random, drawn from a seed hypothesis chooses; the look-alikes
are bodies that are not random, prefixes inside a word or a Base64 run, and markers without a key around them.
"""

from __future__ import annotations

import random
import string

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from memeval.redact import get_redactor

ALNUM = string.ascii_letters + string.digits


def _key(provider: str, rng: random.Random) -> str:
    """A random key of `provider`'s documented shape (`PROVIDERS`)."""

    def rnd(n: int, chars: str = ALNUM) -> str:
        return "".join(rng.choice(chars) for _ in range(n))

    shapes = {
        "openai_proj": lambda: "sk-proj-" + rnd(58) + "T3BlbkFJ" + rnd(58),
        "openai_old": lambda: "sk-" + rnd(20) + "T3BlbkFJ" + rnd(20),
        "anthropic": lambda: "sk-ant-api03-" + rnd(93) + "AA",
        "github": lambda: "ghp_" + rnd(36),
        "stripe": lambda: "sk_live_" + rnd(24),
        "gitlab": lambda: "glpat-" + rnd(20),
        "deno": lambda: "ddp_" + rnd(36),
        "cerebras": lambda: "csk-" + rnd(48, string.ascii_lowercase + string.digits),
        "neon": lambda: "napi_" + rnd(64),
        "vercel": lambda: "vcp_" + rnd(56),
    }
    return shapes[provider]()


PROVIDERS = ["openai_proj", "openai_old", "anthropic", "github", "stripe", "gitlab"]
PROVIDERS += ["deno", "cerebras", "neon", "vercel"]
TRAILING = [":", ":443", "-", "-prod", "_", "_old", "/", "@", "#", "|", "=", "&", "?", "!", ",", ")", ".", "~", "%"]
TRAILING += ["^", "*", "+", "$", "\\", ">", "'", '"', "]", "}"]
AMBIGUOUS = {("vercel", "-"), ("vercel", "_")}
"""A bare `-`/`_` then a space after a key whose class holds them (`vcp_` + 56 of `[A-Za-z0-9_-]`): a key one
character longer reads the same way, and is not taken (the report says so)."""


def _raw_pieces(key: str, text: str) -> list[str]:
    """The 12-character pieces of `key` left in `text`."""
    return [key[i : i + 12] for i in range(len(key) - 11) if key[i : i + 12] in text]


@pytest.mark.parametrize("provider", PROVIDERS)
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_a_random_key_is_blanked_before_every_trailing_character(provider: str, seed: int) -> None:
    """On main the OpenAI and Anthropic keys, and Deno, Cerebras, Neon and Vercel ones, stay raw after some."""
    key = _key(provider, random.Random(seed))
    red = get_redactor()
    raw = {}
    for trailing in TRAILING:
        if (provider, trailing) in AMBIGUOUS:
            continue
        out = red.redact(f"token {key}{trailing} here").text
        if pieces := _raw_pieces(key, out):
            raw[trailing] = pieces[0]
    assert raw == {}, f"{provider} key stored raw after {sorted(raw)}"


def test_only_the_format_is_blanked_and_named() -> None:
    rng = random.Random(7)
    key = "ddp_" + "".join(rng.choice(ALNUM) for _ in range(36))
    out = get_redactor().redact(f"see {key}:443/v1 ok")
    assert out.text == "see [REDACTED:DENO_ACCOUNT_TOKEN]:443/v1 ok"
    assert [f.detector for f in out.findings] == ["memeval:key-end:deno-account-token"]
    openai = "sk-proj-" + "".join(rng.choice(ALNUM) for _ in range(58)) + "T3BlbkFJ"
    openai += "".join(rng.choice(ALNUM) for _ in range(58))
    out = get_redactor().redact(f"key {openai}-production-eu-west-1 here")
    assert out.text == "key [REDACTED:OPENAI_API_KEY]-production-eu-west-1 here"


LOOK_ALIKES = [
    "ddp_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa=x",  # one letter: not a key body
    "xddp_qz538MNyqwfETb1ikqeqHiqA9Aa9Pv22yzmw=1",  # the prefix inside a word
    "...6wqX6fN+ddp_qz538MNyqwfETb1ikqeqHiqA9Aa9Pv22yzmw+EZAK...",  # inside a Base64 run
    "sk-ant-api03-" + "x" * 93 + "AA_old",  # a placeholder
    "sk-proj-" + "X" * 58 + "T3BlbkFJ" + "X" * 58 + ":443",  # a placeholder
    "the marker T3BlbkFJ alone, and AZDO: a word",
    "csk-" + "0123456789" * 4 + "abcdefgh" + "_old",  # a counting run
    # betterleaks' negative example for Infracost (fresh6): a file name, the prefix after `name.`
    "http://assets.r7.com/assets/media_box_tv_tres_colunas/video_box.ico-7a388b69018576d24b59331fd60aab0c.png",
    "see build_x-ddp_qz538MNyqwfETb1ikqeqHiqA9Aa9Pv22yzmw.txt",  # the prefix after `name-`
]


@pytest.mark.parametrize("text", LOOK_ALIKES)
def test_look_alikes_are_not_read_as_ended_keys(text: str) -> None:
    from memeval.redact._keyend import KeyEndRecognizer

    assert KeyEndRecognizer().analyze(text, []) == []
    assert get_redactor().redact(text).findings == ()


def test_camel_case_words_after_a_prefix_are_not_read_as_a_key() -> None:
    """The truncated-token reader blanks this one already (on main too); the ended-key reader does not read it."""
    from memeval.redact._keyend import KeyEndRecognizer

    assert KeyEndRecognizer().analyze("ddp_requiredCharacteristicTypesForDispl=1", []) == []


def test_a_key_followed_by_a_letter_or_digit_is_not_ended_here() -> None:
    """A key of another length (scanners' "one too many" negatives): left to `_glued` and the full rules."""
    from memeval.redact._keyend import KeyEndRecognizer

    rng = random.Random(3)
    key = "ddp_" + "".join(rng.choice(ALNUM) for _ in range(36))
    rec = KeyEndRecognizer()
    assert rec.analyze(f"{key}7=", []) == []
    assert rec.analyze(f"{key} x", []) == []  # a space: the full rules read it
    assert [(r.start, r.end) for r in rec.analyze(f"{key}~", [])] == [(0, 40)]


def test_markers_are_derived_from_the_rules_secret_groups() -> None:
    from memeval.redact._keyend import derive_all_marked, derive_marked, secret_group

    ids = {r.rule_id for r in derive_all_marked()}
    assert {"betterleaks.openai-api-key", "betterleaks.anthropic-api-key", "noseyparker-azure.4"} <= ids
    assert derive_marked("r", "R", r"\b([0-9a-zA-Z]{22}tt)\b") is None  # a short marker, no prefix
    assert derive_marked("r", "R", r"\b(ghp_[0-9a-zA-Z]{36})\b") is None  # no marker
    rule = derive_marked("r", "R", r"\b(sk-[a-z0-9]{4}T3BlbkFJ[a-z0-9]{4}\b|x)(?:[\s;]|$)")
    assert rule is not None and rule.screen == "t3blbkfj" and "\\b" not in rule.pattern.pattern
    assert secret_group(r"(?x) \b (?P<secret> a(b)c ) \b") == " a(b)c "
    assert secret_group(r"k[(]\s(x[)]y)") == "x[)]y"
