"""Every Python name README gives in code quotes (`memeval.x.NAME`) exists, so a reader who looks it up finds it.

README named `memeval.runner._runmeter.MAX_KEPT_BYTES` for the bound on kept bodies; the constant lives in
`memeval.runner._callstats` (newuser38). In process: the claim is about names, not about a process.
"""

from __future__ import annotations

import importlib
import re
from pathlib import Path

README = Path(__file__).resolve().parents[2] / "README.md"
NAME = re.compile(r"`(memeval(?:\.[A-Za-z_][A-Za-z0-9_]*)+)(?:\(\))?`")
FILES = (".toml", ".json", ".md", ".sqlite")
"""Quoted file names that read like dotted names (`memeval.toml`, a team folder's settings)."""


def _resolve(dotted: str) -> str | None:
    """None when `dotted` names a module or an attribute of one; else what is missing."""
    parts = dotted.split(".")
    for i in range(len(parts), 0, -1):
        try:
            obj: object = importlib.import_module(".".join(parts[:i]))
        except ModuleNotFoundError:
            continue
        for j, attr in enumerate(parts[i:], start=i):
            if not hasattr(obj, attr):
                return f"{'.'.join(parts[:j])} has no {attr}"
            obj = getattr(obj, attr)
        return None
    return "no module"


def test_every_dotted_memeval_name_in_readme_exists() -> None:
    names = sorted({m for m in NAME.findall(README.read_text()) if not m.endswith(FILES)})
    assert len(names) >= 20, names  # the pattern still finds README's names
    missing = {n: why for n in names if (why := _resolve(n)) is not None}
    assert missing == {}, missing
