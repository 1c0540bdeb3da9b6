"""Results files that decide different deals of one range, joined into one file.

Used when one range was decided in parts: segments run with different engines (an engine
refuses to resume another's file), or deals in flight when a snapshot was taken, decided
apart.  Every part must be made under the same rules (`rules_version`) and the same
per-deal limits; a deal in two parts, or outside the range, is refused."""
from __future__ import annotations

import os

from ..batch import read_rows, read_sidecar

LIMITS = ("optimal", "max_nodes", "max_seconds", "max_memory", "rules_version")


def join(first: int, last: int, paths: list[str]) -> tuple[dict, dict]:
    """(rows by deal, sidecar) of the joined parts; ValueError when they do not fit.  The
    sidecar is the first part's settings with the range, the engine versions of the parts
    joined by '+', `parts` (each file, its engine version, how many rows it gave) and
    `missing` (deals of the range no part has: the file is complete when it is empty)."""
    rows: dict[int, dict] = {}
    parts = []
    settings = None
    for path in paths:
        meta = read_sidecar(path)
        mine = {k: meta.get(k) for k in LIMITS}
        if settings is None:
            settings = dict(meta)
            want = mine
        elif mine != want:
            diff = [k for k in LIMITS if mine[k] != want[k]]
            raise ValueError(f"{path}: other settings than {paths[0]} ({', '.join(diff)})")
        count = 0
        for row in read_rows(path):
            d = row["deal"]
            if not first <= d <= last:
                raise ValueError(f"{path}: deal {d} is outside {first}-{last}")
            if d in rows:
                raise ValueError(f"{path}: deal {d} is already in an earlier part")
            rows[d] = row
            count += 1
        parts.append({"file": os.path.basename(path), "engine_version": meta.get("engine_version"),
                      "range": meta.get("range"), "rows": count})
    engines = sorted({p["engine_version"] for p in parts})
    settings.update(first=first, last=last, range=f"{first}-{last}",
                    engine_version="+".join(engines), parts=parts,
                    missing=[d for d in range(first, last + 1) if d not in rows])
    settings.pop("created", None)
    return rows, settings
