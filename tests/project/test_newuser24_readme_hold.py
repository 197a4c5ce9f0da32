"""README's "Holding" reads as a user's guide; the round-by-round history lives in docs/holding.md (newuser24).

The section was 200 lines of rounds, rule versions and held-out looks ("On v33 ... On v32 ..."): a
newcomer could not find what a held text is, where it waits, how to release or discard it, nor how
far to trust it. Now README says those, with the commands, the latest blind figure and the table of
looks, and links the history, kept whole. Each `memeval review ... hold` line it shows is run as a
real process against a scratch store: each line is understood (the placeholder item is then refused).
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path

from usage_line import run_memeval, set_up_memeval

REPO = Path(__file__).resolve().parents[2]


def _holding() -> list[str]:
    """README's Holding bullet, from its `- **Holding.**` line to the next bullet of the list."""
    lines = (REPO / "README.md").read_text().splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("- **Holding.**"))
    end = next(i for i in range(start + 1, len(lines)) if lines[i].startswith("- **"))
    return lines[start:end]


def test_holding_says_what_a_user_does_and_links_the_history() -> None:
    section = _holding()
    text = "\n".join(section)
    assert len(section) < 70, len(section)  # was 200
    assert not re.search(r"^\s*On v\d+ \(", text, re.M), "the looks' paragraphs belong in docs/holding.md"
    for words in ("memeval review list --kind hold", "memeval review release hold/", "memeval review discard hold/"):
        assert words in text, words
    assert "[docs/holding.md](docs/holding.md)" in text
    history = (REPO / "docs" / "holding.md").read_text()
    for version in re.findall(r"^\s*\| (v\d+) \|", text, re.M):  # every look in the table has its account there
        assert re.search(rf"\b{version}\b", history), version
    assert "On v33 (" in history and "Round 22 (rules/20" in history


def test_the_guide_commands_run(tmp_path: Path) -> None:
    env = {"MEMEVAL_DB": f"sqlite:///{tmp_path / 'a.sqlite'}"}
    made = set_up_memeval("audit", "team", "set", "fernhill", "--tz", "Europe/London", cwd=tmp_path, env=env)
    assert made.returncode == 0, made.stderr  # README's walk-through makes its store so too
    lines = [line.strip() for line in _holding() if line.strip().startswith("memeval review ")]
    assert len(lines) == 4, lines
    for line in lines:
        args = shlex.split(line.split("#")[0])[1:]
        out = run_memeval(*args, cwd=tmp_path, env=env)
        if args[1] == "list":
            assert out.returncode == 0, out.stderr
        else:  # hold/fernhill/ID is a placeholder on an empty store: refused, but the line itself was understood
            assert out.returncode == 2 and out.stderr.startswith("error: "), (line, out.stderr)
            for usage in ("No such option", "Missing", "unexpected extra", "Usage:"):
                assert usage not in out.stderr, (line, out.stderr)
