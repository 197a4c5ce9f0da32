"""A file's field errors (pydantic's `ValidationError`) said in words, for refusals that name the file and the fix.

pydantic's own text is several lines a problem with a documentation link each; a refusal of memeval is one line,
so each problem becomes `<key> is missing`, `<key> <unknown_key>` (`is not a key an agent.toml takes`), or
`<key>: <reason> (got <value>)`. Also the words of a number's allowed range (`number_fix`, `field_range`),
shared by the CLI's usage lines and settings read from the environment.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

# pydantic only when a field's error is said: `memeval runs` (through the CLI's usage words) starts without it
if TYPE_CHECKING:
    from pydantic import ValidationError
    from pydantic.fields import FieldInfo

SHOWN_CHARS = 40
"""How much of a value's repr a problem quotes."""

NUMBER_ERRORS = frozenset(
    {
        "greater_than",
        "greater_than_equal",
        "less_than",
        "less_than_equal",
        "int_parsing",
        "int_parsing_size",
        "int_from_float",
        "float_parsing",
        "finite_number",
    }
)
"""pydantic error types of a number given as text: not a number, not whole, or out of its bounds."""


def field_problems(exc: ValidationError, unknown_key: str) -> str:
    """Every problem of `exc`, each in words, joined by `; `.

    Args:
        exc: the error of validating one table (an `agent.toml`, a model's prices).
        unknown_key: what an unknown key is said to be after its name: `is not a key an agent.toml takes`.

    Returns:
        e.g. `command is missing; bogus is not a key an agent.toml takes; tools: Input should be a valid list
        (got 'x')`; dotted keys for nested values, `the file` for the table itself.
    """
    problems = []
    for error in exc.errors():
        where = ".".join(str(p) for p in error["loc"]) or "the file"
        if error["type"] == "missing":
            problems.append(f"{where} is missing")
        elif error["type"] == "extra_forbidden":
            problems.append(f"{where} {unknown_key}")
        else:
            got = repr(error.get("input"))
            got = got if len(got) <= SHOWN_CHARS else got[: SHOWN_CHARS - 1] + "…"
            problems.append(f"{where}: {error['msg']} (got {got})")
    return "; ".join(problems)


def field_range(info: FieldInfo, *, whole: bool) -> str:
    """What a number field takes, from its bounds (`Field(ge=..., gt=..., le=...)`), with its default.

    Args:
        info: the field (`Model.model_fields[name]`).
        whole: the field takes whole numbers only.

    Returns:
        e.g. `use a whole number of 1 or more (default 500)`, `use a number above 0 and at most 876000
        (default 48.0)`; without a default, no `(default ...)`.
    """
    from pydantic_core import PydanticUndefined

    low = high = above = None
    for m in info.metadata:
        low = getattr(m, "ge", low)
        high = getattr(m, "le", high)
        above = getattr(m, "gt", above)
    fix = number_fix("greater_than_equal", low, high, whole=whole, above=above) or ""
    return fix if info.default is PydanticUndefined else f"{fix} (default {info.default})"


def _number(x: float) -> str:
    """A bound as people write it: `1`, `0.001`, `604800`, `4294967295` (never `604800.0` or `4.29e+09`)."""
    return str(int(x)) if float(x).is_integer() else repr(float(x))


def number_fix(
    kind: str, low: float | None, high: float | None, *, whole: bool, above: float | None = None
) -> str | None:
    """What to give instead of a bad number, in words: `use a whole number of 1 or more`.

    Args:
        kind: the pydantic error type (`greater_than_equal`, `int_parsing`, ...).
        low: the lower bound, inclusive (None: none).
        high: the upper bound, inclusive (None: none).
        whole: the option takes whole numbers only.
        above: an exclusive lower bound (pydantic's `gt`), used when `low` is None.

    Returns:
        The fix, e.g. `use a number from 0.001 to 604800`; None for an error that is not about a
        number (`NUMBER_ERRORS`), which keeps its own wording.
    """
    if kind not in NUMBER_ERRORS:
        return None
    what = "a whole number" if whole else "a number"
    if low is not None and high is not None:
        return f"use {what} from {_number(low)} to {_number(high)}"
    if low is not None:
        return f"use {what} of {_number(low)} or more"
    if above is not None:
        return f"use {what} above {_number(above)}" + (f" and at most {_number(high)}" if high is not None else "")
    if high is not None:
        return f"use {what} of {_number(high)} or less"
    return f"use {what}"
