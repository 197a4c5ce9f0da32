"""memeval's command line: the root app (`memeval.cli.app`) and the console script's `main`.

Each command module (`ab.py`, `read.py`, ...) is imported only when one of its commands runs or
shows its help, so `import memeval.cli` stays light (issue 17 item 2).
"""

from memeval.cli.app import app, console, main

__all__ = ["app", "console", "main"]
