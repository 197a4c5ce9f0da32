"""Helper modules beside the tests have names no other test folder uses.

pytest's default import mode puts each test file's folder at the front of `sys.path` and imports
its helpers by bare name (`from planted import ...`), so two folders with a `planted.py` share one
entry in `sys.modules`: whichever is imported first serves both, and the other folder's tests fail
at collection in a full run while passing when run alone. Stop 41's CI failed that way
(`tests/redact/planted.py` beside `tests/hold/planted.py`). Test modules themselves are imported by
base name too, so two `test_*.py` of one name stop the whole suite's collection ("import file mismatch"),
as `tests/redact/` and `tests/audit/`'s `test_redact30_markup_cuts.py` did once both were merged.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]


def test_no_two_test_folders_share_a_helper_module_name() -> None:
    """Every importable helper (not `test_*`, `conftest`, `__init__`) has a unique file name."""
    assert _shared(lambda name: not name.startswith("test_") and name not in {"conftest.py", "__init__.py"}) == {}


def test_no_two_test_folders_share_a_test_module_name() -> None:
    """Every `test_*.py` outside the fixtures has a unique file name."""
    assert _shared(lambda name: name.startswith("test_")) == {}


def _shared(kept: Callable[[str], bool]) -> dict[str, list[str]]:
    """File names (without `.py`) that `kept` keeps and more than one folder under tests/ (fixtures apart) holds."""
    by_name: dict[str, list[str]] = defaultdict(list)
    for path in TESTS.rglob("*.py"):
        relative = path.relative_to(TESTS)
        if relative.parts[0] != "fixtures" and kept(path.name):
            by_name[path.stem].append(str(relative))
    return {name: sorted(paths) for name, paths in by_name.items() if len(paths) > 1}
