"""The cache folder a `memeval` process run in a HOME of a test's own shares with the rest of the suite.

A `memeval` process keeps what it derives from its own rule tables (the hold screen, the literal
screens' Hyperscan databases, the kingfisher rule details) under `$XDG_CACHE_HOME/memeval/derived`,
else `~/.cache/memeval/derived` (`memeval._diskcache`). A test that runs memeval in a HOME of its
own (so that its key, settings and logs stay in the test's folder) started that process with an
empty cache, and the process rebuilt every entry: a one-event `audit ingest` took 10.1 CPU s with
an empty cache against 3.6 s with a warm one (speed26, 2026-12-06, load 12-17).

`shared_cache()` is the environment entry that gives such a process the cache folder of this test
process (its `XDG_CACHE_HOME`, else `~/.cache`): the one every other `memeval` process of the suite
reads and fills. Its HOME stays the test's own. memeval checks each entry it reads (the key it was
written for, the checksum of its payload: `_diskcache.read`) and rebuilds what is missing or does
not match, so a shared cache changes how much the process builds, never what it answers.
"""

from __future__ import annotations

import os
from pathlib import Path


def shared_cache() -> dict[str, str]:
    """`{"XDG_CACHE_HOME": <this process's cache folder>}`, to add to a child's environment."""
    return {"XDG_CACHE_HOME": os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")}
