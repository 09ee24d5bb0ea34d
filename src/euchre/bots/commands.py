"""The ``euchre bot`` and ``euchre arena`` commands (added to the CLI by :func:`register`)."""

from __future__ import annotations

import json
import sys
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from euchre.engine import Variant, VariantError, preset

from . import arena
from .arena import Contender, Report, run_match
from .base import UnknownLevelError, levels, make_bot
from .protocol import ProtocolError, serve


def register(app: typer.Typer) -> None:
    """Add ``bot`` and ``arena`` to ``app``."""
    app.command("bot")(bot_command)
    app.command("arena")(arena_command)


def _fail(message: str) -> typer.Exit:
    Console(stderr=True, highlight=False, soft_wrap=True).print(f"error: {message}")
    return typer.Exit(2)


def bot_command(
    level: Annotated[str, typer.Option(help="Bot level: random, easy, medium or hard.")] = "hard",
    seed: Annotated[
        int | None, typer.Option(help="Seed the bot's own random choices (reproducible).")
    ] = None,
) -> None:
    """Run a bot behind the line protocol on stdin/stdout (docs/bot-protocol.md)."""
    try:
        bot = make_bot(level)
    except UnknownLevelError as exc:
        raise _fail(str(exc)) from None
    raise typer.Exit(serve(bot, sys.stdin, sys.stdout, seed=seed))


def _variant(name: str, options: list[str]) -> Variant:
    parsed: dict[str, str] = {}
    for item in options:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise VariantError(f"option {item!r} must be written key=value, e.g. target=5")
        parsed[key.strip()] = value.strip()
    return preset(name, **parsed)


def _contender(spec: str, time_ms: int | None) -> Contender:
    spec = spec.strip()
    if spec.startswith("cmd:"):
        if not spec[4:].strip():
            raise UnknownLevelError("cmd: needs a command, e.g. 'cmd:python mybot.py'")
        return Contender(spec, time_ms)
    if spec.lower() not in levels():
        raise UnknownLevelError(
            f"unknown bot {spec!r}: use a level ({', '.join(levels())}) or 'cmd:COMMAND'"
        )
    return Contender(spec.lower(), time_ms)


def arena_command(
    bots: Annotated[
        list[str] | None,
        typer.Argument(help="Two bots: levels (random, easy, medium, hard) or 'cmd:COMMAND'."),
    ] = None,
    bot: Annotated[
        list[str] | None, typer.Option("--bot", help="A bot (repeatable; same forms).")
    ] = None,
    deals: Annotated[int, typer.Option(help="Play at least this many deals.")] = 200,
    seed: Annotated[int, typer.Option(help="Seed for the deals (same seed, same deals).")] = 1,
    variant: Annotated[str, typer.Option(help="Rule preset (any preset or alias).")] = "standard",
    option: Annotated[
        list[str] | None, typer.Option("--option", "-o", help="Change one rule, key=value.")
    ] = None,
    jobs: Annotated[int, typer.Option(min=0, help="Worker processes (0: every core).")] = 0,
    time_ms: Annotated[
        int | None,
        typer.Option("--time-ms", min=0, help="Time budget per decision, milliseconds."),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the result as JSON.")] = False,
    progress: Annotated[bool, typer.Option(help="Show a progress bar.")] = True,
) -> None:
    """Duplicate match between two bots: each deal is played twice, seats swapped."""
    specs = list(bots or []) + list(bot or [])
    try:
        if len(specs) != 2:
            raise UnknownLevelError(f"arena needs exactly two bots, got {len(specs)}")
        a, b = (_contender(s, time_ms) for s in specs)
        rules = _variant(variant, option or [])
        if deals < 1:
            raise VariantError("--deals must be at least 1")
    except (UnknownLevelError, VariantError) as exc:
        raise _fail(str(exc)) from None
    console = Console(stderr=True)
    show = progress and not as_json and console.is_terminal
    try:
        report = _run(rules, a, b, deals, seed, jobs, console if show else None)
    except ProtocolError as exc:
        raise _fail(str(exc)) from None
    except KeyboardInterrupt:
        console.print("Stopped by Ctrl-C before any duplicate unit was played: no result.")
        raise typer.Exit(130) from None
    if report.interrupted:
        console.print(f"Stopped by Ctrl-C: the result of the {report.deals} deals played.")
    if as_json:
        typer.echo(json.dumps(report.to_json(), indent=2))
    else:
        print_report(Console(highlight=False), report)
    if report.interrupted:
        raise typer.Exit(130)  # as an interrupted program ends


def _run(
    rules: Variant,
    a: Contender,
    b: Contender,
    deals: int,
    seed: int,
    jobs: int,
    console: Console | None,
) -> Report:
    if console is None:
        return run_match(
            rules, a, b, deals=deals, seed=seed, jobs=jobs or None, keep_on_interrupt=True
        )
    columns = (
        TextColumn(f"{a.label} vs {b.label}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
    )
    with Progress(*columns, console=console, transient=True) as bar:
        task = bar.add_task("deals", total=deals)
        played = 0

        def advance(unit_deals: int) -> None:
            # the last unit may end past the deals asked for: the bar stops at its end
            nonlocal played
            played += unit_deals
            bar.update(task, completed=min(played, deals))

        return run_match(
            rules,
            a,
            b,
            deals=deals,
            seed=seed,
            jobs=jobs or None,
            progress=advance,
            keep_on_interrupt=True,
        )


def print_report(console: Console, report: Report) -> None:
    """The arena result as a short text report."""
    data = report.to_json()
    mean, se = data["points_per_hand"], data["stderr"]
    console.print(
        f"[bold]{report.a}[/] vs [bold]{report.b}[/], {report.variant}: "
        f"{data['deals']} deals in {data['games']} games (duplicate), seed {report.seed}"
    )
    if report.interrupted:
        console.print("stopped early by Ctrl-C: these are the deals played until then")
    if report.unfinished:
        console.print(
            f"{report.unfinished} games stopped at {arena.MAX_DEALS_PER_GAME} deals"
            " without a winner: their deals count in points per hand, not in games won"
        )
    if data["win_rate"] is None:
        won = "games won: none finished"
    else:
        won = f"games won by {report.a}: {100 * data['win_rate']:.1f}%"
    if se is None:
        console.print(f"points per hand ({report.a} - {report.b}): {mean:+.3f}")
        console.print(f"{won} (one duplicate unit: play more deals for an error estimate)")
        _print_timing(console, report)
        return
    low, high = data["ci95"]
    console.print(
        f"points per hand ({report.a} - {report.b}): {mean:+.3f} ± {se:.3f} "
        f"(95% interval {low:+.3f} to {high:+.3f})"
    )
    if data["win_rate_ci95"] is None:
        console.print(won)
    else:
        low, high = data["win_rate_ci95"]
        console.print(f"{won} (95% interval {100 * low:.1f}% to {100 * high:.1f}%)")
    _print_timing(console, report)


def _print_timing(console: Console, report: Report) -> None:
    table = Table("bot", "decisions", "per second", "median ms", "p95 ms")
    for who, label in ((0, report.a), (1, report.b)):
        t = report.timing(who)
        table.add_row(
            label if who == 0 or report.b != report.a else f"{label} (b)",
            str(int(t["decisions"])),
            f"{t['per_second']:.0f}",
            f"{t['median_ms']:.2f}",
            f"{t['p95_ms']:.2f}",
        )
    console.print(table)
