"""Commands start without the heavy stack: `import memeval.cli` loads none of it (issue 17 item 2).

Each check runs in a fresh interpreter, the way a user's `memeval ...` starts, and reads
`sys.modules` there. Timing is a benchmark (`bench/cli_start.py`), never asserted here.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

# Modules a command's start must not pay for; each is imported by the command that needs it.
HEAVY = (
    "scipy",
    "statsmodels",
    "numpy",
    "pandas",
    "weasyprint",
    "presidio_analyzer",
    "spacy",
    "fastapi",
    "starlette",
    "uvicorn",
    "httpx",
    "sqlalchemy",
    "sqlmodel",
    "jinja2",
    "apscheduler",
    "psycopg",
    "rich",
    "markdown_it",
)


def _modules_after(code: str, cwd: Path) -> set[str]:
    probe = code + "\nimport sys, json\nprint(json.dumps(sorted({m.split('.')[0] for m in sys.modules})))"
    out = subprocess.run(
        [sys.executable, "-c", probe], cwd=cwd, capture_output=True, text=True, check=True, timeout=120
    )
    return set(json.loads(out.stdout.strip().splitlines()[-1]))


def test_import_memeval_cli_loads_no_heavy_module(tmp_path: Path) -> None:
    loaded = _modules_after("import memeval.cli", tmp_path)
    assert "memeval" in loaded
    assert sorted(loaded & set(HEAVY)) == []


def test_import_memeval_is_light(tmp_path: Path) -> None:
    loaded = _modules_after("import memeval", tmp_path)
    assert sorted(loaded & (set(HEAVY) | {"pydantic", "typer"})) == []


@pytest.mark.parametrize(
    "argv",
    [["--help"], ["results", "--help"], ["runs"], ["runs", "--json"]],
    ids=["help", "results-help", "runs", "runs-json"],
)
def test_light_commands_run_without_the_statistics_or_web_stack(argv: list[str], tmp_path: Path) -> None:
    # An empty runs folder: `memeval runs` lists nothing and must not load scipy & co. to say so.
    code = (
        "import sys\n"
        "from memeval.cli import main\n"
        f"sys.argv = ['memeval', *{argv!r}]\n"
        "try:\n"
        "    main()\n"
        "except SystemExit as exc:\n"
        "    assert exc.code in (0, None), exc.code\n"
    )
    loaded = _modules_after(code, tmp_path)
    heavy = set(HEAVY) - {"rich"}  # `runs` prints a rich table; --help must not need rich either
    if argv[0] == "--help" or argv[-1] == "--help":
        heavy = set(HEAVY)
    assert sorted(loaded & heavy) == []


def test_a_command_that_needs_the_statistics_still_gets_them(tmp_path: Path) -> None:
    out = subprocess.run(
        [sys.executable, "-m", "memeval", "plan", "--effect", "0.5", "--repeats", "1", "--json"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["tasks"] > 0
