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

import tomllib
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, ValidationError

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
        UsageError: the file is not valid TOML or has an unknown or bad key (named).
    """
    f = folder / PROJECT_FILE
    if not f.is_file():
        return None
    try:
        raw = tomllib.loads(f.read_text(encoding="utf-8")).get("ab", {})
        d = AbDefaults.model_validate(raw)
    except tomllib.TOMLDecodeError as exc:
        raise UsageError(f"{f}: not valid TOML: {exc}") from exc
    except ValidationError as exc:
        first = exc.errors()[0]
        raise UsageError(f"{f}: [ab].{'.'.join(map(str, first['loc']))}: {first['msg']}") from exc
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
