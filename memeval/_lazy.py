"""Names a package imports on first use, so that importing the package stays light.

A package lists the names whose modules pull in something heavy (scipy, the web stack, SQLAlchemy,
WeasyPrint) and hands the list to `lazy_names`; the returned pair becomes the package's module
`__getattr__` and `__dir__` (PEP 562, "Module __getattr__ and __dir__"). The first look-up of a
name imports its module and stores the value in the package's namespace, so later look-ups never
reach the hook again. Type checkers see the real names through the package's
`if TYPE_CHECKING:` imports.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, MutableMapping
from typing import Any

from memeval._collector import collector_paused

__all__ = ["lazy_names"]


def lazy_names(
    package: str, namespace: MutableMapping[str, Any], names: Mapping[str, str]
) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """Make a package's `__getattr__` and `__dir__` for names loaded on first use.

    Args:
        package: the package's `__name__`, e.g. `"memeval.stats"`.
        namespace: the package's `globals()`; a loaded name is stored there.
        names: name -> module holding it: a bare submodule name (`"_paired"` means
            `memeval.stats._paired`) or a dotted absolute module (`"memeval.results._load"`).

    Returns:
        `(__getattr__, __dir__)`: `__getattr__(name)` returns the name's value, importing its
        module on first use, and raises `AttributeError` for a name not in `names` (the message
        Python gives for any missing attribute); `__dir__()` lists the namespace and the lazy
        names, sorted.
    """

    def module_getattr(name: str) -> Any:
        module = names.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        with collector_paused():  # an import builds objects that live as long as the process
            value = getattr(importlib.import_module(module if "." in module else f"{package}.{module}"), name)
        namespace[name] = value
        return value

    def module_dir() -> list[str]:
        return sorted(set(namespace) | set(names))

    return module_getattr, module_dir
