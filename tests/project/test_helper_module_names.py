"""Helper modules beside the tests have names no other test folder uses.

pytest's default import mode puts each test file's folder at the front of `sys.path` and imports
its helpers by bare name (`from planted import ...`), so two folders with a `planted.py` share one
entry in `sys.modules`: whichever is imported first serves both, and the other folder's tests fail
at collection in a full run while passing when run alone. Stop 41's CI failed that way
(`tests/redact/planted.py` beside `tests/hold/planted.py`).
"""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]


def test_no_two_test_folders_share_a_helper_module_name() -> None:
    """Every importable helper (not `test_*`, `conftest`, `__init__`) has a unique file name."""
    by_name: dict[str, list[str]] = defaultdict(list)
    for path in TESTS.rglob("*.py"):
        relative = path.relative_to(TESTS)
        if relative.parts[0] == "fixtures":
            continue
        if path.name.startswith("test_") or path.name in {"conftest.py", "__init__.py"}:
            continue
        by_name[path.stem].append(str(relative))
    shared = {name: sorted(paths) for name, paths in by_name.items() if len(paths) > 1}
    assert shared == {}, f"rename one of each: {shared}"
