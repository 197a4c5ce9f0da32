"""The context contract: templates read only documented fields; every field is documented."""

from __future__ import annotations

import dataclasses

import jinja2
from jinja2 import nodes

import memeval.auditreport as report
from memeval.auditreport import CONTEXT_TYPES, WeeklyReportContext, documented_fields, report_env


def _all_attrs() -> set[str]:
    names: set[str] = set()
    for cls in CONTEXT_TYPES:
        names |= set(documented_fields(cls))
        names |= {n for n, v in vars(cls).items() if isinstance(v, property)}
    return names


def _getattrs(template: str) -> tuple[set[str], set[str]]:
    """(attributes read directly on `r`, every other attribute or string subscript read)."""
    env: jinja2.Environment = report_env()
    src = env.loader.get_source(env, template)[0]  # type: ignore[union-attr]
    ast = env.parse(src)
    on_r, other = set(), set()
    for node in ast.find_all(nodes.Getattr):
        if isinstance(node.node, nodes.Name) and node.node.name == "r":
            on_r.add(node.attr)
        elif not (isinstance(node.node, nodes.Name) and node.node.name == "loop"):
            other.add(node.attr)
    return on_r, other


def test_every_context_field_is_documented():
    for cls in CONTEXT_TYPES:
        assert dataclasses.is_dataclass(cls)
        assert cls.__dataclass_params__.frozen, cls  # type: ignore[attr-defined]
        for name, text in documented_fields(cls).items():
            assert len(text) > 8, (cls.__name__, name)


def test_templates_read_only_documented_fields():
    top = set(documented_fields(WeeklyReportContext))
    allowed = _all_attrs() | {"isoformat"}  # datetime method used on window_*_utc
    for name in ("weekly.html", "weekly.txt"):
        on_r, other = _getattrs(name)
        assert on_r <= top, (name, on_r - top)
        assert other <= allowed, (name, other - allowed)
        assert {"lines", "runs", "late", "overdue_total", "overdue_after_label"} <= on_r, name
    on_r, other = _getattrs("_charts.html")
    assert other <= allowed | {"week"}


def test_chart_macro_series_are_weekpoint_fields():
    env = report_env()
    src = env.loader.get_source(env, "weekly.html")[0]  # type: ignore[union-attr]
    series = set()
    for call in env.parse(src).find_all(nodes.Call):
        if isinstance(call.node, nodes.Name) and call.node.name == "bars":
            series.add(call.args[1].value)  # type: ignore[attr-defined]
    assert series and series <= set(documented_fields(report.WeekPoint))


def test_undocumented_field_is_refused():
    @dataclasses.dataclass(frozen=True)
    class Bad:
        x: int = 0

    try:
        documented_fields(Bad)
    except TypeError as exc:
        assert "Bad.x" in str(exc)
    else:
        raise AssertionError("an undocumented field was accepted")


def test_public_surface():
    for name in report.__all__:
        assert hasattr(report, name), name
    assert "WeeklyReportContext" in report.__all__ and "make_report" in report.__all__
