"""A tight per-text budget never starves a one-time build: ordinary texts are redacted, not blanked whole.

The batch checks' patterns (`memeval.redact._batch.prepare`: every crossable rule's pattern parsed for
its line breaks, about 0.3 CPU s on this machine in 2026-12) were built on the first batch, inside that
text's CPU budget. With `MEMEVAL_REDACT_BUDGET_S` under the build's cost (the served redaction guard's
tests run at 0.1 s), the budget interrupted the build every time, its cache never filled, and every
text of the process was stored `[REDACTED:SCAN_INCOMPLETE]` (seen in the suite on this machine,
2026-12-05, on every commit of the day). A real process with the real redactor.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

SCRIPT = """
import json
from memeval.redact import get_redactor
red = get_redactor()
texts = [
    "Run the payment mock before the checkout tests; mail jane.doe@corp-mail.example.org when it fails.",
    "Restart the staging worker after a deploy.",
]
print(json.dumps([r.text for r in red.redact_many(texts)]))
"""


def test_the_first_batch_under_a_tight_budget_is_redacted_not_blanked_whole() -> None:
    env = {**os.environ, "MEMEVAL_REDACT_BUDGET_S": "0.05"}
    out = subprocess.run([sys.executable, "-c", SCRIPT], env=env, capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stderr
    got = json.loads(out.stdout.strip().splitlines()[-1])
    assert got == [
        "Run the payment mock before the checkout tests; mail [REDACTED:EMAIL_ADDRESS] when it fails.",
        "Restart the staging worker after a deploy.",
    ], out.stderr[-2000:]
