"""The project's documents: the rules reference, its scenarios and tests, links and paths.

docs/rules.md is the rules reference the engine is tested against: its numbered scenarios
T-01 ... T-74 each have a test named after them, its contents list and links lead to real
headings, and it (with the README) names every preset and option the engine has. No file
of the project may send a reader to a file outside the repository.
"""

from __future__ import annotations

import ast
import dataclasses
import re
from collections import Counter
from enum import Enum
from pathlib import Path

import pytest

from euchre.engine.variants import ALIASES, OPTION_NAMES, PRESETS, Variant

ROOT = Path(__file__).resolve().parent.parent
RULES_DOC = ROOT / "docs" / "rules.md"
SCENARIO_TESTS = sorted((ROOT / "tests" / "engine").glob("test_scenarios_*.py"))
SCENARIO_COUNT = 74

HEADING = re.compile(r"^(#{1,6}) +(.+?) *$", re.MULTILINE)
SCENARIO_HEADING = re.compile(r"^#{2,6} +T-(\d+)\b", re.MULTILINE)
SCENARIO_TEST = re.compile(r"^test_t(\d+)_")
LINK = re.compile(r"\]\(([^)\s]+)\)")


def _text(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def github_anchor(heading: str) -> str:
    """The anchor GitHub gives a heading: lower case, punctuation dropped, spaces to '-'."""
    plain = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return plain.replace(" ", "-")


def anchors(markdown: str) -> set[str]:
    """Every heading's anchor (a repeated heading gets -1, -2 ... as on GitHub)."""
    seen: Counter[str] = Counter()
    out = set()
    for match in HEADING.finditer(markdown):
        slug = github_anchor(match.group(2))
        out.add(slug if not seen[slug] else f"{slug}-{seen[slug]}")
        seen[slug] += 1
    return out


def section(markdown: str, title: str) -> str:
    """The text under the heading ``title`` up to the next heading of the same or higher level."""
    for match in HEADING.finditer(markdown):
        if match.group(2) == title:
            level = len(match.group(1))
            rest = markdown[match.end() :]
            end = re.search(rf"^#{{1,{level}}} ", rest, re.MULTILINE)
            return rest[: end.start()] if end else rest
    raise AssertionError(f"no heading {title!r}")


def table_rows(markdown: str) -> list[list[str]]:
    """The cells of every table row in ``markdown`` (header and separator rows left out)."""
    rows = []
    for line in markdown.splitlines():
        if line.startswith("|") and not re.match(r"^\|[-| ]+\|$", line):
            rows.append([cell.strip() for cell in line.strip().strip("|").split("|")])
    return rows[1:] if rows else rows


def _scenario_test_names() -> dict[str, list[str]]:
    """Scenario number ("03") -> the test functions named after it, from the test sources."""
    found: dict[str, list[str]] = {}
    for path in SCENARIO_TESTS:
        for node in ast.walk(ast.parse(_text(path))):
            if isinstance(node, ast.FunctionDef):
                match = SCENARIO_TEST.match(node.name)
                if match:
                    found.setdefault(match.group(1), []).append(f"{path.name}::{node.name}")
    return found


# ---------------------------------------------------------------- scenarios


def test_each_scenario_heading_appears_exactly_once() -> None:
    numbers = Counter(SCENARIO_HEADING.findall(_text(RULES_DOC)))
    expected = {f"{n:02d}" for n in range(1, SCENARIO_COUNT + 1)}
    assert set(numbers) - expected == set(), "scenario headings outside T-01 ... T-74"
    assert sorted(expected - set(numbers)) == [], "scenarios missing from docs/rules.md"
    assert {n: c for n, c in numbers.items() if c > 1} == {}, "scenarios headed twice"


def test_every_scenario_has_a_test_and_every_scenario_test_a_scenario() -> None:
    assert len(SCENARIO_TESTS) >= 6, "the scenario test modules were not found"
    documented = set(SCENARIO_HEADING.findall(_text(RULES_DOC)))
    tests = _scenario_test_names()
    untested = sorted(f"T-{n}" for n in documented - set(tests))
    assert untested == [], f"scenarios of docs/rules.md without a test_tNN_ test: {untested}"
    stray = sorted(name for n in set(tests) - documented for name in tests[n])
    assert stray == [], f"tests named after scenarios docs/rules.md does not have: {stray}"


def test_scenario_test_modules_point_to_the_rules_document() -> None:
    for path in SCENARIO_TESTS:
        docstring = ast.get_docstring(ast.parse(_text(path))) or ""
        assert "docs/rules.md" in docstring, f"{path.name} does not say where its scenarios are"


# ---------------------------------------------------------------- contents and links


def test_contents_lists_every_section_and_leads_to_it() -> None:
    text = _text(RULES_DOC)
    contents = section(text, "Contents")
    listed = re.findall(r"\]\(#([^)]+)\)", contents)
    assert len(listed) == len(set(listed)), "a section is listed twice"
    targets = anchors(text)
    assert sorted(set(listed) - targets) == [], "contents entries that lead to no heading"
    sections = [
        github_anchor(m.group(2))
        for m in HEADING.finditer(text)
        if len(m.group(1)) in (2, 3) and m.group(2) != "Contents"
    ]
    assert sorted(set(sections) - set(listed)) == [], "sections missing from the contents"


@pytest.mark.parametrize(
    "document",
    [
        "README.md",
        *sorted(str(p.relative_to(ROOT)) for p in (ROOT / "docs").glob("*.md")),
        *sorted(str(p.relative_to(ROOT)) for p in (ROOT / "bench").glob("*.md")),
    ],
)
def test_links_stay_in_the_repository_and_lead_somewhere(document: str) -> None:
    path = ROOT / document
    problems = []
    for target in LINK.findall(_text(path)):
        if re.match(r"^[a-z][a-z0-9+.-]*:", target):
            continue  # a web address
        file_part, _, anchor = target.partition("#")
        linked = (path.parent / file_part).resolve() if file_part else path
        if linked != ROOT and ROOT not in linked.parents:
            problems.append(f"{target}: outside the repository")
        elif not linked.exists():
            problems.append(f"{target}: no such file")
        elif anchor and linked.suffix == ".md" and anchor not in anchors(_text(linked)):
            problems.append(f"{target}: no heading #{anchor}")
    assert problems == [], f"{document}: {problems}"


# ---------------------------------------------------------------- presets and options


def _default_text(value: object) -> str:
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, Enum):
        return str(value.value)
    if isinstance(value, frozenset):
        return ", ".join(sorted(value)) or "none"
    return str(value)


def test_every_option_is_described_with_its_default() -> None:
    text = _text(RULES_DOC)
    headings = {m.group(2) for m in HEADING.finditer(text) if len(m.group(1)) == 4}
    assert sorted(OPTION_NAMES - headings) == [], "options without a #### heading"
    rows = {
        row[0].strip("[]`").split("]")[0].strip("`"): row
        for row in table_rows(section(text, "4.1 Every option at a glance"))
    }
    assert set(rows) == OPTION_NAMES
    standard = Variant()
    for f in dataclasses.fields(Variant):
        if f.name in OPTION_NAMES:
            default = rows[f.name][2].replace("`", "")
            expected = _default_text(getattr(standard, f.name))
            assert default.split(" (")[0] == expected, f"{f.name}: {default!r} != {expected!r}"


def test_every_preset_and_alias_is_listed() -> None:
    rows = table_rows(section(_text(RULES_DOC), "3 Presets").split("### ")[0])
    listed = {row[0].strip("`"): set(re.findall(r"`([^`]+)`", row[1])) for row in rows}
    assert set(listed) == set(PRESETS)
    for alias, name in ALIASES.items():
        assert alias in listed[name], f"alias {alias} of {name} is not listed"


def test_readme_lists_every_option() -> None:
    rows = table_rows(section(_text(ROOT / "README.md"), "Variants and options"))
    named = {cell.strip("`") for row in rows for cell in row[:1]}
    assert sorted(OPTION_NAMES - named) == [], "options missing from the README's table"


# ---------------------------------------------------------------- no paths outside


# Written in pieces so that this file does not itself name what it looks for: the
# project's outside folder and documents, and the option numbers of the old specification.
OUTSIDE_NAMES = [
    "../" + "shared",
    "RULES" + ".md",
    "RULES" + " §",
    "ARCHITECTURE" + ".md",
    "PRODUCT" + ".md",
    "egn" + "-examples",
    "/" + "work/",
]
OUTSIDE = [re.escape(name) for name in OUTSIDE_NAMES] + [r"\bV" + r"-\d\d"]
SCANNED = ("src", "tests", "bench", "docs")
SKIPPED_DIRS = {"__pycache__", "node_modules", ".venv", ".pytest_cache"}


def _project_text_files() -> list[Path]:
    files = [ROOT / "README.md"]
    for top in SCANNED:
        for path in sorted((ROOT / top).rglob("*")):
            if path.is_file() and not SKIPPED_DIRS.intersection(path.relative_to(ROOT).parts):
                files.append(path)
    return files


def outside_references(text: str) -> list[str]:
    """``line: needle`` for every mention of a place outside the repository in ``text``."""
    return [
        f"{number}: {match.group()}"
        for number, line in enumerate(text.splitlines(), 1)
        for pattern in OUTSIDE
        for match in re.finditer(pattern, line)
    ]


def test_no_file_refers_to_a_path_outside_the_repository() -> None:
    offending = []
    scanned = 0
    for path in _project_text_files():
        try:
            text = _text(path)
        except UnicodeDecodeError:
            continue  # images and other binary files
        scanned += 1
        offending += [f"{path.relative_to(ROOT)}:{found}" for found in outside_references(text)]
    assert scanned > 100, "the project's files were not found"
    assert offending == []


def test_outside_references_are_found() -> None:
    clean = "See docs/rules.md, T-29, and tests/data/egn/README.md.\n"
    assert outside_references(clean) == []
    for needle in [*OUTSIDE_NAMES, "V" + "-04"]:
        sample = clean + f"# as in {needle}c (section 2)\n"
        assert outside_references(sample) == [f"2: {needle}"]
    assert outside_references("NV-12, V-1 and V-\n") == []


def test_anchors_are_the_ones_github_makes() -> None:
    assert github_anchor("2.5 The dealer's pick-up and discard") == (
        "25-the-dealers-pick-up-and-discard"
    )
    assert github_anchor("5 Scenarios T-01 … T-74") == "5-scenarios-t-01--t-74"
    assert github_anchor("stick_the_dealer") == "stick_the_dealer"
    assert anchors("## Notes\n\ntext\n\n### Notes\n") == {"notes", "notes-1"}
