"""A seccomp filter for every sandbox: the kernel's key-management calls answer EPERM.

Keyrings are not a namespace of their own the way files, processes and networks are: every
sandbox maps its root to the same host uid (`HOST_ID_BASE`), and a key one sandbox adds is listed
in every other's `/proc/keys` and readable by its serial number (measured on Linux 6.18: a key
added with permissions 0x3f3f3f3f in one sandbox was read whole from another running beside it).
So with `--concurrency` the code a verifier runs (the agent's program, with `/tests` mounted)
could hand the held-back tests to another trial's agent, or one arm pass notes to the other. The
filter makes `add_key`, `request_key` and `keyctl` fail with EPERM, as Docker's default seccomp
profile does for the same reason; no ordinary program needs them (Kerberos' keyring credential
cache is the one common user, and falls back to files).

The filter is a classic BPF program (`struct sock_filter[]`, seccomp(2)) handed to bubblewrap's
`--seccomp FD`, which loads it after building the sandbox and before running the command. It
checks the calling convention's architecture first (a 32-bit process on a 64-bit kernel numbers
its calls differently) and lets through anything of an architecture it does not list.
"""

from __future__ import annotations

import errno
import struct

_LD_W_ABS = 0x20  # BPF_LD | BPF_W | BPF_ABS
_JEQ_K = 0x15  # BPF_JMP | BPF_JEQ | BPF_K
_AND_K = 0x54  # BPF_ALU | BPF_AND | BPF_K
_RET_K = 0x06  # BPF_RET | BPF_K
_NR, _ARCH = 0, 4  # offsets in struct seccomp_data
RET_ALLOW = 0x7FFF0000  # SECCOMP_RET_ALLOW
RET_EPERM = 0x00050000 | errno.EPERM  # SECCOMP_RET_ERRNO | EPERM
_X32_BIT = 0x40000000  # __X32_SYSCALL_BIT: x32 calls are x86_64's numbers with this bit set

KEY_CALLS: dict[int, tuple[int, int, int]] = {
    0xC000003E: (248, 249, 250),  # AUDIT_ARCH_X86_64 (and x32, with its bit masked off)
    0x40000003: (286, 287, 288),  # AUDIT_ARCH_I386
    0xC00000B7: (217, 218, 219),  # AUDIT_ARCH_AARCH64
    0x40000028: (309, 310, 311),  # AUDIT_ARCH_ARM
}
"""`add_key`, `request_key`, `keyctl` for each architecture the filter knows (the kernel's
syscall tables: arch/x86/entry/syscalls, include/uapi/asm-generic/unistd.h, arch/arm/tools)."""


def _insn(code: int, jt: int, jf: int, k: int) -> bytes:
    return struct.pack("=HBBI", code, jt, jf, k)


def keyring_filter() -> bytes:
    """The compiled filter: EPERM for the key-management calls of every architecture in `KEY_CALLS`.

    Layout per architecture: `arch == A ? (load nr, [mask x32 bit], nr == each ? EPERM) : next
    architecture`, then allow. Jump offsets count instructions after the jump (BPF's rule).
    """
    blocks: list[list[tuple[int, int, int, int]]] = []
    for arch, calls in KEY_CALLS.items():
        body: list[tuple[int, int, int, int]] = [(_LD_W_ABS, 0, 0, _NR)]
        if arch == 0xC000003E:
            body.append((_AND_K, 0, 0, 0xFFFFFFFF ^ _X32_BIT))
        for i, nr in enumerate(calls):
            body.append((_JEQ_K, len(calls) - i, 0, nr))  # jump to the EPERM after the last compare
        body.append((_RET_K, 0, 0, RET_ALLOW))
        body.append((_RET_K, 0, 0, RET_EPERM))
        blocks.append(body)
    out = [_insn(_LD_W_ABS, 0, 0, _ARCH)]
    for n, (arch, body) in enumerate(zip(KEY_CALLS, blocks, strict=True)):
        last = n == len(blocks) - 1
        # not this architecture: skip its block (to the next architecture's compare, or the final allow)
        out.append(_insn(_JEQ_K, 0, len(body), arch))
        out += [_insn(*ins) for ins in body]
        if not last:
            out.append(_insn(_LD_W_ABS, 0, 0, _ARCH))
    out.append(_insn(_RET_K, 0, 0, RET_ALLOW))
    return b"".join(out)


__all__ = ["KEY_CALLS", "RET_ALLOW", "RET_EPERM", "keyring_filter"]
