"""A NUL character in a value memeval hands bubblewrap can no longer mount the host into the sandbox.

bubblewrap's options go to it NUL-separated (`--args FD`). A task whose Dockerfile said
`ENV X=a<NUL>--bind<NUL>/host/path<NUL>/victim` had that value split there, and its pieces were read as options of
their own: the host folder was mounted read-write in the agent's (and the verifier's) sandbox, where the agent read
the host's file and wrote its own beside it (found by breaker22, confirmed on 8190e62 with a real run). Now the
Dockerfile line is refused (a `boot` fault of each trial), a NUL anywhere in task.toml is a usage error naming the
key, and the sandbox refuses to start with any option holding one.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from runner_helpers import make_task, one_item_pack, run_ab, trials_by_id  # noqa: F401  (run_ab is a fixture)

from memeval.errors import SandboxError, TaskError
from memeval.sandbox import Mount, SandboxSpec, run_sandboxed
from memeval.tasks import load_task

WRITE = "cat /victim/secret.txt; echo written-from-the-sandbox > /victim/pwned.txt"


@pytest.fixture
def victim(tmp_path: Path) -> Path:
    """A host folder anyone may write, holding a file anyone may read: what a mount would expose."""
    v = tmp_path / "victim"
    v.mkdir()
    os.chmod(v, 0o777)
    (v / "secret.txt").write_text("host-secret\n")
    return v


def test_a_dockerfile_env_value_cannot_mount_a_host_folder(tmp_path: Path, run_ab, victim: Path) -> None:  # noqa: F811
    dockerfile = f"WORKDIR /app\nCOPY app/ /app/\nENV X=a\0--bind\0{victim}\0/victim\n"
    make_task(tmp_path / "tasks", "hostile", dockerfile=dockerfile)
    pack = one_item_pack(tmp_path / "pack.json")
    args = ("--pack", str(pack), "--network", "none", "--agent", "command", "--agent-cmd", f"sh -c '{WRITE}'")
    code, doc, err = run_ab(str(tmp_path / "tasks"), *args)
    assert not (victim / "pwned.txt").exists(), "the agent wrote into the host folder"
    assert code == 3, (code, err[-2000:])
    for trial in trials_by_id(doc).values():
        assert trial["fault"]["code"] == "boot", trial["fault"]
        assert "a NUL character has no place in a Dockerfile" in trial["fault"]["message"], trial["fault"]


def test_a_nul_in_task_toml_is_a_usage_error_naming_the_key(tmp_path: Path) -> None:
    toml = '[verifier]\ntimeout_sec = 20.0\n[verifier.env]\nX = "a\\u0000--bind\\u0000/\\u0000/host"\n'
    t = make_task(tmp_path / "tasks", "hostile", task_toml=toml)
    with pytest.raises(TaskError, match=r"task\.toml's verifier\.env\.X holds a NUL character"):
        load_task(t)


def test_the_sandbox_refuses_an_option_holding_a_nul(tmp_path: Path, victim: Path) -> None:
    w = tmp_path / "w"
    w.mkdir()
    spec = SandboxSpec((Mount(w, "/w", writable=True),), "/w", {"X": f"a\0--bind\0{victim}\0/victim"})
    with pytest.raises(SandboxError, match=r"bubblewrap's --setenv 'X' holds a NUL character"):
        run_sandboxed(spec, ["sh", "-c", WRITE], timeout_s=30, stdout=tmp_path / "out", stderr=tmp_path / "err")
    assert not (victim / "pwned.txt").exists()


def test_a_dockerfile_that_is_not_utf8_is_a_boot_fault_not_a_traceback(tmp_path: Path, run_ab) -> None:  # noqa: F811
    t = make_task(tmp_path / "tasks", "latin1")
    (t / "environment" / "Dockerfile").write_bytes(b"WORKDIR /app\nCOPY app/ /app/\n# caf\xe9\n")
    code, doc, err = run_ab(str(tmp_path / "tasks"), "--network", "none", "--agent", "command", "--agent-cmd", "true")
    assert "Traceback" not in err and "UnicodeDecodeError" not in err, err[-2000:]
    assert code == 3, (code, err[-2000:])
    for trial in trials_by_id(doc).values():
        assert trial["fault"]["code"] == "boot", trial["fault"]
        assert "Dockerfile line 3: '': byte 34 is not UTF-8" in trial["fault"]["message"], trial["fault"]
