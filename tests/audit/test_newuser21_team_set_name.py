"""`memeval audit team set` takes only a simple team name, as `audit token add --team` does.

Found by a new user: `memeval audit team set 'Bad Team' --tz UTC` answered "Bad Team: weeks are cut in UTC" and
`audit team list` listed it; an empty name, a 300-character one and an e-mail address were stored as teams too
(a team name is stored as given, never scanned). Each is now refused, exit 2, one line, before the store is opened.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from usage_line import one_usage_line, run_memeval


@pytest.mark.parametrize("team", ["Bad Team", "", "x" * 300, "bob@example.com"])
def test_a_team_that_is_not_a_simple_name_is_refused(tmp_path: Path, team: str) -> None:
    db = tmp_path / "audit.sqlite"
    out = run_memeval("audit", "team", "set", team, "--tz", "UTC", "--db", f"sqlite:///{db}", cwd=tmp_path)
    one_usage_line(out, f"team {team!r} is not a simple name")
    assert not db.exists()
