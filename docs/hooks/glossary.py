"""MkDocs hook: the glossary read one language at a time.

``docs/glossary.md`` keeps each term on one row across every language (so a translator sees what
the others decided); on the site each table becomes a tab per language, every tab the English
term beside that language's, which a phone shows whole without scrolling sideways. Material's
linked tabs (``content.tabs.link``) keep the language chosen from table to table.
"""

from __future__ import annotations

import re
from typing import Any

PAGE = "glossary.md"
HEADER = re.compile(r"^\| English \|(.+)\|\s*$")


def cells(row: str) -> list[str]:
    """The cells of a Markdown table's row."""
    return [cell.strip() for cell in row.strip().strip("|").split("|")]


def by_language(table: list[str]) -> list[str]:
    """A table of the English term and a column per language, as a tab per language."""
    languages = cells(table[0])[1:]
    rows = [cells(row) for row in table[2:]]
    lines: list[str] = []
    for column, language in enumerate(languages, 1):
        lines += [f'=== "{language}"', "", f"    | English | {language} |", "    | --- | --- |"]
        lines += [f"    | {row[0]} | {row[column] if column < len(row) else ''} |" for row in rows]
        lines.append("")
    return lines


def one_language_at_a_time(markdown: str) -> str:
    """Every table of several languages in ``markdown`` made a tab per language."""
    out: list[str] = []
    lines = markdown.splitlines()
    i = 0
    while i < len(lines):
        header = HEADER.match(lines[i])
        if header is None or len(cells(lines[i])) < 3 or "note" in cells(lines[i]):
            out.append(lines[i])
            i += 1
            continue
        end = i + 2
        while end < len(lines) and lines[end].startswith("|"):
            end += 1
        out += by_language(lines[i:end])
        i = end
    return "\n".join(out) + "\n"


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any) -> str:
    """The glossary's tables by language; every other page as it is."""
    if page.file.src_uri != PAGE:
        return markdown
    return one_language_at_a_time(markdown)
