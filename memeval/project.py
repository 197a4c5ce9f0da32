"""A team folder's defaults for `memeval ab`, read from its `memeval.toml`.

    [ab]
    tasks = "tasks"              # the task set, relative to the file
    pack = "pack.json"
    agent = "agent/agent.toml"   # or oracle, nop
    model = "fernhill-scripted-1"
    prices = "prices.toml"
    repeats = 1

    [ab.upstream]                # where the metering proxy forwards model calls
    api = "openai"
    command = ["python3", "model/scripted_server.py", "--port-file", "{port_file}"]
    # or: base_url = "https://api.openai.com/v1" and key_env = "OPENAI_API_KEY"

Flags given on the command line win over the file.
"""

from __future__ import annotations

import difflib
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from memeval._tomlfile import read_user_toml
from memeval.errors import UsageError

PROJECT_FILE = "memeval.toml"


class UpstreamDefaults(BaseModel):
    """`[ab.upstream]`."""

    model_config = ConfigDict(extra="forbid")

    api: str = "openai"
    base_url: str | None = None
    key_env: str | None = None
    command: list[str] | None = None


class AbDefaults(BaseModel):
    """`[ab]`: defaults for `memeval ab`, paths already made absolute."""

    model_config = ConfigDict(extra="forbid")

    tasks: Path = Path("tasks")
    pack: Path | None = None
    agent: str | None = None
    model: str | None = None
    prices: Path | None = None
    repeats: int | None = Field(default=None, ge=1)
    upstream: UpstreamDefaults | None = None


def load_project(folder: Path) -> AbDefaults | None:
    """Read `folder/memeval.toml`'s `[ab]` table, or None when the folder has no such file.

    Raises:
        UsageError: the file is not valid TOML, has an unknown or bad key, or a value with a NUL character (named).
    """
    f = folder / PROJECT_FILE
    if not f.is_file():
        return None
    data = read_user_toml(f, UsageError, name=str(f), nul_reaches="path, model name or environment variable")
    _refuse_other_tables(f, data)
    try:
        d = AbDefaults.model_validate(data.get("ab", {}))
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(map(str, first["loc"]))
        if first["type"] == "extra_forbidden":
            raise UsageError(f"{f}: [ab].{where} is not a key memeval reads: {_keys_hint(first['loc'])}") from exc
        raise UsageError(f"{f}: [ab].{where}: {first['msg']}") from exc
    root = folder.resolve()
    agent = d.agent
    if agent and agent not in ("oracle", "nop", "command"):
        agent = str(root / agent)
    return d.model_copy(
        update={
            "tasks": root / d.tasks,
            "pack": root / d.pack if d.pack else None,
            "prices": root / d.prices if d.prices else None,
            "agent": agent,
        }
    )


def _refuse_other_tables(f: Path, data: dict[str, object]) -> None:
    """Refuse what memeval.toml holds outside `[ab]`, naming it.

    A misspelt `[abb]` was ignored, and `memeval ab` then asked for an `[ab].agent` the file seemed to give.

    Raises:
        UsageError: the first table or key other than `ab`, named, with `[ab]` suggested.
    """
    for key, value in data.items():
        if key == "ab":
            continue
        what = f"[{key}]" if isinstance(value, dict) else f"the top-level key {key!r}"
        near = " (did you mean [ab]?)" if difflib.get_close_matches(key, ["ab"], n=1, cutoff=0.5) else ""
        raise UsageError(
            f"{f}: {what} is not read by memeval{near}: the defaults of `memeval ab` go under [ab] (and [ab.upstream])"
        )


def _keys_hint(loc: tuple[int | str, ...]) -> str:
    """What an unknown key in `[ab]` or `[ab.upstream]` (pydantic's `loc` of it) could have meant."""
    model: type[BaseModel] = UpstreamDefaults if loc[:1] == ("upstream",) else AbDefaults
    known = list(model.model_fields)
    near = difflib.get_close_matches(str(loc[-1]), known, n=1)
    table = "[ab.upstream]" if model is UpstreamDefaults else "[ab]"
    return (f"did you mean {near[0]!r}? " if near else "") + f"{table} takes {', '.join(known)}"
