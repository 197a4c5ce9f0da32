"""The project stands alone: a clone with nothing beside it collects every test (issue 17 item 1).

The repository is cloned (its committed state) into an empty temporary folder, so no `../shared`
or any other sibling exists, and `pytest --collect-only` runs there with this interpreter. A test
module that reads a fixture from outside the repository at import time fails its collection.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from patience import patient

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.slow


@pytest.mark.skipif(shutil.which("git") is None or not (ROOT / ".git").exists(), reason="needs git and a git checkout")
def test_a_clone_with_nothing_beside_it_collects_every_test(tmp_path: Path) -> None:
    clone = tmp_path / "alone" / "memeval"
    subprocess.run(["git", "clone", "-q", "--no-hardlinks", str(ROOT), str(clone)], check=True, timeout=patient(300))
    assert sorted(p.name for p in clone.parent.iterdir()) == ["memeval"]  # nothing beside it
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST_", "MEMEVAL_"))}
    # The clone's own code, not this checkout's (an editable install points the venv here).
    env["PYTHONPATH"] = str(clone)
    out = subprocess.run(
        # `--assert=plain`: every module is imported as in a run (what reads outside the clone fails the
        # same), without rewriting its asserts first (a third of the collection's CPU, about 6 s here).
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider", "--assert=plain"],
        cwd=clone,
        env=env,
        capture_output=True,
        text=True,
        timeout=patient(900),
    )
    tail = out.stdout[-3000:] + out.stderr[-2000:]
    assert out.returncode == 0, tail
    assert "error" not in out.stdout.lower().splitlines()[-1], tail
    collected = re.search(r"(\d+) tests? collected", out.stdout)
    assert collected and int(collected.group(1)) > 500, tail
    # every test file of the checkout was collected from the clone
    files = {line.split("::")[0] for line in out.stdout.splitlines() if "::" in line}
    here = {
        str(p.relative_to(ROOT))
        for p in (ROOT / "tests").rglob("test_*.py")
        if "fixtures" not in p.relative_to(ROOT / "tests").parts  # a task's own held-back tests
    }
    committed = set(
        subprocess.run(
            ["git", "ls-files", "tests"], cwd=ROOT, capture_output=True, text=True, check=True
        ).stdout.split()
    )
    assert here & committed <= files, sorted((here & committed) - files)
