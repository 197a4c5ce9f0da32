"""Which of a fixed set of literal strings occur in a text, found by one native multi-literal scan.

The hold rules' screen (`memeval.hold._screen`, about 6,000 literals) and the context rules' keyword
index (`memeval.redact._context`, about 850 keywords) ask one question of every text: which of my
literals does it contain? Answered in Python (a set of the text's 3-character pieces, then an `in`
test per literal filed under a piece the text holds) that cost about 50 us a 95-character hold text
and 570 us a batch's 5 kB of joined readings. Here the literals are compiled once into one
Hyperscan database (the `hyperscan` package's bundled Vectorscan/Hyperscan, literal mode, each
literal reported at most once a scan), so a text is read once in C: about 13 us and 7 us.

The answer is exactly `{w for w in literals if w in text}`:

- text and literals are encoded as UTF-8 with `surrogatepass` (so a lone surrogate encodes too);
  in UTF-8 no character's encoding starts inside another's, so the bytes of `w` occur in the
  bytes of `text` exactly when `w` occurs in `text`;
- the binding hands each literal to the library as a C string, so a literal holding NUL would be
  cut at it: those are tested with `in` instead, as are one-character literals (cheaper than a
  callback each: `set.intersection` over a short text, an `in` test per literal over a text more than
  twice as long as they are many; the intersection reads every character, so a set with no such
  literal cost 2.8 us a 300-character text and 37-47 us a batch's 5 kB for nothing), and the empty
  literal is always present.

`tests/test_literals.py` checks the answer against that definition on random and fixture texts.

A set of `MIN_KEPT` literals or more keeps its compiled database between processes
(`memeval._diskcache`, Hyperscan's own serialisation): the hold screen's 8,758 literals took about
0.26 s of CPU to compile in every ingest process, a kept database loads in under a millisecond. The
entry's key is the literals, the `hyperscan` version and the platform Hyperscan compiles for; a
loaded database must report every one of its literals in one scan of them all (about 3 ms) or it is
rebuilt (`tests/test_literals_cache.py`).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Iterable
from typing import Any, Literal

from memeval import _diskcache

log = logging.getLogger(__name__)

MIN_KEPT = 256
"""A set with at least this many scanned literals keeps its database on disk (a smaller one compiles in
a few milliseconds)."""


class LiteralSet:
    """A fixed set of literals and the question "which occur in this text?" (`present`).

    Args:
        literals: the literals (any strings; repeats are ignored).

    The database is compiled on the first `present` (about 0.03 s a thousand literals), or read from
    the derived cache (see the module docstring; `built_from` says which); each thread gets its own
    Hyperscan scratch space, so one `LiteralSet` may be shared across threads.

    Raises:
        ImportError: the `hyperscan` package is not installed (it is a dependency of memeval).
    """

    def __init__(self, literals: Iterable[str]) -> None:
        words = sorted(set(literals))
        self.literals: frozenset[str] = frozenset(words)
        self._always = frozenset(w for w in words if w == "")
        self._chars = frozenset(w for w in words if len(w) == 1)
        self._with_nul = tuple(w for w in words if len(w) > 1 and "\x00" in w)
        self._scanned = tuple(w for w in words if len(w) > 1 and "\x00" not in w)
        self._db: Any = None
        self._local = threading.local()
        self._lock = threading.Lock()
        self.built_from: Literal["compiled", "cache"] | None = None
        """How the database was made: compiled here, or loaded from the derived cache (None: not yet)."""

    def _database(self) -> Any:
        """The compiled database (built or loaded on first use, once, under a lock)."""
        if self._db is None:
            with self._lock:
                if self._db is None:
                    import hyperscan

                    key = _cache_key(hyperscan, self._scanned) if len(self._scanned) >= MIN_KEPT else None
                    db = self._kept(hyperscan, key) if key else None
                    if db is None:
                        db = self._compiled(hyperscan)
                        if key:
                            _diskcache.write(_KIND, key, hyperscan.dumpb(db))
                        self.built_from = "compiled"
                    else:
                        self.built_from = "cache"
                    self._db = db
        return self._db

    def _compiled(self, hyperscan: Any) -> Any:
        db = hyperscan.Database(mode=hyperscan.HS_MODE_BLOCK)
        db.compile(
            expressions=[w.encode("utf-8", "surrogatepass") for w in self._scanned],
            ids=list(range(len(self._scanned))),
            elements=len(self._scanned),
            flags=[hyperscan.HS_FLAG_SINGLEMATCH] * len(self._scanned),
            literal=True,
        )
        return db

    def _kept(self, hyperscan: Any, key: str) -> Any:
        """The database kept under `key`, if there is one and it reports each of its literals; else None."""
        raw = _diskcache.read(_KIND, key)
        if raw is None:
            return None
        try:
            db = hyperscan.loadb(raw, hyperscan.HS_MODE_BLOCK)
            seen: set[int] = set()
            db.scan(
                "\x00".join(self._scanned).encode("utf-8", "surrogatepass"),
                match_event_handler=lambda i, _start, _end, _flags, _ctx: seen.add(i),
                scratch=hyperscan.Scratch(db),
            )
        except hyperscan.error as exc:
            log.warning("kept literal database %s did not load (%s); compiling it", key[:12], exc)
            return None
        if seen != set(range(len(self._scanned))):
            log.warning("kept literal database %s misses some of its literals; compiling it", key[:12])
            return None
        return db

    def _scratch(self, db: Any) -> Any:
        scratch = getattr(self._local, "scratch", None)
        if scratch is None:
            import hyperscan

            scratch = self._local.scratch = hyperscan.Scratch(db)
        return scratch

    def present(self, text: str) -> set[str]:
        """The literals that occur in `text`: exactly `{w for w in self.literals if w in text}`."""
        chars = self._chars
        # the one-character literals in `text`: `set.intersection` reads every character of the text (also when
        # there are none to find), an `in` test each reads the text in C: the cheaper way for the sizes
        found = set(filter(text.__contains__, chars) if len(text) > 2 * len(chars) else chars.intersection(text))
        found.update(self._always)
        for w in self._with_nul:
            if w in text:
                found.add(w)
        if self._scanned and len(text) >= 2:
            db = self._database()
            hits: list[int] = []
            db.scan(
                text.encode("utf-8", "surrogatepass"),
                match_event_handler=lambda i, _start, _end, _flags, _ctx: hits.append(i),
                scratch=self._scratch(db),
            )
            found.update(map(self._scanned.__getitem__, hits))
        return found


_KIND = "literals"
"""The derived cache's name for these entries (`memeval._diskcache.entry_path`)."""


def _cache_key(hyperscan: Any, scanned: tuple[str, ...]) -> str:
    """The derived cache's key of a database of `scanned`: the literals, the binding's version, the platform."""
    probe = hyperscan.Database(mode=hyperscan.HS_MODE_BLOCK)  # its `info()` names the library version and CPU features
    probe.compile(expressions=[b"ab"], ids=[0], elements=1, flags=[0], literal=True)
    return _diskcache.key_of(
        _KIND,
        "v1",
        str(hyperscan.__version__),
        bytes(probe.info()),
        "\x00".join(scanned).encode("utf-8", "surrogatepass"),
    )
