"""Tests written for Node run under jest, vitest or mocha, which read their configuration (and
the setup files it names, run before every test file) from the working directory, and npm reads
`.npmrc` there (`node-options=--require ...` runs code in every node it starts). For a task graded
with `npx jest /tests/...` from `/app` these are what `conftest.py` is to pytest, but the tamper
scan knew only pytest's configuration: an agent's `jest.config.js` left no finding."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from memeval.runner._tamper import scan_tamper
from memeval.sandbox import World

RUNNER_FILES = [
    "jest.config.js",
    "jest.config.ts",
    "vitest.config.mjs",
    "vite.config.ts",
    ".mocharc.yml",
    ".mocharc.json",
    "babel.config.js",
    ".babelrc",
    ".npmrc",
    ".yarnrc.yml",
    "bunfig.toml",
    ".pnpmfile.cjs",
]


def _scan(tmp_path: Path, names: list[str]):
    root = tmp_path / "world"
    (root / "app").mkdir(parents=True)
    pristine = tmp_path / "pristine"
    shutil.copytree(root, pristine)
    for name in names:
        (root / "app" / name).write_text("module.exports = {setupFiles: ['/app/x.js']}\n")
    world = World(root=root, workdir="/app")
    added = tuple(f"app/{n}" for n in names)
    return {(f.path, f.kind) for f in scan_tamper(pristine, world, added, (), {"PATH": "/usr/bin:/bin"}).findings}


@pytest.mark.parametrize("name", RUNNER_FILES)
def test_a_js_test_runner_or_npm_configuration_is_a_finding(tmp_path: Path, name: str):
    assert _scan(tmp_path, [name]) == {(f"/app/{name}", "runner-config")}


def test_ordinary_js_project_files_are_not(tmp_path: Path):
    assert _scan(tmp_path, ["package.json", "tsconfig.json", "index.js", "jest.setup.notes.md"]) == set()
