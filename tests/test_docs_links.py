"""Every link of the documentation works for a reader of the repository: a relative link in README.md,
docs/*.md or another Markdown file of the project points to a file or folder inside the repository (the README
once linked the scenario contract at ../shared/spec/scenarios.md, outside it), and a link to a heading
(``#...``) finds that heading."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
SKIP = {".git", "node_modules", "build", "dist", "out"}


def markdown_files() -> list[Path]:
    """README.md, docs/*.md and every other Markdown file of the project (not in environments or caches)."""
    return sorted(p for p in ROOT.rglob("*.md") if not any(part in SKIP or part.startswith(".")
                                                          for part in p.relative_to(ROOT).parts[:-1]))


def links(text: str) -> list[str]:
    """The targets of the inline links and images of a Markdown text, outside code blocks."""
    text = re.sub(r"^```.*?^```", "", text, flags=re.S | re.M)
    return [m.group(1) for m in LINK.finditer(text)]


def anchors(path: Path) -> set[str]:
    """GitHub's anchors of the headings of a Markdown file."""
    out = set()
    for line in re.sub(r"^```.*?^```", "", path.read_text(encoding="utf-8"), flags=re.S | re.M).splitlines():
        m = re.match(r"#{1,6}\s+(.*?)\s*#*\s*$", line)
        if m:
            slug = re.sub(r"[^\w\- ]", "", m.group(1).strip().lower().replace("`", "")).replace(" ", "-")
            out.add(slug)
    return out


def test_the_checker_reads_links_as_github_does() -> None:
    text = "See [a](docs/a.md), ![b](x.png \"t\"), [c](https://x.org), [`d`](#some-heading).\n```\n[e](f.md)\n```"
    assert links(text) == ["docs/a.md", "x.png", "https://x.org", "#some-heading"]


@pytest.mark.parametrize("doc", markdown_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_every_relative_link_points_inside_the_repository(doc: Path) -> None:
    bad = []
    for target in links(doc.read_text(encoding="utf-8")):
        if re.match(r"[a-zA-Z][a-zA-Z0-9+.-]*:", target):  # https:, mailto: ...
            continue
        path, _, anchor = target.partition("#")
        dest = (doc.parent / path).resolve() if path else doc
        if not dest.is_relative_to(ROOT):
            bad.append(f"{target}: outside the repository")
        elif not dest.exists():
            bad.append(f"{target}: no such file")
        elif anchor and dest.suffix == ".md" and anchor not in anchors(dest):
            bad.append(f"{target}: no heading #{anchor} in {dest.name}")
    assert not bad, f"{doc.relative_to(ROOT)}: " + "; ".join(bad)


def test_readme_and_docs_are_checked() -> None:
    names = {str(p.relative_to(ROOT)) for p in markdown_files()}
    assert {"README.md", "docs/architecture.md", "docs/rulings.md", "docs/scenarios.md"} <= names
    assert not [n for n in names if n.startswith((".venv", "tests/__pycache__"))]
