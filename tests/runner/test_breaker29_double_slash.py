"""A path spelled with two leading slashes is the path with one (breaker29).

POSIX lets a path's first two slashes mean something of their own, so `os.path.normpath` and `PurePosixPath` keep
`//proc` as written; Linux reads it as `/proc`. The world builder compared the kept spelling with the folders a
world may not bind over: `RUN mkdir -p //proc/x` was built, and the world's `proc` folder was bound over the
sandbox's `/proc` (the verifier's wrapper, which lists `/proc` for the processes left running, then read a folder
the agent could write), `//tmp/x` over the verifier's fresh `/tmp`; `WORKDIR //usr/src` hid the host's `/usr`
and every trial failed to start with "execvp /usr/bin/unshare". Each is now the `boot` fault a single slash gets.
And the verifier's guard compared the kept spelling with the world's folders: under `ENV PATH=//app/bin:$PATH`
(`${ROOT}/app/bin` with `ROOT=/`) a `cmp` the agent left in `/app/bin` ran in place of the system's, and passed.
"""

from __future__ import annotations

import pytest
from runner_helpers import LINK_TEST_SH, RunAb, make_task


@pytest.mark.parametrize("step", ["RUN mkdir -p //proc/x", "RUN mkdir -p //tmp/x", "WORKDIR //usr/src"])
def test_a_system_folder_with_two_slashes_is_refused_as_with_one(tmp_path, run_ab: RunAb, step: str) -> None:
    make_task(tmp_path / "tasks", "t1", dockerfile=f"WORKDIR /app\n{step}\n")
    code, doc, err = run_ab(str(tmp_path / "tasks"), "--agent", "nop", "--network", "none")
    assert code == 3, err
    for tr in doc["trials"]:
        assert tr["fault"]["code"] == "boot", tr["fault"]
        assert "would change the host system" in tr["fault"]["message"], tr["fault"]


def test_a_command_left_in_a_world_folder_spelled_with_two_slashes_comes_after_the_system(
    tmp_path, run_ab: RunAb
) -> None:
    t = make_task(
        tmp_path / "tasks",
        "secret",
        dockerfile='WORKDIR /app\nENV PATH="//app/bin:$PATH"\n',
        test_sh=LINK_TEST_SH,
        instruction="Write the secret number to answer.txt.\n",
    )
    (t / "tests" / "expected.txt").write_text("9137\n")
    plant = "sh -c \"mkdir -p /app/bin && printf '#!/bin/sh\\nexit 0\\n' > /app/bin/cmp && chmod +x /app/bin/cmp\""
    code, doc, err = run_ab(str(tmp_path / "tasks"), "--network", "none", "--agent", "command", "--agent-cmd", plant)
    assert code in (0, 1), err
    assert [(tr["verified"], tr["reward"]) for tr in doc["trials"]] == [(False, 0), (False, 0)], doc["trials"]
    for tr in doc["trials"]:
        kinds = {(f["path"], f["kind"]) for f in tr["tamper"]["findings"]}
        assert ("/app/bin/cmp", "path-command") in kinds, tr["tamper"]
