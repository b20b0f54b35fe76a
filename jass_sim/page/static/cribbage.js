// View "Cribbage": four tools in one view, each in its panel: which two cards to the crib (exact over
// every starter and crib), which card to peg (cribbage_peg.js), a whole game against the search bot
// with a coach (cribbage_game.js) and the review of a game (cribbage_review.js).
import { $, $$, el, fmt, clearErrors } from "./dom.js";
import { viewJob } from "./api.js";
import { buildPicker, cardLabel, linkField } from "./cards.js";
import { setupCribPeg } from "./cribbage_peg.js";
import { setupCribGame } from "./cribbage_game.js";
import { setupCribReview } from "./cribbage_review.js";
import { showCribPanel } from "./cribbage_panel.js";

export function setupCribbage() {
  const root = $("#view-cribbage");
  $$("[data-crib-panel]", root).forEach((b) => b.addEventListener("click", () => showCribPanel(b.dataset.cribPanel)));
  const picker = buildPicker($("#cribbage-picker"), { deck: "cribbage", max: 6 });
  linkField($("#cribbage-hand"), picker);
  $('[data-action="cribbage-discard"]', root).addEventListener("click", async () => {
    clearErrors($("#view-cribbage-discard"));
    const dealer = $('input[name="cribbage-role"]:checked', root).value === "dealer";
    await viewJob("cribbage", "cribbage_discard", { hand: $("#cribbage-hand").value, dealer },
                  { render: (doc) => renderDiscards($("#cribbage-result"), doc) });
  });
  setupCribPeg();
  setupCribGame();
  setupCribReview();
}

function renderDiscards(box, doc) {
  box.textContent = "";
  const best = doc.discards[0];
  const show = (cards) => cards.map((c) => cardLabel(c, false, "cribbage")).join(" ");
  box.append(el("p", { class: "sentence", "data-testid": "recommendation" },
    `Put ${show(best.discard)} in ${doc.role === "dealer" ? "your" : "your opponent's"} crib: ${fmt(best.net_ev, 2)} points expected (hand ${fmt(best.hand_ev, 2)} ${doc.role === "dealer" ? "+" : "−"} crib ${fmt(Math.abs(best.crib_ev), 2)}).`));
  const t = el("table", { class: "options" }, el("thead", {}, el("tr", {}, el("th", { text: "discard" }), el("th", { class: "num", text: "hand" }),
    el("th", { class: "num", text: "crib" }), el("th", { class: "num", text: "net" }), el("th", { class: "num", text: "net 10–90%" }))));
  const body = el("tbody");
  for (const d of doc.discards) {
    body.append(el("tr", { "data-discard": d.discard.join(" ") }, el("td", { text: show(d.discard) }), el("td", { class: "num", text: fmt(d.hand_ev, 2) }),
      el("td", { class: "num", text: fmt(d.crib_ev, 2) }), el("td", { class: "num", text: fmt(d.net_ev, 2) }),
      el("td", { class: "num", text: d.net_quantiles ? `${d.net_quantiles.p10}–${d.net_quantiles.p90}` : "" })));
  }
  t.append(body);
  box.append(t, el("p", { class: "note", text: `Exact over every starter card and the opponent's crib cards (opponent model: ${doc.opponent}).` }));
}
