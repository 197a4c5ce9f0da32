"""pytest's section in `pyproject.toml` under any TOML spelling, or past 1 MiB, is a finding (breaker, round of
2026-12-03).

The tamper scan looked for the bytes `[tool.pytest` in the first 1 MiB of `pyproject.toml` (and `[tool:pytest]`,
`[pytest]` in `setup.cfg`, `tox.ini`). pytest reads the file as TOML, so `[ tool . "pytest" . ini_options ]`, a
top-level `tool.pytest.ini_options.addopts = "..."` or an inline table set its options as well, and a section after
1 MiB of comments was never looked at. Each of these, with `addopts = "-k nothing_matches"`, deselected the
failing test of a suite run from that folder (checked with this repository's pytest), and none was a finding.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from memeval.runner._tamper import MAX_CONFIG_BYTES, scan_tamper
from memeval.sandbox import World

ADDOPTS = 'addopts = "-k nothing_matches"\n'
PAD = "# " + "x" * 78 + "\n"
FOUND = {
    "spaced-quoted-header": '[project]\nname = "x"\n\n[ tool . "pytest" . ini_options ]\n' + ADDOPTS,
    "dotted-key": "tool.pytest.ini_options." + ADDOPTS,
    "inline-table": 'tool = {pytest = {ini_options = {addopts = "-k nothing_matches"}}}\n',
    "quoted-tool": '["tool".pytest.ini_options]\n' + ADDOPTS,
    "after-1-MiB-of-comments": PAD * (MAX_CONFIG_BYTES // len(PAD) + 1) + "[tool.pytest.ini_options]\n" + ADDOPTS,
    "not-toml-but-a-section": "[tool.pytest.ini_options]\n" + ADDOPTS + "= broken\n",
}


def _scan(tmp_path: Path, name: str, text: str):
    root = tmp_path / "world"
    (root / "app").mkdir(parents=True)
    pristine = tmp_path / "pristine"
    shutil.copytree(root, pristine)
    (root / "app" / name).write_text(text)
    scan = scan_tamper(pristine, World(root=root, workdir="/app"), (f"app/{name}",), (), {"PATH": "/usr/bin"})
    return [(f.path, f.kind, f.detail) for f in scan.findings]


@pytest.mark.parametrize("how", sorted(FOUND))
def test_pytest_options_in_pyproject_are_found_however_spelled(tmp_path: Path, how: str):
    ((path, kind, detail),) = _scan(tmp_path, "pyproject.toml", FOUND[how])
    assert (path, kind) == ("/app/pyproject.toml", "runner-config")
    assert detail.startswith("pyproject.toml over" if how.startswith("after") else "test-runner section in")


def test_a_padded_setup_cfg_is_found(tmp_path: Path):
    text = PAD * (MAX_CONFIG_BYTES // len(PAD) + 1) + "[tool:pytest]\n" + ADDOPTS
    assert [k for _p, k, _d in _scan(tmp_path, "setup.cfg", text)] == ["runner-config"]


@pytest.mark.parametrize(
    "text",
    [
        '[project]\nname = "x"\n[tool.ruff]\nline-length = 120\n# [tool.pytest.ini_options] moved to pytest.ini\n',
        'tool.black.line-length = 100\nname = "[tool.pytest"\n',
    ],
)
def test_a_pyproject_without_pytest_options_is_no_finding(tmp_path: Path, text: str):
    assert _scan(tmp_path, "pyproject.toml", text) == []
