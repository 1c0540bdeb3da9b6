"""The rules pages: the repository's own rules documents (seeds/crapette.md,
seeds/updown.md) turned into HTML by a small Markdown reader that knows what they use:
headings, paragraphs, lists, tables, **bold**, *italics* and `code`.

The documents ship with the package as ``drez.seeds`` (pyproject.toml), next to
``drez.webapp``, as the ``seeds`` folder is next to ``webapp`` in the repository.
"""
from __future__ import annotations

import functools
import html
import os
import re

SEEDS = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "seeds")
TITLES = {"crapette": "Crapette", "updown": "Up-and-down"}


def inline(text: str) -> str:
    """One line of Markdown text as HTML (escaped first)."""
    t = html.escape(text, quote=False)
    t = re.sub(r"`([^`]+)`", r"<code>\1</code>", t)
    t = re.sub(r"\*\*([^*]+)\*\*", r"<strong>\1</strong>", t)
    t = re.sub(r"(?<![\w*])\*([^*\s][^*]*)\*(?![\w*])", r"<em>\1</em>", t)
    return re.sub(r"\[([^\]]+)\]\([^)]*\)", r"\1", t)


def markdown(text: str) -> str:
    """The HTML of a rules document (see the module docstring for what it reads)."""
    out: list[str] = []
    para: list[str] = []
    items: list[str] = []
    rows: list[list[str]] = []

    def flush() -> None:
        if para:
            out.append(f"<p>{inline(' '.join(para))}</p>")
            para.clear()
        if items:
            out.append("<ul>" + "".join(f"<li>{inline(i)}</li>" for i in items) + "</ul>")
            items.clear()
        if rows:
            head, body = rows[0], [r for r in rows[1:] if not all(set(c) <= set("-: ") for c in r)]
            out.append("<table><thead><tr>" + "".join(f"<th>{inline(c)}</th>" for c in head)
                       + "</tr></thead><tbody>"
                       + "".join("<tr>" + "".join(f"<td>{inline(c)}</td>" for c in r) + "</tr>" for r in body)
                       + "</tbody></table>")
            rows.clear()

    for line in text.splitlines():
        stripped = line.strip()
        heading = re.match(r"^(#{1,4})\s+(.*)$", stripped)
        if not stripped:
            flush()
        elif heading:
            flush()
            level = len(heading.group(1))
            out.append(f"<h{level}>{inline(heading.group(2))}</h{level}>")
        elif stripped.startswith("|"):
            if para or items:
                flush()
            rows.append([c.strip() for c in stripped.strip("|").split("|")])
        elif stripped.startswith(("- ", "* ")):
            if para or rows:
                flush()
            items.append(stripped[2:])
        elif items and line.startswith(" "):
            items[-1] += " " + stripped
        else:
            if rows:
                flush()
            para.append(stripped)
    flush()
    return "\n".join(out)


@functools.cache
def rules_page(kind: str) -> str:
    """The whole rules page of game `kind` ("crapette" or "updown")."""
    with open(os.path.join(SEEDS, f"{kind}.md"), encoding="utf-8") as f:
        body = markdown(f.read())
    title = TITLES[kind]
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title} rules — drez</title>
<link rel="stylesheet" href="/static/common/game-rules.css">
</head><body><main>
<p><a href="/{kind}">Back to the game</a></p>
{body}
<p><a href="/{kind}">Back to the game</a></p>
</main></body></html>
"""
