// Cribbage, "Which card to peg?": the pegging adviser (job cribbage_play_advice), each legal card with
// both players' expected pegging points for the rest of the hand. A bad card or a pegging order that
// breaks the rules comes back as one line, shown next to its field.
import { $, el, fmt, signed, clearErrors } from "./dom.js";
import { viewJob, cancelJob } from "./api.js";
import { buildPicker, cardLabel, linkField } from "./cards.js";

const C = (c) => cardLabel(c, false, "cribbage");

export function setupCribPeg() {
  const root = $("#view-cribbage-peg");
  const picker = buildPicker($("#cribpeg-picker"), { deck: "cribbage", max: 4 });
  linkField($("#cribpeg-hand"), picker);
  $('[data-action="cribbage-peg"]', root).addEventListener("click", async () => {
    clearErrors(root);
    const args = { hand: $("#cribpeg-hand").value, starter: $("#cribpeg-starter").value.trim(),
                   dealer: $('input[name="cribpeg-role"]:checked', root).value === "dealer",
                   played: $("#cribpeg-played").value };
    const discard = $("#cribpeg-discard").value.trim();
    if (discard) args.discard = discard;
    await viewJob("cribbage-peg", "cribbage_play_advice", args, { render: (doc) => renderPegAdvice($("#cribbage-peg-result"), doc) });
  });
  $('[data-action="cancel"][data-for="cribbage-peg"]', root).addEventListener("click", () => cancelJob("cribbage-peg"));
}

// the adviser's table: a row per legal card, best first (the coached game shows it too)
export function renderPegAdvice(box, doc) {
  box.textContent = "";
  const best = doc.cards[0];
  box.append(el("p", { class: "sentence", "data-testid": "recommendation" },
    `Peg ${C(doc.recommendation)} on a count of ${doc.count}: ${signed(best.mean_diff, 2)} points net for the rest of the hand (yours ${fmt(best.mean_ours, 2)}, the opponent's ${fmt(best.mean_theirs, 2)}).`));
  const t = el("table", { class: "options" }, el("thead", {}, el("tr", {}, el("th", { text: "card" }),
    el("th", { class: "num", text: "yours" }), el("th", { class: "num", text: "theirs" }),
    el("th", { class: "num", text: doc.exact ? "net" : "net [95% CI]" }), el("th", { class: "num", text: "against the best" }))));
  const body = el("tbody");
  for (const c of doc.cards) {
    const [lo, hi] = c.ci95_diff || [c.mean_diff, c.mean_diff];
    const ci = doc.exact ? "" : ` [${signed(lo, 2)}, ${signed(hi, 2)}]`;
    body.append(el("tr", { "data-card-row": c.card, class: c === best ? "best" : "" }, el("td", { text: C(c.card) }),
      el("td", { class: "num", text: fmt(c.mean_ours, 2) }), el("td", { class: "num", text: fmt(c.mean_theirs, 2) }),
      el("td", { class: "num", text: signed(c.mean_diff, 2) + ci }),
      el("td", { class: "num", text: c === best ? "best" : signed(c.diff_to_best, 2) })));
  }
  t.append(body);
  const how = doc.exact ? `exact over all ${Number(doc.opponent_hands).toLocaleString()} hands the opponent may hold (${doc.rank_classes} rank classes)`
    : `${Number(doc.samples).toLocaleString()} sampled opponent hands, seed ${doc.seed}, paired 95% CIs`;
  box.append(t, el("p", { class: "note", text: `Pegging points to the end of the hand, ${how}; the rest of the hand is played out face up by the search player's evaluation (the figures do not cover that play model).` }));
}
