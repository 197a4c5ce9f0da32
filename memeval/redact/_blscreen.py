"""Which texts betterleaks cannot report anything in, known without calling it: its rules' keywords.

betterleaks (`_scanners.scan_string`) is called once a text and view, about five times an ingested
event (each free text, its boundary and slash views, each id reading), and nearly every call finds
nothing: 93% of a bench ingest's calls are on texts holding none of its rules' keywords. A call costs
about 2.3 us of CPU before the library reads a byte (the cgo crossing, the JSON reply), 2.7 us on a
bench text of an id or a short sentence, 4 us with a keyword in it (2026-12-06, a loaded 2-core machine).

The library runs a rule's pattern on a text only when the lower-cased text holds one of the rule's
keywords (a case-insensitive keyword automaton over the text decides the candidate rules: gitleaks'
scheme, which betterleaks keeps); its one rule without keywords (`pkcs12-file`) reads a file path,
which a string scan has none of; and the library's string call decodes nothing (a Base64 or hex copy
of a key is not reported). So an ASCII text holding none of the keywords gets no finding, and its call
is skipped (`may_find`: one Hyperscan scan of the text for the keywords in any letter case, about
0.5 us). The keywords are those of the library's bundled default config, kept in
`rules/betterleaks_keywords.toml` with the versions they were read from
(`scripts/redact_betterleaks_keywords.py` writes it from the installed library); with any other
installed version every text is scanned. A text that is not ASCII is always scanned (the library's
case folding of other characters is its own).

`tests/redact/test_ingest32_betterleaks_screen.py` checks the kept keywords against the installed
library's config, that every rule with a pattern has keywords, and that the screened call gives the
library's own answer on the redaction corpora, the holding sets and generated texts.
"""

from __future__ import annotations

import functools
import importlib.resources
import logging
import threading
import tomllib
from typing import Any

import betterleaks

log = logging.getLogger(__name__)

KEYWORDS_FILE = "betterleaks_keywords.toml"
"""The kept keywords, in `memeval/redact/rules/`."""


def kept() -> dict[str, Any]:
    """The keyword file's contents: `betterleaks` and `upstream` versions, `rules` (count) and `keywords`."""
    text = importlib.resources.files("memeval.redact").joinpath("rules", KEYWORDS_FILE).read_text(encoding="utf-8")
    return tomllib.loads(text)


class _KeywordScan:
    """Whether an ASCII text holds any of `keywords`, case-insensitively: one Hyperscan scan that stops at the first.

    A literal database compiled with Hyperscan's caseless flag (ASCII letters match either case, as lower-casing an
    ASCII text does), a scratch space a thread. About 0.5 us a short text against 1.4 for lower-casing it and
    listing every keyword in it (`memeval._literals.LiteralSet`), 2026-12-06.
    """

    def __init__(self, keywords: list[str]) -> None:
        import hyperscan

        self._hyperscan = hyperscan
        self._db = hyperscan.Database(mode=hyperscan.HS_MODE_BLOCK)
        flags = hyperscan.HS_FLAG_SINGLEMATCH | hyperscan.HS_FLAG_CASELESS
        self._db.compile(
            expressions=[k.encode("ascii") for k in keywords],
            ids=list(range(len(keywords))),
            elements=len(keywords),
            flags=[flags] * len(keywords),
            literal=True,
        )
        self._local = threading.local()

    def any_in(self, text: str) -> bool:
        """True when the ASCII `text` holds one of the keywords in any letter case."""
        scratch = getattr(self._local, "scratch", None)
        if scratch is None:
            scratch = self._local.scratch = self._hyperscan.Scratch(self._db)
        try:
            self._db.scan(text.encode("ascii"), match_event_handler=_stop, scratch=scratch)
        except self._hyperscan.ScanTerminated:
            return True
        return False


def _stop(*_match: object) -> bool:
    """Hyperscan's match callback: stop the scan at the first keyword."""
    return True


@functools.lru_cache(maxsize=1)
def _screen() -> _KeywordScan | None:
    """The keywords' scan, or None when the installed betterleaks is not the one they were read from."""
    data = kept()
    installed = (betterleaks.__version__, getattr(betterleaks, "__upstream_version__", None))
    if (data["betterleaks"], data["upstream"]) != installed:
        log.warning(
            "betterleaks %s (%s) is installed, its keywords were kept for %s (%s): every text is scanned; "
            "rerun scripts/redact_betterleaks_keywords.py",
            *installed,
            data["betterleaks"],
            data["upstream"],
        )
        return None
    keywords = data["keywords"]
    if not all(k and k.isascii() and k == k.lower() for k in keywords):
        log.warning("betterleaks' kept keywords are not all lower-case ASCII: every text is scanned")
        return None
    return _KeywordScan(keywords)


def may_find(text: str) -> bool:
    """False only when betterleaks cannot report anything in `text`: ASCII, and none of its keywords in any case."""
    if not text.isascii():
        return True
    screen = _screen()
    return screen is None or screen.any_in(text)


CONFIG_START = b'title = "betterleaks config"'
"""The first line of the library's bundled default config (its rules), which it keeps as text in its binary."""


def library_config() -> dict[str, Any]:
    """The default config bundled in the installed betterleaks library (`libbetterleaks.so`), parsed.

    For `scripts/redact_betterleaks_keywords.py` and the tests, never on the ingest path: the config is the
    TOML text that starts at `CONFIG_START` in the library file and ends at the next NUL byte.

    Raises:
        RuntimeError: the library file has no such text (another layout of the package: read its config another
            way, then update the kept keywords).
    """
    from betterleaks import _lib

    folder = importlib.resources.files(betterleaks)
    raw = folder.joinpath("libbetterleaks.so").read_bytes()
    at = raw.find(CONFIG_START)
    if at < 0:
        raise RuntimeError(
            f"no bundled config ({CONFIG_START.decode()!r}) in {_lib.__name__}'s library: read the rules' keywords "
            "another way and update rules/" + KEYWORDS_FILE
        )
    return tomllib.loads(raw[at : raw.find(b"\x00", at)].decode("utf-8"))


def library_keywords(config: dict[str, Any]) -> list[str]:
    """Every rule's keywords in `config` (`library_config`), lower-cased as the library compares them, sorted."""
    return sorted({k.lower() for rule in config["rules"] for k in rule.get("keywords", ())})
