"""`memeval ab`'s parts agree: every parameter of the command reaches its checks (`AbArgs`)."""

from __future__ import annotations

import dataclasses
import inspect

from memeval.cli._ab_checks import AbArgs
from memeval.cli.ab import ab


def test_every_parameter_of_ab_is_a_field_of_its_args() -> None:
    params = [name for name in inspect.signature(ab).parameters if name != "ctx"]
    assert params == [f.name for f in dataclasses.fields(AbArgs)]
    source = inspect.getsource(ab)
    assert all(f"        {name}={name},\n" in source for name in params)  # each one handed on, none forgotten
