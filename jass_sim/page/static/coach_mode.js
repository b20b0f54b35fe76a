// The coach's word on a mode choice at the game's score (issue 54 item 4): the choice that wins the
// game most often (the `advise` job with `score`: each sampled round scored against the target, then the
// shipped match-equity table), the player's choice measured against it, and whether the choice by
// expected points (the same sampled deals) is another one, which is when the score matters.
import { fmt } from "./dom.js";
import { modeLabel } from "./jass.js";

const pct = (p) => `${fmt(100 * p)}%`;
const pp = (x) => `${x >= 0 ? "+" : ""}${fmt(100 * x)}`;
// an option of the advise document ("H" ... "UNE", "chibre") in the page's labels
export const optionLabel = (option) => (option === "chibre" ? "Chibre" : modeLabel(option));

// The target of the shipped equity table the advise job uses (the chibre preset's; its answer names it).
export const TABLE_TARGET = 1000;

// A whole game's score `ours`:`theirs` to `target` as the equity table's score with the same points to go
// (a game's chances depend on the points each team still needs, not on where it started), or null when a
// team needs more than the table's target (the table does not reach that far).
export function tableScore(ours, theirs, target) {
  const shift = TABLE_TARGET - target;
  if (ours + shift < 0 || theirs + shift < 0) return null;
  return { ours: ours + shift, theirs: theirs + shift };
}

// The line for `chosen` (an option name) from the advise JSON `doc` (with its `win_probability` block):
// { text, best, byPoints, differs }; `best` is the choice by P(win), `byPoints` the one by expected points.
// `game` ({ ours, theirs, target }): a whole game's own score, when its target is not the table's.
export function modeAdvice(doc, chosen, game = null) {
  const w = doc.win_probability;
  const best = w.recommendation, byPoints = doc.recommendation;
  const mine = w.options.find((o) => o.option === chosen);
  const top = w.options.find((o) => o.option === best);
  const at = game && game.target !== w.target
    ? `At ${game.ours}:${game.theirs} to ${game.target} (${game.target - game.ours} and ${game.target - game.theirs} points ` +
      `to go, as ${w.score.ours}:${w.score.theirs} to ${w.target} in the equity table)`
    : `At ${w.score.ours}:${w.score.theirs} to ${w.target}`;
  const parts = [`${at}, the choice that wins the game most often is ` +
                 `${optionLabel(best)}: P(win) ${pct(top.p_win)} (95% CI ${pct(top.ci95[0])} to ${pct(top.ci95[1])}` +
                 `, ${doc.samples} deals).`];
  if (w.too_close && w.lead_over_next) {
    const lead = w.lead_over_next;
    parts.push(`Too close to call against ${optionLabel(lead.option)} (${pp(lead.mean)} percentage points, ` +
               `95% CI ${pp(lead.ci95[0])} to ${pp(lead.ci95[1])}).`);
  }
  if (!mine) parts.push(`You chose ${optionLabel(chosen)}, which the coach did not weigh.`);
  else if (chosen === best) parts.push("You chose it.");
  else {
    const b = mine.behind_best;
    parts.push(`You chose ${optionLabel(chosen)}: P(win) ${pct(mine.p_win)}, ${fmt(100 * b.mean)} percentage points ` +
               `less (95% CI ${fmt(100 * b.ci95[0])} to ${fmt(100 * b.ci95[1])}).`);
  }
  const differs = byPoints !== best;
  if (differs) {
    const vs = doc.options.find((o) => o.option === best).versus_best;  // paired against the points' best
    parts.push(`By expected points the choice would be ${optionLabel(byPoints)}: ${optionLabel(best)} gives up ` +
               `${fmt(-vs.mean)} points per round (95% CI ${fmt(-vs.ci95[1])} to ${fmt(-vs.ci95[0])}) ` +
               "but wins the game more often at this score.");
  } else {
    parts.push(`By expected points it is ${optionLabel(best)} too.`);
  }
  return { text: parts.join(" "), best, byPoints, differs };
}

// The line for `chosen` when the game's score is beyond the equity table (`game`: { ours, theirs, target }):
// the choice by expected points (the advise job without a score), said as such.
export function pointsAdvice(doc, chosen, game) {
  const best = doc.recommendation;
  const parts = [`At ${game.ours}:${game.theirs} to ${game.target} a team needs more than ${TABLE_TARGET} points, beyond ` +
                 `the equity table: the coach weighs the choice by expected points (${doc.samples} deals), and the best is ` +
                 `${optionLabel(best)}.`];
  const mine = doc.options.find((o) => o.option === chosen);
  if (chosen === best) parts.push("You chose it.");
  else if (!mine) parts.push(`You chose ${optionLabel(chosen)}, which the coach did not weigh.`);
  else {
    const vs = mine.versus_best;
    parts.push(`You chose ${optionLabel(chosen)}: ${fmt(-vs.mean)} points less per round (95% CI ${fmt(-vs.ci95[1])} ` +
               `to ${fmt(-vs.ci95[0])}).`);
  }
  return { text: parts.join(" "), best, byPoints: best, differs: false };
}
