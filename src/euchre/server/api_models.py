"""The bodies the HTTP endpoints take and the answers they give (src/euchre/server/api.py),
as pydantic models: their OpenAPI schema is what clients read."""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool

from .chat import MAX_MUTED
from .protocol import PersonId

Mode = Literal["partnership", "cutthroat", "two-player"]

# ---------------------------------------------------------------------- bodies


class Problem(BaseModel):
    """A refused request: ``detail`` for people (a list of field errors when the request
    does not match the schema), ``code`` for programs."""

    detail: str | list[dict[str, Any]]
    code: str | None = None


_WHY = {
    400: "refused (more muted people than allowed)",
    401: "no session, or not logged in",
    403: "refused: a wrong password, a page of another site, no metrics token",
    408: "the request body did not arrive in time",
    404: "not found",
    409: "conflict (a taken name, an unfinished game)",
    413: "too large",
    422: "invalid request: a body that is not JSON (too deep, not UTF-8, ...) or does not "
    "match its schema (invalid_request), or a value the rules refuse",
    429: "too many attempts: wait (Retry-After)",
    503: "unavailable",
}


def problems(*codes: int) -> dict[int | str, dict[str, Any]]:
    """OpenAPI ``responses`` documenting refusals with these status codes."""
    return {code: {"model": Problem, "description": _WHY[code]} for code in codes}


class Body(BaseModel):
    """A request's JSON body: a field it does not have is refused (422), as the websocket
    refuses one, rather than ignored (a misspelt field looked like success)."""

    model_config = ConfigDict(extra="forbid")


class Credentials(Body):
    """A name and a password (register, log in)."""

    name: str = Field(max_length=256, examples=["Ann"])  # its rules: bad_name
    password: str = Field(min_length=1, max_length=1024, examples=["correct horse battery"])


class PasswordChange(Body):
    password: str = Field(min_length=1, max_length=1024, description="the current password")
    new_password: str = Field(min_length=1, max_length=1024)


class PasswordCheck(Body):
    password: str = Field(min_length=1, max_length=1024)


class ChatPreferences(Body):
    """Chat on or off, and the people muted (their ids, as chat lines name them)."""

    chat: StrictBool | None = None  # "yes" is no answer to a yes-or-no question
    muted: list[PersonId] | None = Field(default=None, max_length=MAX_MUTED)


# ---------------------------------------------------------------------- answers


class SessionInfo(BaseModel):
    """Who a session belongs to."""

    id: str = Field(description='"g_..." for a guest, "u_<account>" for an account')
    name: str
    guest: bool
    chat: bool = Field(description="whether chat is on")
    session: str | None = Field(
        default=None,
        description="the session token (also set as the cookie): non-browser clients pass it "
        "as /ws?session=...",
    )
    adopted: list[str] = Field(
        default_factory=list, description="tables where a guest's seat moved to the account"
    )


class RatingInfo(BaseModel):
    mode: Mode
    rating: float = Field(description="the displayed rating: the ordinal mu - 3 sigma")
    mu: float
    sigma: float
    games: int
    wins: int
    provisional: bool = Field(
        description="not established yet: fewer ranked games, or fewer distinct opponents "
        "who were established when they played, than the leaderboard's established_rule says"
    )


class StatsInfo(BaseModel):
    """Totals over every finished game of a mode (ranked or not)."""

    mode: Mode
    games: int
    wins: int
    points: int = Field(description="points the player's side scored")
    hands: int = Field(description="scored hands played")
    maker_hands: int = Field(description="hands where the player made trump")
    made: int
    euchred: int
    marches: int
    loners_tried: int
    loners_made: int
    defender_euchres: int = Field(description="hands where the player's side euchred the maker")


class AccountInfo(BaseModel):
    id: str = Field(description='"u_<account>", as the session, chat and mutes name it')
    name: str
    created_at: datetime
    chat: bool
    muted: list[str]
    ratings: list[RatingInfo]
    stats: list[StatsInfo]


class Profile(BaseModel):
    name: str
    created_at: datetime
    games: int = Field(description="finished games in the history")
    ratings: list[RatingInfo]
    stats: list[StatsInfo]


class LeaderboardEntry(BaseModel):
    rank: int
    name: str
    rating: float
    mu: float
    sigma: float
    games: int
    wins: int
    provisional: bool


class EstablishedRule(BaseModel):
    """What makes a rating established (no longer provisional), as this server is set."""

    games: int = Field(description="ranked games of the mode (EUCHRE_PROVISIONAL_GAMES)")
    opponents: int = Field(
        description="distinct opponents among them who were established when they played "
        "(EUCHRE_PROVISIONAL_OPPONENTS)"
    )


class Leaderboard(BaseModel):
    mode: Mode
    total: int
    offset: int
    entries: list[LeaderboardEntry]
    established_rule: EstablishedRule = Field(
        description="what ``established=true`` asks of a player, for clients to say"
    )


class RatingPoint(BaseModel):
    game: str
    rating: float
    before: float
    mu: float
    sigma: float
    won: bool
    at: datetime


class RatingHistory(BaseModel):
    name: str
    mode: Mode
    points: list[RatingPoint]


class HistoryEntry(BaseModel):
    game: str
    finished_at: datetime
    kind: str
    preset: str
    mode: Mode
    seat: int
    side: int
    won: bool
    points: int
    score: list[int]
    players: list[str]
    bots: list[bool] = Field(description="each seat: a bot played it")
    rating_before: float | None
    rating_after: float | None


class History(BaseModel):
    name: str
    total: int
    offset: int
    games: list[HistoryEntry]


class GamePlayerInfo(BaseModel):
    seat: int
    name: str
    type: str = Field(description="human, bot or empty")
    account: str | None = Field(description="the account's current name, if it still exists")
    side: int
    won: bool | None
    stats: dict[str, int] | None
    rating_before: float | None
    rating_after: float | None


class GameSummary(BaseModel):
    id: str
    kind: str
    status: str
    preset: str
    mode: Mode
    players: list[GamePlayerInfo]
    score: list[int] | None
    winner: int | None
    created_at: datetime
    finished_at: datetime | None
    processed: bool = Field(description="history, statistics and ratings are written")
    rated: bool = Field(description="a ranked game whose ratings were updated")


class ReplayContract(BaseModel):
    maker: int
    trump: str = Field(description="c d h s, or n for no trump")
    alone: bool
    lone_defender: int | None


class ReplayNews(BaseModel):
    """What followed from a step, each key only when it applies."""

    phase: str | None = Field(
        None, description="the phase the action was taken in, when not the step before's"
    )
    trick_winner: int | None = Field(None, description="this card completed a trick: its winner")
    contract: ReplayContract | None = Field(None, description="the contract made or changed")
    hands: list[list[str]] | None = Field(
        None,
        description="every hand after this step, when one changed otherwise than by the "
        "actor's card (play, discard, give) leaving the actor's hand",
    )
    upcard: str | None = Field(None, description="the turn-up's new state: taken, down, out")
    sitting_out: list[int] | None = Field(None, description="the seats now sitting out")


ReplayStep = tuple[int, str] | tuple[int, str, ReplayNews]


class ReplayDeal(BaseModel):
    number: int
    dealer: int
    upcard: str
    hands: list[list[str]] = Field(description="the hands as dealt, sorted without trump")
    kitty: list[str] | None = Field(
        description="the cards under the turn-up (null: the record does not hold them)"
    )
    score_before: list[int]
    steps: list[ReplayStep] = Field(
        description="[seat, action] or [seat, action, what followed], in the order taken"
    )
    result: dict[str, Any] = Field(description="outcome, points, score, trump, maker, tricks")


class ActionObject(BaseModel):
    """An action as clients get it beside its text (docs/protocol.md, "Action objects")."""

    text: str
    kind: str = Field(description="pass order call discard play give under defend_alone ...")
    card: str | None = Field(None, description="the card played, discarded or given")
    suit: str | None = Field(None, description="the suit called: c d h s, or n for no trump")
    alone: bool | None = Field(None, description="true when the action goes alone")
    shown: list[str] | None = Field(None, description="the three cards shown to go under")
    hidden: bool | None = Field(None, description="true: another seat's card, not shown")


class Replay(BaseModel):
    you: int | None = Field(
        default=None, description="the asker's seat, when they played the game (else absent)"
    )
    game: str | None
    players: list[str]
    bots: list[bool] = Field(description="each seat: a bot played it (the record says so)")
    ruleset: dict[str, Any]
    seats: int
    initial_score: list[int]
    final_score: list[int]
    game_over: bool
    winner: int | None
    hands_known: bool = Field(
        description="false: the record had no playerCards; unplayed cards were filled in"
    )
    deals: list[ReplayDeal]
    acts: dict[str, ActionObject] = Field(
        description="each action text the steps name, and its object"
    )


class Preferences(BaseModel):
    chat: bool
    muted: list[str]
    presets: dict[str, str] = Field(description="preset chat phrases by key")


class Ok(BaseModel):
    ok: bool = True
