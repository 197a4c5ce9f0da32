"""The sandbox seam and the bubblewrap backend's own duties: registry, stale-sandbox scan, tool
mounts, uid maps, limits on the run card; and Docker's variable rules."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import pytest

from memeval.errors import SandboxError
from memeval.sandbox import HOST_ID_BASE, Mount, SandboxBackend, SandboxSpec, backend_names, get_backend
from memeval.tasks import ExpansionError, env_pairs, expand, expand_words


def test_backends_are_registered_by_name_and_follow_the_protocol():
    assert "bubblewrap" in backend_names()
    b = get_backend("bubblewrap")
    assert isinstance(b, SandboxBackend) and get_backend() is b
    assert "user namespace" in b.describe() and "limits: " in b.describe()
    with pytest.raises(SandboxError, match="known: .*bubblewrap"):
        get_backend("no-such-backend")


def _spec(tmp: Path, **kw) -> SandboxSpec:
    (tmp / "app").mkdir(exist_ok=True)
    return SandboxSpec((Mount(tmp / "app", "/app", writable=True),), "/app", {"PATH": "/usr/bin:/bin"}, **kw)


def test_stale_sandbox_scan_finds_a_sandbox_by_its_host_folder_and_kills_it(tmp_path: Path):
    work = tmp_path / ".work" / "t-a1"
    work.mkdir(parents=True)
    result = {}

    def run():
        result["r"] = get_backend().run(
            _spec(tmp_path), ["sleep", "60"], timeout_s=60, stdout=work / "o", stderr=work / "e"
        )

    th = threading.Thread(target=run)
    th.start()
    killed = 0
    for _ in range(100):
        time.sleep(0.1)
        killed = get_backend().kill_stale(tmp_path / ".work")
        if killed:
            break
    th.join(timeout=20)
    assert killed >= 1 and not th.is_alive()
    assert result["r"].died and not result["r"].timed_out
    assert get_backend().kill_stale(tmp_path / "elsewhere") == 0


def test_tool_mounts_are_read_only_and_users_are_mapped(tmp_path: Path):
    tools = tmp_path / "tools"
    tools.mkdir()
    (tools / "mytool").write_text("#!/bin/sh\necho tool-ran\n")
    (tools / "mytool").chmod(0o755)
    script = "/opt/mytools/mytool; touch /opt/mytools/x 2>/dev/null || echo ro; cat /proc/self/uid_map; id -u"
    r = get_backend().run(
        _spec(tmp_path, tool_mounts=((tools, "/opt/mytools"),), uid=1000, gid=1000),
        ["/bin/sh", "-c", script],
        timeout_s=20,
        stdout=tmp_path / "o",
        stderr=tmp_path / "e",
    )
    assert r.exit_code == 0, (tmp_path / "e").read_text()
    lines = (tmp_path / "o").read_text().split("\n")
    assert lines[:2] == ["tool-ran", "ro"]
    assert lines[2].split() == ["0", str(HOST_ID_BASE), "65536"]
    assert lines[3] == "1000"
    assert (tmp_path / "app").stat().st_uid == HOST_ID_BASE + 1000  # a fresh writable mount is the user's


def test_docker_variable_rules():
    v = {"PATH": "/usr/bin:/bin", "A": "x", "EMPTY": ""}
    assert env_pairs('PATH="/opt/bin:$PATH" B=${A:-d} C=${EMPTY:-d} D=${A:+y} E=${NOPE:+y}', v) == [
        ("PATH", "/opt/bin:/usr/bin:/bin"),
        ("B", "x"),
        ("C", "d"),
        ("D", "y"),
        ("E", ""),
    ]
    assert env_pairs("OLD form with $A", v) == [("OLD", "form with x")]
    assert env_pairs("a=2 b=$a", {"a": "1"}) == [("a", "2"), ("b", "1")]  # one line sees the values before it
    assert expand("'$A' \\$A \"${A}\"", v) == "$A $A x"
    assert expand("$NOPE-$", v) == "-$"
    assert expand_words("src/${A}.txt   /dst/$A/", v) == ["src/x.txt", "/dst/x/"]
    assert expand_words('["a b", "/d/$A"]', v) == ["a b", "/d/x"]
    with pytest.raises(ExpansionError, match=r"\$\{A#x\}"):
        expand("${A#x}", v)
