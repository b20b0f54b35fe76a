// View "Coiffeur" (issue 53 item 6): nine cards, both teams' open categories as toggles with the preset's
// multipliers, the score, passed and forced; the coiffeur_advise job's options (each open category's points
// for the hand, times its multiplier, and its plan value over the match with its 95% CI) and the sentence.
import { $, $$, el, signed, fmt, clearErrors, numberOrNull } from "./dom.js";
import { viewJob, cancelJob } from "./api.js";
import { linkField, onStyleChange, swissLabels } from "./cards.js";
import { buildPicker, deck, localize, modeLabel } from "./jass.js";

// The presets the job plays, each as the command line's --categories table (jass_sim/jass/coiffeur/presets.py;
// tests/page/test_coiffeur_page.py checks they are the same). coiffeur-10's Slalom and Guschti play since issue 53.
export const PRESETS = {
  coiffeur: "S:1,C:2,D:3,H:4,OBE:5,UNE:6,JOKER:7,JOKER:8",
  "coiffeur-10": "S:1,C:2,D:3,H:4,OBE:5,UNE:6,SLALOM:7,GUSCHTI:8,JOKER:9,JOKER:10",
};

// the preset's categories: [{code, multiplier}], in its order
const categoriesOf = (name) => PRESETS[name].split(",").map((p) => { const [code, m] = p.split(":"); return { code, multiplier: Number(m) }; });

// a category as the page names it: the suit in the chosen labels, Obenabe/Undenufe, Joker
export function categoryLabel(code) {
  const d = deck(), i = code.length === 1 ? d.suits.indexOf(code) : -1;
  if (i >= 0) return swissLabels("jass") ? d.swiss.suits[i] : d.suit_symbols[i];
  if (code === "OBE" || code === "UNE") return d.mode_words[code] || code;
  return code.charAt(0) + code.slice(1).toLowerCase();
}

// the open slots of each team (true: still to play); a new match has every category open
const open = { ours: [], theirs: [] };
let shown = null;  // the arguments of the last render

function resetOpen() {
  const n = categoriesOf($("#coiffeur-rules").value).length;
  open.ours = Array(n).fill(true);
  open.theirs = Array(n).fill(true);
}

// A click on a category's toggle. Several slots of one code (the Jokers) are one count: the server takes the
// open ones in the preset's order (the lower multiplier first, as --ours-open), so the toggles show them so.
function toggle(team, slot) {
  const cats = categoriesOf($("#coiffeur-rules").value), code = cats[slot].code;
  const slots = cats.map((c, i) => (c.code === code ? i : -1)).filter((i) => i >= 0);
  const count = slots.filter((i) => open[team][i]).length + (open[team][slot] ? -1 : 1);
  slots.forEach((i, k) => { open[team][i] = k < count; });
}

// the open categories as the job's argument: "S,H,OBE,JOKER" ("-" for none)
const openArg = (team) => categoriesOf($("#coiffeur-rules").value).filter((_, i) => open[team][i]).map((c) => c.code).join(",") || "-";

function renderToggles() {
  const cats = categoriesOf($("#coiffeur-rules").value);
  for (const team of ["ours", "theirs"]) {
    const box = $(`#view-coiffeur .cat-toggles[data-team="${team}"]`);
    const had = box.contains(document.activeElement) ? document.activeElement.dataset.slot : null;
    box.textContent = "";
    cats.forEach((c, i) => {
      const label = categoryLabel(c.code);
      box.append(el("button", { type: "button", class: "cat-btn" + ("HD".includes(c.code) && c.code.length === 1 ? " red" : ""),
        "data-cat": c.code, "data-slot": String(i), "aria-pressed": String(open[team][i]),
        "aria-label": `${label} times ${c.multiplier}: ${open[team][i] ? "open" : "played"}`,
        onclick: () => { toggle(team, i); renderToggles(); changed(); } },
        el("span", { class: "cat-name", text: label }), el("span", { class: "cat-mult", text: `×${c.multiplier}` })));
    });
    if (had !== null) { const again = $(`[data-slot="${had}"]`, box); if (again) again.focus(); }
  }
  $("#coiffeur-joker-note").hidden = !cats.some((c, i) => cats.findIndex((d) => d.code === c.code) !== i);
}

// the input changed: the answer on screen (or on its way) was for the old question, and goes
function changed() {
  cancelJob("coiffeur");
  $("#coiffeur-result").textContent = "";
  shown = null;
}

export function setupCoiffeur() {
  const root = $("#view-coiffeur");
  const rules = $("#coiffeur-rules");
  for (const name of Object.keys(PRESETS)) rules.append(el("option", { value: name, text: name }));
  resetOpen();
  renderToggles();
  rules.addEventListener("change", () => { resetOpen(); renderToggles(); changed(); });
  const picker = buildPicker($("#coiffeur-picker"), { max: 9 });
  linkField($("#coiffeur-hand"), picker);
  const linked = picker.onChange;
  picker.onChange = (codes, code) => { linked(codes, code); changed(); };
  for (const id of ["#coiffeur-hand", "#coiffeur-score"]) $(id).addEventListener("input", changed);
  for (const id of ["#coiffeur-passed", "#coiffeur-forced"]) $(id).addEventListener("change", changed);
  const run = async () => {
    clearErrors(root);
    const args = { hand: $("#coiffeur-hand").value, rules: rules.value, ours_open: openArg("ours"), theirs_open: openArg("theirs"),
                   passed: Number($("#coiffeur-passed").value), forced: $("#coiffeur-forced").checked, policy: $("#coiffeur-policy").value };
    const samples = numberOrNull($("#coiffeur-samples")), seed = numberOrNull($("#coiffeur-seed"));
    if (samples !== null) args.samples = samples;
    if (seed !== null) args.seed = seed;
    if ($("#coiffeur-score").value.trim()) args.score = $("#coiffeur-score").value.trim();
    const go = $('[data-action="coiffeur"]', root);
    go.disabled = true;
    try {
      await viewJob("coiffeur", "coiffeur_advise", args, { render: (doc) => render(doc) });
    } finally { go.disabled = false; }
  };
  $('[data-action="coiffeur"]', root).addEventListener("click", run);
  $("#coiffeur-hand").addEventListener("keydown", (e) => { if (e.key === "Enter") run(); });
  $('[data-action="cancel"][data-for="coiffeur"]', root).addEventListener("click", () => cancelJob("coiffeur"));
  // the toggles and the answer on screen in the labels just chosen
  onStyleChange(() => { renderToggles(); if (shown && $("#coiffeur-result").childElementCount) render(...shown); });
}

const interval = (lo, hi, d = 0) => `[${signed(lo, d)},\u00a0${signed(hi, d)}]`;

// a plan value's 95% CI on the axis shared by every row (from the lowest lower bound to the highest upper one)
function planBar(value, lo, hi, axis) {
  const at = (x) => (100 * (x - axis.lo) / (axis.hi - axis.lo || 1)).toFixed(2);
  return el("div", { class: "ci-bar plan-bar", "aria-hidden": "true" },
            el("span", { class: "range", style: `left:${at(lo)}%;width:${(at(hi) - at(lo)).toFixed(2)}%` }),
            el("span", { class: "mean", style: `left:calc(${at(value)}% - 1px)` }));
}

function render(doc) {
  shown = [doc];
  const box = $("#coiffeur-result");
  box.textContent = "";
  box.append(el("p", { class: "sentence", "data-testid": "recommendation" }, localize(doc.sentence)));
  const rows = doc.options.slice().sort((a, b) => b.plan_value - a.plan_value);
  const all = rows.concat(doc.pass ? [doc.pass] : []);
  const axis = { lo: Math.min(...all.map((o) => o.ci95_plan[0])), hi: Math.max(...all.map((o) => o.ci95_plan[1])) };
  const win = rows.some((o) => o.win_probability !== undefined);
  // each figure with its CI on a line below (and on a phone the product under the points): 390 px need no scrolling
  const sub = (text) => el("span", { class: "sub", text });
  const head = el("tr", {}, el("th", { scope: "col", text: "category, form" }),
    el("th", { scope: "col", class: "num", text: "points (95% CI)" }), el("th", { scope: "col", class: "num col-mult", text: "× multiplier" }),
    el("th", { scope: "col", class: "col-bar", text: "plan value (95% CI)" }),
    win ? el("th", { scope: "col", class: "num", text: "P(win the match)" }) : null);
  const plan = (o) => el("td", { class: "col-bar" }, el("span", { class: "plan-num", text: signed(o.plan_value, 0) }), " ",
    sub(interval(o.ci95_plan[0], o.ci95_plan[1])), planBar(o.plan_value, o.ci95_plan[0], o.ci95_plan[1], axis));
  const body = el("tbody");
  const bestRow = rows.find((r) => r.category === doc.recommendation);  // two Jokers: the better one (rows are ranked)
  for (const o of rows) {
    body.append(el("tr", { "data-category": o.category, "data-multiplier": String(o.multiplier), class: o === bestRow ? "best" : "" },
      el("th", { scope: "row" }, `${categoryLabel(o.category)} ×${o.multiplier}`, sub(modeLabel(o.form))),
      // on a phone the multiplier's column goes and its product stands under the points (style.css)
      el("td", { class: "num" }, fmt(o.points), sub(`[${fmt(o.ci95[0])},\u00a0${fmt(o.ci95[1])}]`),
         el("span", { class: "sub mult-line", text: `×${o.multiplier} = ${fmt(o.points_x, 0)}` })),
      el("td", { class: "num col-mult", text: fmt(o.points_x, 0) }),
      plan(o),
      win ? el("td", { class: "num" }, `${fmt(100 * o.win_probability)}%`, sub(`[${fmt(100 * o.ci95_win_probability[0])},\u00a0${fmt(100 * o.ci95_win_probability[1])}]`)) : null));
  }
  if (doc.pass) {
    const p = doc.pass;
    body.append(el("tr", { "data-category": "pass", class: doc.recommendation === "pass" ? "best pass" : "pass" },
      el("th", { scope: "row", text: "pass" }), el("td", { class: "num", text: "–" }), el("td", { class: "num col-mult", text: "–" }),
      plan(p),
      win ? el("td", { class: "num" }, p.win_probability === undefined ? "–" : `${fmt(100 * p.win_probability)}%`,
               p.win_probability === undefined ? null : sub(`[${fmt(100 * p.ci95_win_probability[0])},\u00a0${fmt(100 * p.ci95_win_probability[1])}]`)) : null));
  }
  // a table wider than the screen (a narrower phone) scrolls sideways, a keyboard stop of its own
  box.append(el("div", { class: "scroll-x", tabindex: "0", role: "region", "aria-label": "The options" },
    el("table", { class: "options coiffeur-options", "data-testid": "coiffeur-options" },
      el("caption", { class: "visually-hidden", text: "The options, the best plan value first" }),
      el("thead", {}, head), body)));
  box.append(el("p", { class: "note", text: "Plan value: our expected lead at the match's end after this choice (with the score: including the lead so far)." }));
  const rec = doc.recommendation === "pass" ? "pass" : `${categoryLabel(bestRow.category)} ×${bestRow.multiplier} (${modeLabel(bestRow.form)})`;
  box.append(el("p", { class: "note", "data-testid": "coiffeur-recommendation" }, `Recommendation: ${rec}. `,
    doc.pass ? "" : "No pass: you must take. "));
  box.append(el("p", { class: "note", text: `${doc.samples.toLocaleString()} sampled deals, preset ${doc.rules}, card play ${doc.policy}, seed ${doc.seed}; ` +
    `plan over ${doc.plan_hands.toLocaleString()} table hands (${doc.table_policy}). The CIs cover the sampling of the deals, not the error of the simulated play nor of the plan's table.` +
    (doc.win_paths ? ` P(win): ${doc.win_paths.toLocaleString()} simulated rests of the match each (Wilson 95%).` : "") }));
  // the recommended row, said to a screen reader (the eye sees it in bold)
  $$("tr.best th", box).forEach((th) => th.firstChild.after(el("span", { class: "visually-hidden", text: " (recommended)" })));
}
