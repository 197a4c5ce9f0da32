"""The world memeval keeps is the one the agent left, not one the verifier's programs rewrote.

The verifier runs over the agent's world folders, and the program the tests run shares test.sh's rights there.
On main it copied the held-back `test.sh` into `/app`, deleted a file the agent had left (`cheat.txt`) and
wrote into one the image shipped (`.keep`): the world kept under `runs/<id>/worlds/` (retained by default for a
failed trial) then held the hidden tests and no longer showed what the agent did (a strict xfail until
breaker7). memeval now keeps a copy taken before the verifier (`memeval.runner._snapshot`): the image's
unchanged files moved from the pristine copy, the agent's own copied with their holes (a 1 GiB sparse file
costs the host no more disk in the kept world than in the agent's).
"""

from __future__ import annotations

from hostile import write_prog

PROG = (
    "import os, shutil\n"
    "shutil.copy('/tests/test.sh', '/app/leaked-test.sh')\n"
    "os.remove('/app/cheat.txt')\n"
    "open('/app/.keep', 'a').write('v')\n"
    "print(4)\n"
)
TEST_SH = (
    "out=$(python3 /app/prog.py)\n"
    "echo made-by-test-sh > /app/test-output.txt\n"
    'if [ "$out" = 5 ] && [ -f /app/test-output.txt ]; then echo 1; else echo 0; fi > /logs/verifier/reward.txt\n'
)


def test_the_retained_world_is_the_one_the_agent_left(hostile):
    run = hostile(
        f"echo x > /app/cheat.txt\ntruncate -s 1G /app/sparse\n{write_prog(PROG)}", test_sh=TEST_SH, codes=(0,)
    )
    for t in run.trials:
        assert t["fault"] is None and t["reward"] == 0.0, t  # the tests ran, and wrote and read their own files
    worlds = run.worlds()
    assert len(worlds) == run.per_task, worlds
    for w in worlds:
        assert sorted(p.name for p in (w / "app").iterdir()) == [
            ".attack.sh",
            ".keep",
            "cheat.txt",
            "prog.py",
            "sparse",
        ], w
        assert (w / "app" / "cheat.txt").read_text() == "x\n"
        assert (w / "app" / ".keep").read_text() == ""
        big = (w / "app" / "sparse").stat()
        assert (big.st_size, big.st_blocks) == (1 << 30, 0), big
