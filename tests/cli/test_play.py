"""``euchre play``: whole games in a real process and in-process, bad input, display order."""

from __future__ import annotations

import io
import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from cli_helpers import (
    ALWAYS_FIRST,
    expected_display_order,
    hands_shown,
    label,
    points_and_final_score,
    run_script,
)
from rich.console import Console
from typer.testing import CliRunner

from euchre.bots.coachwords import action_words
from euchre.cli import (
    InputProblem,
    QuitGame,
    Session,
    app,
    hand_markup,
    new_session,
    ordered_choices,
    public_action,
    resolve_input,
    run_interactive,
)
from euchre.engine import GameState, IllegalActionError, Phase, preset
from euchre.engine.actions import Action
from euchre.engine.cards import CARD_TEXT, parse_card
from euchre.engine.records import replay

runner = CliRunner()


def invoke(*args: str, stdin: str = ALWAYS_FIRST) -> tuple[int, str]:
    result = runner.invoke(app, list(args), input=stdin)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.output


def quiet_session(
    variant: str = "standard", seed: int = 1, seat: int = 0, options: dict[str, int] | None = None
) -> tuple[Session, io.StringIO]:
    out = io.StringIO()
    console = Console(file=out, width=100, highlight=False, soft_wrap=True, color_system=None)
    rules = preset(variant, **(options or {}))
    session = new_session(
        rules, seed=seed, seat=seat, level="random", console=console, ask=lambda _: "1"
    )
    return session, out


def assert_finished_consistently(transcript: str) -> None:
    """The game ended, each side's score is the sum of its deal points, the winner leads."""
    totals, final, target = points_and_final_score(transcript)
    assert {name: totals.get(name, 0) for name in final} == final
    top = max(final.values())
    assert top >= target
    leader = next(name for name, score in final.items() if score == top)
    assert list(final.values()).count(top) == 1
    assert re.search(rf"^Winner: {re.escape(leader)}(?=$|[\s:])", transcript, re.MULTILINE)


# ---------------------------------------------------------------------- whole games


def test_whole_game_through_the_console_script() -> None:
    done = run_script("play", "--seed", "5")
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    assert "Euchre: standard, seed 5, hard bots" in done.stdout
    assert "Game over" in done.stdout
    assert_finished_consistently(done.stdout)


def test_every_scored_deal_shows_five_tricks_and_a_result() -> None:
    transcript = run_script("play", "--seed", "8", "--level", "medium").stdout
    deals = re.split(r"^─+ Deal \d+ ─+$", transcript, flags=re.MULTILINE)[1:]
    assert deals
    for deal in deals:
        if "makers took" in deal:
            assert deal.count("won the trick with") == 5
            assert re.search(r"^Dealer: .+\.  Turn-up: \S+$", deal, re.MULTILINE)


@pytest.mark.parametrize(
    ("variant", "seat", "sides"),
    [
        ("cutthroat", 1, ["You", "Left (seat 2)", "Right (seat 0)"]),
        ("two-player", 0, ["You", "Opponent (seat 1)"]),
        ("british", 3, ["Us", "Them"]),
        ("classic", 2, ["Us", "Them"]),
    ],
)
def test_whole_game_for_each_player_count(variant: str, seat: int, sides: list[str]) -> None:
    code, output = invoke(
        "play", "--variant", variant, "--seat", str(seat), "--seed", "21", "--level", "medium"
    )
    assert code == 0, output
    assert f"Euchre: {variant}, seed 21, medium bots" in output
    assert_finished_consistently(output)
    _, final, _ = points_and_final_score(output)
    assert sorted(final) == sorted(sides)


def test_a_timed_game_ends_after_the_hand_in_which_the_time_ran_out() -> None:
    out = io.StringIO()
    console = Console(file=out, width=100, highlight=False, soft_wrap=True, color_system=None)
    session = new_session(
        preset("standard", time_limit_minutes=1),
        seed=11,
        seat=0,
        level="random",
        console=console,
        ask=lambda _: "1",
    )
    session.started -= 61  # the game began a minute and a second ago
    run_interactive(session)
    transcript = out.getvalue()
    assert "Time is up (1 min)" in transcript
    state = session.state
    assert state.game_over and max(state.scores) < 10  # ended by the clock, not the target
    assert len(state.deals) == 1  # the hand in progress was the last (it was not a tie)


def test_a_lone_maker_who_must_take_five_is_euchred_with_four() -> None:
    rules = preset("standard", alone_must_take_5=True)
    for seed in range(40):
        out = io.StringIO()
        console = Console(file=out, width=100, highlight=False, soft_wrap=True, color_system=None)
        session = new_session(
            rules, seed=seed, seat=0, level="random", console=console, ask=lambda _: "1"
        )  # random bots go alone often
        run_interactive(session)
        for line in out.getvalue().splitlines():
            if " alone; makers took 3 of 5" in line or " alone; makers took 4 of 5" in line:
                assert "(euchred)" in line and "(made it)" not in line, line
                return
    raise AssertionError("no loner took 3 or 4 tricks in 40 games")


def test_a_declined_offer_is_told_as_what_it_declined() -> None:
    """A defender who would not defend alone (or a loner who did not call for best) was
    told as "Bob: pass", which read as a bid."""
    assert public_action(Action.parse("pass"), Phase.DEFEND_ALONE).plain == (
        "pass (not defending alone)"
    )
    assert public_action(Action.parse("pass"), Phase.BID_R2).plain == "pass"
    told: set[str] = set()
    for seed in range(40):
        session, out = quiet_session(seed=seed, options={"defend_alone": 1, "call_for_best": 1})
        run_interactive(session)
        told |= set(
            re.findall(
                r": pass \((not defending alone|not calling for best)\)$",
                out.getvalue(),
                re.MULTILINE,
            )
        )
        if len(told) == 2:
            return
    raise AssertionError(f"in 40 games only {told} of the two declined offers was told")


def test_a_two_player_dealer_is_offered_the_turn_up_not_told_it_was_taken() -> None:
    code, output = invoke("play", "--variant", "two-player", "--seed", "5", "--level", "random")
    assert code == 0, output
    offered = r"^You: may take (\S+) \(discarding a card\) or pass to leave it$"
    offer = re.search(offered, output, re.MULTILINE)
    assert offer, output
    assert f"You: pick up {offer.group(1)}" not in output
    leave = "(leave the turn-up: it goes out of play, you keep your hand)"
    assert f"  1) Pass   [pass]   {leave}" in output
    assert re.search(r"^  2\) Discard .+   \[\w\w\]   \(take the turn-up\)$", output, re.MULTILINE)


def test_round_two_shows_the_card_turned_down() -> None:
    """Passing (the first choice) until round 2 comes to the player: the turned-down card
    is shown as such."""
    code, output = invoke("play", "--seed", "4", "--level", "random")
    assert code == 0, output
    assert "Your turn: bidding round 2" in output, output
    round_two = output.split("Your turn: bidding round 2", 1)[1].splitlines()[1]
    assert re.fullmatch(r"Turned down: \S+", round_two), round_two
    assert "The turned down" not in output


def test_an_option_changes_the_rules() -> None:
    code, output = invoke("play", "--seed", "4", "--option", "target=3", "-o", "super_euchre=yes")
    assert code == 0
    assert "(playing to 3)" in output
    assert_finished_consistently(output)


def test_a_game_without_a_target_says_what_ends_it_and_counts_its_deals() -> None:
    """A deal-limited game with no target said "(playing to 0)" under every deal."""
    code, output = invoke("play", "--seed", "3", "-o", "target=0", "-o", "deal_limit=2")
    assert code == 0, output
    assert "(playing to 0)" not in output
    scores = re.findall(r"^Score: .*\((.*)\)$", output, re.MULTILINE)
    assert scores and set(scores) == {"no target: the highest score after 2 deals wins"}
    deals = re.findall(r"Deal (\d+) \((\d+ of 2|tie-break)\)", output)
    assert deals[:2] == [("1", "1 of 2"), ("2", "2 of 2")], deals
    assert all(part == "tie-break" for _, part in deals[2:])  # tied for first: played on
    code, output = invoke("play", "--seed", "3", "-o", "target=5", "-o", "deal_limit=1")
    assert code == 0 and "(playing to 5 or 1 deal)" in output, output


def test_the_human_gets_the_hand_of_the_chosen_seat() -> None:
    game = GameState(preset("standard"), seed=9)
    expected = [CARD_TEXT[c] for c in game.view(2).hand]
    code, output = invoke("play", "--seed", "9", "--seat", "2", "--level", "easy")
    assert code == 0
    assert hands_shown(output)[0].cards == expected
    names = {2: "You", 3: "Left (seat 3)", 0: "Partner (seat 0)", 1: "Right (seat 1)"}
    first_deal = output.split("Deal 2")[0]
    assert f"Dealer: {names[game.dealer]}.  Turn-up: {label(CARD_TEXT[game.upcard])}" in first_deal


# ---------------------------------------------------------------------- determinism


def test_same_seed_same_game_different_seed_different_game() -> None:
    # hard bots, the default, take a while a game: two deals of one (and any tie-break)
    short = ("--option", "target=5", "--option", "deal_limit=2")
    first = run_script("play", "--seed", "11", *short).stdout
    again = run_script("play", "--seed", "11", *short).stdout
    other = run_script("play", "--seed", "12", *short).stdout
    assert "Game over" in first
    assert first == again
    assert first != other


def test_python_dash_m_plays_the_same_game() -> None:
    script = run_script("play", "--seed", "13", "--variant", "two-player", "--level", "medium")
    module = run_script(
        "play", "--seed", "13", "--variant", "two-player", "--level", "medium", module=True
    )
    assert module.returncode == 0, module.stderr
    assert module.stdout == script.stdout


def test_without_a_seed_the_seed_is_shown_and_replays() -> None:
    code, output = invoke("play", "--level", "medium")
    assert code == 0
    seed = re.search(r"Euchre: standard, seed (\d+)", output)
    assert seed
    again_code, again = invoke("play", "--seed", seed[1], "--level", "medium")
    assert again_code == 0
    assert again == output


# ---------------------------------------------------------------------- display


def test_hand_display_follows_rules_2_14_throughout_a_game() -> None:
    for variant in ("standard", "british"):
        hands = hands_shown(
            run_script("play", "--seed", "17", "--variant", variant, "--level", "medium").stdout
        )
        assert any(h.trump for h in hands) and any(h.trump is None for h in hands)
        for shown in hands:
            assert shown.cards == expected_display_order(shown.cards, shown.trump)
            assert shown.symbols == [label(c) for c in shown.cards]


def test_hand_markup_puts_trump_and_the_left_bower_first() -> None:
    hand = [parse_card(c) for c in ("9h", "Jd", "Ac", "Jh", "Ks")]
    assert hand_markup(hand, 3).plain == "J♥ J♦ 9♥ A♣ K♠   (Jh Jd 9h Ac Ks)"
    assert hand_markup(hand, None).plain == "A♣ J♦ K♠ J♥ 9♥   (Ac Jd Ks Jh 9h)"


def test_hand_markup_joker_last_before_trump_first_after() -> None:
    hand = [parse_card(c) for c in ("B", "Th", "Ac")]
    assert hand_markup(hand, None).plain == "A♣ 10♥ JK   (Ac Th B)"
    assert hand_markup(hand, 0).plain == "JK A♣ 10♥   (B Ac Th)"


# ---------------------------------------------------------------------- bad input


def test_bad_input_reprompts_with_the_choices() -> None:
    done = run_script(
        "play",
        "--seed",
        "5",
        "--level",
        "medium",
        stdin="garbage\n99\n0\n\n³\n" + ALWAYS_FIRST,
    )
    assert done.returncode == 0
    out = done.stdout
    assert "Not accepted: 'garbage' is not an action" in out
    assert "Not accepted: '³' is not an action" in out  # a digit int() does not read
    assert re.search(r"'garbage' is not an action: now \(.*\) you may ", out)
    assert "seat 0 may" not in out  # the terminal calls the player "You"
    assert re.search(r"Not accepted: 99 is not a choice: pick 1 to \d+", out)
    assert re.search(r"Not accepted: 0 is not a choice: pick 1 to \d+", out)
    assert "Not accepted: type a choice number or an action" in out
    before_first_answer = out.split("): You: ")[0]
    assert before_first_answer.count("  1) ") == 6
    assert_finished_consistently(out)


def illegal_card(session: Session) -> str | None:
    """A card the human holds but may not play now, if there is one."""
    state = session.state
    if state.phase != Phase.PLAY:
        return None
    legal = set(state.legal_actions())
    held = [CARD_TEXT[c] for c in state.hand_of(session.human)]
    return next((c for c in held if f"play {c}" not in legal), None)


def test_an_illegal_card_shows_the_engines_message_and_the_choices() -> None:
    session, out = quiet_session(seed=3)
    tried: list[str] = []
    bare_cards: list[str] = []

    def ask(prompt: str) -> str:
        session.console.print(prompt, end="")
        bad = illegal_card(session)
        if bad and not tried:
            tried.append(bad)
            probe = session.state.clone()
            with pytest.raises(IllegalActionError) as refused:
                probe.apply(f"play {bad}", seat=session.human)
            tried.append(str(refused.value))
            return bad.lower()
        legal = session.state.legal_actions()
        if legal[-1].startswith("play "):
            bare_cards.append(legal[-1][5:])
            return bare_cards[-1]
        return legal[-1]  # typed in full: "order alone", "call h alone", "discard Jc"

    session.ask = ask
    assert run_interactive(session) == 0
    transcript = out.getvalue()
    assert session.state.game_over
    assert len(tried) == 2, "no deal offered a card that must not be played"
    bad, message = tried
    assert "must follow" in message
    after = transcript.split(f"Not accepted: {message}\n", 1)
    assert len(after) == 2
    assert after[1].startswith("  1) Play ")
    assert f"You: play {label(bad)}" not in after[0].rsplit("Your turn", 1)[1]
    assert transcript.count("You: play ") == len(bare_cards)
    assert_finished_consistently(transcript)


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("2", "order"),
        (" 3 ", "order alone"),
        ("order   alone", "order alone"),
        ("Jd", "Jd"),  # not a card phase: left for the engine to refuse
    ],
)
def test_resolve_input_while_bidding(raw: str, expected: str) -> None:
    assert resolve_input(raw, ["pass", "order", "order alone"]) == expected


def test_resolve_input_cards_numbers_and_quitting() -> None:
    plays = ["play 9h", "play Kh"]
    assert resolve_input("kh", plays) == "play Kh"
    assert resolve_input("10h", plays) == "play Th"
    assert resolve_input("Jd", plays) == "play Jd"  # the engine says why it is not allowed
    assert resolve_input("Jd", ["discard Jd", "discard 9c"]) == "discard Jd"
    assert resolve_input("play Kh", plays) == "play Kh"
    assert resolve_input("zz", plays) == "zz"
    with pytest.raises(InputProblem, match="3 is not a choice: pick 1 to 2"):
        resolve_input("3", plays)
    with pytest.raises(InputProblem, match="is not a choice: pick 1 to 2"):
        resolve_input("9" * 5000, plays)  # more digits than int() reads
    with pytest.raises(InputProblem, match="type a choice number"):
        resolve_input("   ", plays)
    with pytest.raises(QuitGame):
        resolve_input("quit", plays)


# ---------------------------------------------------------------------- leaving


@pytest.mark.parametrize("stdin", ["", "1\n1\n"])
def test_end_of_input_exits_cleanly(stdin: str) -> None:
    done = run_script("play", "--seed", "5", stdin=stdin)
    assert done.returncode == 0
    assert done.stderr == ""
    assert "Game left unfinished (input ended)." in done.stdout
    assert re.search(r"^Score: Us \d+, Them \d+", done.stdout.split("unfinished")[1], re.MULTILINE)


def test_quit_leaves_the_game() -> None:
    code, output = invoke("play", "--seed", "5", stdin="quit\n")
    assert code == 0
    assert "Game left unfinished (you quit)." in output
    assert "Game over" not in output


def test_ctrl_c_ends_with_code_130() -> None:
    session, out = quiet_session(seed=2)

    def interrupted(prompt: str) -> str:
        raise KeyboardInterrupt

    session.ask = interrupted
    assert run_interactive(session) == 130
    assert "Interrupted: game left unfinished." in out.getvalue()


def test_a_tie_for_the_lead_past_the_target_is_told_and_play_goes_on() -> None:
    """Cutthroat: two players past the target with the same score play on (docs/rules.md
    §2.13); the score alone read as a game that forgot to end."""
    args = ["--variant", "cutthroat", "--seed", "1", "--level", "random"]
    code, output = invoke("play", *args, "-o", "super_euchre=true", "-o", "target=5")
    assert code == 0
    told = "You and Right (seat 2) are tied for the lead at 6: play goes on until one leads."
    before, after = output.split(told)
    assert before.rstrip().endswith(
        "Score: You 6, Left (seat 1) 1, Right (seat 2) 6 (playing to 5)"
    )
    assert "Deal 5" in after and "Winner:" in after


def test_a_game_saved_with_save_replays_to_the_score_played(tmp_path: Path) -> None:
    saved = tmp_path / "game.egn"
    code, output = invoke("play", "--seed", "5", "--level", "random", "--save", str(saved))
    assert code == 0 and f"Game record written to {saved}" in output
    record = json.loads(saved.read_text(encoding="utf-8"))
    assert record["metadata"]["players"] == [
        "You",
        "Random bot (seat 1)",
        "Random bot (seat 2)",
        "Random bot (seat 3)",
    ]
    played = re.findall(r"^Score: Us (\d+), Them (\d+)", output, re.MULTILINE)[-1]
    result = replay(record)
    assert result.game_over and result.score == [int(n) for n in played]
    assert result.score == record["metadata"]["finalScore"]
    # a date and time to the minute, as EGN's schema takes it (a date alone it refuses)
    assert re.fullmatch(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}", record["metadata"]["date"])


def test_a_game_left_is_saved_as_far_as_it_went(tmp_path: Path) -> None:
    saved = tmp_path / "left.egn"
    code, output = invoke("play", "--seed", "5", "--save", str(saved), stdin="1\n1\nquit\n")
    assert code == 0 and "Game left unfinished (you quit)." in output
    result = replay(json.loads(saved.read_text(encoding="utf-8")))
    assert not result.game_over and result.score == [0, 0]
    assert [deal.outcome for deal in result.deals] == ["incomplete"]


@pytest.mark.parametrize(
    ("where", "message"),
    [
        ("missing/game.egn", "error: --save: there is no folder"),
        (".", "error: --save needs a file name, not the folder"),
    ],
)
def test_a_save_path_that_cannot_be_written_is_refused_before_the_game(
    tmp_path: Path, where: str, message: str
) -> None:
    code, output = invoke("play", "--save", str(tmp_path / where))
    assert code == 2 and message in output
    assert "Deal 1" not in output and list(tmp_path.iterdir()) == []


def test_a_save_path_the_system_refuses_is_refused_before_the_game(tmp_path: Path) -> None:
    """Only a missing folder was found before the game: a whole game was played, and then
    the record could not be written (said on stdout)."""
    too_long = tmp_path / ("x" * 300 + ".egn")  # a name longer than any file system takes
    code, output = invoke("play", "--save", str(too_long))
    assert code == 2 and "error: --save: " in output and "cannot be written" in output
    assert "Deal 1" not in output and list(tmp_path.iterdir()) == []


def test_checking_a_save_path_leaves_a_link_and_a_file_as_they_were(tmp_path: Path) -> None:
    """Trying a path (a file made and taken away again) took away a link that led to a
    file not yet written, and an existing record must not be touched before the game."""
    link, kept = tmp_path / "link.egn", tmp_path / "kept.egn"
    link.symlink_to(tmp_path / "target.egn")
    kept.write_text("an older record", encoding="utf-8")
    for path in (link, kept):
        code, output = invoke("play", "--save", str(path), stdin="quit\n")
        assert code == 0, output
    assert link.is_symlink() and (tmp_path / "target.egn").read_text(encoding="utf-8")
    assert json.loads(kept.read_text(encoding="utf-8"))["metadata"]


def test_the_game_so_far_is_saved_when_the_program_fails(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    saved = tmp_path / "failed.egn"

    def fails(session: Session) -> None:
        session.state.apply(session.state.legal_actions()[0])
        raise RuntimeError("a bug")

    monkeypatch.setattr("euchre.cli.play_game", fails)
    result = runner.invoke(app, ["play", "--seed", "5", "--save", str(saved)], input="")
    assert isinstance(result.exception, RuntimeError)
    record = json.loads(saved.read_text(encoding="utf-8"))
    assert [deal.outcome for deal in replay(record).deals] == ["incomplete"]


# ---------------------------------------------------------------------- usage errors


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--variant", "nope"], "error: unknown preset 'nope': choose one of standard"),
        (["--option", "bogus=1"], "error: unknown option bogus: options are"),
        (["--option", "target"], "error: option 'target' must be written key=value"),
        (["--option", "target=many"], "error: option target takes a whole number, not 'many'"),
        (["--variant", "cutthroat", "--seat", "3"], "error: seat must be 0 to 2 for cutthroat"),
        (["--level", "genius"], "error: unknown bot level 'genius': choose one of random"),
    ],
)
def test_usage_errors_are_clear_and_fail(args: list[str], message: str) -> None:
    code, output = invoke("play", *args)
    assert code == 2
    assert message in output
    assert "Deal 1" not in output


def test_unknown_variant_in_a_real_process_goes_to_stderr() -> None:
    done = run_script("play", "--variant", "pinochle")
    assert done.returncode == 2
    assert done.stdout == ""
    assert "error: unknown preset 'pinochle'" in done.stderr
    assert "Traceback" not in done.stderr


def scripted_session(seed: int, answers: Callable[[Session], str]) -> tuple[Session, io.StringIO]:
    """A quiet session whose every prompt is answered by ``answers(session)``."""
    session, out = quiet_session(seed=seed)
    session.ask = lambda _prompt: answers(session)
    return session, out


def test_hint_shows_every_choice_valued_and_the_game_goes_on() -> None:
    asked: list[str] = []
    legal: list[str] = []
    views = []

    def answers(session: Session) -> str:
        if not asked:
            views.append(session.state.view(session.human))
            legal.extend(views[0].legal_texts())
        asked.append("hint" if not asked else "1" if len(asked) < 3 else "quit")
        return asked[-1]

    session, out = scripted_session(4, answers)
    assert run_interactive(session) == 0
    view = views[0]
    text = out.getvalue()
    hint_part = text.split("Hint: ", 1)[1]
    # the actions in words ("Order up K♥"), each under the number it has at the prompt
    words = {a: action_words(view, a) for a in legal}
    assert hint_part.split(".", 1)[0] in words.values()
    for number, action in enumerate(ordered_choices(view), start=1):
        said = re.escape(f"    {number}) {words[action]}: ")
        assert re.search(rf"{said}[+-]\d+\.\d\d points a hand, chance to win", text)
        assert f"    {number}) {action}:" not in text or words[action] == action
    # One kind of number, explained where it is shown; no unexplained "value".
    assert "value" not in hint_part.split("Your choice", 1)[0]
    assert "(points a hand: your side's minus theirs; chance to win:" in hint_part
    chances = re.findall(r", chance to win (\d+\.\d)%", hint_part)
    assert len(chances) == len(legal) and all(0 <= float(c) <= 100 for c in chances)
    assert "Not accepted" not in text  # "hint" is a command, not a bad action
    assert len(session.state.record.actions()) > 0  # and the game went on


@pytest.mark.parametrize(
    ("variant", "options", "legend", "review"),
    [
        ("two-player", {}, "(points a hand: yours minus your opponent's; chance to win:", "chance"),
        ("cutthroat", {}, "(points a hand: yours minus the other two players' average)", "points"),
        (
            "standard",
            {"target": 0, "deal_limit": 3},
            "(points a hand: your side's minus theirs)",
            "points",
        ),
    ],
    ids=["two-player", "cutthroat", "no-target"],
)
def test_the_hint_and_review_say_whose_points_and_what_marks_go_by(
    variant: str, options: dict[str, int], legend: str, review: str
) -> None:
    """The terminal said "your side's minus theirs" at tables where no one has a side, and
    three players' hints, which have no chance of winning, were explained by one; so were
    a game's with no target, whose marks go by points."""
    session, out = quiet_session(variant, seed=3, options=options)
    session.review = True
    asked: list[str] = []

    def answers(_prompt: str) -> str:
        done = bool(session.state.deals[0].outcome)
        asked.append("quit" if done else "1" if asked and asked[-1] == "hint" else "hint")
        return asked[-1]

    session.ask = answers
    run_interactive(session)
    text = out.getvalue()
    assert legend in text and text.count("(points a hand: ") == text.count(legend)
    if review == "points":
        assert "Marks go by the points of a hand a choice gave up" in text
        assert "chance to win" not in text
    elif "Marks go by" in text:
        assert "Marks go by the chance of winning the game a choice gave up" in text


def test_a_hint_names_the_seats_as_the_terminal_does() -> None:
    asked: list[str] = []

    def answers(session: Session) -> str:
        told = "has shown out of" in out.getvalue() or len(asked) > 400
        asked.append("quit" if told else "1" if asked and asked[-1] == "hint" else "hint")
        return asked[-1]

    session, out = scripted_session(3, answers)
    run_interactive(session)
    voids = re.findall(r"(\S+(?: \(seat \d\))?) has shown out of", out.getvalue())
    assert voids, "no hint in the game told of a void"
    assert set(voids) <= {"Left (seat 1)", "Partner (seat 2)", "Right (seat 3)"}


def test_review_before_any_hand_ends_says_so() -> None:
    asked: list[str] = []

    def answers(session: Session) -> str:
        asked.append("review" if not asked else "quit")
        return asked[-1]

    session, out = scripted_session(4, answers)
    run_interactive(session)
    assert "No hand is finished yet" in out.getvalue()


def test_with_review_on_each_hand_is_reviewed_and_the_review_command_repeats_it() -> None:
    asked: list[str] = []

    def answers(session: Session) -> str:
        finished = bool(session.state.deals[0].outcome)
        asked.append("1" if not finished else "review" if "review" not in asked else "quit")
        return asked[-1]

    session, out = scripted_session(4, answers)
    session.review = True
    run_interactive(session)
    text = out.getvalue()
    assert text.count("Review of deal 1: your decisions") == 2  # after the hand, and asked
    reviewed = text.split("Review of deal 1: your decisions", 1)[1].split("Review of", 1)[0]
    lines = [line for line in reviewed.splitlines() if re.match(r"  \d+\. ", line)]
    assert lines
    assert "Marks go by the chance of winning the game a choice gave up" in reviewed
    for line in lines:
        verdicts = r"best\.|good \(best: .+\)\.|About equal to .+, the coach's pick: |"
        assert re.search(rf": ({verdicts}(inaccuracy|mistake|blunder); best: )", line)
        assert "points of value" not in line  # a loss is told in the hint's numbers
