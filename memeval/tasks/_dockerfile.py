"""Read a task's `environment/Dockerfile` into steps memeval can honour without Docker.

Supported (Dockerfile reference, https://docs.docker.com/reference/dockerfile/): `FROM` (recorded,
the host system stands in for the image), `ARG` with defaults, `ENV`, `WORKDIR`, `COPY` and `ADD`
of local files, `RUN`, `USER`, and the metadata-only `LABEL`, `EXPOSE`, `CMD`, `ENTRYPOINT`,
`MAINTAINER`, `STOPSIGNAL`, `SHELL`. Anything else is an unsupported step: the world builder turns
it into a `boot` fault that names the line.

Variables are replaced as Docker does in `ENV`, `ARG`, `WORKDIR`, `COPY`/`ADD` and `USER`
(reference, "Environment replacement"): `$name`, `${name}`, `${name:-word}` (word when unset or
empty), `${name:+word}` (word when set and not empty), unset names become empty, a backslash
before `$` makes it literal, nothing is replaced inside single quotes, and one instruction sees the values from
before it (`ENV a=2 b=$a` gives b the old a). `RUN` lines are left to the shell, which sees the
`ENV` and `ARG` values as its environment. Other `${...}` forms are a clear error naming the line.
"""

from __future__ import annotations

import json
import re
import shlex
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

StepKind = Literal["from", "arg", "env", "workdir", "copy", "run", "user", "noop", "unsupported"]

_NOOP = {"LABEL", "EXPOSE", "CMD", "ENTRYPOINT", "MAINTAINER", "STOPSIGNAL", "SHELL", "HEALTHCHECK"}


@dataclass(frozen=True)
class DockerStep:
    """One instruction of a Dockerfile.

    Attributes:
        kind: what memeval does with it.
        line: 1-based line number where the instruction starts.
        text: the instruction as written (continuations joined).
        args: for `env`, `arg`, `workdir`, `copy` (flags removed) and `user`, the text after the
            instruction, expanded when the step is done (see `expand`, `expand_words`,
            `env_pairs`); for `run` the shell command; for `from` the image.
        reason: for `unsupported`, why.
    """

    kind: StepKind
    line: int
    text: str
    args: tuple[str, ...] = ()
    reason: str = ""


def _logical_lines(text: str) -> list[tuple[int, str]]:
    out: list[tuple[int, str]] = []
    buf: list[str] = []
    start = 0
    for n, raw in enumerate(text.splitlines(), 1):
        line = raw.rstrip()
        if not buf and (not line.strip() or line.lstrip().startswith("#")):
            continue
        if buf and line.lstrip().startswith("#"):
            continue
        if not buf:
            start = n
        if line.endswith("\\"):
            buf.append(line[:-1])
            continue
        buf.append(line)
        out.append((start, " ".join(s.strip() for s in buf)))
        buf = []
    if buf:
        out.append((start, " ".join(s.strip() for s in buf)))
    return out


def _words(rest: str) -> list[str]:
    rest = rest.strip()
    if rest.startswith("["):
        try:
            parsed = json.loads(rest)
        except json.JSONDecodeError:
            return shlex.split(rest)
        if isinstance(parsed, list) and all(isinstance(x, str) for x in parsed):
            return parsed
    return shlex.split(rest)


class ExpansionError(ValueError):
    """A `${...}` form memeval does not replace (the message names it)."""


_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def _expand_var(s: str, i: int, vars_: dict[str, str]) -> tuple[str, int]:
    """Replace the variable at s[i] == '$'; return (value, index after it)."""
    if i + 1 < len(s) and s[i + 1] == "{":
        depth, j = 1, i + 2
        while j < len(s) and depth:
            depth += {"{": 1, "}": -1}.get(s[j], 0)
            j += 1
        if depth:
            raise ExpansionError(f"unclosed ${{ in {s!r}")
        body = s[i + 2 : j - 1]
        m = _NAME.match(body)
        if not m:
            raise ExpansionError(f"${{{body}}} is not a variable reference")
        name, op = m.group(0), body[m.end() :]
        value = vars_.get(name, "")
        if op == "":
            return value, j
        if op.startswith(":-"):
            return (value if value else expand(op[2:], vars_)), j
        if op.startswith(":+"):
            return (expand(op[2:], vars_) if value else ""), j
        raise ExpansionError(f"${{{body}}}: only ${{name}}, ${{name:-word}} and ${{name:+word}} are supported")
    m = _NAME.match(s, i + 1)
    if not m:
        return "$", i + 1
    return vars_.get(m.group(0), ""), m.end()


def _words_expanded(s: str, vars_: dict[str, str], split: bool) -> list[str]:
    """Docker's word processing: quotes removed, escapes honoured, variables replaced."""
    words: list[str] = []
    cur: list[str] = []
    started = False
    i = 0
    while i < len(s):
        c = s[i]
        if c == "'":
            j = s.find("'", i + 1)
            if j < 0:
                raise ExpansionError(f"unclosed ' in {s!r}")
            cur.append(s[i + 1 : j])
            started, i = True, j + 1
        elif c == '"':
            i += 1
            started = True
            while i < len(s) and s[i] != '"':
                if s[i] == "\\" and i + 1 < len(s) and s[i + 1] in '"$\\':
                    cur.append(s[i + 1])
                    i += 2
                elif s[i] == "$":
                    v, i = _expand_var(s, i, vars_)
                    cur.append(v)
                else:
                    cur.append(s[i])
                    i += 1
            if i >= len(s):
                raise ExpansionError(f'unclosed " in {s!r}')
            i += 1
        elif c == "\\" and i + 1 < len(s):
            cur.append(s[i + 1])
            started, i = True, i + 2
        elif c == "$":
            v, i = _expand_var(s, i, vars_)
            cur.append(v)
            started = True
        elif c.isspace() and split:
            if started:
                words.append("".join(cur))
            cur, started = [], False
            i += 1
        else:
            cur.append(c)
            started, i = True, i + 1
    if started or not split:
        words.append("".join(cur))
    return words


def expand(s: str, vars_: dict[str, str]) -> str:
    """`s` as one word with quotes removed and variables replaced (Docker's rules, see the module docstring).

    Raises:
        ExpansionError: an unsupported `${...}` form or an unclosed quote.
    """
    return _words_expanded(s, vars_, split=False)[0]


def expand_words(s: str, vars_: dict[str, str]) -> list[str]:
    """`s` split into words at unquoted whitespace, each expanded (COPY's sources and destination)."""
    rest = s.strip()
    if rest.startswith("["):
        try:
            parsed = json.loads(rest)
        except json.JSONDecodeError:
            parsed = None
        if isinstance(parsed, list) and all(isinstance(x, str) for x in parsed):
            return [_words_expanded(x, vars_, split=False)[0] if "$" in x else x for x in parsed]
    return _words_expanded(rest, vars_, split=True)


def env_pairs(rest: str, vars_: dict[str, str]) -> list[tuple[str, str | None]]:
    """`ENV`/`ARG` arguments as (name, value) pairs, values expanded with the values before this line.

    `ENV name value` (the old form: the rest of the line is the value) and `ENV a=1 b="x y"`. A
    name without a value (`ARG name`) comes with None.
    """
    rest = rest.strip()
    first = rest.split(None, 1)
    if first and "=" not in first[0]:
        if len(first) == 2:
            return [(first[0], expand(first[1], vars_))]
        return [(first[0], None)]
    pairs: list[tuple[str, str | None]] = []
    for w in _words_expanded(rest, vars_, split=True):
        name, eq, value = w.partition("=")
        pairs.append((name, value if eq else None))
    return pairs


def parse_dockerfile(path: Path) -> list[DockerStep]:
    """Parse `path` into steps, in order.

    Unknown instructions become `unsupported` steps; only an unreadable file raises (OSError).
    """
    steps: list[DockerStep] = []
    raw = path.read_bytes()
    try:
        source = raw.decode("utf-8")
    except UnicodeDecodeError as exc:  # a traceback that ended the whole run, before
        line = raw.count(b"\n", 0, exc.start) + 1
        return [DockerStep("unsupported", line, "", (), f"byte {exc.start} is not UTF-8: save the Dockerfile as UTF-8")]
    for line, text in _logical_lines(source):
        if "\0" in text:
            # memeval hands ENV values and paths to bubblewrap as NUL-separated arguments: a NUL in one split it
            # there, and the pieces became bubblewrap options (`ENV X=a<NUL>--bind<NUL>/<NUL>/host` mounted the host)
            steps.append(DockerStep("unsupported", line, text, (), "a NUL character has no place in a Dockerfile"))
            continue
        instr, _, rest = text.partition(" ")
        op = instr.upper()
        rest = rest.strip()
        if op == "FROM":
            kind: StepKind = "from"
            words = rest.split()
            if len([s for s in steps if s.kind == "from"]) >= 1:
                steps.append(DockerStep("unsupported", line, text, (), "multi-stage builds need Docker"))
                continue
            steps.append(DockerStep(kind, line, text, tuple(words[:1])))
        elif op == "ARG":
            steps.append(DockerStep("arg", line, text, (rest,)))
        elif op == "ENV":
            steps.append(DockerStep("env", line, text, (rest,)))
        elif op == "WORKDIR":
            steps.append(DockerStep("workdir", line, text, (rest,)))
        elif op in ("COPY", "ADD"):
            words = [w for w in _words(rest) if not w.startswith("--chown") and not w.startswith("--chmod")]
            flags = [w for w in words if w.startswith("--")]
            srcs = [w for w in words if not w.startswith("--")]
            body = " ".join(w for w in rest.split() if not w.startswith("--chown") and not w.startswith("--chmod"))
            if flags:
                steps.append(DockerStep("unsupported", line, text, (), f"{op} {flags[0]} needs Docker"))
            elif op == "ADD" and any(re.match(r"^[a-z]+://", s) for s in srcs):
                steps.append(DockerStep("unsupported", line, text, (), "ADD of a URL needs the network"))
            elif len(srcs) < 2:
                steps.append(DockerStep("unsupported", line, text, (), f"{op} needs a source and a destination"))
            else:
                steps.append(DockerStep("copy", line, text, (body,)))
        elif op == "RUN":
            cmd = shlex.join(_words(rest)) if rest.startswith("[") else rest
            if rest.startswith("--"):
                steps.append(DockerStep("unsupported", line, text, (), "RUN flags (--mount, --network) need Docker"))
            else:
                steps.append(DockerStep("run", line, text, (cmd,)))
        elif op == "USER":
            steps.append(DockerStep("user", line, text, (rest,)))
        elif op in _NOOP:
            steps.append(DockerStep("noop", line, text))
        else:
            steps.append(DockerStep("unsupported", line, text, (), f"{op} is not supported without Docker"))
    return steps
