// What every game's review shows alike: the verdicts in their order, and where the review job saved the
// game in the History.
import { el } from "./dom.js";

// the verdicts in the order the reviews and the History list them
export const VERDICTS = ["good", "inaccuracy", "mistake", "blunder", "unclear", "forced"];

// the verdicts that make a decision one of "the biggest mistakes" (worse than good, and not within the noise:
// the rule of the Cribbage review's biggest_mistakes), in every game's review
export const MISTAKES = ["inaccuracy", "mistake", "blunder"];

// a count of one verdict in words: "1 mistake", "5 mistakes", "3 inaccuracies", "2 good", "1 forced"
export function verdictCount(n, verdict) {
  const plural = { inaccuracy: "inaccuracies", mistake: "mistakes", blunder: "blunders" }[verdict];
  return `${n} ${n !== 1 && plural ? plural : verdict}`;
}

// a verdict scale in words from its thresholds ([verdict, least loss], worst first, as a game's notation gives them)
export function scaleWords(thresholds, unit = "point") {
  const up = [...thresholds].reverse();
  return `good < ${up[0][1]} ${unit}, ` + up.map(([v, t]) => `${v} ≥ ${t}`).join(", ") + "; unclear when the 95% CI of the loss reaches 0";
}

// where the review job saved the round in the history (or why it could not)
export function savedNote(box, doc) {
  if (doc.history_error) box.append(el("p", { class: "error", "data-testid": "history-saved", text: `Not saved in the history: ${doc.history_error}` }));
  else if (doc.history_id) box.append(el("p", { class: "note", "data-testid": "history-saved", text: `Saved in the History (round ${doc.history_id}).` }));
}
