"""The rule screen's literals found by the native scan (`RuleScreen.present`) are those the text holds.

`{w for w in vocabulary if w in text}` on every hold fixture and sample text (normalised and
masked, as `RuleDetector` hands them over) and on random texts of rule words; the rest of the
screen is a function of that set (`test_screen_memo.py`, `test_hold_fast_paths.py`).

That set is worked out by `_literals_in`, which asks `w in text` only of the words that could be
there: a word of one or two characters is in the text exactly when it is one of the text's
characters or pairs of adjacent characters, and a longer word only when its first three characters
are three adjacent characters of the text. The same answer as asking every word (8,873 of them,
on about 16,000 texts: 22 CPU s of the suite's) for a tenth of the CPU;
`test_literals_in_is_every_vocabulary_word_in_the_text` checks it against asking every word.
"""

from __future__ import annotations

import functools
import sys
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from memeval.hold._screen import RuleScreen, literals

sys.path.insert(0, str(Path(__file__).resolve().parent))

from test_hold_fast_paths import ALL_RULES, _random_texts  # noqa: E402
from test_screen_memo import _readings  # noqa: E402


@functools.cache
def _screen() -> RuleScreen:
    return RuleScreen(ALL_RULES)


@functools.cache
def _vocabulary() -> frozenset[str]:
    """Every literal of every condition of the screen of every rule table."""
    return frozenset().union(*(literals(f) for f in _screen().needs))


@functools.cache
def _literals_in(vocabulary: frozenset[str]) -> Callable[[str], set[str]]:
    """A function giving `{w for w in vocabulary if w in text}` for a text, asking `in` of the candidates only."""
    ones = {w for w in vocabulary if len(w) == 1}
    twos = {w for w in vocabulary if len(w) == 2}
    by_head: dict[str, list[str]] = defaultdict(list)  # first three characters -> the longer words
    for w in vocabulary:
        if len(w) >= 3:
            by_head[w[:3]].append(w)
    if "" in vocabulary:
        raise AssertionError("an empty literal in the screen's vocabulary: every text holds it")

    def found(text: str) -> set[str]:
        out = ones.intersection(text)
        out |= twos.intersection({text[i : i + 2] for i in range(len(text) - 1)})
        for head in by_head.keys() & {text[i : i + 3] for i in range(len(text) - 2)}:
            out.update(w for w in by_head[head] if w in text)
        return out

    return found


@pytest.mark.slow  # 18 s in the full suite when every word was asked of every text; about 4 s now
def test_present_is_every_vocabulary_literal_in_the_text() -> None:
    screen = _screen()
    vocabulary = _vocabulary()
    assert len(vocabulary) > 1000
    found = _literals_in(vocabulary)
    texts = [x for pair in _readings() for x in pair] + _random_texts(400, seed=7) + ["", "a", "ig", "\x00ign"]
    for text in dict.fromkeys(texts):  # each text once: most masked readings equal their text
        assert screen.present(text) == found(text), text[:80]


@given(st.data())
def test_literals_in_is_every_vocabulary_word_in_the_text(data: st.DataObject) -> None:
    vocabulary = _vocabulary()
    words = sorted(vocabulary)
    # a text made of vocabulary words, pieces of them and other characters, so near misses are drawn too
    piece = st.one_of(
        st.sampled_from(words),
        st.sampled_from(words).map(lambda w: w[: max(1, len(w) - 1)]),
        st.sampled_from(words).map(lambda w: w[1:]),
        st.text(max_size=6),
    )
    text = "".join(data.draw(st.lists(piece, max_size=25)))
    assert _literals_in(vocabulary)(text) == {w for w in vocabulary if w in text}
