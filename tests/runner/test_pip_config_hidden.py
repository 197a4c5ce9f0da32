"""The host's pip configuration, which may name a private index with its credentials, is not shown to agents.

Found by the breaker: every sandbox bound `/etc/pip.conf` and `/etc/xdg/pip` read-only, so an agent (and a
task's test.sh) could read an index URL holding a token. Only a world's `pip install` build step reaches a
package index (the agent's network is the metering proxy alone, the verifier's none), so only that sandbox is
given the configuration now (`SandboxSpec.pip_config`). The test plants a credential in both files in a
private mount namespace of its own (`unshare --mount`: the host's files are never written) and runs a real
`memeval ab` there; the agent lists `/etc` (so it ran) and copies whatever pip configuration it can read into
the world, and the verifier scores 1 only when neither the agent's copy nor its own look finds the token.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from runner_helpers import ab_over_planted_host_files, make_task

TOKEN = "planted-index-token-5b1e0c"
TARGETS = (Path("/etc/pip.conf"), Path("/etc/xdg/pip"))

AGENT = "ls /etc > /app/seen; cat /etc/pip.conf /etc/xdg/pip/* >> /app/seen 2>/dev/null; true"
CHECK = (
    f"if grep -q passwd /app/seen && ! grep -rqs {TOKEN} /app/seen /etc/pip.conf /etc/xdg/pip; "
    "then echo 1; else echo 0; fi > /logs/verifier/reward.txt\n"
)


def test_a_credential_in_the_hosts_pip_config_is_read_by_no_agent_or_verifier(tmp_path: Path) -> None:
    missing = [str(t) for t in TARGETS if not t.exists()]
    if shutil.which("unshare") is None or missing:
        pytest.skip(f"needs unshare(1) and the host's pip configuration to plant over (missing: {missing})")
    make_task(tmp_path / "tasks", "t", test_sh=CHECK)
    planted = tmp_path / "planted"
    (planted / "xdg").mkdir(parents=True)
    conf = f"[global]\nindex-url = https://user:{TOKEN}@index.invalid/simple\n"
    (planted / "pip.conf").write_text(conf)
    (planted / "xdg" / "pip.conf").write_text(conf)
    binds = [(planted / "pip.conf", "/etc/pip.conf"), (planted / "xdg", "/etc/xdg/pip")]
    res = ab_over_planted_host_files(tmp_path, AGENT, binds)
    assert TOKEN not in Path("/etc/pip.conf").read_text()  # the host's own file was never touched
    trials = json.loads(res.stdout)["trials"]
    assert len(trials) == 2, res.stderr
    for t in trials:  # before: 0 (the agent's copy and the verifier's look both held the token)
        assert t["fault"] is None and t["verified"] is True, t
