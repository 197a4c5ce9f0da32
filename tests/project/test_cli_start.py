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
from patience import patient

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


# What the lazy root (memeval.cli.app.LazyGroup) keeps out of `--help`: pydantic (typer 0.2x checks
# every value with it) and every command module.
COMMAND_MODULES = (
    "memeval.cli.ab",
    "memeval.cli.record",
    "memeval.cli.read",
    "memeval.cli.plan",
    "memeval.cli.audit",
    "memeval.cli.report",
    "memeval.cli.review",
    "memeval.cli.users",
    "memeval.cli.pack",
)


def _all_modules_after(code: str, cwd: Path) -> set[str]:
    probe = code + "\nimport sys, json\nprint(json.dumps(sorted(sys.modules)))"
    out = subprocess.run(
        [sys.executable, "-c", probe], cwd=cwd, capture_output=True, text=True, check=True, timeout=patient(120)
    )
    return set(json.loads(out.stdout.strip().splitlines()[-1]))


def _modules_after(code: str, cwd: Path) -> set[str]:
    return {m.split(".")[0] for m in _all_modules_after(code, cwd)}


def _run_main(argv: list[str]) -> str:
    return (
        "import sys\n"
        "from memeval.cli import main\n"
        f"sys.argv = ['memeval', *{argv!r}]\n"
        "try:\n"
        "    main()\n"
        "except SystemExit as exc:\n"
        "    assert exc.code in (0, None), exc.code\n"
    )


def test_import_memeval_cli_loads_no_heavy_module(tmp_path: Path) -> None:
    loaded = _all_modules_after("import memeval.cli", tmp_path)
    assert "memeval.cli.app" in loaded
    assert sorted({m.split(".")[0] for m in loaded} & {*HEAVY, "pydantic"}) == []
    assert sorted(loaded & set(COMMAND_MODULES)) == []


@pytest.mark.parametrize(
    ("argv", "needs"),
    [
        (["--help"], set()),
        (["results", "--help"], {"memeval.cli.record"}),
        (["audit", "--help"], {"memeval.cli.audit"}),
    ],
    ids=["help", "results-help", "audit-help"],
)
def test_help_loads_only_its_own_command_module_and_no_pydantic(
    argv: list[str], needs: set[str], tmp_path: Path
) -> None:
    loaded = _all_modules_after(_run_main(argv), tmp_path)
    assert sorted(loaded & set(COMMAND_MODULES)) == sorted(needs)
    assert "pydantic" not in {m.split(".")[0] for m in loaded}


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
    # `runs` (its default folder, given as a Path), `runs --json` (the typed document's bytes without
    # its model: `memeval._runlist.runs_json_text`) and every --help: no pydantic and no rich either.
    loaded = _modules_after(_run_main(argv), tmp_path)
    assert sorted(loaded & {*HEAVY, "pydantic"}) == []


def test_a_command_that_needs_the_statistics_still_gets_them(tmp_path: Path) -> None:
    out = subprocess.run(
        [sys.executable, "-m", "memeval", "plan", "--effect", "0.5", "--repeats", "1", "--json"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=patient(300),
    )
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["tasks"] > 0


def test_no_commands_help_loads_the_heavy_stack_or_pydantic(tmp_path: Path) -> None:
    # Every command's --help, one after the other in one interpreter (a module loaded by any of
    # them stays in sys.modules), walking the tree the way `memeval ... --help` resolves it.
    code = (
        "import contextlib, io, sys\n"
        "import typer.main\n"
        "from typer._click.core import Context\n"
        "from memeval.cli import app, main\n"
        "paths = []\n"
        "def walk(cmd, path, ctx):\n"
        "    paths.append(path)\n"
        "    for name in getattr(cmd, 'list_commands', lambda c: [])(ctx):\n"
        "        sub = cmd.get_command(ctx, name)\n"
        "        walk(sub, [*path, name], Context(sub, info_name=name, parent=ctx))\n"
        "root = typer.main.get_command(app)\n"
        "walk(root, [], Context(root, info_name='memeval'))\n"
        "for path in paths:\n"
        "    sys.argv = ['memeval', *path, '--help']\n"
        "    with contextlib.redirect_stdout(io.StringIO()):\n"
        "        try:\n"
        "            main()\n"
        "        except SystemExit as exc:\n"
        "            assert exc.code in (0, None), (path, exc.code)\n"
        "print(len(paths), file=sys.stderr)\n"
    )
    loaded = _modules_after(code, tmp_path)
    assert sorted(loaded & {*HEAVY, "pydantic"}) == []
