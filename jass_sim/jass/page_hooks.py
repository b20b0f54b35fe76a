"""What Chibre gives the page (``jass-sim serve``) through its descriptor: its notation, the warm-ups
of its kernels, the checks of its jobs' arguments and the position of a round entered at the table
(``POST /api/position``). Light at import (the descriptor imports it): every game module is
imported inside the function that needs it.
"""

from __future__ import annotations

from jass_sim.core.caps import check_text
from jass_sim.core.errors import InputError

#: The hand every warm-up uses.
_HAND = "HJ H9 HA SK SQ D6 C7 C8 CT"


def notation() -> dict:
    """Chibre's deck (:meth:`jass_sim.core.notation.Deck.to_json`) with its modes (``modes``,
    ``mode_words``), the Swiss-German labels (``swiss``), the names typed for cards (``aliases``: the
    words of suits and ranks, lower case, to the suit number and rank letter) and the review's verdict scale (``verdicts``:
    ``[verdict, least loss in points]``, worst first; the page's Review and coach say it from here)."""
    from jass_sim.jass.cards import DECK, MODE_NAMES, MODE_WORDS, SWISS_LABELS
    from jass_sim.jass.play.review import THRESHOLDS

    return DECK.to_json() | {"modes": list(MODE_NAMES), "mode_words": dict(MODE_WORDS),
                             "verdicts": [list(t) for t in THRESHOLDS],
                             # the Swiss-German names a player types ("Rosen-Under"), as the parser reads them
                             "aliases": {"suits": dict(DECK.suit_aliases),
                                         "ranks": {w: DECK.ranks[i] for w, i in DECK.rank_aliases.items()}},
                             "swiss": {"suits": list(SWISS_LABELS["suits"]),
                                       "suit_short": list(SWISS_LABELS["suit_short"]),
                                       "ranks": dict(SWISS_LABELS["ranks"]),
                                       "rank_short": dict(SWISS_LABELS["rank_short"])}}


def warm_up_advise() -> None:
    """Compile (or load from Numba's cache) the kernels of the page's first question, ``advise``
    (trump or chibre), with tiny inputs: the page is ready when they are. The card-play kernels
    follow in the background (:func:`warm_up_play`)."""
    import jass_sim

    jass_sim.advise(_HAND, samples=64, seed=0)


def warm_up_play() -> None:
    """The kernels of Jass card play (play-advice with its endgame solver, the table's bots) and of
    ``advise`` at a game score (the coach's word on a mode choice), after ``advise``, in the background:
    a job sent before they are ready compiles them itself."""
    import jass_sim

    jass_sim.play_advice(_HAND, mode="H", played="D7 S6", leader=2, samples=16, seed=0)
    jass_sim.choose_card("net", _HAND, mode="H", seed=0)
    # last: a mode choice's word at the score comes after the round has begun
    jass_sim.advise(_HAND, samples=64, seed=0, score="0:0")


#: The four hands of the Coiffeur warm-up's coached round, and its 36 cards from seat 0 in hearts.
_COIFFEUR_HANDS = ("H6 H7 H8 HK HQ D6 C7 C8 CT", "HJ H9 HA SK SQ D7 D8 D9 S6", "S7 S8 S9 ST SJ SA DT DJ DQ",
                   "DK DA CA CK CQ CJ C9 C6 HT")
_COIFFEUR_PLAYED = ("H6 H9 DT HT HJ DJ DK H7 HA DQ DA H8 D7 S7 C6 HQ HK D8 S8 C9 D6 D9 S9 CJ S6 ST CQ C7 SJ CK C8 SQ "
                    "SK SA CA CT")


def warm_up_coiffeur() -> None:
    """The kernels of the page's Coiffeur jobs (``coiffeur_advise`` and the coached match's choice,
    verdict and round), in the background after the Differenzler's: their first run compiles for
    minutes (coiffeur_advise's plan and play-out kernels, the planning bot's), which ``/api/health``
    reports as the ``coiffeur`` family and a job sent meanwhile as what it waits for."""
    from jass_sim.jass.coiffeur.coach import coiffeur_coach_choice, coiffeur_coach_round
    from jass_sim.jass.coiffeur.coach_verdict import coiffeur_coach_verdict

    coiffeur_coach_verdict(_HAND, ours_open="S,H", theirs_open="C,OBE", answer="H:4", samples=64, seed=0)
    coiffeur_coach_choice(list(_COIFFEUR_HANDS), round_no=1, ours_open="S,H", theirs_open="C,OBE")
    coiffeur_coach_round(list(_COIFFEUR_HANDS), taker=0, category="H", form="H", played=_COIFFEUR_PLAYED, ours_open="H",
                         theirs_open="-", totals="0:0")


def check_review(args: dict) -> dict:
    """A ``review`` job's ``round`` is the round's text or its replay JSON, never a server file."""
    if "round" in args:
        check_text("round", args["round"], "round", "the round's text (one line each for mode, leader, hand, "
                   "trick...) or its replay JSON")
    return args


def check_equity(args: dict) -> dict:
    """The values an ``equity`` job's caps apply to: a table built is checked with its defaults."""
    values = dict(args)
    if not args.get("shipped"):
        from jass_sim.jass.games.equity import DEFAULT_ROUNDS, DEFAULT_STEP

        values["games"] = args.get("games") or DEFAULT_ROUNDS
        values["step"] = args.get("step") or DEFAULT_STEP
    return values


def _refused(message: str, token: str, field: str) -> InputError:
    exc = InputError(message, token)
    exc.field = field
    return exc


def position(body) -> dict:
    """The position of a round entered at the table (seat 0's view; any seat may be to play), as
    ``Position.to_json()`` plus ``to_play`` (the seat to play next, None at the end), ``winners``
    of the finished tricks, ``finished``, and ``weis_shown`` (the Weis are shown by now,
    :func:`jass_sim.jass.play.position.melds_seen`); an InputError naming the card that breaks a rule."""
    from jass_sim.jass.cards import format_card, mode_option, parse_cards
    from jass_sim.jass.play.api import parse_melds
    from jass_sim.jass.play.position import build_position, melds_seen

    if not isinstance(body, dict):
        raise _refused("the request body must be a JSON object", "body", "body")
    known = {"hand", "mode", "leader", "chooser", "chibred", "played", "melds"}
    for key in body:
        if key not in known:
            raise InputError(f"a position takes no field {key!r} (it takes {', '.join(sorted(known))})", key)
    body = _position_fields(body)
    chooser = body.get("chooser")
    pos = build_position(parse_cards(body.get("hand", ""), count=9), mode_option(body.get("mode", ""), allow_auto=False),
                         body.get("leader", 0), parse_cards(body.get("played", ""), count=None, unique=False),
                         parse_melds(body.get("melds")), chooser=chooser,
                         chibred=body.get("chibred", False), require_turn=False)
    finished = len(pos.tricks) == 9
    doc = pos.to_json()
    doc["to_play"] = None if finished else (pos.trick_leader + len(pos.trick)) % 4
    doc["winners"] = [t["winner"] for t in pos.tricks]
    doc["tricks"] = [{"leader": t["leader"], "cards": [format_card(c) for c in t["cards"]], "winner": t["winner"],
                      "points": t["points"]} for t in pos.tricks]
    doc["finished"] = finished
    # the coach shows the best team's Weis when this says so: the review's rule of what a card knows
    doc["weis_shown"] = bool(melds_seen({0: True}, len(pos.played)))
    return doc


def _position_fields(body: dict) -> dict:
    """The fields of a position, each of its kind (cards, a name, a seat, a flag, melds) or an
    InputError naming it, as the job API's arguments are checked (:mod:`jass_sim.core.api_args`)."""
    from jass_sim.core.api_args import KINDS

    kinds = {"hand": "cards", "played": "cards", "mode": "name", "leader": "whole", "chooser": "whole",
             "chibred": "flag", "melds": "melds"}
    for key in ("hand", "mode"):
        if body.get(key) is None:
            raise _refused(f"a position needs {key}", key, key)
    out = {}
    for key, value in body.items():
        if value is None or (key == "chooser" and value == ""):
            continue
        if key in ("leader", "chooser") and isinstance(value, str) and value.strip().isdigit():
            value = int(value)  # a select's value, as the route always took it
        out[key] = KINDS[kinds[key]](key, value)
        if key in ("leader", "chooser") and not 0 <= out[key] <= 3:
            raise _refused(f"{key} must be a seat 0..3, got {out[key]}", str(out[key]), key)
    return out
