"""The sandbox: every agent turn, verifier run and Dockerfile `RUN` step runs in one, and the worlds they see.

Sandboxes come from a backend (`SandboxBackend`, registered by name with `sandbox_backend`);
`bubblewrap` is the one memeval ships. `run_sandboxed` runs a command in the default backend.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from memeval.sandbox._backend import SandboxBackend, backend_names, get_backend, sandbox_backend
from memeval.sandbox._bwrap import HOST_ID_BASE, RESERVED
from memeval.sandbox._capture import CUT_LINE_MAX, OUTPUT_HEAD_BYTES, OUTPUT_TAIL_BYTES, PACE_BYTES_PER_S, OutputCapture
from memeval.sandbox._exitwrap import ExitReport, parse_exit_report
from memeval.sandbox._limits import (
    MAX_TREE_DEPTH,
    STORAGE_LIMIT_PREFIX,
    TOO_DEEP_PREFIX,
    DefaultLimits,
    Limits,
    LimitsMechanism,
    TreeTooDeep,
    disk_usage,
    limits_mechanism,
)
from memeval.sandbox._mountpoint import make_mount_point
from memeval.sandbox._process import death_signal
from memeval.sandbox._prune import prune_too_deep
from memeval.sandbox._spec import SANDBOX_CAPS_FOR_USER_SWITCH, Mount, SandboxResult, SandboxSpec
from memeval.sandbox._world import World, build_world, contained, task_limits


def run_sandboxed(
    spec: SandboxSpec,
    command: Sequence[str],
    *,
    timeout_s: float,
    stdout: Path,
    stderr: Path,
    stdin: Path | None = None,
    boot_report: bool = False,
    exit_report: bool = False,
) -> SandboxResult:
    """Run `command` under `spec` in the default backend (see `SandboxBackend.run`)."""
    return get_backend().run(
        spec,
        command,
        timeout_s=timeout_s,
        stdout=stdout,
        stderr=stderr,
        stdin=stdin,
        boot_report=boot_report,
        exit_report=exit_report,
    )


__all__ = [
    "CUT_LINE_MAX",
    "DefaultLimits",
    "ExitReport",
    "HOST_ID_BASE",
    "Limits",
    "LimitsMechanism",
    "MAX_TREE_DEPTH",
    "Mount",
    "OUTPUT_HEAD_BYTES",
    "OUTPUT_TAIL_BYTES",
    "OutputCapture",
    "PACE_BYTES_PER_S",
    "RESERVED",
    "SANDBOX_CAPS_FOR_USER_SWITCH",
    "STORAGE_LIMIT_PREFIX",
    "SandboxBackend",
    "SandboxResult",
    "SandboxSpec",
    "TOO_DEEP_PREFIX",
    "TreeTooDeep",
    "World",
    "backend_names",
    "build_world",
    "contained",
    "death_signal",
    "disk_usage",
    "get_backend",
    "limits_mechanism",
    "make_mount_point",
    "parse_exit_report",
    "prune_too_deep",
    "run_sandboxed",
    "sandbox_backend",
    "task_limits",
]
