"""Run cards (what must be identical in both arms) and the run's manifest.

`RunCard` and `Manifest` are payloads of the run log, declared in `memeval.eventlog`; this
module builds them and compares cards.

The paired runner refuses to pair arms whose run cards differ in anything but the mode and the
slice (`check_pairable`), and a resumed run must have the same card as the one it resumes.
The manifest follows the harness seed: task set, schema, cells (every axis, varied or held),
workspace and harness identity. Secrets never enter either: the agent's environment is pinned
by a hash of its names and values.
"""

from __future__ import annotations

import hashlib
import json
import platform
import shutil
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict

from memeval import __version__
from memeval.agents import SYSTEM_PATH, AgentSpec, host_files_named
from memeval.errors import RunCardMismatch
from memeval.eventlog import Manifest, RunCard
from memeval.packs import Pack, PackItem
from memeval.tasks import AGENT_UNPINNED, TaskSet, hash_tree
from memeval.types import Mode

SCHEMA_VERSION = 1
"""Version of the trial record schema (the measurements declared below)."""

MEASUREMENTS = (
    "reward",
    "verified",
    "wall_ms",
    "input_tokens",
    "output_tokens",
    "cache_read_tokens",
    "cache_write_tokens",
    "total_cost_usd",
    "engine_calls",
    "tool_calls",
    "errors",
)
"""Every measurement a trial declares; the schema hash pins this list."""


def sha256_json(obj: object) -> str:
    """`sha256:` digest of the canonical JSON of `obj` (sorted keys, compact)."""
    text = json.dumps(obj, sort_keys=True, separators=(",", ":"), default=str)
    return "sha256:" + hashlib.sha256(text.encode()).hexdigest()


def env_hash(env: Mapping[str, str]) -> str:
    """Pin an environment by hashing names and values; the values are never stored."""
    return sha256_json(sorted(env.items()))


PLACEMENT_FIELDS = ("concurrency", "executor")
"""Run-card fields that say how trials were placed, not what was measured: `card_differences`
does not report them, so a run resumes (and compares) whatever its concurrency."""


class ArmCard(BaseModel):
    """One arm: the shared run card plus its mode and slice."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    card: RunCard
    mode: Mode
    pack: dict[str, str] | None
    """name, version and content hash of the pack the slice came from (None for baseline)."""
    slice_ids: tuple[str, ...]


def arm_card(card: RunCard, mode: Mode, pack: Pack | None, items: tuple[PackItem, ...]) -> ArmCard:
    """The arm card for `mode`; baseline gets no pack and an empty slice."""
    if mode == "baseline" or pack is None:
        return ArmCard(card=card, mode=mode, pack=None, slice_ids=())
    info = {"name": pack.name, "version": pack.version, "hash": pack.content_hash}
    return ArmCard(card=card, mode=mode, pack=info, slice_ids=tuple(i.id for i in items))


MAX_BINARY_BYTES = 512 << 20
"""A resolved binary larger than this is pinned by size and mtime, not by content."""


def _file_hash(path: Path) -> str:
    """`sha256:` of a file's bytes, read in blocks (a large file by size and mtime instead)."""
    st = path.stat()
    if st.st_size > MAX_BINARY_BYTES:
        return f"size:{st.st_size}:mtime:{int(st.st_mtime)}"
    h = hashlib.sha256()
    with path.open("rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return "sha256:" + h.hexdigest()


def agent_identity(agent: AgentSpec) -> dict[str, str]:
    """What pins an agent's identity on the run card, beyond its name and version.

    - `command_hash`: the command line.
    - `files_hash`: the agent's folder (its `agent.toml` and every file beside it, bound at
      `/opt/agent`), by `memeval.tasks.hash_tree`, its top `.git` left out (`AGENT_UNPINNED`: git
      rewrites it when nothing that runs changed); `none` when the agent has no folder.
    - `binary`: the host path the command's first word resolves to, looked up as the sandbox
      looks it up (the agent's `path_dirs`, then the system folders of `SYSTEM_PATH`, never the
      user's own PATH, whose shims and virtual environments the sandbox does not see), symlinks
      followed, and `binary_hash` its content; `not resolved` when it is not on the host (a path
      inside the sandbox, such as `/opt/agent/...`, is pinned by `files_hash`).
    - `file:<path>`: each host file the command (or its `pack_args`) names as an argument and the
      sandbox shows as it is on the host (`memeval.agents.host_files_named`: a script an
      interpreter runs, from the system folders or the tool's own install), by content. Only
      present when the command names such a file, so other agents' cards are unchanged.

    Two runs whose agent changed in any file then differ on the card: `--resume` and `compare`
    refuse them and name the field.
    """
    out = {"command_hash": sha256_json(list(agent.command))}
    out["files_hash"] = hash_tree(agent.files, AGENT_UNPINNED) if agent.files is not None else "none"
    return {**out, **host_pins(agent)}


def host_pins(agent: AgentSpec) -> dict[str, str]:
    """The run card's pins of the host files an agent's sandbox shows as they are on the host.

    `binary`, `binary_hash` and each `file:<path>` of `agent_identity` (read from the host now: the
    program's bytes and each named file's). Each attempt compares them with the run's
    (`memeval.runner._attemptspec.agent_changed`): the files are bound live into every sandbox.
    """
    out: dict[str, str] = {}
    first = agent.command[0] if agent.command else ""
    found = shutil.which(first, path=":".join([*agent.path_dirs, SYSTEM_PATH])) if first else None
    if found is None or (agent.files is not None and first.startswith("/opt/agent/")):
        out["binary"], out["binary_hash"] = "not resolved", "none"
    else:
        real = Path(found).resolve()
        out["binary"] = str(real)
        try:
            out["binary_hash"] = _file_hash(real)
        except OSError as exc:
            out["binary_hash"] = f"unknown ({type(exc).__name__}: {exc.strerror or exc})"
    for path in host_files_named((first, *agent.command[1:], *agent.pack_args), agent.mounts):
        try:
            out[f"file:{path}"] = _file_hash(Path(path))
        except OSError as exc:
            out[f"file:{path}"] = f"unknown ({type(exc).__name__}: {exc.strerror or exc})"
    return out


def card_differences(a: RunCard, b: RunCard) -> list[str]:
    """Names of the run-card fields that differ, with both values, e.g. `model: 'x' != 'y'`.

    A field holding a mapping (the agent, the task set) also names the keys that differ, e.g.
    `agent: {...} != {...} (differs in agent.files_hash)`.

    The placement fields (`PLACEMENT_FIELDS`) are left out.
    """
    da, db = a.model_dump(), b.model_dump()
    out = []
    for k in da:
        if da[k] == db[k] or k in PLACEMENT_FIELDS:
            continue
        text = f"{k}: {_shown(k, da[k])!r} != {_shown(k, db[k])!r}"
        if isinstance(da[k], dict) and isinstance(db[k], dict):
            keys = sorted(sub for sub in set(da[k]) | set(db[k]) if da[k].get(sub) != db[k].get(sub))
            text += " (differs in " + ", ".join(f"{k}.{sub}" for sub in keys) + ")"
        out.append(text)
    return out


def short_card_differences(a: RunCard, b: RunCard, width: int = 24) -> dict[str, list[str]]:
    """The run-card fields that differ, each with its differences in short, for a line a person reads.

    A mapping field (the agent, the task set) gives one entry per differing key, the hashes last (a
    name says more): `{"agent": ["agent.name 'agent' != 'other'", "agent.command_hash 'sha256:111c8a…
    != 'sha256:73f5…"]}`; another field one entry, `model 'x' != 'y'`. Each value is its `repr` cut to
    `width` characters. Placement fields are left out, as in `card_differences` (whose full values a
    JSON document keeps).
    """
    da, db = a.model_dump(), b.model_dump()
    out: dict[str, list[str]] = {}
    for f in da:
        va, vb = da[f], db[f]
        if va == vb or f in PLACEMENT_FIELDS:
            continue
        if isinstance(va, dict) and isinstance(vb, dict):
            keys = sorted((k for k in set(va) | set(vb) if va.get(k) != vb.get(k)), key=lambda k: ("hash" in k, k))
            out[f] = [f"{f}.{k} {_cut(va.get(k), width)} != {_cut(vb.get(k), width)}" for k in keys]
        else:
            out[f] = [f"{f} {_cut(_shown(f, va), width)} != {_cut(_shown(f, vb), width)}"]
    return out


def _shown(field: str, value: object) -> object:
    """A field's value as a person names it: the card's `modes` as `memeval ab --arms` does.

    `both` for None and `baseline` for `["baseline"]`, where Python's `None != ('baseline',)` named no
    option (newuser38); any other field's value as it is.
    """
    if field == "modes" and value is None:
        return "both"
    if field == "modes" and isinstance(value, list | tuple):
        return " ".join(str(m) for m in value)
    return value


def _cut(value: object, width: int) -> str:
    text = repr(value)
    return text if len(text) <= width else text[: width - 1] + "…"


def check_pairable(a: ArmCard, b: ArmCard) -> None:
    """Refuse to pair two arms whose run cards differ in anything but the mode and the slice.

    Raises:
        RunCardMismatch: naming every differing field and both values.
    """
    diffs = card_differences(a.card, b.card)
    if diffs:
        raise RunCardMismatch(
            "the two arms would not run under the same run card; they differ in "
            + "; ".join(diffs)
            + ". Only the mode and the slice may differ."
        )


def build_manifest(
    task_set: TaskSet,
    card: RunCard,
    pack: Pack | None,
    workspace: Mapping[str, Any],
    sandbox_version: str,
    slice_ids: tuple[str, ...] = (),
) -> Manifest:
    """The run's manifest (the harness seed's five parts, and the pack arm's slice `slice_ids`).

    The `cells` list every axis: `mode` varied, everything on the run card held constant, each
    pinned to a version or hash. The model resolved by the provider is read from the model calls
    by the projection, never declared here.
    """
    return Manifest.model_validate(
        {
            "task_set": {
                "name": task_set.name,
                "version": task_set.version,
                "hash": task_set.content_hash,
                "tasks": [{"id": t.task_id, "hash": t.content_hash} for t in task_set.tasks],
            },
            "schema": {
                "version": SCHEMA_VERSION,
                "measurements": list(MEASUREMENTS),
                "hash": sha256_json(MEASUREMENTS),
            },
            "cells": {
                "varied": {"mode": ["baseline", "pack"]},
                "held": card,
                "pack": None
                if pack is None
                else {"name": pack.name, "version": pack.version, "hash": pack.content_hash},
            },
            "workspace": dict(workspace),
            "harness": {
                "memeval": __version__,
                "python": platform.python_version(),
                "schema_version": SCHEMA_VERSION,
                "sandbox": sandbox_version,
            },
            "slice": list(slice_ids),
        }
    )
