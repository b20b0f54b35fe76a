// View "Trump or chibre": nine cards, the options from best to worst with their paired 95% CIs.
import { $, el, signed, clearErrors, numberOrNull } from "./dom.js";
import { viewJob, cancelJob } from "./api.js";
import { linkField, onStyleChange } from "./cards.js";
import { buildPicker, localize, modeLabel } from "./jass.js";

export function setupAdvise() {
  const root = $("#view-advise");
  const picker = buildPicker($("#advise-picker"), { max: 9 });
  linkField($("#advise-hand"), picker);
  // another hand: the answer on screen (or on its way) was for the old one, and goes
  const handChanged = () => {
    cancelJob("advise");
    $("#advise-result").textContent = "";
    shown = null;
  };
  const linked = picker.onChange;
  picker.onChange = (codes, code) => { linked(codes, code); handChanged(); };
  $("#advise-hand").addEventListener("input", handChanged);
  const run = async () => {
    clearErrors(root);
    const args = { hand: $("#advise-hand").value, rules: $("#advise-rules").value, policy: $("#advise-policy").value,
                   partner_model: $("#advise-partner").value, chibred: $("#advise-chibred").checked };
    const samples = numberOrNull($("#advise-samples")), ci = numberOrNull($("#advise-ci"));
    if (samples !== null) args.samples = samples;
    if (ci !== null) args.ci = ci;
    if ($("#advise-score").value.trim()) args.score = $("#advise-score").value.trim();
    const go = $('[data-action="advise"]', root);
    go.disabled = true;
    try {
      await viewJob("advise", "advise", args, { render: (doc) => renderAdvice(doc, false),
                                                onPartial: (doc, cancelled) => renderAdvice(doc, true, cancelled) });
    } finally { go.disabled = false; }
  };
  $('[data-action="advise"]', root).addEventListener("click", run);
  $("#advise-hand").addEventListener("keydown", (e) => { if (e.key === "Enter") run(); });
  $('[data-action="cancel"][data-for="advise"]', root).addEventListener("click", () => cancelJob("advise"));
  // the answer on screen in the labels just chosen
  onStyleChange(() => { if (shown && $("#advise-result").childElementCount) renderAdvice(...shown); });
}

let shown = null;  // the arguments of the last renderAdvice

// an interval that never breaks across lines: [+1.2, +3.4]
export const interval = (lo, hi) => `[${signed(lo)},\u00a0${signed(hi)}]`;

function ciBar(mean, lo, hi, scale) {
  // the best option sits at 0 on the right; every other option's gap to it extends to the left. The scale
  // fits the close calls; an option further off is cut at the left edge (its numbers are beside the bar).
  const at = (x) => Math.max(0, Math.min(100, 92 + 90 * x / scale));
  const pos = (x) => `${at(x).toFixed(2)}%`;
  const clipped = at(lo) <= 0;
  return el("div", { class: "ci-bar" + (clipped ? " clipped" : ""), title: `${signed(mean)} (95% CI ${signed(lo)} to ${signed(hi)})` },
            el("span", { class: "zero", style: `left:${pos(0)}` }),
            el("span", { class: "range", style: `left:${pos(lo)};width:${(at(hi) - at(lo)).toFixed(2)}%` }),
            el("span", { class: "mean", style: `left:calc(${pos(mean)} - 1px)` }));
}

// the bars' scale: the runner-up (the close call) and its interval fill the bar, not the worst option
function barScale(rows) {
  const reach = (o) => Math.max(Math.abs(o.versus_best.ci95[0] || 0), Math.abs(o.versus_best.ci95[1] || 0));
  return Math.max(1, rows.length > 1 ? 1.1 * reach(rows[1]) : 0);
}

function renderAdvice(doc, partial, cancelled = false) {
  shown = [doc, partial, cancelled];
  const box = $("#advise-result");
  box.textContent = "";
  const rows = doc.options.slice().sort((a, b) => b.mean_diff - a.mean_diff);
  const scale = barScale(rows);
  box.append(el("p", { class: "sentence", "data-testid": "recommendation" }, localize(doc.sentence)));
  if (partial) box.append(el("p", { class: "note", text: cancelled ? `Cancelled: the estimate from the ${doc.samples.toLocaleString()} deals played so far.` : `Sampling… (${doc.samples.toLocaleString()} deals so far)` }));
  const table = el("table", { class: "options" },
    el("thead", {}, el("tr", {}, el("th", { text: "option" }), el("th", { class: "num", text: "ours − theirs" }),
                            el("th", { text: "against the best (paired 95% CI)" }), el("th", { class: "num col-match", text: "match" }))));
  const body = el("tbody");
  for (const o of rows) {
    const [lo, hi] = o.versus_best.ci95;
    const best = o.option === doc.recommendation;
    const noise = !best && lo !== null && hi !== null && lo <= 0 && hi >= 0;
    let note = best ? "best" : `${signed(o.versus_best.mean)} ${interval(lo, hi)}`;
    if (noise) note += " · within the noise";
    let label = modeLabel(o.option);
    if (o.partner_choices) label += " (partner: " + Object.entries(o.partner_choices).sort((a, b) => b[1] - a[1]).slice(0, 2).map(([m, p]) => `${modeLabel(m)} ${Math.round(100 * p)}%`).join(", ") + ")";
    body.append(el("tr", { "data-option": o.option, class: (best ? "best" : "") + (noise ? " noise" : "") },
      el("td", { text: label }),
      el("td", { class: "num", text: `${signed(o.mean_diff)} ${interval(o.ci95_diff[0], o.ci95_diff[1])}` }),
      el("td", {}, ciBar(o.versus_best.mean, lo ?? 0, hi ?? 0, scale), el("span", { class: "note", text: note })),
      el("td", { class: "num col-match", text: `${(100 * o.p_match_ours).toFixed(1)}%` })));
  }
  table.append(body);
  box.append(table);
  if (doc.win_probability) {
    box.append(el("p", { class: "note", text: "With the score, the game's win probability: " +
      Object.entries(doc.win_probability.options || {}).map(([k, v]) => `${modeLabel(k)} ${(100 * (v.p ?? v)).toFixed(1)}%`).join(", ") }));
  }
  box.append(el("p", { class: "note", text: `${doc.samples.toLocaleString()} sampled deals, rules ${doc.rules}, card play ${doc.policy}, seed ${doc.seed}. The CIs cover the sampling of the deals, not the error of the simulated play.` }));
}
