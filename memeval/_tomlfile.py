"""TOML files a user hands memeval, read so that every way their text can be wrong is one error its caller words.

The files are `task.toml`, `taskset.toml`, `agent.toml`, `memeval.toml` and a price file; the tamper scan parses
an agent's `pyproject.toml` with `loads_toml` too.

`tomllib` reads nested arrays and inline tables by recursion: a file of a few thousand `[` (6 KB) raised
`RecursionError`, and a byte that is not UTF-8 raised `UnicodeDecodeError` where only `TOMLDecodeError` was caught;
each ended the command in a traceback (exit 1) instead of a usage error naming the file.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any


class NotTomlText(ValueError):
    """The file's text is not UTF-8, not TOML, or nested past what the reader can follow.

    Its message completes "<the file> is ...": `not UTF-8 text (byte N)...`, `not valid TOML: <tomllib's reason>`
    or `not valid TOML: it nests ... deeper than ...`.
    """


def read_toml(path: Path) -> dict[str, Any]:
    """The TOML document in the file at `path`, as `tomllib` reads it.

    Raises:
        NotTomlText: the bytes are not UTF-8 (the message names the first bad byte's offset), the text is not TOML
            (tomllib's line and column), or arrays and inline tables nest deeper than Python's recursion limit lets
            `tomllib` follow (about a thousand levels; no real file comes near).
        OSError: the file cannot be read (missing, a folder, no permission): the caller's to word.
    """
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise NotTomlText(f"not UTF-8 text (byte {exc.start} is not UTF-8): save it as UTF-8 TOML") from exc
    return loads_toml(text)


def read_user_toml(
    path: Path,
    error: Callable[[str], Exception],
    *,
    name: str,
    nul_reaches: str,
    at: str | None = None,
    fix: str | None = None,
) -> dict[str, Any]:
    r"""The TOML document in the file a user hands memeval, refused in one `error` when it cannot be used as it is.

    The two refusals (`at` defaults to `"<name>: "`; a `fix` of None leaves the first with no tail and ends the
    second in `remove it`):
    - `<name> is <NotTomlText's reason>[; <fix>]`: not UTF-8, not TOML, or nested too deep (as `read_toml`);
    - `<at><dotted key> holds a NUL character (\u0000), which no <nul_reaches> can; <fix>`: a string anywhere in the
      document holds one (`first_nul`).

    Args:
        path: the file (`agent.toml`, `task.toml`, `memeval.toml`).
        error: the caller's error for a message (`AgentConfigError`, `TaskError`, `UsageError`).
        name: how the messages name the file, e.g. `agent file '/team/agent.toml'`.
        nul_reaches: what the file's values become, that cannot hold a NUL: `path, model name or environment variable`.
        at: what stands before a key's name in the NUL message, e.g. `task 't1': task.toml's `.
        fix: the fix both messages end with, e.g. `fix /team/tasks/t1/task.toml`.

    Raises:
        Exception: `error(message)`, as above.
        OSError: the file cannot be read (missing, a folder, no permission): the caller's to word.
    """
    try:
        data = read_toml(path)
    except NotTomlText as exc:
        raise error(f"{name} is {exc}" + (f"; {fix}" if fix else "")) from exc
    if (where := first_nul(data)) is not None:
        raise error(
            f"{f'{name}: ' if at is None else at}{where} holds a NUL character (\\u0000), which no {nul_reaches} "
            f"can; {fix or 'remove it'}"
        )
    return data


def loads_toml(text: str) -> dict[str, Any]:
    """The TOML document `text`, as `tomllib` reads it; `read_toml` for a file's text already decoded.

    Raises:
        NotTomlText: the text is not TOML (tomllib's line and column), or nests deeper than `tomllib` can follow
            (as `read_toml`).
    """
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise NotTomlText(f"not valid TOML: {exc}") from exc
    except RecursionError as exc:
        raise NotTomlText(
            "not valid TOML: its arrays or inline tables nest deeper than memeval's TOML reader follows "
            "(Python's recursion limit, about a thousand levels)"
        ) from exc


def first_nul(value: object, where: str = "") -> str | None:
    r"""The dotted key of the first string in a parsed TOML document holding a NUL character, or None.

    TOML's `\u0000` makes one. No command line, environment variable or path holds it: an agent.toml's ended
    `memeval ab` in `ValueError: embedded null byte`, and a value memeval hands bubblewrap (NUL-separated) was split
    into options of its own.
    """
    if isinstance(value, str):
        return (where or "a value") if "\0" in value else None
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for key, item in items:
        if isinstance(key, str) and "\0" in key:
            return f"{where}.{key!r}" if where else repr(key)
        found = first_nul(item, f"{where}[{key}]" if isinstance(key, int) else f"{where}.{key}" if where else key)
        if found is not None:
            return found
    return None
