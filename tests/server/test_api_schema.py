"""Schemathesis against the server's own OpenAPI document, over a real socket: requests
generated from every operation's schema (and beyond it) never get a server error, and
the answers match the documented responses."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis import checks
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)
from server_helpers import ThreadServer, guest_token
from social_helpers import database_url, register, social_settings

from euchre.server.app import create_app
from euchre.server.config import Settings


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def served(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[ThreadServer]:
    folder: Path = tmp_path_factory.mktemp("schema")
    with database_url(request.param, folder) as url:
        settings = social_settings(folder / "s.db", database_url=url, login_address_attempts=10**6)
        with ThreadServer(settings) as live:
            register(live.base, "Ann")
            yield live


@pytest.fixture(scope="module")
def guest(served: ThreadServer) -> str:
    return guest_token(served.base, "Schema")


# The document the server serves, made by the same code (checked against it below).
SPEC = create_app(Settings()).openapi()
schema = schemathesis.openapi.from_dict(SPEC)


@schema.parametrize()
@settings(
    max_examples=int(os.environ.get("EUCHRE_SCHEMA_EXAMPLES", "25")),
    deadline=None,
    suppress_health_check=list(HealthCheck),
    derandomize=True,
)
def test_no_server_error_on_any_generated_request(
    case: Any, served: ThreadServer, guest: str
) -> None:
    for cookies in ({}, {"euchre_session": guest}):
        response = case.call(base_url=served.base, cookies=cookies, timeout=10)
        assert response.status_code < 500, (case.method, case.formatted_path, response.text)
        case.validate_response(
            response,
            checks=[
                checks.not_a_server_error,
                status_code_conformance,
                content_type_conformance,
                response_schema_conformance,
            ],
        )


def test_the_protocol_document_links_the_openapi_page(served: ThreadServer) -> None:
    doc = (Path(__file__).resolve().parents[2] / "docs" / "protocol.md").read_text()
    assert "/api/docs" in doc and "/api/openapi.json" in doc
    spec = httpx.get(served.base + "/api/openapi.json").json()
    assert spec == SPEC
    for path in ("/api/accounts", "/api/login", "/api/leaderboard", "/api/replays"):
        assert path in spec["paths"]
