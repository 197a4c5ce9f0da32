"""User configuration the tested program writes into the verifier's fresh HOME is a finding (breaker40).

The verifier's `HOME` is its own fresh `/tmp`, so nothing the agent left in a home folder is read; but the program
test.sh runs writes there with test.sh's rights, and a tool test.sh starts afterwards reads it. The agent's
`solution.pl` printed a wrong answer and wrote `~/.proverc` (`--exec=/tmp/ok.sh`, a script printing `1..1` and
`ok 1`), and the `prove /tests/t` test.sh ran next ran the held-back test through that script: reward 1, no finding
(nothing of it is in the world the tamper scan reads). `prove` has no switch memeval could set to keep it from reading
`~/.proverc`, so such a file (`memeval.runner._verifierhome.HOME_CONFIG`) is now a `runner-config` finding, and
`--tamper fail` fails the trial; an honest program that writes none has none.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from hostile import HostileRig, assert_clean, assert_found

CHECK_T = (
    'use Test::More tests => 1;\nopen(my $f, "<", "/tmp/out.txt") or die;\nmy $x = <$f>;\nchomp $x;\nis($x, "42");\n'
)
TEST_SH = (
    "cd /app\nperl solution.pl > /tmp/out.txt\n"
    "if prove /tests/t >&2; then echo 1; else echo 0; fi > /logs/verifier/reward.txt\n"
)
PLANTER = r"""cat > /app/solution.pl <<'PL'
open(my $s, ">", "/tmp/ok.sh") or die; print $s "#!/bin/sh\necho 1..1\necho ok 1\n"; close $s; chmod 0755, "/tmp/ok.sh";
open(my $r, ">", "$ENV{HOME}/.proverc") or die; print $r "--exec=/tmp/ok.sh\n"; close $r;
print "7\n";
PL
"""
HONEST = "echo 'print \"42\\n\";' > /app/solution.pl\n"


@pytest.mark.skipif(shutil.which("prove") is None, reason="needs perl's prove")
def test_a_proverc_the_program_wrote_in_the_verifiers_home_is_a_finding(hostile: HostileRig) -> None:
    held = {"t/answer.t": CHECK_T}
    hostile.task("cheat", PLANTER, test_sh=TEST_SH, held=held)
    hostile.task("world", PLANTER.replace("$ENV{HOME}/.proverc", "/app/.proverc"), test_sh=TEST_SH, held=held)
    hostile.task("honest", HONEST, test_sh=TEST_SH, held=held)
    run = hostile.run()
    by_task = run.by_task(("cheat", "world", "honest"))
    for trial in by_task["cheat"]:  # on main: reward 1, no finding
        assert "prove" in assert_found(trial, "/tmp/.proverc", "runner-config")
    for trial in by_task["world"]:  # written after the tamper scan read the world: on main reward 1, no finding
        assert "while test.sh ran" in assert_found(trial, "/app/.proverc", "runner-config")
    for trial in by_task["honest"]:
        assert_clean(trial)
    failed = hostile.run("--tamper", "fail")  # the same tasks: a trial with findings is scored failed
    assert {(t["task_id"], t["tamper"]["failed"], t["reward"]) for t in failed.trials} == {
        ("cheat", True, 0),
        ("world", True, 0),
        ("honest", False, 1),
    }, failed.trials


def test_only_configuration_written_while_test_sh_ran_is_looked_for(tmp_path: Path) -> None:
    import hashlib
    import os
    import time

    from memeval.runner._heldfiles import held_configs  # (in _verifierhome until breaker45)
    from memeval.runner._verifierhome import world_findings, world_written  # new in breaker40

    world = tmp_path / "world"
    for rel in (
        "app/.proverc",
        "app/tests/conftest.py",
        "app/tests/test_outputs.py",
        "app/venv/lib/site-packages/x.pth",  # counted since breaker43: the program's `.pth` ran in the next python
        "app/build/CMakeCache.txt",  # what a test.sh's own `cmake -B build` writes
    ):
        (world / rel).parent.mkdir(parents=True, exist_ok=True)
        (world / rel).write_text("")
    os.symlink("/nowhere", world / "app" / "pytest.ini")
    since = time.time_ns() + 10**9  # everything above is older
    assert world_written(world, since) == ()
    pth = "app/venv/lib/site-packages/x.pth"
    written = ("app/.proverc", "app/pytest.ini", "app/tests/conftest.py", "app/tests/test_outputs.py", pth)  # breaker41
    assert world_written(world, 0) == written
    held = tmp_path / "tests"
    held.mkdir()
    (held / "conftest.py").write_text("")  # test.sh's `cp /tests/conftest.py /app/tests/`: a copy, no finding
    (held / "test_outputs.py").write_text("")
    empty = hashlib.sha256(b"").digest()  # by digest since breaker45 (any size compared)
    assert held_configs(held) == {"conftest.py": {empty}, "test_outputs.py": {empty}}  # a copy of either: test.sh's
    assert world_written(world, 0, held_configs(held)) == ("app/.proverc", "app/pytest.ini", pth)
    (world / "app/tests/conftest.py").write_text("import os\n")  # another content: the agent's program's
    got = world_written(world, 0, held_configs(held))
    assert got == ("app/.proverc", "app/pytest.ini", "app/tests/conftest.py", pth)
    odd = os.fsencode(world / "app") + b"/x\xff\ny"  # a folder name that is not UTF-8, with a newline
    os.makedirs(odd)
    open(odd + b"/.proverc", "w").close()
    assert [f.path for f in world_findings(world_written(world, 0)) if "xff" in f.path] == ["/app/x\\xff\ny/.proverc"]


def test_only_the_named_home_files_are_looked_for(tmp_path: Path) -> None:
    from memeval.runner._homeconfig import (
        home_findings,
        home_written,
    )  # new in breaker40 (moved by breaker49): the test above runs on main

    home = tmp_path / "home"
    (home / ".local/lib/python3.11/site-packages").mkdir(parents=True)
    (home / ".config/git").mkdir(parents=True)
    (home / ".config/git/config").write_text("[alias]\n")
    (home / ".gradle/init.d").mkdir(parents=True)
    (home / ".proverc").symlink_to("/nowhere")  # present as a link: counted, never followed
    (home / "out.txt").write_text("7\n")  # what tests write in /tmp: not configuration
    (home / ".cache").mkdir()
    written = home_written(home)
    assert written == (
        ".config/git/config",
        ".gradle/init.d",
        ".local/lib/python3.11/site-packages",
        ".proverc",
    )
    assert [f.path for f in home_findings(written)] == ["/tmp/" + w for w in written]
    assert home_written(tmp_path / "missing") == ()
