"""The hold rules' screen by other engines: the same answers? how much CPU a text?

    .venv/bin/python bench/hold_screen_engines.py [--events 2000] [--rounds 3]

The rule screen (`memeval.hold._screen`) answers, for each text the rule detector reads, which of
the 161 hold rules can match at all: one Hyperscan literal scan (`memeval._literals.LiteralSet`,
11,875 literals) gives the literals present, then each rule's condition on them (an `or` of `and`s
of literal sets) is tested in Python (`RuleScreen.possible_set`). Measured here on the texts and
masked readings the detector screens while sanitising `--events` of `bench/audit_ingest.py`'s events
(recorded through `rules_skipped`), against engines that might move the work into native code:

- `combination`: Hyperscan's logical combinations (`HS_FLAG_COMBINATION`): every literal a quiet
  sub-expression, every rule's condition one combination of them, so one scan reports the rules
  whose condition holds and no Python tests a clause;
- `pyahocorasick` and `ahocorasick_rs` (PyPI; measured only when installed): the literals present
  found by an Aho-Corasick automaton in place of Hyperscan (every occurrence reported, in C or Rust,
  instead of a Python callback per literal), then the same `possible_set`.

For each engine: whether its answer equals the screen's on every recorded text (the number that
differ), and microseconds of CPU a text (`time.process_time`, min of `--rounds`). The answer each
engine must give is the screen's own (`possible_set` of `present_pair`), so any engine kept would
skip exactly the rules skipped now.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def recorded_readings(events: int) -> list[tuple[str, str]]:
    """(text, masked) of every `rules_skipped` call while sanitising `events` bench events in this process."""
    os.environ["MEMEVAL_FINGERPRINT_KEY"] = "ab" * 32
    os.environ["MEMEVAL_AUDIT_WORKERS"] = "0"
    sys.path.insert(0, str(ROOT / "bench"))
    import audit_ingest as bench

    from memeval.audit._ingest import parse_lines
    from memeval.audit._parallel import _work_group, batch_texts, strict_id_candidates
    from memeval.hold import _screen

    seen: list[tuple[str, str]] = []
    real = _screen.rules_skipped

    def noted(text: str, masked: str) -> frozenset[int]:
        seen.append((text, masked))
        return real(text, masked)

    _screen.rules_skipped = noted
    try:
        parsed = parse_lines([json.dumps(e) for e in bench.events(events, "bench-file", "bench-file", "prefixed", "")])
        for k in range(0, len(parsed), 100):
            batch = [ev for _, ev in parsed[k : k + 100]]
            _work_group([batch_texts(batch)], [strict_id_candidates(batch)])
    finally:
        _screen.rules_skipped = real
    return seen


def combination_engine(screen: Any) -> Callable[[str, str], frozenset[int]]:
    """The screen's answer from one Hyperscan database of quiet literals and one combination per rule."""
    import hyperscan

    words = sorted(screen._literals.literals)
    index = {w: i for i, w in enumerate(words)}

    def expr(f: Any) -> str:
        if isinstance(f, frozenset):
            ids = [str(index[w]) for w in sorted(f)]
            return f"({' | '.join(ids)})" if len(ids) > 1 else f"({ids[0]} & {ids[0]})"  # a bare id is no combination
        return "(" + (" & " if f[0] == "and" else " | ").join(expr(x) for x in f[1]) + ")"

    exprs = ["".join(f"\\x{c:02x}" for c in w.encode("utf-8", "surrogatepass")).encode() for w in words]
    flags = [hyperscan.HS_FLAG_QUIET | hyperscan.HS_FLAG_SINGLEMATCH] * len(words)
    ids = list(range(len(words)))
    base = len(words)
    for rule, need in enumerate(screen.needs):
        if rule in screen._always:
            continue
        exprs.append(expr(need).encode())
        flags.append(hyperscan.HS_FLAG_COMBINATION | hyperscan.HS_FLAG_SINGLEMATCH)
        ids.append(base + rule)
    db = hyperscan.Database(mode=hyperscan.HS_MODE_BLOCK)
    db.compile(expressions=exprs, ids=ids, elements=len(exprs), flags=flags)
    scratch = hyperscan.Scratch(db)
    markup = screen._markup

    def rules_in(text: str) -> set[int]:
        hits: list[int] = []
        db.scan(
            text.encode("utf-8", "surrogatepass"),
            match_event_handler=lambda i, _s, _e, _f, _c: hits.append(i - base),
            scratch=scratch,
        )
        return set(hits)

    def possible(text: str, masked: str) -> frozenset[int]:
        on_text = rules_in(text)
        on_masked = on_text if masked == text else rules_in(masked)
        return frozenset(
            {*screen._always, *(r for r in on_text if r not in markup), *(r for r in on_masked if r in markup)}
        )

    return possible


def automaton_engine(screen: Any, kind: str) -> Callable[[str, str], frozenset[int]] | None:
    """The literals present found by an Aho-Corasick library (`kind`), then `possible_set`; None if not installed."""
    words = sorted(w for w in screen._literals.literals if w)
    always = frozenset(w for w in screen._literals.literals if not w)
    try:
        if kind == "pyahocorasick":
            import ahocorasick

            automaton = ahocorasick.Automaton()
            for i, w in enumerate(words):
                automaton.add_word(w, i)
            automaton.make_automaton()

            def present(text: str) -> frozenset[str]:
                return always | frozenset(map(words.__getitem__, {i for _, i in automaton.iter(text)}))

        else:
            import ahocorasick_rs

            rs = ahocorasick_rs.AhoCorasick(words, implementation=ahocorasick_rs.Implementation.DFA)

            def present(text: str) -> frozenset[str]:
                found = rs.find_matches_as_indexes(text, overlapping=True)
                return always | frozenset(map(words.__getitem__, {i for i, _, _ in found}))

    except ImportError:
        return None

    def possible(text: str, masked: str) -> frozenset[int]:
        found = present(text)
        return screen.possible_set(found, found if masked == text else present(masked))

    return possible


def main() -> None:
    """Print each engine's differences and CPU a text (module docstring)."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--events", type=int, default=2000)
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args()
    if args.events < 100 or args.rounds < 1:
        print(f"--events {args.events} --rounds {args.rounds}: give at least 100 events and 1 round", file=sys.stderr)
        sys.exit(2)
    from _machine import load_now

    readings = recorded_readings(args.events)
    from memeval.hold import _screen

    screen = _screen._ALL
    assert screen is not None  # built by the recorded sanitising

    def as_now(text: str, masked: str) -> frozenset[int]:
        return screen.possible_set(*screen.present_pair(text, masked))

    engines: dict[str, Callable[[str, str], frozenset[int]] | None] = {"hyperscan + possible_set (as now)": as_now}
    t = time.process_time()
    engines["combination"] = combination_engine(screen)
    built = time.process_time() - t
    for kind in ("pyahocorasick", "ahocorasick_rs"):
        engines[kind] = automaton_engine(screen, kind)
    want = [as_now(t, m) for t, m in readings]
    print(
        f"{len(readings):,} readings screened ({sum(t != m for t, m in readings)} with inline code masked) of "
        f"{args.events:,} events; {len(screen.rules)} rules, {len(screen._literals.literals):,} literals; "
        f"the combination database compiled in {built:.1f} CPU s ({load_now()})"
    )
    for name, engine in engines.items():
        if engine is None:
            print(f"{name:36} not installed (pip install {name.replace('_', '-')} to measure it)")
            continue
        differ = sum(engine(t, m) != w for (t, m), w in zip(readings, want, strict=True))
        best = float("inf")
        for _ in range(args.rounds):
            t0 = time.process_time()
            for t, m in readings:
                engine(t, m)
            best = min(best, time.process_time() - t0)
        print(f"{name:36} {best / len(readings) * 1e6:9.1f} us a text, {differ} of {len(readings):,} answers differ")


if __name__ == "__main__":
    main()
