"""The git configuration scan finds every file git reads, however the agent hid it.

Found by the breaker: the scan before this one read `.git/config`, `config.worktree` and their
includes only along paths with no symlink, stopped after 32 files and read 1 MiB of each, so a
filter defined behind a symlinked `.git`, a symlinked include, the 33rd include or 1 MiB of
padding ran in the verifier (`test_breaker_git_config.py` shows each end to end). These tests
build worlds on disk and check what `scan_git_config` reads; git itself parses every file.
"""

from __future__ import annotations

import os
import subprocess
import zlib
from pathlib import Path

import pytest

from memeval.runner._gitguard import (
    ALWAYS,
    EXTERNAL_DIFF,
    MAX_CONFIG_BYTES,
    MAX_CONFIG_FILES,
    MERGE_FILE,
    forged_objects,
    git_overrides,
    hidden_by_index,
    scan_git_config,
)
from memeval.sandbox import World


def _repo(app: Path) -> Path:
    app.mkdir(parents=True, exist_ok=True)
    subprocess.run(["git", "init", "-q", str(app)], check=True, env={"PATH": os.defpath, "HOME": str(app)})
    return app / ".git"


def _set(config: Path, key: str, value: str) -> None:
    subprocess.run(["git", "config", "--file", str(config), "--add", key, value], check=True)


def test_a_symlinked_git_folder_is_read(tmp_path: Path):
    app = tmp_path / "app"
    git = _repo(app)
    git.rename(app / ".hidden")
    (app / ".git").symlink_to(".hidden")
    _set(app / ".hidden" / "config", "filter.x.smudge", "evil")
    assert "filter.x.smudge" in scan_git_config(World(root=tmp_path)).keys


def test_a_gitdir_file_its_commondir_and_a_nested_repository_are_read(tmp_path: Path):
    app = tmp_path / "app"
    (app / "wt").mkdir(parents=True)
    main = _repo(tmp_path / "data" / "main")
    per = main / "worktrees" / "w"
    per.mkdir(parents=True)
    (per / "HEAD").write_text("ref: refs/heads/w\n")
    (per / "commondir").write_text("../..\n")
    (app / "wt" / ".git").write_text("gitdir: ../../data/main/.git/worktrees/w\n")
    _set(main / "config", "merge.m.driver", "evil")
    (main / "HEAD").unlink()  # a common folder needs none: found only through `commondir`
    nested = _repo(app / "vendor" / "lib")
    _set(nested / "config", "diff.external", "evil")
    keys = scan_git_config(World(root=tmp_path)).keys
    assert {"merge.m.driver", "diff.external"} <= keys


def test_includes_are_followed_through_symlinks_and_dot_dot_as_the_kernel_resolves_them(tmp_path: Path):
    app = tmp_path / "app"
    git = _repo(app)
    (app / "deep" / "dir").mkdir(parents=True)
    (app / "lnk").symlink_to("deep/dir")
    (app / "deep" / "evil.cfg").write_text("[gpg]\n\tprogram = evil\n[include]\n\tpath = rel.cfg\n")
    (app / "deep" / "rel.cfg").write_text("[core]\n\tsshCommand = evil\n")
    _set(git / "config", "includeIf.onbranch:nothing-matches.path", "/app/lnk/../evil.cfg")
    keys = scan_git_config(World(root=tmp_path)).keys
    assert {"gpg.program", "core.sshcommand"} <= keys


def test_a_loop_of_includes_ends(tmp_path: Path):
    app = tmp_path / "app"
    git = _repo(app)
    _set(git / "config", "include.path", "/app/a.cfg")
    (app / "a.cfg").write_text("[include]\n\tpath = /app/.git/config\n[diff]\n\texternal = evil\n")
    scan = scan_git_config(World(root=tmp_path))
    assert scan.refused is None and "diff.external" in scan.keys


def test_too_many_configuration_files_or_too_big_a_one_is_refused(tmp_path: Path):
    app = tmp_path / "app"
    git = _repo(app)
    for i in range(MAX_CONFIG_FILES + 1):
        (app / f"{i}.cfg").write_text("")
        _set(git / "config", "include.path", f"/app/{i}.cfg")
    assert "more than" in (scan_git_config(World(root=tmp_path)).refused or "")
    other = tmp_path / "other"
    git2 = _repo(other / "app")
    with (git2 / "config").open("a") as f:
        f.write("#" + "x" * MAX_CONFIG_BYTES + "\n")
    assert "over" in (scan_git_config(World(root=other)).refused or "")


@pytest.mark.parametrize(
    ("key", "value"),
    [("core.worktree", "/app/elsewhere"), ("remote.origin.uploadpack", "evil"), ("remote.o.receivepack", "evil")],
)
def test_keys_no_environment_setting_overrides_are_refused(tmp_path: Path, key: str, value: str):
    git = _repo(tmp_path / "app")
    _set(git / "config", key, value)
    scan = scan_git_config(World(root=tmp_path))
    assert scan.refused is not None and key in scan.refused


def test_the_default_upload_pack_is_not_refused(tmp_path: Path):
    git = _repo(tmp_path / "app")
    _set(git / "config", "remote.origin.uploadpack", "git-upload-pack")
    assert scan_git_config(World(root=tmp_path)).refused is None


def test_overrides_switch_off_each_configured_command():
    keys = frozenset(
        {
            "filter.Evil.One.smudge",
            "diff.t.textconv",
            "diff.c.command",
            "merge.m.driver",
            "diff.external",
            "gpg.ssh.program",
            "commit.gpgsign",
            "pager.log",
            "core.sshcommand",
            "credential.https://example.com.helper",
            "user.name",
        }
    )
    got = dict(git_overrides(keys))
    assert got["filter.Evil.One.smudge"] == "" and got["filter.Evil.One.required"] == "false"
    assert got["diff.t.textconv"] == "cat"
    assert got["diff.c.command"] == EXTERNAL_DIFF and got["diff.external"] == EXTERNAL_DIFF
    assert got["merge.m.driver"] == MERGE_FILE
    assert got["gpg.ssh.program"] == "ssh-keygen" and got["commit.gpgSign"] == "false"
    assert got["pager.log"] == "false" and got["core.sshCommand"] == "ssh"
    assert got["credential.https://example.com.helper"] == ""
    assert not any(k.startswith("user.") for k in got)
    assert list(got.items())[: len(ALWAYS)] == list(ALWAYS)


def test_the_stand_in_external_diff_prints_the_change_and_keeps_git_going(tmp_path: Path):
    git = _repo(tmp_path / "app")
    app = git.parent
    env = {"PATH": os.defpath, "HOME": str(tmp_path), "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@t"}
    env |= {"GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@t"}
    (app / "f.txt").write_text("one\n")
    subprocess.run(["git", "-C", str(app), "add", "f.txt"], check=True, env=env)
    subprocess.run(["git", "-C", str(app), "commit", "-qm", "x"], check=True, env=env)
    (app / "f.txt").write_text("two\n")
    out = subprocess.run(
        ["git", "-C", str(app), "-c", f"diff.external={EXTERNAL_DIFF}", "diff", "HEAD"],
        env=env,
        capture_output=True,
        text=True,
    )
    assert out.returncode == 0, out.stderr
    assert "-one" in out.stdout and "+two" in out.stdout


def _committed(tmp_path: Path) -> tuple[Path, str]:
    """A world with /app a repository holding one commit of f.txt; (world root, f.txt's blob id)."""
    app = tmp_path / "app"
    _repo(app)
    env = {"PATH": os.defpath, "HOME": str(tmp_path), "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@t"}
    env |= {"GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@t"}
    (app / "f.txt").write_text("real\n")
    subprocess.run(["git", "-C", str(app), "add", "f.txt"], check=True, env=env)
    subprocess.run(["git", "-C", str(app), "commit", "-qm", "x"], check=True, env=env)
    blob = subprocess.run(["git", "-C", str(app), "rev-parse", "HEAD:f.txt"], check=True, env=env, capture_output=True)
    return tmp_path, blob.stdout.decode().strip()


def test_objects_git_wrote_are_not_forged_and_a_rewritten_one_is(tmp_path: Path):
    root, blob = _committed(tmp_path)
    objects = sorted(str(p.relative_to(root)) for p in (root / "app" / ".git" / "objects").rglob("*") if p.is_file())
    assert len(objects) == 3 and forged_objects(root, objects) == []
    rel = f"app/.git/objects/{blob[:2]}/{blob[2:]}"
    (root / rel).chmod(0o644)
    (root / rel).write_bytes(zlib.compress(b"blob 7\0exit 0\n"))
    assert forged_objects(root, [rel]) == [rel]


def test_a_corrupted_pack_and_an_alternates_file_are_forged_but_other_objects_folders_are_not(tmp_path: Path):
    root, _ = _committed(tmp_path)
    app = root / "app"
    env = {"PATH": os.defpath, "HOME": str(tmp_path)}
    subprocess.run(["git", "-C", str(app), "repack", "-qad"], check=True, env=env)
    pack = next((app / ".git" / "objects" / "pack").glob("pack-*.pack"))
    rel = str(pack.relative_to(root))
    assert forged_objects(root, [rel]) == []
    data = bytearray(pack.read_bytes())
    data[20] ^= 0xFF
    pack.chmod(0o644)
    pack.write_bytes(bytes(data))
    assert forged_objects(root, [rel]) == [rel]
    (app / ".git" / "objects" / "info" / "alternates").write_text("/app/alt\n")
    (app / "build" / "objects" / "ab").mkdir(parents=True)
    (app / "build" / "objects" / "ab" / ("c" * 38)).write_text("not a git object")
    others = ["app/.git/objects/info/alternates", "app/build/objects/ab/" + "c" * 38]
    assert forged_objects(root, others) == ["app/.git/objects/info/alternates"]


@pytest.mark.parametrize("version", ["2", "3", "4"])
def test_files_the_agent_hid_in_the_index_are_found_in_every_index_version(tmp_path: Path, version: str):
    root, _ = _committed(tmp_path / "now")
    before, _ = _committed(tmp_path / "before")
    app = root / "app"
    deep = "d" * 150 + "/sub"  # a v4 path prefix to strip longer than one varint byte
    (app / deep).mkdir(parents=True)
    (app / deep / "t.py").write_text("x\n")
    env = {"PATH": os.defpath, "HOME": str(tmp_path)}
    for args in (["add", "-A"], ["update-index", "--index-version", version]):
        subprocess.run(["git", "-C", str(app), *args], check=True, env=env)
    assert hidden_by_index(before, root, ["app/.git/index"]) == []
    subprocess.run(["git", "-C", str(app), "update-index", "--skip-worktree", f"{deep}/t.py"], check=True, env=env)
    subprocess.run(["git", "-C", str(app), "update-index", "--assume-unchanged", "f.txt"], check=True, env=env)
    assert hidden_by_index(before, root, ["app/.git/index"]) == [
        f"app/.git/index: {deep}/t.py",
        "app/.git/index: f.txt",
    ]
    assert hidden_by_index(root, root, ["app/.git/index"]) == []  # marked in the world as built: not the agent's
