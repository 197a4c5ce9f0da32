"""A file's field errors (pydantic's `ValidationError`) said in words, for refusals that name the file and the fix.

pydantic's own text is several lines a problem with a documentation link each; a refusal of memeval is one line,
so each problem becomes `<key> is missing`, `<key> <unknown_key>` (`is not a key an agent.toml takes`), or
`<key>: <reason> (got <value>)`.
"""

from __future__ import annotations

from pydantic import ValidationError

SHOWN_CHARS = 40
"""How much of a value's repr a problem quotes."""


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
