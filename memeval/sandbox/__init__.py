"""The sandbox: bubblewrap around every agent turn and verifier run, and the worlds they see."""

from memeval.sandbox._bwrap import (
    Mount,
    SandboxResult,
    SandboxSpec,
    bwrap_path,
    bwrap_version,
    run_sandboxed,
)
from memeval.sandbox._world import World, build_world, contained, safe_write

RELAY_SOURCE = __file__.replace("__init__.py", "_relay.py")
"""Path of the loopback relay script run inside agent sandboxes."""

__all__ = [
    "RELAY_SOURCE",
    "Mount",
    "SandboxResult",
    "SandboxSpec",
    "World",
    "build_world",
    "contained",
    "safe_write",
    "bwrap_path",
    "bwrap_version",
    "run_sandboxed",
]
