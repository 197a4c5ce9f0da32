"""The Ray executor's bundle: what a node needs to run a run's trials, one archive by content hash.

The driver packs the tasks, the agent's folder, scripted upstreams' folders and the price file
(`build_bundle`), with fixed owners and each file's own modification time, so the same inputs make the same bytes
and hash; each
node unpacks it once into `~/.cache/memeval/bundles/<hash>/` (`_unpacked`) and reuses it for the
run's later trials. See `memeval.runner._ray` for the executor as a whole.
"""

from __future__ import annotations

import hashlib
import io
import shutil
import tarfile
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, Any

from memeval.errors import UsageError

if TYPE_CHECKING:
    from memeval.runner._plan import AbOptions

BUNDLE_CACHE = Path.home() / ".cache" / "memeval" / "bundles"
"""Where a node keeps unpacked bundles, one folder per content hash."""


def _require_ray() -> Any:
    try:
        import ray
    except ImportError as exc:
        raise UsageError(
            "--executor ray needs Ray: install memeval with the ray extra (pip install 'memeval[ray]') "
            "on this machine and on every node"
        ) from exc
    return ray


def _add_tree(tar: tarfile.TarFile, root: Path, arcname: str) -> None:
    """Add `root` under `arcname`, sorted, with fixed owners (same files, same bytes, same hash).

    Each entry keeps its modification time: a local run's world is copied from the task with `shutil.copy2`, so
    its files carry the task's times, while the bundle packed time 0 and every world built on a Ray node held files
    of 1 January 1970 (`zipfile` refuses to store one, `make` and `find -newer` read them otherwise: breaker34).
    A file with a second name (a hard link) is packed whole under each name, as the task's hash reads each name:
    tar's hard-link entry for the second name was skipped, so the node's copy lacked it and the task could not run
    on Ray (breaker32's finding, breaker34).
    """
    paths = [root, *sorted(root.rglob("*"), key=lambda p: p.relative_to(root).as_posix())]
    for p in paths:
        rel = p.relative_to(root).as_posix()
        info = tar.gettarinfo(str(p), arcname=f"{arcname}/{rel}" if rel != "." else arcname)
        info.uid = info.gid = 0
        info.uname = info.gname = ""
        if info.islnk():
            info.type, info.linkname, info.size = tarfile.REGTYPE, "", p.stat().st_size
        if info.isreg():
            with p.open("rb") as f:
                tar.addfile(info, f)
        elif info.isdir() or info.issym():
            tar.addfile(info)


def build_bundle(opts: AbOptions) -> tuple[bytes, str, dict[str, str]]:
    """Pack the tasks, the agent's folder, scripted upstreams' folders and the price file.

    Returns:
        (archive bytes, `sha256:<hex>` of them, name -> folder inside the bundle).
    """
    buf = io.BytesIO()
    where: dict[str, str] = {}
    with tarfile.open(fileobj=buf, mode="w", format=tarfile.PAX_FORMAT) as tar:
        for t in opts.task_set.tasks:
            _add_tree(tar, t.path, f"tasks/{t.task_id}")
        if opts.agent.files is not None:
            _add_tree(tar, opts.agent.files, "agent")
            where["agent"] = "agent"
        for u in opts.all_upstreams():
            if u.command and u.cwd is not None:
                _add_tree(tar, u.cwd, f"upstream-{u.api}")
                where[f"upstream-{u.api}"] = f"upstream-{u.api}"
        if opts.prices_file is not None:
            info = tar.gettarinfo(str(opts.prices_file), arcname="prices.toml")
            info.mtime, info.uid, info.gid, info.uname, info.gname = 0, 0, 0, "", ""
            with opts.prices_file.open("rb") as f:
                tar.addfile(info, f)
            where["prices"] = "prices.toml"
    data = buf.getvalue()
    return data, "sha256:" + hashlib.sha256(data).hexdigest(), where


def _keep_exec_bits(member: tarfile.TarInfo, dest: str) -> tarfile.TarInfo | None:
    """The `data` extraction filter of tarfile, giving a regular file back the execute bits it was packed with.

    The `data` filter drops the group's and others' execute bits from a file its owner may not run (mode 0655
    becomes 0644), while the task's hash counts a file executable when any of the three is set
    (`memeval.tasks.hash_tree`): the node's copy of such a task never matched the driver's, and every trial of it
    was an `internal` fault on Ray (breaker32). Only those bits come back; set-id, sticky and write bits for
    others stay off, and every link and path check of the filter stands.
    """
    safe = tarfile.data_filter(member, dest)
    if safe is None or not safe.isreg() or safe.mode is None:
        return safe
    return safe.replace(mode=safe.mode | (member.mode & 0o111), deep=False)


def _unpacked(bundle_hash: str, data_ref: Any) -> Path:
    """The bundle unpacked on this node (once per node: later trials reuse the folder)."""
    ray = _require_ray()
    dest = BUNDLE_CACHE / bundle_hash.removeprefix("sha256:")
    if (dest / ".ready").exists():
        return dest
    data: bytes = ray.get(data_ref)
    if "sha256:" + hashlib.sha256(data).hexdigest() != bundle_hash:
        raise RuntimeError(f"the task bundle arrived damaged (its hash is not {bundle_hash})")
    BUNDLE_CACHE.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=".unpack-", dir=BUNDLE_CACHE))
    with tarfile.open(fileobj=io.BytesIO(data)) as tar:
        tar.extractall(tmp, filter=_keep_exec_bits)
    (tmp / ".ready").write_text("ok\n")
    try:
        tmp.rename(dest)
    except OSError:
        shutil.rmtree(tmp, ignore_errors=True)  # another worker on this node unpacked it first
    return dest
