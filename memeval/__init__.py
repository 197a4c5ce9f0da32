"""memeval: prove that a team's shared agent memory helps, and keep that memory clean."""

__version__ = "0.1.0"

__all__ = ["__version__"]
