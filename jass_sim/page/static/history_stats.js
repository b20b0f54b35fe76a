// jass-sim page: the History view's progress panel, an ES module (no build step, nothing from another host).
// GET /api/history/stats: per game the points lost per round by week with 95% CIs, the trend, the share of best
// choices and the practice positions solved (jass_sim.core.history_stats). Game-neutral.

import { el } from "./dom.js";

const GAME_LABEL = { jass: "Jass", cribbage: "Cribbage", differenzler: "Differenzler" };
const num = (x, d = 1) => (x === null || x === undefined ? "–" : Number(x).toFixed(d));
const ci = (c, d = 1) => (c ? ` [${num(c[0], d)}, ${num(c[1], d)}]` : "");
const pct = (x) => `${Math.round(100 * x)}%`;

export function gameBlock(name, g, p) {
  const label = GAME_LABEL[name] || name;
  const lines = [];
  lines.push(el("p", { "data-testid": "stats-loss" }, el("strong", { text: `${g.rounds} round${g.rounds === 1 ? "" : "s"}` }),
    g.card_loss.mean === null ? "" : `: ${num(g.card_loss.mean)} points lost per round${ci(g.card_loss.ci95)}` +
      (g.card_loss.ci95 ? " (mean, 95% CI)" : " (one round: no CI yet)")));
  const t = g.trend;
  lines.push(el("p", { "data-testid": "stats-trend" }, t === null ? "Trend: after 3 rounds on different days."
    : `Trend: ${t.per_week >= 0 ? "+" : ""}${num(t.per_week, 2)} points per round per week${ci(t.ci95, 2)}, over ${t.rounds} rounds` +
      (t.ci95[1] < 0 ? " (you are improving)" : t.ci95[0] > 0 ? " (losing more)" : " (no clear change yet)") + "."));
  const b = g.best;
  lines.push(el("p", { "data-testid": "stats-best" }, b.decisions === 0 ? "Best choices: none rated yet."
    : `Best choices: ${b.best} of ${b.decisions} (${pct(b.share)}, 95% CI ${pct(b.ci95[0])}–${pct(b.ci95[1])}).`));
  if (p) {
    lines.push(el("p", { "data-testid": "stats-practice" }, p.answers === 0 ? `Practice: ${p.positions} position${p.positions === 1 ? "" : "s"}, none answered yet.`
      : `Practice: ${p.solved} of ${p.answers} answers solved (${pct(p.share)}, 95% CI ${pct(p.ci95[0])}–${pct(p.ci95[1])}); ` +
        `positions by box ${Object.entries(p.boxes).map(([k, v]) => `${k}: ${v}`).join(", ")}.`));
  }
  const weeks = g.weeks.length ? el("div", { class: "table-scroll", tabindex: "0", role: "region", "aria-label": `${label}: points lost by week` },
    el("table", { class: "drill-values" },
      el("caption", { text: "Points lost per round, by week (mean, 95% CI)" }),
      el("thead", {}, el("tr", {}, ...["week", "rounds", "mean", "95% CI"].map((h) => el("th", { scope: "col", text: h })))),
      el("tbody", {}, ...g.weeks.map((w) => el("tr", { "data-week": w.week },
        el("th", { scope: "row", text: w.week }), el("td", { text: String(w.rounds) }), el("td", { text: num(w.mean) }),
        el("td", { text: w.ci95 ? `${num(w.ci95[0])} to ${num(w.ci95[1])}` : "one round" })))))) : null;
  return el("section", { class: "stats-game", "data-stats-game": name, "aria-label": `${label}: progress` },
    el("h4", { text: label }), ...lines, weeks);
}

/** Mount the progress panel into `root`; reloaded each time `view` (the History view) is shown. Returns { refresh }. */
export function mountHistoryStats(root, view) {
  root.textContent = "";
  const body = el("div", { "data-testid": "history-stats", "aria-live": "polite" });
  root.append(el("h3", { text: "Progress" }), body);

  async function refresh() {
    try {
      const response = await fetch("/api/history/stats", { headers: { Accept: "application/json" } });
      const doc = await response.json();
      if (!response.ok) throw new Error(doc.error || `HTTP ${response.status}`);
      body.textContent = "";
      const games = Object.entries(doc.games).filter(([, g]) => g.rounds > 0);
      if (!games.length) { body.append(el("p", { class: "note", text: "Your progress shows here once rounds are saved." })); return; }
      for (const [name, g] of games) body.append(gameBlock(name, g, doc.practice[name]));
    } catch (err) { body.textContent = `The statistics could not be read: ${err.message}`; }
  }

  new MutationObserver(() => { if (!view.hidden) refresh(); }).observe(view, { attributes: true, attributeFilter: ["hidden"] });
  refresh();
  return { refresh };
}
