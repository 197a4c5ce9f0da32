from pathlib import Path

import pytest
from runner_helpers import make_task

from memeval.errors import WorldBuildError
from memeval.sandbox import build_world
from memeval.tasks import load_task


def _build(tmp_path: Path, dockerfile: str, files: dict[str, str] | None = None):
    t = make_task(tmp_path / "tasks", "w", dockerfile=dockerfile, files=files)
    return build_world(load_task(t), tmp_path / "world", cache_dir=tmp_path / "cache", timeout_s=30)


def test_workdir_copy_env_and_run_parts(tmp_path: Path):
    w = _build(
        tmp_path,
        "FROM debian:12\nWORKDIR /srv/shop\nCOPY app/ ./\nENV MODE=test\n"
        "RUN mkdir -p /srv/shop/data && echo built > /srv/shop/data/stamp && apt-get update\n",
        {"main.py": "print('x')\n"},
    )
    assert w.workdir == "/srv/shop" and w.env == {"MODE": "test"} and w.base_image == "debian:12"
    assert (w.root / "srv/shop/main.py").read_text() == "print('x')\n"
    assert (w.root / "srv/shop/data/stamp").read_text() == "built\n"
    assert [m.inside for m in w.mounts()] == ["/srv"]


@pytest.mark.parametrize(
    ("line", "needle"),
    [
        ("VOLUME /data", "VOLUME"),
        ("USER no-such-user-xyz", "no-such-user-xyz"),
        ("ENV A=${B#x}", "${B#x}"),
        ("COPY --from=build /x /y", "--from"),
        ("ADD https://example.com/x.tgz /app/", "URL"),
        ("COPY app/ /usr/local/lib/", "/usr/local/lib"),
        ("RUN apt-get install -y surely-not-a-debian-package-xyz", "surely-not-a-debian-package-xyz"),
        ("RUN exit 3", "exit 3"),
        ("COPY nothere.txt /app/", "nothere.txt"),
    ],
)
def test_unsupported_or_failing_lines_name_themselves(tmp_path: Path, line: str, needle: str):
    with pytest.raises(WorldBuildError) as exc:
        _build(tmp_path, f"WORKDIR /app\n{line}\n")
    assert needle in str(exc.value)
    assert "line 2" in str(exc.value) or needle == "nothere.txt"


def test_apt_install_of_a_host_package_is_accepted(tmp_path: Path):
    w = _build(tmp_path, "WORKDIR /app\nRUN apt-get update && apt-get install -y --no-install-recommends bash\n")
    assert w.workdir == "/app"


def test_no_dockerfile_copies_environment_app(tmp_path: Path):
    t = make_task(tmp_path / "tasks", "nd", dockerfile=None, files={"a.txt": "A"})
    w = build_world(load_task(t), tmp_path / "world", cache_dir=tmp_path / "c", timeout_s=10)
    assert (w.root / "app" / "a.txt").read_text() == "A"
