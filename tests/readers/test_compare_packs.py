"""`memeval compare` names each run's pack and warns when they differ; `--vary pack` says it is meant.

A new user compared a run of the sample's 13-item pack with a run of a 39-item pack built from
the audit log: `card_differences: []`, `warnings: []`, and `--vary pack` was refused as "not a
run-card field". The pack is not on the run card (the manifest pins it), so nothing noticed.
Real runs of the runner on the mini task set, read by real `memeval compare` processes.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from readers_helpers import MEMORY_AGENT, REPO, Runs, make_run

from memeval.results import Run

pytestmark = pytest.mark.xdist_group("compare-packs")
"""Both tests on one xdist worker, so the module's `other_pack_run` (a real run) is made once, not on each worker."""


@pytest.fixture(scope="module")
def other_pack_run(tmp_path_factory: pytest.TempPathFactory) -> Run:
    """The memory agent again, with another pack: three items, another name and version."""
    root = tmp_path_factory.mktemp("other-pack")
    items = [
        {"id": f"pk_010{i}", "kind": "lesson", "text": f"other lesson {i}", "provenance": {"source": "session"}}
        for i in (1, 2, 3)
    ]
    pack = root / "other.json"
    pack.write_text(json.dumps({"schema": "memeval.pack/1", "name": "q", "version": "2", "items": items}))
    return make_run(root / "runs", "command", MEMORY_AGENT, pack)


def _compare(a: Run, b: Run, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(REPO), "COLUMNS": "200"}
    return subprocess.run(
        [sys.executable, "-m", "memeval", "compare", str(a.path), str(b.path), *args],
        env=env, capture_output=True, text=True, timeout=120, cwd=Path(a.path).parent,
    )  # fmt: skip


def test_two_packs_are_named_and_their_difference_is_warned(runs: Runs, other_pack_run: Run) -> None:
    out = _compare(runs.memory, other_pack_run, "--json")
    assert out.returncode == 0, out.stderr
    doc = json.loads(out.stdout)
    assert doc["card_differences"] == []
    pins = runs.memory.result.manifest.cells.pack, other_pack_run.result.manifest.cells.pack
    assert pins[0] is not None and pins[1] is not None
    a_hash, b_hash = pins[0].hash, pins[1].hash
    assert doc["pack_a"] == {"name": "p", "version": "1", "hash": a_hash, "items_given": 2}
    assert doc["pack_b"] == {"name": "q", "version": "2", "hash": b_hash, "items_given": 3}
    [warning] = doc["warnings"]
    both = f"A p 1 ({a_hash[:19]}..., 2 items given), B q 2 ({b_hash[:19]}..., 3 items given)"
    assert warning.startswith(f"the runs used different packs: {both}"), warning
    assert "--vary pack" in warning

    table = _compare(runs.memory, other_pack_run)
    assert table.returncode == 0, table.stderr
    assert f"packs: A p 1 ({a_hash[:19]}..., 2 items given); B q 2 ({b_hash[:19]}..., 3 items given)" in table.stdout
    assert "warning: the runs used different packs" in table.stdout


def test_vary_pack_is_accepted_and_checked(runs: Runs, other_pack_run: Run) -> None:
    out = _compare(runs.memory, other_pack_run, "--vary", "pack", "--json")
    assert out.returncode == 0, out.stderr
    doc = json.loads(out.stdout)
    assert doc["varied"] == ["pack"]
    assert [w.split(":")[0] for w in doc["warnings"]] == ["the runs used different packs, as --vary says"]
    same = json.loads(_compare(runs.memory, runs.memory, "--vary", "pack", "--json").stdout)
    assert same["warnings"][0].startswith("A and B are the same run")  # one run given twice (newuser8)
    assert same["warnings"][1:] == ["--vary pack: both runs used the same pack, p 1 (" + same["pack_a"]["hash"][:19]
                                    + "..., 2 items given)"]  # fmt: skip
    cold = json.loads(_compare(runs.memory, runs.cold, "--json").stdout)
    assert cold["pack_b"] is None and "B no pack (both arms cold)" in cold["warnings"][0]
    typo = _compare(runs.memory, other_pack_run, "--vary", "packs")
    assert typo.returncode == 2 and "or pack" in typo.stderr, typo.stderr
