"""A printed line no longer hangs the reading of an aider agent's claim (breaker, 2026-12-04).

aider's claim is read from its standard output, where the model's own reply is printed too, so the line
`Tokens: ` + 2,000 digits + 2,000 spaces + `!` is the model's to print. The pattern for one part of it
(`\\s*([kKmM]?)\\s+([a-z ]+?)\\s*$`) backtracked through every split of the run of spaces: 300 characters took 5 s
of CPU, and 2,000 would take days, in memeval's own process after the agent's turn, so the trial never ended and
the run hung. The part's pattern is now linear and lines over 512 characters are not read as aider's report.
The reading runs in a real subprocess, whose 300 s bound only guards against the hang (the fixed reading takes
milliseconds); the figures above are from `python -c` at load 6 on 2 cores.
"""

from __future__ import annotations

import json
import subprocess
import sys

READ = """
import json, sys
from memeval.agents import parse_claim
n = int(sys.argv[1])
out = "Tokens: " + "1" * n + " " * n + "!\\n" + "Tokens: 2.3k sent, " + "1" * 200 + " " * 200 + "!, 150 received.\\n"
out += "Tokens: 2.3k sent, 1.1k cache hit, 150 received. Cost: $0.01 message, $0.03 session.\\n"
claim = parse_claim("aider-text", out)
print(json.dumps(claim.self_reported))
"""


def test_a_long_line_of_digits_and_spaces_is_read_not_hung() -> None:
    res = subprocess.run([sys.executable, "-c", READ, "2000"], capture_output=True, text=True, timeout=300)
    assert res.returncode == 0, res.stderr
    reported = json.loads(res.stdout)
    # the 4,000-character line is the agent's text; in the 440-character one (a second on main), the part that is
    # no count is skipped and the rest read, as is the real report
    assert reported["usage"] == {"sent": 4600, "received": 300, "cache_hit": 1100}, reported
    assert reported["cost_usd"] == 0.03


PART = """
from memeval.agents._claims import _PART
assert _PART.match("1" * 100_000 + " " * 100_000 + "!") is None
assert _PART.match("1" * 1000 + " k" + " " * 100_000 + "!") is None
assert _PART.match("12 k sent").groups() == ("12", "k", "sent")
assert _PART.match("150 received").groups() == ("150", None, "received")
"""


def test_a_parts_pattern_takes_each_character_once() -> None:
    """The part's pattern alone, on a stripped piece of 200,000 characters (no line cap in the way); in a
    subprocess, since a regular expression backtracking in C holds off pytest's own timeout signal."""
    res = subprocess.run([sys.executable, "-c", PART], capture_output=True, text=True, timeout=300)
    assert res.returncode == 0, res.stderr
