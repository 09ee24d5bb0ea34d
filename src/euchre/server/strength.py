"""How strong a new password is: a minimum length plus zxcvbn's estimate.

zxcvbn (Dropbox's estimator, with its own dictionaries of common passwords, names and
words, keyboard patterns and repeats) is given the account name as a user input, so
the name, or the name with a few digits, counts as guessable.
"""

from __future__ import annotations

from dataclasses import dataclass

from zxcvbn import zxcvbn

MIN_LENGTH = 8
MAX_LENGTH = 128
JUDGED_LENGTH = 32
MIN_SCORE = 3  # zxcvbn's 0..4: 3 is "safely unguessable" (about 10^8 guesses or more)
ACCEPTED = (
    f"use {MIN_LENGTH} to {MAX_LENGTH} characters that are hard to guess, such as "
    "three or four unrelated words, and not your name"
)


@dataclass(frozen=True, slots=True)
class Weakness:
    """Why a password is refused, for people."""

    reason: str
    code: str = "weak_password"  # "bad_password": the length is wrong

    @property
    def message(self) -> str:
        return f"{self.reason}: {ACCEPTED}"


def weakness(password: str, name: str) -> Weakness | None:
    """Why this password may not be used by ``name`` (None: it may)."""
    if not MIN_LENGTH <= len(password) <= MAX_LENGTH:
        return Weakness(
            f"a password is {MIN_LENGTH} to {MAX_LENGTH} characters long", "bad_password"
        )
    if not password.strip():
        return Weakness("a password of spaces only is too easy to guess")
    if len(name.strip()) >= 4 and name.strip().casefold() in password.casefold():
        return Weakness("a password may not contain your name")
    # zxcvbn is pure Python and its cost grows fast with length (tens of milliseconds at
    # 32 characters, half a second at its own cap of 72), so it judges the first 32: a
    # longer password is at least as strong as its beginning.
    found = zxcvbn(password[:JUDGED_LENGTH], user_inputs=[name, *name.split()])
    if int(found["score"]) >= MIN_SCORE:
        return None
    feedback = found.get("feedback") or {}
    warning = str(feedback.get("warning") or "").rstrip(".")
    reason = "this password is too easy to guess"
    return Weakness(f"{reason} ({warning.lower()})" if warning else reason)
