"""memeval's command line. Each module registers its commands on `memeval.cli.app.app`."""

from memeval.cli import ab as _ab  # noqa: F401  (registers `ab`, `result`, `results`)
from memeval.cli import audit as _audit  # noqa: F401
from memeval.cli import pack as _pack  # noqa: F401
from memeval.cli import read as _read  # noqa: F401  (compare, report-ab, view, runs, plan, check-tasks)
from memeval.cli import report as _report  # noqa: F401  (report weekly|send|verify|subscribe, schedule)
from memeval.cli import review as _review  # noqa: F401  (serve, users, review)
from memeval.cli.app import app, main

__all__ = ["app", "main"]
