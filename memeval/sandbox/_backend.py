"""The sandbox seam: one interface every sandbox backend implements, and a registry by name.

A backend is a class registered under a name with `@sandbox_backend("name")`; memeval asks for
one with `get_backend(name)` (default `bubblewrap`, or `MEMEVAL_SANDBOX`). A container backend
(Docker or Podman, for tasks whose image the host cannot stand in for) is one more module that
defines such a class and is imported by `memeval.sandbox`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Protocol, TypeVar, runtime_checkable

from memeval.errors import SandboxError
from memeval.sandbox._settings import backend_from_env, unknown_backend
from memeval.sandbox._spec import SandboxResult, SandboxSpec

DEFAULT_BACKEND = "bubblewrap"


@runtime_checkable
class SandboxBackend(Protocol):
    """What the runner needs of a sandbox.

    Every call is synchronous; `run` returns only when every process it started is gone.
    """

    name: str

    def check(self) -> None:
        """Raise `SandboxError` (naming the fix) when this machine cannot run the backend."""
        ...

    def describe(self) -> str:
        """The run card's `sandbox` string: the backend, its version, isolation and limits mechanism."""
        ...

    def run(
        self,
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
        """Run `command` under `spec`, wait for it, and kill everything it started.

        With `boot_report`, a wrapper the command cannot read or forge reports `started`, then
        `exec` just before exec'ing the command (or `boot: why` when it cannot, e.g. the relay
        to `spec.proxy_socket` did not start or the command is missing) in `SandboxResult.status`.

        With `exit_report` (the verifier), a wrapper runs the command and, the moment it ends,
        stops and kills every other process left in the sandbox, then reports the command's exit
        code and those processes' names in `SandboxResult.status` (read it with
        `parse_exit_report`). What the command's files hold when `run` returns is what they held
        when it ended.

        `stdout` and `stderr` (one file when equal) hold what the command wrote there when `run` returns. The
        bubblewrap backend hands the sandbox pipes, not the files: it keeps the first and last 4 MiB of each
        stream and counts the rest (`OutputCapture`, `SandboxResult.output_bytes`), so output never grows a
        file on the host past that.

        Raises:
            SandboxError: the sandbox could not be started at all, or memeval failed to read its output.
        """
        ...

    def kill_stale(self, work: Path) -> int:
        """Kill sandboxes a crashed memeval left running from folders under `work`; return how many."""
        ...


_REGISTRY: dict[str, Callable[[], SandboxBackend]] = {}
_INSTANCES: dict[str, SandboxBackend] = {}
B = TypeVar("B", bound=SandboxBackend)


def sandbox_backend(name: str) -> Callable[[type[B]], type[B]]:
    """Class decorator: register a backend class under `name` (instantiated without arguments, once)."""

    def register(cls: type[B]) -> type[B]:
        _REGISTRY[name] = cls
        return cls

    return register


def backend_names() -> tuple[str, ...]:
    """Names of the registered backends, sorted."""
    return tuple(sorted(_REGISTRY))


def get_backend(name: str | None = None) -> SandboxBackend:
    """The backend called `name` (default: `MEMEVAL_SANDBOX` or `bubblewrap`).

    Raises:
        SandboxError: no backend has that name (the message lists the known ones).
        UsageError: `MEMEVAL_SANDBOX` names no backend (`memeval.sandbox._settings`).
    """
    if name is None and (from_env := backend_from_env()) is not None:
        if from_env not in _REGISTRY:
            raise unknown_backend(from_env, backend_names())
        name = from_env
    name = name or DEFAULT_BACKEND
    if name not in _REGISTRY:
        raise SandboxError(f"unknown sandbox backend {name!r}; known: {', '.join(backend_names())}")
    if name not in _INSTANCES:
        _INSTANCES[name] = _REGISTRY[name]()
    return _INSTANCES[name]
