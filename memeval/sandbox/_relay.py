"""A loopback relay that runs inside the agent's sandbox: standard library only.

The agent's sandbox has its own network namespace with nothing but loopback. This relay listens
on 127.0.0.1:PORT there and pipes each connection to the metering proxy's Unix socket, bound into
the sandbox. So the proxy is the agent's only way out.

Usage: python3 relay.py PORT SOCKET READY_FILE
"""

import asyncio
import sys


async def _pipe(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    try:
        while chunk := await reader.read(65536):
            writer.write(chunk)
            await writer.drain()
    except (ConnectionError, asyncio.IncompleteReadError):
        return
    finally:
        if not writer.is_closing():
            writer.close()


async def _serve(port: int, socket_path: str, ready: str) -> None:
    async def handle(cr: asyncio.StreamReader, cw: asyncio.StreamWriter) -> None:
        try:
            ur, uw = await asyncio.open_unix_connection(socket_path)
        except OSError as exc:
            sys.stderr.write(f"memeval relay: proxy unreachable: {exc}\n")
            cw.close()
            return
        await asyncio.gather(_pipe(cr, uw), _pipe(ur, cw))

    server = await asyncio.start_server(handle, "127.0.0.1", port)
    with open(ready, "w") as f:
        f.write("ready\n")
    async with server:
        await server.serve_forever()


if __name__ == "__main__":
    asyncio.run(_serve(int(sys.argv[1]), sys.argv[2], sys.argv[3]))
