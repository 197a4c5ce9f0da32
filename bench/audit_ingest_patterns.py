"""Where the regular-expression CPU of ingest's sanitising goes, pattern by pattern.

    .venv/bin/python bench/audit_ingest_patterns.py [--events 2000] [--top 40] [--ids prefixed|sample]

Under callgrind, Python's own regular-expression engine (`_sre`'s `sre_search` and what it calls) is
about two fifths of the instructions of a worker's sanitising (`bench/audit_ingest_writer.py --part
sanitize --callgrind`, read with `callgrind_annotate --inclusive=yes`), but a Python profiler cannot
say which patterns: the work of a `finditer` is counted in whatever function iterates it. This script
times every compiled `re` pattern's calls on their own: `re._compile` is wrapped before memeval is
imported, so each pattern memeval compiles (at import, or on first use through `memeval._lazyre`)
is a `_Timed` object that counts the thread CPU (`time.thread_time_ns`) of its own `search`, `match`,
`fullmatch`, `findall`, `sub`, `subn`, `split` calls and of each step of its `finditer` iterators.
spaCy and presidio are imported before the wrapping (their Cython modules do not import with it;
presidio's recognizers use the `regex` module, not counted here).

Then it does what a file ingest's workers do for `--events` of `bench/audit_ingest.py`'s events, one
process, `MEMEVAL_AUDIT_WORKERS=0`, batches of 100 (`_parallel._work_group` per batch: redaction, hold
assessments, the ids' credential scan; and `strict_id_candidates`, which the writer runs), after two
batches to warm up, and prints per pattern: microseconds of CPU an event, calls, microseconds a call,
the method, where it was compiled (the first caller outside `re` and `memeval._lazyre`), and the
pattern's first characters; then the patterns' total and the sanitising's whole CPU an event with the
wrappers on. Each wrapped call adds about 0.3-0.5 us of its own, counted in its pattern's figure, so
read the order and the shares, not the absolute figures (the whole is about twice the unwrapped CPU).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
import time
from collections import defaultdict
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _pattern_proxy import PatternProxy  # noqa: E402  (bench/ is put on the path above)

ROOT = Path(__file__).resolve().parent.parent

_COST: defaultdict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0])
"""(where compiled and the pattern's head, method) -> [thread CPU ns, calls]."""
_clock = time.thread_time_ns


def _timed(name: str) -> Callable[..., Any]:
    def call(self: _Timed, *args: Any, **kwargs: Any) -> Any:
        t = _clock()
        out = getattr(self._p, name)(*args, **kwargs)
        cost = _COST[(self._where, name)]
        cost[0] += _clock() - t
        cost[1] += 1
        return out

    return call


class _Timed(PatternProxy):
    """A compiled pattern whose calls count their CPU in `_COST` (everything else is the pattern's own)."""

    __slots__ = ("_where",)

    def __init__(self, pattern: re.Pattern[str], where: str) -> None:
        super().__init__(pattern)
        self._where = where

    search = _timed("search")
    match = _timed("match")
    fullmatch = _timed("fullmatch")
    findall = _timed("findall")
    sub = _timed("sub")
    subn = _timed("subn")
    split = _timed("split")

    def finditer(self, *args: Any, **kwargs: Any) -> Iterator[re.Match[str]]:
        cost = _COST[(self._where, "finditer")]
        cost[1] += 1
        t = _clock()
        it = self._p.finditer(*args, **kwargs)
        cost[0] += _clock() - t
        while True:
            t = _clock()
            m = next(it, None)
            cost[0] += _clock() - t
            if m is None:
                return
            yield m


def _wrap_compile() -> None:
    """Make `re._compile` (behind `re.compile`, `re.search`...) hand out `_Timed` patterns."""
    real = re._compile  # type: ignore[attr-defined]  # the one function every `re` entry point compiles through

    def compile_(pattern: Any, flags: int = 0) -> Any:
        p = real(pattern, flags)
        if not isinstance(p, re.Pattern) or not isinstance(p.pattern, str):
            return p
        f = sys._getframe(1)
        while f is not None and f.f_code.co_filename.endswith(("re/__init__.py", "_lazyre.py")):
            f = f.f_back
        where = "?" if f is None else "/".join(Path(f.f_code.co_filename).parts[-2:]) + f":{f.f_lineno}"
        return _Timed(p, f"{where} {p.pattern[:56]!r}")

    re._compile = compile_  # type: ignore[attr-defined]


def main() -> None:
    """Print the table (module docstring)."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--events", type=int, default=2000)
    ap.add_argument("--top", type=int, default=40, help="patterns printed, dearest first")
    ap.add_argument("--ids", choices=("prefixed", "sample"), default="prefixed")
    args = ap.parse_args()
    if args.events < 100 or args.top < 1:
        print(f"--events {args.events} --top {args.top}: give at least 100 events and 1 pattern", file=sys.stderr)
        sys.exit(2)
    import presidio_analyzer  # noqa: F401  # before the wrapping: spaCy's Cython modules do not import under it
    import spacy  # noqa: F401

    _wrap_compile()
    os.environ["MEMEVAL_FINGERPRINT_KEY"] = "ab" * 32
    os.environ["MEMEVAL_AUDIT_WORKERS"] = "0"
    sys.path.insert(0, str(ROOT / "bench"))
    import audit_ingest as bench  # the same events as the main ingest bench
    from _machine import load_now

    from memeval.audit._ingest import parse_lines
    from memeval.audit._parallel import _work_group, batch_texts, strict_id_candidates

    lines = [json.dumps(e) for e in bench.events(args.events + 200, "bench-file", "bench-file", args.ids, "")]
    parsed = parse_lines(lines)
    batches = [[ev for _, ev in parsed[k : k + 100]] for k in range(0, len(parsed), 100)]
    for b in batches[:2]:  # warm-up: first-use compiles and caches
        _work_group([batch_texts(b)], [strict_id_candidates(b)])
    _COST.clear()
    measured = batches[2:]
    n = sum(map(len, measured))
    t0 = time.thread_time()
    for b in measured:
        _work_group([batch_texts(b)], [strict_id_candidates(b)])
    whole = time.thread_time() - t0
    rows = sorted(_COST.items(), key=lambda kv: -kv[1][0])
    total = sum(ns for ns, _ in _COST.values())
    by_area: defaultdict[str, int] = defaultdict(int)
    for (where, _), (ns, _) in rows:
        by_area[where.split("/", 1)[0] if "/" in where.split(" ", 1)[0] else "?"] += ns
    print(
        f"{Path(sys.modules['memeval'].__file__ or '').parent.parent}: {n:,} events, sanitising "
        f"{whole / n * 1e6:.0f} us an event with the wrappers, {total / n / 1e3:.1f} us of it in {len(rows)} "
        f"(pattern, method) pairs ({load_now()})"
    )
    areas = sorted(by_area.items(), key=lambda x: -x[1])
    print("by folder, us an event: " + ", ".join(f"{a} {ns / n / 1e3:.1f}" for a, ns in areas))
    print(f"{'us/event':>8} {'calls':>7} {'us/call':>8} {'method':9} where compiled, pattern")
    for (where, method), (ns, calls) in rows[: args.top]:
        print(f"{ns / n / 1e3:8.2f} {calls:7d} {ns / calls / 1e3 if calls else 0:8.2f} {method:9} {where}")


if __name__ == "__main__":
    main()
