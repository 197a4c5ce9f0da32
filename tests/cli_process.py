"""A real `memeval` process for the new-user tests, what `-X importtime` says it imported, and the command tree."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def run_memeval(
    *args: str, cwd: Path, env: dict[str, str] | None = None, stdin: str = "", importtime: bool = False
) -> subprocess.CompletedProcess[str]:
    """`python -m memeval ARGS` in `cwd`, no MEMEVAL_ variable of ours but `env`'s; `importtime`: `-X importtime` on."""
    base = {k: v for k, v in os.environ.items() if not k.startswith("MEMEVAL_")}
    flags = ["-X", "importtime"] if importtime else []
    return subprocess.run(
        [sys.executable, *flags, "-m", "memeval", *args],
        env={**base, "PYTHONPATH": str(REPO), **(env or {})},
        cwd=cwd,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=300,
        start_new_session=True,
    )


def imported_modules(stderr: str) -> set[str]:
    """The modules `-X importtime` reported as imported (its lines: `import time: self | cumulative | name`)."""
    return {
        line.rsplit("|", 1)[1].strip()
        for line in stderr.splitlines()
        if line.startswith("import time:") and "|" in line
    }


def said(stderr: str) -> str:
    """stderr without `-X importtime`'s lines: what the command itself said."""
    return "\n".join(line for line in stderr.splitlines() if not line.startswith("import time:"))


def options_by_command() -> dict[str, set[str]]:
    """Every command path (`audit token list`; the root is "") with the options it takes, walking memeval's typer tree.

    In the order the tree lists them; an option's secondary names (`--no-x`) are included.
    """
    import typer.main
    from typer._click.core import Context

    from memeval.cli import app

    found: dict[str, set[str]] = {}

    def walk(cmd: object, path: list[str], ctx: Context) -> None:
        params = getattr(cmd, "params", [])
        found[" ".join(path)] = {o for p in params for o in [*p.opts, *getattr(p, "secondary_opts", [])]}
        for name in getattr(cmd, "list_commands", lambda c: [])(ctx):
            sub = cmd.get_command(ctx, name)  # type: ignore[attr-defined]  # a click group: it has get_command
            walk(sub, [*path, name], Context(sub, info_name=name, parent=ctx))

    root = typer.main.get_command(app)
    walk(root, [], Context(root, info_name="memeval"))
    return found
