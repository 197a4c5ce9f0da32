"""Fixtures for the Fernhill sample tests (helpers live in fernhill_harness.py)."""

from __future__ import annotations

import subprocess
from collections.abc import Iterator

import pytest
from fernhill_harness import ScriptedServer, start_scripted_server


@pytest.fixture(scope="module")
def scripted_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ScriptedServer]:
    """The scripted model server, one per test module; stopped with SIGTERM afterwards."""
    server = start_scripted_server(tmp_path_factory.mktemp("scripted"))
    yield server
    server.process.terminate()
    try:
        server.process.wait(timeout=5)
    except subprocess.TimeoutExpired:
        server.process.kill()
        server.process.wait()
