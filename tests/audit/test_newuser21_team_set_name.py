"""`memeval audit team set` and `audit token add --team` take only a team name, the shape every event's `team` has.

Found by a new user: `memeval audit team set 'Bad Team' --tz UTC` answered "Bad Team: weeks are cut in UTC" and
`audit team list` listed it; an empty name, a 300-character one and an e-mail address were stored as teams too
(a team name is stored as given, never scanned). Each is now refused, exit 2, one line, before the store is opened.
`audit token add --team a.b` made a token no event could use (below).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from usage_line import one_usage_line, run_memeval


@pytest.mark.parametrize("team", ["Bad Team", "", "x" * 300, "bob@example.com"])
def test_a_team_that_is_not_a_team_name_is_refused(tmp_path: Path, team: str) -> None:
    db = tmp_path / "audit.sqlite"
    out = run_memeval("audit", "team", "set", team, "--tz", "UTC", "--db", f"sqlite:///{db}", cwd=tmp_path)
    one_usage_line(out, f"team {team!r} is not a team name: use 1-63 lower-case ASCII letters, digits, _ or -")
    assert not db.exists()


def test_a_token_for_a_team_no_event_can_name_is_refused(tmp_path: Path) -> None:
    """`audit token add --team a.b` made a token (a sender name may hold `.`), and every event it sent was refused:
    an event's `team` may not hold `.`. Both now take one shape."""
    db = tmp_path / "audit.sqlite"
    out = run_memeval(
        "audit", "token", "add", "--team", "a.b", "--sender", "bot", "--db", f"sqlite:///{db}", cwd=tmp_path
    )
    one_usage_line(out, "team 'a.b' (--team) is not a team name")
    assert not db.exists()
