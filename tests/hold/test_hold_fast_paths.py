"""The hold detector's fast paths give the very assessments of the slow ones.

Two fast paths (`memeval/hold/_screen.py`, `memeval/hold/_batch.py`):
- the rule screen skips a rule only when its pattern cannot match; checked here against running
  every rule, on every hold fixture text, the labelled lists, the sample week's texts and random
  texts (hypothesis, plus a few thousand generated from rule words);
  over the fixture and sample texts the slow answers are pinned (`hold_reference`, made by
  `python tests/hold/hold_reference.py`, refused when made from other code or texts): the detector's
  matches with every rule run, chunk by chunk, and which rules' patterns match each normalised
  reading, so the checks run only the fast path;
- `assess_many` computes the n-gram classifier's probabilities of a batch together; checked
  against `assess` one text at a time, field for field (held, score, reasons, detector).
"""

from __future__ import annotations

import functools
import json
import random
import re
import sys
from collections.abc import Sequence
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import memeval.hold._detector as detector_module
import memeval.hold._screen as screen_module
from memeval.hold import SOURCES, _rules, get_hold_detector
from memeval.hold._batch import assess_many, probabilities
from memeval.hold._normalize import normalize
from memeval.hold._screen import RuleScreen, pattern_need, screen_for

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(Path(__file__).resolve().parent))

from hold_heldout import HELDOUT  # noqa: E402
from hold_reference import (  # noqa: E402
    CHUNK,
    PROBE,
    REMAKE,
    answers_digest,
    assert_same_as_slow,
    assessed_one_by_one,
    float_probe,
    masked,
    pinned,
    pinned_floats,
    screen_readings,
)
from hold_tuning import TUNING  # noqa: E402

ALL_RULES = tuple(r for name in dir(_rules) if re.fullmatch(r"RULES(?:_V\d+)?", name) for r in getattr(_rules, name))
"""Every rule table of `_rules` (`RULES`, `RULES_V2`...), so a table added later is covered too."""


def _fixture_texts() -> list[tuple[str, str]]:
    """(text, source) of every hold fixture (tests/fixtures/hold_*/*.jsonl) and labelled list."""
    out = [(text, source) for source, _, text in TUNING + HELDOUT]
    for path in sorted(ROOT.glob("tests/fixtures/hold_*/*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                row = json.loads(line)
                source = row.get("source") if row.get("source") in SOURCES else "agent"
                out.append((row["text"], source))
    return out


def _sample_texts() -> list[tuple[str, str]]:
    """(text, source) of the Fernhill sample week's memories, lessons and other free text."""
    sys.path.insert(0, str(ROOT / "samples" / "fernhill" / "audit"))
    from make_week import build  # the sample's own generator

    out = []
    for e in build():
        pl = e.get("payload", {})
        for key in ("text", "reason", "comment", "a_text", "b_text"):
            if isinstance(pl.get(key), str):
                out.append((pl[key], pl.get("source") if pl.get("source") in SOURCES else "agent"))
    return out


# Read on first use, not at import: every xdist worker imports this module to collect it.
@functools.cache
def _fixtures() -> tuple[tuple[str, str], ...]:
    """`_fixture_texts()`, read once per process."""
    return tuple(_fixture_texts())


@functools.cache
def _sample() -> tuple[tuple[str, str], ...]:
    """`_sample_texts()`, built once per process."""
    return tuple(_sample_texts())


def _rule_words() -> list[str]:
    """Words and pieces of the rules' own patterns, so random texts come near the rules."""
    words = set()
    for rule in ALL_RULES:
        words.update(w for w in re.findall(r"[^\W\d_]{2,}|[<|>\[\]#:`'\"/.=-]+", rule.pattern.pattern) if len(w) < 20)
    return sorted(words)


def _random_texts(n: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    words = _rule_words() + [t.split()[k] for t, _ in _fixtures()[:400] for k in range(min(3, len(t.split())))]
    glue = [" ", " ", " ", "\n", ", ", ". ", ": ", " `", "` ", ' "', '" ', "\u200b", "-", "_", "/", " the ", " to "]
    out = []
    for _ in range(n):
        parts = [rng.choice(words) + rng.choice(glue) for _ in range(rng.randint(1, 40))]
        text = "".join(parts)
        if rng.random() < 0.3:
            text = text.upper() if rng.random() < 0.5 else text.title()
        out.append(text)
    return out


def _matches_without_screen(text: str, source: str) -> list[tuple[str, float, int, int]]:
    """The rule detector's matches with every rule run (the screen replaced by "every rule may match")."""

    real = screen_module.rules_skipped
    screen_module.rules_skipped = lambda t, m: set()  # the test's stand-in: no rule skipped
    try:
        return detector_module.RuleDetector()._find(text, source, depth=0)  # type: ignore[arg-type]  # a Source
    finally:
        screen_module.rules_skipped = real


def _screened_matches(text: str, source: str) -> list[tuple[str, float, int, int]]:
    return detector_module.RuleDetector()._find(text, source, depth=0)  # type: ignore[arg-type]  # a Source


def test_every_rule_has_a_screen_condition_that_can_skip_it() -> None:
    """The screen reads every pattern of the current table (none left always-run by a parse failure)."""
    unscreened = [r.name for r in ALL_RULES if pattern_need(r.pattern) is True]
    assert unscreened == [], f"rules the screen never skips: {unscreened}"


def test_every_rule_the_detector_runs_is_in_a_screened_table() -> None:
    """A table the detector imports but `_rules` does not name is never screened: all its rules run on every text.

    (rules/12's and rules/16's tables were such until this check: 9 rules run on every text, about
    half of the detector's CPU on the ingest bench.)
    """
    screened = {id(r) for r in ALL_RULES}
    for version in (13, 14, 15, 16):
        run = detector_module.RuleDetector(version=version)._rules
        assert [r.name for r in run if id(r) not in screened] == [], f"rules/{version}: rules the screen never reads"


def test_the_screen_skips_most_rules_on_benign_text() -> None:
    screen = screen_for(ALL_RULES)
    texts = [normalize(t).text for t, _ in _sample()]
    run = sum(sum(screen.possible(t)) for t in texts)
    assert run < 0.2 * len(texts) * len(ALL_RULES), f"{run / len(texts):.1f} rules a text pass the screen"


@pytest.mark.slow
def test_the_screen_never_skips_a_rule_that_matches_a_fixture_or_sample_text() -> None:
    # What is checked depends on the normalised reading alone, and most variants share one (normalising
    # folds case): each reading checked once (18,072 here), named by its first variant.
    readings = screen_readings(t for t, _ in _fixtures() + _sample())
    # which rules' patterns match each reading (`search`, on the masked reading for a markup rule): pinned
    truth = {hit[0]: hit[1:] for hit in pinned("screen_truth", list(readings))["matching"]}
    screen = RuleScreen(ALL_RULES)
    for i, (t, variant) in enumerate(readings.items()):
        possible = screen.possible(t, masked(t))
        for j in truth.get(i, ()):
            assert possible[j], (ALL_RULES[j].name, variant[:80])


@pytest.mark.slow  # 36-94 s in the full suite before the reference was pinned
def test_screened_rules_find_the_same_matches_as_every_rule_run() -> None:
    texts = _fixtures() + _sample()
    screened = [_screened_matches(text, source) for text, source in texts]
    assert_same_as_slow("every_rule", texts, screened, _every_rule_run)


def _every_rule_run(chunk: Sequence[tuple[str, str]]) -> list[list[tuple[str, float, int, int]]]:
    """`_matches_without_screen` of each (text, source) of `chunk`: the slow path a pinned chunk that differs runs."""
    return [_matches_without_screen(text, source) for text, source in chunk]


def _generated_items() -> list[tuple[str, str]]:
    """The (text, source) items `test_screened_rules_find_the_same_matches_on_thousands_of_generated_texts` reads."""
    return [(text, "tool") for text in _random_texts(2000, seed=17)]


@pytest.mark.slow
def test_screened_rules_find_the_same_matches_on_thousands_of_generated_texts() -> None:
    # every rule run over the same texts is pinned as for the fixture texts (`hold_reference`, suite51): a chunk
    # whose screened matches differ from the pin is run again with every rule here and compared text by text
    items = _generated_items()
    screened = [_screened_matches(text, source) for text, source in items]
    assert_same_as_slow("every_rule:generated", items, screened, _every_rule_run)


@pytest.mark.slow
@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(max_size=300))
def test_screened_rules_find_the_same_matches_on_random_unicode(text: str) -> None:
    assert _screened_matches(text, "web") == _matches_without_screen(text, "web")


def test_batched_probabilities_are_the_same_floats() -> None:
    model = get_hold_detector().classifier.model  # type: ignore[attr-defined]  # the default RulesWithClassifier
    texts = [t for t, _ in _fixtures() + _sample()] + _random_texts(500, seed=5) + ["", " ", "a", "x" * 5000]
    for k in range(0, len(texts), 97):
        chunk = texts[k : k + 97]
        assert probabilities(model, chunk) == [model.probability(t) for t in chunk]


def _batched_items() -> list[tuple[str, str]]:
    """The (text, source) items `test_assess_many_gives_the_assessments_of_assess` assesses."""
    items = [(t, s) for t, s in _fixtures() + _sample()] + [(t, "person") for t, _ in _fixtures()[:200]]
    return items + [(t, SOURCES[i % len(SOURCES)]) for i, t in enumerate(_random_texts(600, seed=9))]


@pytest.mark.slow
def test_assess_many_gives_the_assessments_of_assess() -> None:
    det = get_hold_detector()
    items = _batched_items()
    batched = [a for k in range(0, len(items), CHUNK) for a in assess_many(det, items[k : k + CHUNK])]  # type: ignore[arg-type]
    assert_same_as_slow("assess:batched", items, batched, lambda chunk: assessed_one_by_one(det, chunk))


def _spread(n: int) -> list[int]:
    """Offsets of four chunks of `n` items: the first, two between, the last."""
    return sorted({0, n // 3 // CHUNK * CHUNK, 2 * n // 3 // CHUNK * CHUNK, (n - 1) // CHUNK * CHUNK})


def test_the_pinned_rule_answers_are_what_the_slow_paths_give() -> None:
    """Four chunks of each entry of pinned rule matches and 80 readings' pinned pattern answers made again by the
    slow paths (Python's `re`, the same anywhere): a pin made wrongly, or from other code than its digest says, fails
    here."""
    texts = _fixtures() + _sample()
    for name, items in (("every_rule", texts), ("every_rule:generated", _generated_items())):
        digests = pinned(name, items)["digests"]
        for k in _spread(len(items)):
            assert answers_digest(_every_rule_run(items[k : k + CHUNK])) == digests[k // CHUNK], (name, k)
    readings = list(screen_readings(t for t, _ in texts))
    truth = {hit[0]: hit[1:] for hit in pinned("screen_truth", readings)["matching"]}
    some = sorted(truth)[:: max(1, len(truth) // 40)] + [i for i in range(0, len(readings), 97) if i not in truth][:40]
    for i in some:
        t, m = readings[i], masked(readings[i])
        assert [j for j, r in enumerate(ALL_RULES) if r.pattern.search(m if r.markup else t)] == truth.get(i, []), i


def test_the_pinned_assessments_are_what_assess_gives() -> None:
    """Four chunks of each pinned entry of assessments made again by `assess`, one text at a time.

    The scores hold `np.dot`'s floats, which another CPU or numpy may round otherwise: when `assess` of 200
    items (`float_probe`, not a path under test) is not the pinned one here, the pin was made where floats
    differ (the checks then compute each chunk that differs) and this is skipped, naming the command that pins
    on this machine."""
    det = get_hold_detector()
    batched = _batched_items()
    if float_probe(batched[:PROBE]) != pinned_floats():
        pytest.skip(f"this machine rounds the classifier's floats otherwise than the pin's: `{REMAKE}` pins here")
    for name, items in (("assess:batched", batched), ("assess:memo", _memo_items())):
        digests = pinned(name, items)["digests"]
        for k in _spread(len(items)):
            assert answers_digest(assessed_one_by_one(det, items[k : k + CHUNK])) == digests[k // CHUNK], (name, k)


def _memo_items() -> list[tuple[str, str]]:
    """`tests/audit/test_hold_memo.py`'s items."""
    sys.path.insert(0, str(ROOT / "tests" / "audit"))
    from test_hold_memo import _items

    return _items()


def test_assess_many_calls_any_other_detector_one_text_at_a_time() -> None:
    class Counting:
        name = "counting/1"
        calls: list[str] = []

        def assess(self, text: str, source: str) -> object:
            self.calls.append(text)
            return (text, source)

    det = Counting()
    assert assess_many(det, [("a", "web"), ("b", "person")]) == [("a", "web"), ("b", "person")]  # type: ignore[arg-type]  # a stand-in
    assert det.calls == ["a", "b"]


@pytest.mark.parametrize("pattern", [r"(?i)ignore", r"(x)abc\1", r"(?:a|)b*", r".*"])
def test_patterns_the_screen_cannot_bound_are_never_skipped(pattern: str) -> None:
    """Case-insensitive, back-references, empty matches: the condition is True or still necessary."""
    rx = re.compile(pattern)

    class R:
        def __init__(self, p: re.Pattern[str]) -> None:
            self.pattern, self.markup = p, False

    screen = RuleScreen([R(rx)])
    for text in ["IGNORE", "Ignore", "x", "", "b", "abcx"]:
        if rx.search(text):
            assert screen.possible(text) == [True]
