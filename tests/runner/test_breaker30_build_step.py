"""A task's `pip install` build step gets neither the host's pip credentials nor the host's services (breaker30).

The build step is the one sandbox with the network, and it runs the build code of whatever the task names. (1) An
sdist's build backend read the host's `/etc/pip.conf`, `/etc/xdg/pip` and `PIP_*` variables as they were, a
private index's token included, and could send it out, or (as here, with no network needed) write it into the
virtual environment every agent of the task is shown. (2) It shared the host's network namespace, so it reached
whatever listens on the host's 127.0.0.1 (a local Ray node's GCS runs what it is sent, outside every sandbox).
The tests plant an sdist whose in-tree backend looks (in a private mount namespace, over the host's wheel folder,
as `test_pip_config_hidden` plants the configuration); the agent copies what the build left into its world, and
the verifier scores 1 only when the build saw what it should and nothing more.
"""

from __future__ import annotations

import io
import json
import shutil
import socket
import tarfile
import threading
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from runner_helpers import ab_over_planted_host_files, make_task

from memeval.errors import UsageError
from memeval.sandbox._egress import EgressProxy, refusal
from memeval.sandbox._pipconf import CREDENTIALS_ENV, credentials_handed, without_credentials

TOKEN = "planted-index-token-30c9d4"
SERVICE_TOKEN = "host-service-token-7f21"
WHEELS = next((p for p in ("/opt/wheels", "/opt/pypi", "/opt/pypi-more") if Path(p).is_dir()), None)
BACKEND = r"""
import glob, os, socket, urllib.request, zipfile

HOST_PORT = {port}

def get_requires_for_build_wheel(config_settings=None):
    return []

def _look():
    seen = []
    for p in ["/etc/pip.conf", *sorted(glob.glob("/etc/xdg/pip/*"))]:
        try:
            seen.append(open(p).read())
        except OSError:
            pass
    seen += ["%s=%s" % kv for kv in sorted(os.environ.items()) if kv[0].startswith("PIP_")]
    try:
        with socket.create_connection(("127.0.0.1", HOST_PORT), timeout=5) as s:
            seen.append("direct: " + s.recv(200).decode())
    except OSError as exc:
        seen.append("direct: %r" % exc)
    try:
        answer = urllib.request.urlopen("http://127.0.0.1:%d/" % HOST_PORT, timeout=10)
        seen.append("proxied: " + answer.read().decode())
    except Exception as exc:
        seen.append("proxied: %r" % exc)
    open("/opt/memeval/venv/leak.txt", "w").write("\n".join(seen))

def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    _look()
    name = "evil-1.0-py3-none-any.whl"
    meta = {{
        "evil-1.0.dist-info/METADATA": "Metadata-Version: 2.1\nName: evil\nVersion: 1.0\n",
        "evil-1.0.dist-info/WHEEL": "Wheel-Version: 1.0\nGenerator: t\nRoot-Is-Purelib: true\nTag: py3-none-any\n",
    }}
    with zipfile.ZipFile(os.path.join(wheel_directory, name), "w") as z:
        for k, v in meta.items():
            z.writestr(k, v)
        z.writestr("evil-1.0.dist-info/RECORD", "".join(k + ",,\n" for k in meta) + "evil-1.0.dist-info/RECORD,,\n")
    return name
"""
PYPROJECT = '[build-system]\nrequires = []\nbuild-backend = "evilbackend"\nbackend-path = ["."]\n'
AGENT = "cat /opt/memeval/venv/leak.txt > /app/seen 2>&1; true"


@pytest.fixture
def host_service() -> Iterator[int]:
    """A TCP service on the host's 127.0.0.1 that answers every connection with `SERVICE_TOKEN`; yields its port."""
    server = socket.create_server(("127.0.0.1", 0))
    server.settimeout(0.2)
    done = threading.Event()

    def serve() -> None:
        while not done.is_set():
            try:
                conn, _ = server.accept()
            except TimeoutError:
                continue
            with conn:
                conn.sendall(f"HTTP/1.0 200 OK\r\nContent-Length: {len(SERVICE_TOKEN)}\r\n\r\n{SERVICE_TOKEN}".encode())

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    yield server.getsockname()[1]
    done.set()
    thread.join()
    server.close()


def _run(tmp_path: Path, check: str, port: int, env: dict[str, str]) -> list[dict]:
    if shutil.which("unshare") is None or WHEELS is None or not Path("/etc/pip.conf").exists():
        pytest.skip("needs unshare(1), /etc/pip.conf and a wheel folder memeval binds into build steps to plant over")
    wheels = tmp_path / "wheels"
    sub = uuid.uuid4().hex  # a venv's cache key is its pip arguments: a folder of its own builds afresh
    (wheels / sub).mkdir(parents=True)
    with tarfile.open(wheels / sub / "evil-1.0.tar.gz", "w:gz") as tar:
        files = (
            ("pyproject.toml", PYPROJECT),
            ("evilbackend.py", BACKEND.format(port=port)),
            ("PKG-INFO", "Name: e\n"),
        )
        for name, text in files:
            data = text.encode()
            info = tarfile.TarInfo(f"evil-1.0/{name}")
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))
    dockerfile = f"WORKDIR /app\nRUN pip install --no-index {WHEELS}/{sub}/evil-1.0.tar.gz\n"
    make_task(tmp_path / "tasks", "t", test_sh=check, dockerfile=dockerfile)
    planted = tmp_path / "planted"
    planted.mkdir()
    (planted / "pip.conf").write_text(f"[global]\nindex-url = https://user:{TOKEN}@index.invalid/simple\n")
    binds = [(planted / "pip.conf", "/etc/pip.conf"), (wheels, WHEELS)]
    res = ab_over_planted_host_files(tmp_path, AGENT, binds, env_add={CREDENTIALS_ENV: "", **env})
    trials = json.loads(res.stdout)["trials"]
    assert len(trials) == 2, res.stderr
    return trials


def test_the_build_step_of_a_task_package_sees_the_index_but_not_its_credentials(
    tmp_path: Path, host_service: int
) -> None:
    check = (
        f"if grep -q index.invalid /app/seen && grep -q extra.invalid /app/seen && ! grep -q {TOKEN} /app/seen; "
        "then echo 1; else echo 0; fi > /logs/verifier/reward.txt\n"
    )
    env = {"PIP_EXTRA_INDEX_URL": f"https://{TOKEN}@extra.invalid/simple"}
    for t in _run(tmp_path, check, host_service, env):  # before: 0 (the backend left the token in the venv)
        assert t["fault"] is None and t["verified"] is True, t


def test_the_build_step_reaches_no_service_of_the_hosts_loopback(tmp_path: Path, host_service: int) -> None:
    check = (
        f"if grep -q 'proxied: ' /app/seen && ! grep -q {SERVICE_TOKEN} /app/seen; "
        "then echo 1; else echo 0; fi > /logs/verifier/reward.txt\n"
    )
    for t in _run(tmp_path, check, host_service, {}):  # before: 0 (the backend read the host service's answer)
        assert t["fault"] is None and t["verified"] is True, t


def test_the_egress_proxy_refuses_the_hosts_own_addresses() -> None:
    for address in ("127.0.0.1", "127.9.9.9", "::1", "0.0.0.0", "169.254.169.254", "::ffff:127.0.0.1", "224.0.0.1"):
        assert refusal(address) is not None, address
    assert refusal("93.184.215.14") is None
    assert refusal("10.20.30.40") is None  # a team's own index on a private network stays reachable


def _ask(proxy: EgressProxy, request: bytes) -> bytes:
    with socket.socket(socket.AF_UNIX) as s:
        s.settimeout(30)
        s.connect(str(proxy.socket_path))
        s.sendall(request)
        answer = b""
        while chunk := s.recv(4096):
            answer += chunk
        return answer


def test_the_egress_proxy_lets_through_only_the_host_endpoints_pip_is_configured_with(host_service: int) -> None:
    get = f"GET http://127.0.0.1:{host_service}/ HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode()
    connect = f"CONNECT 127.0.0.1:{host_service} HTTP/1.1\r\n\r\n".encode()
    with EgressProxy() as proxy:
        assert _ask(proxy, get).startswith(b"HTTP/1.1 403"), "a loopback service nobody named"
        assert _ask(proxy, connect).startswith(b"HTTP/1.1 403")
    with EgressProxy(frozenset({("127.0.0.1", host_service)})) as proxy:  # a mirror named in pip.conf
        assert SERVICE_TOKEN.encode() in _ask(proxy, get)
        assert SERVICE_TOKEN.encode() in _ask(proxy, connect)


def test_a_url_keeps_all_but_its_user_and_password() -> None:
    assert without_credentials("index-url = https://u:p@ss@host:8443/simple?x=1") == (
        "index-url = https://host:8443/simple?x=1"
    )
    assert without_credentials("PIP_PROXY=http://me:pw@proxy:3128") == "PIP_PROXY=http://proxy:3128"
    plain = "find-links = file:///opt/wheels\nextra-index-url = https://pypi.org/simple\ncontact = a@b.c"
    assert without_credentials(plain) == plain


def test_the_setting_takes_0_or_1_only(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(CREDENTIALS_ENV, "yes")
    with pytest.raises(UsageError, match=f"{CREDENTIALS_ENV}='yes' is not 0 or 1"):
        credentials_handed()
    monkeypatch.setenv(CREDENTIALS_ENV, "1")
    assert credentials_handed()
