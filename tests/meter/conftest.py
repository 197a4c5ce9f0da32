"""Fixtures of the meter tests; their helpers live in meter_rig.py (a unique module name, so no
other test folder's conftest can shadow them)."""

from meter_rig import google, rig, upstream  # noqa: F401  (fixtures)
