"""`_batch.crossing` runs a rule over a batch only when the batch holds a string every match of it holds.

The pre-filter (`memeval/redact/_prefilter.py`) must never leave out a rule that would have matched:
a rule left out is a match not seen, and a match the scanners dropped (an allow-listed value) can
still have taken the next text's credential (`test_batch_cross_text.py`). So every match any rule
makes, in the whole owned corpus, the fresh corpora (the scanners' own examples for their rules) and
the planted attacks, and in texts generated from each rule's own pattern, holds one of its strings;
and the same check catches a filter broken on purpose.
"""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
import regex
from corpus_contexts import load_corpus
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from memeval.redact._batch import Joined, _edge_patterns, _rule_patterns, crossing, join
from memeval.redact._prefilter import Need, fold, needs, present

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
CURL_LINE = "curl -X POST https://api.example.com/v1/items \\"
PLANTED = [
    CURL_LINE,
    'curl -u ":Q7wErT9yUi0pAs" https://localhost:9200\ncurl --user deploy:changeme https://b.example.com',
    "  --user ops:Zx8Cv7Bn6Mm5Ll\n  -u ':Kk4Jj3Hh2Gg1Ff'",
    'curl -u "ops:$PASS" x',
    "CLOUDINARY_API_KEY=123456789012345",
    'cloudinary_secret = "aB3dE5gH7jK9mN1pQ3sT5vW7yZ9bC1dE"',
    "http://a1b2c3d4:e5f6a7b8@enterprise.contribsys.com",
    "id: http://a1b2c3d4:e5f6a7b8@enterprise.contribsys.com",
    "AUTH0_DOMAIN=dev-k7q2w9.us.auth0.com\nAUTH0_CLIENT_SECRET=Hn3Jm5Kp7Lq9Mr2Ns4Pt6Qv8Rw0Sx1Ty3Uz5Va7\n",
    "-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASCQ7wErT9yUi0pAs\n-----END PRIVATE KEY-----",
    "password:",
    'api_key =\n\n\n"Q7wErT9yUi0pAsZx8Cv7Bn6Mm5Ll"',
]
"""The attacks of `test_batch_cross_text.py` and `tests/audit/test_batch_cross_text_stored.py`, spelled out."""


@functools.cache
def _patterns() -> tuple[regex.Pattern[str], ...]:
    """Every pattern `crossing` may leave out: the rules that can cross, and the edge pass's patterns."""
    rules, edges = _rule_patterns(), _edge_patterns()
    assert rules is not None and edges is not None
    return (*(p for p, _ in rules), *(e for e, _, _ in edges))


@functools.cache
def _texts() -> tuple[str, ...]:
    """The owned corpus, the six fresh corpora (every group: look-alikes too) and the planted attacks."""
    fresh = tuple(sorted(FIXTURES.glob("redact_fresh*/*.jsonl")))
    assert len(fresh) >= 6, fresh
    return (*(i.text for i in load_corpus()), *(i.text for i in load_corpus(fresh)), *PLANTED)


def misses(needs_of: Callable[[str], Need], text: str) -> list[tuple[str, str]]:
    """(pattern, match) of every match in `text`, from any position, holding none of `needs_of(pattern)`."""
    out = []
    for p in _patterns():
        need = needs_of(p.pattern)
        if need is None:
            continue
        for m in p.finditer(text, overlapped=True, timeout=30):
            if not present(need, fold(m.group())):
                out.append((p.pattern, m.group()))
    return out


def test_every_match_in_the_corpora_and_the_attacks_holds_one_of_its_rules_strings() -> None:
    joined = "\n\n\n".join(_texts())
    assert misses(needs, joined) == []
    matched = sum(1 for p in _patterns() if p.search(joined, timeout=30))
    assert matched >= 200, matched  # of 266: the check reads real matches of nearly every rule
    assert sum(needs(p.pattern) is not None for p in _patterns()) >= 250  # and the filter reads nearly all


def _dropping_alternatives(pattern: str) -> Need:
    n = needs(pattern)
    return None if n is None else frozenset({max(n)})


def _one_longer(pattern: str) -> Need:
    n = needs(pattern)
    return None if n is None else frozenset(s + "=" for s in n)


def _cased(pattern: str) -> Need:
    n = needs(pattern)
    return None if n is None else frozenset(s.upper() for s in n)


@pytest.mark.parametrize("broken", [_dropping_alternatives, _one_longer, _cased])
def test_the_check_catches_a_broken_filter(broken: Callable[[str], Need]) -> None:
    assert misses(broken, "\n\n\n".join(_texts())), broken.__name__


@functools.cache
def _from_pattern(k: int) -> st.SearchStrategy[str]:
    return st.from_regex(_patterns()[k].pattern)


@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.data())
def test_texts_made_from_each_rules_own_pattern_hold_its_strings(data: st.DataObject) -> None:
    """Hypothesis writes texts from the pattern itself (`re`'s reading, checked again under `regex`)."""
    k = data.draw(st.integers(0, len(_patterns()) - 1))
    text = data.draw(_from_pattern(k))
    p = _patterns()[k]
    need = needs(p.pattern)
    for m in p.finditer(text, overlapped=True, timeout=30):
        assert need is None or present(need, fold(m.group())), (p.pattern, m.group(), need)


def test_every_character_regex_matches_case_insensitively_with_an_ascii_one_folds_to_its_fold() -> None:
    """The one place the filter leans on Unicode: `ı`, `İ`, the Kelvin sign, the long `s` (`_prefilter.fold`)."""
    every = "".join(chr(c) for c in range(sys.maxunicode + 1) if not 0xD800 <= c <= 0xDFFF)
    wrong = []
    for c in map(chr, range(128)):
        for pattern in (f"(?i){regex.escape(c)}", f"(?i)[{regex.escape(c)}]"):
            wrong += [(c, m.group()) for m in regex.finditer(pattern, every) if fold(m.group()) != fold(c)]
    for lo, hi in (("a", "z"), ("A", "Z"), ("0", "9"), ("!", "~")):  # a range reads its characters so too
        folds = {fold(chr(c)) for c in range(ord(lo), ord(hi) + 1)}
        found = regex.finditer(f"(?i)[{lo}-{hi}]", every)
        wrong += [(lo + hi, m.group()) for m in found if fold(m.group()) not in folds]
    assert wrong == []


def _batches() -> list[Joined]:
    items = [i.text for i in load_corpus() if i.group == "credential"]
    out = []
    for prefix in (CURL_LINE, "-----BEGIN PRIVATE KEY-----", "password:"):
        batch = [t for text in items[::3] for t in (prefix, text)]
        out += [join(batch[k : k + 100]) for k in range(0, len(batch), 100)]
    return [*out, join(PLANTED), join(PLANTED[::-1]), join(["hello", "world"])]


def test_crossing_with_the_filter_answers_as_without_it() -> None:
    crossed = 0
    for joined in _batches():
        # No wall-clock cut-off: at 0.5 s (the default) a loaded machine ends the unfiltered search early and
        # it answers "every text" (its fail-safe), which is not the answer being compared (seen once in a suite).
        got = crossing(joined, 600.0)
        assert got == crossing(joined, 600.0, prefilter=False), joined.text[:300]
        crossed += len(got)
    assert crossed > 0  # the batches do cross: the check compares real answers


@pytest.mark.parametrize(
    ("pattern", "strings"),
    [
        (r"(?i)ghp_[a-z0-9]{36}", {"ghp_"}),
        (r"(?:[Ss])(?:[Kk])\-(?:[0-9A-Fa-f]){32}", {"sk-"}),
        (r"(?i)(?:ibm(?:cloud)?|bx)\s*=\s*(\w+)", {"ibm", "bx"}),
        (r"(?:ab|cd)?x\d+", {"x"}),
        (r"(?:ab|cd){2}", {"abab", "abcd", "cdab", "cdcd"}),
        (r"KEY=(?i:Secret)", {"key=secret"}),
        (r"a*\d+", None),  # nothing every match holds
        (r"(?=secret)\w+", None),  # a lookahead's text is not the match's
        (r"(a)\1", {"a"}),  # the back reference is not read; the group is
        (r"\p{L}+token", None),  # not `re` syntax: always run
        (r"[[:alpha:]]+key", None),  # `re` warns it may read it otherwise: always run
        (r"(?i)İkey", {"key"}),  # a non-ASCII literal is not read
        (r"(?i)\bkind:[ \t]*secret(?s:.){0,1000}?\bdata:", {"secret"}),  # the longest of three
    ],
)
def test_the_strings_read_from_a_pattern(pattern: str, strings: set[str] | None) -> None:
    assert needs(pattern) == (None if strings is None else frozenset(strings))
