"""What play-advice and review say they computed (issue 33 items 8, 12, 13)."""

from __future__ import annotations

import jass_sim

HANDS = "HJ H9 HA SK SQ D6 C7 C8 CT;H6 H7 H8 S7 S8 S9 D8 D9 DT;D7 HT HQ HK ST SJ DJ DQ DK;S6 SA DA C6 C9 CJ CQ CK CA"


def test_known_hands_say_one_play_out_unless_exact():
    net = jass_sim.play_advice(hands=HANDS, mode="S", leader=2, played="D7 S6", policy="net")
    assert "one play-out by net, all hands known" in net.sentence and "exact" not in net.sentence
    dd = jass_sim.play_advice(hands=HANDS, mode="S", leader=2, played="D7 S6", policy="dd")
    assert "exact play, all hands known" in dd.sentence
    # the case of the issue: net's single play-out and exact play disagree, so "exact" would mislead
    assert net.recommendation != dd.recommendation


def test_the_leader_line_reads_as_a_sentence():
    lead = str(jass_sim.play_advice("HJ H9 HA SK SQ D6 C7 C8 CT", mode="H", samples=4, policy="heuristic"))
    assert "seat 0 leads;" in lead and "led: (" not in lead
    follow = str(jass_sim.play_advice(hands=HANDS, mode="S", leader=2, played="D7 S6", policy="heuristic"))
    assert "seat 2 led: ♦7 ♠6;" in follow


def test_review_names_the_card_played_when_it_is_as_good_as_the_best():
    r = jass_sim.replay(1, policy="heuristic")
    rv = jass_sim.review(r, team=0, policy="heuristic", samples=30, rate_mode=False)
    zero = [d for d in rv.decisions if d.verdict != "forced" and d.loss == 0 and (d.ci95 is None or d.ci95 == (0, 0))]
    assert all(d.best == d.played for d in zero), [(d.played, d.best) for d in zero]
    even = [d for d in rv.decisions if d.verdict != "forced" and d.hindsight_loss == 0]
    assert even and all(d.hindsight_best == d.played for d in even), [(d.played, d.hindsight_best) for d in even]


def test_review_after_a_chibre_rates_the_chibre_first(tmp_path):
    path = tmp_path / "round.txt"
    path.write_text("mode H\nleader 2\nchooser 0\nchibred yes\n"
                    "hand 0: HJ H9 HA SK SQ D6 C7 C8 CT\nhand 2: D7 HT HQ HK ST SJ DJ DQ DK\n")
    rv = jass_sim.review(path, team=0, policy="heuristic", samples=40)
    assert [(d.kind, d.seat, d.played) for d in rv.decisions] == [("mode", 2, "chibre"), ("mode", 0, "H")]
    page = rv.html()
    assert "<h1>Review of seats 0, 2" in page and "Review: review" not in page


def test_review_plot_has_a_legend_of_the_verdict_colours(monkeypatch):
    import matplotlib.figure

    from jass_sim.jass.play.review import plot_losses

    seen = {}
    real = matplotlib.figure.Figure.savefig

    def keep(fig, *args, **kwargs):
        seen["labels"] = [t.get_text() for t in fig.axes[0].get_legend().get_texts()]
        return real(fig, *args, **kwargs)

    monkeypatch.setattr(matplotlib.figure.Figure, "savefig", keep)
    rv = jass_sim.review(jass_sim.replay(1, policy="heuristic"), team=0, policy="heuristic", samples=30,
                         rate_mode=False)
    plot_losses(rv)
    shown = {d.verdict for d in rv.decisions}
    assert {f"verdict: {v}" for v in shown} <= set(seen["labels"])
