"""Context windows the providers document, where the price table rounds them down (`context_windows.toml`).

The window is only what `memeval.meter._prices` checks a prompt against before pricing it at the table's prices (a
prompt past it has no known cost, `PromptPastWindow`). The file is ours, beside the package, each entry naming the
provider's page; genai-prices' prices are never overridden.
"""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path

from genai_prices import types as genai_types
from pydantic import BaseModel, ConfigDict, Field

WINDOWS_FILE = Path(__file__).with_name("context_windows.toml")
"""The data file: one `[[window]]` per provider documentation page (its header says what each key holds)."""


class DocumentedWindow(BaseModel):
    """One entry of `WINDOWS_FILE`: the models of one provider page and the window it states, in prompt tokens."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    provider: str = Field(min_length=1)
    """The provider as genai-prices names it (`openai`, `google`)."""
    models: tuple[str, ...] = Field(min_length=1)
    """The models as genai-prices names them (its ids, which its look-up resolves dated names to)."""
    tokens: int = Field(gt=0)
    """The most prompt tokens a request to these models may hold, as the page states it."""
    source: str = Field(min_length=1)
    says: str = Field(min_length=1)
    checked: str = Field(pattern=r"^\d{4}-\d{2}-\d{2}$")
    seen_in: str | None = None


def load_windows(path: Path = WINDOWS_FILE) -> tuple[DocumentedWindow, ...]:
    """Every entry of the windows file at `path`.

    Raises:
        OSError: the file cannot be read; tomllib.TOMLDecodeError, pydantic.ValidationError: it is malformed (the
            file ships with the package, so either is a fault of the package, not of the user).
    """
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    return tuple(DocumentedWindow.model_validate(entry) for entry in data.get("window", []))


@cache
def documented_windows() -> dict[tuple[str, str], int]:
    """(genai-prices provider id, model id) -> the documented window in tokens, from `WINDOWS_FILE` (read once)."""
    return {(w.provider, model): w.tokens for w in load_windows() for model in w.models}


def context_window(provider: str, info: genai_types.ModelInfo) -> int | None:
    """The model's context window in prompt tokens: the larger of genai-prices' and the provider's documented one.

    genai-prices rounds some windows down (1,000,000 for Gemini 2.0 Flash's documented 1,048,576 input tokens; GPT-4.1's
    1,047,576): a prompt in between was `unpriced` (`memeval.meter._prices.PromptPastWindow`) although the provider
    bills it at the standard prices. `WINDOWS_FILE` holds the documented windows, each with its page
    (`documented_windows`); None when neither knows one.
    """
    documented = documented_windows().get((provider, info.id))
    table = info.context_window
    if documented is None or (table is not None and table >= documented):
        return table
    return documented
