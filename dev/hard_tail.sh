#!/bin/sh
# The 47 deals of 0-99,999 whose proven minimum needed more than 10M stored positions
# (reports/deals-0-99999/deals-0-99999-optimal-pass-*.csv), smallest first, each proved by
# `drez solve N --optimal` at the default limits (--max-memory 1G) with a per-deal wall cap.
# Resumable: a deal with a result file, or one being run (its .json.part), is skipped;
# remove the .json.part a stopped run left to run that deal again.  A second copy with
# REVERSE=1 takes the deals largest first, so two cores share the list; DEALS="..." runs
# only those (in that order).
# Usage: sh dev/hard_tail.sh OUTDIR CAP_SECONDS   (reports/hard-tail/hard-tail.md)
out=${1:-/tmp/hard-tail}; cap=${2:-600}
mkdir -p "$out"
deals="19679 41744 59205 97899 82533 27771 19152 91416 6340 84458 1952 6997 67868 88264
       41475 2927 74456 46467 39678 65047 68904 66154 95455 292 92290 14600 21349 29502
       39129 2857 17437 86683 31197 92174 40986 83820 95361 87216 73136 15752 10533 2128
       60184 75987 87168 8461 54422"
[ -n "$DEALS" ] && deals=$DEALS
[ -n "$REVERSE" ] && deals=$(echo $deals | tr ' ' '\n' | tac)
for d in $deals; do
    [ -s "$out/$d.json" ] || [ -e "$out/$d.json.part" ] && continue
    timeout --signal=TERM "$cap" /usr/bin/time -f "%e s wall, %M KB peak RSS" \
        nice -n 19 .venv/bin/drez solve "$d" --optimal --json > "$out/$d.json.part" 2> "$out/$d.err" \
        && mv "$out/$d.json.part" "$out/$d.json" \
        || echo "deal $d: stopped at the ${cap} s cap (or failed)" >> "$out/$d.err"
done
