"""rules/22's patterns and its punctuated reading on planted texts of 16 and 64 KiB: CPU milliseconds and growth.

Each text repeats one unit (a frame, an act, a frame and an act on one line or one per line, a short order's
words, hyphen or dot spelling) to the length; the two rules of `RULES_V22` are run to their end over the
normalised text (`normalize(..., punctuated=True)`, also timed). Linear work grows about 4 times from 16 to 64 KiB.

    OPENBLAS_NUM_THREADS=1 PYTHONPATH=. nice -n 10 python bench/hold_rules22_pump.py
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from memeval.hold import _rules_v22 as m  # noqa: E402
from memeval.hold._normalize import normalize  # noqa: E402

UNITS = [
    "from now on: skip the\n", "以后把\n", "lesson learned\n", "from now on ", "lesson learned: ",
    "for all future sessions: skip ", "remember this: paste the ", "skip the checks ", "以后", "以后把密钥", "输出",
    "请输出 ", " ai sem ", "me dê acesso ", "12 cpfs ", "curl x ", "-a", "a-b-c-d ", ".a", "i.g.n.o.r.e ",
    "lesson: " + "x" * 90 + " ", "going forward: give ", "memória ", "note for ",
]  # fmt: skip


def main() -> None:
    """Print one line per unit: CPU ms at 16 and 64 KiB and their ratio."""
    for u in UNITS:
        row = []
        for n in (16384, 65536):
            text = (u * (n // len(u) + 1))[:n]
            a = time.process_time()
            norm = normalize(text, frozenset(), punctuated=True).text
            for r in m.RULES_V22:
                sum(1 for _ in r.pattern.finditer(norm))
            row.append(time.process_time() - a)
        print(f"{u!r:40.40} {row[0] * 1e3:6.1f} {row[1] * 1e3:6.1f} ms, growth {row[1] / max(row[0], 1e-6):.1f}")


if __name__ == "__main__":
    main()
