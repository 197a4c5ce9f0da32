"""The host's `/etc/environment`, where machines keep variables for every login (tokens among them), is shown empty.

Found by a breaker attacking the sandbox's view of the host: every sandbox bound the host's `/etc/environment`
read-only (it is on the list of `/etc` files `su` and `runuser` read, `memeval.sandbox._etc.ETC_FILES`), and it
is world-readable, so an agent (and the program a task's test.sh runs) read whatever the machine's owner put
there for every login: a provider key, a proxy URL with its password, a git token. memeval blanks only the
secrets it knows (`--env` values, upstream keys), so an agent that copied the file into its world or its output
had the rest kept in the run folder (kept worlds, output artifacts). Every sandbox now sees an empty
`/etc/environment` (`EMPTY_ETC_FILES`); PAM's `pam_env` reads it as a file with no variable, as on an image
that sets none. The test plants a token in the file in a private mount namespace of its own (`unshare --mount`:
the host's file is never written) and runs a real `memeval ab`; the agent lists `/etc` (so it ran) and copies
the file into the world, and the verifier scores 1 only when neither the agent's copy nor its own look finds
the token.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from runner_helpers import ab_over_planted_host_files, make_task

TOKEN = "planted-environment-token-8d41"
AGENT = "ls /etc > /app/seen; cat /etc/environment >> /app/seen 2>&1; true"
CHECK = (
    f"if grep -q passwd /app/seen && grep -q environment /app/seen && ! grep -qs {TOKEN} /app/seen /etc/environment; "
    "then echo 1; else echo 0; fi > /logs/verifier/reward.txt\n"
)


def test_a_token_in_the_hosts_etc_environment_is_read_by_no_agent_or_verifier(tmp_path: Path) -> None:
    if shutil.which("unshare") is None or not Path("/etc/environment").is_file():
        pytest.skip("needs unshare(1) and the host's /etc/environment to plant over")
    make_task(tmp_path / "tasks", "t", test_sh=CHECK)
    planted = tmp_path / "environment"
    planted.write_text(f'LANG=C.UTF-8\nGITHUB_TOKEN="{TOKEN}"\n')
    res = ab_over_planted_host_files(tmp_path, AGENT, [(planted, "/etc/environment")], ("--retain", "always"))
    assert TOKEN not in Path("/etc/environment").read_text()  # the host's own file was never touched
    trials = json.loads(res.stdout)["trials"]
    assert len(trials) == 2, res.stderr
    for t in trials:  # before: 0 (the agent's copy and the verifier's look both held the token)
        assert t["fault"] is None and t["verified"] is True, t
    kept = [p for p in (tmp_path / "runs").rglob("*") if p.is_file() and TOKEN.encode() in p.read_bytes()]
    assert kept == [], kept  # nothing of the run folder holds it
