"""An accessibility scan with axe-core (vendored under tests/web/vendor/axe-core, MPL-2.0;
for the tests only, never served): fails on any serious or critical violation, and on the
moderate ones in ALSO_BLOCKING."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playwright.sync_api import Page

AXE = Path(__file__).resolve().parent / "vendor" / "axe-core" / "axe.min.js"
BLOCKING = ("serious", "critical")
# Moderate, but they cost a screen reader user their way round: two regions of one name
# ("Hand 3" twice: which is which?) and a heading level skipped (h1 to h3 in the replay).
ALSO_BLOCKING = ("landmark-unique", "heading-order")
# axe's usual rules and its experimental ones (label-content-name-mismatch, which caught a
# link named "Lobby" that reads "Euchre", is one of those)
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice", "experimental"]


def violations(page: Page) -> list[dict[str, Any]]:
    """axe's serious and critical findings on the page as it is now (and ALSO_BLOCKING's)."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    found = page.evaluate(
        """async (TAGS) => {
            const result = await axe.run(document, {
                resultTypes: ['violations'],
                runOnly: { type: 'tag', values: TAGS },
            });
            return result.violations.map(v => ({
                id: v.id, impact: v.impact, help: v.help,
                nodes: v.nodes.slice(0, 5).map(n => n.target.join(' ') + ': ' + n.failureSummary),
            }));
        }""",
        TAGS,
    )
    return [v for v in found if v["impact"] in BLOCKING or v["id"] in ALSO_BLOCKING]


def assert_accessible(page: Page, where: str) -> None:
    """No serious or critical axe finding on ``page`` (``where`` names it in the failure)."""
    found = violations(page)
    lines = [
        f"{v['impact']} {v['id']}: {v['help']}\n    " + "\n    ".join(v["nodes"]) for v in found
    ]
    assert not found, f"axe on {where}:\n" + "\n".join(lines)
