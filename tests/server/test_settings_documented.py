"""docs/operations.md lists every server setting with its variable and its default."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from euchre.server.config import Settings

OPERATIONS = Path(__file__).resolve().parents[2] / "docs" / "operations.md"


def _rows() -> dict[str, list[str]]:
    """The "Every setting" table: setting name -> its cells."""
    text = OPERATIONS.read_text(encoding="utf-8")
    part = text.split("## Every setting", 1)[1].split("\n## ", 1)[0]
    rows = {}
    for line in part.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if line.startswith("| `") and len(cells) == 4:
            rows[cells[0].strip("`")] = cells
    return rows


def _shown(value: object) -> str:
    if value == "":
        return "(empty)"
    if isinstance(value, bool):
        return f"`{str(value).lower()}`"
    if isinstance(value, float) and value.is_integer():
        return f"`{int(value)}`"
    return f"`{value}`"


def test_every_setting_is_listed_with_its_variable_and_default() -> None:
    rows = _rows()
    fields = {f.name: f for f in dataclasses.fields(Settings)}
    assert sorted(rows) == sorted(fields)
    for name, field in fields.items():
        _, variable, default, meaning = rows[name]
        assert variable == f"`EUCHRE_{name.upper()}`", name
        assert default == _shown(field.default), name
        assert meaning, name
