"""Reading the sandbox's seccomp filter without loading it: a tiny interpreter of its BPF program.

The filter (`memeval.sandbox._seccomp.sandbox_filter`) uses four classic-BPF instructions
(Linux `Documentation/networking/filter.rst`): `ld [k]` of the `seccomp_data` word at offset k
(0: the call number, 4: the architecture, 16 on: the arguments), `and #k`, `jeq #k, jt, jf` and `ret #k`.
"""

from __future__ import annotations

import struct

from memeval.sandbox._seccomp import sandbox_filter


def run_filter(arch: int, nr: int, args: tuple[int, ...] = (), no_attach: bool = False) -> int:
    """What the filter returns for call `nr` on architecture `arch` (an `AUDIT_ARCH_*` value).

    `args` are the call's first arguments (64-bit; the rest are 0), read as `seccomp_data.args` words
    (offset 16 + 8 i, low word first on a little-endian machine); `no_attach` reads the verifier's filter.

    Returns the filter's 32-bit return value (e.g. `RET_ALLOW`, `RET_EPERM`). Raises
    `AssertionError` on an instruction outside the four the filter is written with.
    """
    prog = sandbox_filter(no_attach)
    insns = [struct.unpack("=HBBI", prog[i : i + 8]) for i in range(0, len(prog), 8)]
    data = {0: nr, 4: arch}
    for i, v in enumerate((*args, *(0,) * (6 - len(args)))):
        data[16 + 8 * i], data[20 + 8 * i] = v & 0xFFFFFFFF, v >> 32
    a, pc = 0, 0
    while True:
        code, jt, jf, k = insns[pc]
        pc += 1
        if code == 0x20:  # ld [k]
            a = data[k]
        elif code == 0x54:  # and #k
            a &= k
        elif code == 0x15:  # jeq #k, jt, jf
            pc += jt if a == k else jf
        elif code == 0x06:  # ret #k
            return k
        else:
            raise AssertionError(f"unexpected instruction {code:#x}")
