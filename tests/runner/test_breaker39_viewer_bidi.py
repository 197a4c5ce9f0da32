"""The viewer's trial page shows what the agent wrote with bidi controls marked, never as they are (breaker39).

The review pages and the weekly report mark what draws nothing in held text (bidi overrides, zero-width
characters: `memeval.review.inert`), since a reviewer decides on what they read. The viewer's trial page is where a
reviewer reads the agent's workspace diff, the verifier's output and the agent's own output, to judge a tamper
finding ("findings name files, not intent"), and it printed that text as it was: a `conftest.py` whose code line
holds U+202E (RIGHT-TO-LEFT OVERRIDE) and U+2066..U+2069 drew as a harmless comment in the browser (Trojan
Source, CVE-2021-42574) while pytest ran it. Now those texts are cut into plain runs and marked characters, each
drawn as a visible badge (`[U+202E RIGHT-TO-LEFT OVERRIDE]`), never emitted.
"""

from __future__ import annotations

import httpx
from hostile import HostileRig, write_prog

from memeval.viewer import start_viewer

RLO, LRI, PDI = "\u202e", "\u2066", "\u2069"
CONFTEST = f'is_admin = False\nif is_admin:  {RLO} {LRI}# only when admin{PDI} {LRI}\n    print("ran")\n'
"""Code that, drawn by a browser, reads as a comment after the `if` (the override reorders the line)."""
PRINT_PROG = f'print("all tests passed {RLO}deliaf{PDI}")\n'
ATTACK = write_prog(CONFTEST, "/app/conftest.py") + write_prog(PRINT_PROG) + "python3 /app/prog.py\n"
TEST_SH = "cat /app/conftest.py\necho 0 > /logs/verifier/reward.txt\n"


def test_the_trial_page_draws_no_bidi_control_of_the_agent(hostile: HostileRig) -> None:
    run = hostile(ATTACK, test_sh=TEST_SH)
    trial = run.trials[0]
    with start_viewer(run.run_dir, port=0) as viewer, httpx.Client(base_url=viewer.url, timeout=60) as client:
        page = client.get(f"/trial/{trial['trial_id']}")
    assert page.status_code == 200, page.text[:500]
    html = page.text
    for section in ("workspace-diff", "verifier-output", "agent-stdout"):
        start = html.index(f'id="{section}"')
        body = html[start : html.index("</pre>", start)]
        assert "only when admin" in body or "all tests passed" in body, (section, body[:300])
        assert RLO not in body and LRI not in body and PDI not in body, (section, body[:300])
        assert "U+202E RIGHT-TO-LEFT OVERRIDE" in body, (section, body[:300])
    assert not any(c in html for c in (RLO, LRI, PDI))  # nowhere on the page
