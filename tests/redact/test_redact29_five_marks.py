"""A key holding its gaps' own mark, written one or two of it apart, was stored raw where five marks stood in a row.

The owned corpus's Dropbox `sl.` key holds `-` and `--`. Written with gaps of `-` and `--` (redact28's draw), a
single `-` between two gaps of two and a `--` between three gaps of one both read `x-----y`; `_OWN_MARK` reads the
fewest (`x-y`), so the key read short of its rule's length and went through whole. `spaced_marks_most_view`
(redact29) reads each such place both ways. Look-alikes with five dashes in a row (a Markdown table's rule, a date
range, ASCII art) stay as written.
"""

from __future__ import annotations

import random

import pytest
from corpus_contexts import CORPUS_FILES, leaked, load_corpus

from memeval.redact import get_redactor


def _sl_item() -> tuple[str, str]:
    """(text, key) of the owned corpus's Dropbox `sl.` key holding `--`."""
    for item in load_corpus(tuple(CORPUS_FILES)):
        for s in item.secrets:
            if item.group == "credential" and s.startswith("sl.") and "--" in s:
                return item.text, s
    raise AssertionError("the owned corpus has no sl. key holding --")


TEXT, KEY = _sl_item()


def _five_gaps(key: str) -> str:
    """`key` one or two `-` apart, each of its `-` and `--` standing in five `-` in a row (its eight places)."""
    out, i = [key[0]], 1
    while i < len(key):
        if key[i : i + 2] == "--":
            out.append("-----" + key[i + 2])
            i += 3
        elif key[i] == "-":
            out.append("-----" + key[i + 1])
            i += 2
        else:
            out.append(("--" if i % 2 else "-") + key[i])
            i += 1
    return "".join(out)


def _random_gaps(key: str, seed: int) -> str:
    rnd = random.Random(seed)
    return key[0] + "".join(rnd.choice(["-", "--"]) + c for c in key[1:])


def _kept(out: str) -> bool:
    return leaked(KEY.replace("-", ""), out.replace("-", ""))


@pytest.mark.parametrize("place", ["{}", "{}.", "note: {}", "`{}`", "({})", "{} ok"])
def test_the_corpus_sl_key_with_every_mark_in_five_is_blanked(place: str) -> None:
    sent = place.format(TEXT.replace(KEY, _five_gaps(KEY)))
    out = get_redactor().redact(sent).text
    assert not _kept(out), (sent, out)


def test_the_corpus_sl_key_with_gaps_of_one_or_two_drawn_is_blanked() -> None:
    """Sixty draws of gaps `-` or `--` (as redact28's property drew; main keeps 7 of the 60 whole)."""
    sents = [TEXT.replace(KEY, _random_gaps(KEY, seed)) for seed in range(60)]
    outs = [r.text for r in get_redactor().redact_many(sents)]
    assert not [(s, o) for s, o in zip(sents, outs, strict=True) if _kept(o)]


@pytest.mark.parametrize(
    "text",
    [
        "| name | value |\n|-----|-----|\n| a-b | c-d |",
        "2026-12-06-----2026-12-07 build-----deploy-----verify-----done",
        "x-----y-----z art: a-b-c-d-e-f-g-h-i-j-k-l-m-n, then a-b--c-----d-e--f-g-h--i-j-k-l",
        "Steps: fetch-----build--test-----ship-----tag--release-----notify (CI log)",
    ],
)
def test_five_dashes_in_a_row_without_a_key_stay(text: str) -> None:
    assert get_redactor().redact(text).text == text
