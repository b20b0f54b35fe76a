"""Section 4 of the Jass report: the tables of melds per hand, per deal and the stöck (from
:func:`jass_sim.jass.melds.stats.meld_stats` via the report's tables)."""

from __future__ import annotations

from jass_sim.core.report.text import n_fmt, pct_ci, prob


def blocks(tables: dict, exact: bool) -> list[tuple]:
    """Section 4's meld tables: melds per hand (``exact`` over all hands, or sampled), per deal,
    and the stöck."""
    h, d = tables["melds_hand"], tables["melds_deal"]

    def est(x, ex):
        if x["statistic"].startswith("mean"):
            return f"{x['estimate']:.3f}" + ("" if ex else f" (95% CI {x['ci95_lo']:.3f}–{x['ci95_hi']:.3f})")
        return prob(x["estimate"], x["ci95_lo"], x["ci95_hi"], ex)

    def share(x):
        return pct_ci(x["estimate"], x["ci95_lo"], x["ci95_hi"])

    out = [("table", ["per hand", "estimate", "hands"], [[x["statistic"], est(x, exact), n_fmt(x["n"])]
                                                         for _, x in h.iterrows()], "Melds per hand"),
           ("table", ["per deal", "estimate", "deals"],
            [[x["statistic"], share(x) if x["statistic"].startswith("p_") else est(x, False), n_fmt(x["n"])]
             for _, x in d.iterrows()], "Melds per deal")]
    st = tables["stoeck"]
    out.append(("table", ["stöck", "estimate", "sample"],
                [[x["statistic"], share(x) if x["statistic"] in ("stoeck_ours", "stoeck_theirs")
                  else est(x, x["exact"]), n_fmt(x["n"])] for _, x in st.iterrows()],
                "Stöck: per hand and per deal (any hand), and scored in play per team"))
    return out

