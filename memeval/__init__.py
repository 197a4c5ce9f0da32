"""memeval: prove that a team's shared agent memory helps, and keep that memory clean.

`memeval.load_run(path)` loads a run folder for analysis (see `memeval.results.load_run`); it is
imported on first use, so `import memeval` stays light.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from memeval._lazy import lazy_names

__version__ = "0.1.0"

if TYPE_CHECKING:
    from memeval.results import load_run

__all__ = ["__version__", "load_run"]


__getattr__, __dir__ = lazy_names(__name__, globals(), {"load_run": "memeval.results"})
