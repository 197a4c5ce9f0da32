"""Where Jinja2 templates live, and the one way to build a template environment.

Templates and CSS sit in the top-level `templates/` folder of the source tree, and inside the
wheel at `memeval/_templates/` (see `[tool.hatch.build.targets.wheel.force-include]`). Every
environment autoescapes and uses StrictUndefined, so a missing context field fails loudly.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import jinja2

from memeval.formatting import duration, money, pct


@cache
def templates_dir() -> Path:
    """The templates folder: the wheel's copy when installed, else the source tree's.

    Raises:
        FileNotFoundError: neither exists (a broken install).
    """
    here = Path(__file__).resolve().parent
    for candidate in (here / "_templates", here.parent / "templates"):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(
        f"memeval's templates are missing: looked in {here / '_templates'} and {here.parent / 'templates'}"
    )


def jinja_env(subdir: str | None = None) -> jinja2.Environment:
    """A Jinja2 environment over `templates/` (or one of its subfolders).

    Autoescape is on for every template and undefined names raise (StrictUndefined). The
    `money`, `pct` and `duration` filters are `memeval.formatting`'s (`{{ v | money(4) }}`).
    """
    root = templates_dir() / subdir if subdir else templates_dir()
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(root)),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters.update(money=money, pct=pct, duration=duration)
    return env
