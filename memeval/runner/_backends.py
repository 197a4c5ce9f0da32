"""The executor registry: which `TrialExecutor`s `memeval ab --executor` can choose.

`BUILTIN` lists the shipped executors' classes, in the order `--executor` lists them; a new
backend is one module with a `TrialExecutor` subclass (its `name`, and `check` / `create` when it
needs them), added to `BUILTIN` or registered at run time with `register_executor` (usable as a
class decorator). The CLI's choices, its messages and the run's executor all come from here.
"""

from __future__ import annotations

from typing import TypeVar

from memeval.errors import UsageError
from memeval.formatting import choices
from memeval.runner._executors import ExecutorName, LocalPoolExecutor, SerialExecutor, TrialExecutor
from memeval.runner._ray import RayExecutor

BUILTIN: tuple[type[TrialExecutor], ...] = (SerialExecutor, LocalPoolExecutor, RayExecutor)
"""The executors memeval ships, registered at import."""

_registry: dict[str, type[TrialExecutor]] = {}

E = TypeVar("E", bound=type[TrialExecutor])


def register_executor(cls: E) -> E:
    """Register the executor class `cls` under `cls.name` (a class decorator) and return it.

    Raises:
        UsageError: its name is taken by another class.
    """
    taken = _registry.get(cls.name)
    if taken is not None and taken is not cls:
        raise UsageError(f"an executor named {cls.name!r} is already registered ({taken.__qualname__})")
    _registry[cls.name] = cls
    return cls


def unregister_executor(name: str) -> None:
    """Remove the executor registered as `name` (a no-op when there is none)."""
    _registry.pop(name, None)


def executor_names() -> tuple[ExecutorName, ...]:
    """The registered executors' names, in registration order (`serial`, `local`, `ray`, ...)."""
    return tuple(_registry)


def _named(name: str) -> type[TrialExecutor]:
    found = _registry.get(name)
    if found is None:
        raise UsageError(f"--executor {name!r}: use {choices(list(_registry))}")
    return found


def meters_locally(name: str) -> bool:
    """Whether executor `name` runs the run's metering proxy in this process (False: its nodes run their own).

    Raises:
        UsageError: no executor of that name is registered.
    """
    return _named(name).meters_locally


def executor_for(name: str | None, concurrency: int) -> ExecutorName:
    """The executor `--executor NAME` names, checked; without one `serial` at 1, else `local`.

    Raises:
        UsageError: an unknown name, or one whose `check` refuses the run (`serial` with a
            concurrency above 1, `ray` without Ray installed), so the run is refused before its
            folder is made.
    """
    if name is None:
        return "serial" if concurrency == 1 else "local"
    _named(name).check(concurrency)
    return name


def make_executor(name: str, concurrency: int, ray_address: str | None = None) -> TrialExecutor:
    """The executor `memeval ab --executor NAME` asks for.

    Raises:
        UsageError: an unknown name, a concurrency below 1 (or above 1 for `serial`), or `ray`
            without the `memeval[ray]` extra installed.
    """
    return _named(name).create(concurrency, ray_address)


for _cls in BUILTIN:
    register_executor(_cls)
