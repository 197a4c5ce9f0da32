"""The verifier's environment: agent-writable folders never come before the image's."""

from __future__ import annotations

from pathlib import Path

from memeval.runner._guard import GUARD_INSIDE, clear_mount_path, guard_mounts, verifier_env, writable_last
from memeval.sandbox import Mount, SandboxSpec, World, run_sandboxed


def test_path_keeps_order_but_puts_agent_writable_and_relative_entries_last():
    assert writable_last("/app/bin:/usr/bin:.:/data/x:/bin", ("/app", "/data")) == "/usr/bin:/bin:/app/bin:.:/data/x"
    assert writable_last("/usr/bin:/application/bin", ("/app",)) == "/usr/bin:/application/bin"


def test_verifier_env_hardens_python_home_and_shell_startup():
    env = verifier_env(
        {
            "PATH": "/app/bin:/usr/bin",
            "HOME": "/app",
            "PYTHONPATH": "/app:/opt/lib:src",
            "BASH_ENV": "/app/.bashrc",
            "TMPDIR": "/app/tmp",
            "LD_PRELOAD": "/app/x.so /usr/lib/ok.so",
            "KEEP": "1",
        },
        ("/app",),
    )
    assert env["PATH"] == "/usr/bin:/app/bin" and env["HOME"] == "/tmp"
    assert env["PYTHONPATH"] == f"{GUARD_INSIDE}:/opt/lib" and env["MEMEVAL_LAST_PATH"] == "/app:src"
    assert env["PYTHONSAFEPATH"] == "1" and env["PYTHONNOUSERSITE"] == "1"
    assert "BASH_ENV" not in env and "TMPDIR" not in env and env["LD_PRELOAD"] == "/usr/lib/ok.so"
    assert env["KEEP"] == "1"


def test_clear_mount_path_removes_a_planted_symlink_without_following_it(tmp_path: Path):
    root = tmp_path / "world"
    (root / "logs").mkdir(parents=True)
    outside = tmp_path / "outside"
    (root / "logs" / "verifier").symlink_to(outside / "made")
    world = World(root=root)
    assert clear_mount_path(world, "/logs/verifier") == ["/logs/verifier"]
    assert (root / "logs" / "verifier").is_dir() and not (root / "logs" / "verifier").is_symlink()
    assert not outside.exists()
    assert clear_mount_path(world, "/nothere/verifier") == []


def _python(tmp_path: Path, app: dict[str, str], command: list[str], env: dict[str, str]) -> str:
    world = tmp_path / "world" / "app"
    world.mkdir(parents=True)
    for name, text in app.items():
        (world / name).write_text(text)
    spec = SandboxSpec((Mount(world, "/app", writable=True), *guard_mounts()), "/app", verifier_env(env, ("/app",)))
    out = tmp_path / "out.txt"
    res = run_sandboxed(spec, command, timeout_s=60, stdout=out, stderr=out)
    text = out.read_text()
    assert res.exit_code == 0, text
    return text


def test_scripts_keep_their_folder_first_but_m_and_c_find_the_image_first(tmp_path: Path):
    app = {
        "main.py": "import helper\nprint(helper.X)\n",
        "helper.py": "X = 'sibling found'\n",
        "json.py": "raise SystemExit('planted json imported')\n",
        "mine.py": "Y = 'cwd module found last'\n",
    }
    base = {"PATH": "/usr/bin:/bin", "PYTHONPATH": "/app"}
    out = _python(tmp_path, app, ["python3", "/app/main.py"], base)
    assert out.strip() == "sibling found"
    text = _python(
        tmp_path / "2",
        app,
        ["python3", "-c", "import json, mine, sys; print(json.__file__, mine.Y, sys.path[:2])"],
        base,
    )
    assert "/usr/lib/python3" in text and "cwd module found last" in text and "planted" not in text
    assert "memeval verifier guard" not in text


def test_the_guard_still_runs_when_test_sh_replaces_pythonpath(tmp_path: Path):
    app = {"mine.py": "Y = 'cwd module found last'\n", "json.py": "raise SystemExit('planted json imported')\n"}
    text = _python(
        tmp_path,
        app,
        ["sh", "-c", "PYTHONPATH=/nowhere python3 -c 'import json, mine; print(json.__file__, mine.Y)'"],
        {"PATH": "/usr/bin:/bin"},
    )
    assert "/usr/lib/python3" in text and "cwd module found last" in text and "planted" not in text
