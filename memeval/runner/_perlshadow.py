"""Perl modules the agent left named like modules the image's Perl has (breaker39).

`prove -l` (and `prove -Ilib`, `perl -Ilib t/x.t`, a test's own `use lib 'lib'`) puts the working folder's `lib`
first on Perl's `@INC`: the usual way to test a Perl project whose code is in `/app/lib`. A module of the agent's
named like one the image's Perl has is then loaded in its place: `/app/lib/Test/More.pm` whose `import` printed
`1..1` and `ok 1` made `prove -l /tests/t` pass a wrong answer, reward 1, with no tamper finding. memeval moves the
agent's folders after Perl's own only where the task names them in the environment (`PERL5LIB`, `PERL5OPT`:
`memeval.runner._guard`); a switch on test.sh's command line is test.sh's to give, so such a module is put on the
record instead, as a Python module named like an installed one is.

Perl loads `NAME.pmc` in place of `NAME.pm` in the same folder, so an agent's `Test/More.pmc` counts as
`Test/More.pm`.
"""

from __future__ import annotations

import os
from functools import cache

from memeval.runner._guard import interpreter_dirs
from memeval.types import TamperKind

PERL_ENDINGS = (".pm", ".pmc")
"""The endings of a file Perl's `require` loads for a module name (`.pmc`, when present, before `.pm`)."""
TEST_HARNESS = ("Test/More.pm", "Test/Simple.pm", "Test/Builder.pm", "Test/Builder/", "Test2/", "TAP/", "Test/Harness")
"""Module paths (or their folders) of Perl's test framework and `prove` (`Test::More`, `Test2::*`, `TAP::Harness`):
a finding of kind `test-runner`, as a Python module named like `pytest` is."""
MAX_INSTALLED_MODULES = 100_000
"""Module files of the image's Perl read at most (Debian's perl with its core modules has about 900)."""


@cache
def installed_perl_modules() -> frozenset[str]:
    """The paths, relative to a folder of the image's `@INC`, of every module file there (`Test/More.pm`).

    The folders are the host's Perl's own (`interpreter_dirs`, which stands in for the image's: the sandbox runs
    the host's `/usr`); none when Perl is not installed. Links are not followed; at most `MAX_INSTALLED_MODULES`.
    """
    found: set[str] = set()
    for top in interpreter_dirs("perl"):
        for dirpath, _dirs, files in os.walk(top):
            rel = os.path.relpath(dirpath, top)
            found.update(f if rel == "." else f"{rel}/{f}" for f in files if f.endswith(".pm"))
            if len(found) >= MAX_INSTALLED_MODULES:
                return frozenset(found)
    return frozenset(found)


def perl_module_shadow(rel: str) -> tuple[TamperKind, str] | None:
    """The finding (kind, detail) for the agent's file at `rel` if Perl may load it in place of an installed module.

    `rel` is relative to the world's root; None when no tail of it names a module the image's Perl has.

    Each tail of `rel` below its first part (`lib/Test/More.pm`, `Test/More.pm`, `More.pm` for
    `app/lib/Test/More.pm`) is the module path it gives when the folder above it is on `@INC`; the longest that
    names an installed module is reported.
    """
    if not rel.endswith(PERL_ENDINGS):
        return None
    path = rel[:-1] if rel.endswith(".pmc") else rel
    installed = installed_perl_modules()
    parts = path.split("/")
    for i in range(1, len(parts)):
        tail = "/".join(parts[i:])
        if tail in installed:
            name = tail[:-3].replace("/", "::")
            where = "/" + "/".join(parts[:i])
            if tail.startswith(TEST_HARNESS):
                return (
                    "test-runner",
                    f"Perl module `{name}`: Perl's test framework, loaded from here when {where} is on @INC "
                    "(`prove -l`, `perl -Ilib`, `use lib`)",
                )
            return (
                "shadows-installed",
                f"Perl module `{name}` shadows the one the image's Perl has when {where} is on @INC "
                "(`prove -l`, `perl -Ilib`, `use lib`)",
            )
    return None
