"""Node test runners' configuration files that run code were no tamper finding (breaker36).

`.babelrc.cjs` (babel-jest runs its plugins over every test file, so one can rewrite `expect(...)` to nothing), ava's
and nyc's configuration (`require`: modules loaded into the test process), vitest's workspace file, karma's,
Playwright's and Cypress's (global setup) and `.swcrc` (plugins) are read from the working directory as
`jest.config.js` is, which was a finding; they were none, so `--tamper fail` let them by. Each is now a
`runner-config` finding; an ordinary module and `tsconfig.json` stay none. No Node test runner is in the sandbox
here, so the test reads the findings of real trials, as `test_breaker30_python_version.py` does.
"""

from __future__ import annotations

import shlex
from pathlib import Path

from runner_helpers import RunAb, trials_after_agent

CONFIGS = (
    ".babelrc.cjs", ".babelrc.mjs", "ava.config.mjs", "nyc.config.js", ".nycrc.yml", "vitest.workspace.ts",
    "karma.conf.js", "playwright.config.ts", "cypress.config.js", ".swcrc",
)  # fmt: skip
PLAIN = ("index.js", "tsconfig.json")


def test_code_running_node_runner_configs_are_findings(tmp_path: Path, run_ab: RunAb) -> None:
    agent = " && ".join(f"echo 'module.exports = {{}}' > /app/{n}" for n in (*CONFIGS, *PLAIN))
    for tr in trials_after_agent(tmp_path, run_ab, f"sh -c {shlex.quote(agent)}"):
        kinds = {f["path"]: f["kind"] for f in tr["tamper"]["findings"]}
        for name in CONFIGS:
            assert kinds.get(f"/app/{name}") == "runner-config", (name, tr["tamper"])  # before: no finding
        for name in PLAIN:
            assert f"/app/{name}" not in kinds, (name, tr["tamper"])
