"""`python -m memeval` runs the command line (as the `memeval` script does: `console`)."""

from memeval.cli import console

console()
