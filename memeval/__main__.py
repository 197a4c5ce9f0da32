"""`python -m memeval` runs the command line."""

from memeval.cli import main

main()
