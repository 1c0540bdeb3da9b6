"""The rules pages: the repository's rules documents as HTML, every rule kept, nothing
unescaped."""
from __future__ import annotations

import re

import pytest

from drez.webapp.games.rules import SEEDS, markdown
from tests.web.games_helpers import client_and_store


@pytest.mark.parametrize(("kind", "prefix"), [("crapette", "C"), ("updown", "U")])
def test_every_rule_of_the_document_is_on_its_page(kind, prefix):
    client, _ = client_and_store()
    r = client.get(f"/{kind}/rules")
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/html")
    with open(f"{SEEDS}/{kind}.md", encoding="utf-8") as f:
        rules = set(re.findall(rf"\*\*({prefix}\d+)\b", f.read()))
    assert len(rules) > 10
    assert rules == set(re.findall(rf"<strong>({prefix}\d+)\b", r.text))
    assert f'href="/{kind}"' in r.text


def test_markdown_reads_what_the_documents_use():
    html = markdown("# Title\n\nSome *it* and **bold** `a<b>`\nwraps on.\n\n- one\n  more\n- two\n\n"
                    "| a | b |\n|---|---|\n| `f` | x |\n\n<script>alert(1)</script>\n")
    assert "<h1>Title</h1>" in html
    assert "<p>Some <em>it</em> and <strong>bold</strong> <code>a&lt;b&gt;</code> wraps on.</p>" in html
    assert "<ul><li>one more</li><li>two</li></ul>" in html
    assert ("<thead><tr><th>a</th><th>b</th></tr></thead>"
            "<tbody><tr><td><code>f</code></td><td>x</td></tr>") in html
    assert "<script>" not in html and "&lt;script&gt;" in html
