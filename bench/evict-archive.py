#!/usr/bin/env python3
"""evict-archive.py [--check] TRACE.otf2...: drops the page-cache data of each OTF2 archive's files (the anchor,
the global definitions and every file of its per-location folder) with posix_fadvise(POSIX_FADV_DONTNEED) per
file: a cold file cache for these archives only, without root and without /proc/sys/vm/drop_caches (which
disturbs everything else on the machine). Metadata (directory entries, inodes) stays cached. With --check it
only prints, per archive, how many of the folder's data pages are resident (mincore), as fincore would."""
import ctypes
import os
import sys

def files(anchor):
    base = anchor[:-5] if anchor.endswith('.otf2') else anchor
    yield anchor
    yield base + '.def'
    with os.scandir(base) as it:
        for e in it:
            yield e.path

def evict(anchor):
    for p in files(anchor):
        try:
            fd = os.open(p, os.O_RDONLY)
        except OSError:
            continue
        try:
            os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)
        finally:
            os.close(fd)

def resident(anchor):
    libc = ctypes.CDLL(None, use_errno=True)
    libc.mmap.restype = ctypes.c_void_p
    libc.mmap.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_long]
    libc.munmap.argtypes = [ctypes.c_void_p, ctypes.c_size_t]
    libc.mincore.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_void_p]
    res = tot = 0
    for p in files(anchor):
        try:
            n = os.stat(p).st_size
        except OSError:
            continue
        if n == 0:
            continue
        pages = (n + 4095) // 4096
        fd = os.open(p, os.O_RDONLY)
        try:
            a = libc.mmap(None, n, 1, 1, fd, 0)  # PROT_READ, MAP_SHARED: mincore reads no page
            v = (ctypes.c_ubyte * pages)()
            libc.mincore(a, n, v)
            res += sum(x & 1 for x in v)
            tot += pages
            libc.munmap(a, n)
        finally:
            os.close(fd)
    return res, tot

if __name__ == '__main__':
    check = sys.argv[1:2] == ['--check']
    for anchor in sys.argv[2 if check else 1:]:
        if check:
            r, t = resident(anchor)
            print(f"{anchor}: {r}/{t} pages resident")
        else:
            evict(anchor)
