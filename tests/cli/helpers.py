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
