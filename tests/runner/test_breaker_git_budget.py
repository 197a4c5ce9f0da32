"""The check of the agent's git objects is bounded: the objects are the agent's to make.

Each loose object the agent added was inflated and hashed whole (up to 1 GiB each) and each pack
verified by `git verify-pack` (up to 600 s each), with nothing bounding their number. A loose
object is zlib data that inflates about 1,000 times, so 10,000 one-megabyte files (inside a 10 GiB
storage_mb) kept the host hashing for hours, in memeval's own process, before any verifier and
outside every timeout. Now one world's check inflates at most `MAX_INFLATED_TOTAL` bytes in all
and spends at most `CHECK_BUDGET_S` on packs; what is left is refused unchecked, named as such.
"""

from __future__ import annotations

import os
import subprocess
import zlib
from pathlib import Path

import pytest

from memeval.runner import _gitobjects
from memeval.runner._gitobjects import _loose_object_ok, forged_objects

ENV = {"PATH": os.defpath, "HOME": "/nonexistent", "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@t"}
ENV |= {"GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@t"}


def _repo(root: Path) -> Path:
    app = root / "app"
    app.mkdir(parents=True)
    subprocess.run(["git", "init", "-q", str(app)], check=True, env=ENV)
    return app


def _object(app: Path, data: bytes) -> str:
    """Write `data` as a real blob with git; its path relative to the world root."""
    (app / "blob.bin").write_bytes(data)
    out = subprocess.run(
        ["git", "-C", str(app), "hash-object", "-w", "blob.bin"], check=True, env=ENV, capture_output=True
    )
    oid = out.stdout.decode().strip()
    return f"app/.git/objects/{oid[:2]}/{oid[2:]}"


def test_real_objects_past_the_total_are_refused_unchecked(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_gitobjects, "MAX_INFLATED_TOTAL", 1 << 20)
    app = _repo(tmp_path)
    first, second = _object(app, os.urandom(600_000)), _object(app, os.urandom(600_000))
    assert forged_objects(tmp_path, [first]) == []  # alone it fits and is checked
    bad = forged_objects(tmp_path, [first, second])
    assert bad == [f"{second} (not checked: over {1 << 20} bytes of objects inflated in all)"]


def test_a_zlib_bomb_is_inflated_only_as_far_as_the_allowance(tmp_path: Path) -> None:
    bomb = tmp_path / "bomb"
    bomb.write_bytes(zlib.compress(b"blob 67108864\0" + bytes(64 << 20), 9))  # 64 MiB of zeros in ~65 KB
    assert bomb.stat().st_size < 100_000
    ok, used = _loose_object_ok(bomb, "0" * 40, allowance=4 << 20)
    assert not ok and (4 << 20) < used <= (5 << 20)


def test_packs_left_when_the_time_is_spent_are_refused_unchecked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = _repo(tmp_path)
    (app / "f.txt").write_text("hello\n")
    for cmd in (["add", "f.txt"], ["commit", "-qm", "x"], ["repack", "-qa"]):
        subprocess.run(["git", "-C", str(app), *cmd], check=True, env=ENV)
    pack = next((app / ".git" / "objects" / "pack").glob("pack-*.pack"))
    rel = str(pack.relative_to(tmp_path))
    assert forged_objects(tmp_path, [rel]) == []
    monkeypatch.setattr(_gitobjects, "CHECK_BUDGET_S", 0.0)
    assert forged_objects(tmp_path, [rel]) == [f"{rel} (not checked: the packs took over 0 s)"]
