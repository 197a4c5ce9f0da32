"""The held-out builders' overlap check answers as its loop over every long known text did (speed46b).

`scripts/_heldout_common.Earlier.overlaps` (v32 on) looked for a text's normalised form inside each of the
earlier sets' texts of 40 or more characters, and each of those inside it: about 17,000 searches a text, 1.5-3
CPU s for each set's check in the suite. `_Normalised.holds` finds the same answer by the texts' 40-character
openings and one search of the long texts joined. Checked here against that loop (`_looped`, the old code as it
was) on texts built to hold, and be held in, known texts at every place, and on the real sets.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))

from _heldout_common import OPENING, Earlier, _Normalised  # noqa: E402
from hold_heldout_v30 import norm  # noqa: E402


def _looped(known: set[str], n: str) -> bool:
    """The check as it was: `n` known, or any long known text holding it or held in it (`n` of 40+ characters)."""
    long_known = [k for k in known if len(k) >= OPENING]
    return n in known or any(k in n or (len(n) >= OPENING and n in k) for k in long_known)


def _texts(rng: random.Random, known: list[str], count: int) -> list[str]:
    """Texts made of slices of known texts and random letters, so holding and being held both happen often."""
    out = []
    for _ in range(count):
        parts = []
        for _ in range(rng.randint(0, 4)):
            k = rng.choice(known)
            a = rng.randint(0, len(k))
            b = rng.randint(a, len(k))
            parts.append(k[a:b] if rng.random() < 0.6 else k)
            parts.append("".join(rng.choice("abc") for _ in range(rng.randint(0, 5))))
        out.append("".join(parts))
    return out


def test_holds_answers_as_the_loop_on_texts_built_from_known_ones() -> None:
    rng = random.Random(46)
    known = {"".join(rng.choice("ab") for _ in range(rng.randint(1, 90))) for _ in range(300)}
    known.add("a" * OPENING)  # exactly the least length held
    index = _Normalised(known)
    texts = _texts(rng, sorted(known), 3000) + ["", "a" * (OPENING - 1), "a" * OPENING, "b" * 200]
    held = 0
    for n in texts:
        want = _looped(known, n)
        assert (n in index.known or index.holds(n)) == want, n
        held += want
    assert 500 < held < len(texts) - 500, held  # both answers well represented


def test_a_text_with_a_nul_is_never_found_across_two_known_texts() -> None:
    first, second = "x" * 50, "y" * 50
    index = _Normalised({first, second})
    across = "x" * 30 + "\0" + "y" * 30  # in the joined long texts, not inside either
    assert not index.holds(across) and not _looped({first, second}, across)
    assert index.holds("x" * 45)  # held in the first


def test_overlaps_on_the_real_earlier_sets_answers_as_the_loop() -> None:
    earlier = Earlier(43)  # what v44's builder reads
    known = {n for n in map(norm, earlier.known()) if n}
    long_known = sorted(k for k in known if len(k) >= 60)
    rng = random.Random(44)
    picks = rng.sample(long_known, 20)
    texts = [f"Note: {k} thanks" for k in picks[:5]]  # holds a known text
    texts += [k[7 : 7 + OPENING + 3] for k in picks[5:10]]  # held in a known text
    texts += [k[: OPENING - 1] for k in picks[10:15]]  # too short to count when held
    texts += [f"{k[:30]} and something else entirely, {k[-30:]}" for k in picks[15:]]
    texts += [str(line) for line in rng.sample(sorted(earlier.known()), 5)]
    answers = [earlier.overlaps(t) for t in texts]
    assert answers == [_looped(known, norm(t)) for t in texts]
    assert answers[:10] == [True] * 10 and answers[-5:] == [True] * 5
