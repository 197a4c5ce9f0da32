"""An incremental Server-Sent Events decoder (framing only, no I/O).

Follows the event-stream interpretation rules of the WHATWG HTML standard, section 9.2.6: lines
end in CRLF, LF or CR; `event:` names the event, `data:` lines are joined with LF, a blank line
dispatches. One leniency: `finish()` dispatches a last event whose data line was complete but not
followed by the blank line, because some recorded provider streams end that way.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple


class SseEvent(NamedTuple):
    """One dispatched event: `event` is its name (`message` when unnamed), `data` its text.

    A named tuple: a stream makes one per token, and a tuple is the cheapest record to make.
    """

    event: str
    data: str


def may_end_event(chunk: bytes, before: bytes) -> bool:
    """Whether `chunk`, arriving after held bytes that end with `before`, may complete an event's blank line.

    False only for a chunk without a CR, without two LFs in a row, and not opening with an LF right after an
    LF or CR held before it: such a chunk can end no event, so a reader may set it aside unjoined
    (`SseDecoder`, `memeval.meter._wire.UsageChunkFilter`). True may be a false alarm, never a miss.
    """
    if chunk.find(b"\r") >= 0 or chunk.find(b"\n\n") >= 0:
        return True
    return chunk[:1] == b"\n" and before[-1:] in (b"\n", b"\r")


@dataclass
class SseDecoder:
    r"""Turns byte chunks, split anywhere, into `SseEvent`s.

    Example:
        >>> d = SseDecoder()
        >>> list(d.feed(b"event: a\\ndata: 1\\n")) + list(d.feed(b"\\n"))
        [SseEvent(event='a', data='1')]
    """

    _buffer: bytes = b""
    _event: str = ""
    _data: list[str] = field(default_factory=list)
    _data_chars: int = 0
    _pending: list[bytes] = field(default_factory=list)
    _pending_bytes: int = 0

    def held(self) -> int:
        """How much of an unfinished event is held: bytes not yet cut into lines, plus characters of its data lines.

        Nothing bounds an event on the wire; the reader bounds what it holds with this (`UsageMeter.feed`).
        """
        return len(self._buffer) + self._pending_bytes + self._data_chars

    def _hold(self, chunk: bytes) -> bool:
        """Set aside, unjoined, a chunk that cannot end an event; True when it was.

        Joining every chunk to what was held before cost the square of an event's size: an upstream sending 64 MiB
        without a blank line took 17 s of the proxy's loop. A chunk without a CR, without two LFs in a row and
        not opening with an LF after one can end no event (a blank line needs two line endings in a row), so it
        waits in a list, joined once when a chunk that may end one arrives (`may_end_event`).
        """
        if may_end_event(chunk, self._pending[-1] if self._pending else self._buffer):
            return False
        self._pending.append(chunk)
        self._pending_bytes += len(chunk)
        return True

    def _joined(self, chunk: bytes) -> bytes:
        """What was held, then `chunk`, as one buffer (empties the set-aside list)."""
        if self._pending:
            buffer = b"".join([self._buffer, *self._pending, chunk])
            self._pending, self._pending_bytes = [], 0
            return buffer
        return self._buffer + chunk if self._buffer else chunk

    def feed(self, chunk: bytes) -> list[SseEvent]:
        """Consume a chunk and return the events it completes, in order."""
        if self._hold(chunk):
            return []
        buffer = self._joined(chunk)
        if buffer.find(b"\r") >= 0:  # find, not `in`: `bytes in bytes` first tries the operand as an int (a raised
            # and dropped TypeError, a few thousand instructions per test)
            self._buffer = buffer
            return self._lines()
        # The usual LF-only stream: whole events at once (each ends in a blank line); the unfinished last one is
        # kept, whole, for the next chunk. An event of one `data:` line, the common case, is made directly.
        blocks = buffer.split(b"\n\n")
        self._buffer = blocks.pop()
        out: list[SseEvent] = []
        for block in blocks:
            if block[:5] == b"data:" and block.find(b"\n") < 0 and not self._data and not self._event:
                value = block[6:] if block[5:6] == b" " else block[5:]
                out.append(SseEvent("message", value.decode("utf-8", errors="replace")))
                continue
            for raw in block.split(b"\n"):
                event = self._line(raw.decode("utf-8", errors="replace"))
                if event is not None:
                    out.append(event)
            event = self._line("")
            if event is not None:
                out.append(event)
        return out

    def take_data_lines(self, chunk: bytes) -> tuple[bytes, int] | None:
        r"""The whole events `chunk` completes, raw, when each is one `data:` line: `(bytes, count)`, or None.

        The bytes are the events as sent, each `data: VALUE\n\n`; what follows the last one is kept for the next
        chunk, as `feed` keeps it. None, with nothing consumed (call `feed` instead), when the stream is not in that
        plain form: a CR anywhere, an event that is not exactly one `data:` line (a name, a comment, an id, several
        data lines, a run of three line feeds), or an event already begun through `feed`. This lets a reader look at
        many events with a few byte searches and decode none it does not need.

        Example:
            >>> SseDecoder().take_data_lines(b"data: 1\n\ndata: 2\n\ndata: 3")
            (b'data: 1\n\ndata: 2\n\n', 2)
        """
        if self._data or self._event:
            return None
        if self._hold(chunk):
            return b"", 0
        buffer = self._joined(chunk)
        held = len(buffer) - len(chunk)  # on None, what was held stays held (joined) and `chunk` goes to `feed`
        if buffer.find(b"\r") >= 0:
            self._buffer = buffer[:held]
            return None
        end = buffer.rfind(b"\n\n") + 2
        if end < 2:
            self._buffer = buffer
            return b"", 0
        head = buffer[:end] if end < len(buffer) else buffer
        count = head.count(b"\n\n")
        # Every line feed belongs to an event's ending pair, so each event is a single line; each starts `data:`.
        if (
            head.count(b"\n") != 2 * count
            or head[:5] != b"data:"
            or (count > 1 and head.count(b"\n\ndata:") != count - 1)
        ):
            self._buffer = buffer[:held]
            return None
        self._buffer = buffer[end:]
        return head, count

    def finish(self) -> list[SseEvent]:
        """Signal the end of the byte stream; returns a last event left without its blank line."""
        out: list[SseEvent] = []
        self._buffer = self._joined(b"")
        if self._buffer:
            # End the last line (a lone CR there was already a line end waiting for its LF).
            self._buffer += b"\n"
            out = self._lines()
        if self._data:
            out.append(SseEvent(self._event or "message", "\n".join(self._data)))
        self._event, self._data, self._data_chars = "", [], 0
        return out

    def _lines(self) -> list[SseEvent]:
        r"""The events completed by the buffer's complete lines, taken one by one (any line ending).

        The buffer is read from a moving position and cut once at the end, and each line ending is searched for
        once: cutting it after every line copied the rest each time, so a chunk of many short CR-ended lines cost
        the square of its size (1 MiB of `:\r` comment lines took 22 s of the proxy's loop, 256 KiB 1.2 s).
        """
        out: list[SseEvent] = []
        buf = self._buffer
        pos = 0
        lf = buf.find(b"\n")
        cr = buf.find(b"\r")
        while True:
            if 0 <= lf < pos:
                lf = buf.find(b"\n", pos)
            if 0 <= cr < pos:
                cr = buf.find(b"\r", pos)
            if cr == -1 and lf == -1:
                break
            if cr == -1 or (lf != -1 and lf < cr):
                end, width = lf, 1
            elif cr == len(buf) - 1:
                break  # a CR at the very end may be followed by LF in the next chunk
            else:
                end, width = (cr, 2) if buf[cr + 1 : cr + 2] == b"\n" else (cr, 1)
            line = buf[pos:end].decode("utf-8", errors="replace")
            pos = end + width
            event = self._line(line)
            if event is not None:
                out.append(event)
        self._buffer = buf[pos:] if pos else buf
        return out

    def _line(self, line: str) -> SseEvent | None:
        if line == "":
            if not self._data:
                self._event = ""
                return None
            event = SseEvent(self._event or "message", "\n".join(self._data))
            self._event, self._data, self._data_chars = "", [], 0
            return event
        if line.startswith(":"):
            return None
        name, _, value = line.partition(":")
        if value.startswith(" "):
            value = value[1:]
        if name == "event":
            self._event = value
        elif name == "data":
            self._data.append(value)
            self._data_chars += len(value)
        return None
