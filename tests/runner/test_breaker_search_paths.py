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


def test_agent_folders_come_after_the_interpreters_own(monkeypatch):
    own = {"perl": ("/usr/share/perl5", "/usr/lib/perl"), "ruby": ("/usr/lib/ruby/3.1",), "node": ("/usr/lib/node",)}
    monkeypatch.setattr(guard, "interpreter_dirs", lambda name: own[name])
    env = verifier_env(
        {**BASE, "PERL5LIB": "/app/lib:/opt/perl:rel", "RUBYLIB": "/app/r", "NODE_PATH": "/n:/app/nm"}, ("/app",)
    )
    assert env["PERL5LIB"] == "/opt/perl:/usr/share/perl5:/usr/lib/perl:/app/lib:rel"
    assert env["RUBYLIB"] == "/usr/lib/ruby/3.1:/app/r"
    assert env["NODE_PATH"] == "/n:/usr/lib/node:/app/nm"
    # entries of the image alone are left as they were
    assert verifier_env({**BASE, "PERL5LIB": "/opt/a:/opt/b"}, ("/app",))["PERL5LIB"] == "/opt/a:/opt/b"


def test_include_switches_naming_agent_folders_move_behind(monkeypatch):
    own = {"perl": ("/usr/share/perl5",), "ruby": ("/usr/lib/ruby",), "node": ()}
    monkeypatch.setattr(guard, "interpreter_dirs", lambda name: own[name])
    env = verifier_env({**BASE, "PERL5OPT": "-w -I/app/lib -Mstrict", "RUBYOPT": "-I /app/r -W0"}, ("/app",))
    assert env["PERL5OPT"] == "-w -Mstrict"
    assert env["PERL5LIB"] == "/usr/share/perl5:/app/lib"
    assert env["RUBYOPT"] == "-W0"
    assert env["RUBYLIB"] == "/usr/lib/ruby:/app/r"
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
