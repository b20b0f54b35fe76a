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
  // the cards are ranked by net points (ours minus theirs) and "against the best" is a net difference:
  // show the net next to it (our points alone may rise while the net falls), the difference of the shown nets
  const t = el("table", { class: "options" }, el("thead", {}, el("tr", {}, el("th", { text: "card" }), el("th", { class: "num", text: "our points" }),
    el("th", { class: "num", text: "net: ours − theirs [95% CI]" }), el("th", { class: "num", text: "net against the best" }),
    el("th", { class: "num", text: "opponent Basra next" }))));
  const body = el("tbody");
  const best = doc.cards[0];
  for (const c of doc.cards) {
    const [lo, hi] = c.ci95_vs_best || [0, 0];
    const noise = c.vs_best !== 0 && lo <= 0 && hi >= 0;
    const [nlo, nhi] = c.ci95_net || [c.net, c.net];
    body.append(el("tr", { "data-card-row": c.card, class: noise ? "noise" : "" }, el("td", { text: cardLabel(c.card, false, "basra") }),
      el("td", { class: "num", text: fmt(c.points) }),
      el("td", { class: "num", "data-net": "", text: `${signed(c.net)} [${signed(nlo)}, ${signed(nhi)}]` }),
      el("td", { class: "num", "data-vs-best": "", text: c === best ? "best" : `${signed(Number(fmt(c.net)) - Number(fmt(best.net)))} [${signed(lo)}, ${signed(hi)}]` }),
      el("td", { class: "num", text: `${(100 * c.p_opponent_basra_next).toFixed(1)}%` })));
  }
  t.append(body);
  box.append(t, el("p", { class: "note", text: `${doc.samples.toLocaleString()} sampled worlds, seed ${doc.seed}; rules ${doc.rules}.` }));
}
