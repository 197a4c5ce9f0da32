"""Help pages a new user read against what the servers and `compare` do (sixteenth new-user round).

- `memeval serve --help` said the ingest endpoint's redactor and hold detector "load before the server
  listens", and its first stderr line "loading ... before listening": the port answers from the start,
  503 with Retry-After: 5 while they load (audit17), which neither said.
- `memeval compare --help` named only the pack warning; compare also warns when an arm's calls went to
  other models, or the same models in other shares, in the two runs (runner18).
"""

from __future__ import annotations

from pathlib import Path

from usage_line import run_memeval


def _help(tmp_path: Path, *args: str) -> str:
    out = run_memeval(*args, "--help", cwd=tmp_path)
    assert out.returncode == 0, out.stderr[-2000:]
    return " ".join(out.stdout.split())  # the help is wrapped to the terminal's width


def test_serve_help_says_requests_are_answered_503_while_it_loads(tmp_path: Path) -> None:
    text = _help(tmp_path, "serve")
    assert "503" in text and "Retry-After: 5" in text, text
    assert "before the server listens" not in text, text


def test_compare_help_names_the_model_share_warning(tmp_path: Path) -> None:
    text = _help(tmp_path, "compare")
    assert "other models" in text and "shares" in text, text
