#!/usr/bin/env python
"""Write memeval/redact/rules/betterleaks_keywords.toml from the installed betterleaks library's bundled rules.

    .venv/bin/python scripts/redact_betterleaks_keywords.py

The keywords let `memeval.redact._blscreen` skip betterleaks' call on a text it cannot report anything in.
Rerun after a betterleaks update (the screen is off, every text scanned, until the versions match).
"""

from __future__ import annotations

import json
from pathlib import Path

import betterleaks

from memeval.redact._blscreen import KEYWORDS_FILE, library_config, library_keywords

OUT = Path(__file__).resolve().parents[1] / "memeval" / "redact" / "rules" / KEYWORDS_FILE


def main() -> None:
    """Read the library's config and write the keyword file."""
    config = library_config()
    keywords = library_keywords(config)
    lines = [
        "# The keywords of every rule of betterleaks' bundled default config (lower-cased), read from the installed",
        "# library by scripts/redact_betterleaks_keywords.py: do not edit by hand. memeval.redact._blscreen skips",
        "# betterleaks' call on an ASCII text holding none of them (the library runs no rule there).",
        f"betterleaks = {json.dumps(betterleaks.__version__)}",
        f"upstream = {json.dumps(betterleaks.__upstream_version__)}",
        f"rules = {len(config['rules'])}",
        "keywords = [",
        *(f"  {json.dumps(k)}," for k in keywords),
        "]",
    ]
    OUT.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"{OUT}: {len(keywords)} keywords of {len(config['rules'])} rules (betterleaks {betterleaks.__version__})")


if __name__ == "__main__":
    main()
