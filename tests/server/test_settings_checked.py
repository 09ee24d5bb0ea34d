"""A setting the server cannot run with stops ``euchre serve`` at start with one line naming
its variable and what it takes (docs/operations.md, "Every setting"), never a traceback
later."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from euchre.cli import app
from euchre.server.config import SettingError, Settings, check, from_env

WRONG = [
    ("EUCHRE_PORT", "70000", "1 to 65535"),
    ("EUCHRE_FILL_SECONDS", "-3", "at least 0"),
    ("EUCHRE_LEASE_SECONDS", "0", "at least 1"),
    ("EUCHRE_BOT_THINK", "nan", "finite"),
    ("EUCHRE_REPEAT_DECAY", "2", "0 to 1"),
    ("EUCHRE_LOG_LEVEL", "verbose", "debug, info, warning, error"),
    ("EUCHRE_DATABASE_URL", "mysql://db/euchre", "sqlite:///PATH or postgresql://"),
    ("EUCHRE_REDIS_URL", "cache:6379", "redis://HOST:PORT/DB"),
    ("EUCHRE_PUBLIC_ORIGIN", "euchre.example", "https://HOST"),
    ("EUCHRE_TRUSTED_PROXIES", "*", "not an IP address or network"),
    ("EUCHRE_ADDRESS_LIMIT_EXEMPT", "proxy.local", "not an IP address or network"),
    ("EUCHRE_PORT", "eighty", "a whole number"),
]


@pytest.mark.parametrize(("variable", "value", "allowed"), WRONG)
def test_a_wrong_value_is_refused_naming_the_variable_and_what_it_takes(
    variable: str, value: str, allowed: str
) -> None:
    with pytest.raises(ValueError, match=variable) as refused:
        from_env({variable: value})
    assert allowed in str(refused.value)


def test_the_defaults_and_documented_examples_pass() -> None:
    assert check(Settings()) == Settings()
    examples = {
        "EUCHRE_PUBLIC_ORIGIN": "https://euchre.example/",
        "EUCHRE_ALLOWED_ORIGINS": "http://localhost:5173,https://other.example:8443",
        "EUCHRE_TRUSTED_PROXIES": "10.0.0.5,192.168.0.0/16",
        "EUCHRE_ADDRESS_LIMIT_EXEMPT": "192.0.2.1",
        "EUCHRE_REDIS_URL": "redis://cache:6379/0",
        "EUCHRE_DATABASE_URL": "postgresql://euchre@db/euchre",
        "EUCHRE_TURN_SECONDS": "0",
        "EUCHRE_LOG_LEVEL": "WARNING",
    }
    assert from_env(examples).public_origin == "https://euchre.example/"


def test_an_option_of_serve_is_checked_too() -> None:
    with pytest.raises(SettingError, match="EUCHRE_GRACE_SECONDS"):
        check(Settings().replace(grace_seconds=-1.0))


def test_serve_stops_at_start_with_one_line_and_no_traceback() -> None:
    result = CliRunner().invoke(app, ["serve", "--port", "8000"], env={"EUCHRE_FILL_SECONDS": "-3"})
    assert result.exit_code == 2
    assert result.output.strip().splitlines() == [
        "error: EUCHRE_FILL_SECONDS=-3.0: must be at least 0 (docs/operations.md, Every setting)"
    ]


def test_an_unknown_bot_level_stops_serve_with_the_levels_there_are() -> None:
    result = CliRunner().invoke(app, ["serve", "--port", "8000"], env={"EUCHRE_BOT_LEVEL": "foo"})
    assert result.exit_code == 2
    [line] = result.output.strip().splitlines()
    assert line.startswith("error: EUCHRE_BOT_LEVEL='foo': unknown bot level 'foo': choose one of")
    assert "medium" in line and "hard" in line


@pytest.mark.parametrize(
    ("args", "first_words"),
    [
        (["--port", "99999"], "error: --port 99999 (EUCHRE_PORT): must be a port, 1 to 65535"),
        (["--database", "mysql://db/e"], "error: --database 'mysql://db/e' (EUCHRE_DATABASE_URL):"),
        (["--bot-level", "foo"], "error: --bot-level 'foo' (EUCHRE_BOT_LEVEL): unknown bot level"),
    ],
)
def test_a_wrong_option_is_named_as_typed_with_the_variable_it_overrides(
    args: list[str], first_words: str
) -> None:
    result = CliRunner().invoke(app, ["serve", *args], env={})
    assert result.exit_code == 2
    [line] = result.output.strip().splitlines()
    assert line.startswith(first_words), line
