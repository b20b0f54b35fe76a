"""The playthrough conformance suite: the same checks over every registered game's ``State``.

For every game of :data:`jass_sim.registry.GAMES` whose descriptor gives ``new_state`` (a game
without one fails :func:`test_every_game_has_a_state`), and for every option set in its
``state_options``, games are played to the end through the :class:`jass_sim.core.state.State`
interface and the descriptor only (no game is named below):

* random playouts (random legal actions, seeded) from several seeds, and bot playouts: the
  compiled engine's replays (``game.replay(seed, player)`` for the default player and the players
  of the golden replays, and the golden files themselves) read by ``game.replay_actions`` and
  applied to ``game.new_state`` one action at a time;
* at every step: ``legal()`` is non-empty until the end and empty after it (``to_move() == -1``),
  without duplicates, the same when asked again, on a clone and after a JSON round trip, and in
  one order over the whole game (the adjacent pairs of every ``legal()`` list of every playout
  form no cycle); each legal action passes ``can``/``verify`` and applies on a clone (and appends to its history) while the
  state stays as it was (the clone is independent); actions seen legal elsewhere but not here,
  and a junk token, raise :class:`~jass_sim.core.state.IllegalAction` and leave the state
  unchanged; ``to_json()`` survives ``json.dumps`` and ``from_json`` gives an equal state (same
  legal actions, player to move, returns, history); ``cards_dealt()`` has no duplicate and only grows,
  ``cards_played()`` has no duplicate, only grows and holds dealt cards only; every entry of
  ``fixed_totals()`` (the totals the game's rules fix) holds;
* at the end: as many cards dealt as in every other playout of the option set (every card the
  round deals), the replay's ``returns()`` equal to the engine's, and the same seed gives the
  same deal, the same random playout and the same engine replay.

The cheap part (a few seeds, the default player's replays, the golden files) is marked ``nojit``:
scripts/test.sh runs it again with NUMBA_DISABLE_JIT=1 against the plain-Python kernels.
"""

from __future__ import annotations

import json
import random
from graphlib import CycleError, TopologicalSorter
from pathlib import Path

import pytest

from jass_sim.core.state import IllegalAction, State
from jass_sim.registry import GAMES

DATA = Path(__file__).parent.parent / "data"

STATEFUL = [g for g in GAMES if g.new_state is not None]
OPTION_SETS = [(g, opts) for g in STATEFUL for opts in g.state_options + g.variant_options]
#: The replays of the games' variants (another State from the same ``new_state``).
VARIANT_REPLAYS = [(g, replay) for g in STATEFUL for replay in g.variant_replays]
#: Random playouts per option set: the nojit stage plays the kernels as plain Python, so fewer.
CHEAP_SEEDS = range(2)
MORE_SEEDS = range(2, 6)
JUNK = "no-such-action"


def _id(x):
    if isinstance(x, dict):
        return ",".join(f"{k}={v}" for k, v in x.items()) or "defaults"
    return getattr(x, "name", str(x))


def _bot_players(game) -> list[str]:
    """The default player, then the players of the golden replays."""
    return list(dict.fromkeys([game.default_player] + [g.player for g in game.golden]))


@pytest.mark.nojit
@pytest.mark.parametrize("game", GAMES, ids=_id)
def test_every_game_has_a_state(game):
    missing = [f for f in ("new_state", "replay_actions") if getattr(game, f) is None]
    assert not missing, (f"game {game.name!r} has no {' or '.join(missing)} in its descriptor: the playthrough "
                         f"suite cannot play it (issue 50: every game gives a State)")
    assert game.state_options, f"game {game.name!r}: state_options is empty"


class Playout:
    """Checks the steps of one playout; what is seen across playouts is kept by the caller."""

    def __init__(self, state: State, seen: set[str], edges: dict[str, set[str]]):
        self.state, self.seen, self.edges = state, seen, edges
        self.dealt: list[str] = []
        self.played: list[str] = []
        self.width = len(state.returns())

    def check(self) -> None:
        """Every check of the module docstring on the current state (which it leaves as it was)."""
        s = self.state
        where = f"{s.game} after {s.history}"
        before = s.to_json()
        legal = s.legal()
        assert s.legal() == legal, f"{where}: legal() changed when asked again"
        assert len(set(legal)) == len(legal), f"{where}: duplicate legal actions {legal}"
        if s.is_terminal():
            assert legal == [] and s.to_move() == -1, f"{where}: terminal with legal {legal}, to_move {s.to_move()}"
        else:
            assert legal, f"{where}: no legal action before the end"
            assert isinstance(s.to_move(), int) and s.to_move() >= 0, f"{where}: to_move() {s.to_move()!r}"
        for a, b in zip(legal, legal[1:]):
            self.edges.setdefault(a, set()).add(b)
        # each legal action applies on a clone; the clone is independent
        for action in legal:
            assert s.can(action) and s.verify(action) == action, f"{where}: {action!r} is legal but refused"
            c = s.clone()
            assert c == s and c is not s, f"{where}: clone() is not an equal copy"
            c.apply(action)
            assert c.history == s.history + [action], f"{where}: {action!r} not recorded in the history"
            assert s.legal() == legal, f"{where}: applying {action!r} to a clone changed the state"
        assert s.to_json() == before, f"{where}: applying {legal} to clones changed the state"
        # actions that are not legal here are refused, and nothing changes
        refused = sorted(self.seen - set(legal))[:4] + [JUNK]
        for action in refused:
            assert not s.can(action), f"{where}: can({action!r}) though it is not in legal()"
            with pytest.raises(IllegalAction):
                s.apply(action)
        assert s.to_json() == before, f"{where}: refusing {refused} changed the state"
        self.seen.update(legal)
        # JSON round trip
        doc = json.loads(json.dumps(s.to_json()))
        r = type(s).from_json(doc)
        assert r == s, f"{where}: from_json(to_json()) differs"
        assert (r.history, r.legal(), r.to_move(), r.is_terminal(), r.returns()) == \
               (s.history, legal, s.to_move(), s.is_terminal(), s.returns()), f"{where}: the JSON copy plays differently"
        # cards: dealt once, played at most once, only dealt cards played; both lists only grow
        dealt, played = s.cards_dealt(), s.cards_played()
        assert len(set(dealt)) == len(dealt), f"{where}: a card dealt twice in {dealt}"
        assert set(self.dealt) <= set(dealt), f"{where}: dealt cards vanished"
        assert len(set(played)) == len(played), f"{where}: a card played twice in {played}"
        assert played[:len(self.played)] == self.played, f"{where}: cards_played() rewrote its past"
        assert set(played) <= set(dealt), f"{where}: played cards never dealt: {set(played) - set(dealt)}"
        self.dealt, self.played = dealt, played
        # the totals the rules fix; the returns keep their width
        totals = s.fixed_totals()
        assert totals, f"{where}: fixed_totals() is empty"
        for what, (fixed, found) in totals.items():
            assert found == fixed, f"{where}: {what}: {found} where the rules fix {fixed}"
        assert len(s.returns()) == self.width and all(isinstance(x, (int, float)) for x in s.returns())

    def play(self, actions) -> None:
        """Check, apply each action of ``actions`` (an iterable that may read the state), check at the end."""
        for action in actions:
            self.check()
            self.state.apply(action)
        self.check()
        assert self.state.is_terminal(), f"{self.state.game}: not over after {self.state.history}"
        with pytest.raises(IllegalAction):
            self.state.apply(JUNK)


def _random_actions(state: State, rng: random.Random):
    while not state.is_terminal():
        yield rng.choice(state.legal())


def _random_playout(game, options, seed, seen, edges) -> State:
    state = game.new_state(seed, **options)
    Playout(state, seen, edges).play(_random_actions(state, random.Random(seed)))
    return state


def _check_order(game, edges):
    try:
        tuple(TopologicalSorter(edges).static_order())
    except CycleError as e:
        pytest.fail(f"{game.name}: legal() lists the actions in no fixed order (cycle {e.args[1]})")


def _random_playouts(game, options, seeds):
    seen, edges = set(), {}
    ends = {seed: _random_playout(game, options, seed, seen, edges) for seed in seeds}
    _check_order(game, edges)
    sizes = {len(s.cards_dealt()) for s in ends.values()}
    assert len(sizes) == 1, f"{game.name} {options}: rounds dealt {sorted(sizes)} cards"
    # the same seed: the same deal, the same playout; another seed: another deal
    first = seeds[0]
    assert game.new_state(first, **options) == game.new_state(first, **options)
    assert game.new_state(first, **options) != game.new_state(first + 1, **options)
    assert _random_playout(game, options, first, set(), {}) == ends[first]


@pytest.mark.nojit
@pytest.mark.parametrize("game, options", OPTION_SETS, ids=_id)
def test_random_playouts(game, options):
    _random_playouts(game, options, CHEAP_SEEDS)


@pytest.mark.parametrize("game, options", OPTION_SETS, ids=_id)
def test_more_random_playouts(game, options):
    _random_playouts(game, options, MORE_SEEDS)


def _replay(game, doc) -> State:
    """Apply the engine's actions of the replay document ``doc`` to a new state; its returns must be the engine's."""
    options, actions, returns = game.replay_actions(doc)
    state = game.new_state(**options)
    Playout(state, set(), {}).play(actions)
    assert state.returns() == returns, f"{game.name} {options}: the state returns {state.returns()}, the engine {returns}"
    return state


@pytest.mark.nojit
@pytest.mark.parametrize("game", STATEFUL, ids=_id)
def test_golden_replays_play_through_the_state(game):
    assert game.golden, f"{game.name} has no golden replay"
    for g in game.golden:
        doc = json.loads((DATA / g.file).read_text(encoding="utf-8"))
        _replay(game, doc[g.key] if g.key else doc)


@pytest.mark.nojit
@pytest.mark.parametrize("game", STATEFUL, ids=_id)
def test_default_players_replay_plays_through_the_state(game):
    _replay(game, game.replay(11, game.default_player))


@pytest.mark.parametrize("game", STATEFUL, ids=_id)
def test_bot_replays_play_through_the_state(game):
    # (played twice only here: a Cribbage replay plays a whole game, slow as plain Python)
    assert game.replay(12, game.default_player) == game.replay(12, game.default_player)  # same seed, same trace
    for player in _bot_players(game):
        for seed in (12, 13, 14):
            _replay(game, game.replay(seed, player))


@pytest.mark.nojit
@pytest.mark.parametrize("game, variant_replay", VARIANT_REPLAYS, ids=lambda x: _id(x) if not callable(x) else x.__name__)
def test_variant_replays_play_through_the_state(game, variant_replay):
    _replay(game, variant_replay(11))


@pytest.mark.parametrize("game, variant_replay", VARIANT_REPLAYS, ids=lambda x: _id(x) if not callable(x) else x.__name__)
def test_more_variant_replays_play_through_the_state(game, variant_replay):
    assert variant_replay(12) == variant_replay(12)  # same seed, same trace
    for seed in (12, 13, 14):
        _replay(game, variant_replay(seed))
