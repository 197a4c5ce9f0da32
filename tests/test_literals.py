"""`memeval._literals.LiteralSet.present` is `{w for w in literals if w in text}`.

On random texts built from the literals' own pieces and awkward characters (NUL, which the
binding cannot take inside a literal; a lone surrogate; non-ASCII letters whose UTF-8 bytes
contain other letters' bytes; one-character and empty literals), and from two threads at once
(each thread has its own scratch space).
"""

from __future__ import annotations

import threading

from hypothesis import given, settings
from hypothesis import strategies as st

from memeval._literals import LiteralSet

LITERALS = (
    "", "a", "é", "\x00", "ab", "abc", "abcd", "bcd", "a\x00b", "\x00\x00", "é1", "ée", "\ud800x",
    "\u00e9t\u00e9", "éé", "中文", "文字", "ignore previous", "ignore", "api key", "API KEY", "k3y", "\u0301",
)  # fmt: skip
PIECES = [*LITERALS, " ", "e", "\u0301", "é", "\u00c3", "\u00a9", "\ud800", "z", "\n", "中", "字", "x"]
SET = LiteralSet(LITERALS)


def _expected(literals: tuple[str, ...], text: str) -> set[str]:
    return {w for w in literals if w in text}


@settings(max_examples=600, deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=16))
def test_present_is_the_definition_on_texts_of_pieces(pieces: list[str]) -> None:
    text = "".join(pieces)
    assert SET.present(text) == _expected(LITERALS, text)


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=40), st.lists(st.text(min_size=1, max_size=4), min_size=1, max_size=12))
def test_present_is_the_definition_on_any_text_and_literals(text: str, literals: list[str]) -> None:
    words = tuple(literals) + tuple(text[i : i + 3] for i in range(0, len(text), 5))
    assert LiteralSet(words).present(text) == _expected(words, text)


def test_short_texts_and_a_nul_inside_a_literal() -> None:
    for text in ["", "a", "\x00", "ab", "a\x00", "a\x00b", "xa\x00bx", "xab"]:
        assert SET.present(text) == _expected(LITERALS, text), repr(text)
    assert "a\x00b" not in SET.present("xab")  # the binding would read the literal as "a" alone
    assert LiteralSet(()).present("anything") == set()


def test_threads_share_one_set() -> None:
    texts = ["".join(PIECES[(i * 7 + k) % len(PIECES)] for k in range(12)) for i in range(200)]
    wrong: list[str] = []

    def work() -> None:
        for _ in range(5):
            wrong.extend(t for t in texts if SET.present(t) != _expected(LITERALS, t))

    threads = [threading.Thread(target=work) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert wrong == []
