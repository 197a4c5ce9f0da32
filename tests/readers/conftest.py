"""Session fixtures of the reader tests: three real runs on the mini task set (see readers_helpers)."""

from pathlib import Path

import pytest
from readers_helpers import Runs, make_runs


@pytest.fixture(scope="session")
def runs(tmp_path_factory: pytest.TempPathFactory) -> Runs:
    return make_runs(Path(tmp_path_factory.mktemp("readers")))
