"""Our players inside the ``schieber`` package (PyPI ``schieber==0.1.10``, pure Python; import name
``schieber``; ``pip install 'jass-sim[bots]'``).

:class:`JassSimPlayer` is a ``schieber.player.base_player.BasePlayer``: ``choose_trumpf`` by our
mode chooser (:func:`~jass_sim.jass.play.choose.choose_mode_for`; ``SCHIEBEN`` is our chibre) and
``choose_card`` by :func:`jass_sim.choose_card`. :func:`play_round` plays one round of a given deal
and mode with four schieber players (the duplicate deals of ``benchmarks/bench_external.py``).

What schieber does (read from its ``game.py``, ``stich.py``, ``rules/*.py`` and checked by running it):

- **Seats**: ``Game.players`` is ``[team0[0], team1[0], team0[1], team1[1]]`` (a ``Tournament``
  registers players 0..3 in that order) and a trick goes up the list: ``start, start+1, ...``,
  the same direction as our seats (``players[s]`` is our seat ``s``). The challenge player's card
  counter reads ``player.id`` as that index, so ids must be 0..3 in seat order. The adapter itself
  does not need the ids: every trick holds its own card, so it numbers the seats from itself (seat
  0) by the order of the cards in each trick (``state['stiche']`` and ``state['table']``).
- **Cards**: ``Card(suit, value)``, suits ``ROSE BELL ACORN SHIELD``, values 6..14 (10 Banner, 11
  Under, 12 Ober, 13 König, 14 Ass); in the state as strings ``<ROSE:Ass>``. Ours, by the Swisslos
  mapping of ``README.md``: Rosen ♥ ``H``, Eichel ♦ ``D``, Schilten ♠ ``S``, Schellen ♣ ``C``, so
  ``ROSE`` H, ``ACORN`` D, ``SHIELD`` S, ``BELL`` C; rank = value - 6.
- **Trumpf**: ``OBE_ABE``, ``UNDE_UFE``, a suit name, ``SCHIEBEN`` (push: the partner chooses and
  may not push back); the forehand (``start_player_index``) leads the first trick either way, as
  in our rules (``geschoben`` = our ``chibred``).
- **Rules**: no melds (Weis) and no stöck at all, no match bonus (a team taking all nine tricks
  scores 157), 5 for the last trick; ``use_counting_factor`` (off by default) multiplies.
  Legal cards (``rules/stich_rules.card_allowed``) agree with ``docs/rules.md`` but for one case:
  a player who holds only trumps may not undertrump when one of its trumps would beat the trump in
  the trick (it must overtrump); our rules let it play any trump. A card schieber refuses is
  recorded in :attr:`JassSimPlayer.log` and replaced by the lowest card legal under both.
"""

from __future__ import annotations

from schieber.card import Card, from_string_to_card
from schieber.game import Game
from schieber.player.base_player import BasePlayer
from schieber.rules.stich_rules import allowed_cards
from schieber.suit import Suit
from schieber.team import Team
from schieber.trumpf import Trumpf

from jass_sim.bots.common import DecisionLog, Disagreement, check_policy_name, fallback_card, our_legal
from jass_sim.jass.players import DEFAULT_CHOOSER

__all__ = ["JassSimPlayer", "card_to_schieber", "card_from_schieber", "mode_to_trumpf", "mode_from_trumpf",
           "play_round"]

_SUITS = (Suit.ROSE, Suit.ACORN, Suit.SHIELD, Suit.BELL)  # ours H D S C


def card_to_schieber(card: int) -> Card:
    """schieber's ``Card`` of our card number (``suit * 9 + rank``, suits H D S C, ranks 6..A)."""
    return Card(suit=_SUITS[int(card) // 9], value=int(card) % 9 + 6)


def card_from_schieber(card) -> int:
    """Our card number of a schieber ``Card`` or its string (``<ROSE:Ass>``)."""
    if isinstance(card, str):
        card = from_string_to_card(card)
    return _SUITS.index(card.suit) * 9 + card.value - 6


def mode_to_trumpf(mode: int) -> Trumpf:
    """schieber's ``Trumpf`` of our mode (0..3 trump H D S C, 4 obe-abe, 5 une-ufe)."""
    mode = int(mode)
    if mode == 4:
        return Trumpf.OBE_ABE
    if mode == 5:
        return Trumpf.UNDE_UFE
    return Trumpf[_SUITS[mode].name]


def mode_from_trumpf(trumpf) -> int:
    """Our mode of a schieber ``Trumpf`` (or its name); ``SCHIEBEN`` is no mode (ValueError)."""
    name = trumpf if isinstance(trumpf, str) else trumpf.name
    if name == "OBE_ABE":
        return 4
    if name == "UNDE_UFE":
        return 5
    for i, suit in enumerate(_SUITS):
        if suit.name == name:
            return i
    raise ValueError(f"schieber trumpf {name!r} is not a mode")


class JassSimPlayer(BasePlayer):
    """A schieber player that plays as jass-sim's ``policy`` (one of
    :data:`~jass_sim.jass.play.choose.FAIR_POLICIES`) and chooses trump by our ``chooser`` model
    (``fitted``, the default, or ``evaluator``).

    :attr:`log` counts the decisions and keeps every card schieber refused (with both legal sets);
    the refused card is replaced by the lowest card legal under both rule sets.
    """

    def __init__(self, name: str = "jass-sim", seed=None, trumps: str = "all", policy: str = "net",
                 chooser: str = DEFAULT_CHOOSER, rules: str = "chibre"):
        super().__init__(name=name, seed=seed, trumps=trumps)
        self.policy = check_policy_name(policy)
        self.chooser = chooser
        self.rules = rules
        self.log = DecisionLog()

    def get_dict(self):
        return dict(name=self.name, type=f"{type(self).__name__}({self.policy})")

    # --- trump ---------------------------------------------------------------------------------
    def trumpf_for(self, geschoben: bool) -> Trumpf:
        from jass_sim.jass.play.choose import choose_mode_for

        if self.trumps == "obe_abe":
            return Trumpf.OBE_ABE
        mode = choose_mode_for([card_from_schieber(c) for c in self.cards], may_chibre=not geschoben,
                               rules=self.rules, chooser=self.chooser)
        return Trumpf.SCHIEBEN if mode is None else mode_to_trumpf(mode)

    def choose_trumpf(self, geschoben):
        allowed = yield self.trumpf_for(bool(geschoben))
        while not allowed:  # never: we push only when we may
            allowed = yield self.trumpf_for(True)
        yield None

    # --- cards ---------------------------------------------------------------------------------
    def card_for(self, state) -> tuple[int, list[int]]:
        """Our card for ``state`` (schieber's ``Game.get_status()``) and the legal cards by our rules."""
        import jass_sim

        mode = mode_from_trumpf(state["trumpf"])
        pairs: list[tuple[int, int]] = []
        for stich in state["stiche"]:
            ids = [entry["player_id"] for entry in stich["played_cards"]]
            mine = ids.index(self.id)
            pairs += [((k - mine) % 4, card_from_schieber(entry["card"]))
                      for k, entry in enumerate(stich["played_cards"])]
        table = state["table"]
        trick = [card_from_schieber(entry["card"]) for entry in table]
        pairs += [((k - len(table)) % 4, c) for k, c in enumerate(trick)]
        leader = pairs[0][0] if pairs else 0
        geschoben = bool(state["geschoben"])
        held = [card_from_schieber(c) for c in self.cards]
        ours = our_legal(held, trick, mode)
        seed = (self.seed or 0) * 64 + len(pairs)
        chosen = jass_sim.choose_card(self.policy, held, mode=mode_to_name(mode),
                                      chooser=(leader + 2) % 4 if geschoben else leader, chibred=geschoben,
                                      played=pairs, rules=self.rules, seed=seed)
        return chosen.card, ours

    def choose_card(self, state=None):
        from jass_sim.core.errors import InputError

        mode = mode_from_trumpf(state["trumpf"])
        trick = [card_from_schieber(entry["card"]) for entry in state["table"]]
        theirs = [card_from_schieber(c) for c in self.allowed_cards(state=state)]
        self.log.decisions += 1
        try:
            card, ours = self.card_for(state)
        except InputError as exc:  # a history our rules refuse (a card of another player)
            ours = our_legal([card_from_schieber(c) for c in self.cards], trick, mode)
            card = fallback_card(theirs, ours)
            self.log.disagreements.append(Disagreement(self.name, card, theirs, ours, trick, mode, card,
                                                       f"our rules refuse the history: {exc}"))
        allowed = yield card_to_schieber(card)
        while not allowed:
            replacement = fallback_card(theirs, ours)
            self.log.disagreements.append(Disagreement(self.name, card, theirs, ours, trick, mode, replacement,
                                                       "schieber refuses our card"))
            card = replacement
            allowed = yield card_to_schieber(card)
        yield None


def mode_to_name(mode: int) -> str:
    from jass_sim.jass.cards import mode_name

    return mode_name(mode)


def play_round(players, hands, start: int, trumpf: Trumpf | None = None, geschoben: bool = False) -> dict:
    """Play one round of schieber with ``players`` (four ``BasePlayer``, seats 0..3: team 0 is seats
    0 and 2) dealt ``hands`` (four lists of our card numbers), the forehand ``start`` choosing the
    trumpf (or ``trumpf`` and ``geschoben`` fixed: both sides of a duplicate deal get the same).

    Returns ``{"trumpf", "geschoben", "points": [team 0, team 1], "tricks": [{"leader", "cards",
    "winner"}], "illegal": [(seat, card, schieber legal, our legal)]}``: card points only (schieber
    has no melds and no match bonus), and every card a player played that our rules refuse.
    """
    players = list(players)
    for seat, player in enumerate(players):
        player.id = seat  # the challenge player's card counter reads the seat from its id
        player.cards = []
    game = Game(teams=[Team(players=[players[0], players[2]]), Team(players=[players[1], players[3]])],
                point_limit=10**9, seed=None)
    for team in game.teams:
        team.reset_points()
    game.dealer.shuffle_cards = lambda seed=None: None
    game.dealer.deal_cards = lambda: [players[s].set_card(card_to_schieber(c))
                                      for s in range(4) for c in sorted(hands[s])]
    if trumpf is not None:
        def fixed(start_player_index):
            game.trumpf, game.geschoben = trumpf, geschoben
            return trumpf
        game.define_trumpf = fixed
    held = [set(h) for h in hands]
    illegal = []
    original = game.play_card

    def checked_play_card(table_cards, player):
        seat = game.players.index(player)
        trick = [card_from_schieber(pc.card) for pc in table_cards]
        mode = mode_from_trumpf(game.trumpf)
        ours = our_legal(held[seat], trick, mode)
        theirs = [card_from_schieber(c) for c in allowed_cards(hand_cards=player.cards,
                                                                   table_cards=[pc.card for pc in table_cards],
                                                                   trumpf=game.trumpf)]
        card = original(table_cards, player)
        c = card_from_schieber(card)
        held[seat].discard(c)
        if c not in ours:
            illegal.append((seat, c, theirs, ours, trick, mode))
        return card

    game.play_card = checked_play_card
    game.play(start_player_index=start, whole_rounds=True)
    tricks = []
    for stich in game.stiche:
        seats = [game.players.index(pc.player) for pc in stich.played_cards]
        tricks.append({"leader": seats[0], "seats": seats,
                       "cards": [card_from_schieber(pc.card) for pc in stich.played_cards],
                       "winner": game.players.index(stich.player)})
    return {"trumpf": game.trumpf, "geschoben": game.geschoben, "points": [t.points for t in game.teams],
            "tricks": tricks, "illegal": illegal}
