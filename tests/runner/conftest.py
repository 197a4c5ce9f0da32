"""Fixtures for the runner tests (helpers live in runner_helpers.py)."""

from runner_helpers import run_ab  # noqa: F401  (a fixture)
