"""The rule screen's literals found by the native scan (`RuleScreen.present`) are those the text holds.

`{w for w in vocabulary if w in text}` on every hold fixture and sample text (normalised and
masked, as `RuleDetector` hands them over) and on random texts of rule words; the rest of the
screen is a function of that set (`test_screen_memo.py`, `test_hold_fast_paths.py`).
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from memeval.hold._screen import RuleScreen, literals

sys.path.insert(0, str(Path(__file__).resolve().parent))

from test_hold_fast_paths import ALL_RULES, _random_texts  # noqa: E402
from test_screen_memo import _readings  # noqa: E402


@pytest.mark.slow  # 18 s in the full suite
def test_present_is_every_vocabulary_literal_in_the_text() -> None:
    screen = RuleScreen(ALL_RULES)
    vocabulary = frozenset().union(*(literals(f) for f in screen.needs))
    assert len(vocabulary) > 1000
    texts = [x for pair in _readings() for x in pair] + _random_texts(400, seed=7) + ["", "a", "ig", "\x00ign"]
    for text in dict.fromkeys(texts):  # each text once: most masked readings equal their text
        assert screen.present(text) == {w for w in vocabulary if w in text}, text[:80]
