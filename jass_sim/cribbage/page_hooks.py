"""What Cribbage gives the page (``jass-sim serve``) through its descriptor: its notation, the
warm-up of its kernels and the check of its jobs' ``game``. Light at import (the descriptor imports
it): every game module is imported inside the function that needs it.
"""

from __future__ import annotations

from jass_sim.core.caps import check_text
from jass_sim.core.errors import InputError

#: The hands of a game the job API reviews or walks at most (``cribbage_review``, ``cribbage_state``,
#: ``cribbage_rate``; a Cribbage game to 121 lasts about 8 to 12 hands): a review's length stays at
#: minutes (about 5 decisions a hand, each under a second).
MAX_GAME_HANDS = 64


def notation() -> dict:
    """Cribbage's deck (:meth:`jass_sim.core.notation.Deck.to_json`)."""
    from jass_sim.cribbage.cards import DECK

    return DECK.to_json()


def warm_up() -> None:
    """The Cribbage view's kernels (after the first game's, in the background)."""
    from jass_sim import cribbage

    cribbage.discard("5H 5D JS 6C 4H KD", dealer=True)


def check_game(args: dict) -> dict:
    """A job's ``game`` is the game's text or its replay JSON (never a server file) of at most
    :data:`MAX_GAME_HANDS` hands."""
    if "game" not in args:
        return args
    value = args["game"]
    check_text("game", value, "game", "the game's text (one line each for hand, A, B, play...) or its cribbage "
               "replay JSON")
    if isinstance(value, dict):
        n = len(value.get("hands") or [])
    elif value.lstrip().startswith("{"):
        n = value.count('"starter"')
    else:
        n = sum(line.split()[:1] == ["hand"] for line in value.lower().splitlines())
    if n > MAX_GAME_HANDS:
        exc = InputError(f"game has {n} hands, more than the {MAX_GAME_HANDS} a job reviews (a game to 121 lasts "
                         "about 10); the command line reviews any game", "game")
        exc.field = "game"
        raise exc
    return args
