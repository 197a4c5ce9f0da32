"""`python -m memeval` runs the command line as the `memeval` script does (`memeval._console.console`)."""

from memeval._console import console

console()
