"""The sanitising's own regular-expression calls replayed in other engines: RE2, and Hyperscan as a prefilter.

    PYTHONPATH=<folder holding google-re2> .venv/bin/python bench/regex_engines.py [--events 1000] [--top 15]

Python's `re` engine is about two fifths of the instructions of ingest's sanitising (ingest47's
callgrind), spread over about 244 (pattern, method) pairs (`bench/audit_ingest_patterns.py`). This
script asks what another engine would give for exactly those calls. It records every call a compiled
`re` pattern gets while a file ingest's workers' steps run over `--events` of `bench/audit_ingest.py`'s
events (`re._compile` wrapped before memeval is imported, as `audit_ingest_patterns.py` does; one
process, batches of 100, `_parallel._work_group`, after two batches to warm up), then replays each
call, pattern by pattern, three ways, timing each with the thread's CPU clock:

- `re`: the call as it was made (its answer: spans and groups of each match, or the result);
- RE2 (`google-re2` from PyPI, not a dependency: install it into a scratch folder and put that on
  `PYTHONPATH`): the same method of the pattern compiled by RE2, with Python's flags as inline flags;
  a pattern RE2 refuses (look-around, back-references, possessives, verbose mode) is counted as not
  replaceable; an answer that differs from `re`'s is counted as a disagreement (RE2 reads `\\w`, `\\d`,
  `\\b` as ASCII, Python's `str` patterns as Unicode);
- Hyperscan in prefilter mode (already a dependency): each pattern compiled alone with
  `HS_FLAG_PREFILTER` (a superset: where it finds nothing, the pattern cannot match), UTF-8 and
  Unicode properties, Python's flags mapped; a call with no match that the prefilter also finds
  nothing in could be skipped; a call whose `re` answer matched but the prefilter found nothing is a
  wrong skip (an answer that would change). The scan's cost is timed per call; then, as a
  multi-pattern design would do it, one database of every compiled pattern scanned once per distinct
  text.

Prints totals and the `--top` dearest patterns under `re` with their RE2 and prefilter figures.
Calls with `pos`/`endpos` arguments or non-`str` subjects are replayed in `re` only.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _pattern_proxy import PatternProxy  # noqa: E402  (bench/ is put on the path above)

ROOT = Path(__file__).resolve().parent.parent
METHODS = ("search", "match", "fullmatch", "findall", "finditer", "sub", "subn", "split")


@dataclass
class _Pattern:
    """One compiled pattern and the calls it got."""

    compiled: re.Pattern[str]
    where: str
    calls: list[tuple[str, tuple[Any, ...], dict[str, Any]]] = field(default_factory=list)


_PATTERNS: list[_Pattern] = []
_RECORDING = [False]


def _recorded(name: str) -> Callable[..., Any]:
    def call(self: _Recorder, *args: Any, **kwargs: Any) -> Any:
        if _RECORDING[0]:
            self._rec.calls.append((name, args, kwargs))
        return getattr(self._p, name)(*args, **kwargs)

    return call


class _Recorder(PatternProxy):
    """A compiled pattern that notes each call's method and arguments (everything else is the pattern's own)."""

    __slots__ = ("_rec",)

    def __init__(self, pattern: re.Pattern[str], rec: _Pattern) -> None:
        super().__init__(pattern)
        self._rec = rec


for _m in METHODS:
    setattr(_Recorder, _m, _recorded(_m))


def _wrap_compile() -> None:
    real = re._compile  # type: ignore[attr-defined]  # the function every `re` entry point compiles through

    def compile_(pattern: Any, flags: int = 0) -> Any:
        p = real(pattern, flags)
        if not isinstance(p, re.Pattern) or not isinstance(p.pattern, str):
            return p
        f = sys._getframe(1)
        while f is not None and f.f_code.co_filename.endswith(("re/__init__.py", "_lazyre.py")):
            f = f.f_back
        where = "?" if f is None else "/".join(Path(f.f_code.co_filename).parts[-2:]) + f":{f.f_lineno}"
        rec = _Pattern(p, f"{where} {p.pattern[:48]!r}")
        _PATTERNS.append(rec)
        return _Recorder(p, rec)

    re._compile = compile_  # type: ignore[attr-defined]


def _answer(out: Any) -> Any:
    """A call's result in a comparable shape: matches as (span, groups), iterators listed."""
    if out is None or isinstance(out, str | int | bytes):
        return out
    if hasattr(out, "span") and hasattr(out, "groups"):
        return (out.span(), out.groups())
    if isinstance(out, Iterator) or isinstance(out, list | tuple):
        return [_answer(x) for x in out]
    return out


def _found(method: str, out: Any, subject: str) -> bool:
    """Whether the pattern matched somewhere in this call (what a prefilter must never miss)."""
    if method in ("search", "match", "fullmatch"):
        return out is not None
    if method in ("findall", "finditer"):
        return bool(out)
    if method == "subn":
        return bool(out[1])
    if method == "sub":
        return out != subject
    return len(out) > 1  # split


def _timed(fn: Callable[[], Any]) -> tuple[Any, int]:
    t = time.thread_time_ns()
    out = fn()
    if isinstance(out, Iterator):
        out = list(out)
    return out, time.thread_time_ns() - t


_RE2_FLAGS = ((re.IGNORECASE, "i"), (re.MULTILINE, "m"), (re.DOTALL, "s"))


def _re2(pattern: re.Pattern[str]) -> Any:
    """The pattern compiled by RE2 (Python's flags inline), or None when RE2 refuses it."""
    import re2  # google-re2: see the module docstring

    if pattern.flags & re.VERBOSE:
        return None
    inline = "".join(c for f, c in _RE2_FLAGS if pattern.flags & f)
    quiet = re2.Options()
    quiet.log_errors = False
    try:
        return re2.compile((f"(?{inline})" if inline else "") + pattern.pattern.replace(r"\Z", r"\z"), quiet)
    except re2.error:
        return None


def _hs_flags(pattern: re.Pattern[str]) -> int:
    import hyperscan

    flags = hyperscan.HS_FLAG_PREFILTER | hyperscan.HS_FLAG_SINGLEMATCH | hyperscan.HS_FLAG_ALLOWEMPTY
    flags |= hyperscan.HS_FLAG_UTF8 | (0 if pattern.flags & re.ASCII else hyperscan.HS_FLAG_UCP)
    for f, h in ((re.IGNORECASE, "CASELESS"), (re.MULTILINE, "MULTILINE"), (re.DOTALL, "DOTALL")):
        if pattern.flags & f:
            flags |= getattr(hyperscan, f"HS_FLAG_{h}")
    return flags


def _hs_source(pattern: re.Pattern[str]) -> str:
    """The pattern as Hyperscan's PCRE syntax gets it: Python's verbose flag as an inline `(?x)`."""
    return ("(?x)" if pattern.flags & re.VERBOSE else "") + pattern.pattern


HS_COMPILE_S = 20.0
"""Longest a pattern's Hyperscan compile may take (in a child process); past it the pattern counts as refused."""


def _hs_compiled(exprs: list[bytes], flags: list[int]) -> bytes | None:
    """In a child: the serialised database of `exprs` in prefilter mode, or None when Hyperscan refuses them."""
    import hyperscan

    db = hyperscan.Database()
    try:
        db.compile(expressions=exprs, ids=list(range(len(exprs))), elements=len(exprs), flags=flags)
    except hyperscan.error:
        return None
    return hyperscan.dumpb(db)


def _hs_db(exprs: list[bytes], flags: list[int], limit_s: float) -> tuple[Any, str]:
    """The database compiled in a forked child within `limit_s` seconds, or None and why not."""
    import multiprocessing

    import hyperscan

    with multiprocessing.get_context("fork").Pool(1) as pool:
        job = pool.apply_async(_hs_compiled, (exprs, flags))
        try:
            raw = job.get(limit_s)
        except multiprocessing.TimeoutError:
            pool.terminate()
            return None, f"compile over {limit_s:.0f} s"
    return (hyperscan.loadb(raw, hyperscan.HS_MODE_BLOCK), "") if raw is not None else (None, "refused")


def _hs(pattern: re.Pattern[str]) -> tuple[Any, str]:
    """A Hyperscan database of the pattern alone in prefilter mode, or None and why not."""
    return _hs_db([_hs_source(pattern).encode()], [_hs_flags(pattern)], HS_COMPILE_S)


def _hs_hits(db: Any, scratch: Any, text: bytes) -> bool:
    import hyperscan

    hit = [False]

    def on(*_: Any) -> bool:
        hit[0] = True
        return True  # stop at the first

    try:
        db.scan(text, match_event_handler=on, scratch=scratch)
    except hyperscan.ScanTerminated:  # stopped at the first match, as asked
        pass
    return hit[0]


@dataclass
class _Row:
    where: str
    calls: int = 0
    re_ns: int = 0
    re2_ok: bool = False
    re2_ns: int = 0
    re2_re_ns: int = 0  # `re`'s CPU for the calls RE2 replayed
    re2_differ: int = 0
    hs_ok: bool = False
    hs_ns: int = 0
    skippable_ns: int = 0
    skippable: int = 0
    wrong_skips: int = 0
    hs_why: str = ""


def replay(p: _Pattern) -> _Row:
    """Replay `p`'s calls in `re`, RE2 and the Hyperscan prefilter (module docstring)."""
    import hyperscan

    row = _Row(p.where, len(p.calls))
    t = time.perf_counter()
    r2 = _re2(p.compiled)
    hs, row.hs_why = _hs(p.compiled)
    print(f"  compiled in {time.perf_counter() - t:.2f} s {row.hs_why}: {p.where}", file=sys.stderr, flush=True)
    row.re2_ok, row.hs_ok = r2 is not None, hs is not None
    scratch = hyperscan.Scratch(hs) if hs is not None else None
    for method, args, kwargs in p.calls:
        out, ns = _timed(lambda m=method, a=args, k=kwargs: getattr(p.compiled, m)(*a, **k))
        row.re_ns += ns
        subject_at = 1 if method in ("sub", "subn") else 0
        plain = len(args) == subject_at + 1 and not kwargs and isinstance(args[subject_at], str)
        if not plain:
            continue
        subject = args[subject_at]
        if r2 is not None and not callable(args[0]):
            other, ns2 = _timed(lambda m=method, a=args: getattr(r2, m)(*a))
            row.re2_ns += ns2
            row.re2_re_ns += ns
            row.re2_differ += _answer(other) != _answer(out)
        if hs is not None:
            t = time.thread_time_ns()
            hit = _hs_hits(hs, scratch, subject.encode("utf-8", "surrogatepass"))
            row.hs_ns += time.thread_time_ns() - t
            found = _found(method, out, subject)
            if not hit:
                row.skippable += 1
                row.skippable_ns += ns
                row.wrong_skips += found
    return row


def one_scan_per_text(patterns: list[_Pattern], rows: list[_Row]) -> tuple[int, int, int, str]:
    """One Hyperscan database of the patterns that compiled alone, scanned once per distinct text.

    Returns (texts, CPU ns of the scans, patterns in the database, why none when it did not compile).
    """
    import hyperscan

    ok = {r.where for r in rows if r.hs_ok}
    chosen = [p for p in patterns if p.where in ok]
    db, why = _hs_db([_hs_source(p.compiled).encode() for p in chosen], [_hs_flags(p.compiled) for p in chosen],
                     10 * HS_COMPILE_S)  # fmt: skip
    texts = set()
    for p in patterns:
        for m, a, k in p.calls:
            at = 1 if m in ("sub", "subn") else 0
            if len(a) == at + 1 and not k and isinstance(a[at], str):
                texts.add(a[at])
    if db is None:
        return len(texts), 0, 0, why
    scratch = hyperscan.Scratch(db)
    t = time.thread_time_ns()
    for text in texts:
        db.scan(text.encode("utf-8", "surrogatepass"), match_event_handler=lambda *_: None, scratch=scratch)
    return len(texts), time.thread_time_ns() - t, len(chosen), ""


def main() -> None:
    """Record, replay, print (module docstring)."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--events", type=int, default=1000)
    ap.add_argument("--top", type=int, default=15)
    args = ap.parse_args()
    if args.events < 100 or args.top < 1:
        print(f"--events {args.events} --top {args.top}: give at least 100 events and 1 pattern", file=sys.stderr)
        sys.exit(2)
    try:
        import re2  # noqa: F401
    except ImportError:
        print("google-re2 is not importable: pip install --target DIR google-re2, then PYTHONPATH=DIR", file=sys.stderr)
        sys.exit(2)
    import presidio_analyzer  # noqa: F401  # before the wrapping, as in audit_ingest_patterns.py
    import spacy  # noqa: F401

    _wrap_compile()
    os.environ["MEMEVAL_FINGERPRINT_KEY"] = "ab" * 32
    os.environ["MEMEVAL_AUDIT_WORKERS"] = "0"
    sys.path.insert(0, str(ROOT / "bench"))
    import audit_ingest as bench
    from _machine import load_now

    from memeval.audit._ingest import parse_lines
    from memeval.audit._parallel import _work_group, batch_texts, strict_id_candidates

    lines = [json.dumps(e) for e in bench.events(args.events + 200, "bench-file", "bench-file", "prefixed", "")]
    parsed = parse_lines(lines)
    batches = [[ev for _, ev in parsed[k : k + 100]] for k in range(0, len(parsed), 100)]
    for b in batches[:2]:
        _work_group([batch_texts(b)], [strict_id_candidates(b)])
    measured = batches[2:]
    n = sum(map(len, measured))
    _RECORDING[0] = True
    t0 = time.thread_time()
    for b in measured:
        _work_group([batch_texts(b)], [strict_id_candidates(b)])
    whole = time.thread_time() - t0
    _RECORDING[0] = False
    used = [p for p in _PATTERNS if p.calls]
    rows = sorted((replay(p) for p in used), key=lambda r: -r.re_ns)
    tot = _Row("all")
    for r in rows:
        for f in (
            "calls",
            "re_ns",
            "re2_ns",
            "re2_re_ns",
            "re2_differ",
            "hs_ns",
            "skippable_ns",
            "skippable",
            "wrong_skips",
        ):
            setattr(tot, f, getattr(tot, f) + getattr(r, f))
    us = 1e-3 / n
    print(f"{Path(sys.modules['memeval'].__file__ or '').parent.parent}: {n:,} events, the workers' steps "
          f"{whole / n * 1e6:.0f} us an event with the recorder on ({load_now()})")  # fmt: skip
    print(f"{len(used)} patterns called, {tot.calls:,} calls; `re` replayed {tot.re_ns * us:.1f} us an event")
    print(
        f"RE2: {sum(r.re2_ok for r in rows)} of {len(rows)} patterns compile; their plain calls "
        f"{tot.re2_re_ns * us:.1f} us an event in `re`, {tot.re2_ns * us:.1f} in RE2; "
        f"answers differing from `re`'s: {tot.re2_differ:,} calls"
        f" in {sum(r.re2_differ > 0 for r in rows)} patterns"
    )
    print(
        f"Hyperscan prefilter, one pattern a scan: {sum(r.hs_ok for r in rows)} of {len(rows)} patterns compile "
        f"({sum('over' in r.hs_why for r in rows)} took over {HS_COMPILE_S:.0f} s); "
        f"scans {tot.hs_ns * us:.1f} us an event; calls it would skip {tot.skippable:,} "
        f"({tot.skippable_ns * us:.1f} us an event of `re`); wrong skips (re matched, prefilter found nothing) "
        f"{tot.wrong_skips:,} in {sum(r.wrong_skips > 0 for r in rows)} patterns"
    )
    texts, ns, compiled, why = one_scan_per_text(used, rows)
    print(
        f"Hyperscan prefilter, one database of the {compiled} patterns that compiled alone, scanned once per distinct "
        f"text: {texts:,} texts, {ns * us:.1f} us an event{f' (not compiled: {why})' if why else ''}"
    )
    head = f"{'re us/ev':>8} {'calls':>6} {'re2 us/ev':>9} {'differ':>6} {'hs us/ev':>8} {'skip us/ev':>10}"
    print(f"{head} {'wrong':>5}  where")
    for r in rows[: args.top]:
        r2 = f"{r.re2_ns * us:9.2f}" if r.re2_ok else f"{'refused':>9}"
        hs = f"{r.hs_ns * us:8.2f}" if r.hs_ok else f"{'slow' if 'over' in r.hs_why else 'refused':>8}"
        print(
            f"{r.re_ns * us:8.2f} {r.calls:6d} {r2} {r.re2_differ:6d} {hs} {r.skippable_ns * us:10.2f} "
            f"{r.wrong_skips:5d}  {r.where}"
        )


if __name__ == "__main__":
    main()
