"""Fixtures for the runner tests (helpers live in runner_helpers.py and hostile.py)."""

from hostile import hostile, small_runs  # noqa: F401  (fixtures)
from runner_helpers import run_ab  # noqa: F401  (a fixture)
