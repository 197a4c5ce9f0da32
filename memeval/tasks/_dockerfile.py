"""Read a task's `environment/Dockerfile` into steps memeval can honour without Docker.

Supported (Dockerfile reference, https://docs.docker.com/reference/dockerfile/): `FROM` (recorded,
the host system stands in for the image), `ARG` with defaults, `ENV`, `WORKDIR`, `COPY` and `ADD`
of local files, `RUN`, `USER root`, and the metadata-only `LABEL`, `EXPOSE`, `CMD`, `ENTRYPOINT`,
`MAINTAINER`, `STOPSIGNAL`, `SHELL`. Anything else is an unsupported step: the world builder turns
it into a `boot` fault that names the line.
"""

from __future__ import annotations

import json
import re
import shlex
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

StepKind = Literal["from", "arg", "env", "workdir", "copy", "run", "noop", "unsupported"]

_NOOP = {"LABEL", "EXPOSE", "CMD", "ENTRYPOINT", "MAINTAINER", "STOPSIGNAL", "SHELL", "HEALTHCHECK"}


@dataclass(frozen=True)
class DockerStep:
    """One instruction of a Dockerfile.

    Attributes:
        kind: what memeval does with it.
        line: 1-based line number where the instruction starts.
        text: the instruction as written (continuations joined).
        args: the parsed arguments: for `env`/`arg` alternating names and values, for `copy`
            sources then destination, for `workdir` the path, for `run` the shell command.
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


def _env_pairs(rest: str) -> tuple[str, ...]:
    words = shlex.split(rest)
    if words and "=" not in words[0]:
        return (words[0], rest.strip()[len(words[0]) :].strip())
    pairs: list[str] = []
    for w in words:
        name, _, value = w.partition("=")
        pairs += [name, value]
    return tuple(pairs)


def parse_dockerfile(path: Path) -> list[DockerStep]:
    """Parse `path` into steps, in order.

    Unknown instructions become `unsupported` steps; only an unreadable file raises (OSError).
    """
    steps: list[DockerStep] = []
    for line, text in _logical_lines(path.read_text(encoding="utf-8")):
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
            name, _, default = rest.partition("=")
            steps.append(DockerStep("arg", line, text, (name.strip(), default.strip().strip('"'))))
        elif op == "ENV":
            steps.append(DockerStep("env", line, text, _env_pairs(rest)))
        elif op == "WORKDIR":
            steps.append(DockerStep("workdir", line, text, (rest.strip('"'),)))
        elif op in ("COPY", "ADD"):
            words = [w for w in _words(rest) if not w.startswith("--chown") and not w.startswith("--chmod")]
            flags = [w for w in words if w.startswith("--")]
            srcs = [w for w in words if not w.startswith("--")]
            if flags:
                steps.append(DockerStep("unsupported", line, text, (), f"{op} {flags[0]} needs Docker"))
            elif op == "ADD" and any(re.match(r"^[a-z]+://", s) for s in srcs):
                steps.append(DockerStep("unsupported", line, text, (), "ADD of a URL needs the network"))
            elif len(srcs) < 2:
                steps.append(DockerStep("unsupported", line, text, (), f"{op} needs a source and a destination"))
            else:
                steps.append(DockerStep("copy", line, text, tuple(srcs)))
        elif op == "RUN":
            words = _words(rest) if rest.startswith("[") else None
            cmd = shlex.join(words) if words is not None else rest
            if rest.startswith("--"):
                steps.append(DockerStep("unsupported", line, text, (), "RUN flags (--mount, --network) need Docker"))
            else:
                steps.append(DockerStep("run", line, text, (cmd,)))
        elif op == "USER":
            if rest.split(":")[0] in ("root", "0"):
                steps.append(DockerStep("noop", line, text))
            else:
                steps.append(DockerStep("unsupported", line, text, (), "USER other than root needs Docker"))
        elif op in _NOOP:
            steps.append(DockerStep("noop", line, text))
        else:
            steps.append(DockerStep("unsupported", line, text, (), f"{op} is not supported without Docker"))
    return steps
