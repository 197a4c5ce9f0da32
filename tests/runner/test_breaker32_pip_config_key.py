"""A world's cached environment is keyed by the pip configuration it was built under, not its arguments alone.

Environments were keyed by the `pip install` arguments: a run after the machine's pip configuration changed (another
index or `find-links`, a credential) reused the environment the old configuration built, so its trials ran and were
verified against packages the configuration no longer names (breaker32). Two runs of one task, the first with
`PIP_FIND_LINKS` at a folder whose wheel says `a`, the second at one whose wheel of the same name and version says
`b`: the second must see `b`.
"""

from __future__ import annotations

import base64
import hashlib
import secrets
import threading
import zipfile
from collections.abc import Iterator
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from runner_helpers import RunAb, make_task


def probe_wheel(folder: Path, version: str, side: str) -> None:
    """Write `memevalprobe-VERSION-py3-none-any.whl` into `folder`, its module saying `SIDE = side`."""
    folder.mkdir(parents=True)
    info = f"memevalprobe-{version}.dist-info"
    files = {
        "memevalprobe.py": f"SIDE = {side!r}\n",
        f"{info}/METADATA": f"Metadata-Version: 2.1\nName: memevalprobe\nVersion: {version}\n",
        f"{info}/WHEEL": "Wheel-Version: 1.0\nGenerator: test\nRoot-Is-Purelib: true\nTag: py3-none-any\n",
    }
    record = []
    with zipfile.ZipFile(folder / f"memevalprobe-{version}-py3-none-any.whl", "w") as z:
        for path, text in files.items():
            z.writestr(path, text)
            digest = base64.urlsafe_b64encode(hashlib.sha256(text.encode()).digest()).rstrip(b"=").decode()
            record.append(f"{path},sha256={digest},{len(text)}")
        z.writestr(f"{info}/RECORD", "\n".join([*record, f"{info}/RECORD,,"]) + "\n")


class QuietHandler(SimpleHTTPRequestHandler):
    """A static file server that does not write a line per request to stderr."""

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 (the base class's name)
        """Log nothing."""


@pytest.fixture
def wheel_server(tmp_path: Path) -> Iterator[str]:
    """An HTTP server on 127.0.0.1 over `tmp_path/wheels`; yields its base URL."""
    root = tmp_path / "wheels"
    root.mkdir()
    server = ThreadingHTTPServer(("127.0.0.1", 0), partial(QuietHandler, directory=str(root)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


@pytest.mark.slow
def test_a_changed_pip_configuration_builds_another_environment(
    tmp_path: Path, run_ab: RunAb, wheel_server: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    version = f"1.0.post{secrets.randbelow(10**9)}"  # the cache is the user's: a name no earlier run built
    for side in ("a", "b"):
        probe_wheel(tmp_path / "wheels" / side, version, side)
    test_sh = (
        "python3 -c 'import memevalprobe; assert memevalprobe.SIDE == \"b\"' "
        "&& echo 1 > /logs/verifier/reward.txt || echo 0 > /logs/verifier/reward.txt\n"
    )
    dockerfile = f"WORKDIR /app\nRUN pip install memevalprobe=={version}\n"
    make_task(tmp_path / "tasks", "probe", dockerfile=dockerfile, test_sh=test_sh)
    monkeypatch.setenv("PIP_NO_INDEX", "1")
    rewards = []
    for side in ("a", "b"):
        monkeypatch.setenv("PIP_FIND_LINKS", f"{wheel_server}/{side}/")
        code, doc, err = run_ab(str(tmp_path / "tasks"), "--agent", "nop", "--network", "none")
        assert code in (0, 1), err
        rewards.append(sorted((t["fault"], t["reward"]) for t in doc["trials"]))
    assert rewards == [[(None, 0.0)] * 2, [(None, 1.0)] * 2], rewards  # before: the second run got `a` again
