"""Write `memeval/review/ascii_lookalikes.txt` from Unicode's confusables.txt (UTS #39).

Usage: python scripts/ascii_lookalikes.py PATH/TO/confusables.txt

The review pages mark a character that a reader would take for an ASCII letter, digit or URL
punctuation (`ɡithub.com` with U+0261 LATIN SMALL LETTER SCRIPT G, `github∕acme` with U+2215
DIVISION SLASH). Unicode keeps the list of such characters: confusables.txt maps each confusable
character to its prototype. This script keeps the rows whose source is one non-ASCII character and
whose prototype is one printable ASCII character, and writes them as `HEX ; ASCII ; NAME` lines
under a header naming the source file's version. Get the file from
https://www.unicode.org/Public/security/<version>/confusables.txt, for the Unicode version of the
Python that runs memeval (`python -c "import unicodedata; print(unicodedata.unidata_version)"`).
Exit code 2 when the file is missing or holds no rows.
"""

from __future__ import annotations

import sys
import unicodedata
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "memeval" / "review" / "ascii_lookalikes.txt"


def rows(text: str) -> list[tuple[str, str]]:
    """(character, ASCII prototype) for every one-to-one row of confusables.txt with an ASCII prototype."""
    out = []
    for line in text.splitlines():
        fields = line.split("#", 1)[0].split(";")
        if len(fields) < 3:
            continue
        src, proto = fields[0].split(), fields[1].split()
        if len(src) != 1 or len(proto) != 1:
            continue
        ch, to = chr(int(src[0], 16)), chr(int(proto[0], 16))
        if not ch.isascii() and to.isascii() and to.isprintable() and to != " ":
            out.append((ch, to))
    return sorted(out)


def main(argv: list[str]) -> int:
    """Read `argv[0]` (confusables.txt), write `OUT`; 2 on a usage error."""
    if len(argv) != 1 or not Path(argv[0]).is_file():
        print("usage: python scripts/ascii_lookalikes.py PATH/TO/confusables.txt (a file)", file=sys.stderr)
        return 2
    text = Path(argv[0]).read_text(encoding="utf-8-sig")
    version = next((ln.split(":", 1)[1].strip() for ln in text.splitlines() if ln.startswith("# Version:")), "?")
    found = rows(text)
    if not found:
        print(f"{argv[0]} holds no confusables.txt rows with an ASCII prototype", file=sys.stderr)
        return 2
    head = [
        f"# Characters a reader takes for one ASCII character: Unicode confusables.txt (UTS #39) version {version},",
        "# the rows with one non-ASCII source character and one printable ASCII prototype.",
        "# Written by scripts/ascii_lookalikes.py; do not edit by hand. Columns: code point ; prototype ; name",
    ]
    body = [f"{ord(c):04X} ; {to} ; {unicodedata.name(c, 'UNNAMED')}" for c, to in found]
    OUT.write_text("\n".join(head + body) + "\n", encoding="utf-8")
    print(f"{len(found)} characters written to {OUT}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
