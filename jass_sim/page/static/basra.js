// View "Basra": which card to play, over sampled worlds.
import { $, el, fmt, signed, clearErrors, numberOrNull } from "./dom.js";
import { viewJob } from "./api.js";
import { buildPicker, cardLabel, linkField } from "./cards.js";

export function setupBasra() {
  const root = $("#view-basra");
  const picker = buildPicker($("#basra-picker"), { deck: "basra", max: 8 });
  linkField($("#basra-hand"), picker);
  $('[data-action="basra-advise"]', root).addEventListener("click", async () => {
    clearErrors(root);
    const args = { hand: $("#basra-hand").value, table: $("#basra-table").value, played: $("#basra-played").value,
                   players: Number($("#basra-players").value) };
    const samples = numberOrNull($("#basra-samples"));
    if (samples !== null) args.samples = samples;
    await viewJob("basra", "basra_advise", args, { render: (doc) => renderBasra($("#basra-result"), doc) });
  });
}

function renderBasra(box, doc) {
  box.textContent = "";
  box.append(el("p", { class: "sentence", "data-testid": "recommendation" }, doc.sentence || `Play ${doc.cards[0].card}.`));
  const t = el("table", { class: "options" }, el("thead", {}, el("tr", {}, el("th", { text: "card" }), el("th", { class: "num", text: "our points [95% CI]" }),
    el("th", { class: "num", text: "against the best" }), el("th", { class: "num", text: "opponent Basra next" }))));
  const body = el("tbody");
  for (const c of doc.cards) {
    const [lo, hi] = c.ci95_vs_best || [0, 0];
    const noise = c.vs_best !== 0 && lo <= 0 && hi >= 0;
    body.append(el("tr", { "data-card-row": c.card, class: noise ? "noise" : "" }, el("td", { text: cardLabel(c.card, false, "basra") }),
      el("td", { class: "num", text: `${fmt(c.points)} [${fmt(c.ci95[0])}, ${fmt(c.ci95[1])}]` }),
      el("td", { class: "num", text: c.vs_best === 0 ? "best" : `${signed(c.vs_best)} [${signed(lo)}, ${signed(hi)}]` }),
      el("td", { class: "num", text: `${(100 * c.p_opponent_basra_next).toFixed(1)}%` })));
  }
  t.append(body);
  box.append(t, el("p", { class: "note", text: `${doc.samples.toLocaleString()} sampled worlds, seed ${doc.seed}; rules ${doc.rules}.` }));
}
