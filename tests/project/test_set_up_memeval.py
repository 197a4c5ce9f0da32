"""`set_up_memeval` (tests/usage_line.py) answers as the `memeval` process does and leaves the test process as it was.

Tests make their starting store with it in their own process instead of a `memeval` process (speed34: a
store command's process is about 0.65 CPU s of imports, a small ingest 1.5-3 s); a test's claim still runs
as a real process. These checks hold it to that: the same exit code and output as `run_memeval` for the
same command line, none of the test process's MEMEVAL_ variables seen by the command, and the test's
environment and working directory unchanged afterwards.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from usage_line import run_memeval, set_up_memeval


@pytest.mark.parametrize("zone", ["Europe/London", "Nowhere/Bogus"])
def test_it_answers_as_the_memeval_process_does(tmp_path: Path, zone: str) -> None:
    outs = []
    for how, run in (("process", run_memeval), ("in-process", set_up_memeval)):
        folder = tmp_path / how
        (folder / "store").mkdir(parents=True)
        env = {"MEMEVAL_DB": f"sqlite:///{folder / 'store' / 'a.sqlite'}", "XDG_CONFIG_HOME": str(folder / "cfg")}
        out = run("audit", "team", "set", "fernhill", "--tz", zone, cwd=folder, env=env)
        outs.append((out.returncode, out.stdout, out.stderr))
        assert (folder / "store" / "a.sqlite").exists() is (out.returncode == 0), out
    assert outs[0] == outs[1], outs
    assert outs[0][0] == (0 if zone == "Europe/London" else 2), outs


def test_the_test_process_keeps_its_environment_and_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    elsewhere = tmp_path / "elsewhere"
    monkeypatch.setenv("MEMEVAL_DB", f"sqlite:///{elsewhere / 'a.sqlite'}")  # the test process's own: not seen
    cfg = {"XDG_CONFIG_HOME": str(tmp_path / "cfg")}
    before = (Path.cwd(), dict(os.environ))
    out = set_up_memeval("audit", "team", "set", "fernhill", "--tz", "UTC", cwd=tmp_path, env=cfg)
    assert out.returncode == 0, out.stderr
    assert (tmp_path / "audit" / "memeval.sqlite").exists()  # the default store, read from `cwd`
    assert not elsewhere.exists()
    assert (Path.cwd(), dict(os.environ)) == before
    listed = set_up_memeval("audit", "team", "list", cwd=tmp_path, env=cfg)
    assert listed.returncode == 0 and listed.stdout.startswith("fernhill\tUTC"), listed
