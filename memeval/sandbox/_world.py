"""Build a trial's world from a task's `environment/` without Docker.

The world is a host folder whose top-level folders (`app/`, `data/`, ...) are bound writable into
the sandbox at `/app`, `/data`, ...; the host system stands in for the base image, read-only.
`RUN` lines are honoured part by part (split at `&&` and `;`): `mkdir` is done directly, `pip
install` goes into a cached virtual environment per distinct package list (bound read-only at
`/opt/memeval/venv` and first on PATH), `apt-get install` is accepted only for packages the host
already has, and any other command runs in a sandbox of the world with no network.
"""

from __future__ import annotations

import glob
import grp
import hashlib
import os
import pwd
import re
import shlex
import shutil
import subprocess
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

from memeval.errors import WorldBuildError
from memeval.sandbox._backend import get_backend
from memeval.sandbox._bwrap import RESERVED, hand_over
from memeval.sandbox._egress import PORT as EGRESS_PORT
from memeval.sandbox._egress import egress
from memeval.sandbox._limits import DEFAULT_FILE_BYTES, DefaultLimits, Limits, limits_mechanism, parse_size_mb
from memeval.sandbox._mountpoint import make_mount_point
from memeval.sandbox._pipconf import (
    CREDENTIALS_ENV,
    build_pip_env,
    build_pip_view,
    configured_endpoints,
    credentials_handed,
    pip_config_digest,
)
from memeval.sandbox._spec import SANDBOX_CAPS_FOR_USER_SWITCH, Mount, SandboxSpec
from memeval.tasks import DockerStep, ExpansionError, Task, env_pairs, expand, expand_words, parse_dockerfile

VENV_INSIDE = "/opt/memeval/venv"
BUILD_RELAY = """\
port=$1
/usr/bin/socat TCP-LISTEN:$port,bind=127.0.0.1,reuseaddr,fork,backlog=64 UNIX-CONNECT:/run/memeval-relay/proxy.sock &
printf -v want '0100007F:%04X' "$port"
listening() {
  local _sl addr _rem st _rest
  while read -r _sl addr _rem st _rest; do [ "$addr" = "$want" ] && [ "$st" = 0A ] && return 0; done </proc/net/tcp
  return 1
}
i=0
until listening 2>/dev/null; do
  i=$((i+1)); if [ "$i" -gt 2000 ]; then echo "the relay to memeval's egress proxy did not start" >&2; exit 97; fi
  sleep 0.005
done
"""
"""Starts the build step's relay (127.0.0.1:$1 to `memeval.sandbox._egress`'s socket) and waits for it to listen
(`/proc/net/tcp`, state 0A), as the agent's boot does."""
BASE_PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"
_APT_NOOPS = re.compile(r"^(apt-get|apt) (update|clean|autoremove)\b|^rm -rf /var/lib/apt/lists")


@dataclass
class World:
    """A built world.

    Attributes:
        root: host folder holding the world's top-level folders.
        workdir: the Dockerfile's last WORKDIR (default `/app`).
        env: variables set by ENV lines.
        base_image: the FROM line's image, recorded only.
        venv: the cached virtual environment for `pip install` lines, if any.
        steps: one line per Dockerfile step saying what was done.
    """

    root: Path
    workdir: str = "/app"
    env: dict[str, str] = field(default_factory=dict)
    base_image: str | None = None
    venv: Path | None = None
    steps: list[str] = field(default_factory=list)
    path: str = BASE_PATH
    """PATH as the Dockerfile left it (ENV PATH=...), without the cached venv."""
    limits: Limits | None = None
    """The task's resource limits (see `task_limits`), for RUN steps and the trial's sandboxes."""
    uid: int = 0
    """The Dockerfile's last USER, as a uid inside the sandbox (0 when none)."""
    gid: int = 0

    def mounts(self) -> tuple[Mount, ...]:
        """The world's folders, writable, plus the cached venv, read-only.

        When a world folder holds the venv's place (`RUN mkdir -p /opt/data` makes `/opt` one), the venv's mount
        point is made there first as real 0755 folders (`make_mount_point`): bubblewrap made the missing ones 0700,
        which no sandbox user without `CAP_DAC_OVERRIDE` could enter, so the agent's turn and `RUN` steps saw no
        package the task installed (breaker32).
        """
        ms = [Mount(p, "/" + p.name, writable=True) for p in sorted(self.root.iterdir()) if p.is_dir()]
        if self.venv is not None:
            make_mount_point(self.root, VENV_INSIDE)
            ms.append(Mount(self.venv, VENV_INSIDE, writable=False))
        return tuple(ms)

    @property
    def venv_inside(self) -> str | None:
        """The world's virtual environment as seen inside a sandbox (`VENV_INSIDE`); None when it has none."""
        return VENV_INSIDE if self.venv else None

    def path_var(self) -> str:
        """PATH inside the sandbox (the venv first when there is one)."""
        return (f"{VENV_INSIDE}/bin:" if self.venv else "") + self.path


def _inside(workdir: str, p: str) -> PurePosixPath:
    """`p` as an absolute path inside the sandbox (relative ones from `workdir`), beginning with one slash.

    POSIX lets a path's first two slashes mean something of their own, so `PurePosixPath` and `os.path.normpath`
    keep `//proc` as written, while Linux reads it as `/proc`: kept, `RUN mkdir -p //proc/x` passed `_host`'s check
    of `RESERVED`, and the world's folder was bound over the sandbox's `/proc` (the verifier's wrapper then listed an
    agent-writable folder for the processes left running), `//tmp` over its fresh `/tmp`.
    """
    q = PurePosixPath(p)
    q = q if q.is_absolute() else PurePosixPath(workdir) / q
    return PurePosixPath("/" + str(q).lstrip("/"))


def _host(world: World, p: PurePosixPath, line: int) -> Path:
    norm = PurePosixPath(os.path.normpath("/" + str(p).lstrip("/")))  # one leading slash (see `_inside`)
    if any(str(norm) == r or str(norm).startswith(r + "/") for r in RESERVED) or str(norm) == "/":
        raise WorldBuildError(
            f"Dockerfile line {line}: writing to {norm} would change the host system; "
            "without Docker a task may only write its own folders (such as /app)"
        )
    return contained(world.root, world.root / str(norm).lstrip("/"), f"Dockerfile line {line}")


def contained(root: Path, path: Path, where: str) -> Path:
    """`path`, after checking that following every symlink on it stays inside `root`.

    Host-side code (memeval runs as root) writes into worlds that sandboxed commands have
    shaped; a symlink planted there must never lead a host write outside the world.

    Raises:
        WorldBuildError: the path leads outside `root` (names `where` and the path).
    """
    real_root = os.path.realpath(root)
    real = os.path.realpath(path)
    if real != real_root and not real.startswith(real_root + os.sep):
        raise WorldBuildError(f"{where}: {path.relative_to(root)} leads outside the world (through a symlink)")
    return path


def _copy_tree_into(src: Path, dst: Path, root: Path, where: str) -> None:
    """Copy the contents of folder `src` into `dst` (inside `root`), never writing through links."""
    for dirpath, dirnames, filenames in os.walk(src):
        rel = Path(dirpath).relative_to(src)
        target_dir = dst / rel
        if target_dir.is_symlink():
            target_dir.unlink()
        contained(root, target_dir, where).mkdir(parents=True, exist_ok=True)
        for name in dirnames + filenames:
            s = Path(dirpath) / name
            if s.is_symlink() or s.is_file():
                _copy_one(s, target_dir / name, root, where)
        dirnames[:] = [d for d in dirnames if not (Path(dirpath) / d).is_symlink()]


def _copy_one(src: Path, dst: Path, root: Path, where: str) -> None:
    contained(root, dst.parent, where)
    if dst.is_symlink() or dst.is_file():
        dst.unlink()
    if src.is_symlink():
        os.symlink(os.readlink(src), dst)
    else:
        shutil.copy2(src, dst, follow_symlinks=False)


def _split_parts(cmd: str) -> list[str]:
    lex = shlex.shlex(cmd, posix=False, punctuation_chars=";&|")
    lex.whitespace_split = True
    parts: list[list[str]] = [[]]
    for tok in lex:
        if tok in ("&&", ";"):
            parts.append([])
        else:
            parts[-1].append(tok)
    return [" ".join(p) for p in parts if p]


def _host_has_deb(pkg: str) -> bool:
    out = subprocess.run(["dpkg-query", "-W", "-f=${Status}", pkg], capture_output=True, text=True, check=False)
    return "install ok installed" in out.stdout


def _pip_args(words: list[str]) -> list[str] | None:
    if words[:2] in (["pip", "install"], ["pip3", "install"]):
        return words[2:]
    if len(words) >= 4 and words[0].startswith("python") and words[1:4] == ["-m", "pip", "install"]:
        return words[4:]
    return None


def _ensure_venv(cache: Path, pip_args: list[str], timeout_s: float) -> Path:
    handed = credentials_handed()
    # keyed by the pip configuration too: a changed index, find-links or credential is another environment
    key = hashlib.sha256(
        ("\0".join(pip_args) + "\0py3.11\0" + pip_config_digest(os.environ, handed)).encode()
    ).hexdigest()[:20]
    venv = cache / "envs" / key
    if (venv / ".memeval-ready").exists():
        return venv
    tmp = cache / "envs" / f".{key}.building.{os.getpid()}.{threading.get_ident()}"
    shutil.rmtree(tmp, ignore_errors=True)
    tmp.mkdir(parents=True)
    logs = cache / "envs" / f".{key}.log"
    install = f"/usr/bin/python3 -m venv {VENV_INSIDE} && {VENV_INSIDE}/bin/pip install -q {shlex.join(pip_args)}"
    script = BUILD_RELAY + install
    proxy = f"http://127.0.0.1:{EGRESS_PORT}"
    env = {
        "PATH": BASE_PATH,
        "HOME": "/tmp",
        **{k: proxy for k in ("HTTP_PROXY", "HTTPS_PROXY", "http_proxy", "https_proxy")},
    }
    pip_env, removed = build_pip_env(os.environ, handed)
    env.update(pip_env)
    mounts: tuple[Mount, ...] = (Mount(tmp, VENV_INSIDE, writable=True),)
    for wheels in ("/opt/wheels", "/opt/pypi", "/opt/pypi-more"):
        if Path(wheels).is_dir():
            mounts += (Mount(Path(wheels), wheels),)
    # the one sandbox given the host's pip configuration: the venv is built here, then bound read-only into the
    # trial's sandboxes, which never see the configuration. It runs the task's build code with the network, so its
    # credentials only when the user hands them over (`memeval.sandbox._pipconf`)
    # Its network is a relay to a proxy that reaches no address of the host's own (`memeval.sandbox._egress`).
    view = tmp.with_name(tmp.name + ".pipconf")
    shutil.rmtree(view, ignore_errors=True)
    view.mkdir()
    try:
        conf, removed_conf = ((), False) if handed else build_pip_view(view)
        with egress(configured_endpoints(os.environ)) as out:
            spec = SandboxSpec(
                mounts, "/tmp", env, pip_config=handed, tool_mounts=conf, proxy_socket=out.socket_path,
                relay_port=EGRESS_PORT,
            )  # fmt: skip
            res = get_backend().run(
                spec,
                ["/bin/bash", "-c", script, "build", str(EGRESS_PORT)],
                timeout_s=timeout_s,
                stdout=logs,
                stderr=logs,
            )
    finally:
        shutil.rmtree(view, ignore_errors=True)
    if res.exit_code != 0:
        tail = logs.read_text(errors="replace")[-600:]
        hint = (
            f" (the host's pip configuration names credentials, left out of build steps: set {CREDENTIALS_ENV}=1 "
            "to hand them over, for task sets whose packages you trust)"
            if removed or removed_conf
            else ""
        )
        raise WorldBuildError(f"pip install {' '.join(pip_args)} failed{hint}: {tail}")
    (tmp / ".memeval-ready").write_text("ok\n")
    try:
        tmp.rename(venv)
    except OSError:
        shutil.rmtree(tmp, ignore_errors=True)  # another trial built it first: use theirs
    return venv


def build_world(
    task: Task, dest: Path, *, cache_dir: Path, timeout_s: float, defaults: DefaultLimits | None = None
) -> World:
    """Build `task`'s world under `dest` (created, must not exist).

    Args:
        task: the task whose `environment/Dockerfile` (optional) and context are used. Without a
            Dockerfile the world is an empty `/app`, or `environment/app/` copied to `/app`.
        dest: a new folder for the world's root.
        cache_dir: where cached virtual environments live.
        timeout_s: the task's build budget in seconds.
        defaults: the run's limits for what the task's task.toml names none of (see `task_limits`).

    Returns:
        The `World`.

    Raises:
        WorldBuildError: an unsupported instruction or RUN part (the message names the line), a
            missing COPY source, a write into a system path, a Debian package the host lacks, a
            failed command, or the build budget exceeded (the message starts with "timeout:").
    """
    deadline = time.monotonic() + timeout_s
    dest.mkdir(parents=True)
    limits = task_limits(task, defaults)
    world = World(root=dest, limits=limits)
    world.steps.append(f"limits: {limits.describe()} (held by {limits_mechanism()})")
    ctx = task.environment_dir.resolve()
    dockerfile = ctx / "Dockerfile"
    if not dockerfile.is_file():
        (dest / "app").mkdir()
        if (ctx / "app").is_dir() and not (ctx / "app").is_symlink():
            _copy_tree_into(ctx / "app", dest / "app", dest, "environment/app")
        world.steps.append("no Dockerfile: /app from environment/app")
        hand_over(dest)
        return world
    args: dict[str, str] = {}
    world.workdir = "/"  # Docker's default; Harbor tasks set WORKDIR /app, and /app is used if none is set
    workdir_set = False
    for step in parse_dockerfile(dockerfile):
        if time.monotonic() > deadline:
            raise WorldBuildError(f"timeout: building the world took over {timeout_s:g} s")
        if step.kind == "unsupported":
            raise WorldBuildError(f"Dockerfile line {step.line}: {step.text!r}: {step.reason}")
        vars_ = {**args, **world.env, "PATH": world.path}
        try:
            _step(world, step, vars_, args, ctx, cache_dir, deadline)
        except ExpansionError as exc:
            raise WorldBuildError(f"Dockerfile line {step.line}: {step.text!r}: {exc}") from exc
        workdir_set = workdir_set or step.kind == "workdir"
        world.steps.append(f"line {step.line}: {step.kind}: {step.text}")
    if not workdir_set:
        world.workdir = "/app"
    _host(world, PurePosixPath(world.workdir), 0).mkdir(parents=True, exist_ok=True)
    hand_over(dest)  # the image's files belong to its root, whatever USER the agent runs as
    return world


def _step(
    world: World, step: DockerStep, vars_: dict[str, str], args: dict[str, str], ctx: Path, cache: Path, deadline: float
) -> None:
    """Do one Dockerfile step (variables replaced per Docker's rules; see `memeval.tasks.expand`)."""
    if step.kind == "from":
        world.base_image = step.args[0] if step.args else None
    elif step.kind == "arg":
        for k, v in env_pairs(step.args[0], vars_):
            if v is not None or k not in args:
                args[k] = v or ""
    elif step.kind == "env":
        for k, v in env_pairs(step.args[0], vars_):
            if k == "PATH":
                world.path = v or ""
            else:
                world.env[k] = v or ""
    elif step.kind == "workdir":
        world.workdir = str(_inside(world.workdir, expand(step.args[0], vars_)))
        _host(world, PurePosixPath(world.workdir), step.line).mkdir(parents=True, exist_ok=True)
    elif step.kind == "copy":
        words = expand_words(step.args[0], vars_)
        if len(words) < 2:
            raise WorldBuildError(f"Dockerfile line {step.line}: COPY needs a source and a destination")
        _copy(world, ctx, words[:-1], words[-1], step.line)
    elif step.kind == "user":
        world.uid, world.gid = _user(expand(step.args[0], vars_), step.line)
    elif step.kind == "run":
        env = {**args, **world.env}
        _run(world, step.args[0], step.line, cache, max(1.0, deadline - time.monotonic()), env)


def _user(spec: str, line: int) -> tuple[int, int]:
    """USER name[:group] or uid[:gid], resolved against this machine's /etc/passwd and /etc/group."""
    name, _, group = spec.strip().partition(":")
    try:
        if name.isdigit():
            uid = int(name)
            gid = pwd.getpwuid(uid).pw_gid if not group else -1
        else:
            entry = pwd.getpwnam(name)
            uid, gid = entry.pw_uid, entry.pw_gid
        if group:
            gid = int(group) if group.isdigit() else grp.getgrnam(group).gr_gid
    except KeyError:
        if name.isdigit() and not group:
            return int(name), int(name)
        raise WorldBuildError(
            f"Dockerfile line {line}: USER {spec}: no such user or group on this machine; without Docker "
            "the host's /etc/passwd stands in for the image's: use a numeric uid[:gid] or an existing user"
        ) from None
    if not (0 <= uid < 65536 and 0 <= gid < 65536):
        raise WorldBuildError(f"Dockerfile line {line}: USER {spec}: uids and gids inside the sandbox go up to 65535")
    return uid, gid


def _copy(world: World, ctx: Path, srcs: list[str], dst: str, line: int) -> None:
    target_inside = _inside(world.workdir, dst)
    target = _host(world, target_inside, line)
    as_dir = dst.endswith("/") or len(srcs) > 1
    for src in srcs:
        matches = sorted(glob.glob(str(ctx / src))) if any(c in src for c in "*?[") else [str(ctx / src)]
        if not matches or not Path(matches[0]).exists():
            raise WorldBuildError(f"Dockerfile line {line}: COPY source {src!r} is not in environment/")
        for m in matches:
            p = Path(m)
            real = p.resolve()
            if real != ctx and ctx not in real.parents:
                raise WorldBuildError(f"Dockerfile line {line}: COPY source {src!r} is outside environment/")
            where = f"Dockerfile line {line}"
            if p.is_dir():
                target.mkdir(parents=True, exist_ok=True)
                _copy_tree_into(p, contained(world.root, target, where), world.root, where)
            else:
                t = target / p.name if as_dir or (target.is_dir() and not target.is_symlink()) else target
                t.parent.mkdir(parents=True, exist_ok=True)
                _copy_one(p, t, world.root, where)


def _run(world: World, cmd: str, line: int, cache_dir: Path, budget: float, env: dict[str, str]) -> None:
    pip: list[str] = []
    vars_ = {**env, "PATH": world.path}
    for part in _split_parts(cmd):
        try:
            words = [expand(w, vars_) for w in shlex.split(part)] if "$" in part else shlex.split(part)
        except ExpansionError:
            words = ["sh-only"]  # a shell form memeval does not read itself: the shell runs it
        if not words or _APT_NOOPS.match(part):
            continue
        if words[0] == "mkdir":
            for p in (w for w in words[1:] if not w.startswith("-")):
                _host(world, _inside(world.workdir, p), line).mkdir(parents=True, exist_ok=True)
        elif (pa := _pip_args(words)) is not None:
            pip += pa
        elif words[:2] in (["apt-get", "install"], ["apt", "install"]):
            pkgs = [w for w in words[2:] if not w.startswith("-")]
            lacking = [p for p in pkgs if not _host_has_deb(p.split("=")[0])]
            if lacking:
                raise WorldBuildError(
                    f"Dockerfile line {line}: Debian packages {lacking} are not installed on this "
                    f"machine; without Docker install them on the host first (apt-get install {' '.join(lacking)})"
                )
        else:
            _run_in_world(world, part, line, budget, env)
    if pip:
        world.venv = _ensure_venv(cache_dir, pip, budget)


def _run_in_world(world: World, part: str, line: int, budget: float, build_env: dict[str, str]) -> None:
    logs = world.root.parent / f"build-line-{line}.log"
    env = {"HOME": "/tmp", **build_env, "PATH": world.path_var()}
    # Like a container's RUN steps, it may chown and switch users, within its own user namespace only
    spec = SandboxSpec(
        world.mounts(),
        world.workdir,
        env,
        uid=world.uid,
        gid=world.gid,
        caps=SANDBOX_CAPS_FOR_USER_SWITCH,
        limits=world.limits,
    )
    res = get_backend().run(spec, ["/bin/sh", "-c", part], timeout_s=budget, stdout=logs, stderr=logs)
    if res.timed_out:
        raise WorldBuildError(f"timeout: Dockerfile line {line}: {part!r} ran out of the build budget")
    if res.exit_code != 0:
        tail = logs.read_text(errors="replace")[-400:]
        raise WorldBuildError(f"Dockerfile line {line}: {part!r} failed (exit {res.exit_code}): {tail}")


def task_limits(task: Task, defaults: DefaultLimits | None = None) -> Limits:
    """The sandbox limits `task.toml`'s `[environment]` asks for, with the run's `defaults` for what it leaves out.

    Keys: `memory_mb`, `cpus`, `storage_mb`, `max_processes` (Harbor's names, plus memeval's
    process limit); the older `memory = "2G"` and `storage = "10G"` strings are read too.

    With no storage key, `defaults.storage_mb` (when above 0) is the world's total, held by
    `DiskWatch`, and files stay limited to `DEFAULT_FILE_BYTES`. With no memory key,
    `defaults.memory_mb` (when above 0) is the memory limit, but only where a cgroup holds it
    (`limits_mechanism()` is not `rlimits`; see `memeval.sandbox._limits`).

    Raises:
        WorldBuildError: a size that is not a number or a size string (names the key).
    """
    env = task.config.environment
    extra = env.model_extra or {}
    try:
        memory = parse_size_mb(env.memory_mb if env.memory_mb is not None else extra.get("memory"), "memory")
        storage = parse_size_mb(env.storage_mb if env.storage_mb is not None else extra.get("storage"), "storage")
    except ValueError as exc:
        raise WorldBuildError(f"task.toml [environment]: {exc}") from exc
    disk, disk_from = storage, "task.toml storage_mb"
    if storage is None and defaults is not None and defaults.storage_mb > 0:
        disk, disk_from = defaults.storage_mb << 20, "memeval ab --default-storage-mb; the task names no storage_mb"
    if memory is None and defaults is not None and defaults.memory_mb > 0 and limits_mechanism() != "rlimits":
        memory = defaults.memory_mb << 20
    return Limits(
        memory_bytes=memory,
        cpus=env.cpus,
        processes=env.max_processes or Limits().processes,
        file_bytes=storage or DEFAULT_FILE_BYTES,
        disk_bytes=disk,
        disk_from=disk_from,
    )
