"""A `pyvenv.cfg` the agent wrote or changed is a tamper finding (breaker, round of 2026-12-03).

A virtual environment's python is a link to the image's interpreter; its `pyvenv.cfg` says, by `home`, where that
interpreter's standard library is. An agent that rewrote `home = /app/.x/bin` in a world's `/app/.venv/pyvenv.cfg`
and left a copy of the standard library in `/app/.x/lib/python3.11` with a `json/__init__.py` of its own had
`/app/.venv/bin/python -c 'import json'` run its code (checked on this host's Python 3.11: `sys.base_prefix` became
`/app/.x`), before memeval's start-up guard, for a test.sh that runs the tests with the world's venv. Neither file was
a finding: `pyvenv.cfg` is no module, and `.x/lib/python3.11/json` is no top-level module of `/app`.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from memeval.runner._tamper import VENV_DETAIL, scan_tamper
from memeval.sandbox import World


def test_a_changed_or_added_pyvenv_cfg_is_a_runner_config_finding(tmp_path: Path):
    root = tmp_path / "world"
    (root / "app" / ".venv" / "bin").mkdir(parents=True)
    (root / "app" / ".venv" / "pyvenv.cfg").write_text("home = /usr/bin\n")
    pristine = tmp_path / "pristine"
    shutil.copytree(root, pristine, symlinks=True)
    (root / "app" / ".venv" / "pyvenv.cfg").write_text("home = /app/.x/bin\n")
    (root / "app" / "other").mkdir()
    (root / "app" / "other" / "pyvenv.cfg").write_text("home = /app/.x/bin\n")
    scan = scan_tamper(
        pristine,
        World(root=root, workdir="/app"),
        ("app/other/pyvenv.cfg",),
        ("app/.venv/pyvenv.cfg",),
        {"PATH": "/usr/bin:/bin"},
    )
    assert [(f.path, f.kind, f.change, f.detail) for f in scan.findings] == [
        ("/app/.venv/pyvenv.cfg", "runner-config", "changed", VENV_DETAIL),
        ("/app/other/pyvenv.cfg", "runner-config", "added", VENV_DETAIL),
    ]
