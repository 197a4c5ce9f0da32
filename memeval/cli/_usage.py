"""One line for a usage error: what was wrong, the value given, the fix and where help is (`usage_line`).

Also the wording every command's own refusals of a bad number share (`number_fix`, `shown_input`).
"""

from __future__ import annotations

from typing import Any

from typer._click.core import Context
from typer._click.exceptions import ClickException

from memeval._fieldwords import NUMBER_ERRORS as NUMBER_ERRORS  # re-exported: imported from here
from memeval._fieldwords import number_fix as number_fix

MAX_SHOWN_INPUT = 40
"""Characters of a bad value an error line quotes; a longer one is cut, with its length said."""


def shown_input(value: object) -> str:
    """A bad value as an error line quotes it: its repr, cut to `MAX_SHOWN_INPUT` characters.

    e.g. `'1111111111111111111111111111111111111…' (100,000 characters)`: a value of 100,000 digits was
    echoed whole, a 100 KB error line in which the fix was lost.
    """
    text = repr(value)
    if len(text) <= MAX_SHOWN_INPUT:
        return text
    quote = text[0] if text[0] in "'\"" else ""
    return f"{text[: MAX_SHOWN_INPUT - 1]}…{quote} ({len(str(value)):,} characters)"


def _plain_number_error(exc: ClickException, err: Any) -> str | None:
    """`number_fix` for a click parameter's bad number, from the parameter's own bounds (else pydantic's)."""
    param = getattr(exc, "param", None)
    ctx = err.get("ctx") or {}
    low = getattr(param, "min", None)
    high = getattr(param, "max", None)
    low = low if low is not None else ctx.get("ge")
    high = high if high is not None else ctx.get("le")
    desc = getattr(param, "type_descriptor", None)
    whole = (desc is not None and desc.annotation is int) or str(err["type"]).startswith("int")
    return number_fix(str(err["type"]), low, high, whole=whole, above=ctx.get("gt"))


def usage_line(exc: ClickException) -> str:
    """A usage error as one line: what was wrong (the option, the value given), the fix and where help is.

    Click prints the usage, a hint and then the error on three lines; for a value out of range the
    value itself is not named, and typer's wording is pydantic's (`Input should be greater than or
    equal to 1`). Here, e.g. `error: invalid value for '--repeats': '0': use a whole number of 1 or
    more (see 'memeval ab --help')`.
    """
    from pydantic import ValidationError

    message = exc.format_message()
    if message.startswith("Invalid value"):
        message = "i" + message[1:]
    cause = exc.__cause__
    if isinstance(cause, ValidationError) and cause.errors():
        err = cause.errors()[0]
        given = err.get("input")
        head, sep, tail = message.partition(": ")
        tail = _plain_number_error(exc, err) or tail
        message = f"{head}: {shown_input(given)}: {tail}" if sep and given is not None else message
    ctx = getattr(exc, "ctx", None) or _parsing_context(exc)
    where = f" (see '{ctx.command_path} --help')" if ctx is not None else ""
    return f"error: {message}{where}"


def _parsing_context(exc: ClickException) -> Context | None:
    """The context of the command whose arguments were being parsed when `exc` was raised, or None.

    The parser raises some usage errors without their context (`Option '--kind' requires an
    argument.` from typer's `_OptionParser._get_value_from_state`), so the line named no command's
    help; the innermost command's context is still a local of the frames `exc` passed through
    (`Command.parse_args(ctx, args)`), read here, never changed.
    """
    import traceback

    found = [f.f_locals.get("ctx") for f, _ in traceback.walk_tb(exc.__traceback__)]
    contexts = [c for c in found if isinstance(c, Context)]
    return contexts[-1] if contexts else None
