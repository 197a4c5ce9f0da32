"""Interpreter search paths other than Python's: an agent-writable folder never comes first.

Found by the breaker: the verifier's guard moved agent-writable PATH, PYTHONPATH and
LD_LIBRARY_PATH entries behind the image's, but left `PERL5LIB`, `RUBYLIB`, `NODE_PATH` (and
`-I` folders in `PERL5OPT`/`RUBYOPT`) as the task gave them, and Perl and Ruby search those
before their own library folders. A task whose Dockerfile says `ENV PERL5LIB=/app/lib` let an
agent plant `/app/lib/List/Util.pm` and change what the verifier's Perl computed. Rubygems picks
the highest version of a gem across `GEM_HOME` and `GEM_PATH`, so order cannot help there: an
agent-writable gem folder is dropped.
"""

from __future__ import annotations

import shutil

import pytest

import memeval.runner._guard as guard
from memeval.runner._guard import verifier_env

BASE = {"PATH": "/usr/bin"}


def _own(name: str, *image: str) -> list[str]:
    """The folders the host's `name` searches on its own (asked of the real interpreter), less `image`'s."""
    return [d for d in guard.interpreter_dirs(name) if d not in image]


@pytest.mark.skipif(shutil.which("perl") is None, reason="needs perl")
def test_agent_folders_come_after_the_interpreters_own():
    # The real interpreters are asked for their folders (perl has some on every Debian; ruby and node
    # may be missing, and then have none): the order is checked against what they answer.
    assert _own("perl"), "perl answered no library folders"
    env = verifier_env(
        {**BASE, "PERL5LIB": "/app/lib:/opt/perl:rel", "RUBYLIB": "/app/r", "NODE_PATH": "/n:/app/nm"}, ("/app",)
    )
    assert env["PERL5LIB"] == ":".join(["/opt/perl", *_own("perl", "/opt/perl"), "/app/lib", "rel"])
    assert env["RUBYLIB"] == ":".join([*_own("ruby"), "/app/r"])
    assert env["NODE_PATH"] == ":".join(["/n", *_own("node", "/n"), "/app/nm"])
    # entries of the image alone are left as they were
    assert verifier_env({**BASE, "PERL5LIB": "/opt/a:/opt/b"}, ("/app",))["PERL5LIB"] == "/opt/a:/opt/b"


@pytest.mark.skipif(shutil.which("perl") is None, reason="needs perl")
def test_include_switches_naming_agent_folders_move_behind():
    env = verifier_env({**BASE, "PERL5OPT": "-w -I/app/lib -Mstrict", "RUBYOPT": "-I /app/r -W0"}, ("/app",))
    assert env["PERL5OPT"] == "-w -Mstrict"
    assert env["PERL5LIB"] == ":".join([*_own("perl"), "/app/lib"])
    assert env["RUBYOPT"] == "-W0"
    assert env["RUBYLIB"] == ":".join([*_own("ruby"), "/app/r"])
    env = verifier_env({**BASE, "PERL5OPT": "-I/opt/lib"}, ("/app",))
    assert env["PERL5OPT"] == "-I/opt/lib" and "PERL5LIB" not in env


def test_agent_writable_gem_folders_are_dropped():
    env = verifier_env({**BASE, "GEM_PATH": "/app/gems:/var/lib/gems", "GEM_HOME": "/app/vendor"}, ("/app",))
    assert env["GEM_PATH"] == "/var/lib/gems" and "GEM_HOME" not in env
    assert verifier_env({**BASE, "GEM_HOME": "/usr/local/gems"}, ("/app",))["GEM_HOME"] == "/usr/local/gems"


FAKE_LIST_UTIL = (
    "mkdir -p /app/lib/List && cat > /app/lib/List/Util.pm <<'PM'\n"
    "package List::Util;\n"
    "sub import { no strict 'refs'; *{caller() . '::sum'} = sub { 3 }; }\n"
    "1;\nPM\n"
)


@pytest.mark.skipif(shutil.which("perl") is None, reason="needs perl")
@pytest.mark.parametrize("env_line", ["ENV PERL5LIB=/app/lib", "ENV PERL5OPT=-I/app/lib"])
def test_a_planted_perl_module_does_not_change_the_verifiers_answer(hostile, env_line: str):
    t = hostile.task(
        "perl",
        FAKE_LIST_UTIL,
        dockerfile=f"WORKDIR /app\nCOPY app/ /app/\n{env_line}\n",
        test_sh="perl -MList::Util=sum -e 'print sum(1, 1) == 3 ? 1 : 0' > /logs/verifier/reward.txt\n",
    )
    assert t.is_dir()
    for tr in hostile.run(codes=(0, 1, 3)).trials:
        assert tr["verified"] is False and tr["reward"] == 0, tr
