"""The table of reports/hard-tail/hard-tail.md from dev/hard_tail.sh's output folder:
.venv/bin/python -m dev.hard_tail_table OUTDIR [EARLIER ...]
A deal OUTDIR lacks is read from the first EARLIER folder that has it, and marked so (for
deals that a change does not touch, such as those A* proves alone when the change is past
A*)."""
import csv
import glob
import json
import os
import re
import sys

out = sys.argv[1]
earlier = sys.argv[2:]
committed = {}
for f in glob.glob("reports/deals-0-99999/deals-0-99999-optimal-pass-*.csv"):
    for r in csv.DictReader(open(f)):
        if r["verdict"] == "WON" and r["optimal"] == "1":
            committed[int(r["deal"])] = (int(r["length"]), int(r["nodes"]), float(r["seconds"]))
print("| deal | A* positions (committed) | A* s (committed) | minimum (committed) | drez now: "
      "minimum | proven | positions + expansions | seconds | peak RSS MB | past A*'s memory |")
proven = []
print("|---:|---:|---:|---:|---:|---|---:|---:|---:|---|")
for d, (length, nodes, secs) in sorted(committed.items(), key=lambda kv: kv[1][1]):
    if nodes <= 10_000_000:
        continue
    js, err = os.path.join(out, f"{d}.json"), os.path.join(out, f"{d}.err")
    note = ""
    for folder in earlier:
        if os.path.exists(err):
            break
        js, err = os.path.join(folder, f"{d}.json"), os.path.join(folder, f"{d}.err")
        note = f" ({os.path.basename(os.path.normpath(folder))}/)"
    if os.path.exists(js) and os.path.getsize(js):
        r = json.load(open(js))
        e = open(err).read()
        rss = re.search(r"(\d+) KB peak RSS", e)
        walk = "open positions" in e
        probe = "(IDA*) from the start looks" in e
        ida = ("A*'s frontier, then layers" if walk and "depth layers" in e
               else "layers" if "depth layers" in e
               else "from A*'s frontier" if walk
               else "IDA* at A*'s bound" if probe
               else "from the root" if "IDA*" in e else "no (A* alone)")
        print(f"| {d} | {nodes:,} | {secs:.0f} | {length} | {r['length']} | "
              f"{'yes' if r['optimal'] else 'NO'} | {r['nodes']:,} | {r['seconds']:.0f} | "
              f"{int(rss.group(1)) // 1024 if rss else '?'} | {ida}{note} |")
        if r["optimal"] and r["length"] == length:
            proven.append((r["seconds"], secs))
    elif os.path.exists(err):
        print(f"| {d} | {nodes:,} | {secs:.0f} | {length} | | not finished within the cap | | | | |")
ours, theirs = sum(p[0] for p in proven), sum(p[1] for p in proven)
print(f"\n{len(proven)} proven with the committed minimum: {ours:,.0f} s, against {theirs:,.0f} s "
      f"of A* with unlimited memory on the same deals ({ours / max(theirs, 1):.2f} times)")
