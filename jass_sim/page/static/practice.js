// jass-sim page: the Practice view, an ES module (no build step, nothing from another host). Game-neutral:
// each game's position is drawn by the renderer app.js hands in (jass_practice.js, cribbage_practice.js).
// Every mistake and blunder of a saved review is a position to solve again (jass_sim.core.practice):
// GET /api/practice (due counts per game), GET /api/practice/next?game=G (a due position, or 204), and
// POST /api/practice/{id}/answer (the verdict with every choice's saved value, the new Leitner box and due date).

import { callJSON as call } from "./api.js";
import { el } from "./dom.js";


const fixed = (x) => (x === null || x === undefined ? "–" : Number(x).toFixed(2));
const signed = (x) => (x >= 0 ? "+" : "") + Number(x).toFixed(1);

function when(iso) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleDateString(undefined, { weekday: "short", day: "numeric", month: "short" });
}

/**
 * Mount the Practice view into `root` (an empty element).
 *
 * games: {name: {label, render(box, doc), choiceLabel(choice), choiceWords(choice), valueNote(kind)}}: per game,
 *   the position drawn on its table (`doc`: the answer of GET /api/practice/next), a choice as the card(s) on its
 *   button and as words for a screen reader, and what the saved values of a kind of decision are.
 * The due counts and the position are loaded each time `root` is shown. Returns { refresh }.
 */
export function mountPractice(root, { games }) {
  root.textContent = "";
  const names = Object.keys(games);
  let game = names[0];
  let current = null;
  const switcher = el("div", { class: "actions practice-games", role: "group", "aria-label": "game to practise" });
  const counts = el("p", { class: "note", "data-testid": "drill-counts", "aria-live": "polite" });
  const error = el("div", { class: "error block", role: "alert", "data-error-for": "practice" });
  const heading = el("h3", { tabindex: "-1", "data-testid": "drill-heading" });
  const position = el("div", { class: "drill-position", "data-testid": "drill-position" });
  const choices = el("div", { class: "hand drill-choices", role: "group", "aria-label": "your choices" });
  const result = el("div", { class: "drill-result", "data-testid": "drill-result", tabindex: "-1", hidden: true });
  const next = el("button", { type: "button", class: "primary", "data-action": "drill-next", hidden: true, onclick: () => load() }, "Next position");
  root.append(
    el("h2", { text: "Practice" }),
    el("p", { class: "hint" }, "Every mistake and blunder of a saved review (a review here, a coached round, ",
      el("code", { text: "jass-sim review --save" }), ") comes back as a position to solve. Solved, it moves up a box ",
      "(1 to 5) and returns after 1, 3, 7, 14 or 30 days; missed, it goes back to box 1 and returns tomorrow. ",
      "The values are those the review saved (list them with ", el("code", { text: "jass-sim practice" }), ")."),
    switcher, counts, error, heading, position, choices, result, el("div", { class: "actions" }, next));

  const buttons = {};
  for (const name of names) {
    buttons[name] = el("button", { type: "button", "data-practice-game": name, "aria-pressed": String(name === game),
                                   onclick: () => { game = name; load(); } }, games[name].label);
    switcher.append(buttons[name]);
  }

  async function showCounts() {
    const { games: due } = await call("GET", "/api/practice");
    counts.textContent = names.map((n) => `${games[n].label}: ${due[n] ? due[n].due : 0} due of ${due[n] ? due[n].total : 0}`).join(" · ");
    for (const n of names) {
      const d = due[n] ? due[n].due : 0;
      buttons[n].textContent = d ? `${games[n].label} (${d} due)` : games[n].label;
      buttons[n].setAttribute("aria-pressed", String(n === game));
    }
  }

  async function load() {
    error.textContent = "";
    result.hidden = true;
    result.textContent = "";
    next.hidden = true;
    position.textContent = "";
    choices.textContent = "";
    current = null;
    try {
      await showCounts();
      const doc = await call("GET", `/api/practice/next?game=${encodeURIComponent(game)}`);
      if (!doc) {
        heading.textContent = `Nothing to practise in ${games[game].label} now`;
        position.append(el("p", { class: "note", text: "No position is due: review a round (or play one with the coach) and its mistakes come here." }));
        return;
      }
      current = doc;
      const g = games[game];
      heading.textContent = `${g.label}: a ${doc.verdict} to solve again (box ${doc.box})`;
      g.render(position, doc);
      for (const c of doc.choices) {
        choices.append(el("button", { type: "button", class: "card-btn big drill-card", "data-testid": "drill-card", "data-choice": c,
                                      "aria-label": g.choiceWords(c), onclick: () => answer(c) }, g.choiceLabel(c)));
      }
    } catch (err) { error.textContent = `Practice could not be loaded: ${err.message}`; }
  }

  async function answer(choice) {
    if (!current) return;
    const doc = current, g = games[game];
    error.textContent = "";
    for (const b of choices.querySelectorAll("button")) b.disabled = true;
    let out;
    try {
      out = await call("POST", `/api/practice/${doc.id}/answer`, { choice });
    } catch (err) {
      error.textContent = err.status === 409 ? "This position was answered already (in another tab?): it counts once." : err.message;
      next.hidden = false;
      next.focus();
      return;
    }
    for (const b of choices.querySelectorAll("button")) {
      if (b.dataset.choice === out.best) b.classList.add("best");
      if (b.dataset.choice === out.choice) b.setAttribute("aria-pressed", "true");
    }
    const rows = [...out.values].sort((a, b) => (b.value ?? -Infinity) - (a.value ?? -Infinity));
    const table = el("table", { class: "drill-values" },
      el("caption", { text: g.valueNote(doc.kind) }),
      el("thead", {}, el("tr", {}, el("th", { scope: "col", text: "choice" }), el("th", { scope: "col", text: "value" }),
                                 el("th", { scope: "col", text: "95% CI" }))),
      el("tbody", {}, ...rows.map((v) => el("tr", { "data-choice": v.choice, class: v.choice === out.best ? "best" : null },
        el("th", { scope: "row" }, g.choiceLabel(v.choice),
          v.choice === out.best ? " (best)" : "", v.choice === out.played ? " (played in the round)" : "",
          v.choice === out.choice ? " (yours)" : ""),
        el("td", { text: v.value === null ? "not rated" : fixed(v.value) }),
        el("td", { text: v.ci95 ? `[${signed(v.ci95[0])}, ${signed(v.ci95[1])}]` : "–" })))));
    const verdict = out.correct ? `Solved: ${g.choiceWords(out.choice)}${out.choice === out.best ? " is the best" : " is as good as the best"}.`
      : `Missed: the best is ${g.choiceWords(out.best)}.`;
    result.append(
      el("p", { class: `sentence ${out.correct ? "good" : "bad"}`, "data-testid": "drill-verdict", "data-correct": String(out.correct) }, verdict),
      el("p", { "data-testid": "drill-box", "data-box": out.box },
        `Now in box ${out.box}; due again ${when(out.due)}.`),
      el("div", { class: "table-scroll", tabindex: "0", role: "region", "aria-label": "every choice's value" }, table));
    result.hidden = false;
    next.hidden = false;
    await showCounts().catch(() => {});
    result.focus();
  }

  new MutationObserver(() => { if (!root.hidden) load(); }).observe(root, { attributes: true, attributeFilter: ["hidden"] });
  if (!root.hidden) load();
  return { refresh: load };
}
