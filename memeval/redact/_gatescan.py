r"""Which personal-data gates (`_piigates.GATES`) match a text, found by one native scan of an ASCII text.

`_piigates.entities_for` asks every text the redactor reads which of five gate patterns (e-mail, phone,
card, IBAN, IP address) it holds, to pick the presidio recognizers worth running. Asked in Python that
is five `re` searches a text, about 8-9 us of CPU for a bench text of about 90 characters (2026-12-06,
a loaded 2-core machine; the IP gate's alternation alone 3 us), though nearly every text holds none. Here
the gates are compiled once into one Hyperscan database (the `hyperscan` dependency the literal sets
already use, `memeval._literals`), each gate reported at most once a scan: about 1.2 us a text.

The answer is exactly `[name for name, gate in gates.items() if gate.search(text)]`, in the gates' order:

- only an ASCII text is scanned this way. On ASCII the gates' syntax (literals, `[...]` classes of ASCII
  characters, `\\d`, bounded repeats, alternation, groups) reads the same in Hyperscan as in Python's `re`
  (`\\d` is `[0-9]` in both there), and whether a pattern without lookarounds or backreferences matches
  somewhere in a text does not depend on how the engine searches. A text with any other character
  is searched by the Python patterns (Python's `\\d` takes every Unicode decimal digit, whose table need not
  be Hyperscan's);
- a gate set Hyperscan cannot compile (a construct it lacks) is searched by the Python patterns, logged once.

`tests/redact/test_ingest32_gate_scan.py` checks the answer against the Python searches on the rules'
corpora, fixtures and generated texts.
"""

from __future__ import annotations

import logging
import re
import threading
from collections.abc import Mapping
from typing import Any

log = logging.getLogger(__name__)


class GateScan:
    """The names of the gates of `gates` (name -> pattern) that match a text (`hits`).

    Args:
        gates: name -> compiled `re` pattern, in the order the answer lists them.

    The database is compiled on the first ASCII text (a few milliseconds); each thread gets its own
    Hyperscan scratch space, so one `GateScan` may be shared across threads.
    """

    def __init__(self, gates: Mapping[str, re.Pattern[str]]) -> None:
        self.gates = dict(gates)
        self._names = tuple(self.gates)
        self._db: Any = None
        self._failed = False
        self._lock = threading.Lock()
        self._local = threading.local()

    def python_hits(self, text: str) -> list[str]:
        """The gates matching `text`, by their Python patterns: the definition `hits` keeps."""
        return [name for name, gate in self.gates.items() if gate.search(text)]

    def hits(self, text: str) -> list[str]:
        """Exactly `python_hits(text)`: the names of the gates whose pattern `search`es `text`, in order."""
        if not text.isascii():
            return self.python_hits(text)
        db = self._database()
        if db is None:
            return self.python_hits(text)
        found: list[int] = []
        db.scan(
            text.encode("ascii"),
            match_event_handler=lambda i, _start, _end, _flags, _ctx: found.append(i),
            scratch=self._scratch(db),
        )
        if not found:
            return []
        return [self._names[i] for i in sorted(found)]

    def _database(self) -> Any:
        """The compiled database, None when Hyperscan cannot compile the gates (then Python searches)."""
        if self._db is None and not self._failed:
            with self._lock:
                if self._db is None and not self._failed:
                    import hyperscan

                    patterns = list(self.gates.values())
                    try:
                        if any(p.flags & ~re.UNICODE for p in patterns):
                            raise ValueError("a gate has re flags Hyperscan is not given")
                        db = hyperscan.Database(mode=hyperscan.HS_MODE_BLOCK)
                        db.compile(
                            expressions=[p.pattern.encode("ascii") for p in patterns],
                            ids=list(range(len(patterns))),
                            elements=len(patterns),
                            flags=[hyperscan.HS_FLAG_SINGLEMATCH] * len(patterns),
                        )
                    except (hyperscan.error, UnicodeEncodeError, ValueError) as exc:
                        log.warning(
                            "the personal-data gates do not compile for Hyperscan (%s); searched in Python", exc
                        )
                        self._failed = True
                        return None
                    self._db = db
        return self._db

    def _scratch(self, db: Any) -> Any:
        scratch = getattr(self._local, "scratch", None)
        if scratch is None:
            import hyperscan

            scratch = self._local.scratch = hyperscan.Scratch(db)
        return scratch
