"""An uploaded record gets the same answer whether or not its text escapes characters
(``\\u00e9`` or ``é``), and a refusal quotes the upload cut short (POST /api/replays)."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from euchre.server.replay_job import ReplayRefusal, compute

EXAMPLE = json.loads(
    (Path(__file__).resolve().parents[1] / "data" / "egn" / "Epic_Comeback.egn").read_text()
)


def _answers(record: dict[str, Any]) -> list[tuple[int, str, str]]:
    """(status, code, answer or message) for the record written with escapes and without."""
    out = []
    for ascii_only in (True, False):
        text = json.dumps(record, ensure_ascii=ascii_only)
        assert ("\\u" in text) == ascii_only  # the example's names hold a ®
        try:
            out.append((200, "", compute(text.encode(), None, 1000).decode()))
        except ReplayRefusal as refusal:
            out.append((refusal.status, refusal.code, refusal.message))
    return out


def test_a_score_past_the_target_is_refused_escaped_or_not() -> None:
    record = copy.deepcopy(EXAMPLE)
    record["metadata"]["initialScore"] = [2**70, 0]
    escaped, plain = _answers(record)
    assert escaped == plain
    assert plain[:2] == (422, "bad_record")
    assert "from 0 to 9 (a side at 10 has won)" in plain[2]


def test_a_big_number_in_a_field_no_rule_reads_is_no_surrogate() -> None:
    record = {**copy.deepcopy(EXAMPLE), "x": 2**70}
    escaped, plain = _answers(record)
    assert escaped == plain and plain[0] == 200


@pytest.mark.parametrize("where", ["call", "upCard"])
def test_a_refusal_quotes_a_huge_value_cut_short(where: str) -> None:
    record = copy.deepcopy(EXAMPLE)
    deal = record["deals"][0]
    if where == "call":
        deal["phases"][0]["calls"][0] = "Z" * 900_000
    else:
        deal["initialState"]["upCard"] = "Z" * 900_000
    escaped, plain = _answers(record)
    assert escaped == plain and plain[:2] == (422, "bad_record")
    assert len(plain[2]) < 300 and "Z" * 40 + "'…" in plain[2]


def test_a_list_of_players_longer_than_the_seats_is_refused() -> None:
    record = copy.deepcopy(EXAMPLE)
    record["metadata"]["players"] = ["é"] * 100_000
    status, code, message = _answers(record)[1]
    assert (status, code) == (422, "bad_record")
    assert "must name the 4 players of this game" in message and len(message) < 300


def test_an_upload_with_a_byte_order_mark_replays_as_without() -> None:
    """A Windows editor's byte order mark first: `euchre replay` ignored it, the upload
    refused the record ("Unexpected UTF-8 BOM"); both read it now."""
    text = json.dumps(EXAMPLE).encode()
    assert compute(b"\xef\xbb\xbf" + text, None, 1000) == compute(text, None, 1000)


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-be"])
def test_an_upload_in_utf16_with_its_mark_replays_as_the_browser_reads_it(encoding: str) -> None:
    """Notepad's "Unicode" (UTF-16 with a byte order mark): the replay page read it, the
    upload and `euchre replay` refused it with a codec's error; all three read it now."""
    text = json.dumps(EXAMPLE, ensure_ascii=False)
    raw = ("\ufeff" + text).encode(encoding) if encoding.endswith("be") else text.encode(encoding)
    assert raw[:2] in (b"\xff\xfe", b"\xfe\xff")
    assert compute(raw, None, 1000) == compute(text.encode(), None, 1000)


def test_an_upload_neither_utf8_nor_marked_utf16_is_refused_in_words() -> None:
    latin1 = json.dumps(EXAMPLE, ensure_ascii=False).encode("latin-1")
    with pytest.raises(ReplayRefusal) as refused:
        compute(latin1, None, 1000)
    assert refused.value.code == "bad_record"
    assert "not text in UTF-8 (or UTF-16 with a byte order mark)" in refused.value.message
    assert "codec" not in refused.value.message


def test_a_negative_time_limit_is_refused_not_echoed() -> None:
    record = copy.deepcopy(EXAMPLE)
    record["metadata"]["ruleset"]["time_limit_minutes"] = -1
    with pytest.raises(ReplayRefusal) as refused:
        compute(json.dumps(record).encode(), None, 1000)
    assert refused.value.status == 422 and "must not be negative" in refused.value.message
