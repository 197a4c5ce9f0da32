"""A letter-spaced key cut across two events beside one of its spaces (issue 15, redact39; `_across._spaced_join`).

A key written one character at a time (`g h p _ Q 7 r T ...`) has a space at every other place a cut can fall. A
cut beside a space was no cut inside a token for `_across.join`, so the pair was never read together: on main
both parts were stored raw (the first blanked alone only when it held a whole rule's length). Now the two runs are
read as one window when exactly one side of the cut is that space and both show four or more spaced characters.
"""

from __future__ import annotations

import pytest

from memeval.redact import cut_across, get_redactor, joinable, with_findings

KEYS = [
    "ghp_Q7rTx9LmP2vK8sW4nB6yH3jD5fG1aZ0cE7uR",
    "glpat-Xq3vLm8TzR2pW9kN4sYb",
    "AKIAZ7QW3RT6YUP2MN4K",
]

KEPT = [
    ("the grades were A B C D ", "E F G H for the group"),  # spelled letters, no key
    ("commit 3 f 2 b 8 c 1 e ", "9 d 4 a 4 b 7 e 8 f 0 1 in the log"),  # a spaced hex run, no key
    ("steps: a b c d", " then e f g h"),
]


@pytest.mark.parametrize("key", KEYS)
@pytest.mark.parametrize("at", [0.25, 0.5, 0.75])
@pytest.mark.parametrize("odd", [0, 1])
def test_both_parts_of_a_spaced_key_cut_beside_a_space_are_blanked(key: str, at: float, odd: int) -> None:
    """On main the pair is not read (`joinable` False) and both parts keep 12-character pieces of the key."""
    red = get_redactor()
    spaced = " ".join(key)
    cut = 2 * int(len(key) * at) + odd  # even: the space ends the first part; odd: it starts the second
    prev, text = f"token {spaced[:cut]}", f"{spaced[cut:]} was pasted"
    assert joinable(prev, text)
    ((before, after),) = cut_across(red.detect_many, [(prev, text)])
    first = with_findings(prev, red.redact(prev), before).text
    second = with_findings(text, red.redact(text), after).text
    stored = (first + second).replace(" ", "")
    pieces = [key[i : i + 8] for i in range(0, len(key) - 7)]
    assert not [p for p in pieces if p in stored], (first, second)


@pytest.mark.parametrize(("prev", "text"), KEPT)
def test_spaced_letters_with_no_key_are_not_touched(prev: str, text: str) -> None:
    red = get_redactor()
    assert cut_across(red.detect_many, [(prev, text)]) == [([], [])]


def test_a_space_on_both_sides_or_a_line_break_is_not_read() -> None:
    spaced = " ".join("ghp_Q7rTx9LmP2vK8sW4nB6yH3jD5fG1aZ0cE7uR")
    assert not joinable(spaced[:21], " " + spaced[21:])  # two spaces: not one letter-spaced run
    assert not joinable(spaced[:20] + "\n", spaced[20:])
