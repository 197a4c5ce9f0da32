"""What JavaScript tools load from the world by their own rules: Node's `require` order, the files test runners run.

Split from `memeval.runner._shadow` (breaker49), which uses these for the tamper scan's findings, as
`memeval.runner._verifierhome` does for files written while test.sh ran.
"""

from __future__ import annotations

import fnmatch
import os
import re
from collections.abc import Callable, Iterable, Mapping

NODE_FILE = ("", ".js", ".json", ".node")
"""What Node's `require(X)` of a path tries first, in order: the file `X`, then `X.js`, `X.json`, `X.node`."""
NODE_FOLDER = ("package.json", "index.js", "index.json", "index.node")
"""Then the folder `X`: its `package.json` (`main`), then `X/index.js`, `X/index.json`, `X/index.node`."""
NODE_WHY = "Node's require(X) takes the file X, then X.js, X.json, X.node, then the folder X/"
JEST_FILE = ("", ".js", ".mjs", ".cjs", ".jsx", ".ts", ".tsx", ".json", ".node")
"""What jest's resolver tries for `require(X)` of a path inside a test, in order: the file `X`, then `X` with each of
jest's default `moduleFileExtensions` (jest 29), so `.mjs`, `.cjs`, `.jsx`, `.ts`, `.tsx` come before `.json`
(breaker50: the agent's `expected.cjs` answered for a held-back `expected.json` in a real jest run)."""
JEST_WHY = "jest's resolver takes the file X, then X.js, X.mjs, X.cjs, X.jsx, X.ts, X.tsx, X.json, X.node"
VITE_FILE = ("", ".mjs", ".js", ".mts", ".ts", ".jsx", ".tsx", ".json")
"""What vite's resolver (and so vitest's) tries for an import of a path with no known ending, in order: the file `X`,
then `X` with each of vite's default `resolve.extensions` (vite 5, vitest 2), so `.mts` comes before `.json`, which
neither Node nor jest tries (breaker51: the agent's `expected.mts` answered a held-back test's `import ... from
'./expected'` for the `expected.json` test.sh copied beside it, in a real vitest run)."""
VITE_WHY = "vite's resolver (vitest) takes the file X, then X.mjs, X.js, X.mts, X.ts, X.jsx, X.tsx, X.json"
RESOLVERS = ((JEST_FILE, JEST_WHY), (VITE_FILE, VITE_WHY))
"""(suffix order, why) of the test runners' resolvers asked beside Node's own (`NODE_FILE`): jest's and vite's."""


def file_rank(name: str, order: tuple[str, ...]) -> tuple[str, int]:
    """(X, rank) of the file `name` as what `require(X)` may load when the resolver tries `order`'s suffixes.

    `order` is a resolver's suffixes in turn (`NODE_FILE`, `JEST_FILE`, `VITE_FILE`); lower is tried first; 0: `name`
    is X.
    """
    for rank in range(len(order) - 1, 0, -1):
        suffix = order[rank]
        if name.endswith(suffix) and len(name) > len(suffix):
            return name[: -len(suffix)], rank
    return name, 0


def node_entry(parts: list[str]) -> tuple[list[str], str, int]:
    """(folder, X, rank) of the entry at `parts` as what `require(folder/X)` may load (lower is tried first)."""
    if len(parts) >= 2 and parts[-1] in NODE_FOLDER:
        return parts[:-2], parts[-2], len(NODE_FILE) + NODE_FOLDER.index(parts[-1])
    return (parts[:-1], *file_rank(parts[-1], NODE_FILE))


def jest_shadowed(
    parts: list[str], world_s: str, task_s: str, ls: Callable[[str], Mapping[str, str]]
) -> list[tuple[str, str]]:
    """The task's files beside the agent's file at `parts` that a test runner's resolver now passes over (`RESOLVERS`).

    breaker50: the agent's `data/expected.cjs` beside the task's `data/expected.json` answers a test's
    `require('../data/expected')` under jest (Node's own order never tries `.cjs`); breaker51: `data/expected.mts`
    answers an `import` of it under vitest (`VITE_FILE`). Only files of the task still in the world count, and only
    when no other file of the world comes before the agent's in that resolver's order. `parts` is the agent's file's
    path in the world; `world_s`, `task_s` the world's and the pristine task's roots; `ls` lists a folder (name ->
    `file`, `dir` or `other`). Returns (task file as the sandbox names it, why) pairs, each task file once.
    """
    here = "/".join(parts[:-1])
    out: dict[str, str] = {}
    for order, why in RESOLVERS:
        stem, rank = file_rank(parts[-1], order)
        if rank == 0:
            continue  # an extensionless file is Node's rule too (`memeval.runner._shadow`)
        world_here, task_here = ls(os.path.join(world_s, here)), ls(os.path.join(task_s, here))
        if any(world_here.get(stem + e) == "file" for e in order[:rank]):
            continue
        for e in order[rank + 1 :]:
            if task_here.get(stem + e) == "file" and world_here.get(stem + e) == "file":
                out.setdefault("/" + "/".join(p for p in (here, stem + e) if p), why)
    return list(out.items())


MOCHA_FOLDER = re.compile(r"^[^/]*\.[cm]?js$")
"""A file mocha loads from its default spec folder `./test/` (`./test/*.{js,cjs,mjs}`), in one process."""
NODE_TEST_NAME = re.compile(r"^(?:test|test-[^/]*)\.[cm]?js$")
"""A file `node --test` runs with no path given, by its name (`test.js`, `test-*.js`), at any depth (breaker49)."""
NODE_TEST_FOLDER = "test"
"""`node --test` with no path runs every `.js`, `.cjs`, `.mjs` under a folder named `test`, at any depth (breaker49;
mocha's `test/*.js` was a finding one level down only)."""
JEST_FOLDER = "__tests__"
JS_SOURCE = re.compile(r"^[^/]*\.[cm]?[jt]sx?$")
"""A file jest collects from a `__tests__` folder at any depth (its default `testMatch`,
`**/__tests__/**/*.?([mc])[jt]s?(x)`), whatever its name (breaker43: no finding before)."""
JEST_MOCKS = "__mocks__"
"""jest's (and vitest's) manual mocks folder: `__mocks__/lodash.js` beside `node_modules` stands in for the package
`lodash` in every test file with no `jest.mock` call; one beside a module, or under `roots`, when a test mocks it
(breaker49: no finding before)."""
JEST_SNAPSHOTS = "__snapshots__"
"""jest's (and vitest's) snapshot folder: `toMatchSnapshot()` compares with the `.snap` file there (breaker49)."""
JS_MOCK_RUN = (
    "jest (and vitest's `vi.mock`) loads a file under `__mocks__` in place of the module it names, and one beside "
    "`node_modules` (`__mocks__/lodash.js`) replaces that package in every test file with no `jest.mock` call: an "
    "assertion helper or the module under test answers as the agent wrote it"
)
JS_RUNNER_DATA_DETAIL = {
    JEST_MOCKS: "manual mock the agent {}: " + JS_MOCK_RUN,
    JEST_SNAPSHOTS: (
        "snapshot the agent {}: jest and vitest pass `toMatchSnapshot()` when the value equals what the `.snap` file "
        "under `__snapshots__` holds, so a snapshot of a wrong answer passes (and `--ci` fails only when none is there)"
    ),
}
"""Why a file jest reads from a folder of its own name, not a test file, runs with the held-back tests (breaker49)."""


def js_runner_data(parts: list[str]) -> str | None:
    """The special folder (`__mocks__`, `__snapshots__`) whose file at `parts` jest and vitest read, or None.

    A script (`.js`, `.ts`, `.cjs`, `.mjs`, `.jsx`, `.tsx`, `.json`, `.node`) at any depth under `__mocks__`; a
    `.snap` file under `__snapshots__`.
    """
    if JEST_MOCKS in parts[:-1] and (JS_SOURCE.match(parts[-1]) or parts[-1].endswith((".json", ".node"))):
        return JEST_MOCKS
    if JEST_SNAPSHOTS in parts[:-1] and parts[-1].endswith(".snap"):
        return JEST_SNAPSHOTS
    return None


JS_TEST_DETAIL = (
    "JavaScript test file the agent {}: mocha loads every spec file into one process before it runs any (a "
    "`process.exit(0)` there passes a failing run), and jest, vitest and `node --test` run what they collect (one "
    "run first can write the answer a held-back test reads)"
)


def js_test_file(parts: list[str]) -> bool:
    """Whether the file at `parts` (a path split at `/`) is one a JavaScript test runner collects by its place.

    mocha's `test/*.js` (not the world folder's own top) or any script under jest's `__tests__`; since breaker49
    what `node --test` runs when test.sh gives it no path (Node 20's defaults): `test.js` and `test-*.js` anywhere,
    and any script under a `test` folder at any depth. Each runs in its own process, one after another in path
    order on this 2-core machine, so `/app/test-aa.js` writing the right answer to the file the held-back test reads
    passed a wrong answer (`cd /app && node --test`, exit 0).
    """
    mocha = len(parts) >= 3 and parts[-2] == "test" and MOCHA_FOLDER.match(parts[-1]) is not None
    node = NODE_TEST_NAME.match(parts[-1]) is not None or (
        NODE_TEST_FOLDER in parts[1:-1] and MOCHA_FOLDER.match(parts[-1]) is not None
    )
    return mocha or node or (JEST_FOLDER in parts[:-1] and JS_SOURCE.match(parts[-1]) is not None)


INSTALLED_TREES = frozenset({"site-packages", "dist-packages", "node_modules", "vendor", ".yarn"})
"""Installed package trees, where a task's own tools often live: a file added or changed there is an
`installed-package` finding (`memeval.runner._tamper`). `vendor` is Composer's (`vendor/bin/phpunit` is how a PHP
task's test.sh runs its tests), Go's (`go test` builds a module's dependencies from `vendor/` when
`vendor/modules.txt` is there: an assertion library of the agent's) and bundler's `vendor/bundle` (breaker40: no
finding before). `.yarn` is Yarn's: the packages of a Plug'n'Play project (`cache/*.zip`, `unplugged/`), its plugins,
and the Yarn a project runs (`releases/yarn-*.cjs`, named by `yarnPath`) (breaker43)."""
PROVE_FOLDERS = frozenset({"t", "xt"})
"""Folders whose `.t` scripts `prove` runs (`t/` by default, `xt/` for author tests; `-r` at any depth)."""
PERL_TEST_RUN = (
    "`prove` (and `make test`) runs every `t/*.t` one after another in name order, so one run first can write the "
    "answer a held-back test reads (breaker49: a wrong answer passed)"
)
PERL_TEST_DETAIL = "Perl test script the agent {}: " + PERL_TEST_RUN


def perl_test_file(parts: list[str]) -> bool:
    """Whether the file at `parts` (a path split at `/`, the world folder first) is a `.t` script `prove` runs.

    Any `.t` file in a `t` or `xt` folder at any depth, outside installed package trees (breaker49: `/app/t/00-aa.t`
    writing the answer file ran before the held-back `t/check.t` that test.sh copied there read it).
    """
    return (
        parts[-1].endswith(".t")
        and len(parts[-1]) > 2
        and any(p in PROVE_FOLDERS for p in parts[1:-1])
        and not any(p in INSTALLED_TREES for p in parts)
    )


def pattern_test(rel: str, patterns: Iterable[str], held_dirs: Iterable[str] = ()) -> bool:
    """Whether the file at `rel` (from the world root) is named by a held-back pattern (`held_test_patterns`).

    Matched as pytest's `fnmatch_ex`; one that takes any name (`*.py`) only in a folder named in `held_dirs` (b48).
    """
    parts = rel.split("/")
    if any(p in INSTALLED_TREES for p in parts):
        return False
    inside = "/" + rel
    folder = inside.rsplit("/", 1)[0]
    for pat in patterns:
        if "/" in pat:  # as pytest's `fnmatch_ex`: a relative pattern holding a separator matches a path's end
            hit = fnmatch.fnmatchcase(inside, pat if pat.startswith("/") else "*/" + pat)
        else:
            hit = fnmatch.fnmatchcase(parts[-1], pat)
        if hit and (not fnmatch.fnmatchcase("x.py", pat) or folder in held_dirs):
            return True
    return False
