"""Fixtures of the review tests; their helpers live in review_helpers.py (a unique module name,
so no other test folder's conftest can shadow them)."""

from review_helpers import (  # noqa: F401  (fixtures)
    backend,
    db_and_seed,
    db_url,
    pg_template,
    pg_url_base,
    seeded,
    serve,
    server,
    sqlite_template,
    store,
)
