"""One test (or a few) per Basra rule of docs/basra.md, invariants, games, threads."""

from __future__ import annotations

import numba
import numpy as np
import pytest

from jass_sim.basra import _play as P
from jass_sim.basra.cards import CARD_POINTS, FULL_DECK, cards_to_mask, mask_to_cards, parse_card, parse_cards
from jass_sim.basra.rules import BasraRules, capture, get_rules, score_piles
from jass_sim.core.errors import InputError
from jass_sim.core.rng import block_states

LEAFLET = BasraRules()
SEVEN = BasraRules(seven_diamonds=True)


def cap(card: str, table: str, rules=LEAFLET):
    got, basra = capture(parse_card(card), cards_to_mask(parse_cards(table, "t")), rules)
    return {c for c in mask_to_cards(got)}, basra


def cs(text: str) -> set[int]:
    return set(parse_cards(text, "t"))


def test_card_points_make_13_and_the_leaflet_values():
    assert CARD_POINTS.sum() == 13
    assert CARD_POINTS[parse_card("D10")] == 3 and CARD_POINTS[parse_card("C2")] == 2
    assert all(CARD_POINTS[parse_card(s + r)] == 1 for s in "CDHS" for r in "AJ")
    assert CARD_POINTS[parse_card("H10")] == 0 and CARD_POINTS[parse_card("D2")] == 0
    assert LEAFLET.deal_points == 16 and BasraRules(majority=30).deal_points == 43


def test_jack_sweeps_the_table_and_is_a_basra_only_on_a_lone_jack():
    assert cap("HJ", "CK DQ S5 HA") == (cs("CK DQ S5 HA"), False)
    assert cap("HJ", "S5") == (cs("S5"), False)
    assert cap("HJ", "SJ") == (cs("SJ"), True)
    assert cap("HJ", "SJ CJ") == (cs("SJ CJ"), False)
    assert cap("HJ", "") == (set(), False)  # stays on the table


def test_queen_and_king_take_only_their_rank():
    assert cap("HQ", "CQ DQ CK S2") == (cs("CQ DQ"), False)
    assert cap("HQ", "CK") == (set(), False)
    assert cap("HK", "CK") == (cs("CK"), True)
    assert cap("H10", "CQ") == (set(), False)


def test_numeral_takes_its_rank_and_sums_and_basra_when_the_table_empties():
    assert cap("H5", "C5 D5") == (cs("C5 D5"), True)
    assert cap("H5", "C2 D3 S5 HK") == (cs("C2 D3 S5"), False)
    assert cap("H9", "C4 D5") == (cs("C4 D5"), True)
    assert cap("HA", "C2") == (set(), False)


def test_seven_of_diamonds_variant_sweeps_and_is_a_basra_when_a_seven_would_clear():
    assert cap("D7", "C3 D4 SK", SEVEN) == (cs("C3 D4 SK"), False)
    assert cap("D7", "C3 D4", SEVEN) == (cs("C3 D4"), True)
    assert cap("D7", "C3 D4 SK") == (cs("C3 D4"), False)  # leaflet: an ordinary 7
    assert cap("C7", "C3 D4 SK", SEVEN) == (cs("C3 D4"), False)


def test_compulsory_variant_restricts_to_capturing_cards():
    hand, table = cards_to_mask(cs("H5 SK C9")), cards_to_mask(cs("D5 C3"))
    assert set(mask_to_cards(P.legal_cards(hand, table, BasraRules(compulsory=True).array()))) == cs("H5")
    assert P.legal_cards(hand, table, LEAFLET.array()) == hand
    nothing = cards_to_mask(cs("SK C9"))
    assert P.legal_cards(nothing, table, BasraRules(compulsory=True).array()) == nothing


def test_card_that_captures_nothing_stays_and_last_capture_is_not_a_basra():
    deals = np.zeros((4, 4), dtype=np.uint64)
    deals[0, 0] = cards_to_mask(cs("H5 S9"))
    deals[0, 1] = cards_to_mask(cs("CK D2"))
    st, ist = np.zeros(7, np.uint64), np.zeros(8, np.int64)
    r = LEAFLET.array()
    P.start_round(deals, cards_to_mask(cs("C5 D3")), st, ist)
    got, basra = P.apply_move(st, ist, 0, parse_card("H5"), r, deals, 2)
    assert set(mask_to_cards(got)) == cs("C5") and not basra and ist[P.I_LAST] == 0
    got, basra = P.apply_move(st, ist, 1, parse_card("CK"), r, deals, 2)
    assert got == 0 and set(mask_to_cards(st[P.S_TABLE])) == cs("D3 CK")
    left = P.finish_round(st, ist, 1)
    assert set(mask_to_cards(left)) == cs("D3 CK") and ist[P.I_BAS] == 0 and ist[P.I_BAS + 1] == 0
    assert set(mask_to_cards(st[P.S_PILE])) == cs("H5 C5 D3 CK")


def test_majority_three_to_more_than_26_none_on_a_tie_and_30_as_variant():
    half = cards_to_mask(range(26))
    rest = FULL_DECK & ~half
    tie = score_piles([half, rest], [0, 0])
    assert [s["majority"] for s in tie] == [0, 0] and sum(s["cards"] for s in tie) == 13
    more = cards_to_mask(range(27))
    assert [s["majority"] for s in score_piles([more, FULL_DECK & ~more], [1, 0])] == [3, 0]
    s = score_piles([more, FULL_DECK & ~more], [1, 0], BasraRules(majority=30))
    assert s[0]["majority"] == 30 and s[0]["basras"] == 10


@pytest.mark.parametrize("n", [2, 4])
def test_dealing_gives_four_to_the_table_and_six_each_per_deal(n):
    rng = block_states(5, 0, 1)[0]
    deck = np.arange(52, dtype=np.int64)
    deals = np.zeros((P.n_deals(n), 4), dtype=np.uint64)
    table = P.deal_round(rng, deck, n, deals)
    assert P.n_deals(n) == {2: 4, 4: 2}[n]
    assert int(table).bit_count() == 4
    union = int(table)
    for k in range(P.n_deals(n)):
        for s in range(n):
            assert int(deals[k, s]).bit_count() == 6 and not union & int(deals[k, s])
            union |= int(deals[k, s])
    assert union == int(FULL_DECK)


@pytest.mark.parametrize("n, rules", [(2, "leaflet"), (4, "leaflet"), (2, "seven-diamonds+majority-30")])
def test_invariants_52_cards_captured_and_16_points_per_deal(n, rules):
    r = get_rules(rules)
    rng = block_states(9, 0, 1)[0]
    deck = np.arange(52, dtype=np.int64)
    deals = np.zeros((P.n_deals(n), 4), dtype=np.uint64)
    st, ist = np.zeros(7, np.uint64), np.zeros(8, np.int64)
    no_i, no_u = np.zeros((0, 3), np.int64), np.zeros((0, 2), np.uint64)
    for i in range(300):
        table0 = P.deal_round(rng, deck, n, deals)
        pols = np.full(4, i % 2, dtype=np.int64)
        P.play_round(deals, table0, n, i % n, r.array(), pols, np.array([2]), rng, st, ist, no_i, no_u)
        assert st[P.S_PILE] & st[P.S_PILE + 1] == 0 and st[P.S_PILE] | st[P.S_PILE + 1] == FULL_DECK
        assert ist[P.I_CNT] + ist[P.I_CNT + 1] == 52 and st[P.S_TABLE] == 0
        assert all(int(st[s]) == 0 for s in range(4))
        majority = sum(P.majority_points(ist, side, r.array()) for side in range(2))
        tie = ist[P.I_CNT] == 26
        assert ist[P.I_PTS] + ist[P.I_PTS + 1] + majority == (13 if tie else r.deal_points)


def test_game_goes_to_101_and_ties_play_on_with_the_dealer_rotating():
    """The game kernel (first game of a block, both plays) against a loop of play_round on the
    same random streams: rounds until a side has 101 or more and the scores differ."""
    from jass_sim.basra._batch import GAMES, run_blocks

    r = LEAFLET.array()
    for seed in range(4):
        n = 2 + 2 * (seed % 2)
        deck_state, play_state = block_states(seed, 0, 1, 0), block_states(seed, 0, 1, 1)
        rows = np.zeros((2 * 1024, 8), np.int64)
        run_blocks(GAMES, deck_state, play_state, np.array([1]), n, r, 0, 1, 0, 0, np.array([2]), 101, rows)
        rng = play_state[0].copy()
        for k, first_dealer in enumerate((n - 1, 0)):
            deck_rng, deck = deck_state[0].copy(), np.arange(52, dtype=np.int64)
            deals = np.zeros((P.n_deals(n), 4), dtype=np.uint64)
            st, ist = np.zeros(7, np.uint64), np.zeros(8, np.int64)
            no_i, no_u = np.zeros((0, 3), np.int64), np.zeros((0, 2), np.uint64)
            pols = np.array([0, 1, 0, 1])
            score, rounds, dealer = [0, 0], 0, first_dealer
            while True:
                table0 = P.deal_round(deck_rng, deck, n, deals)
                P.play_round(deals, table0, n, dealer, r, pols, np.array([2]), rng, st, ist, no_i, no_u)
                score = [score[s] + int(P.side_total(ist, s, r)) for s in range(2)]
                rounds += 1
                dealer = (dealer + 1) % n
                if max(score) >= 101 and score[0] != score[1]:
                    break
            assert list(rows[k, :6]) == [(first_dealer + 1) % n % 2, 0, int(score[1] > score[0]), rounds, *score]


def test_results_do_not_depend_on_threads():
    from jass_sim.basra.analysis import duel_table, simulate_table

    if numba.config.NUMBA_NUM_THREADS < 2:
        pytest.skip("needs 2 threads")
    one = simulate_table(2100, 2, LEAFLET, "random", games=30, seed=3, threads=1)
    two = simulate_table(2100, 2, LEAFLET, "random", games=30, seed=3, threads=2)
    assert one.equals(two)
    one = duel_table("greedy", "random", 1100, 4, LEAFLET, games=10, seed=4, threads=1)
    two = duel_table("greedy", "random", 1100, 4, LEAFLET, games=10, seed=4, threads=2)
    assert one.equals(two)


def test_rules_names_round_trip_and_unknown_is_an_input_error():
    assert get_rules("leaflet") == LEAFLET
    r = get_rules("compulsory+seven-diamonds")
    assert r.name == "seven-diamonds+compulsory" and get_rules(r.name) == r
    with pytest.raises(InputError) as e:
        get_rules("leaflet+bogus")
    assert e.value.token == "bogus"


def test_numeral_takes_eighteen_sums_of_ten_from_a_full_table():
    """The deepest search: A..9 of every suit are 18 disjoint sums of 10 (A+9, 2+8, 3+7, 4+6,
    5+5), all taken by a 10, with a King left behind."""
    table = " ".join(s + r for s in "CDHS" for r in "A23456789") + " SK"
    assert cap("H10", table) == (cs(table) - cs("SK"), False)
    assert cap("H10", table.replace(" SK", "")) == (cs(table) - cs("SK"), True)
    # one 5 fewer: the odd 5 stays
    assert cap("H10", table.replace("S5 ", "").replace(" SK", "")) == (cs(table) - cs("SK S5 H5"), False)


def test_advise_does_not_depend_on_threads():
    from jass_sim.basra.advice import advise

    if numba.config.NUMBA_NUM_THREADS < 2:
        pytest.skip("needs 2 threads")
    hand, table = parse_cards("HJ D10 C5 S3 HK H7", "h"), parse_cards("C2 D3 S4 HA", "t")
    one = advise(hand, table, [], 2, samples=1500, seed=8, threads=1)
    two = advise(hand, table, [], 2, samples=1500, seed=8, threads=2)
    assert one == two


@pytest.mark.slow
def test_stronger_players_win_on_duplicate_deals():
    """Greedy beats random, search beats greedy, memory helps search (95% CIs above 0)."""
    from jass_sim.basra.analysis import duel_table

    for a, b, deals in (("greedy", "random", 4000), ("search", "greedy", 400), ("search", "search-nomem", 400)):
        t = duel_table(a, b, deals, 2, LEAFLET, seed=11).set_index("figure")
        assert t.loc["A minus B", "ci95_lo"] > 0, (a, b, t.loc["A minus B"].to_dict())
