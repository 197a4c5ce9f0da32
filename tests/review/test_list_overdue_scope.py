"""`memeval review list --kind K` says how many wait over the overdue age in the same scope as its counts.

Its first line gives the waiting counts of every kind (after the team and age filters) and then
"N over 48 h", but N counted only the listed kind: `--kind hold` over a store whose six waiting
items are all overdue said "4 lessons, 1 contradiction, 1 held; 1 over 48 h". Now N covers the
same items as the counts, and the listed kind's share is said beside it (`overdue_counts` per
kind in the JSON). The command run in process (typer's runner), SQLite and PostgreSQL.
"""

from __future__ import annotations

import json

from review_helpers import run_cli


def test_the_overdue_count_covers_what_the_counts_cover(db_url, seeded) -> None:
    # the seed was received by 2026-11-30 12:00 UTC; the CLI ages at the wall clock: all six are over 48 h
    first = run_cli(db_url, "review", "list", "--kind", "hold").stdout.splitlines()[0]
    assert first == "waiting: 4 lessons, 1 contradiction, 1 held; 6 over 48 h (1 of the listed hold items)", first
    doc = json.loads(run_cli(db_url, "review", "list", "--kind", "hold", "--json").stdout)
    assert doc["overdue"] == 1 and doc["overdue_counts"] == {"lesson": 4, "contradiction": 1, "hold": 1}, doc
    plain = run_cli(db_url, "review", "list").stdout.splitlines()[0]
    assert plain.endswith("; 6 over 48 h"), plain
