"""The one form a person's id is stored and compared in, without the store's modules.

Its own module so that a command checking a name (`memeval users add NAME`) can normalise it
without loading SQLAlchemy: `memeval.audit` loads `_person` alone for `normalize_person_id`.
"""

from __future__ import annotations

import unicodedata

from memeval.ignorable import is_default_ignorable


def normalize_person_id(raw: str) -> str:
    """The one form a person's id is stored and compared in: NFKC, casefold, stripped, no invisibles.

    Default-ignorable characters are dropped: `carol` plus a zero-width space or a variation
    selector is `carol`, as a page shows her. NFKC runs again after case folding, since folding
    can produce characters NFKC would change.
    """
    folded = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", raw).casefold())
    return "".join(c for c in folded if not is_default_ignorable(ord(c))).strip()
