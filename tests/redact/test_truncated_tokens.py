"""The first half of a self-identifying token cut short is blanked, by patterns derived from the scanners' rules.

A breaker split a GitHub token over two memory events (`... is ghp_` + 20 characters, then the
rest); the full-length rule passed both halves. `_truncated` derives, from every kingfisher rule
that starts with a literal prefix and a counted class, a pattern for that prefix followed by
8 or more (and fewer than the full count) characters of the class.
"""

from __future__ import annotations

import random
import re
import string

import pytest
from corpus_contexts import load_corpus

from memeval.redact import get_redactor
from memeval.redact._truncated import MIN_BODY, TruncatedTokenRecognizer, derive, derive_all, parse_head


@pytest.fixture(scope="module")
def rules():  # type: ignore[no-untyped-def]
    return derive_all()


def test_the_head_of_a_rule_is_read_from_its_regex() -> None:
    assert parse_head("ghp_[0-9a-zA-Z]{36}") == (("ghp_",), False, "[0-9a-zA-Z]", False, 36)
    assert parse_head(r"\b(hf_(?i:[a-z]{34}))(?:[\s;]|$)") == (("hf_",), False, "[a-z]", True, 34)
    heads = parse_head(r"\b((?:A3T[A-Z0-9]|AKIA|ASIA|ABIA|ACCA)[A-Z2-7]{16})\b")
    assert heads is not None and heads[0] == ("AKIA", "ASIA", "ABIA", "ACCA")  # A3T[A-Z0-9] is not literal
    assert parse_head("(?:ghu|ghs)_[0-9a-zA-Z]{36}") == (("ghu_", "ghs_"), False, "[0-9a-zA-Z]", False, 36)
    assert parse_head(r"(?i)\b(csk-[a-z0-9]{48})") == (("csk-",), True, "[a-z0-9]", True, 48)
    # a keyword rule (the secret follows `stripe ... =`), a prefix naming no provider, too short a body
    assert derive("x.kw", r"(?i)(?:stripe)(?:[ \t\w.-]{0,20})[\s'\"]{0,3}(?:=|:)([a-z0-9]{32})") is None
    assert derive("x.jwt", r"\b(ey[a-zA-Z0-9]{17,}\.ey[a-zA-Z0-9\/\\_-]{17,})") is None
    assert derive("x.short", r"\b(pk-lf-[a-f0-9]{8})") is None


def test_the_named_providers_are_derived(rules) -> None:  # type: ignore[no-untyped-def]
    prefixes = {p for r in rules for p in r.prefixes}
    for p in ("ghp_", "gho_", "github_pat_", "glpat-", "xoxb-", "sk-ant-api03-", "hf_", "AKIA", "npm_", "AIza"):
        assert p in prefixes, p
    assert len(rules) >= 150 and len(prefixes) >= 150, (len(rules), len(prefixes))
    assert all(r.full_min > MIN_BODY for r in rules)


def _body(pattern: str, n: int, rnd: random.Random) -> str:
    """`n` characters the class admits, using two of lower/upper/digit when it has them."""
    admitted = [c for c in string.ascii_letters + string.digits + "_-+/=." if re.fullmatch(pattern, c)]
    alnum = [c for c in admitted if c.isalnum()] or admitted
    while True:
        body = "".join(rnd.choice(alnum) for _ in range(n))
        kinds = sum(any(f(c) for c in body) for f in (str.islower, str.isupper, str.isdigit))
        if kinds >= min(2, sum(any(f(c) for c in alnum) for f in (str.islower, str.isupper, str.isdigit))):
            return body


def test_every_derived_rule_blanks_its_cut_token(rules) -> None:  # type: ignore[no-untyped-def]
    rnd = random.Random(15)
    cases = []
    for r in rules:
        n = rnd.randint(MIN_BODY, min(r.full_min - 1, 40))
        cases.append((r.rule_id, r.prefixes[0] + _body(r.body_class, n, rnd)))
    outs = get_redactor().redact_many([f"The deploy token is {tok}" for _, tok in cases])
    missed = [(rule, out.text) for (rule, tok), out in zip(cases, outs, strict=True) if tok in out.text]
    assert not missed, missed[:10]
    left = [(rule, out.text) for (rule, tok), out in zip(cases, outs, strict=True) if tok[-MIN_BODY:] in out.text]
    assert not left, left[:10]


def test_the_split_github_token_first_half_is_blanked_as_a_github_token() -> None:
    rnd = random.Random(7)
    first = "ghp_" + _body("[0-9a-zA-Z]", 20, rnd)
    red = get_redactor().redact(f"The deploy token is {first}")
    assert red.text == "The deploy token is [REDACTED:GITHUB_TOKEN]", red.text
    assert [f.detector for f in red.findings] == ["kingfisher-truncated:github-pat"]


PROSE = [
    "The deploy token is ghp_",
    "GitHub classic tokens start with ghp_ and fine-grained ones with github_pat_.",
    "Anthropic keys begin sk-ant- followed by api03; never paste one here.",
    "AKIA alone marks a long-lived AWS key id.",
    "set ghp_deprecated_setting to false",
    "the hf_transfer package speeds up downloads",
    "run cli_commands before the smoke tests",
    "token: ghp_XXXXXXXXXXXX",
    "glpat-xxxxxxxxxxxxxxxxxxxx is the placeholder in the runbook",
]


def test_prefix_like_words_and_look_alikes_are_untouched(rules) -> None:  # type: ignore[no-untyped-def]
    prefixes = {p.lower() for r in rules for p in r.prefixes}
    corpus = [i.text for i in load_corpus() if i.group == "lookalike" and any(p in i.text.lower() for p in prefixes)]
    assert (
        len(corpus) >= 5
    )  # the corpus's look-alikes that carry a derived prefix (`api-`, `ghp_XXX`, `AKIA...EXAMPLE`)
    texts = PROSE + corpus
    touched = [
        (t, out.findings) for t, out in zip(texts, get_redactor().redact_many(texts), strict=True) if out.findings
    ]
    assert not touched, touched


def _candidates_by_in(rec: TruncatedTokenRecognizer, text: str) -> list[object]:
    """The candidate rules as testing every prefix with `in` picks them (the definition)."""
    picked = [r for p, rs in rec._by_prefix.items() if p in text for r in rs]
    picked += [r for p, rs in rec._by_lower_prefix.items() if p in text.lower() for r in rs]
    return list(dict.fromkeys(picked))


def test_candidate_rules_are_those_of_the_prefixes_present_in_table_order(rules) -> None:  # type: ignore[no-untyped-def]
    """`_candidates` (prefixes found by one native scan) picks what testing each prefix with `in` picks, in order."""
    rec = TruncatedTokenRecognizer(rules)
    rec.load()
    prefixes = [p for r in rules for p in r.prefixes]
    rnd = random.Random(17)
    glue = [" ", "\n", "x", "Ab9", "é", "_", "-", ""]
    texts = [" ".join(rnd.choice(prefixes) + rnd.choice(glue) for _ in range(rnd.randint(0, 12))) for _ in range(300)]
    texts += [t.upper() for t in texts[:50]] + [t.lower() for t in texts[50:100]]
    texts += [c.text for c in load_corpus()][:2000] + ["", "a", "AKIA", "akia", "ghp_ghp_"]
    picked_any = 0
    for text in texts:
        assert rec._candidates(text) == _candidates_by_in(rec, text), text[:80]
        picked_any += bool(rec._candidates(text))
    assert picked_any > 300
