"""A git filter or diff driver the agent configured does not run in the verifier.

Found by the breaker: the verifier's git ran no hook and no file monitor, but still ran the
commands the agent's repository configuration names for its attributes. An agent that wrote
`check.sh filter=x` into `/app/.gitattributes` and `[filter "x"] smudge = printf exit` into
`/app/.git/config` (or into a file that config includes), and changed check.sh so that git would
restore it, had the task's own `git checkout HEAD -- check.sh` write `exit` as the check, and
passed a task it never did (a tamper finding was recorded, but under the default `--tamper flag`
the pass stood). The verifier's git now gets every filter and diff driver the repository's
configuration defines switched off, in the environment, which wins over the repository's files.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hostile import assert_refused
from test_breaker_git_hook import run_on_git_task

from memeval.runner._gitguard import scan_git_config
from memeval.sandbox import World

FILTER_IN_CONFIG = (
    'sh -c \'echo "check.sh filter=x" > /app/.gitattributes'
    ' && git -C /app config filter.x.smudge "printf exit"; echo 7 > /app/answer.txt; echo false > /app/check.sh\''
)
FILTER_IN_INCLUDE = (
    'sh -c \'echo "check.sh filter=Evil.One" > /app/.gitattributes'
    ' && printf "[filter \\"Evil.One\\"]\\n\\tsmudge = printf exit\\n" > /app/.inc'
    " && git -C /app config include.path /app/.inc; echo 7 > /app/answer.txt; echo false > /app/check.sh'"
)


@pytest.mark.parametrize("agent", [FILTER_IN_CONFIG, FILTER_IN_INCLUDE], ids=["config", "included"])
def test_a_git_filter_left_by_the_agent_does_not_run_in_the_verifier(hostile, agent: str):
    for tr in run_on_git_task(hostile, agent, (0, 1)).trials:
        assert_refused(tr)


def test_driver_names_are_read_from_the_config_and_its_includes(tmp_path: Path):
    app = tmp_path / "app"
    (app / ".git").mkdir(parents=True)
    (app / ".git" / "config").write_text(
        '[core]\n\tbare = false\n[filter "a b"]\n\tsmudge = x\n[diff "T"]\n\ttextconv = y\n'
        '[include]\n\tpath = /app/inc.cfg\n[includeIf "gitdir:/app/"]\n\tpath = ../rel.cfg\n'
    )
    (app / "inc.cfg").write_text('[filter "from-include"]\n\tclean = z\n[filter.legacy]\n\tsmudge = w\n')
    (app / "rel.cfg").write_text('[diff "rel"]\n\tcommand = v\n[include]\n\tpath = /app/.git/config\n')  # a loop
    keys = scan_git_config(World(root=tmp_path)).keys
    assert keys >= {
        "filter.a b.smudge",
        "diff.T.textconv",
        "filter.from-include.clean",
        "filter.legacy.smudge",
        "diff.rel.command",
    }
