"""Running drez as a real process (for closed stdin, full disks and signals)."""
from __future__ import annotations

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DREZ = [sys.executable, "-m", "drez"]


def one_error_line(stderr: str) -> bool:
    """stderr is exactly one short line starting with 'drez', and no traceback."""
    lines = stderr.strip().splitlines()
    return (len(lines) == 1 and lines[0].startswith("drez") and len(lines[0]) < 300
            and "Traceback" not in stderr)


def children(pid: int) -> list[int]:
    """The process ids whose parent is pid (from /proc)."""
    out = []
    for name in os.listdir("/proc"):
        if name.isdigit():
            try:
                with open(f"/proc/{name}/stat") as f:
                    if int(f.read().rsplit(")", 1)[1].split()[1]) == pid:
                        out.append(int(name))
            except (OSError, IndexError, ValueError):
                pass
    return out
